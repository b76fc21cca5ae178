"""Every ``pycon`` example in the docs pages runs, and prints what the page says."""

from __future__ import annotations

import doctest
import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest
from _docs_helpers import ROOT

_BLOCK = re.compile(r"^```pycon\n(.*?)^```$", re.M | re.S)
PAGES = sorted(
    p
    for p in (ROOT / "docs").rglob("*.md")
    if "_gen" not in p.parts and "measurements" not in p.parts and _BLOCK.search(p.read_text())
)


def test_the_docs_have_examples() -> None:
    names = {p.relative_to(ROOT / "docs").as_posix() for p in PAGES}
    assert {"index.md", "guides/library.md", "guides/candidates.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT / "docs").as_posix())
def test_page_examples(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    if "toon_picker.mcp" in text and importlib.util.find_spec("mcp") is None:
        pytest.skip("the mcp extra is not installed")
    source = "\n".join(_BLOCK.findall(text))
    parser = doctest.DocTestParser()
    test = parser.get_doctest(source, {}, page.name, str(page), 0)
    assert test.examples, page
    failures: list[str] = []

    class Collect(doctest.DocTestRunner):
        def report_failure(self, out: Any, test: Any, example: Any, got: str) -> None:
            failures.append(f"{example.source.strip()}\nexpected: {example.want}got: {got}")

        def report_unexpected_exception(
            self, out: Any, test: Any, example: Any, exc_info: Any
        ) -> None:
            failures.append(f"{example.source.strip()}\nraised: {exc_info[1]!r}")

    runner = Collect(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=lambda _s: None)
    assert failures == [], "\n\n".join(failures)
