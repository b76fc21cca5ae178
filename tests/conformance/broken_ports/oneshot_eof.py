"""A oneshot port that answers only after its input ends: it needs the runner to close
its standard input after the one request (conformance/README.md, --oneshot)."""

import json
import sys

from _base import correct, write

request = json.loads(sys.stdin.read())  # reads to end of input
write(correct(request))
