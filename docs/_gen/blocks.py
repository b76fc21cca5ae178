"""The generated blocks of the docs site: each reads the code, the corpus or a command.

Every block is deterministic (no timestamps, no absolute paths) so two builds of the same
tree give the same site. A block that cannot be built returns a visible note saying why
(``_missing``) instead of failing the build or leaving a silent hole.
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import posixpath
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, get_args

ROOT = Path(__file__).resolve().parents[2]
SHARED_APIFY = ROOT.parent / "shared" / "fixtures" / "apify"
# Groups of the shared fixtures: `apify_api_<thing>_list|object`, else `<actor>_<kind>`.
FIXTURE_GROUPS = r"regex:^(apify_api_\w+?_(?:list|object)|[a-z]+_[a-z]+)"
NOTES: list[str] = []
_EXTRA: dict[str, str | bytes] = {}
_INCLUDED: dict[tuple[str, str], set[str]] = {}
_USE_DIRECTORY_URLS = True
_DOCS_DIR = ROOT / "docs"


def setup(config: Any) -> None:
    global _USE_DIRECTORY_URLS, _DOCS_DIR
    _USE_DIRECTORY_URLS = bool(config.use_directory_urls)
    _DOCS_DIR = Path(config.docs_dir)
    NOTES.clear()
    _EXTRA.clear()
    _INCLUDED.clear()


# --- helpers ---------------------------------------------------------------------------


def _missing(what: str, why: str) -> str:
    NOTES.append(f"{what}: {why}")
    return (
        f'!!! warning "Not generated: {what}"\n\n'
        f"    {why} This block is generated at build time; rebuild the site when the "
        "missing piece is there.\n"
    )


def _url(src_uri: str) -> str:
    """The site URL (relative to the site root) of the docs file ``src_uri``."""
    if not src_uri.endswith(".md"):
        return src_uri
    stem = src_uri[: -len(".md")]
    if not _USE_DIRECTORY_URLS:
        return stem + ".html"
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


def _href(page: str, target: str) -> str:
    """A relative href from docs page ``page`` to docs file ``target`` (``a.md#frag``)."""
    path, _, frag = target.partition("#")
    page_url, target_url = _url(page), _url(path)
    base = page_url.rstrip("/") if page_url.endswith("/") else posixpath.dirname(page_url)
    rel = posixpath.relpath(target_url or ".", base or ".")
    if (target_url.endswith("/") or not target_url) and not rel.endswith("/"):
        rel += "/"
    return rel + (f"#{frag}" if frag else "")


def _md_link(page: str, target: str) -> str:
    """A markdown link target from ``page`` to docs file ``target`` (mkdocs checks it)."""
    path, _, frag = target.partition("#")
    rel = posixpath.relpath(path, posixpath.dirname(page) or ".")
    return rel + (f"#{frag}" if frag else "")


_INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def show_json(value: Any, *, indent: int | None = None) -> str:
    """JSON text a reader can trust: every invisible or unpaired code point as ``\\uXXXX``.

    Such characters only occur inside JSON strings, so escaping them keeps the text valid
    JSON for the same value, while letters of every script stay readable.
    """
    separators = (",", ":") if indent is None else (",", ": ")
    text = json.dumps(value, ensure_ascii=False, indent=indent, separators=separators)
    out = []
    for ch in text:
        if ch not in "\n" and unicodedata.category(ch) in _INVISIBLE:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out)


def _run(argv: list[str], timeout: float = 120, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """Run a command in the project root; a hang becomes exit status -1, not a crash."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS="100")
    env.update(kwargs.pop("env", {}))
    try:
        return subprocess.run(
            argv,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env,
            check=False,
            **kwargs,
        )
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(argv, -1, "", f"timed out after {timeout:g} s")


def _cli(*args: str) -> list[str]:
    """``toon-picker ARGS`` with this interpreter (the venv's bin may not be on PATH)."""
    code = "import sys; from toon_picker.cli import main; sys.exit(main(sys.argv[1:]))"
    return [sys.executable, "-c", code, *args]


def _spec_text() -> str:
    return (ROOT / "spec" / "SPEC.md").read_text(encoding="utf-8")


def spec_anchors() -> set[str]:
    return set(re.findall(r'<a id="(s[0-9.]+)"></a>', _spec_text()))


def _spec_section(anchor: str) -> str:
    """The text of one numbered section of SPEC.md (up to the next anchor)."""
    text = _spec_text()
    start = text.find(f'<a id="{anchor}"></a>')
    if start < 0:
        return ""
    end = text.find('<a id="s', start + 1)
    return text[start : end if end >= 0 else len(text)]


def _spec_links(page: str, markdown: str) -> str:
    """Point the spec's own ``(#s4.1)`` links at the spec page, seen from ``page``."""
    spec = _md_link(page, "spec/SPEC.md")
    return re.sub(r"\]\(#(s[0-9.]+)\)", lambda m: f"]({spec}#{m[1]})", markdown)


# --- Home ------------------------------------------------------------------------------


def readme_quickstart(page: str, args: list[str]) -> str:
    """The first fenced block of README.md (the two commands), as it is there."""
    readme = ROOT / "README.md"
    if not readme.is_file():
        return _missing("quick start", "README.md is missing.")
    match = re.search(r"^(```[a-z]*\n.*?^```)$", readme.read_text(encoding="utf-8"), re.M | re.S)
    if match is None:
        return _missing("quick start", "README.md has no fenced code block.")
    return match[1] + "\n"


def before_after(page: str, args: list[str]) -> str:
    """Three rows of the bundled run list, projected to a few fields: JSON text vs pick."""
    from toon_picker import pick
    from toon_picker._json import dumps
    from toon_picker._project import project

    source = ROOT / "examples" / "apify" / "get-actor-run-list" / "actor_runs_20.json"
    if not source.is_file():
        return _missing("before/after example", f"{source.relative_to(ROOT)} is missing.")
    value = json.loads(source.read_text(encoding="utf-8"))
    fields = "id,status,startedAt,buildNumber,meta.origin,usageTotalUsd"
    rows = project(value, fields)["data"]["items"][:3]
    payload = {"items": rows}
    result = pick(payload)
    json_size = result.sizes["json"]
    picked = result.sizes[result.strategy]
    saving = 100 * (json_size - picked) / json_size
    return (
        f"The first three runs of `examples/apify/get-actor-run-list/actor_runs_20.json`, "
        f"projected to `{fields}`, as a tool would return them. The text a server ships "
        "today, and the text toon-picker ships instead:\n\n"
        f'=== "Before: JSON text ({json_size} bytes)"\n\n'
        f"    ```json\n    {dumps(payload)}\n    ```\n\n"
        f'=== "After: `{result.strategy}` ({picked} bytes, {saving:.0f}% fewer)"\n\n'
        "    ```text\n"
        + "".join(f"    {line}\n" for line in result.text.splitlines())
        + "    ```\n\n"
        f"`pick(payload).sizes` is `{show_json(result.sizes)}`; the `structuredContent` of "
        "an MCP result still carries the payload itself.\n"
    )


# --- Conformance -------------------------------------------------------------------------


def _corpus() -> Any:
    from toon_picker.conformance import load_corpus

    return load_corpus(ROOT / "conformance")


def _abridged(value: Any, limit: int = 240) -> str:
    """Compact JSON in a <code>, or a <details> with the pretty text when it is long."""
    compact = show_json(value)
    if len(compact) <= limit:
        return f"<code>{html.escape(compact)}</code>"
    head = html.escape(compact[:limit])
    return (
        f"<details><summary><code>{head}…</code> ({len(compact.encode())} bytes)</summary>"
        f"<pre><code>{html.escape(show_json(value, indent=1))}</code></pre></details>"
    )


def _visible(text: str) -> str:
    """HTML for ``text`` with each invisible code point (except newline) shown as a marker."""
    out = []
    for ch in text:
        if ch != "\n" and unicodedata.category(ch) in _INVISIBLE:
            out.append(f'<span class="tp-cp" title="one code point">U+{ord(ch):04X}</span>')
        else:
            out.append(html.escape(ch))
    return "".join(out)


def _expected(page: str, case: Any) -> str:
    if case.error is not None:
        href = _href(page, f"reference/errors.md#{case.error}")
        return f'error <a href="{href}"><code>{html.escape(case.error)}</code></a>'
    if case.op != "pick" or not isinstance(case.ok, dict):
        return _abridged(case.ok)
    ok = case.ok
    text = str(ok.get("text", ""))
    body = _visible(text) if text else "<em>(empty)</em>"
    sizes = html.escape(show_json(ok.get("sizes")))
    return f"<code>{html.escape(str(ok.get('strategy')))}</code> · sizes <code>{sizes}</code>" + (
        f"<pre><code>{body}</code></pre>"
        if len(text) <= 600
        else f"<details><summary>text ({len(text.encode())} bytes)</summary>"
        f"<pre><code>{body}</code></pre></details>"
    )


def case_stats(page: str, args: list[str]) -> str:
    try:
        corpus = _corpus()
    except Exception as exc:  # the corpus helper may be mid-change
        return _missing("corpus statistics", f"the corpus did not load ({exc}).")
    levels = Counter(c.level for c in corpus.cases)
    m = corpus.manifest
    return (
        f"Corpus **{corpus.version}** targets specification "
        f"**{m.get('spec_version', '?')}**; its TOON texts follow TOON specification "
        f"**{m.get('toon_spec_version', '?')}**. It holds **{len(corpus.cases)}** cases: "
        f"{levels['must']} at level `must`, {levels['host']} at level `host`.\n"
    )


def case_browser(page: str, args: list[str]) -> str:
    try:
        corpus = _corpus()
    except Exception as exc:
        return _missing("case browser", f"the corpus did not load ({exc}).")
    anchors = spec_anchors()
    rows = []
    for case in corpus.cases:
        anchor = "s" + case.spec
        if anchor in anchors:
            spec = f'<a href="{_href(page, "spec/SPEC.md#" + anchor)}">{case.spec}</a>'
        else:
            NOTES.append(f"case {case.id} cites spec {case.spec!r}, which has no anchor")
            spec = f'<span class="tp-bad" title="no such section">{html.escape(case.spec)}</span>'
        tags = " ".join(f"<span class='tp-tag'>{html.escape(t)}</span>" for t in case.tags)
        options = (
            f"<div class='tp-options'>options <code>{html.escape(show_json(case.options))}"
            "</code></div>"
            if case.options
            else ""
        )
        note = f"<div class='tp-note'>{html.escape(case.note)}</div>" if case.note else ""
        cid = html.escape(case.id)
        rows.append(
            f'<tr id="{cid}" data-op="{case.op}" data-level="{case.level}" '
            f'data-spec="{html.escape(case.spec)}">'
            f'<td><a class="tp-id" href="#{cid}"><code>{cid}</code></a><br>{tags}</td>'
            f"<td>{case.op}</td><td>{case.level}</td><td>{spec}</td>"
            f"<td>{_abridged(case.input)}{options}{note}</td><td>{_expected(page, case)}</td></tr>"
        )
    from toon_picker.conformance import OPS

    options = "".join(f'<option value="{op}">{op}</option>' for op in OPS)
    total = len(corpus.cases)
    numbers = sorted({c.spec for c in corpus.cases}, key=lambda v: [int(x) for x in v.split(".")])
    sections = "".join(
        f'<option value="{html.escape(n)}">{html.escape(n)}</option>' for n in numbers
    )
    return (
        f'<div class="tp-case-browser" data-total="{total}">\n'
        '<div class="tp-case-filters">'
        '<input type="search" id="tp-case-filter" '
        'placeholder="Filter: id, tag, section, input or expected text" aria-label="Filter cases">'
        '<select id="tp-case-op" aria-label="op"><option value="">every op</option>'
        f"{options}</select>"
        '<select id="tp-case-level" aria-label="level"><option value="">every level</option>'
        '<option value="must">must</option><option value="host">host</option></select>'
        '<select id="tp-case-spec" aria-label="spec section">'
        f'<option value="">every section</option>{sections}</select>'
        f'<span id="tp-case-count">{total} of {total} cases</span></div>\n'
        '<table class="tp-cases"><thead><tr><th>id</th><th>op</th><th>level</th>'
        "<th>spec</th><th>input</th><th>expected</th></tr></thead>\n<tbody>\n"
        + "\n".join(rows)
        + "\n</tbody></table>\n</div>\n"
    )


def _runner_report(port: str | None) -> tuple[dict[str, Any] | None, str]:
    """Run ``toon-picker conformance run --level host --json`` and load the report."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        argv = ["conformance", "run", "--level", "host", "--quiet", "--json", str(report)]
        if port is not None:
            argv += ["--port", port]
        proc = _run(_cli(*argv))
        if not report.is_file():
            last = (proc.stderr.strip() or proc.stdout.strip()).splitlines()[-1:]
            return None, f"the runner wrote no report (exit {proc.returncode}: {' '.join(last)})."
        return json.loads(report.read_text(encoding="utf-8")), ""


_FAILED = ("fail", "port-failure", "unexpected-pass")
_SKIPPED = ("skip", "known-failure")


def _counts(report: dict[str, Any], level: str) -> Counter[str]:
    """passed / failed / skipped per level, the runner's own grouping of statuses."""
    out: Counter[str] = Counter()
    for case in report["cases"]:
        if case["level"] == level:
            status = case["status"]
            kind = "passed" if status == "pass" else "failed" if status in _FAILED else "skipped"
            out[kind] += 1
    return out


def conformance_results(page: str, args: list[str]) -> str:
    ports: list[tuple[str, str | None, str]] = [
        ("Python reference (in-process)", None, "toon-picker conformance run")
    ]
    if (ROOT / "conformance" / "ports" / "python" / "port.py").is_file():
        # The reference again, this time over the port protocol (a separate process).
        shown = "python conformance/ports/python/port.py"
        cmd = f"{shlex.quote(sys.executable)} conformance/ports/python/port.py"
        ports.append(("Python port", cmd, f'toon-picker conformance run --port "{shown}"'))
    js_dir = ROOT / "conformance" / "ports" / "js"
    js_why = ""
    if shutil.which("node") is None:
        js_why = "`node` is not on PATH"
    elif not (js_dir / "node_modules").is_dir():
        js_why = "`conformance/ports/js/node_modules` is missing (run `npm ci` there)"
    else:
        cmd = "node conformance/ports/js/port.js"
        ports.append(("JavaScript port", cmd, f'toon-picker conformance run --port "{cmd}"'))
    rows, details, notes = [], [], []
    for label, port, command in ports:
        report, why = _runner_report(port)
        if report is None:
            notes.append(_missing(f"results of the {label}", why))
            continue
        impl = report.get("implementation") or {}
        name = " ".join(str(impl[k]) for k in ("name", "version") if impl.get(k)) or "?"
        must, host = _counts(report, "must"), _counts(report, "host")

        def cell(c: Counter[str]) -> str:
            return f"{c['passed']} passed, {c['failed']} failed, {c['skipped']} skipped"

        verdict = "**conforms**" if not report.get("must_failed") else "**does not conform**"
        rows.append(f"| {label} | `{name}` | {cell(must)} | {cell(host)} | {verdict} |")
        failed = [c for c in report["cases"] if c["status"] in _FAILED]
        if failed:
            items = "\n".join(
                f"- [`{c['id']}`]({_md_link(page, 'conformance/cases.md')}#{c['id']}) "
                f"({c['level']}){': ' + c['detail'] if c.get('detail') else ''}"
                for c in failed
            )
            details.append(f"**{label}**: cases that did not pass\n\n{items}\n")
        details_cmd = f"`{command} --level host`"
        details.append(f"{label}: {details_cmd}")
    if not rows:
        return "\n".join(notes)
    corpus = ""
    with contextlib.suppress(Exception):  # the results stand without the version line
        corpus = f"Corpus {_corpus().version}. "
    table = (
        "| port | implementation | `must` cases | `host` cases | spec 1.0 |\n"
        "|---|---|---|---|---|\n" + "\n".join(rows) + "\n"
    )
    skipped = ""
    if js_why:
        skipped = _missing(
            "results of the JavaScript port", f"The JavaScript port was not run: {js_why}."
        )
    commands = "\n".join(f"- {d}" for d in details if not d.startswith("**"))
    failures = "\n".join(d for d in details if d.startswith("**"))
    return (
        f"{corpus}Generated by running the corpus at build time with:\n\n{commands}\n\n{table}\n"
        + (f"\n{failures}\n" if failures else "")
        + "".join(notes)
        + skipped
    )


_LINK = re.compile(r"(?<!!)\[([^\]]+)\]\(([^)\s]+)\)")


def _rewrite_links(page: str, source: str, markdown: str) -> str:
    """Keep links of an included repo file working from ``page``.

    A relative link to a file the site mirrors (spec/, CHANGELOG.md) points at that page;
    any other repository path becomes plain code text, since the site has no copy of it.
    """
    src_dir = posixpath.dirname(source)

    def fix(match: re.Match[str]) -> str:
        text, target = match[1], match[2]
        if re.match(r"^[a-z]+:|^#", target):
            return match[0]
        path, _, frag = target.partition("#")
        repo_path = posixpath.normpath(posixpath.join(src_dir, path))
        mirrored = {"spec/SPEC.md", "spec/VERSIONING.md", "CHANGELOG.md"}
        if repo_path in mirrored:
            return f"[{text}]({_md_link(page, repo_path)}{'#' + frag if frag else ''})"
        if repo_path == "conformance/README.md":
            return f"[{text}]({_md_link(page, 'conformance/index.md')})"
        shown = text if text.startswith("`") else f"{text}"
        return f"{shown} (`{repo_path}`)" if shown.strip("`") != repo_path else f"`{repo_path}`"

    # Fenced code keeps its text as is.
    parts = re.split(r"(^```.*?^```$)", markdown, flags=re.M | re.S)
    return "".join(p if p.startswith("```") else _LINK.sub(fix, p) for p in parts)


def include(page: str, args: list[str]) -> str:
    """``include FILE [HEADING-REGEX ...]``: the level-2 sections of FILE whose heading
    matches one of the regexes (all of FILE without its title when none is given)."""
    source = args[0]
    flags = {a for a in args[1:] if "=" in a}
    patterns = [a for a in args[1:] if "=" not in a]
    path = ROOT / source
    if not path.is_file():
        return _missing(f"{source}", f"`{source}` is not written yet.")
    text = path.read_text(encoding="utf-8")
    chunks = re.split(r"(?m)^(?=## )", text)
    if not patterns:
        body = re.sub(r"\A# .*\n", "", text)
        return _rewrite_links(page, source, body)
    done = _INCLUDED.setdefault((page, source), set())
    matching = [
        c for c in chunks[1:] if any(re.search(p, c.splitlines()[0][3:], re.I) for p in patterns)
    ]
    # A section already included on this page (by an earlier placeholder) is not repeated.
    picked = [c for c in matching if c.splitlines()[0] not in done]
    done.update(c.splitlines()[0] for c in picked)
    if matching and not picked:
        return ""
    if not picked:
        headings = ", ".join(f'"{c.splitlines()[0][3:]}"' for c in chunks[1:]) or "none"
        return _missing(
            f"{source} sections {' / '.join(patterns)}",
            f"`{source}` has no level-2 heading matching that (its headings: {headings}).",
        )
    body = "".join(picked)
    if "strip-heading=1" in flags:  # the page's own title already says it
        body = body.split("\n", 1)[1]
    return _rewrite_links(page, source, body)


# --- Reference ---------------------------------------------------------------------------


def _table_rows(section: str) -> list[list[str]]:
    rows = []
    for line in section.splitlines():
        if line.startswith("| `"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def reason_table(page: str, args: list[str]) -> str:
    """Rows from the ``Reason`` / ``DropReason`` Literals; meanings from spec 7.1 / 7.2."""
    from toon_picker import _errors

    which = args[0] if args else "reason"
    literal, anchor = (
        (_errors.Reason, "s7.1") if which == "reason" else (_errors.DropReason, "s7.2")
    )
    codes = get_args(literal)
    spec_rows = _table_rows(_spec_section(anchor))
    by_code: dict[str, list[list[str]]] = {}
    for row in spec_rows:
        by_code.setdefault(row[0].strip("`"), []).append(row)
    out = []
    if which == "reason":
        out.append(
            "| code | raised by | meaning | Python exception | spec |\n|---|---|---|---|---|"
        )
    else:
        out.append("| code | candidates | meaning |\n|---|---|---|")
    for code in codes:
        anchor_html = (
            f'<span id="{code}"></span>'
            if which == "reason"
            else f'<span id="dropped-{code}"></span>'
        )
        found = by_code.get(code)
        if not found:
            NOTES.append(f"{which} code {code!r} is not described in spec {anchor[1:]}")
            out.append(
                f"| {anchor_html}`{code}` | ? | **not described in spec {anchor[1:]}** |"
                + (" | |" if which == "reason" else "")
            )
            continue
        for row in found:
            out.append("| " + anchor_html + " | ".join(row) + " |")
            anchor_html = ""
    extra = sorted(set(by_code) - set(codes))
    tail = ""
    if extra:
        NOTES.append(f"spec {anchor[1:]} lists codes the code does not define: {extra}")
        tail = (
            f'\n!!! warning "Spec and code disagree"\n\n    Spec {anchor[1:]} lists '
            f"{', '.join(f'`{c}`' for c in extra)}, which `toon_picker._errors` does not define.\n"
        )
    literal_name = "Reason" if which == "reason" else "DropReason"
    return (
        f"Generated from `toon_picker._errors.{literal_name}` "
        f"({', '.join(f'`{c}`' for c in codes)}); the descriptions are spec section "
        f"[{anchor[1:]}]({_md_link(page, 'spec/SPEC.md')}#{anchor}).\n\n"
        + _spec_links(page, "\n".join(out))
        + "\n"
        + tail
    )


def precedence_table(page: str, args: list[str]) -> str:
    """Spec 7.3's order, from the one table the code reads (``_errors.PRECEDENCE``)."""
    from toon_picker import _errors

    rows = [(op, order) for op, order in _errors.PRECEDENCE.items()]
    rows.append(("one dropped candidate", _errors.DROP_ORDER))
    body = "\n".join(
        f"| {op} | " + ", ".join(f"`{code}`" for code in order) + " |" for op, order in rows
    )
    return (
        "Generated from `toon_picker._errors.PRECEDENCE` and `DROP_ORDER`, the table that "
        "flatten, unflatten, the picker and the tests read; a unit test checks it against "
        f"spec section [7.3]({_md_link(page, 'spec/SPEC.md')}#s7.3).\n\n"
        "| operation | first reported first |\n|---|---|\n" + body + "\n"
    )


# --- Measurements ------------------------------------------------------------------------


# The byte tables count bytes only (docs/guides/tokens.md has the token tables).
_BYTES = ("--tokens", "none")


def _bytes(entry: dict[str, Any]) -> dict[str, Any]:
    """The bytes part of a report's group or payload: sizes, picked, change_pct."""
    unit: dict[str, Any] = entry["units"]["bytes"]
    return unit


def _report(paths: list[str], name: str) -> tuple[dict[str, Any] | None, str]:
    with tempfile.TemporaryDirectory() as tmp:
        out, chart = Path(tmp) / "report.json", Path(tmp) / "chart.svg"
        proc = _run(
            _cli(
                "report", *paths, *_BYTES, "--format", "json", "-o", str(out), "--chart", str(chart)
            )
        )
        if not out.is_file():
            proc = _run(_cli("report", *paths, *_BYTES, "--format", "json", "-o", str(out)))
        if not out.is_file():
            last = (proc.stderr.strip() or proc.stdout.strip()).splitlines()[-1:]
            return None, f"`toon-picker report` failed (exit {proc.returncode}: {' '.join(last)})."
        data = json.loads(out.read_text(encoding="utf-8"))
        if chart.is_file():
            _EXTRA[f"assets/charts/{name}.svg"] = chart.read_bytes()
        return data, ""


def _pct(value: float) -> str:
    return f"{value:+.1f}%" if value else "±0%"


def _wins(wins: dict[str, int], n: int) -> str:
    return ", ".join(f"`{k}` {v}/{n}" for k, v in sorted(wins.items(), key=lambda kv: -kv[1]))


def measurements(page: str, args: list[str]) -> str:
    which = args[0]
    options: list[str] = []
    if which == "examples":
        folder, shown = ROOT / "examples" / "apify", "examples/apify"
    else:
        folder, shown = SHARED_APIFY, "../shared/fixtures/apify"
        # One folder of many tools: group by file family (API list, Actor) instead.
        options = ["--group-by", FIXTURE_GROUPS]
    if not folder.is_dir():
        return _missing(f"byte tables for {shown}", f"`{shown}` is not present on this machine.")
    data, why = _report([shown, *options], which)
    if data is None:
        return _missing(f"byte tables for {shown}", why)
    cands = data["settings"]["candidates"]
    head = "| group | payloads | " + " | ".join(f"`{c}` bytes" for c in cands)
    head += (
        " | picked bytes | change vs JSON | wins |\n|---|---:|"
        + "---:|" * len(cands)
        + "---:|---:|---|"
    )
    lines = [head]
    for g in [*data["groups"], data["combined"]]:
        label = f"**{g['name']}**" if g is data["combined"] else g["name"]
        b = _bytes(g)
        sizes = " | ".join(str(b["sizes"].get(c, "-")) for c in cands)
        lines.append(
            f"| {label} | {g['payloads']} | {sizes} | {b['picked']} | {_pct(b['change_pct'])} "
            f"| {_wins(g['wins'], g['payloads'])} |"
        )
    per = [
        "| payload | group | " + " | ".join(f"`{c}`" for c in cands) + " | pick | change |",
        "|---|---|" + "---:|" * len(cands) + "---|---:|",
    ]
    for p in data["payloads"]:
        src = p["source"]
        if src.startswith(str(ROOT)):
            src = os.path.relpath(src, ROOT)
        name = posixpath.basename(src.replace(os.sep, "/"))
        sizes = " | ".join(str(_bytes(p)["sizes"].get(c, "-")) for c in cands)
        per.append(
            f"| `{name}` | {p['group']} | {sizes} | `{p['pick']}` "
            f"| {_pct(_bytes(p)['change_pct'])} |"
        )
    chart = ""
    if f"assets/charts/{which}.svg" in _EXTRA:
        target = _md_link(page, f"assets/charts/{which}.svg")
        chart = f"\n![Bytes per group and strategy, {shown}]({target})\n"
    bad = ""
    if data.get("bad"):
        bad = (
            "\nSkipped files:\n\n"
            + "\n".join(
                f"- `{posixpath.basename(str(b.get('source', b)))}`: {b.get('reason', '')}"
                for b in data["bad"]
            )
            + "\n"
        )
    notes = "".join(f"\n> {n}\n" for n in data.get("notes", []))
    cmd = " ".join(["toon-picker report", shown, *map(shlex.quote, options)])
    cmd += " " + " ".join(_BYTES) + " --format json --chart CHART.svg"
    return (
        f"Generated at build time by `{cmd}` (candidates {', '.join(f'`{c}`' for c in cands)}, "
        f"`min_saving` {data['settings']['min_saving']}).\n\n"
        + "\n".join(lines)
        + "\n"
        + chart
        + f'\n??? note "Every payload ({len(data["payloads"])})"\n\n'
        + "".join(f"    {line}\n" for line in per)
        + bad
        + notes
    )


# --- Guides -------------------------------------------------------------------------------


def command(page: str, args: list[str]) -> str:
    """``command "ARGS" [stdin='TEXT'] [lines=N]``: run toon-picker, show the session."""
    argv = shlex.split(args[0])
    options = dict(a.split("=", 1) for a in args[1:])
    stdin = options.get("stdin")
    limit = int(options.get("lines", "60"))
    proc = _run(_cli(*argv), input=stdin, env={"COLUMNS": "76"})
    shown = " ".join(shlex.quote(a) for a in argv)
    prompt = (
        f"$ echo {shlex.quote(stdin)} | toon-picker {shown}" if stdin else f"$ toon-picker {shown}"
    )
    if proc.returncode not in (0, 1, 2):
        return _missing(
            f"output of `toon-picker {shown}`",
            f"it exited with status {proc.returncode}: {proc.stderr.strip()[-300:]}",
        )
    if proc.returncode == 2 and not proc.stdout and "invalid choice" in proc.stderr:
        return _missing(
            f"output of `toon-picker {shown}`", "this subcommand is not registered in the CLI yet."
        )
    out = (proc.stdout + proc.stderr).rstrip("\n").splitlines()
    if len(out) > limit:
        out = [*out[:limit], f"… ({len(out) - limit} more lines)"]
    status = f"\n$ echo $?\n{proc.returncode}" if proc.returncode else ""
    fence = "````" if "```" in "\n".join(out) else "```"
    return f"{fence}console\n{prompt}\n" + "\n".join(out) + status + f"\n{fence}\n"


def candidate_sweep(page: str, args: list[str]) -> str:
    """Combined bytes on examples/apify for a few candidate lists and min_saving values."""
    settings = [
        ("json,toon-flatten", "0"),
        ("json,toon-flatten,toon", "0"),
        ("json,toon", "0"),
        ("json,toon-flatten", "0.1"),
        ("json,toon-flatten", "0.2"),
        ("json,toon-flatten", "0.3"),
    ]
    lines = [
        "| candidates | min_saving | payloads | JSON bytes | picked bytes | change vs JSON "
        "| wins |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for cands, saving in settings:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "r.json"
            proc = _run(
                _cli(
                    "report",
                    "examples/apify",
                    "--candidates",
                    cands,
                    "--min-saving",
                    saving,
                    *_BYTES,
                    "--format",
                    "json",
                    "-o",
                    str(out),
                )
            )
            if not out.is_file():
                return _missing(
                    "candidate comparison",
                    f"`toon-picker report` failed: {proc.stderr.strip()[-300:]}",
                )
            c = json.loads(out.read_text(encoding="utf-8"))["combined"]
            b = _bytes(c)
        lines.append(
            f"| {' '.join(f'`{name}`' for name in cands.split(','))} | {saving} "
            f"| {c['payloads']} | {b['sizes']['json']} | {b['picked']} | "
            f"{_pct(b['change_pct'])} | {_wins(c['wins'], c['payloads'])} |"
        )
    return "\n".join(lines) + "\n"


def readme_port_run(page: str, args: list[str]) -> str:
    """The example port of conformance/README.md, run against the corpus: its summary."""
    readme = ROOT / "conformance" / "README.md"
    text = readme.read_text(encoding="utf-8") if readme.is_file() else ""
    match = re.search(
        r"<!-- minimal-port:start -->\s*```python\n(.*?)^```\s*<!-- minimal-port:end -->",
        text,
        re.S | re.M,
    )
    if match is None:
        return _missing(
            "run of the example port",
            "`conformance/README.md` has no code block between the `minimal-port:start` and "
            "`minimal-port:end` markers.",
        )
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "my_port.py"
        script.write_text(match[1], encoding="utf-8")
        port = f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"
        proc = _run(_cli("conformance", "run", "--port", port))
    lines = [
        ln
        for ln in proc.stdout.splitlines()
        if re.match(r"^(flatten|unflatten|pick):|^\d+ passed", ln)
    ]
    if proc.returncode not in (0, 1) or not lines:
        return _missing(
            "run of the example port",
            f"the runner exited with status {proc.returncode}: "
            f"{(proc.stderr or proc.stdout).strip()[-300:]}",
        )
    return "```text\n" + "\n".join(lines) + "\n```\n"


# --- Changelog, optional pages, nav ------------------------------------------------------


def changelog(page: str, args: list[str]) -> str:
    if not (ROOT / "CHANGELOG.md").is_file():
        return _missing("changelog", "`CHANGELOG.md` is not written yet.")
    # Included by pymdownx.snippets (check_paths), so its links are checked like any page's.
    return '--8<-- "CHANGELOG.md"\n'


def extra_files() -> dict[str, str | bytes]:
    if not (_DOCS_DIR / "backends.md").is_file():
        _EXTRA["backends.md"] = "# Fast backends\n\n" + _missing(
            "fast backends page", "`docs/backends.md` (written with the backends) is not there yet."
        )
    return dict(_EXTRA)


def extend_nav(config: Any, files: set[str]) -> None:
    """Add the measurement helper's pages (``docs/measurements/*.md``) to the nav."""
    pages = sorted(f for f in files if f.startswith("measurements/") and f.endswith(".md"))
    for section in config.nav or []:
        if isinstance(section, dict) and "Measurements" in section:
            items = section["Measurements"]
            for name in pages:
                if name not in items:
                    items.append(name)


BLOCKS: dict[str, Callable[[str, list[str]], str]] = {
    "readme-quickstart": readme_quickstart,
    "before-after": before_after,
    "case-stats": case_stats,
    "case-browser": case_browser,
    "conformance-results": conformance_results,
    "include": include,
    "reason-table": reason_table,
    "precedence-table": precedence_table,
    "measurements": measurements,
    "changelog": changelog,
    "command": command,
    "candidate-sweep": candidate_sweep,
    "readme-port-run": readme_port_run,
}


def render(name: str, args: list[str], *, page: str) -> str:
    try:
        block = BLOCKS[name]
    except KeyError:
        raise SystemExit(f"{page}: unknown generated block {name!r}") from None
    try:
        out = block(page, args)
    except Exception as exc:  # a generator bug must show on the page, not stop the build
        out = _missing(f"{name} {' '.join(args)}".strip(), f"the generator raised {exc!r}.")
    return out.rstrip("\n") + "\n"
