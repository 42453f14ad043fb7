#!/usr/bin/env bash
# Makes the Pulumi CLI and the Node.js language host available and prints the folder that holds
# them (to prepend to PATH). A `pulumi` already on PATH at the wanted version or newer is used as
# it is (with the `pulumi-language-nodejs` next to it on PATH); otherwise both are built from Go
# modules into a cache outside the checkout, because the CLI's download site is not reachable from
# every machine that runs this package. The CLI comes from the Go module proxy. The language host
# is our own small one in scripts/langhost (see its main.go for why): the official one's module is
# not served by every proxy.
set -euo pipefail

VERSION="${PULUMI_VERSION:-3.248.0}"
LANGHOST_SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/langhost" && pwd)"
CACHE="${PIPESTACK_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pipestack}"
BIN="$CACHE/pulumi-v$VERSION/bin"

version_ok() { # is $1 >= $VERSION ?
  [ "$(printf '%s\n%s\n' "$VERSION" "$1" | sort -V | head -n1)" = "$VERSION" ]
}

if command -v pulumi >/dev/null 2>&1 && command -v pulumi-language-nodejs >/dev/null 2>&1; then
  have="$(pulumi version 2>/dev/null | sed 's/^v//')"
  if [ -n "$have" ] && version_ok "$have"; then
    dirname "$(command -v pulumi)"
    exit 0
  fi
fi

# Each binary is (re)built only when missing; the language host also when its source (or the
# version it reports) changed since it was built: a hash of both is kept next to it.
langhost_hash="$(cd "$LANGHOST_SRC" && { echo "$VERSION"; cat ./*.go go.mod go.sum; } | sha256sum | cut -d' ' -f1)"
what_is_missing() {
  need_cli=1
  need_langhost=1
  [ -x "$BIN/pulumi" ] && need_cli=0
  if [ -x "$BIN/pulumi-language-nodejs" ] &&
    [ "$(cat "$BIN/pulumi-language-nodejs.sha256" 2>/dev/null)" = "$langhost_hash" ]; then
    need_langhost=0
  fi
}
what_is_missing

# The official CLI ships the dynamic-provider launcher next to `pulumi`; without it there the CLI
# takes the one in node_modules/@pulumi/pulumi from PATH and warns "using ... from $PATH" on every
# run. Like that one, it runs @pulumi/pulumi's dynamic provider as resolved from the working
# directory (the CLI starts it in the project folder).
ensure_dynamic_launcher() {
  local f="$BIN/pulumi-resource-pulumi-nodejs" want
  want='#!/bin/sh
# Written by pulumi-pipestack scripts/ensure-pulumi.sh: runs the Pulumi dynamic provider of the
# @pulumi/pulumi that the project (the working directory) uses.
script=$(node -e "console.log(require.resolve(\"@pulumi/pulumi/cmd/dynamic-provider\"))") || exit 1
exec node "$script" "$@"'
  if [ "$(cat "$f" 2>/dev/null)" != "$want" ]; then
    mkdir -p "$BIN"
    printf '%s\n' "$want" >"$f.new" && chmod +x "$f.new" && mv -f "$f.new" "$f"
  fi
}

if [ "$need_cli" = 0 ] && [ "$need_langhost" = 0 ]; then
  ensure_dynamic_launcher
  echo "$BIN"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  cat >&2 <<MSG
pulumi-pipestack: the Pulumi CLI v$VERSION or newer (with pulumi-language-nodejs) is not on PATH, and Go is not installed to build it.
Install the CLI (https://www.pulumi.com/docs/install/) or Go 1.25+, then run this again.
MSG
  exit 1
fi

# One build at a time (several checkouts or test runs may ask at once, and each build is minutes of
# both cores); the one that waited finds it built.
mkdir -p "$BIN"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$CACHE/pulumi-v$VERSION.lock"
  flock 9
  what_is_missing
  if [ "$need_cli" = 0 ] && [ "$need_langhost" = 0 ]; then
    ensure_dynamic_launcher
    echo "$BIN"
    exit 0
  fi
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
start=$(date +%s)

build() { # $1 module dir name, $2 requires, $3 package, $4 output name
  local dir="$work/$1"
  mkdir -p "$dir"
  cat >"$dir/go.mod" <<MOD
module pipestack.local/$1

go 1.25

require (
$2
)

replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e
replace golang.org/x/text => golang.org/x/text v0.3.8
MOD
  cat >"$dir/tools.go" <<GO
//go:build tools

package tools

import _ "$3"
GO
  # The checksum database is not reachable from every machine; the module proxy is.
  (cd "$dir" && GOSUMDB=off GOFLAGS=-mod=mod go mod tidy)
  (cd "$dir" && GOSUMDB=off GOFLAGS=-mod=mod go build \
      -ldflags "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$VERSION" \
      -o "$BIN/$4" "$3")
}

if [ "$need_cli" = 1 ]; then
  echo "pulumi-pipestack: building the Pulumi CLI v$VERSION from Go modules into $BIN (once; takes minutes)" >&2
  build cli "	github.com/pulumi/pulumi/pkg/v3 v$VERSION
	github.com/pulumi/pulumi/sdk/v3 v$VERSION" \
    github.com/pulumi/pulumi/pkg/v3/cmd/pulumi pulumi
  echo "$(( $(date +%s) - start ))" >"$CACHE/pulumi-v$VERSION/build-seconds"
fi

if [ "$need_langhost" = 1 ]; then
  echo "pulumi-pipestack: building the Node.js language host (scripts/langhost) into $BIN" >&2
  lh_start=$(date +%s)
  # Its go.mod/go.sum are committed; -mod=mod still lets Go fetch what the module cache lacks.
  (cd "$LANGHOST_SRC" && GOSUMDB=off GOFLAGS=-mod=mod go build \
      -ldflags "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$VERSION" \
      -o "$BIN/pulumi-language-nodejs.new" .)
  mv -f "$BIN/pulumi-language-nodejs.new" "$BIN/pulumi-language-nodejs"
  echo "$langhost_hash" >"$BIN/pulumi-language-nodejs.sha256"
  echo "$(( $(date +%s) - lh_start ))" >"$CACHE/pulumi-v$VERSION/langhost-build-seconds"
fi

ensure_dynamic_launcher
echo "pulumi-pipestack: built in $(( $(date +%s) - start )) s" >&2
echo "$BIN"
