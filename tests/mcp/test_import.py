"""The MCP SDK is optional: ``toon_picker`` never imports it, ``toon_picker.mcp`` says how
to install it when it is missing."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_core_import_does_not_import_the_sdk() -> None:
    done = _run(
        """
        import sys
        import toon_picker
        toon_picker.pick({"a": [1, 2]})
        print(sorted(m for m in sys.modules if m == "mcp" or m.startswith("mcp.")))
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_missing_sdk_gives_an_install_hint() -> None:
    # A None entry in sys.modules makes `import mcp` fail as if it were not installed.
    done = _run(
        """
        import sys
        sys.modules["mcp"] = None
        try:
            import toon_picker.mcp
        except ImportError as exc:
            print(type(exc).__name__, exc)
        else:
            print("imported")
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ImportError ")
    assert "install the extra toon-picker[mcp]" in done.stdout
