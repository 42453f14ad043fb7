#!/usr/bin/env bash
# Makes the Pulumi CLI and the Node.js language host available and prints the folder that holds
# them (to prepend to PATH). A `pulumi` already on PATH at the wanted version or newer is used as
# it is; otherwise both are built once from the Go module proxy into a cache outside the checkout,
# because the CLI's download site is not reachable from every machine that runs this package.
set -euo pipefail

VERSION="${PULUMI_VERSION:-3.248.0}"
# The language host has no tags of its own: the commit behind tag v$VERSION.
LANGHOST_REF="${PULUMI_LANGHOST_REF:-a88168d865b7}"
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

if [ -x "$BIN/pulumi" ] && [ -x "$BIN/pulumi-language-nodejs" ]; then
  echo "$BIN"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  cat >&2 <<MSG
pulumi-pipestack: the Pulumi CLI v$VERSION or newer is not on PATH, and Go is not installed to build it.
Install the CLI (https://www.pulumi.com/docs/install/) or Go 1.25+, then run this again.
MSG
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$BIN"
start=$(date +%s)
echo "pulumi-pipestack: building the Pulumi CLI v$VERSION from Go modules into $BIN (once; takes minutes)" >&2

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

build cli "	github.com/pulumi/pulumi/pkg/v3 v$VERSION
	github.com/pulumi/pulumi/sdk/v3 v$VERSION" \
  github.com/pulumi/pulumi/pkg/v3/cmd/pulumi pulumi

build langhost "	github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 $LANGHOST_REF
	github.com/pulumi/pulumi/pkg/v3 v$VERSION
	github.com/pulumi/pulumi/sdk/v3 v$VERSION" \
  github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 pulumi-language-nodejs

echo "pulumi-pipestack: built in $(( $(date +%s) - start )) s" >&2
echo "$(( $(date +%s) - start ))" >"$CACHE/pulumi-v$VERSION/build-seconds"
echo "$BIN"
