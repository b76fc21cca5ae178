"""The corpus ships inside the wheel, and the runner finds it there."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from _conformance_helpers import CONFORMANCE, CORPUS, ROOT

pytestmark = pytest.mark.slow  # a wheel build


def _source_copy(dest: Path) -> Path:
    """What a source distribution holds (no build/ left by an earlier build)."""
    dest.mkdir()
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(
        ROOT / "src", dest / "src", ignore=shutil.ignore_patterns("*.so", "__pycache__")
    )
    for part in ("cases", "schema", "VERSION", "manifest.json"):
        source = CONFORMANCE / part
        if source.is_dir():
            shutil.copytree(source, dest / "conformance" / part)
        else:
            shutil.copy2(source, dest / "conformance" / part)
    return dest


def _build_wheel(out: Path, **env: str) -> Path:
    pytest.importorskip("setuptools", reason="setuptools is needed to build without isolation")
    if subprocess.run(
        [sys.executable, "-m", "pip", "--version"], capture_output=True, check=False
    ).returncode:
        pytest.skip("pip is not available")
    source = _source_copy(out / "source")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps",
         "--no-build-isolation", "-q", "-w", str(out)],
        check=True, capture_output=True, timeout=300, env={**os.environ, **env},
    )  # fmt: skip
    (whl,) = out.glob("toon_picker-*.whl")
    return whl


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="module")
def wheel_without_compiler(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Built where the C compiler fails: the twin is left out, the build still succeeds."""
    return _build_wheel(tmp_path_factory.mktemp("wheel_no_cc"), CC="/bin/false")


@pytest.mark.parametrize("built", ["wheel", "wheel_without_compiler"])
def test_wheel_contains_the_corpus(built: str, request: pytest.FixtureRequest) -> None:
    wheel: Path = request.getfixturevalue(built)
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


def _run_unpacked(wheel: Path, site: Path, code: str) -> str:
    zipfile.ZipFile(wheel).extractall(site)
    environment = {k: v for k, v in os.environ.items() if k != "TOON_PICKER_PUREPYTHON"}
    environment["PYTHONPATH"] = str(site)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=site.parent, env=environment,
        check=True, capture_output=True, text=True, timeout=60,
    ).stdout.strip()  # fmt: skip


_SMOKE = (
    "import json, toon_picker as t; "
    "p = t.pick([{'a': 1, 'b': {'c': 1e-7}}, {'a': 2, 'b': {'c': 0.5}}]); "
    "print(json.dumps([t.IMPLEMENTATION, p.strategy, p.text, p.sizes]))"
)
_PICKED = ["toon-flatten", "[2]{a,b.c}:\n  1,1e-7\n  2,0.5", {"json": 46, "toon-flatten": 28}]


def test_the_wheel_carries_the_compiled_twin(wheel: Path, tmp_path: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert any(name.startswith("toon_picker/_speedups") for name in names)
    out = json.loads(_run_unpacked(wheel, tmp_path / "site", _SMOKE))
    assert out == ["compiled", *_PICKED]


def test_without_a_compiler_the_package_is_pure_python(
    wheel_without_compiler: Path, tmp_path: Path
) -> None:
    names = zipfile.ZipFile(wheel_without_compiler).namelist()
    assert not any(name.startswith("toon_picker/_speedups") for name in names)
    out = json.loads(_run_unpacked(wheel_without_compiler, tmp_path / "site", _SMOKE))
    assert out == ["python", *_PICKED]
