"""A correct port whose ready message is given on the command line (not broken itself).

    correct.py [--ops JSON] [--measures JSON]

``--ops`` and ``--measures`` set those members of the ready message (absent by default,
so the port declares no measures: the runner assumes ["bytes"]).
"""

import json
import sys

from _base import READY, correct, serve, write

args = sys.argv[1:]
for flag, member in (("--ops", "ops"), ("--measures", "measures")):
    if flag in args:
        READY[member] = json.loads(args[args.index(flag) + 1])


def on_run(n, msg):
    write(correct(msg))


serve(on_run)
