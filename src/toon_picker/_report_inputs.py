"""What the report reads: JSON files, NDJSON files (one payload per line), folders of them,
and the group each payload belongs to.

Every input is read with the strict JSON reader of ``_reader`` (the one the command line
uses), so integers of any length keep their digits and ``NaN`` is refused. An input that
yields no payload becomes a :class:`BadInput` with a one-line reason; nothing here raises
for bad data, only for a bad grouping rule.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._reader import InputError, parse_json

__all__ = ["GROUP_RULES", "BadInput", "Payload", "group_key", "input_files", "read_payloads"]

JSON_SUFFIXES = (".json",)
NDJSON_SUFFIXES = (".ndjson", ".jsonl")
GROUP_RULES = ("folder", "file", "stem", "none", "regex:PATTERN")


@dataclass(frozen=True)
class BadInput:
    """An input that produced no measurement: ``source`` (path or ``path:line``), why."""

    source: str
    reason: str


@dataclass(frozen=True)
class Payload:
    """One parsed payload, where it came from, and how many input bytes it took."""

    source: str
    value: Any
    size: int


GroupKey = Callable[[Path, Path], str]


def group_key(rule: str) -> GroupKey:
    """Map (file, root it was found under) to a group name; ValueError for a bad rule."""
    if rule == "folder":
        # a file directly under the given folder belongs to that folder's own group
        return lambda path, root: (
            (path.parent.relative_to(root).as_posix() if path.parent != root else root.name) or "."
        )
    if rule == "file":
        return lambda path, root: path.name
    if rule == "stem":
        return lambda path, root: path.name.split(".", 1)[0]
    if rule == "none":
        return lambda path, root: "all"
    if rule.startswith("regex:"):
        try:
            pattern = re.compile(rule[len("regex:") :])
        except re.error as exc:
            raise ValueError(f"bad --group-by regex: {exc}") from None

        def by_regex(path: Path, root: Path) -> str:
            rel = path.relative_to(root).as_posix() if path != root else path.name
            match = pattern.search(rel)
            if match is None:
                return "(other)"
            return match.group(1) if pattern.groups else match.group(0)

        return by_regex
    raise ValueError(f"unknown --group-by rule {rule!r} (known: {', '.join(GROUP_RULES)})")


def input_files(paths: Iterable[str], bad: list[BadInput]) -> list[tuple[Path, Path]]:
    """(file, root) for every input file, folders walked in sorted order; paths that give
    no file are appended to ``bad``."""
    suffixes = JSON_SUFFIXES + NDJSON_SUFFIXES
    found: list[tuple[Path, Path]] = []
    for arg in paths:
        path = Path(arg)
        if path.is_dir():
            before = len(found)
            for folder, dirs, names in os.walk(path):
                dirs.sort()
                found += [
                    (Path(folder) / name, path)
                    for name in sorted(names)
                    if name.lower().endswith(suffixes)
                ]
            if len(found) == before:
                bad.append(BadInput(arg, "folder holds no .json/.ndjson/.jsonl file"))
        elif path.is_file():
            found.append((path, path.parent))
        else:
            bad.append(BadInput(arg, "no such file or folder"))
    return found


def read_payloads(path: Path) -> Iterator[Payload | BadInput]:
    """The payloads of one file: one for a JSON file, one per non-blank NDJSON line."""
    source = path.as_posix()
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        yield BadInput(source, f"cannot read: {exc}")
        return
    if not path.name.lower().endswith(NDJSON_SUFFIXES):
        yield _parsed(source, text, len(raw))
        return
    lines = text.splitlines(keepends=True)
    if not any(line.strip() for line in lines):
        yield BadInput(source, "empty NDJSON file")
    for number, line in enumerate(lines, 1):
        if line.strip():
            yield _parsed(f"{source}:{number}", line, len(line.encode("utf-8")))


def _parsed(source: str, text: str, size: int) -> Payload | BadInput:
    try:
        return Payload(source, parse_json(text, ""), size)
    except InputError as exc:
        return BadInput(source, str(exc).lstrip(": "))
