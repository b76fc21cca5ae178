"""Answers start properly, then prints a line that is not JSON for every run request."""

import sys

from _base import serve


def on_run(n, msg):
    sys.stdout.write("hello, this is not JSON {\n")
    sys.stdout.flush()


serve(on_run)
