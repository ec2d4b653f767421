#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium (never a downloaded browser): install it when absent.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
echo "Installing Debian's chromium for the end-to-end tests…"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
