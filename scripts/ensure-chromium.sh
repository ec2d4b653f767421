#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium (never a downloaded browser): install it when absent.
# The tests run in Debian's chromium-headless-shell, the old headless shell that Playwright itself
# runs headless tests in (no browser UI process, less CPU per page on a two-core machine); the full
# `chromium` is installed beside it for running a test headed or by hand.
set -euo pipefail
[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ] && exit 0
echo "Installing Debian's chromium and chromium-headless-shell for the end-to-end tests…"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
