"""The corpus ships inside the wheel, and the runner finds it there."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from _conformance_helpers import CONFORMANCE, CORPUS, ROOT

pytestmark = pytest.mark.slow  # a wheel build


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("hatchling", reason="hatchling is needed to build without isolation")
    if subprocess.run(
        [sys.executable, "-m", "pip", "--version"], capture_output=True, check=False
    ).returncode:
        pytest.skip("pip is not available")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    (whl,) = out.glob("toon_picker-*.whl")
    return whl


def test_wheel_contains_the_corpus(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    prefix = "toon_picker/conformance/corpus/"
    for path in sorted((CONFORMANCE / "cases").glob("*/*.json")):
        assert prefix + path.relative_to(CONFORMANCE).as_posix() in names
    for extra in ("VERSION", "manifest.json", "schema/case-file.schema.json"):
        assert prefix + extra in names


def test_runner_uses_the_corpus_from_an_unpacked_wheel(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site)}
    env.pop("TOON_PICKER_CORPUS", None)
    code = (
        "import json, toon_picker.conformance as c; k = c.load_corpus(); "
        "print(json.dumps([str(k.root), len(k.cases), k.version]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    root, count, version = json.loads(out)
    assert Path(root) == site / "toon_picker" / "conformance" / "corpus"
    assert (count, version) == (len(CORPUS.cases), CORPUS.version)
