#!/usr/bin/env bash
# Runs the model-dependent evaluations once per installed catalog language model (one llama.cpp
# thread): `verbatim-eval questions` (under /usr/bin/time -v for the peak RSS) and `memos`; prints
# each evaluation's own output and the model's install size. (The note layout uses no language
# model: `verbatim-eval layout` measures it once.)
# Usage: scripts/eval-models.sh [--data FILE] [MODEL...] [-- QUESTIONS-OPTIONS...]
#   MODEL defaults to every installed catalog language model; options after -- go to `questions`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
source "$here/lib.sh"
data="$root/eval/memo/dialogue-states-dev.jsonl"
memos="$root/eval/memo/memos-dev.jsonl"
models=()
extra=()
usage="usage: scripts/eval-models.sh [--data FILE] [MODEL...] [-- QUESTIONS-OPTIONS...]"
while (($#)); do
  case "$1" in
    --) shift; extra=("$@"); break ;;
    --data) [[ $# -ge 2 ]] || { echo "$usage" >&2; exit 64; }; data="$2"; shift 2 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    -*) echo "$usage" >&2; exit 64 ;;
    *) models+=("$1"); shift ;;
  esac
done
(cd "$root" && bash scripts/swiftpm.sh build -c release --product verbatim-eval >/dev/null)
eval_bin="$root/.build/release/verbatim-eval"
if ((${#models[@]} == 0)); then
  mapfile -t models < <("$VERBATIM_PYTHON" -c '
import json, os, sys
for m in json.load(open(sys.argv[1]))["models"]:
    if m.get("kind", "language") == "language" and m.get("path") and os.path.isfile(m["path"]): print(m["name"])' \
    "$VERBATIM_CACHE/models.json")
fi
for name in "${models[@]}"; do
  size="$("$VERBATIM_PYTHON" -c '
import json, sys
m = next(m for m in json.load(open(sys.argv[1]))["models"] if m["name"] == sys.argv[2])
print("%.1f MB" % (m["bytes"] / 1e6))' "$VERBATIM_CACHE/models.json" "$name")"
  echo "== $name (install size $size)"
  log="$(mktemp)"
  echo "-- questions"
  VERBATIM_THREADS=1 /usr/bin/time -v -o "$log" "$eval_bin" questions --data "$data" --model "$name" ${extra[@]+"${extra[@]}"}
  awk -F': ' '/Maximum resident set size/{printf "peak RSS: %.0f MB\n", $2 / 1024} /Elapsed \(wall clock\)/{print "wall clock: " $2}' "$log"
  rm -f "$log"
  echo "-- memos"
  VERBATIM_THREADS=1 "$eval_bin" memos --data "$memos" --model "$name"
done
