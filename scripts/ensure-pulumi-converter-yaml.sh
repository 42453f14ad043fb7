#!/usr/bin/env bash
# Makes the Pulumi YAML converter (pulumi-converter-yaml: `pulumi convert --from yaml`) available
# and prints the folder that holds it (to prepend to PATH). One already on PATH is used as it is;
# otherwise it is built once, beside the YAML language host, from the same module of the Go module
# proxy (see ensure-pulumi-yaml.sh: the module's go.mod has replace directives, so it is copied
# into a writable folder and built there). Used by test/e2e/native-import.test.ts to turn the YAML
# that `pulumi import` writes into PCL, which Pulumi's Node.js program generator renders.
set -euo pipefail

VERSION="${PULUMI_YAML_VERSION:-1.19.1}"
CACHE="${PIPESTACK_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pipestack}"
BIN="$CACHE/pulumi-yaml-v$VERSION/converter-bin"

if command -v pulumi-converter-yaml >/dev/null 2>&1; then
  dirname "$(command -v pulumi-converter-yaml)"
  exit 0
fi
if [ -x "$BIN/pulumi-converter-yaml" ]; then
  echo "$BIN"
  exit 0
fi
if ! command -v go >/dev/null 2>&1; then
  echo "pulumi-pipestack: pulumi-converter-yaml is not on PATH, and Go is not installed to build it." >&2
  exit 1
fi

mkdir -p "$CACHE"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$CACHE/pulumi-converter-yaml-v$VERSION.lock"
  flock 9
  if [ -x "$BIN/pulumi-converter-yaml" ]; then
    echo "$BIN"
    exit 0
  fi
fi

echo "pulumi-pipestack: building pulumi-converter-yaml v$VERSION from the Go module proxy into $BIN (once)" >&2
start=$(date +%s)
work="$CACHE/pulumi-yaml-v$VERSION/converter-src"
rm -rf "$work"
mkdir -p "$work" "$BIN"
dir="$(GOSUMDB=off GOFLAGS=-mod=mod go mod download -json "github.com/pulumi/pulumi-yaml@v$VERSION" |
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -n "$dir" ] || { echo "pulumi-pipestack: go mod download of pulumi-yaml v$VERSION gave no folder" >&2; exit 1; }
cp -R "$dir/." "$work/"
chmod -R u+w "$work"
(cd "$work" && GOSUMDB=off GOFLAGS=-mod=mod go build \
    -ldflags "-X github.com/pulumi/pulumi-yaml/pkg/version.Version=v$VERSION" \
    -o "$BIN/pulumi-converter-yaml.new" ./cmd/pulumi-converter-yaml)
mv -f "$BIN/pulumi-converter-yaml.new" "$BIN/pulumi-converter-yaml"
rm -rf "$work"
echo "pulumi-pipestack: pulumi-converter-yaml built in $(( $(date +%s) - start )) s" >&2
echo "$BIN"
