"""``toon-picker report`` output: a terminal table, JSON, CSV or Markdown.

Every format shows each unit side by side (bytes, and tokens when counted), the pick of
the report's measure, the change against compact JSON (and against the baseline when it
is not compact), and the regressions: picks whose text costs more in a unit than the JSON
text (for bytes picks, the token regressions). Bad inputs are not part of the report
text (the command line lists them on standard error); the JSON format keeps them as data.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from ._measures import Measure
from ._report import Group, Measured, Measurements, change

__all__ = ["FORMATS", "as_data", "bad_inputs_text", "plural", "render"]

FORMATS = ("table", "json", "csv", "markdown")


def plural(count: int, noun: str) -> str:
    """``1 payload``, ``2 payloads``, ``1 bad input``."""
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _pct(x: float) -> str:
    return f"{x:+.1f}%"


def _regressions_name(unit: Measure) -> str:
    return "byte regressions" if unit == "bytes" else "token regressions"


def _noun(unit: Measure) -> str:
    """``bytes``, ``o200k_base tokens``."""
    return unit if unit == "bytes" else f"{unit} tokens"


def _short(source: str) -> str:
    return source.rsplit("/", 1)[-1]


def _dropped_text(drops: dict[str, int] | dict[str, str]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in drops.items())


def _groups(report: Measurements) -> list[Group]:
    return [*report.groups.values(), *([report.combined] if report.combined else [])]


def _settings_text(report: Measurements) -> str:
    text = (
        f"candidates {','.join(report.candidates)}; picks by {report.measure} "
        f"(min-saving {report.min_saving:g}); units {', '.join(report.units)}; "
        f"baseline {report.baseline}"
    )
    return text + (f"; fields {','.join(report.fields)}" if report.fields else "")


def bad_inputs_text(report: Measurements) -> str:
    """The list of skipped inputs, for standard error (empty when there is none)."""
    if not report.bad:
        return ""
    lines = [f"toon-picker report: {plural(len(report.bad), 'bad input')} skipped:"]
    lines += [f"  {b.source}: {b.reason}" for b in report.bad]
    return "\n".join(lines) + "\n"


# --- table ------------------------------------------------------------------------------


class _Columns:
    """The numeric columns of the table: [baseline] candidates picked change [vs baseline]."""

    def __init__(self, report: Measurements) -> None:
        self.report = report
        self.base = report.baseline_indent > 0
        self.heads = (
            (["baseline"] if self.base else [])
            + list(report.candidates)
            + ["picked", "change"]
            + (["vs baseline"] if self.base else [])
        )
        self.widths = [max(len(h), 8) for h in self.heads]
        self.unit_w = max(len(u) for u in report.units)

    def line(self, label: str, width: int, unit: str, cells: Sequence[str], note: str) -> str:
        row = f"  {label[:width]:<{width}}  {unit:<{self.unit_w}}"
        row += "".join(f"  {c:>{w}}" for c, w in zip(cells, self.widths, strict=True))
        return (row + f"  {note}").rstrip()

    def head(self, label: str, width: int, note: str) -> str:
        return self.line(label, width, "unit", self.heads, note)

    def payload_cells(self, m: Measured, unit: Measure) -> list[str]:
        sizes = m.sizes[unit]
        cells = [str(m.baseline[unit])] if self.base else []
        cells += [str(sizes[c]) if c in sizes else "dropped" for c in self.report.candidates]
        cells += [str(m.picked(unit)), _pct(m.change(unit))]
        return cells + ([_pct(m.change(unit, baseline=True))] if self.base else [])

    def group_cells(self, g: Group, unit: Measure) -> list[str]:
        cells = [str(g.baseline[unit])] if self.base else []
        cells += [str(g.totals[unit][c]) for c in self.report.candidates]
        cells += [str(g.picked_size(unit)), _pct(g.change(unit))]
        return cells + ([_pct(g.change(unit, baseline=True))] if self.base else [])


def _payload_note(m: Measured, unit: Measure) -> str:
    if unit == m.measure:
        return m.strategy
    notes = []
    if m.regression(unit):
        notes.append(f"{_regressions_name(unit)[:-1]}: more {_noun(unit)} than JSON")
    if m.picks[unit] != m.strategy:
        notes.append(f"by {unit}: {m.picks[unit]}")
    return "; ".join(notes)


def _group_note(g: Group, unit: Measure) -> str:
    if unit == g.measure:
        note = f"wins: {g.wins_text()}"
        return note + (f"; dropped: {_dropped_text(g.drops)}" if g.drops else "")
    note = f"{_regressions_name(unit)}: {g.regressions[g.measure][unit]}/{g.payloads}"
    if g.picked[unit] != g.picked[g.measure]:  # picking by this unit ships other texts
        alt = g.picked_size(unit, unit)
        note += f"; picking by {unit}: {alt} ({_pct(g.change(unit, rule=unit))})"
    return note


def _table(report: Measurements) -> str:
    if not report.payloads:
        return combined_line(report) + "\n"
    cols = _Columns(report)
    width = min(max([len("group total"), *(len(_short(m.source)) for m in report.payloads)]), 60)
    lines = [
        f"toon-picker report: {plural(len(report.payloads), 'payload')} in "
        f"{plural(len(report.groups), 'group')}; {_settings_text(report)}"
    ]
    for group in report.groups.values():
        lines += ["", f"{group.name} ({plural(group.payloads, 'payload')})"]
        lines.append(cols.head("payload", width, "pick"))
        for m in report.payloads:
            if m.group == group.name:
                for i, unit in enumerate(report.units):
                    label = _short(m.source) if i == 0 else ""
                    lines.append(
                        cols.line(
                            label, width, unit, cols.payload_cells(m, unit), _payload_note(m, unit)
                        )
                    )
        lines += _group_rows(cols, group, "group total", width)
    name_w = max([len("combined"), *(len(g) for g in report.groups)])
    lines += ["", cols.head(f"{'group':<{name_w}} {'n':>5}", name_w + 6, "")]
    for g in _groups(report):
        lines += _group_rows(cols, g, f"{g.name:<{name_w}} {g.payloads:>5}", name_w + 6)
    lines += ["", combined_line(report)]
    return "\n".join(lines) + "\n"


def _group_rows(cols: _Columns, g: Group, label: str, width: int) -> list[str]:
    return [
        cols.line(
            label if i == 0 else "", width, unit, cols.group_cells(g, unit), _group_note(g, unit)
        )
        for i, unit in enumerate(cols.report.units)
    ]


def _mean_change(payloads: Sequence[Measured], unit: Measure) -> float:
    """Unweighted mean of the per-payload changes (one large payload cannot dominate it)."""
    return sum(m.change(unit) for m in payloads) / len(payloads) if payloads else 0.0


def combined_line(report: Measurements) -> str:
    """One line that sums the whole report up."""
    g = report.combined
    bad = f"; {plural(len(report.bad), 'bad input')} skipped" if report.bad else ""
    if g is None or not g.payloads:
        return f"combined: no payload measured{bad}"
    parts = []
    for unit in report.units:
        part = f"{unit} json {g.json(unit)}, picked {g.picked_size(unit)} ({_pct(g.change(unit))}"
        part += f", mean per payload {_pct(_mean_change(report.payloads, unit))}"
        if report.baseline_indent:
            part += f"; {_pct(g.change(unit, baseline=True))} vs {report.baseline}"
        parts.append(part + ")")
    text = (
        f"combined: {plural(g.payloads, 'payload')} in {plural(len(report.groups), 'group')}; "
        + "; ".join(parts)
        + f"; picks by {report.measure}: {g.wins_text()}"
    )
    for unit in report.units:
        if unit != report.measure:
            text += f"; {_regressions_name(unit)} {g.regressions[report.measure][unit]}"
    return text + bad


# --- json -------------------------------------------------------------------------------


def _unit_data(sizes: dict[str, int], picked: int, baseline: int, json_size: int) -> dict[str, Any]:
    return {
        "sizes": dict(sizes),
        "picked": picked,
        "baseline": baseline,
        "change_pct": round(change(picked, json_size), 2),
        "baseline_change_pct": round(change(picked, baseline), 2),
    }


def _group_data(g: Group) -> dict[str, Any]:
    units = {
        unit: {
            **_unit_data(g.totals[unit], g.picked_size(unit), g.baseline[unit], g.json(unit)),
            "regressions": g.regressions[g.measure][unit],
        }
        for unit in g.units
    }
    rules = {
        rule: {
            "picked": dict(g.picked[rule]),
            "wins": dict(g.wins[rule]),
            "regressions": dict(g.regressions[rule]),
        }
        for rule in g.units
    }
    return {
        "name": g.name,
        "payloads": g.payloads,
        "wins": dict(g.wins[g.measure]),
        "dropped": dict(g.drops),
        "units": units,
        "rules": rules,
    }


def as_data(report: Measurements) -> dict[str, Any]:
    """The report as JSON-ready data (the ``json`` format)."""
    payloads = [
        {
            "source": m.source,
            "group": m.group,
            "pick": m.strategy,
            "dropped": dict(m.dropped),
            "units": {
                unit: {
                    **_unit_data(
                        m.sizes[unit], m.picked(unit), m.baseline[unit], m.sizes[unit]["json"]
                    ),
                    "regression": m.regression(unit),
                }
                for unit in report.units
            },
            "picks": {rule: name for rule, name in m.picks.items()},
        }
        for m in report.payloads
    ]
    return {
        "settings": {
            "candidates": list(report.candidates),
            "min_saving": report.min_saving,
            "fields": list(report.fields) if report.fields else None,
            "group_by": report.group_by,
            "measure": report.measure,
            "units": list(report.units),
            "tokens": report.tokens,
            "baseline": report.baseline,
        },
        "payloads": payloads,
        "groups": [_group_data(g) for g in report.groups.values()],
        "combined": _group_data(report.combined) if report.combined else None,
        "bad": [{"source": b.source, "reason": b.reason} for b in report.bad],
        "notes": list(report.notes),
    }


# --- csv --------------------------------------------------------------------------------


def _csv(report: Measurements) -> str:
    cands, units, rule = report.candidates, report.units, report.measure
    others = [u for u in units if u != rule]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["level", "group", "source", "payloads", "pick", "wins", "dropped"]
    header += [f"pick_by_{u}" for u in others]
    for u in units:
        header += [f"{u}_{c}" for c in cands]
        header += [f"{u}_{k}" for k in ("baseline", "picked", "change_pct", "baseline_change_pct")]
        header.append(f"{u}_regressions")
    writer.writerow(header)
    for m in report.payloads:
        row: list[Any] = ["payload", m.group, m.source, 1, m.strategy, "", _dropped_text(m.dropped)]
        row += [m.picks[u] for u in others]
        for u in units:
            row += [m.sizes[u].get(c, "") for c in cands]
            row += [m.baseline[u], m.picked(u), f"{m.change(u):.2f}"]
            row += [f"{m.change(u, baseline=True):.2f}", int(m.regression(u))]
        writer.writerow(row)
    for g in _groups(report):
        level = "combined" if g is report.combined else "group"
        row = [level, g.name, "", g.payloads, "", g.wins_text(), _dropped_text(g.drops)]
        row += [g.wins_text(u) for u in others]
        for u in units:
            row += [g.totals[u][c] for c in cands]
            row += [g.baseline[u], g.picked_size(u), f"{g.change(u):.2f}"]
            row += [f"{g.change(u, baseline=True):.2f}", g.regressions[rule][u]]
        writer.writerow(row)
    return out.getvalue()


# --- markdown ---------------------------------------------------------------------------


def _markdown(report: Measurements) -> str:
    cands, units, base = report.candidates, report.units, report.baseline_indent > 0
    others = [u for u in units if u != report.measure]

    def unit_heads(u: str) -> list[str]:
        heads = [f"Baseline {u}"] if base else []
        heads += [f"`{c}` {u}" for c in cands] + [f"Picked {u}", f"Δ {u}"]
        return heads + ([f"Δ {u} vs baseline"] if base else [])

    def table(heads: list[str], left: int, right: int) -> list[str]:
        """Header and alignment: ``left`` text columns, numbers, ``right`` text columns."""
        numbers = len(heads) - left - right
        align = "|" + "---|" * left + "---:|" * numbers + "---|" * right
        return ["| " + " | ".join(heads) + " |", align]

    def pcts(changes: list[float]) -> list[str]:
        return [_pct(x) for x in changes]

    heads = ["Group", "Payloads"] + [h for u in units for h in unit_heads(u)]
    heads += ["Wins"] + [_regressions_name(u).capitalize() for u in others]
    lines = table(heads, 1, 1 + len(others))
    for g in _groups(report):
        b = "**" if g is report.combined else ""
        cells = [f"{b}{g.name}{b}", str(g.payloads)]
        for u in units:
            cells += [str(g.baseline[u])] if base else []
            cells += [str(g.totals[u][c]) for c in cands] + [str(g.picked_size(u))]
            cells += pcts([g.change(u)] + ([g.change(u, baseline=True)] if base else []))
        cells += [g.wins_text()] + [f"{g.regressions[report.measure][u]}" for u in others]
        lines.append("| " + " | ".join(cells) + " |")
    heads = ["Payload", "Group"] + [h for u in units for h in unit_heads(u)] + ["Pick"]
    heads += [f"More {_noun(u)} than JSON" for u in others]
    lines += ["", *table(heads, 2, 1 + len(others))]
    for m in report.payloads:
        cells = [f"`{_short(m.source)}`", m.group]
        for u in units:
            cells += [str(m.baseline[u])] if base else []
            cells += [
                str(m.sizes[u][c]) if c in m.sizes[u] else f"dropped ({m.dropped[c]})"
                for c in cands
            ]
            cells += [str(m.picked(u))]
            cells += pcts([m.change(u)] + ([m.change(u, baseline=True)] if base else []))
        cells += [f"`{m.strategy}`"] + ["yes" if m.regression(u) else "" for u in others]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", combined_line(report)]
    return "\n".join(lines) + "\n"


def render(report: Measurements, fmt: str) -> str:
    """The report as ``table``, ``json``, ``csv`` or ``markdown`` text."""
    if fmt == "table":
        return _table(report)
    if fmt == "json":
        return json.dumps(as_data(report), ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        return _csv(report)
    if fmt == "markdown":
        return _markdown(report)
    raise ValueError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
