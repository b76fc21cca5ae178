"""Answers two run requests correctly, then dies (exit status 3) on the third."""

import sys

from _base import correct, serve, write


def on_run(n, msg):
    if n >= 3:
        print("boom: simulated crash", file=sys.stderr, flush=True)
        sys.exit(3)
    write(correct(msg))


serve(on_run)
