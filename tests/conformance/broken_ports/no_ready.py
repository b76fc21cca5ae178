"""Exits at once without answering start (e.g. a missing dependency)."""

import sys

print("cannot import something", file=sys.stderr)
sys.exit(1)
