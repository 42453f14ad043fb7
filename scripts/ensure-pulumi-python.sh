#!/usr/bin/env bash
# Makes a Python virtual environment holding the `pulumi` Python package (from PyPI, at the version
# of the checkout's @pulumi/pulumi), what Pulumi's generated Python SDKs import besides it (parver)
# and what pip needs to build them offline (wheel), and prints its bin folder. Made once into a
# cache outside the checkout, keyed by that version, and reused. Used by
# test/e2e/native-python.test.ts, which installs the Python SDK generated from the native
# provider's schema beside it, in a folder of its own.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VERSION="${PULUMI_PYTHON_VERSION:-$(node -p "require('$ROOT/node_modules/@pulumi/pulumi/package.json').version")}"
CACHE="${PIPESTACK_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pipestack}"
DIR="$CACHE/pulumi-python-v$VERSION"
BIN="$DIR/venv/bin"

# A venv cannot be moved once made, so it is made in place and marked ready last: a folder without
# the mark is what an interrupted run left, and is made again.
if [ -f "$DIR/ready" ]; then
  echo "$BIN"
  exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
  echo "pulumi-pipestack: python3 is not installed to make the Python environment." >&2
  exit 1
fi

# One install at a time (two test files may ask at once); the second finds it ready.
mkdir -p "$CACHE"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$CACHE/pulumi-python-v$VERSION.lock"
  flock 9
  if [ -f "$DIR/ready" ]; then
    echo "$BIN"
    exit 0
  fi
fi

echo "pulumi-pipestack: installing the pulumi Python package v$VERSION from PyPI into $DIR (once)" >&2
start=$(date +%s)
rm -rf "$DIR"
mkdir -p "$DIR"
python3 -m venv "$DIR/venv"
"$BIN/python" -m pip install --quiet --disable-pip-version-check "pulumi==$VERSION" parver wheel >&2
secs=$(( $(date +%s) - start ))
echo "$secs" >"$DIR/install-seconds"
touch "$DIR/ready"
echo "pulumi-pipestack: the pulumi Python package installed in $secs s" >&2
echo "$BIN"
