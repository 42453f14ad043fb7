#!/usr/bin/env bash
# Makes the fuzz stage's tool ready: schemathesis (pinned) in .venv-fuzz/ under the checkout,
# installed from PyPI with pip. Prints the venv's bin directory as its last line.
# Works on a fresh Debian machine: when `python3 -m venv` cannot bootstrap pip (no
# python3-venv package) it uses uv if present, else makes the venv without pip and installs
# into it with the system's pip or pip's official zipapp. Idempotent: a venv holding the
# pinned version is reused. PIPESTACK_FUZZ_VENV puts the venv elsewhere.
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

install_with() { "$@" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" >&2; }

rm -rf "$VENV"
if "$PYTHON" -m venv "$VENV" >&2 2>/dev/null && [[ -x "$VENV/bin/pip" ]]; then
  install_with "$VENV/bin/python" -m pip
elif command -v uv >/dev/null 2>&1; then
  rm -rf "$VENV"
  uv venv --quiet --python "$PYTHON" "$VENV" >&2
  install_with uv pip --python "$VENV/bin/python"
else
  # No ensurepip (Debian without python3-venv): a venv without pip, filled by a pip from
  # outside it: the system's (python3-pip, 22.3+ has --python), else pip's official zipapp.
  echo "ensure-fuzz: python3 -m venv cannot bootstrap pip here; filling a pip-less venv" >&2
  rm -rf "$VENV"
  "$PYTHON" -m venv --without-pip "$VENV" >&2
  if "$PYTHON" -m pip --version >/dev/null 2>&1; then
    install_with "$PYTHON" -m pip --python "$VENV/bin/python"
  else
    PIP_PYZ="$VENV/pip.pyz"
    "$PYTHON" -c 'import sys, urllib.request; urllib.request.urlretrieve("https://bootstrap.pypa.io/pip/pip.pyz", sys.argv[1])' "$PIP_PYZ"
    install_with "$VENV/bin/python" "$PIP_PYZ"
  fi
fi

touch "$STAMP"
echo "$VENV/bin"
