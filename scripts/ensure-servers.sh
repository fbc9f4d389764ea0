#!/usr/bin/env bash
# Makes sure the scale tier's servers exist: redis-server, nginx and prometheus, and ssh-keygen (openssh-client), with
# which a local-cloud test reads back an instance's SSH key. When one is missing it is
# installed from Debian as root with apt, the way scripts/ensure-chromium.sh installs Chromium, saying what it does.
set -euo pipefail
log() { echo "ensure-servers: $*" >&2; }

missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v ssh-keygen >/dev/null || missing+=(openssh-client)
command -v prometheus >/dev/null || missing+=(prometheus)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  log "installing Debian's ${missing[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  # Installed as programs only: the services the packages would start are not wanted (the tier starts its own).
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2 || { rm -f /usr/sbin/policy-rc.d; exit 1; }
  rm -f /usr/sbin/policy-rc.d
  exit 0
fi
log "missing ${missing[*]} and cannot install them (needs root and apt-get); install them to run the scale tier"
exit 1
