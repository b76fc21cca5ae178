"""The README's examples run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import toon_picker

ROOT = Path(__file__).resolve().parents[2]


def test_readme_examples() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert result.attempted >= 5
    assert result.failed == 0


def test_docstring_examples() -> None:
    from toon_picker import _flatten, _picker, _unflatten

    for module in (_flatten, _picker, _unflatten, toon_picker):
        assert doctest.testmod(module).failed == 0
