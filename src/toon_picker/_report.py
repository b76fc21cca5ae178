"""``toon-picker report``, the measuring part: does TOON pay on these payloads, by how much,
in bytes and in tokens, and which candidate wins?

:func:`build_report` reads the inputs (``_report_inputs``), runs the picker's
:func:`~toon_picker._picker.encode_candidates` once per payload, counts every candidate text
in each unit (UTF-8 bytes, and the tokens of one tiktoken encoding when the ``[tokens]``
extra is installed). It never encodes a payload itself: every size is of a text the
picker made, so a count describes exactly the text :func:`~toon_picker.pick` ships.
The winner under each unit comes from :func:`~toon_picker._picker.choose` on those sizes.
Rendering lives in ``_report_render``, the chart in ``_report_chart``, the command line
in ``_cli_report``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from . import _backends, _picker
from ._errors import ToonPickerError
from ._measures import TOKEN_MEASURES, Measure, counter
from ._project import project
from ._report_baseline import baseline_indent, baseline_name, indent_json
from ._report_inputs import BadInput, group_key, input_files, read_payloads
from ._report_progress import progress_bar

__all__ = ["DEFAULT_TOKENS", "Group", "Measured", "Measurements", "build_report"]

DEFAULT_TOKENS: Measure = "o200k_base"
_UNSET: Any = object()


def change(size: int, base: int) -> float:
    """``size`` against ``base`` in percent (negative = smaller)."""
    return 0.0 if base == 0 else (size - base) / base * 100.0


@dataclass(frozen=True)
class Measured:
    """One payload: every candidate's size in every unit, and each unit's pick.

    ``sizes[unit][candidate]`` holds the eligible candidates only; ``picks[rule]`` is the
    candidate the picker ships when it measures in ``rule`` (every unit is also a rule);
    ``baseline[unit]`` is the size of the text the user ships today.
    """

    source: str
    group: str
    measure: Measure
    sizes: dict[Measure, dict[str, int]]
    dropped: dict[str, str]
    picks: dict[Measure, str]
    baseline: dict[Measure, int]

    @property
    def strategy(self) -> str:
        """The pick of the report's measure."""
        return self.picks[self.measure]

    def picked(self, unit: Measure, rule: Measure | None = None) -> int:
        return self.sizes[unit][self.picks[rule or self.measure]]

    def change(self, unit: Measure, *, baseline: bool = False) -> float:
        base = self.baseline[unit] if baseline else self.sizes[unit]["json"]
        return change(self.picked(unit), base)

    def regression(self, unit: Measure, rule: Measure | None = None) -> bool:
        """True when the pick costs more in ``unit`` than the JSON text."""
        return self.picked(unit, rule) > self.sizes[unit]["json"]


@dataclass
class Group:
    """Totals over some payloads, per unit.

    ``totals[unit][c]`` is the size shipped if candidate ``c`` were forced on every
    payload, with JSON where ``c`` was dropped (``drops[c]`` counts those payloads).
    ``picked[rule][unit]``, ``wins[rule]`` and ``regressions[rule][unit]`` (picks that
    cost more in ``unit`` than JSON) describe the picks made by measuring in ``rule``.
    """

    name: str
    candidates: tuple[str, ...]
    units: tuple[Measure, ...]
    measure: Measure
    payloads: int = 0
    totals: dict[Measure, dict[str, int]] = field(default_factory=dict)
    drops: dict[str, int] = field(default_factory=dict)
    baseline: dict[Measure, int] = field(default_factory=dict)
    picked: dict[Measure, dict[Measure, int]] = field(default_factory=dict)
    wins: dict[Measure, dict[str, int]] = field(default_factory=dict)
    regressions: dict[Measure, dict[Measure, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for unit in self.units:
            self.totals[unit] = dict.fromkeys(self.candidates, 0)
            self.baseline[unit] = 0
            self.picked[unit] = dict.fromkeys(self.units, 0)
            self.wins[unit] = {}
            self.regressions[unit] = dict.fromkeys(self.units, 0)

    def add(self, m: Measured) -> None:
        self.payloads += 1
        for unit in self.units:
            sizes = m.sizes[unit]
            for name in self.candidates:
                self.totals[unit][name] += sizes.get(name, sizes["json"])
            self.baseline[unit] += m.baseline[unit]
        for name in self.candidates:
            if name in m.dropped:
                self.drops[name] = self.drops.get(name, 0) + 1
        for rule in self.units:
            strategy = m.picks[rule]
            self.wins[rule][strategy] = self.wins[rule].get(strategy, 0) + 1
            for unit in self.units:
                self.picked[rule][unit] += m.sizes[unit][strategy]
                self.regressions[rule][unit] += m.regression(unit, rule)

    def json(self, unit: Measure) -> int:
        return self.totals[unit]["json"]

    def picked_size(self, unit: Measure, rule: Measure | None = None) -> int:
        return self.picked[rule or self.measure][unit]

    def change(
        self, unit: Measure, *, rule: Measure | None = None, baseline: bool = False
    ) -> float:
        base = self.baseline[unit] if baseline else self.json(unit)
        return change(self.picked_size(unit, rule), base)

    def wins_text(self, rule: Measure | None = None) -> str:
        """``toon-flatten 10/18, json 8/18`` (most wins first, then candidate order)."""
        wins = self.wins[rule or self.measure]
        order = sorted(wins, key=lambda s: (-wins[s], self.candidates.index(s)))
        return ", ".join(f"{s} {wins[s]}/{self.payloads}" for s in order)


@dataclass
class Measurements:
    """What :func:`build_report` measured: settings, payloads, groups, bad inputs.

    ``units`` is ``("bytes",)`` or ``("bytes", encoding)``; ``measure`` (one of them) is
    the unit the picks are made in; ``notes`` are one-line remarks for standard error
    (a tokenizer that is not installed, say).
    """

    candidates: tuple[str, ...]
    min_saving: float
    fields: tuple[str, ...] | None
    group_by: str
    measure: Measure
    units: tuple[Measure, ...]
    baseline_indent: int = 0
    payloads: list[Measured] = field(default_factory=list)
    bad: list[BadInput] = field(default_factory=list)
    groups: dict[str, Group] = field(default_factory=dict)
    combined: Group | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def tokens(self) -> Measure | None:
        """The token encoding counted beside bytes, or None."""
        return next((u for u in self.units if u != "bytes"), None)

    @property
    def baseline(self) -> str:
        return baseline_name(self.baseline_indent)

    def group(self, name: str) -> Group:
        if name not in self.groups:
            self.groups[name] = Group(name, self.candidates, self.units, self.measure)
        return self.groups[name]


def build_report(
    paths: Sequence[str],
    *,
    candidates: Sequence[str] = ("json", "toon-flatten"),
    min_saving: float = 0.0,
    fields: Sequence[str] | None = None,
    group_by: str = "folder",
    measure: str = "bytes",
    tokens: str | None = _UNSET,
    baseline: str = "compact",
    progress: bool = False,
) -> Measurements:
    """Measure every payload under ``paths``.

    Picks are made by ``measure`` (``"bytes"``, ``"o200k_base"`` or ``"cl100k_base"``).
    ``tokens`` names the encoding counted beside bytes (default: the measure's, else
    ``o200k_base``; None for bytes only); when its tokenizer is not installed, the report
    counts bytes only and says so in ``notes``. ``baseline`` is ``"compact"`` or
    ``"indent:N"`` (``JSON.stringify(value, null, N)``). ``progress`` shows a bar on
    standard error when it is a terminal. ValueError for bad options.
    """
    names = tuple(dict.fromkeys(["json", *candidates]))
    _picker.pick([], candidates=names, min_saving=min_saving)  # ValueError on bad options
    key = group_key(group_by)
    rule = cast(Measure, measure)
    counter(rule)  # ValueError for an unknown measure or a tokenizer that is missing
    units, notes = _units(rule, tokens)
    report = Measurements(
        names,
        min_saving,
        tuple(fields) if fields else None,
        group_by,
        rule,
        units,
        baseline_indent(baseline),
        notes=notes,
    )
    measure_one = _measurer(report)
    files = input_files(paths, report.bad)
    sizes = [_file_size(path) for path, _ in files]
    combined = Group("combined", names, units, rule)
    bar = progress_bar(sum(sizes), enabled=progress)
    try:
        for (path, root), size in zip(files, sizes, strict=True):
            group = key(path, root)
            for item in read_payloads(path):
                if isinstance(item, BadInput):
                    report.bad.append(item)
                    continue
                bar.update(item.size)
                size -= item.size
                try:
                    value = project(item.value, fields) if fields else item.value
                    measured = measure_one(value, item.source, group)
                except ToonPickerError as exc:
                    report.bad.append(
                        BadInput(item.source, f"{exc.reason} at {exc.path}: {exc.detail}")
                    )
                    continue
                report.payloads.append(measured)
                report.group(group).add(measured)
                combined.add(measured)
            bar.update(max(size, 0))
    finally:
        bar.close()
    report.combined = combined
    return report


def _units(measure: Measure, tokens: str | None) -> tuple[tuple[Measure, ...], list[str]]:
    """The units to count in, and a note when the token encoding cannot be counted."""
    if tokens is _UNSET:
        tokens = measure if measure != "bytes" else DEFAULT_TOKENS
    if tokens is not None and tokens not in TOKEN_MEASURES:
        raise ValueError(f"unknown token encoding {tokens!r} (known: {', '.join(TOKEN_MEASURES)})")
    if measure != "bytes":
        if tokens is not None and tokens != measure:
            raise ValueError(
                f"the picks are measured in {measure} tokens; counting {tokens} beside them "
                "is not supported (drop --tokens, or pick by bytes)"
            )
        return ("bytes", measure), []
    if tokens is None:
        return ("bytes",), []
    try:
        counter(tokens)
    except ValueError as exc:
        return ("bytes",), [f"tokens not counted, bytes only: {exc}"]
    return ("bytes", tokens), []


def _measurer(report: Measurements) -> Callable[[Any, str, str], Measured]:
    """The function that measures one payload under ``report``'s settings."""
    names, rule, units = report.candidates, report.measure, report.units
    count = {unit: counter(unit) for unit in units}
    indent, min_saving = report.baseline_indent, report.min_saving

    def measure_one(value: Any, source: str, group: str) -> Measured:
        made = _picker.encode_candidates(
            value,
            names=names,
            measure=rule,
            dots="rename",
            verify=False,
            default=None,
            backend=_backends.DEFAULT_BACKEND,
        )
        sizes: dict[Measure, dict[str, int]] = {rule: dict(made.sizes)}
        for unit in units:
            if unit != rule:  # the same texts, counted in the other unit
                sizes[unit] = {name: count[unit](text) for name, text in made.texts.items()}
        picks: dict[Measure, str] = {
            unit: _picker.choose(
                _picker.Candidates(made.texts, sizes[unit], made.dropped, unit), min_saving
            ).strategy
            for unit in units
        }
        if indent:
            shipped = indent_json(made.texts["json"], indent)
            base = {unit: count[unit](shipped) for unit in units}
        else:
            base = {unit: sizes[unit]["json"] for unit in units}
        return Measured(source, group, rule, sizes, dict(made.dropped), picks, base)

    return measure_one


def _file_size(path: Any) -> int:
    try:
        return int(path.stat().st_size)
    except OSError:
        return 0
