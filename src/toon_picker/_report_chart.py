"""The report's bar chart: per group, every non-JSON candidate and the pick as a share of
the group's compact JSON, in bytes and (when counted) in tokens side by side.

JSON itself is the dashed 100% line, not a bar: a bar that is 100% everywhere tells
nothing. What varies is shown: each candidate against JSON, the pick (at most 100% in its
own measure, possibly above it in the other one: a regression), and the baseline when it
is not compact JSON (what the user ships today, usually above 100%).
Needs matplotlib (the extra ``toon-picker[chart]``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ._measures import Measure
from ._report import Group, Measurements
from ._report_render import plural

__all__ = ["write_chart"]

_COLOURS = {
    "toon-flatten": "#1f77b4",
    "toon": "#2ca02c",
    "picked": "#d62728",
    "baseline": "#8c8c8c",
}


def _series(report: Measurements) -> list[str]:
    return (
        (["baseline"] if report.baseline_indent else [])
        + [c for c in report.candidates if c != "json"]
        + ["picked"]
    )


def _share(g: Group, name: str, unit: Measure) -> float:
    if name == "picked":
        size = g.picked_size(unit)
    elif name == "baseline":
        size = g.baseline[unit]
    else:
        size = g.totals[unit][name]
    return 100.0 * size / g.json(unit) if g.json(unit) else 0.0


def write_chart(report: Measurements, path: str | Path, *, title: str | None = None) -> None:
    """Write the chart to ``path``; the format comes from the suffix (``.svg``, ``.png``,
    ``.pdf``). ImportError when matplotlib is not installed.

    Heights are shares of the group's JSON on a linear axis from 0, so groups of very
    different sizes stay comparable without a misleading log axis; each bar is labelled
    with its change against JSON.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    groups = list(report.groups.values())
    if report.combined and len(groups) > 1:
        groups.append(report.combined)
    series, units = _series(report), report.units
    bars_per_group = len(series) * len(units)
    width = 0.84 / bars_per_group
    rc: dict[str, Any] = {"svg.hashsalt": "toon-picker", "svg.fonttype": "none", "font.size": 9}
    with plt.rc_context(rc):  # type: ignore[arg-type]
        fig, ax = plt.subplots(
            figsize=(min(16.0, max(6.5, 0.25 * len(groups) * bars_per_group + 2)), 5.2)
        )
        top = 100.0
        for s, name in enumerate(series):
            for u, unit in enumerate(units):
                index = s * len(units) + u
                offset = (index - (bars_per_group - 1) / 2) * width
                shares = [_share(g, name, unit) for g in groups]
                top = max(top, *shares)
                bars = ax.bar(
                    [x + offset for x in range(len(groups))],
                    shares,
                    width * 0.92,
                    color=_COLOURS.get(name, f"C{s + 3}"),
                    alpha=1.0 if u == 0 else 0.55,
                    hatch="//" if u else None,
                    edgecolor="white",
                    linewidth=0.4,
                )
                for bar, share in zip(bars, shares, strict=True):
                    ax.text(
                        bar.get_x() + bar.get_width() / 2,
                        2,
                        f"{share - 100:+.1f}%",
                        rotation=90,
                        ha="center",
                        va="bottom",
                        fontsize=7,
                        color="black" if u else "white",
                    )
        ax.axhline(100, color="black", linewidth=0.8, linestyle="--")
        ax.set_ylim(0, top * 1.1)
        ax.set_ylabel("size relative to compact JSON (%; JSON = 100%, dashed)")
        ax.set_xticks(list(range(len(groups))))
        ax.set_xticklabels(
            [f"{g.name}\n{plural(g.payloads, 'payload')}" for g in groups],
            rotation=20 if len(groups) > 4 else 0,
            ha="right" if len(groups) > 4 else "center",
            fontsize=8,
        )
        handles = [Patch(color=_COLOURS.get(n, f"C{i + 3}"), label=n) for i, n in enumerate(series)]
        handles += [
            Patch(facecolor="white", edgecolor="black", hatch="//" if u else None, label=unit)
            for u, unit in enumerate(units)
        ]
        ax.legend(
            handles=handles,
            ncols=len(handles),
            loc="lower center",
            bbox_to_anchor=(0.5, 1.0),
            frameon=False,
        )
        ax.set_title(
            title
            or f"Size against compact JSON per group, in {' and '.join(units)} "
            f"({plural(len(report.payloads), 'payload')}, picks by {report.measure})",
            pad=24,
        )
        ax.grid(axis="y", alpha=0.3)
        ax.set_axisbelow(True)
        fig.tight_layout()
        fig.savefig(path, metadata={"Date": None} if str(path).endswith(".svg") else None)
        plt.close(fig)
