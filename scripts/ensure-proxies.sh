#!/usr/bin/env bash
# The resilience suite's rolling restart (tests/resilience/rolling-restart.test.ts) runs the
# README's proxy recipes (deploy/proxy/) with Debian's nginx and HAProxy: install them when absent,
# without starting their system services (a policy-rc.d refusal during the install).
set -euo pipefail
command -v nginx >/dev/null && command -v haproxy >/dev/null && exit 0
echo "Installing Debian's nginx and haproxy for the rolling-restart test…"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
policy=/usr/sbin/policy-rc.d
added=""
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
  $SUDO chmod +x "$policy"
  added=1
fi
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx haproxy >/dev/null
[ -n "$added" ] && $SUDO rm -f "$policy"
exit 0
