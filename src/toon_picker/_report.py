"""``toon-picker report``: does TOON pay on these payloads, by how much, and which wins?

Reads JSON files, NDJSON files (one payload per line) and folders of them, runs the picker
on every payload and aggregates per group (by default the folder a file sits in) and
across everything. Bad inputs are listed with their reason, skipped and counted.

The library part (:func:`build_report` and the renderers) has no side effects besides
reading the inputs; the command line lives in ``_cli_report.py``.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from . import _picker
from ._errors import ToonPickerError
from ._picker import pick
from ._project import project
from ._reader import InputError, parse_json

__all__ = [
    "FORMATS",
    "GROUP_RULES",
    "BadInput",
    "Group",
    "Measured",
    "Report",
    "build_report",
    "load_tokenizer",
    "render",
    "write_chart",
]

JSON_SUFFIXES = (".json",)
NDJSON_SUFFIXES = (".ndjson", ".jsonl")
FORMATS = ("table", "json", "csv", "markdown")
GROUP_RULES = ("folder", "file", "stem", "none", "regex:PATTERN")

# Tokenizer loading may try the network (tiktoken downloads encodings on first use);
# never let that stall a report for longer than this.
TOKENIZER_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class BadInput:
    """An input that produced no measurement: ``source`` (path or ``path:line``), why."""

    source: str
    reason: str


@dataclass(frozen=True)
class Measured:
    """One payload: candidate sizes, what was picked, and tokens when counted."""

    source: str
    group: str
    sizes: dict[str, int]
    dropped: dict[str, str]
    strategy: str
    tokens: dict[str, int] | None = None

    @property
    def json_bytes(self) -> int:
        return self.sizes["json"]

    @property
    def picked_bytes(self) -> int:
        return self.sizes[self.strategy]

    @property
    def change(self) -> float:
        """Picked size against JSON, in percent (negative = smaller)."""
        return _change(self.picked_bytes, self.json_bytes)


def _change(size: int, base: int) -> float:
    return 0.0 if base == 0 else (size - base) / base * 100.0


@dataclass
class Group:
    """Totals over some payloads.

    ``totals[c]`` is the bytes shipped if candidate ``c`` were forced on every payload,
    with JSON where ``c`` was dropped (``drops[c]`` counts those payloads).
    """

    name: str
    candidates: tuple[str, ...]
    payloads: int = 0
    totals: dict[str, int] = field(default_factory=dict)
    drops: dict[str, int] = field(default_factory=dict)
    picked: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, int] | None = None

    def add(self, m: Measured) -> None:
        self.payloads += 1
        for name in self.candidates:
            if name in m.sizes:
                self.totals[name] = self.totals.get(name, 0) + m.sizes[name]
            else:
                self.totals[name] = self.totals.get(name, 0) + m.json_bytes
                self.drops[name] = self.drops.get(name, 0) + 1
        self.picked += m.picked_bytes
        self.wins[m.strategy] = self.wins.get(m.strategy, 0) + 1
        if m.tokens is not None:
            tokens = self.tokens if self.tokens is not None else {}
            for key, count in m.tokens.items():
                tokens[key] = tokens.get(key, 0) + count
            self.tokens = tokens

    @property
    def change(self) -> float:
        return _change(self.picked, self.totals.get("json", 0))

    def wins_text(self) -> str:
        """``toon-flatten 10/18, json 8/18`` (most wins first, then candidate order)."""
        order = sorted(self.wins, key=lambda s: (-self.wins[s], self.candidates.index(s)))
        return ", ".join(f"{s} {self.wins[s]}/{self.payloads}" for s in order)


@dataclass
class Report:
    candidates: tuple[str, ...]
    min_saving: float
    fields: tuple[str, ...] | None
    group_by: str
    payloads: list[Measured] = field(default_factory=list)
    bad: list[BadInput] = field(default_factory=list)
    groups: dict[str, Group] = field(default_factory=dict)
    combined: Group | None = None
    tokens_encoding: str | None = None
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        def group(g: Group) -> dict[str, Any]:
            out: dict[str, Any] = {
                "name": g.name,
                "payloads": g.payloads,
                "bytes": dict(g.totals),
                "dropped": dict(g.drops),
                "picked": g.picked,
                "change_pct": round(g.change, 2),
                "wins": dict(g.wins),
            }
            if g.tokens is not None:
                out["tokens"] = dict(g.tokens)
            return out

        return {
            "settings": {
                "candidates": list(self.candidates),
                "min_saving": self.min_saving,
                "fields": list(self.fields) if self.fields else None,
                "group_by": self.group_by,
                "tokens": self.tokens_encoding,
            },
            "payloads": [
                {
                    "source": m.source,
                    "group": m.group,
                    "bytes": m.sizes,
                    "dropped": m.dropped,
                    "pick": m.strategy,
                    "picked": m.picked_bytes,
                    "change_pct": round(m.change, 2),
                    **({"tokens": m.tokens} if m.tokens is not None else {}),
                }
                for m in self.payloads
            ],
            "groups": [group(g) for g in self.groups.values()],
            "combined": group(self.combined) if self.combined else None,
            "bad": [{"source": b.source, "reason": b.reason} for b in self.bad],
            "notes": list(self.notes),
        }


# --- inputs -------------------------------------------------------------------------


def _group_key(rule: str) -> Callable[[Path, Path], str]:
    """Map (file, root it was found under) to a group name."""
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


def _files(paths: Iterable[str], bad: list[BadInput]) -> Iterator[tuple[Path, Path]]:
    """(file, root) for every input file, folders walked in sorted order."""
    suffixes = JSON_SUFFIXES + NDJSON_SUFFIXES
    for arg in paths:
        path = Path(arg)
        if path.is_dir():
            found = False
            for folder, dirs, names in os.walk(path):
                dirs.sort()
                for name in sorted(names):
                    if name.lower().endswith(suffixes):
                        found = True
                        yield Path(folder) / name, path
            if not found:
                bad.append(BadInput(arg, "folder holds no .json/.ndjson/.jsonl file"))
        elif path.is_file():
            yield path, path.parent
        else:
            bad.append(BadInput(arg, "no such file or folder"))


def _parse(text: str) -> Any:
    return parse_json(text, "")


def _payloads(path: Path, source: str) -> Iterator[tuple[str, Any] | BadInput]:
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        yield BadInput(source, f"cannot read: {exc}")
        return
    if path.name.lower().endswith(NDJSON_SUFFIXES):
        lines = [(i, line) for i, line in enumerate(text.splitlines(), 1) if line.strip()]
        if not lines:
            yield BadInput(source, "empty NDJSON file")
        for number, line in lines:
            yield from _parsed(f"{source}:{number}", line)
    else:
        yield from _parsed(source, text)


def _parsed(source: str, text: str) -> Iterator[tuple[str, Any] | BadInput]:
    try:
        yield source, _parse(text)
    except InputError as exc:
        yield BadInput(source, str(exc).lstrip(": "))


# --- measuring ----------------------------------------------------------------------

Tokenizer = Callable[[str], int]


def load_tokenizer(encoding: str) -> tuple[Tokenizer | None, str | None]:
    """A token counter for a tiktoken encoding, or None and a one-line reason."""
    try:
        import tiktoken
    except ImportError:
        return None, "tiktoken is not installed (pip install 'toon-picker[tokens]')"
    result: list[Any] = []

    def load() -> None:
        try:
            result.append(tiktoken.get_encoding(encoding))
        except BaseException as exc:  # network, unknown name, corrupt cache: all mean "no"
            result.append(exc)

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(TOKENIZER_TIMEOUT_S)
    if not result:
        return None, f"loading encoding {encoding!r} took over {TOKENIZER_TIMEOUT_S:g} s"
    loaded = result[0]
    if isinstance(loaded, BaseException):
        detail = str(loaded).splitlines()[0][:60] if str(loaded) else ""
        return (
            None,
            f"cannot load encoding {encoding!r} offline ({type(loaded).__name__}: {detail})",
        )

    def count(text: str) -> int:
        return len(loaded.encode(text, disallowed_special=()))

    return count, None


def _measure(
    value: Any,
    source: str,
    group: str,
    candidates: Sequence[str],
    min_saving: float,
    tokenizer: Tokenizer | None,
) -> Measured:
    made = _picker.candidates(value, candidates=candidates)
    result = _picker.choose(made, min_saving)
    tokens = None
    if tokenizer is not None:
        tokens = {name: tokenizer(text) for name, text in made.texts.items()}
        tokens["picked"] = tokens[result.strategy]
    return Measured(
        source, group, dict(result.sizes), dict(result.dropped), result.strategy, tokens
    )


def build_report(
    paths: Sequence[str],
    *,
    candidates: Sequence[str] = ("json", "toon-flatten"),
    min_saving: float = 0.0,
    fields: Sequence[str] | None = None,
    group_by: str = "folder",
    tokens: str | None = None,
    progress: TextIO | None = None,
) -> Report:
    """Measure every payload under ``paths``; ``progress`` gets a bar when given."""
    names = tuple(dict.fromkeys(["json", *candidates]))
    pick([], candidates=names, min_saving=min_saving)  # ValueError on bad options, early
    key = _group_key(group_by)
    report = Report(names, min_saving, tuple(fields) if fields else None, group_by)
    tokenizer = None
    if tokens:
        tokenizer, why = load_tokenizer(tokens)
        if tokenizer is None:
            report.notes.append(f"tokens: {why}; continuing with bytes only")
        else:
            report.tokens_encoding = tokens
    files = list(_files(paths, report.bad))
    combined = Group("combined", names)
    for index, (path, root) in enumerate(files):
        if progress is not None:
            _progress(progress, index, len(files), path.name)
        group = key(path, root)
        source = path.as_posix()
        for item in _payloads(path, source):
            if isinstance(item, BadInput):
                report.bad.append(item)
                continue
            where, value = item
            try:
                if fields:
                    value = project(value, fields)
                measured = _measure(value, where, group, names, min_saving, tokenizer)
            except ToonPickerError as exc:
                report.bad.append(BadInput(where, f"{exc.reason} at {exc.path}: {exc.detail}"))
                continue
            report.payloads.append(measured)
            report.groups.setdefault(group, Group(group, names)).add(measured)
            combined.add(measured)
    if progress is not None and files:
        _progress(progress, len(files), len(files), "done")
        progress.write("\n")
    report.combined = combined
    return report


def _progress(stream: TextIO, done: int, total: int, label: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {label[:40]:<40}")
    stream.flush()


# --- rendering ----------------------------------------------------------------------


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _kb(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    return f"{n / 1024:.1f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.2f} MB"


def _pct(x: float) -> str:
    return f"{x:+.1f}%"


def _token_change(tokens: dict[str, int]) -> str:
    return _pct(_change(tokens.get("picked", 0), tokens.get("json", 0)))


def _dropped_text(drops: dict[str, int] | dict[str, str]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in drops.items())


def _table(report: Report) -> str:
    cands = report.candidates
    tok = report.tokens_encoding is not None
    width = max([len("group total"), *(len(_short(m.source)) for m in report.payloads)], default=11)
    width = min(width, 60)
    head = f"  {'payload':<{width}}" + "".join(f" {c:>13}" for c in cands)
    head += f"  {'pick':<13} {'change':>8}" + (f" {'tokens':>9} {'tok.chg':>8}" if tok else "")
    lines = [
        f"toon-picker report: {_n(len(report.payloads), 'payload')}, "
        f"{_n(len(report.groups), 'group')}, "
        f"candidates {','.join(cands)}, min-saving {report.min_saving:g}"
        + (f", fields {','.join(report.fields)}" if report.fields else "")
        + (f", tokens {report.tokens_encoding}" if tok else ""),
    ]
    for group in report.groups.values():
        lines += ["", f"{group.name} ({_n(group.payloads, 'payload')})", head]
        for m in report.payloads:
            if m.group != group.name:
                continue
            row = f"  {_short(m.source)[:width]:<{width}}"
            row += "".join(
                f" {m.sizes[c]:>13}" if c in m.sizes else f" {'dropped':>13}" for c in cands
            )
            row += f"  {m.strategy:<13} {_pct(m.change):>8}"
            if tok and m.tokens:
                row += f" {m.tokens['picked']:>9} {_token_change(m.tokens):>8}"
            lines.append(row)
        lines.append(_group_row(group, width, cands, tok))
    lines.append("")
    lines.append(_summary_table(report))
    if report.bad:
        lines += ["", f"bad inputs ({len(report.bad)}, skipped):"]
        lines += [f"  {b.source}: {b.reason}" for b in report.bad]
    lines += ["", _combined_line(report)]
    return "\n".join(lines) + "\n"


def _short(source: str) -> str:
    return source.rsplit("/", 1)[-1]


def _group_row(group: Group, width: int, cands: Sequence[str], tok: bool) -> str:
    row = f"  {'group total':<{width}}" + "".join(f" {group.totals.get(c, 0):>13}" for c in cands)
    row += f"  {'':<13} {_pct(group.change):>8}"
    if tok and group.tokens:
        row += f" {group.tokens['picked']:>9} {_token_change(group.tokens):>8}"
    row += f"   wins: {group.wins_text()}"
    if group.drops:
        row += f"; dropped: {_dropped_text(group.drops)}"
    return row


def _summary_table(report: Report) -> str:
    """The design document's per-tool table: group, payloads, bytes, change, wins."""
    cands = report.candidates
    name_w = max([len("combined"), *(len(g) for g in report.groups)])
    lines = [
        f"{'group':<{name_w}} {'n':>4}"
        + "".join(f" {c:>13}" for c in cands)
        + f" {'picked':>10} {'change':>8}  wins"
    ]
    rows = list(report.groups.values()) + ([report.combined] if report.combined else [])
    for g in rows:
        lines.append(
            f"{g.name:<{name_w}} {g.payloads:>4}"
            + "".join(f" {g.totals.get(c, 0):>13}" for c in cands)
            + f" {g.picked:>10} {_pct(g.change):>8}  {g.wins_text()}"
        )
    return "\n".join(lines)


def _mean_change(payloads: Sequence[Measured]) -> float:
    """Unweighted mean of the per-payload changes (one large payload cannot dominate it)."""
    return sum(m.change for m in payloads) / len(payloads) if payloads else 0.0


def _combined_line(report: Report) -> str:
    g = report.combined
    if g is None or not g.payloads:
        return f"combined: no payload measured; {len(report.bad)} bad inputs"
    parts = [
        f"{c} {g.totals[c]}"
        + (f" ({_pct(_change(g.totals[c], g.totals['json']))})" if c != "json" else "")
        for c in report.candidates
    ]
    text = (
        f"combined: {_n(g.payloads, 'payload')} in {_n(len(report.groups), 'group')}; bytes "
        + ", ".join(parts)
        + f"; picked {g.picked} ({_pct(g.change)} vs JSON"
        + f", mean per payload {_pct(_mean_change(report.payloads))}); wins {g.wins_text()}"
    )
    if g.tokens:
        text += f"; tokens json {g.tokens['json']}, picked {g.tokens['picked']}"
        text += f" ({_token_change(g.tokens)})"
    if report.bad:
        text += f"; {len(report.bad)} bad inputs skipped"
    return text


def _markdown(report: Report) -> str:
    cands = report.candidates
    tok = report.tokens_encoding is not None
    lines = [
        "| Group | Payloads | "
        + " | ".join(f"`{c}` bytes" for c in cands)
        + " | Picked bytes | Δ vs JSON | Wins |"
        + (" Picked tokens | Δ tokens |" if tok else ""),
        "|---|---:|" + "---:|" * len(cands) + "---:|---:|---|" + ("---:|---:|" if tok else ""),
    ]

    def row(g: Group, bold: bool) -> str:
        b = "**" if bold else ""
        cells = [f"{b}{g.name}{b}", str(g.payloads)]
        cells += [str(g.totals.get(c, 0)) for c in cands]
        cells += [str(g.picked), f"{b}{_pct(g.change)}{b}", g.wins_text()]
        if tok:
            t = g.tokens or {}
            cells += [str(t.get("picked", "")), _pct(_change(t.get("picked", 0), t.get("json", 0)))]
        return "| " + " | ".join(cells) + " |"

    lines += [row(g, False) for g in report.groups.values()]
    if report.combined:
        lines.append(row(report.combined, True))
    lines += [
        "",
        "| Payload | Group | " + " | ".join(f"`{c}`" for c in cands) + " | Pick | Δ vs JSON |",
        "|---|---|" + "---:|" * len(cands) + "---|---:|",
    ]
    for m in report.payloads:
        cells = [f"`{_short(m.source)}`", m.group]
        cells += [str(m.sizes[c]) if c in m.sizes else f"dropped ({m.dropped[c]})" for c in cands]
        cells += [f"`{m.strategy}`", _pct(m.change)]
        lines.append("| " + " | ".join(cells) + " |")
    if report.bad:
        lines += ["", f"Bad inputs ({len(report.bad)}, skipped):", ""]
        lines += [f"- `{b.source}`: {b.reason}" for b in report.bad]
    lines += ["", _combined_line(report)]
    return "\n".join(lines) + "\n"


def _csv(report: Report) -> str:
    cands = report.candidates
    tok = report.tokens_encoding is not None
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["level", "group", "source", "payloads", *cands, "dropped", "pick", "picked"]
    header += ["change_pct", "wins"] + (["json_tokens", "picked_tokens"] if tok else [])
    writer.writerow(header)
    for m in report.payloads:
        row: list[Any] = ["payload", m.group, m.source, 1]
        row += [m.sizes.get(c, "") for c in cands]
        row += [_dropped_text(m.dropped), m.strategy, m.picked_bytes, f"{m.change:.2f}", ""]
        if tok:
            row += [(m.tokens or {}).get("json", ""), (m.tokens or {}).get("picked", "")]
        writer.writerow(row)
    groups = [*report.groups.values(), *([report.combined] if report.combined else [])]
    for g in groups:
        level = "combined" if g is report.combined else "group"
        row = [level, g.name, "", g.payloads, *(g.totals.get(c, 0) for c in cands)]
        row += [_dropped_text(g.drops), "", g.picked, f"{g.change:.2f}", g.wins_text()]
        if tok:
            row += [(g.tokens or {}).get("json", ""), (g.tokens or {}).get("picked", "")]
        writer.writerow(row)
    for b in report.bad:
        writer.writerow(["bad", "", b.source, 0, *([""] * len(cands)), b.reason, "", "", "", ""])
    return out.getvalue()


def render(report: Report, fmt: str) -> str:
    """The report as ``table``, ``json``, ``csv`` or ``markdown`` text."""
    if fmt == "table":
        return _table(report)
    if fmt == "json":
        return json.dumps(report.as_dict(), ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        return _csv(report)
    if fmt == "markdown":
        return _markdown(report)
    raise ValueError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")


# --- chart --------------------------------------------------------------------------

_COLOURS = {"json": "#8c8c8c", "toon-flatten": "#1f77b4", "toon": "#2ca02c", "picked": "#d62728"}


def write_chart(report: Report, path: str | Path, *, title: str | None = None) -> None:
    """A grouped bar chart of bytes per group and strategy; format from the suffix
    (``.svg``, ``.png``, ``.pdf``).

    Bar heights are sizes relative to the group's JSON (JSON = 100%), on a linear axis
    from 0, so groups of very different sizes stay comparable without a misleading log
    axis; each bar is labelled with its bytes and its change against JSON.
    Needs matplotlib (``pip install 'toon-picker[chart]'``); ImportError otherwise.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = list(report.groups.values())
    if report.combined and len(groups) > 1:
        groups.append(report.combined)
    series = [*report.candidates, "picked"]
    width = 0.84 / len(series)
    rc: dict[str, Any] = {"svg.hashsalt": "toon-picker", "svg.fonttype": "none", "font.size": 9}
    with plt.rc_context(rc):  # type: ignore[arg-type]
        fig, ax = plt.subplots(figsize=(max(6.5, 1.25 * len(groups) * len(series) / 3 + 2), 5.2))
        top = 100.0
        for i, name in enumerate(series):
            offset = (i - (len(series) - 1) / 2) * width
            sizes = [g.picked if name == "picked" else g.totals.get(name, 0) for g in groups]
            shares = [
                100.0 * size / g.totals["json"] if g.totals.get("json") else 0.0
                for size, g in zip(sizes, groups, strict=True)
            ]
            top = max(top, *shares)
            xs = [x + offset for x in range(len(groups))]
            bars = ax.bar(xs, shares, width * 0.92, label=name, color=_COLOURS.get(name, f"C{i}"))
            for bar, size, share in zip(bars, sizes, shares, strict=True):
                label = _kb(size) if name == "json" else f"{_kb(size)}  {share - 100:+.1f}%"
                ax.text(
                    bar.get_x() + bar.get_width() / 2,
                    2,
                    label,
                    rotation=90,
                    ha="center",
                    va="bottom",
                    fontsize=7,
                    color="white",
                )
        ax.axhline(100, color="black", linewidth=0.8, linestyle="--")
        ax.set_ylim(0, top * 1.08)
        ax.set_ylabel("bytes relative to JSON (%)")
        ax.set_xticks(list(range(len(groups))))
        ax.set_xticklabels(
            [f"{g.name}\n{_n(g.payloads, 'payload')}" for g in groups],
            rotation=20 if len(groups) > 4 else 0,
            ha="right" if len(groups) > 4 else "center",
            fontsize=8,
        )
        ax.legend(ncols=len(series), loc="lower center", bbox_to_anchor=(0.5, 1.0), frameon=False)
        ax.set_title(
            title
            or f"Bytes per group and strategy ({len(report.payloads)} payloads, "
            f"min-saving {report.min_saving:g})",
            pad=24,
        )
        ax.grid(axis="y", alpha=0.3)
        ax.set_axisbelow(True)
        fig.tight_layout()
        fig.savefig(path, metadata={"Date": None} if str(path).endswith(".svg") else None)
        plt.close(fig)


def stderr_progress() -> TextIO | None:
    """stderr when it is a terminal (the progress bar never goes to files or pipes)."""
    return sys.stderr if sys.stderr.isatty() else None
