"""Fill the generated blocks of the docs at build time (run by the mkdocs-gen-files plugin).

A page asks for a generated block with an HTML comment on a line of its own::

    <!-- gen:case-browser -->
    <!-- gen:include conformance/README.md "^(Case|Cases)" -->

and this script replaces the comment with markdown built from the code, the corpus, the
runner and the report command (see ``blocks.py``). A block whose source is missing (a
file not written yet, Node not installed) becomes a visible "not generated" note that
says why, and is logged; the build goes on.
"""

from __future__ import annotations

import logging
import re
import shlex
import sys
from pathlib import Path

import mkdocs_gen_files

sys.path.insert(0, str(Path(__file__).resolve().parent))

import blocks

log = logging.getLogger("mkdocs.plugins.toon_picker_docs")

_PLACEHOLDER = re.compile(r"^<!-- gen:(?P<name>[a-z-]+)(?P<args>[^>]*?)\s*-->$", re.MULTILINE)


def _fill(page: str, text: str) -> str:
    def replace(match: re.Match[str]) -> str:
        name, args = match["name"], shlex.split(match["args"])
        return blocks.render(name, args, page=page)

    return _PLACEHOLDER.sub(replace, text)


def main() -> None:
    editor = mkdocs_gen_files.FilesEditor.current()
    blocks.setup(editor.config)
    for file in list(editor.files):
        if not file.src_uri.endswith(".md") or file.abs_src_path is None:
            continue
        original = Path(file.abs_src_path).read_text(encoding="utf-8")
        if "<!-- gen:" not in original:
            continue
        filled = _fill(file.src_uri, original)
        with mkdocs_gen_files.open(file.src_uri, "w") as out:
            out.write(filled)
    for name, text in blocks.extra_files().items():
        mode = "wb" if isinstance(text, bytes) else "w"
        with mkdocs_gen_files.open(name, mode) as out:
            out.write(text)
    blocks.extend_nav(editor.config, {f.src_uri for f in editor.files})
    for note in blocks.NOTES:
        log.info("docs: not generated: %s", note)


main()
