"""Hypothesis profiles for the whole test suite.

Pick one with the ``HYPOTHESIS_PROFILE`` environment variable:

- ``dev`` (default on a workstation): few examples, quick feedback, failures saved to the
  local example database (``.hypothesis/``, git-ignored) and replayed first next time.
- ``ci`` (default when the ``CI`` environment variable is set): Hypothesis' built-in ``ci``
  profile (derandomized, so every run tries the same examples; no deadline; no database;
  prints the reproduction blob) with a fixed example count. The property suite takes a few
  minutes on 2 cores.
- ``nightly``: 2,500 examples per property test (over 120,000 across ``tests/property``),
  randomized, no deadline. Run it with a time cap, for example::

      HYPOTHESIS_PROFILE=nightly timeout 3600 pytest tests/property -q \\
          --hypothesis-show-statistics

  and turn any counterexample it prints into a conformance case (tag ``regression``) or an
  ``@example`` (see ``tests/property/README.md``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# Generated payloads are large composite draws; their size is the point, not a bug.
_SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile("dev", max_examples=40, deadline=None, suppress_health_check=_SLOW_OK)
settings.register_profile(
    "ci",
    parent=settings.get_profile("ci"),
    max_examples=100,
    suppress_health_check=_SLOW_OK,
)
settings.register_profile(
    "nightly",
    max_examples=2_500,
    deadline=None,
    suppress_health_check=_SLOW_OK,
)

_DEFAULT = "ci" if os.environ.get("CI") else "dev"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or _DEFAULT)
