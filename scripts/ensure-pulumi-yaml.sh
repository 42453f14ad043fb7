#!/usr/bin/env bash
# Makes a command of the Pulumi YAML module available and prints the folder that holds it (to
# prepend to PATH, after the CLI's): the language host, pulumi-language-yaml (the default), or the
# converter, pulumi-converter-yaml (`pulumi convert --from yaml`: test/e2e/native-import.test.ts
# turns the YAML `pulumi import` writes into PCL with it). One already on PATH is used as it is;
# otherwise it is built once from the Go module proxy into a cache outside the checkout, each
# command in a folder of its own. `go install` of the module is refused (its go.mod has replace
# directives), so the module is downloaded, copied into a writable folder (the module cache is
# read-only) and built there.
#
#   ensure-pulumi-yaml.sh [pulumi-language-yaml|pulumi-converter-yaml]
set -euo pipefail

VERSION="${PULUMI_YAML_VERSION:-1.19.1}"
CACHE="${PIPESTACK_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pipestack}"
CMD="${1:-pulumi-language-yaml}"
case "$CMD" in
  pulumi-language-yaml) BIN="$CACHE/pulumi-yaml-v$VERSION/bin" ;;
  pulumi-converter-yaml) BIN="$CACHE/pulumi-yaml-v$VERSION/converter-bin" ;;
  *) echo "pulumi-pipestack: ensure-pulumi-yaml.sh builds pulumi-language-yaml or pulumi-converter-yaml, not $CMD" >&2; exit 2 ;;
esac

if command -v "$CMD" >/dev/null 2>&1; then
  dirname "$(command -v "$CMD")"
  exit 0
fi
if [ -x "$BIN/$CMD" ]; then
  echo "$BIN"
  exit 0
fi
if ! command -v go >/dev/null 2>&1; then
  echo "pulumi-pipestack: $CMD is not on PATH, and Go is not installed to build it." >&2
  exit 1
fi

# One build at a time (two test files may ask at once); the second finds it built.
mkdir -p "$CACHE"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$CACHE/pulumi-yaml-v$VERSION.lock"
  flock 9
  if [ -x "$BIN/$CMD" ]; then
    echo "$BIN"
    exit 0
  fi
fi

echo "pulumi-pipestack: building $CMD v$VERSION from the Go module proxy into $BIN (once)" >&2
start=$(date +%s)
work="$CACHE/pulumi-yaml-v$VERSION/src-$CMD"
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
    -o "$BIN/$CMD.new" "./cmd/$CMD")
mv -f "$BIN/$CMD.new" "$BIN/$CMD"
rm -rf "$work"
secs=$(( $(date +%s) - start ))
echo "$secs" >"$BIN/build-seconds"
echo "pulumi-pipestack: $CMD built in $secs s" >&2
echo "$BIN"
