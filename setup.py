"""Build script: only the optional C twin; everything else is in pyproject.toml.

``optional=True`` makes a failed compile (no compiler, no Python headers) a warning:
the package then installs and runs in pure Python (``toon_picker.IMPLEMENTATION``).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "toon_picker._speedups",
            sources=["src/toon_picker/_speedups.c"],
            optional=True,
        )
    ]
)
