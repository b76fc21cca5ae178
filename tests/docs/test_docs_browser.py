"""The built site in headless Chromium: pages render, search works, the case browser
filters, no console errors. Screenshots go to artifacts/screenshots/ for a person to look
at. Skipped (with the reason) when Chromium is not installed; CI installs it.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from _docs_helpers import ARTIFACTS, Browser, corpus_cases

pytestmark = pytest.mark.slow  # the docs site build and a headless browser


def _visit(browser: Browser, url: str) -> None:
    browser.events.clear()
    browser.goto(url)
    browser.wait_for("document.readyState === 'complete'")


def test_home_renders_with_the_before_after_example(browser: Browser, site_url: str) -> None:
    _visit(browser, site_url)
    assert browser.evaluate("document.querySelector('h1').textContent").startswith("toon-picker")
    tabs = browser.evaluate(
        "[...document.querySelectorAll('.tabbed-labels label')].map(l => l.textContent)"
    )
    assert any(t.startswith("Before: JSON text") for t in tabs), tabs
    assert any(t.startswith("After:") for t in tabs), tabs
    browser.screenshot(ARTIFACTS / "home.png", full_page=True)
    assert browser.errors() == []


def test_spec_page_renders_and_anchors_work(browser: Browser, site_url: str) -> None:
    _visit(browser, site_url + "spec/SPEC/")
    h3 = browser.evaluate("[...document.querySelectorAll('h3')].map(h => h.textContent)")
    assert any(h.startswith("4.2 Key normalisation") for h in h3), h3
    assert browser.evaluate("document.getElementById('s4.2') !== null")
    browser.screenshot(ARTIFACTS / "spec.png")
    # Following a case's link lands on the section: the anchor is scrolled into view.
    _visit(browser, "about:blank")
    _visit(browser, site_url + "spec/SPEC/#s4.2")
    top = browser.wait_for(
        "(() => { const t = document.getElementById('s4.2').getBoundingClientRect().top;"
        " return t >= 0 && t < 300 ? t + 1 : 0; })()"
    )
    assert top
    browser.screenshot(ARTIFACTS / "spec-s4.2.png")
    assert browser.errors() == []


def test_search_finds_collision(browser: Browser, site_url: str) -> None:
    _visit(browser, site_url)
    browser.evaluate("document.querySelector('.md-search__input').focus()")
    browser.send("Input.insertText", text="collision")
    count = browser.wait_for("document.querySelectorAll('.md-search-result__item').length", 20)
    assert count > 0
    results = browser.evaluate(
        "[...document.querySelectorAll('.md-search-result__item')].map(i => i.textContent)"
    )
    assert any("ollision" in r for r in results), results[:5]
    links = browser.evaluate(
        "[...document.querySelectorAll('.md-search-result__link')].map(a => a.href)"
    )
    assert any("/spec/SPEC/" in link for link in links), links[:10]
    browser.screenshot(ARTIFACTS / "search.png")
    assert browser.errors() == []


def test_case_browser_lists_and_filters_cases(browser: Browser, site_url: str) -> None:
    cases = corpus_cases()
    by_op = Counter(c["op"] for c in cases)
    _visit(browser, site_url + "conformance/cases/")
    rows = browser.evaluate("document.querySelectorAll('.tp-cases tbody tr').length")
    assert rows == len(cases)
    visible = "document.querySelectorAll('.tp-cases tbody tr:not([hidden])').length"
    assert browser.evaluate(visible) == len(cases)
    browser.screenshot(ARTIFACTS / "cases.png")

    browser.evaluate(
        "(() => { const s = document.getElementById('tp-case-op'); s.value = 'unflatten';"
        " s.dispatchEvent(new Event('change')); })()"
    )
    assert browser.evaluate(visible) == by_op["unflatten"]
    assert browser.evaluate("document.getElementById('tp-case-count').textContent") == (
        f"{by_op['unflatten']} of {len(cases)} cases"
    )

    browser.evaluate("document.getElementById('tp-case-op').value = ''")
    browser.evaluate("document.getElementById('tp-case-filter').focus()")
    browser.send("Input.insertText", text="collision")
    shown = browser.evaluate(
        "[...document.querySelectorAll('.tp-cases tbody tr:not([hidden])')].map(r => r.id)"
    )
    # The filter matches the rendered row: id, tags, note, input, options, expectation.
    expected = [c["id"] for c in cases if "collision" in json.dumps(c, ensure_ascii=False)]
    assert 0 < len(shown) < len(cases)
    assert sorted(shown) == sorted(expected)
    browser.screenshot(ARTIFACTS / "cases-filtered.png")
    assert browser.errors() == []


def test_case_browser_filter_from_the_url(browser: Browser, site_url: str) -> None:
    apify = [c["id"] for c in corpus_cases() if c["id"].startswith("pick.apify.")]
    _visit(browser, site_url + "conformance/cases/?filter=pick.apify.")
    shown = browser.evaluate(
        "[...document.querySelectorAll('.tp-cases tbody tr:not([hidden])')].map(r => r.id)"
    )
    assert apify
    assert sorted(shown) == sorted(apify)
    # The theme's search (which reads ?q=) stays closed.
    assert browser.evaluate("document.querySelector('[data-md-toggle=search]').checked") is False
    assert browser.errors() == []


@pytest.mark.parametrize(
    "url",
    [
        "conformance/",
        "conformance/walkthrough/",
        "conformance/results/",
        "guides/library/",
        "guides/cli/",
        "guides/mcp/",
        "reference/api/",
        "reference/strategies/",
        "reference/errors/",
        "measurements/",
        "CHANGELOG/",
        "spec/VERSIONING/",
    ],
)
def test_other_pages_render_without_console_errors(
    browser: Browser, site_url: str, url: str
) -> None:
    _visit(browser, site_url + url)
    assert browser.evaluate("document.querySelector('article h1') !== null")
    broken = browser.evaluate(
        "[...document.images].filter(i => i.complete && i.naturalWidth === 0).map(i => i.src)"
    )
    assert broken == []
    if url == "measurements/":
        browser.screenshot(ARTIFACTS / "measurements.png", full_page=True)
    assert browser.errors() == []


def test_case_browser_selects_a_spec_section_from_the_url(browser: Browser, site_url: str) -> None:
    pinned = [c["id"] for c in corpus_cases() if c["spec"] == "4.3"]
    _visit(browser, site_url + "conformance/cases/?spec=4.3")
    shown = browser.evaluate(
        "[...document.querySelectorAll('.tp-cases tbody tr:not([hidden])')].map(r => r.id)"
    )
    assert pinned
    assert sorted(shown) == sorted(pinned)
    assert browser.errors() == []
