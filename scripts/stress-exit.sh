#!/usr/bin/env bash
# Runs the scripted memo dialogue and a food log many times and counts the runs that did not exit
# with status 0 (a crash at exit shows as 139, SIGSEGV). Usage:
#   scripts/stress-exit.sh [MEMO_RUNS [FOOD_RUNS]]     (default 200 and 100; builds release first)
# Prints one line per failing run and the totals; exits 1 when any run failed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
memo_runs="${1:-200}"
food_runs="${2:-100}"
bash "$here/swiftpm.sh" build -c release >/dev/null
binary="$here/../.build/release/verbatim"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/answers.txt" <<'ANSWERS'
An app idea: a shared shopping list for flatmates that sorts items by the aisles of the nearest supermarket. It should work offline.
Mostly students who share a flat and shop once a week. They argue about who forgot the milk.
It would learn the layout of each store from the order people tick items off. Nobody has to map anything by hand.
The first version only needs lists, sharing and the aisle order. Payments can wait.
ANSWERS
export XDG_DATA_HOME="$work/data" VERBATIM_THREADS="${VERBATIM_THREADS:-1}"

run() { # run LABEL INDEX COMMAND...: counts a non-zero exit
  local label="$1" index="$2" status=0
  shift 2
  "$@" >"$work/out" 2>"$work/err" || status=$?
  if ((status != 0)); then
    printf '%s run %d: exit %d: %s\n' "$label" "$index" "$status" "$(tail -n 1 "$work/err")"
    return 1
  fi
}

memo_failed=0 food_failed=0 start=$SECONDS
for ((i = 1; i <= memo_runs; i++)); do
  run memo "$i" "$binary" memo --answers "$work/answers.txt" --json --no-save --lang en || memo_failed=$((memo_failed + 1))
  ((i % 20 == 0)) && printf 'memo: %d runs, %d failed (%d s)\n' "$i" "$memo_failed" "$((SECONDS - start))" >&2
done
for ((i = 1; i <= food_runs; i++)); do
  run food "$i" "$binary" food log --yes "2 eggs, 200g rice, and a coffee" || food_failed=$((food_failed + 1))
  ((i % 20 == 0)) && printf 'food: %d runs, %d failed (%d s)\n' "$i" "$food_failed" "$((SECONDS - start))" >&2
done
printf 'memo --answers --json --no-save: %d runs, %d non-zero exits\n' "$memo_runs" "$memo_failed"
printf 'food log --yes: %d runs, %d non-zero exits\n' "$food_runs" "$food_failed"
((memo_failed == 0 && food_failed == 0))
