"""Independent oracles for the property suite.

Small restatements of spec rules, written from spec/SPEC.md without reading or importing
toon_picker's internals, so that a property comparing the reference with an oracle checks
two separate readings of the spec. The one thing shared is spec 7.3's precedence table
(``toon_picker._errors.PRECEDENCE``), which the library, these oracles and the docs read
from one place, as h11 keeps its state machine; tests/unit/test_precedence.py checks it
against the table in the spec's text. Inputs are the (shallow, acyclic) values the strategies
generate, so plain recursion is fine here.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any

from toon_picker._errors import PRECEDENCE

MAX_DEPTH = 20


# --- names ------------------------------------------------------------------------------


def ecma(text: str) -> str:
    """Spec 2.2: a surrogate pair held as two code points is the character it encodes."""
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def norm_name(name: str) -> str:
    """Spec 4.2: every `.` becomes `_`."""
    return ecma(name).replace(".", "_")


def normalise_keys(value: Any) -> Any:
    """Spec 4.2 `normalise_keys(x)`: only the renaming, no merging."""
    if isinstance(value, dict):
        return {norm_name(k): normalise_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalise_keys(v) for v in value]
    return ecma(value) if isinstance(value, str) else value


def ecma_value(value: Any) -> Any:
    """The value as ECMAScript reads it (pairs joined in names and strings), names kept."""
    if isinstance(value, dict):
        return {ecma(k): ecma_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [ecma_value(v) for v in value]
    return ecma(value) if isinstance(value, str) else value


# --- depth and collisions ---------------------------------------------------------------


def depth(value: Any) -> int:
    """Spec 2.3: the greatest depth of any value; the root is 0, names do not count."""
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values())) if value else 0
    if isinstance(value, list):
        return 1 + max(map(depth, value)) if value else 0
    return 0


def has_collision(value: Any) -> bool:
    """Spec 4.3: some object (at any level) has two members with equal normalised names."""
    if isinstance(value, dict):
        names = [norm_name(k) for k in value]
        if len(set(names)) != len(names):
            return True
        return any(has_collision(v) for v in value.values())
    if isinstance(value, list):
        return any(has_collision(v) for v in value)
    return False


def first_dotted_name(value: Any, steps: tuple[str | int, ...] = ()) -> list[str | int] | None:
    """Spec 4.2 with dots="refuse": the path steps of the first member name, in document
    order (a member's name, then its value, then the next member), that holds a `.`; None
    when no member name at any level does."""
    if isinstance(value, dict):
        for name, child in value.items():
            if "." in name:
                return [*steps, name]
            found = first_dotted_name(child, (*steps, name))
            if found is not None:
                return found
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found = first_dotted_name(child, (*steps, index))
            if found is not None:
                return found
    return None


# --- flatten ----------------------------------------------------------------------------


def flat_keys(obj: dict[str, Any], prefix: str = "") -> list[str]:
    """Spec 4.4/4.5/4.6/4.8: the keys of flatten(obj), depth-first in input order."""
    keys: list[str] = []
    for name, value in obj.items():
        key = prefix + norm_name(name)
        if isinstance(value, dict) and value:
            keys += flat_keys(value, key + ".")
        else:
            keys.append(key)
    return keys


def flatten(value: Any) -> Any:
    """Spec 4 for inputs without depth or collision errors."""
    if isinstance(value, list):
        return [flatten(v) for v in value]
    if not isinstance(value, dict):
        return ecma(value) if isinstance(value, str) else value
    out: dict[str, Any] = {}

    def merge(obj: dict[str, Any], prefix: str) -> None:
        for name, child in obj.items():
            key = prefix + norm_name(name)
            if isinstance(child, dict) and child:
                merge(child, key + ".")
            else:
                out[key] = flatten(child)

    merge(value, "")
    return out


def holds_nested_object(value: Any) -> bool:
    """True when some object member (at any level) is a non-empty object (spec 5.4)."""
    if isinstance(value, dict):
        return any((isinstance(v, dict) and v) or holds_nested_object(v) for v in value.values())
    if isinstance(value, list):
        return any(holds_nested_object(v) for v in value)
    return False


# --- unflatten --------------------------------------------------------------------------


def _has_conflict(value: Any) -> bool:
    if isinstance(value, list):
        return any(_has_conflict(v) for v in value)
    if not isinstance(value, dict):
        return False
    paths = {tuple(k.split(".")) for k in value}
    for path in paths:
        if any(path[:i] in paths for i in range(1, len(path))):
            return True
    return any(_has_conflict(v) for v in value.values())


def _unflattened_height(value: Any) -> int:
    """Height of unflatten(value) for a flat, conflict-free value."""
    if isinstance(value, list):
        return 1 + max(map(_unflattened_height, value)) if value else 0
    if isinstance(value, dict):
        return max((k.count(".") + 1 + _unflattened_height(v) for k, v in value.items()), default=0)
    return 0


def unflatten_error(value: Any) -> str | None:
    """Spec 5.4: the reason unflatten must raise, or None: each kind is looked for over the
    whole value, in the order of spec 7.3's table (the table the library reads too)."""
    found = {
        "not-flat": holds_nested_object,
        "path-conflict": _has_conflict,
        "depth-exceeded": lambda v: _unflattened_height(v) > MAX_DEPTH,
    }
    return _first(PRECEDENCE["unflatten"], found, value)


def flatten_error(value: Any, dots: str = "rename") -> str | None:
    """Spec 4.1-4.3: the reason flatten must raise, or None, in spec 7.3's order."""
    found = {
        "depth-exceeded": lambda v: depth(v) > MAX_DEPTH,
        "dotted-name": lambda v: dots == "refuse" and first_dotted_name(v) is not None,
        "key-collision": has_collision,
    }
    return _first(PRECEDENCE["flatten"], found, value)


def _first(
    order: tuple[str, ...], found: dict[str, Callable[[Any], bool]], value: Any
) -> str | None:
    # invalid-payload is not looked for: the oracles take payloads only.
    return next((reason for reason in order if reason in found and found[reason](value)), None)


# --- JSON values ------------------------------------------------------------------------


def json_equal(a: Any, b: Any, *, ordered: bool = True) -> bool:
    """Equal as JSON values: numbers by value (so 1 == 1.0 and -0.0 == 0, but True != 1),
    strings as ECMAScript reads them, objects with member order unless ``ordered=False``."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if isinstance(a, float) or isinstance(b, float):
            return float(a) == float(b)
        return a == b
    if isinstance(a, str) and isinstance(b, str):
        return ecma(a) == ecma(b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(
            json_equal(x, y, ordered=ordered) for x, y in zip(a, b, strict=True)
        )
    if isinstance(a, dict) and isinstance(b, dict):
        if len(a) != len(b):
            return False
        items_a = [(ecma(k), v) for k, v in a.items()]
        items_b = [(ecma(k), v) for k, v in b.items()]
        if ordered:
            return all(
                ka == kb and json_equal(va, vb, ordered=ordered)
                for (ka, va), (kb, vb) in zip(items_a, items_b, strict=True)
            )
        lookup = dict(items_b)
        return all(k in lookup and json_equal(v, lookup[k], ordered=False) for k, v in items_a)
    return False


def same_value(a: Any, b: Any) -> bool:
    """Strictly the same Python data: same types and order, floats bit-for-bit sign."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(same_value, a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same_value(a[k], b[k]) for k in a)
    return bool(a == b)


def js_number(x: float) -> str:
    """ECMAScript Number::toString (spec 3.3), from Python's shortest round-trip repr."""
    if x == 0:
        return "0"
    if x < 0:
        return "-" + js_number(-x)
    mantissa, _, exponent = repr(x).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = whole + fraction
    stripped = digits.lstrip("0")
    n = len(whole) + int(exponent or 0) - (len(digits) - len(stripped))
    d = stripped.rstrip("0")
    k = len(d)
    if k <= n <= 21:
        return d + "0" * (n - k)
    if 0 < n <= 21:
        return d[:n] + "." + d[n:]
    if -6 < n <= 0:
        return "0." + "0" * -n + d
    t = n - 1
    sign = "+" if t > 0 else "-"
    head = d if k == 1 else d[0] + "." + d[1:]
    return f"{head}e{sign}{abs(t)}"


# --- paths ------------------------------------------------------------------------------

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_INDEX = re.compile(r"\[(0|[1-9][0-9]*)\]")
_DECODER = json.JSONDecoder()


def parse_path(path: str) -> list[str | int]:
    """Spec 1.3: `$`, then `.name`, `["any name"]` and `[3]` steps."""
    if not path.startswith("$"):
        raise ValueError(f"path does not start with $: {path!r}")
    steps: list[str | int] = []
    i = 1
    while i < len(path):
        if path[i] == "." and (m := _IDENT.match(path, i + 1)):
            steps.append(m.group())
            i = m.end()
        elif path.startswith('["', i):
            name, end = _DECODER.raw_decode(path, i + 1)
            if path[end : end + 1] != "]":
                raise ValueError(f"unterminated name in {path!r}")
            steps.append(name)
            i = end + 1
        elif m := _INDEX.match(path, i):
            steps.append(int(m.group(1)))
            i = m.end()
        else:
            raise ValueError(f"bad path step at {i} in {path!r}")
    return steps


_MISSING = object()


def resolve(value: Any, steps: list[str | int]) -> Any:
    """The value a path names, or _MISSING. Names match as ECMAScript reads them; a
    non-str key matches its str() (the reference names such keys that way)."""
    for step in steps:
        if isinstance(step, int):
            if not isinstance(value, (list, tuple)) or step >= len(value):
                return _MISSING
            value = value[step]
        else:
            if not isinstance(value, dict):
                return _MISSING
            for key in value:
                text = key if isinstance(key, str) else str(key)
                if ecma(text) == ecma(step):
                    value = value[key]
                    break
            else:
                return _MISSING
    return value


def path_exists(value: Any, path: str) -> bool:
    return resolve(value, parse_path(path)) is not _MISSING


# --- where the floats needing ECMAScript text stand ----------------------------------------


def float_paths(value: Any, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """The member names and item indices leading to each float whose ECMAScript text
    (spec 3.3) is not Python's repr, in document order: floats outside [1e-4, 1e16) and
    integral floats."""
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in float_paths(item, (*path, key))]
    if isinstance(value, list):
        return [p for i, item in enumerate(value) for p in float_paths(item, (*path, i))]
    if type(value) is float and not (1e-4 <= abs(value) < 1e16 and not value.is_integer()):
        return [path]
    return []
