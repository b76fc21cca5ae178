"""Conformance runner: run the language-neutral corpus against a port or the reference.

``toon-picker conformance run [--port CMD]``; see ``conformance/README.md``. The pieces a
tool or a test may use: the corpus (``load_corpus``), the ports (``ProcessPort`` for a
command speaking protocol 1, ``OneshotPort``, ``ReferencePort`` in-process), the case loop
(``run_cases``) and the reference's own replies (the ``reference`` module).
"""

from . import reference
from ._compare import plain
from ._corpus import Case, Corpus, CorpusError, load_corpus
from ._port import OneshotPort, Port, PortCommandError, PortFailure, ProcessPort, ReferencePort
from ._protocol import OPS, OPTIONS, PROTOCOL
from ._runner import Outcome, Report, run_cases

__all__ = (
    "OPS",
    "OPTIONS",
    "PROTOCOL",
    "Case",
    "Corpus",
    "CorpusError",
    "OneshotPort",
    "Outcome",
    "Port",
    "PortCommandError",
    "PortFailure",
    "ProcessPort",
    "ReferencePort",
    "Report",
    "load_corpus",
    "plain",
    "reference",
    "run_cases",
)
