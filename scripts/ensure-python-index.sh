#!/usr/bin/env bash
# Makes what the Python install-by-name test needs, once, into the cache outside the checkout, and
# prints the folder holding it:
#   <dir>/venv/bin/pypiserver, twine   a local package index server and the upload checker (PyPI)
#   <dir>/wheelhouse/                  the wheels of what the Python SDK requires (the `pulumi`
#                                      package at the checkout's @pulumi/pulumi version, and its
#                                      dependencies), which that index serves beside the SDK, so the
#                                      SDK installs by name with nothing fetched from outside
# Keyed by the pinned versions below and the pulumi version; used by
# test/e2e/plugin-executable.test.ts.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYPISERVER=2.4.2
TWINE=7.0.0
PULUMI="${PULUMI_PYTHON_VERSION:-$(node -p "require('$ROOT/node_modules/@pulumi/pulumi/package.json').version")}"
CACHE="${PIPESTACK_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pipestack}"
DIR="$CACHE/python-index-v$PYPISERVER-$TWINE-pulumi-v$PULUMI"

# Marked ready last: a folder without the mark is what an interrupted run left, and is made again.
if [ -f "$DIR/ready" ]; then
  echo "$DIR"
  exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
  echo "pulumi-pipestack: python3 is not installed to make the package index tools." >&2
  exit 1
fi
mkdir -p "$CACHE"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$DIR.lock"
  flock 9
  if [ -f "$DIR/ready" ]; then
    echo "$DIR"
    exit 0
  fi
fi

echo "pulumi-pipestack: installing pypiserver $PYPISERVER and twine $TWINE, and the wheels of pulumi $PULUMI, from PyPI into $DIR (once)" >&2
start=$(date +%s)
rm -rf "$DIR"
mkdir -p "$DIR/wheelhouse"
python3 -m venv "$DIR/venv"
"$DIR/venv/bin/python" -m pip install --quiet --disable-pip-version-check "pypiserver==$PYPISERVER" "twine==$TWINE" >&2
# What the generated SDK's setup.py requires (its install_requires), resolved as pip will resolve it.
"$DIR/venv/bin/python" -m pip download --quiet --disable-pip-version-check --only-binary=:all: --dest "$DIR/wheelhouse" \
  "pulumi==$PULUMI" "parver>=0.2.1" "semver>=2.8.1" "typing-extensions>=4.11" >&2
echo $(( $(date +%s) - start )) >"$DIR/install-seconds"
touch "$DIR/ready"
echo "pulumi-pipestack: the package index tools made ready in $(cat "$DIR/install-seconds") s" >&2
echo "$DIR"
