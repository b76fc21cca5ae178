"""The baseline a server ships today: compact JSON, or ``JSON.stringify(value, null, N)``.

Many servers pretty-print their tool results. The report compares its savings against
the text a user ships now, so the saving it prints is the one they will see. The indented
text is laid out again from the compact JSON candidate the picker made, character by
character, so its numbers and strings are exactly the JSON candidate's (nothing is
encoded twice). The layout is ECMAScript's (ECMA-262, SerializeJSONObject and
SerializeJSONArray with a gap of N spaces): a newline and the indent before every member
and element, ``": "`` after a member name, and an empty ``{}`` or ``[]`` stays as it is.
"""

from __future__ import annotations

import re

__all__ = ["BASELINES", "baseline_indent", "baseline_name", "indent_json"]

BASELINES = ("compact", "indent:N")
_MAX_GAP = 10  # JSON.stringify uses at most ten spaces of a numeric space argument


def baseline_indent(text: str) -> int:
    """The indent of a ``--baseline`` value (0 for ``compact``); ValueError otherwise."""
    if text == "compact":
        return 0
    name, _, number = text.partition(":")
    if name == "indent" and number.isascii() and number.isdigit():
        indent = int(number)
        if 1 <= indent <= _MAX_GAP:
            return indent
    raise ValueError(
        f"unknown baseline {text!r} (known: compact, indent:N with 1 <= N <= {_MAX_GAP}, "
        "as JSON.stringify(value, null, N))"
    )


def baseline_name(indent: int) -> str:
    return "compact" if indent == 0 else f"indent:{indent}"


def indent_json(compact: str, indent: int) -> str:
    """``compact`` (JSON.stringify's text, no whitespace outside strings) re-laid out as
    ``JSON.stringify(value, null, indent)`` lays it out."""
    if indent <= 0:
        return compact
    out: list[str] = []
    depth = 0
    for match in _TOKEN.finditer(compact):
        token = match.group()
        if token in _OPEN:
            depth += 1
            out.append(token + "\n" + " " * (indent * depth))
        elif token in _CLOSE:
            depth -= 1
            out.append("\n" + " " * (indent * depth) + token)
        elif token == ",":
            out.append(",\n" + " " * (indent * depth))
        elif token == ":":
            out.append(": ")
        else:  # a string, a number, true, false or null, or an empty {} or []
            out.append(token)
    return "".join(out)


# A string (escapes skipped as a unit), an empty object or array (which stays compact),
# one structural character, or a run of anything else (a number or a literal).
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|\{\}|\[\]|[{}\[\],:]|[^"{}\[\],:]+', re.S)
_OPEN = frozenset("{[")
_CLOSE = frozenset("}]")
