#!/usr/bin/env bash
# Runs the model-dependent evaluations once per installed catalog language model (one llama.cpp
# thread): `verbatim-eval questions` (under /usr/bin/time -v for the peak RSS), `layout` on the
# first N documents of the shared segmentation set (skipped with a message when ../shared is
# absent) and `memos`; prints each evaluation's own output and the model's install size.
# Usage: scripts/eval-models.sh [--data FILE] [--layout-limit N] [MODEL...] [-- QUESTIONS-OPTIONS...]
#   MODEL defaults to every installed catalog language model; options after -- go to `questions`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
source "$here/lib.sh"
data="$root/eval/memo/dialogue-states-dev.jsonl"
segmentation="$root/../shared/eval/memo/segmentation-dev.jsonl"
memos="$root/eval/memo/memos-dev.jsonl"
layout_limit=8
models=()
extra=()
usage="usage: scripts/eval-models.sh [--data FILE] [--layout-limit N] [MODEL...] [-- QUESTIONS-OPTIONS...]"
while (($#)); do
  case "$1" in
    --) shift; extra=("$@"); break ;;
    --data) [[ $# -ge 2 ]] || { echo "$usage" >&2; exit 64; }; data="$2"; shift 2 ;;
    --layout-limit) [[ $# -ge 2 && "$2" =~ ^[0-9]+$ ]] || { echo "$usage" >&2; exit 64; }; layout_limit="$2"; shift 2 ;;
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
  echo "-- layout (first $layout_limit documents)"
  if [[ -f "$segmentation" ]]; then
    VERBATIM_THREADS=1 "$eval_bin" layout --data "$segmentation" --model "$name" --limit "$layout_limit"
  else
    echo "skipped: $segmentation is not there (it lives in ../shared beside the repository)"
  fi
  echo "-- memos"
  VERBATIM_THREADS=1 "$eval_bin" memos --data "$memos" --model "$name"
done
