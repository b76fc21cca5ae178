"""Answers the first run request, then never answers again (but stays alive).

With the argument ``always`` it answers no run request at all.
"""

import sys
import time

from _base import correct, serve, write


def on_run(n, msg):
    if n == 1 and "always" not in sys.argv[1:]:
        write(correct(msg))
    else:
        time.sleep(3600)


serve(on_run)
