"""Hypothesis strategies for fuzzing dot-flatteners, unflatteners and pickers.

Install the optional extra (``pip install toon-picker[strategies]``) and use them in any
Hypothesis test, for this package or for another port or flattener:

```python
from hypothesis import given
from toon_picker.strategies import collision_free_objects

@given(collision_free_objects())
def test_round_trip(x):
    assert my_unflatten(my_flatten(x)) == my_normalise_keys(x)
```

Every strategy takes keyword-only options. Options are validated lazily (as in
hypothesis-jsonschema): a bad argument returns a strategy that raises
`hypothesis.errors.InvalidArgument` when drawn, so a typo fails the test that uses it
rather than the import of the test module.

Generated values are plain JSON data: ``None``, ``bool``, ``int``, finite ``float``, ``str``,
``list`` and ``dict`` with ``str`` keys. Member names inside one object are unique, also as
ECMAScript sees them (a name holding a surrogate pair as two code points counts as the
character the pair encodes). The data is biased toward what breaks flatteners: member names
with dots and underscores, ``""``, ``"."``, ``__proto__`` and ``constructor``, integer-like
names, unicode, empty objects and arrays at any level, arrays of arrays, floats at the
ECMAScript notation thresholds (1e-6 and 1e21), negative zero, control characters and lone
surrogates in strings.

``portable=True`` (every strategy has it) leaves out the two inputs whose output is
host-dependent (spec section 3.4): integers beyond +-(2**53 - 1) and integer-like member
names (ASCII digits only; ECMAScript objects iterate those first). Use it when comparing
hosts, for example a Python and a JavaScript implementation.

This module is the only one in the package that imports Hypothesis; ``import toon_picker``
does not load it.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NoReturn, TypeAlias, TypeVar

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

__all__ = [
    "MAX_DEPTH",
    "JSONValue",
    "colliding_objects",
    "collision_free_objects",
    "flat_documents",
    "json_values",
    "payloads_at_depth",
    "uniform_rows",
]

JSONValue: TypeAlias = bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"] | None
JSONObject: TypeAlias = dict[str, JSONValue]
# A uniform_rows column layout: (name, scalar kind index | nested layout).
_Shape: TypeAlias = "list[tuple[str, int | _Shape]]"

_T = TypeVar("_T")

# Spec 4.1. Mirrored here (not imported) so a user fuzzing another flattener reads the one
# number these strategies are built around.
MAX_DEPTH = 20

# Largest integer both hosts print exactly (spec 3.4).
_SAFE_INT = 2**53 - 1

# --- scalars ----------------------------------------------------------------------------

_TRICKY_FLOATS: tuple[float, ...] = (
    0.0,
    -0.0,
    1.0,
    0.5,
    -1.5,
    0.1,
    1e-6,  # smallest magnitude still printed in plain notation
    math.nextafter(1e-6, 0.0),  # first one printed as 9.999999999999999e-7
    1e-7,
    -1.5e-7,
    1.234e-5,
    8.311e-05,
    1e21,  # first magnitude printed with an exponent
    math.nextafter(1e21, 0.0),  # 999999999999999900000
    1e20,
    -1.5e21,
    1e16,
    2.0**53,
    2.0**53 + 2.0,
    2.0**60,  # whole doubles beyond 2**53: exact digits differ from Number::toString
    1.2345678901234567e19,
    123456789.125,
    5e-324,
    2.2250738585072014e-308,
    1.7976931348623157e308,
)

_TRICKY_INTS: tuple[int, ...] = (
    0,
    1,
    -1,
    10,
    255,
    2**31 - 1,
    -(2**31),
    2**32,
    _SAFE_INT,
    -_SAFE_INT,
)
_HOST_INTS: tuple[int, ...] = (2**53, 2**53 + 1, -(2**53) - 1, 10**21, 2**64, -(10**30))

# Characters that need escaping in JSON or TOON, that change byte counts, or that a careless
# implementation mangles: controls, quotes, backslash, U+2028/9, DEL, BOM, astral characters
# and lone surrogates (both halves; adjacent ones also form two-code-point pairs).
_SPECIAL_CHARS = (
    '."\\\b\f\n\r\t\x00\x01\x1f\x7f\u2028\u2029 ,:-_[]{}#|é€\ufeff\U0001f600'
    "\ud800\udbff\udc00\udfff\ud83d\ude00"
)

_TRICKY_STRINGS: tuple[str, ...] = (
    "",
    "a",
    " ",
    "true",
    "false",
    "null",
    "0",
    "-0",
    "1.0",
    "1e-7",
    "05",
    "-",
    "- a",
    "a:b",
    "a,b",
    "[1]",
    "{}",
    "#",
    "a\nb",
    "tab\tsep",
    'quote"d',
    "back\\slash",
    "\x00",
    "\u2028",
    "\ud800",
    "\udc00x",
    "\ud83d\ude00",
    "\U0001f600",
    "ключ",
)

# Member names: dots and underscores (normalisation collisions), empty segments, prototype
# names, integer-like names, unicode, names TOON must quote.
_TRICKY_NAMES: tuple[str, ...] = (
    "a",
    "b",
    "a.b",
    "a_b",
    "",
    ".",
    "_",
    "..",
    "a.",
    ".a",
    "a.b.c",
    "a_b_c",
    "a.b_c",
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "0",
    "1",
    "10",
    "01",
    "-1",
    "4294967294",
    "4294967295",
    "1.5",
    "é",
    "ключ",
    "\U0001f600",
    "a b",
    "Service options.Dine in",
    "true",
    "null",
    "-",
    "#",
    "key\n",
    "\ud800",
    "x\ud83d\ude00",
)


def _ecma_name(name: str) -> str:
    """The name as ECMAScript sees it: surrogate pairs held as two code points combined."""
    return name.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def _normalised_name(name: str) -> str:
    """Spec 4.2: every `.` becomes `_` (on the ECMAScript view of the name)."""
    return _ecma_name(name).replace(".", "_")


def _is_integer_like(name: str) -> bool:
    # Conservative: any all-ASCII-digit name (covers every ECMAScript array index).
    return name != "" and name.isascii() and name.isdigit()


def _floats() -> st.SearchStrategy[float]:
    decimal = st.builds(
        lambda neg, digits, exp: float(f"{'-' if neg else ''}{digits}e{exp}"),
        st.booleans(),
        st.integers(1, 10**7),
        st.integers(-14, 26),
    )
    return st.one_of(
        st.sampled_from(_TRICKY_FLOATS),
        decimal,
        st.floats(allow_nan=False, allow_infinity=False),
    )


def _integers(portable: bool) -> st.SearchStrategy[int]:
    safe = st.one_of(
        st.integers(-1000, 1000),
        st.sampled_from(_TRICKY_INTS),
        st.integers(-_SAFE_INT, _SAFE_INT),
    )
    if portable:
        return safe
    return st.one_of(safe, st.sampled_from(_HOST_INTS), st.integers())


_CHARS: st.SearchStrategy[str] = st.one_of(
    st.sampled_from("ab._"),
    st.sampled_from(_SPECIAL_CHARS),
    st.characters(),
)


def _strings() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(_TRICKY_STRINGS), st.text(_CHARS, max_size=12))


def _names(portable: bool) -> st.SearchStrategy[str]:
    names = st.one_of(
        st.sampled_from(_TRICKY_NAMES),
        # A tiny alphabet makes `a.b` / `a_b` style collisions and empty segments common.
        st.text(st.sampled_from("ab._"), max_size=4),
        st.text(_CHARS, max_size=8),
    )
    if portable:
        return names.filter(lambda n: not _is_integer_like(n))
    return names


def _scalars(portable: bool) -> st.SearchStrategy[JSONValue]:
    return st.one_of(st.none(), st.booleans(), _integers(portable), _floats(), _strings())


# --- the tree generator -----------------------------------------------------------------


@dataclass(frozen=True)
class _Config:
    names: st.SearchStrategy[str]
    # Dot-free name pieces for building collision pairs.
    segments: st.SearchStrategy[str]
    scalars: st.SearchStrategy[JSONValue]
    # Names of one object are unique under this key: the ECMAScript name, or the
    # normalised name for collision-free objects.
    unique_by: Callable[[str], str]


def _config(portable: bool, collision_free: bool) -> _Config:
    names = _names(portable)
    return _Config(
        names=names,
        segments=st.one_of(
            st.sampled_from(("a", "b", "", "_", "x1", "é")),
            names.map(lambda n: n.replace(".", "")),
        ),
        scalars=_scalars(portable),
        unique_by=_normalised_name if collision_free else _ecma_name,
    )


@functools.cache
def _ints(low: int, high: int) -> st.SearchStrategy[int]:
    # Building a strategy per draw is what makes composite strategies slow: reuse them.
    return st.integers(low, high)


def _draw_int(draw: st.DrawFn, low: int, high: int) -> int:
    return draw(_ints(low, high)) if high > low else low


_BOOLS = st.booleans()
_SEPARATORS = st.sampled_from("._")


def _draw_shuffled(draw: st.DrawFn, items: list[_T]) -> list[_T]:
    """Fisher-Yates driven by draws; shrinks toward the original order."""
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = i - _draw_int(draw, 0, i)
        items[i], items[j] = items[j], items[i]
    return items


class _Budget:
    """Leaves left to spend: bounds the size of a drawn tree."""

    def __init__(self, leaves: int) -> None:
        self.leaves = leaves

    def take(self) -> None:
        self.leaves -= 1


_SCALAR, _EMPTY_OBJECT, _EMPTY_ARRAY, _OBJECT, _ARRAY, _CHAIN = range(6)


def _draw_leaf(draw: st.DrawFn, cfg: _Config, budget: _Budget) -> JSONValue:
    budget.take()
    kind = _draw_int(draw, 0, 2)
    if kind == 1:
        return {}
    if kind == 2:
        return []
    return draw(cfg.scalars)


def _draw_names(draw: st.DrawFn, cfg: _Config, n: int, *, taken: Sequence[str] = ()) -> list[str]:
    """Up to n names, unique under cfg.unique_by and distinct from taken.

    May return fewer than n (duplicates are dropped, not redrawn forever); never fewer than
    one when n >= 1 and taken is empty.
    """
    used = {cfg.unique_by(t) for t in taken}
    names: list[str] = []
    for _ in range(2 * n + 2):
        if len(names) == n:
            break
        name = draw(cfg.names)
        key = cfg.unique_by(name)
        if key not in used:
            used.add(key)
            names.append(name)
    return names


def _draw_tree(draw: st.DrawFn, cfg: _Config, height: int, budget: _Budget) -> JSONValue:
    """Any value whose own height (depth of its deepest value, itself at 0) is <= height."""
    if height <= 0 or budget.leaves <= 0:
        return _draw_leaf(draw, cfg, budget)
    kind = _draw_int(draw, _SCALAR, _CHAIN)
    if kind == _SCALAR:
        budget.take()
        return draw(cfg.scalars)
    if kind == _EMPTY_OBJECT:
        budget.take()
        return {}
    if kind == _EMPTY_ARRAY:
        budget.take()
        return []
    if kind == _CHAIN:
        # A run of single-child containers: reaches the depth limit far more often than
        # independent choices would.
        links = [draw(_BOOLS) for _ in range(_draw_int(draw, 1, height))]
        value = _draw_tree(draw, cfg, height - len(links), budget)
        for is_array in reversed(links):
            value = [value] if is_array else {_draw_names(draw, cfg, 1)[0]: value}
        return value
    size = _draw_int(draw, 1, max(1, min(5, budget.leaves)))
    if kind == _ARRAY:
        return [_draw_tree(draw, cfg, height - 1, budget) for _ in range(size)]
    names = _draw_names(draw, cfg, size)
    return {name: _draw_tree(draw, cfg, height - 1, budget) for name in names}


def _draw_object(draw: st.DrawFn, cfg: _Config, height: int, budget: _Budget) -> JSONObject:
    """An object (possibly empty) of height <= height."""
    if height <= 0:
        return {}
    size = _draw_int(draw, 0, max(0, min(6, budget.leaves)))
    names = _draw_names(draw, cfg, size)
    return {name: _draw_tree(draw, cfg, height - 1, budget) for name in names}


# --- argument checking (lazy) -----------------------------------------------------------


def _invalid(message: str) -> st.SearchStrategy[NoReturn]:
    """A strategy that raises InvalidArgument when drawn (lazy validation)."""

    def fail() -> NoReturn:
        raise InvalidArgument(message)

    return st.builds(fail)


def _int_error(func: str, name: str, value: object, low: int, high: int | None = None) -> str:
    if not isinstance(value, int) or isinstance(value, bool):
        return f"{func}: {name} must be an int, got {value!r}"
    if value < low or (high is not None and value > high):
        bound = f">= {low}" if high is None else f"in [{low}, {high}]"
        return f"{func}: {name} must be {bound}, got {value!r}"
    return ""


def _bool_error(func: str, name: str, value: object) -> str:
    if not isinstance(value, bool):
        return f"{func}: {name} must be a bool, got {value!r}"
    return ""


def _first_error(*messages: str) -> str:
    return next((m for m in messages if m), "")


# --- public strategies ------------------------------------------------------------------


def json_values(
    *, max_depth: int = MAX_DEPTH, max_leaves: int = 40, portable: bool = False
) -> st.SearchStrategy[JSONValue]:
    """JSON payloads as spec section 2 defines them, of maximum depth <= ``max_depth``.

    Any root (scalar, array, object). Objects have unique member names but may hold
    normalisation collisions (``a.b`` next to ``a_b``); use `collision_free_objects`
    when you need flatten to succeed. The default ``max_depth`` is the spec's MAX_DEPTH
    (20), so no value is too deep for flatten; pass more (e.g. 23) to cross the limit.
    ``max_leaves`` bounds the number of scalars and empty containers.

    Biased toward flattener bugs: names with dots, ``""``, ``.``, ``__proto__``, unicode,
    integer-like names; empty objects/arrays at any level; chains of single-child
    containers that reach ``max_depth``; notation-threshold floats, ``-0.0``; controls and
    lone surrogates in strings.

    Shrinks toward ``{}``, then toward small objects and arrays with ``None`` leaves and
    the first names of the bias list (``{"a": None, "b": None}``).
    """
    error = _first_error(
        _int_error("json_values", "max_depth", max_depth, 0),
        _int_error("json_values", "max_leaves", max_leaves, 1),
        _bool_error("json_values", "portable", portable),
    )
    if error:
        return _invalid(error)
    cfg = _config(portable, collision_free=False)

    @st.composite
    def values(draw: st.DrawFn) -> JSONValue:
        return _draw_tree(draw, cfg, max_depth, _Budget(max_leaves))

    return values()


_CONTAINERS = ("any", "objects", "arrays")


def payloads_at_depth(
    depth: int,
    *,
    containers: str = "any",
    max_leaves: int = 30,
    portable: bool = False,
) -> st.SearchStrategy[JSONValue]:
    """Payloads whose maximum depth (spec 2.3) is exactly ``depth``: for fuzzing 20/21.

    A spine of ``depth`` containers leads from the root to a value at depth ``depth``:
    a scalar, ``{}`` or ``[]`` (empty leaves). Along the spine, containers may carry
    shallower siblings. ``containers`` picks the spine: ``"objects"`` (object chains),
    ``"arrays"`` (array chains) or ``"any"`` (each link chosen freely, so mixed chains too).
    Objects are collision-free (spec 4.3), so ``flatten`` succeeds iff ``depth <= 20``.

    Shrinks toward a bare chain (no siblings) of single-child containers ending in ``{}``
    (``[[[{}]]]`` for ``payloads_at_depth(3, containers="arrays")``).
    """
    error = _first_error(
        _int_error("payloads_at_depth", "depth", depth, 0),
        ""
        if containers in _CONTAINERS
        else f"payloads_at_depth: containers must be one of {_CONTAINERS}, got {containers!r}",
        _int_error("payloads_at_depth", "max_leaves", max_leaves, 1),
        _bool_error("payloads_at_depth", "portable", portable),
    )
    if error:
        return _invalid(error)
    cfg = _config(portable, collision_free=True)

    def spine(draw: st.DrawFn, left: int, budget: _Budget) -> JSONValue:
        if left == 0:
            return _draw_leaf(draw, cfg, budget)
        is_array = containers == "arrays" or (containers == "any" and draw(_BOOLS))
        child = spine(draw, left - 1, budget)
        n_siblings = _draw_int(draw, 0, max(0, min(3, budget.leaves)))
        names = [] if is_array else _draw_names(draw, cfg, n_siblings + 1)
        if not is_array:
            n_siblings = len(names) - 1
        siblings = [_draw_tree(draw, cfg, left - 1, budget) for _ in range(n_siblings)]
        at = _draw_int(draw, 0, n_siblings)
        if is_array:
            return [*siblings[:at], child, *siblings[at:]]
        values = [*siblings[:at], child, *siblings[at:]]
        # names[0] shrinks to "a"; give it to the spine child.
        names.insert(at, names.pop(0))
        return dict(zip(names, values, strict=True))

    @st.composite
    def payloads(draw: st.DrawFn) -> JSONValue:
        return spine(draw, depth, _Budget(max_leaves))

    return payloads()


def _draw_collision_pair(draw: st.DrawFn, cfg: _Config) -> tuple[str, str]:
    """Two distinct names whose normalised forms (spec 4.2) are equal."""
    segments = [draw(cfg.segments) for _ in range(_draw_int(draw, 2, 4))]
    joints = len(segments) - 1
    first = [draw(_SEPARATORS) for _ in range(joints)]
    second = [draw(_SEPARATORS) for _ in range(joints)]
    if first == second:
        i = _draw_int(draw, 0, joints - 1)
        second[i] = "_" if first[i] == "." else "."

    def join(seps: list[str]) -> str:
        return segments[0] + "".join(s + seg for s, seg in zip(seps, segments[1:], strict=True))

    return join(first), join(second)


def colliding_objects(
    *, max_depth: int = MAX_DEPTH, max_leaves: int = 30, portable: bool = False
) -> st.SearchStrategy[JSONObject]:
    """Objects holding at least one key collision (spec 4.3), of depth <= ``max_depth``.

    Somewhere (at the root, in a nested object, or in an object inside an array) one
    object has two members whose names differ but normalise to the same name (``a.b`` and
    ``a_b``, ``.`` and ``_``); their values are leaves or objects. With the default
    ``max_depth`` flatten must raise ``key-collision`` (the depth check takes precedence
    above 20). ``max_depth`` must be >= 1.

    Shrinks toward ``{"a.a": None, "a_a": None}``: the pair at the root, scalar values.
    """
    error = _first_error(
        _int_error("colliding_objects", "max_depth", max_depth, 1),
        _int_error("colliding_objects", "max_leaves", max_leaves, 1),
        _bool_error("colliding_objects", "portable", portable),
    )
    if error:
        return _invalid(error)
    cfg = _config(portable, collision_free=False)
    free = _config(portable, collision_free=True)

    @st.composite
    def objects(draw: st.DrawFn) -> JSONObject:
        budget = _Budget(max_leaves)
        # The colliding object sits at depth `wrappers`; its members one deeper.
        wrappers = _draw_int(draw, 0, max_depth - 1)
        room = max_depth - wrappers - 1
        a, b = _draw_collision_pair(draw, cfg)
        others = _draw_names(draw, free, _draw_int(draw, 0, 3), taken=(a, b))
        members = [
            (a, _draw_tree(draw, free, room, budget)),
            (b, _draw_tree(draw, free, room, budget)),
        ]
        members += [(n, _draw_tree(draw, free, room, budget)) for n in others]
        inner: JSONValue = dict(_draw_shuffled(draw, members))
        for level in range(wrappers):
            # The outermost wrapper is an object; the others may be arrays.
            outermost = level == wrappers - 1
            n = _draw_int(draw, 0, 2)
            room = max_depth - (wrappers - level)
            as_array = not outermost and draw(_BOOLS)
            names = [] if as_array else _draw_names(draw, free, n + 1)
            if not as_array:
                n = len(names) - 1
            siblings = [_draw_tree(draw, free, room, budget) for _ in range(n)]
            at = _draw_int(draw, 0, n)
            if as_array:
                inner = [*siblings[:at], inner, *siblings[at:]]
            else:
                names.insert(at, names.pop(0))
                inner = dict(zip(names, [*siblings[:at], inner, *siblings[at:]], strict=True))
        assert isinstance(inner, dict)
        return inner

    return objects()


def collision_free_objects(
    *, max_depth: int = MAX_DEPTH, max_leaves: int = 40, portable: bool = False
) -> st.SearchStrategy[JSONObject]:
    """Objects (the root is an object) of depth <= ``max_depth`` with no key collision.

    In every object at every level, member names are unique after normalisation
    (spec 4.2), so with the default ``max_depth`` flatten must succeed and
    ``unflatten(flatten(x)) == normalise_keys(x)``. Names still contain dots, ``""``,
    ``.`` and the rest of the bias list; values are as in `json_values`.

    Shrinks toward ``{}``, then few members named ``"a"``, ``"b"`` with ``None`` values.
    """
    error = _first_error(
        _int_error("collision_free_objects", "max_depth", max_depth, 0),
        _int_error("collision_free_objects", "max_leaves", max_leaves, 1),
        _bool_error("collision_free_objects", "portable", portable),
    )
    if error:
        return _invalid(error)
    cfg = _config(portable, collision_free=True)

    @st.composite
    def objects(draw: st.DrawFn) -> JSONObject:
        return _draw_object(draw, cfg, max_depth, _Budget(max_leaves))

    return objects()


_ROW_NAMES = ("id", "name", "score", "url", "title", "price", "createdAt", "meta", "a", "b")


def uniform_rows(
    *,
    min_rows: int = 1,
    max_rows: int = 12,
    max_fields: int = 5,
    nested: bool = True,
    portable: bool = False,
) -> st.SearchStrategy[list[JSONValue]]:
    """Arrays of objects that all have the same member names in the same order.

    The shapes TOON tabulates (``items[N]{id,name}:``), so the picker's non-JSON branch
    wins often. Each row has between 1 and ``max_fields`` fields; with ``nested`` a field
    may itself be a non-empty object of the same shape in every row (flattened, it becomes
    dotted columns; plain TOON 4 tabulates it too). Field values are scalars of a fixed
    kind per column (mostly short identifiers and small numbers; sometimes strings that
    need quoting). Names are collision-free, so flatten succeeds.

    Shrinks toward ``[{"id": None}]`` (``min_rows`` rows).
    """
    error = _first_error(
        _int_error("uniform_rows", "min_rows", min_rows, 0),
        _int_error(
            "uniform_rows", "max_rows", max_rows, min_rows if isinstance(min_rows, int) else 0
        ),
        _int_error("uniform_rows", "max_fields", max_fields, 1),
        _bool_error("uniform_rows", "nested", nested),
        _bool_error("uniform_rows", "portable", portable),
    )
    if error:
        return _invalid(error)
    names = st.one_of(
        st.sampled_from(_ROW_NAMES),
        st.from_regex(r"[a-z][a-zA-Z0-9_]{0,8}", fullmatch=True),
        _names(portable),
    )
    words = st.one_of(st.from_regex(r"[a-z][a-z0-9]{0,8}", fullmatch=True), _strings())
    field_lists = st.lists(names, min_size=1, max_size=max_fields, unique_by=_normalised_name)
    column_kinds: list[st.SearchStrategy[JSONValue]] = [
        st.none(),
        st.integers(0, 10_000),
        words,
        st.booleans(),
        _floats(),
        _scalars(portable),
    ]

    def draw_shape(draw: st.DrawFn, level: int) -> _Shape:
        fields = draw(field_lists)
        shape: _Shape = []
        for field in fields:
            if nested and level < 2 and _draw_int(draw, 0, 4) == 4:
                shape.append((field, draw_shape(draw, level + 1)))
            else:
                shape.append((field, _draw_int(draw, 0, len(column_kinds) - 1)))
        return shape

    def draw_row(draw: st.DrawFn, shape: _Shape) -> JSONObject:
        return {
            field: draw_row(draw, kind) if isinstance(kind, list) else draw(column_kinds[kind])
            for field, kind in shape
        }

    @st.composite
    def rows(draw: st.DrawFn) -> list[JSONValue]:
        shape = draw_shape(draw, 0)
        n = _draw_int(draw, min_rows, max_rows)
        return [draw_row(draw, shape) for _ in range(n)]

    return rows()


def _flatten_for_strategy(draw: st.DrawFn, value: JSONValue, shuffle: bool) -> JSONValue:
    """A small spec-4 flatten of a collision-free value (keys optionally shuffled)."""
    if isinstance(value, list):
        return [_flatten_for_strategy(draw, v, shuffle) for v in value]
    if not isinstance(value, dict):
        return value
    items: list[tuple[str, JSONValue]] = []

    def walk(obj: JSONObject, prefix: str) -> None:
        for name, v in obj.items():
            key = prefix + name.replace(".", "_")
            if isinstance(v, dict) and v:
                walk(v, key + ".")
            else:
                items.append((key, _flatten_for_strategy(draw, v, shuffle)))

    walk(value, "")
    if shuffle and len(items) > 1:
        items = _draw_shuffled(draw, items)
    return dict(items)


def flat_documents(
    *, max_depth: int = MAX_DEPTH, max_leaves: int = 40, portable: bool = False
) -> st.SearchStrategy[JSONValue]:
    """Valid unflatten inputs (spec 5): values that ``unflatten`` must accept.

    Built as the flatten of a collision-free value of depth <= ``max_depth``, so the
    unflattened result is at most ``max_depth`` deep, no key is both a leaf and a prefix,
    and no member value is a non-empty object. Keys such as ``".b"``, ``"a."``, ``""``,
    ``{}`` leaves and arrays of flat objects appear often; member order is shuffled
    (unflatten accepts any order). Mostly objects; sometimes an array or scalar root. With
    ``portable`` no key segment is integer-like either.

    Shrinks toward ``{}``, then short keys in depth-first order.
    """
    error = _first_error(
        _int_error("flat_documents", "max_depth", max_depth, 0),
        _int_error("flat_documents", "max_leaves", max_leaves, 1),
        _bool_error("flat_documents", "portable", portable),
    )
    if error:
        return _invalid(error)
    cfg = _config(portable, collision_free=True)

    @st.composite
    def documents(draw: st.DrawFn) -> JSONValue:
        budget = _Budget(max_leaves)
        if _draw_int(draw, 0, 4) < 4:
            nested: JSONValue = _draw_object(draw, cfg, max_depth, budget)
        else:
            nested = _draw_tree(draw, cfg, max_depth, budget)
        return _flatten_for_strategy(draw, nested, shuffle=True)

    return documents()
