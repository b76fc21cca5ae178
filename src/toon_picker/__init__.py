"""toon-picker: ship a structured tool result as JSON or TOON, whichever is smaller.

The reference implementation of the toon-picker specification (``spec/SPEC.md``).
"""

from ._errors import FlattenError, PayloadError, UnflattenError
from ._flatten import flatten
from ._model import MAX_DEPTH
from ._picker import Pick, pick, stringify_compact
from ._project import FieldSpecError, project
from ._unflatten import unflatten

SPEC_VERSION = "1.0"
"""Version of the specification this package implements."""

__all__ = (
    "MAX_DEPTH",
    "SPEC_VERSION",
    "FieldSpecError",
    "FlattenError",
    "PayloadError",
    "Pick",
    "UnflattenError",
    "flatten",
    "pick",
    "project",
    "stringify_compact",
    "unflatten",
)
