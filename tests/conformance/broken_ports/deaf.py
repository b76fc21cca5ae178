"""Answers start, then stops reading its input (and never answers)."""

import sys
import time

from _base import READY, write

sys.stdin.readline()
write(READY)
time.sleep(3600)
