#!/usr/bin/env bash
# The local web app (`verbatim serve`): libmicrohttpd from Debian to build against; for its browser
# tests (part of `make test`), Debian's chromium and chromium-driver and Selenium from PyPI, pinned
# into the project's Python environment. Idempotent, with its own stamp; run by scripts/setup.sh
# after the Python environment exists.
#
# Writes (outside git):
#   $VERBATIM_CACHE/venv/           selenium and its dependencies (the tests use /usr/bin/chromium and
#                                   /usr/bin/chromedriver, so Selenium never downloads a driver)
set -euo pipefail

SELENIUM_VERSION=4.50.0   # 4.52 needs a certifi newer than the registry holds

here="$(cd "$(dirname "$0")" && pwd)"
source "$here/lib.sh"
cache="$VERBATIM_CACHE"
stamp="$cache/web.stamp"
want="selenium=$SELENIUM_VERSION debs=1"

if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]] \
  && [[ -x /usr/bin/chromium && -x /usr/bin/chromedriver ]] && pkg-config --exists libmicrohttpd \
  && compgen -G "$cache/venv/lib/python3*/site-packages/selenium-$SELENIUM_VERSION.dist-info" >/dev/null; then
  exit 0
fi

ensure_debs pkg-config libmicrohttpd-dev chromium chromium-driver
py="$VERBATIM_PYTHON"
[[ -x "$py" ]] || { say "web: $py is missing; run scripts/setup.sh"; exit 1; }
if [[ "$(pip_version selenium)" != "$SELENIUM_VERSION" ]]; then
  say "installing selenium $SELENIUM_VERSION (browser tests)"
  "$py" -m pip install --quiet "selenium==$SELENIUM_VERSION"
fi

echo "$want" > "$stamp"
say "web ready: libmicrohttpd $(pkg-config --modversion libmicrohttpd), $(/usr/bin/chromium --version 2>/dev/null), selenium $SELENIUM_VERSION"
