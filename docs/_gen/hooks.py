"""MkDocs hooks for the toon-picker site.

Docstrings in ``src/`` carry doctest examples (``>>> ...`` lines, checked by the tests);
Markdown would render them as nested block quotes. The ``DoctestBlocks`` preprocessor
fences each run of doctest lines as ``pycon`` code, in docstrings (mkdocstrings renders
them with the site's Markdown extensions) and pages alike. Lines inside existing fences are
left alone.
"""

from __future__ import annotations

import re
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from mkdocs.plugins import event_priority

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


class DoctestBlocks(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        # After pymdownx.snippets (32), before the fenced-code preprocessors (25).
        md.preprocessors.register(_DoctestPreprocessor(md), "toon_picker_doctest", 28)


@event_priority(100)  # before mkdocstrings reads the Markdown extensions
def on_config(config: Any) -> Any:
    config.markdown_extensions.append(DoctestBlocks())
    return config
