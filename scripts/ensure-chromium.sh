#!/usr/bin/env bash
# Finds a Chromium for the e2e tests, installing one when none exists, and prints its path last.
# Order: $CHROMIUM_PATH, the system's Chromium, Playwright's own; else install (Playwright's
# download where the network allows it, else Debian's `chromium` package as root with apt).
# With --headless-shell (the e2e tiers), Chromium's headless shell comes first, installed from Debian as root with apt
# when missing: it runs the same pages without the full browser's UI processes, for less CPU per test.
set -euo pipefail
log() { echo "ensure-chromium: $*" >&2; }

if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] || { log "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable"; exit 1; }
  echo "$CHROMIUM_PATH"; exit 0
fi
if [ "${1:-}" = --headless-shell ]; then
  # The binary itself: Debian's /usr/bin/chromium-headless-shell is a wrapper that stays in between.
  shell=/usr/lib/chromium/chromium-headless-shell
  if [ ! -x "$shell" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    log "installing Debian's chromium-headless-shell with apt-get"
    # A fresh machine may have no package lists yet: read them once, only if the first try cannot find the package.
    { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >&2 2>&1 ||
      { apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >&2 2>&1; }; } ||
      log "could not install chromium-headless-shell; the tests use the full Chromium"
  fi
  if [ -x "$shell" ]; then echo "$shell"; exit 0; fi
fi
for c in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
  if [ -x "$c" ]; then echo "$c"; exit 0; fi
done
own=$(node -e "try{const p=require('playwright-core').chromium.executablePath();if(require('fs').existsSync(p))console.log(p)}catch{}" 2>/dev/null || true)
if [ -n "$own" ]; then echo "$own"; exit 0; fi

log "no Chromium found; trying Playwright's download"
if timeout 120 npx --no-install playwright install chromium >&2 2>&1; then
  own=$(node -e "const p=require('playwright-core').chromium.executablePath();if(require('fs').existsSync(p))console.log(p)")
  if [ -n "$own" ]; then echo "$own"; exit 0; fi
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  log "installing Debian's chromium package with apt-get (this takes a minute)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium >&2
  [ -x /usr/bin/chromium ] && { echo /usr/bin/chromium; exit 0; }
fi
log "could not find or install Chromium; set CHROMIUM_PATH to a Chromium executable"
exit 1
