#!/usr/bin/env bash
# Builds the Examples package, which depends on this checkout by path as another package would,
# with the flags scripts/swiftpm.sh passes (pkg-config for CLlama, an rpath to llama.cpp's
# libraries). Setup must have run (any make target runs it). Its build folder is
# Examples/.build (git-ignored). Usage: scripts/build-examples.sh [swift build options...]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/lib.sh"
cache="$VERBATIM_CACHE"
if [[ ! -f "$cache/manifest.json" || ! -f "$cache/pkgconfig/llama.pc" ]]; then
  echo "build-examples: setup has not run (no $cache/manifest.json); run scripts/setup.sh or make setup" >&2
  exit 1
fi
libdir="$("$cache/venv/bin/python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["llamaLibraryDirectory"])' "$cache/manifest.json")"
export PKG_CONFIG_PATH="$cache/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
exec swift build --package-path "$here/../Examples" -Xlinker -rpath -Xlinker "$libdir" "$@"
