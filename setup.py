"""Build script: the optional C twin and the bundled corpus; the rest is pyproject.toml.

``optional=True`` makes a failed compile (no compiler, no Python headers) a warning: the
package then installs and runs in pure Python (``toon_picker.IMPLEMENTATION``). The
conformance corpus ships inside the wheel as ``toon_picker/conformance/corpus/``; a source
tree (and an editable install) reads ``conformance/`` itself.
"""

import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

CORPUS = ("cases", "schema", "VERSION", "manifest.json")  # what MANIFEST.in puts in sdists


class build_py_with_corpus(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib, "toon_picker", "conformance", "corpus")
        for name in CORPUS:
            source = Path("conformance", name)
            if source.is_dir():
                shutil.copytree(source, target / name, dirs_exist_ok=True)
            else:
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target / name)


class build_ext_fresh(build_ext):
    """Always compile the twin: a copy left in ``build/`` by an earlier build must not
    stand in for a compile that fails now (no compiler means pure Python)."""

    def run(self) -> None:
        self.force = True
        for ext in self.extensions:
            Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
        super().run()


setup(
    cmdclass={"build_py": build_py_with_corpus, "build_ext": build_ext_fresh},
    ext_modules=[
        Extension("toon_picker._speedups", sources=["src/toon_picker/_speedups.c"], optional=True)
    ],
)
