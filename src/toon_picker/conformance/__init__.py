"""Conformance runner: run the language-neutral corpus against a port or the reference.

``toon-picker conformance run [--port CMD]``; see ``conformance/README.md``.
"""

from ._corpus import Case, Corpus, load_corpus
from ._runner import Outcome, Report, run_cases

__all__ = ("Case", "Corpus", "Outcome", "Report", "load_corpus", "run_cases")
