# Shared helpers for the setup scripts (sourced, not run).
# The cache folder, by the rules of Sources/VerbatimPaths (set but empty counts as unset; a relative
# XDG_CACHE_HOME is ignored). Every script sources this file rather than working it out again.
xdg_cache="${XDG_CACHE_HOME:-}"
[[ "$xdg_cache" == /* ]] || xdg_cache="$HOME/.cache"
VERBATIM_CACHE="${VERBATIM_CACHE:-$xdg_cache/verbatim}"
export VERBATIM_CACHE
unset xdg_cache
VERBATIM_PYTHON="$VERBATIM_CACHE/venv/bin/python"

say() { printf 'setup: %s\n' "$*" >&2; }

# ensure_debs PKG...: installs the Debian packages that are missing (apt-get update once first).
ensure_debs() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  say "installing Debian packages: ${missing[*]}"
  local sudo_cmd=""
  [[ $(id -u) -ne 0 ]] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# pip_version NAME: the installed version of a distribution in the venv, or nothing.
pip_version() { "$VERBATIM_PYTHON" -m pip show "$1" 2>/dev/null | awk '/^Version:/{print $2}'; }
