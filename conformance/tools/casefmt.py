"""Read and write conformance case files in the corpus's house format.

One case per line keeps diffs reviewable; lone surrogates (which cannot be written as
UTF-8) and controls are written as JSON escapes, everything else literally.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_KEY_ORDER = ("id", "op", "level", "spec", "tags", "note", "options", "input", "ok", "error")


def _dump(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    # json.dumps(ensure_ascii=False) writes lone surrogates raw; only strings can hold them.
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _ordered(case: dict[str, Any]) -> dict[str, Any]:
    out = {k: case[k] for k in _KEY_ORDER if k in case}
    out.update({k: v for k, v in case.items() if k not in out})
    return out


def dumps_file(description: str, cases: list[dict[str, Any]]) -> str:
    lines = ",\n".join("    " + _dump(_ordered(c)) for c in cases)
    return '{\n  "description": ' + _dump(description) + ',\n  "cases": [\n' + lines + "\n  ]\n}\n"


def load_file(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write_file(path: Path, description: str, cases: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps_file(description, cases), encoding="utf-8")
