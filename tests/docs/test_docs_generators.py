"""The docs generators on their own: missing pieces give a visible note, never a crash."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from _docs_helpers import ROOT

pytest.importorskip("markdown", reason="the docs extra is not installed")
pytest.importorskip("mkdocs", reason="the docs extra is not installed")


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "docs" / "_gen" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class _Config:
    use_directory_urls = True
    docs_dir = str(ROOT / "docs")


@pytest.fixture
def blocks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    module = _load("blocks")
    module.setup(_Config())
    yield module
    sys.modules.pop("blocks", None)


def test_include_of_a_missing_file_is_a_visible_note(blocks: Any) -> None:
    out = blocks.render("include", ["conformance/NOPE.md", "^Case"], page="conformance/index.md")
    assert out.startswith('!!! warning "Not generated: conformance/NOPE.md"')
    assert "is not written yet" in out
    assert blocks.NOTES == ["conformance/NOPE.md: `conformance/NOPE.md` is not written yet."]


def test_include_without_a_matching_heading_lists_the_headings(blocks: Any) -> None:
    out = blocks.render("include", ["conformance/README.md", "^No such"], page="x.md")
    assert "Not generated" in out
    assert '"Case format"' in out


def test_include_rewrites_links_for_the_page(
    blocks: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "conformance").mkdir()
    (tmp_path / "conformance" / "README.md").write_text(
        "# T\n\n## Links\n\n"
        "[spec](../spec/SPEC.md#s4.2), [schema](schema/x.json), [web](https://e.org)\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(blocks, "ROOT", tmp_path)
    out = blocks.render("include", ["conformance/README.md", "^Links"], page="conformance/index.md")
    assert "[spec](../spec/SPEC.md#s4.2)" in out
    assert "schema (`conformance/schema/x.json`)" in out
    assert "[web](https://e.org)" in out


def test_results_without_node_say_why(blocks: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    real_which = blocks.shutil.which
    monkeypatch.setattr(
        blocks.shutil, "which", lambda name: None if name == "node" else real_which(name)
    )
    out = blocks.render("conformance-results", [], page="conformance/results.md")
    assert "Python reference (in-process)" in out
    assert "Not generated: results of the JavaScript port" in out
    assert "`node` is not on PATH" in out


def test_measurements_without_the_fixtures_say_why(
    blocks: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(blocks, "SHARED_APIFY", tmp_path / "absent")
    out = blocks.render("measurements", ["apify"], page="measurements.md")
    assert "Not generated: byte tables for ../shared/fixtures/apify" in out


def test_unknown_block_fails_the_build(blocks: Any) -> None:
    with pytest.raises(SystemExit, match="unknown generated block"):
        blocks.render("no-such-block", [], page="index.md")


def test_a_generator_bug_becomes_a_note(blocks: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(page: str, args: list[str]) -> str:
        raise KeyError("items")

    monkeypatch.setitem(blocks.BLOCKS, "case-stats", broken)
    out = blocks.render("case-stats", [], page="conformance/index.md")
    assert "Not generated: case-stats" in out
    assert "KeyError('items')" in out


def test_a_hanging_command_becomes_a_note(blocks: Any) -> None:
    proc = blocks._run([sys.executable, "-c", "import time; time.sleep(5)"], timeout=0.5)
    assert proc.returncode == -1
    assert "timed out" in proc.stderr


def test_show_json_escapes_invisible_code_points(blocks: Any) -> None:
    assert blocks.show_json({"a\u2028": "\ud800\x07é"}) == '{"a\\u2028":"\\ud800\\u0007é"}'


def test_hrefs_between_pages(blocks: Any) -> None:
    assert blocks._href("conformance/cases.md", "spec/SPEC.md#s4.2") == "../../spec/SPEC/#s4.2"
    assert blocks._href("index.md", "spec/SPEC.md") == "spec/SPEC/"
    assert blocks._href("conformance/cases.md", "reference/errors.md#x") == (
        "../../reference/errors/#x"
    )


def test_doctest_blocks_are_fenced_outside_code_only() -> None:
    import markdown

    hooks = _load("hooks")
    md = markdown.Markdown(extensions=["fenced_code", hooks.DoctestBlocks()])
    html = md.convert("Text.\n\n>>> 1 + 1\n2\n\n```text\n>>> kept\n```\n")
    assert "<blockquote>" not in html
    assert html.count("<pre>") == 2
    assert 'class="language-pycon"' in html
    assert "&gt;&gt;&gt; kept" in html


def test_two_space_nested_lists_nest() -> None:
    import markdown

    hooks = _load("hooks")
    md = markdown.Markdown(extensions=["fenced_code", hooks.NestedLists()])
    html = md.convert("- outer\n  - inner\n    continued\n- next\n\n```\n  - code\n```\n")
    assert html.count("<ul>") == 2
    assert "<li>inner\ncontinued</li>" in html
    assert "  - code" in html
