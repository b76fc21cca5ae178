#!/usr/bin/env bash
# Set up from scratch and run every check: the JS port's tests, lint, types, the docs
# build and the whole pytest suite (unit, property, conformance, measurement, MCP, docs)
# with the compiled twin, then the corpus, unit and property tests again in pure Python.
# Needs Python 3.10+ and Node 20 with npm. CI runs exactly this (see .ci/run).
#
# Arguments go to pytest: `bash scripts/test.sh -m "not slow"` skips the slow tests
# (tests/README.md). Each step prints a short summary, and its details only on failure.
# Nothing prompts: pip, npm and apt-get run non-interactively.
set -euo pipefail
cd "$(dirname "$0")/.."

export PIP_NO_INPUT=1 PIP_DISABLE_PIP_VERSION_CHECK=1
export npm_config_yes=true npm_config_update_notifier=false npm_config_fund=false \
  npm_config_audit=false
export DEBIAN_FRONTEND=noninteractive
# mkdocs-material prints a banner about MkDocs 2.0 on every build; it is no build problem.
export NO_MKDOCS_2_WARNING=1 DISABLE_MKDOCS_2_WARNING=true

PYTHON=${PYTHON:-python3}
"$PYTHON" -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[dev]"

echo "== JS port (npm ci, node --test)"
(
  cd conformance/ports/js
  npm ci --loglevel=error >/dev/null
  log=$(mktemp)
  trap 'rm -f "$log"' EXIT
  # The spec reporter's log is printed only when a test fails; otherwise its summary.
  if node --test --test-reporter=spec --test-reporter-destination="$log" test/*.test.js; then
    grep -E '^ℹ (tests|pass|fail|skipped|duration_ms) ' "$log" | sed 's/^ℹ //' | paste -sd, - \
      | sed 's/,/, /g'
  else
    cat "$log"
    exit 1
  fi
)

echo "== ruff, mypy"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy

if [ -f mkdocs.yml ]; then
  echo "== docs (mkdocs build --strict)"
  .venv/bin/mkdocs build --strict --quiet
  # The docs browser test (tests/docs) needs Debian's chromium; install it when we can.
  if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "== chromium for the docs browser test (apt-get)"
    (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) \
      || echo "chromium could not be installed: the browser test will be skipped"
  fi
fi

echo "== pytest (implementation: compiled twin)"
# The C twin must have been built here (gcc is present): else both passes would test
# pure Python and the twin's differential properties would be skipped.
.venv/bin/python -c 'import sys, toon_picker as t; print(t.about()); sys.exit(t.IMPLEMENTATION != "compiled")'
.venv/bin/python -m pytest -q "$@"

echo "== pytest again in pure Python (TOON_PICKER_PUREPYTHON=1): corpus, unit, properties"
# The reference path alone must pass what the twin passes (docs, MCP and measurement
# tests do not depend on the implementation and ran above).
TOON_PICKER_PUREPYTHON=1 .venv/bin/python -m pytest -q -p no:cacheprovider "$@" \
  tests/unit tests/conformance tests/property tests/backends
