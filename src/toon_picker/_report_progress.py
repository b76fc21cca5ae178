"""A progress bar on standard error for long reports (``tqdm``, extra ``[report]``).

Quiet unless standard error is a terminal, quiet for runs shorter than
:data:`DELAY_S`, and absent (no bar, no message) when ``tqdm`` is not installed: a
progress bar is a courtesy, never a reason to fail or to write into a pipe.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Protocol, TextIO

__all__ = ["DELAY_S", "Progress", "progress_bar"]

DELAY_S = 1.0  # a bar appears only once a run has taken this long


class Progress(Protocol):
    def update(self, n: int) -> Any: ...

    def close(self) -> Any: ...


class _Silent:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def progress_bar(total: int, *, enabled: bool, stream: TextIO | None = None) -> Progress:
    """A bar over ``total`` input bytes on ``stream`` (standard error by default)."""
    if not enabled:
        return _Silent()
    try:
        tqdm: Any = importlib.import_module("tqdm")
    except ImportError:
        return _Silent()
    bar: Progress = tqdm.tqdm(
        total=total,
        desc="measuring",
        unit="B",
        unit_scale=True,
        unit_divisor=1024,
        file=stream if stream is not None else sys.stderr,
        disable=None,  # tqdm's rule: no bar when the stream is not a terminal
        delay=DELAY_S,
        leave=False,
        dynamic_ncols=True,
    )
    return bar
