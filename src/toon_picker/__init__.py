"""toon-picker: ship a structured tool result as JSON or TOON, whichever is smaller.

The reference implementation of the toon-picker specification (``spec/SPEC.md``).
"""

from ._backends import available as available_backends
from ._decode import parse_compact
from ._errors import FlattenError, PayloadError, TextError, ToonPickerError, UnflattenError
from ._flatten import flatten, normalise_keys
from ._measures import MEASURES
from ._payload import MAX_DEPTH
from ._picker import Pick, pick, stringify_compact
from ._project import FieldSpecError, project
from ._twin import IMPLEMENTATION
from ._unflatten import unflatten

SPEC_VERSION = "1.1"
"""Version of the specification this package implements."""


def about() -> str:
    """One line for bug reports: package, spec and TOON versions, the TOON backends and
    the implementation (``IMPLEMENTATION``, and why)."""
    from importlib.metadata import PackageNotFoundError, version

    from ._backends import TOON_SPEC_VERSION
    from ._twin import REASON

    try:
        package = version("toon-picker")
    except PackageNotFoundError:  # running from a source tree that was never installed
        package = "unknown"
    return (
        f"toon-picker {package} (spec {SPEC_VERSION}, TOON spec {TOON_SPEC_VERSION}); "
        f"TOON backends: {', '.join(available_backends())}; "
        f"implementation: {IMPLEMENTATION} ({REASON})"
    )


__all__ = (
    "IMPLEMENTATION",
    "MAX_DEPTH",
    "MEASURES",
    "SPEC_VERSION",
    "FieldSpecError",
    "FlattenError",
    "PayloadError",
    "Pick",
    "TextError",
    "ToonPickerError",
    "UnflattenError",
    "about",
    "available_backends",
    "flatten",
    "normalise_keys",
    "parse_compact",
    "pick",
    "project",
    "stringify_compact",
    "unflatten",
)
