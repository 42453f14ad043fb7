#!/usr/bin/env bash
# Makes the fuzz stage's tool ready: schemathesis (pinned) in .venv-fuzz/ under the checkout,
# installed from PyPI with pip. Prints the venv's bin directory as its last line.
# Works on a fresh Debian machine: when `python3 -m venv` cannot bootstrap pip (no
# python3-venv package), it makes the venv without pip and runs pip from its official
# zipapp instead. Idempotent: a venv holding the pinned version is reused.
set -euo pipefail

SCHEMATHESIS_VERSION="4.32.5"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${PIPESTACK_FUZZ_VENV:-$ROOT/.venv-fuzz}"
STAMP="$VENV/.schemathesis-$SCHEMATHESIS_VERSION"
PYTHON="${PYTHON:-python3}"

if [[ -f "$STAMP" && -x "$VENV/bin/st" ]]; then
  echo "$VENV/bin"
  exit 0
fi

if ! command -v "$PYTHON" >/dev/null 2>&1; then
  echo "ensure-fuzz: $PYTHON not found; install Python 3.9 or newer" >&2
  exit 1
fi

rm -rf "$VENV"
if "$PYTHON" -m venv "$VENV" >&2 2>/dev/null && [[ -x "$VENV/bin/pip" ]]; then
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" >&2
else
  # No ensurepip (Debian without python3-venv): a venv without pip, filled by pip's zipapp.
  echo "ensure-fuzz: python3 -m venv has no pip here; using pip's zipapp" >&2
  rm -rf "$VENV"
  "$PYTHON" -m venv --without-pip "$VENV" >&2
  PIP_PYZ="$VENV/pip.pyz"
  "$PYTHON" -c 'import sys, urllib.request; urllib.request.urlretrieve("https://bootstrap.pypa.io/pip/pip.pyz", sys.argv[1])' "$PIP_PYZ"
  "$VENV/bin/python" "$PIP_PYZ" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" >&2
fi

touch "$STAMP"
echo "$VENV/bin"
