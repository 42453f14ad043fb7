#!/usr/bin/env bash
# Makes the Pulumi YAML language host (pulumi-language-yaml) available and prints the folder that
# holds it (to prepend to PATH, after the CLI's). One already on PATH is used as it is; otherwise it
# is built once from the Go module proxy into a cache outside the checkout. `go install` of the
# module is refused (its go.mod has replace directives), so the module is downloaded, copied into a
# writable folder (the module cache is read-only) and built there.
set -euo pipefail

VERSION="${PULUMI_YAML_VERSION:-1.19.1}"
CACHE="${PIPESTACK_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pipestack}"
BIN="$CACHE/pulumi-yaml-v$VERSION/bin"

if command -v pulumi-language-yaml >/dev/null 2>&1; then
  dirname "$(command -v pulumi-language-yaml)"
  exit 0
fi
if [ -x "$BIN/pulumi-language-yaml" ]; then
  echo "$BIN"
  exit 0
fi
if ! command -v go >/dev/null 2>&1; then
  echo "pulumi-pipestack: pulumi-language-yaml is not on PATH, and Go is not installed to build it." >&2
  exit 1
fi

# One build at a time (two test files may ask at once); the second finds it built.
mkdir -p "$CACHE"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$CACHE/pulumi-yaml-v$VERSION.lock"
  flock 9
  if [ -x "$BIN/pulumi-language-yaml" ]; then
    echo "$BIN"
    exit 0
  fi
fi

echo "pulumi-pipestack: building pulumi-language-yaml v$VERSION from the Go module proxy into $BIN (once)" >&2
start=$(date +%s)
work="$CACHE/pulumi-yaml-v$VERSION/src"
rm -rf "$work"
mkdir -p "$work" "$BIN"
# The checksum database is not reachable from every machine; the module proxy is.
dir="$(GOSUMDB=off GOFLAGS=-mod=mod go mod download -json "github.com/pulumi/pulumi-yaml@v$VERSION" |
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -n "$dir" ] || { echo "pulumi-pipestack: go mod download of pulumi-yaml v$VERSION gave no folder" >&2; exit 1; }
cp -R "$dir/." "$work/"
chmod -R u+w "$work"
(cd "$work" && GOSUMDB=off GOFLAGS=-mod=mod go build \
    -ldflags "-X github.com/pulumi/pulumi-yaml/pkg/version.Version=v$VERSION" \
    -o "$BIN/pulumi-language-yaml.new" ./cmd/pulumi-language-yaml)
mv -f "$BIN/pulumi-language-yaml.new" "$BIN/pulumi-language-yaml"
rm -rf "$work"
secs=$(( $(date +%s) - start ))
echo "$secs" >"$CACHE/pulumi-yaml-v$VERSION/build-seconds"
echo "pulumi-pipestack: pulumi-language-yaml built in $secs s" >&2
echo "$BIN"
