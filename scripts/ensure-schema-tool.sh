#!/usr/bin/env bash
# Builds scripts/schema-tool (Pulumi's schema binder and SDK generators, pkg/v3/codegen, from the
# Go module proxy) once into a cache outside the checkout, and prints the path of the binary.
# Rebuilt when its source changes. Used by test/e2e/native-schema.test.ts.
set -euo pipefail

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/schema-tool" && pwd)"
CACHE="${PIPESTACK_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pipestack}"
hash="$(cd "$SRC" && cat *.go go.mod go.sum | sha256sum | cut -c1-16)"
BIN="$CACHE/schema-tool-$hash/schema-tool"

if [ -x "$BIN" ]; then
  echo "$BIN"
  exit 0
fi
if ! command -v go >/dev/null 2>&1; then
  echo "pulumi-pipestack: Go is not installed to build scripts/schema-tool." >&2
  exit 1
fi
mkdir -p "$(dirname "$BIN")"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$CACHE/schema-tool.lock"
  flock 9
  if [ -x "$BIN" ]; then
    echo "$BIN"
    exit 0
  fi
fi
start=$(date +%s)
# The checksum database is not reachable from every machine; the module proxy is.
(cd "$SRC" && GOSUMDB=off GOFLAGS=-mod=mod go build -o "$BIN.new" .)
mv -f "$BIN.new" "$BIN"
echo "$(( $(date +%s) - start ))" >"$(dirname "$BIN")/build-seconds"
echo "pulumi-pipestack: schema-tool built in $(( $(date +%s) - start )) s" >&2
echo "$BIN"
