#!/usr/bin/env bash
# Installs headless Chromium (Debian's `chromium` package) to look at report.html the way a reader will.
# Only for people checking the report by eye; the tests and CI never need it.
#
# Then, for example:
#   chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
#     --disable-component-update --disable-sync --user-data-dir="$(mktemp -d)" \
#     --window-size=1200,3000 --screenshot=/tmp/report.png file:///tmp/rep/report.html
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
  echo "chromium is already installed: $(chromium --version 2>/dev/null || echo chromium)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "install-chromium: run as root or install sudo" >&2; exit 2; }
  SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium fonts-dejavu-core
chromium --version
