"""Fast TOON backends: each installed one is checked against the reference.

``backend`` runs a test once per fast backend that is installed and offered (none: one
skipped test). A refused one (``_backends._REFUSED``) is covered by ``test_verdicts.py``
instead, which checks that its documented disagreements are real and that it is not
offered.
"""

from __future__ import annotations

import importlib.util

import pytest

from toon_picker import _backends

FAST = ("toons", "etoon")
INSTALLED = tuple(name for name in FAST if importlib.util.find_spec(name) is not None)


OFFERED = tuple(name for name in INSTALLED if name not in _backends._REFUSED)


@pytest.fixture(
    params=OFFERED
    or [pytest.param("", marks=pytest.mark.skip(reason="no fast backend installed and offered"))],
    scope="session",
)
def backend(request: pytest.FixtureRequest) -> str:
    """Each installed and offered fast backend (pip install 'toon-picker[fast]')."""
    name: str = request.param
    return name
