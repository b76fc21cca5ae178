"""Find and load the conformance corpus (case files, VERSION, manifest).

The corpus ships inside the wheel as ``toon_picker/conformance/corpus/``; in a source
checkout (editable install) it is read from the repository's ``conformance/`` folder.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ._protocol import OPS

__all__ = ["Case", "Corpus", "CorpusError", "find_corpus", "load_corpus"]

ENV_VAR = "TOON_PICKER_CORPUS"
_ID = re.compile(rf"^({'|'.join(OPS)})\.([a-z0-9]+(?:-[a-z0-9]+)*)\.[0-9]{{3}}$")


class CorpusError(Exception):
    """The corpus is missing or a case file is malformed."""


@dataclass(frozen=True)
class Case:
    id: str
    op: str
    input: Any
    level: str
    spec: str
    tags: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    ok: Any = None
    error: str | None = None
    note: str | None = None
    file: str = ""

    @property
    def expects_error(self) -> bool:
        return self.error is not None


@dataclass(frozen=True)
class Corpus:
    root: Path
    version: str
    manifest: dict[str, Any]
    cases: tuple[Case, ...]


def _has_corpus(path: Path) -> bool:
    return (path / "cases").is_dir() and (path / "VERSION").is_file()


def find_corpus(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The corpus folder: explicit path, $TOON_PICKER_CORPUS, the wheel copy, the source tree."""
    if explicit is None:
        explicit = os.environ.get(ENV_VAR) or None
    if explicit is not None:
        path = Path(explicit)
        if not _has_corpus(path):
            raise CorpusError(f"{path} is not a conformance corpus (no cases/ or VERSION)")
        return path
    here = Path(__file__).resolve().parent
    for candidate in (here / "corpus", here.parents[2] / "conformance"):
        if _has_corpus(candidate):
            return candidate
    raise CorpusError("conformance corpus not found (reinstall toon-picker or pass --corpus)")


def _case(raw: Any, where: str) -> Case:
    if not isinstance(raw, dict):
        raise CorpusError(f"{where}: a case must be an object")
    cid = raw.get("id")
    if not isinstance(cid, str) or not _ID.match(cid):
        raise CorpusError(f"{where}: bad case id {cid!r}")
    if raw.get("op") not in OPS or not cid.startswith(raw["op"] + "."):
        raise CorpusError(f"{cid}: bad op {raw.get('op')!r}")
    if ("ok" in raw) == ("error" in raw):
        raise CorpusError(f"{cid}: needs exactly one of ok / error")
    if raw.get("level") not in ("must", "host"):
        raise CorpusError(f"{cid}: bad level {raw.get('level')!r}")
    return Case(
        id=cid,
        op=raw["op"],
        input=raw["input"],
        level=raw["level"],
        spec=str(raw.get("spec", "")),
        tags=tuple(raw.get("tags", ())),
        options=dict(raw.get("options") or {}),
        ok=raw.get("ok"),
        error=raw.get("error"),
        note=raw.get("note"),
        file=where,
    )


def load_corpus(path: str | os.PathLike[str] | None = None) -> Corpus:
    """Load every case file under ``<corpus>/cases/<op>/*.json`` in a stable order."""
    root = find_corpus(path)
    version = (root / "VERSION").read_text(encoding="utf-8").strip()
    manifest_path = root / "manifest.json"
    manifest: dict[str, Any] = (
        json.loads(manifest_path.read_text(encoding="utf-8")) if manifest_path.is_file() else {}
    )
    cases: list[Case] = []
    seen: set[str] = set()
    for op in OPS:
        for file in sorted((root / "cases" / op).glob("*.json")):
            where = f"cases/{op}/{file.name}"
            try:
                data = json.loads(file.read_text(encoding="utf-8"))
            except ValueError as exc:
                raise CorpusError(f"{where}: {exc}") from exc
            for raw in data.get("cases", []) if isinstance(data, dict) else []:
                case = _case(raw, where)
                if case.op != op or case.id.split(".")[1] != file.stem:
                    raise CorpusError(f"{case.id}: does not belong in {where}")
                if case.id in seen:
                    raise CorpusError(f"{case.id}: duplicate id")
                seen.add(case.id)
                cases.append(case)
    if not cases:
        raise CorpusError(f"{root}: the corpus has no cases")
    return Corpus(root=root, version=version, manifest=manifest, cases=tuple(cases))
