"""MkDocs hooks for the toon-picker site.

The spec page gets, under each numbered heading that conformance cases cite, a link to
those cases in the case browser (``on_page_content``): the spec text itself is included
unchanged, and the counts come from the case files at build time.

Repository Markdown (CHANGELOG.md, conformance/README.md) nests lists GitHub's way, under
two spaces; ``NestedLists`` re-indents those items to the four spaces Python-Markdown needs.

Docstrings in ``src/`` carry doctest examples (``>>> ...`` lines, checked by the tests);
Markdown would render them as nested block quotes. The ``DoctestBlocks`` preprocessor
fences each run of doctest lines as ``pycon`` code, in docstrings (mkdocstrings renders
them with the site's Markdown extensions) and pages alike. Lines inside existing fences are
left alone.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parents[2]
_HEADING = re.compile(r'(<h([23]) id="[^"]*">([0-9]+(?:\.[0-9]+)?)\.? [^\n]*?</h\2>)')
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")


class _DoctestPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence: str | None = None
        in_doctest = False
        for line in lines:
            match = _FENCE.match(line)
            if in_doctest and (not line.strip() or match):
                out.append("```")
                in_doctest = False
            if fence is not None:
                if match and match[1].startswith(fence):
                    fence = None
            elif match:
                fence = match[1]
            elif not in_doctest and line.startswith(">>> "):
                if out and out[-1].strip():
                    out.append("")
                out.append("```pycon")
                in_doctest = True
            out.append(line)
        if in_doctest:
            out.append("```")
        return out


_TWO_SPACE_ITEM = re.compile(r"^  (?=(?:[-*+]|[0-9]+\.) )")


class _NestedListsPreprocessor(Preprocessor):
    """GitHub nests list items under two spaces; Python-Markdown needs four."""

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence: str | None = None
        for line in lines:
            match = _FENCE.match(line)
            if fence is not None:
                if match and match[1].startswith(fence):
                    fence = None
            elif match:
                fence = match[1]
            elif _TWO_SPACE_ITEM.match(line):
                line = "  " + line
            out.append(line)
        return out


class NestedLists(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        # After pymdownx.snippets (32), so included repository files are fixed too.
        md.preprocessors.register(_NestedListsPreprocessor(md), "toon_picker_lists", 29)


class DoctestBlocks(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        # After pymdownx.snippets (32), before the fenced-code preprocessors (25).
        md.preprocessors.register(_DoctestPreprocessor(md), "toon_picker_doctest", 28)


@event_priority(100)  # before mkdocstrings reads the Markdown extensions
def on_config(config: Any) -> Any:
    config.markdown_extensions.extend([DoctestBlocks(), NestedLists()])
    return config


def _cases_per_section() -> Counter[str]:
    counts: Counter[str] = Counter()
    for path in sorted((ROOT / "conformance" / "cases").glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        counts.update(str(case.get("spec", "")) for case in data.get("cases", []))
    return counts


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    if page.file.src_uri != "spec/SPEC.md":
        return html
    browser = files.get_file_from_path("conformance/cases.md")
    if browser is None:
        return html
    href = browser.url_relative_to(page.file)
    counts = _cases_per_section()

    def link(match: re.Match[str]) -> str:
        number = match[3]
        n = counts.get(number, 0)
        if match[2] != "3" or not n:
            return match[1]
        cases = "case pins" if n == 1 else "cases pin"
        return (
            f'{match[1]}\n<p class="tp-spec-cases"><a href="{href}?spec={number}">'
            f"{n} conformance {cases} this section</a></p>"
        )

    return _HEADING.sub(link, html)
