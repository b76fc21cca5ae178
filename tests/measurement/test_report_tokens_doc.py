"""docs/guides/tokens.md shows the table that ``bench/tokens.py table`` measures now."""

from __future__ import annotations

import subprocess
import sys

from _report_helpers import ROOT, needs_tokens


def test_the_bytes_or_tokens_table_is_current() -> None:
    needs_tokens()
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "tokens.py"), "table", "--check"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_page_names_the_commands_that_made_it() -> None:
    page = (ROOT / "docs" / "guides" / "tokens.md").read_text(encoding="utf-8")
    assert "python bench/tokens.py table --write" in page
    assert "python bench/tokens.py tokenizers" in page
    for marker in ("tokens-table", "tokenizers-table"):
        assert page.count(f"<!-- {marker}:start -->") == page.count(f"<!-- {marker}:end -->") == 1
