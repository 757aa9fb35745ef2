#!/usr/bin/env bash
# The Python package's tests (pytest), against this checkout's bin/arena.js: `npm run check` runs it after vitest.
# The package lives in a venv ($ARENA_VENV, default .venv at the checkout's root). Without one, the tests are
# skipped with the one command that makes it, unless ARENA_PYTHON_REQUIRED=1 (CI sets it): then a missing
# package fails the check instead. Extra arguments go to pytest (`python/run-tests.sh -k clocks`).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv=${ARENA_VENV:-$root/.venv}
if ! "$venv/bin/python" -c 'import arena_gateway, gymnasium, pettingzoo, pytest' 2>/dev/null; then
  if [ "${ARENA_PYTHON_REQUIRED:-}" = 1 ]; then
    echo "python tests: no venv with the package at $venv (ARENA_PYTHON_REQUIRED=1)" >&2
    exit 1
  fi
  echo "python tests skipped: no venv with the package at $venv; make it with:"
  echo "  python3 -m venv .venv && .venv/bin/pip install -e './python[gym,pettingzoo,test]'"
  exit 0
fi
# The matches are this checkout's, whichever checkout the package was installed from (.ci/node24-check runs a copy).
export ARENA_CHECKOUT=$root
cd "$root/python"
exec "$venv/bin/python" -m pytest tests -q -p no:cacheprovider "$@"
