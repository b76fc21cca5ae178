"""The built site: included spec text, generated pages, search index (no browser needed).

Expected values come from the sources (spec/SPEC.md, the case files, the Literal types),
not from the site, so a generator that drops or invents content fails here.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import get_args

import pytest
from _docs_helpers import ROOT, corpus_cases

from toon_picker import _errors

pytestmark = pytest.mark.slow  # the docs site build (mkdocs)


def _page(site_dir: Path, url: str) -> str:
    return (site_dir / url / "index.html").read_text(encoding="utf-8")


def _text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def test_spec_page_has_every_numbered_section_and_anchor(site_dir: Path) -> None:
    spec = (ROOT / "spec" / "SPEC.md").read_text(encoding="utf-8")
    anchors = re.findall(r'<a id="(s[0-9.]+)"></a>\n#+ (.+)', spec)
    assert len(anchors) > 30
    page = _page(site_dir, "spec/SPEC")
    for anchor, heading in anchors:
        assert f'id="{anchor}"' in page, anchor
        level = "h2" if "." not in anchor else "h3"
        headings = [_text(h) for h in re.findall(rf"<{level}[^>]*>(.*?)</{level}>", page, re.S)]
        assert any(h.strip("¶ ").startswith(heading.strip()) for h in headings), heading
    # Included, not copied: the docs source holds no spec sentence.
    source = (ROOT / "docs" / "spec" / "SPEC.md").read_text(encoding="utf-8")
    assert '--8<-- "spec/SPEC.md"' in source
    assert "Key normalisation" not in source


def test_case_browser_lists_every_case_with_its_spec_link(site_dir: Path) -> None:
    cases = corpus_cases()
    page = _page(site_dir, "conformance/cases")
    rows = re.findall(r'<tr id="([^"]+)" data-op="([a-z]+)" data-level="([a-z]+)"', page)
    assert sorted(rows) == sorted((c["id"], c["op"], c["level"]) for c in cases)
    spec_page = _page(site_dir, "spec/SPEC")
    links = re.findall(r'href="\.\./\.\./spec/SPEC/#(s[0-9.]+)"', page)
    assert len(links) == len(cases)
    assert all(f'id="{a}"' in spec_page for a in set(links))
    assert f"{len(cases)} of {len(cases)} cases" in page


def test_results_page_reports_a_real_run_of_the_reference(site_dir: Path) -> None:
    cases = corpus_cases()
    levels = Counter(c["level"] for c in cases)
    rows = [_text(r) for r in _page(site_dir, "conformance/results").split("<tr>")[1:]]
    row = next(r for r in rows if "Python reference" in r)
    assert f"{levels['must']} passed, 0 failed, 0 skipped" in row
    assert f"{levels['host']} passed, 0 failed, 0 skipped" in row
    assert "conforms" in row
    port = next(r for r in rows if "Python port" in r)
    assert f"{levels['must']} passed, 0 failed, 0 skipped" in port
    has_js = (ROOT / "conformance" / "ports" / "js" / "node_modules").is_dir()
    if shutil.which("node") and has_js:
        js = next(r for r in rows if "JavaScript port" in r)
        assert f"{levels['must']} passed, 0 failed" in js


def test_walkthrough_runs_the_readme_example_port(site_dir: Path) -> None:
    must_flatten = sum(1 for c in corpus_cases() if c["op"] == "flatten" and c["level"] == "must")
    text = _text(_page(site_dir, "conformance/walkthrough"))
    assert f"flatten: {must_flatten} passed, 0 failed" in text


def test_reason_tables_come_from_the_literals(site_dir: Path) -> None:
    page = _page(site_dir, "reference/errors")
    for code in get_args(_errors.Reason):
        assert f'<span id="{code}"></span>' in page, code
    for code in get_args(_errors.DropReason):
        assert f'<span id="dropped-{code}"></span>' in page, code
    assert "not described in spec" not in page
    assert "Spec and code disagree" not in page


def test_measurements_are_generated_from_the_report(site_dir: Path) -> None:
    from toon_picker._json import dumps

    page = _page(site_dir, "measurements")
    files = sorted((ROOT / "examples" / "apify").rglob("*.json"))
    total = sum(
        len(dumps(json.loads(f.read_text(encoding="utf-8"))).encode("utf-8")) for f in files
    )
    combined = next(r for r in page.split("<tr>") if "<strong>combined</strong>" in r)
    assert f">{len(files)}</td>" in combined
    assert f">{total}</td>" in combined
    assert (site_dir / "assets" / "charts" / "examples.svg").is_file()
    assert "assets/charts/examples.svg" in page


def test_no_block_is_missing_without_a_reason(site_dir: Path) -> None:
    """Each "Not generated" note must be explained by a piece really missing here."""
    allowed = set()
    if not (ROOT / "docs" / "backends.md").is_file():
        allowed.add("fast backends page")
    js = ROOT / "conformance" / "ports" / "js" / "node_modules"
    if not (shutil.which("node") and js.is_dir()):
        allowed.add("results of the JavaScript port")
    if not (ROOT.parent / "shared" / "fixtures" / "apify").is_dir():
        allowed.add("byte tables for ../shared/fixtures/apify")
    found = set()
    for page in site_dir.rglob("*.html"):
        found.update(re.findall(r"Not generated: ([^<]+)<", page.read_text(encoding="utf-8")))
    assert {html.unescape(f) for f in found} <= allowed


def test_search_index_finds_collision_in_the_spec(site_dir: Path) -> None:
    index = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    hits = [d["location"] for d in index["docs"] if "collision" in d["text"].lower()]
    assert any(loc.startswith("spec/SPEC/") for loc in hits)
    assert any(loc.startswith("conformance/cases/") for loc in hits)


def test_generated_pages_carry_no_build_specific_text(site_dir: Path) -> None:
    """Deterministic output: no absolute paths of this machine, no temporary folders."""
    for url in ("conformance/results", "conformance/walkthrough", "measurements", "guides/cli"):
        page = _page(site_dir, url)
        assert str(ROOT) not in page, url
        assert "/tmp/" not in page, url


def test_api_reference_documents_every_public_name(site_dir: Path) -> None:
    import toon_picker

    page = _page(site_dir, "reference/api")
    for name in toon_picker.__all__:
        assert f'id="toon_picker.{name}"' in page, name
    from toon_picker import strategies

    page = _page(site_dir, "reference/strategies")
    for name in strategies.__all__:
        if name.islower():  # the strategies (the constants have no docstring of their own)
            assert f'id="toon_picker.strategies.{name}"' in page, name


def test_spec_sections_link_to_the_cases_that_pin_them(site_dir: Path) -> None:
    counts = Counter(c["spec"] for c in corpus_cases())
    page = _page(site_dir, "spec/SPEC")
    links = dict(
        re.findall(r'<a href="\.\./\.\./conformance/cases/\?spec=([0-9.]+)">([0-9]+) ', page)
    )
    assert {k: int(v) for k, v in links.items()} == dict(counts)
