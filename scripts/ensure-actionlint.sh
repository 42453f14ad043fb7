#!/usr/bin/env bash
# Makes actionlint (the linter of the code host's workflow files) available and prints the path of
# its binary. Built once with `go install` from the Go module proxy into a cache outside the
# checkout, keyed by the version, as the other tools of scripts/ensure-*.sh; the lint tier's
# test/lint/workflows.test.ts calls this, so a fresh machine gets it on its first test run.
set -euo pipefail

VERSION="${ACTIONLINT_VERSION:-1.7.12}"
CACHE="${PIPESTACK_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pipestack}"
BIN="$CACHE/actionlint-v$VERSION/bin"

if [ -x "$BIN/actionlint" ]; then
  echo "$BIN/actionlint"
  exit 0
fi
if ! command -v go >/dev/null 2>&1; then
  echo "pulumi-pipestack: go is not installed to build actionlint." >&2
  exit 1
fi

# One build at a time (two test runs may ask at once); the second finds it ready.
mkdir -p "$CACHE"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$CACHE/actionlint-v$VERSION.lock"
  flock 9
  if [ -x "$BIN/actionlint" ]; then
    echo "$BIN/actionlint"
    exit 0
  fi
fi

echo "pulumi-pipestack: building actionlint v$VERSION from the Go module proxy into $BIN (once)" >&2
# Into a folder of its own first, so an interrupted build leaves no binary that looks ready.
# The checksum database is not reachable from every machine; the module proxy is.
work="$(mktemp -d "$CACHE/actionlint-build.XXXXXX")"
trap 'rm -rf "$work"' EXIT
GOBIN="$work" GOSUMDB=off GOFLAGS=-mod=mod go install "github.com/rhysd/actionlint/cmd/actionlint@v$VERSION" >&2
mkdir -p "$BIN"
mv -f "$work/actionlint" "$BIN/actionlint"
echo "$BIN/actionlint"
