"""The README's examples run as written."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

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


# Where a newcomer meets install lines. toon-picker is not on PyPI yet, so each one must
# install from a checkout (".", ".[mcp]") or a path, never by the bare package name.
INSTALL_LINE_FILES = sorted(
    {
        ROOT / "README.md",
        ROOT / "conformance" / "README.md",
        *(ROOT / "docs" / "guides").glob("*.md"),
        *(ROOT / "docs" / "reference").glob("*.md"),
        ROOT / "src" / "toon_picker" / "strategies" / "__init__.py",
        ROOT / "examples" / "mcp_server.py",
    }
)
_PIP_INSTALL = re.compile(r"pip install\s+((?:-\S+\s+)*)([\"']?)([^\s\"'`]+)")


@pytest.mark.parametrize("path", INSTALL_LINE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_install_lines_work_before_pypi(path: Path) -> None:
    targets = [m.group(3) for m in _PIP_INSTALL.finditer(path.read_text("utf-8"))]
    from_index = [t for t in targets if re.match(r"toon-picker(\[|$)", t)]
    assert from_index == [], f"{path.name}: pip install {from_index[0]} needs PyPI"


def test_the_mcp_guide_names_the_sdk_range_of_pyproject() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    (spec,) = re.findall(r'^mcp = \["mcp(.*)"\]', pyproject, re.M)
    assert spec in (ROOT / "docs" / "guides" / "mcp.md").read_text("utf-8")
