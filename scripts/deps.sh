#!/usr/bin/env bash
# Installs the Debian 12 packages Momentum needs to build, run and test, if any are missing.
# Uses sudo when not root. Quiet when everything is there already.
set -euo pipefail
packages=(
  # build: C libraries through pkg-config, and the protocol scanner
  pkg-config libwayland-dev libwayland-bin wayland-protocols libegl-dev libegl1-mesa-dev libgles-dev libxkbcommon-dev
  zlib1g-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev
  # text: the preferred UI face (any sans-serif fontconfig finds otherwise)
  fonts-inter
  # run: Mesa's EGL/GLES (llvmpipe when there is no GPU)
  libegl-mesa0 libgl1-mesa-dri
  # headless run and tests: weston 10, its module API for the touch-injection harness, a C compiler and make
  weston libweston-10-dev gcc g++ make
  # the physics peer the dynamics backend is checked against
  libbox2d-dev
  # client-side decorations where the compositor draws none (weston, mutter), with libdecor's cairo plugin; a
  # cursor theme for libwayland-cursor (where the compositor offers no wp_cursor_shape_v1)
  libdecor-0-dev libdecor-0-plugin-1-cairo dmz-cursor-theme
  # setpriv, to run sway unprivileged
  util-linux
)
# Installed without their recommends (lock screens, a whole Plasma desktop), as CI does:
lean=(
  # the second compositor of the end-to-end smoke (wlroots; headless, pixman)
  sway
  # the third: KWin 5.27 on its virtual backend, with touch through its fake input protocol
  kwin-wayland
)
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=() missing_lean=()
for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
for p in "${lean[@]}"; do installed "$p" || missing_lean+=("$p"); done
[ ${#missing[@]} -eq 0 ] && [ ${#missing_lean[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]} ${missing_lean[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
[ ${#missing[@]} -eq 0 ] || $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
[ ${#missing_lean[@]} -eq 0 ] || $sudo apt-get install -y -qq --no-install-recommends "${missing_lean[@]}" >/dev/null
