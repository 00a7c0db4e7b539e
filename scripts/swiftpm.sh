#!/usr/bin/env bash
# Runs `swift` with the paths setup resolved: pkg-config for CLlama and an rpath to llama.cpp's
# libraries, so the binaries need no LD_LIBRARY_PATH. Usage: scripts/swiftpm.sh build|test|run ARGS...
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/setup.sh"
source "$here/lib.sh"
cache="$VERBATIM_CACHE"
libdir="$("$cache/venv/bin/python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["llamaLibraryDirectory"])' "$cache/manifest.json")"
export PKG_CONFIG_PATH="$cache/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
sub="$1"; shift
exec swift "$sub" -Xlinker -rpath -Xlinker "$libdir" "$@"
