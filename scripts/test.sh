#!/usr/bin/env bash
# Set up from scratch and run every check: the JS port's tests, lint, types, the docs
# build and the whole pytest suite (unit, property, conformance, measurement, MCP, docs).
# Needs Python 3.10+ and Node 20 with npm. CI runs exactly this (see .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
"$PYTHON" -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[dev,mcp,fast,tokens]"

echo "== JS port (npm ci, node --test)"
(cd conformance/ports/js && npm ci --no-audit --no-fund --loglevel=error && npm test --silent)

echo "== ruff, mypy"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy

if [ -f mkdocs.yml ]; then
  echo "== docs (mkdocs build --strict)"
  .venv/bin/mkdocs build --strict --quiet
fi

echo "== pytest"
.venv/bin/python -m pytest "$@"
