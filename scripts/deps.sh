#!/usr/bin/env bash
# Installs the Debian 12 packages Momentum needs for one purpose, if any are missing:
#   scripts/deps.sh run        build the app and open its window (scripts/demo under a compositor)
#   scripts/deps.sh headless   run + weston, and what builds the touch-injection module (scripts/demo without a
#                              compositor, scripts/install)
#   scripts/deps.sh test       headless + the other compositors and the oracles the tests check against (scripts/test, CI)
#   scripts/deps.sh --list PURPOSE   print the packages of PURPOSE, one a line, and install nothing
# Uses sudo when not root (CI runs it as root, where no sudo is installed). Quiet when everything is there already.
# A Swift toolchain is assumed (with what it needs to link: libc6-dev, libstdc++-12-dev, binutils).
set -euo pipefail
usage() { echo "usage: scripts/deps.sh [--list] run|headless|test" >&2; exit 64; }
list=0
[ "${1:-}" = "--list" ] && { list=1; shift; }
[ $# -eq 1 ] || usage
purpose=$1

# run: the C libraries SwiftPM finds through pkg-config (Package.swift's system libraries) and their runtimes.
run=(
  pkg-config libwayland-dev libegl-dev libgles-dev libxkbcommon-dev zlib1g-dev libfreetype-dev libharfbuzz-dev
  libfontconfig-dev
  # client-side decorations where the compositor draws none (weston, mutter), with libdecor's cairo plugin; a
  # cursor theme for libwayland-cursor (where the compositor offers no wp_cursor_shape_v1)
  libdecor-0-dev libdecor-0-plugin-1-cairo dmz-cursor-theme
  # Mesa's EGL/GLES (llvmpipe when there is no GPU)
  libegl-mesa0 libgl1-mesa-dri
  # text: the preferred UI face (any sans-serif fontconfig finds otherwise)
  fonts-inter
)
# headless: the private weston, and its module API, a C compiler and make for harness/momentum-touch.so.
headless=(weston libweston-10-dev gcc make)
# test: wayland-scanner (scripts/gen-protocols.sh --check, the harness's sway and KWin input clients), the Box2D peer
# the dynamics backend is checked against (C++), python3 (PNG decoding in the renderer tests; the bench scripts),
# setpriv (util-linux, to run sway unprivileged), desktop-file-validate (the installed launcher entry).
test=(libwayland-bin libbox2d-dev g++ python3 util-linux desktop-file-utils)
# Installed without their recommends (lock screens, a whole Plasma desktop), for the tests only:
test_lean=(
  # the second compositor of the end-to-end smoke (wlroots; headless, pixman)
  sway
  # the third: KWin 5.27 on its virtual backend, with touch through its fake input protocol
  kwin-wayland
  # Phosh's compositor phoc 0.24 (wlroots), nested in weston headless like sway for the bench (feedback and touch)
  phoc
  # the fourth: GNOME's mutter 43 headless, with genuine touch through its remote-desktop API, which needs a
  # screen-cast stream (PipeWire) on a private D-Bus session bus; the injector is python3 with python3-dbus and
  # python3-gi (the GLib main loop)
  mutter pipewire dbus-daemon python3-dbus python3-gi
  # the shells the installed completion scripts are checked in (bash is always there)
  zsh fish
)

packages=() lean=()
case "$purpose" in
  run) packages=("${run[@]}") ;;
  headless) packages=("${run[@]}" "${headless[@]}") ;;
  test) packages=("${run[@]}" "${headless[@]}" "${test[@]}"); lean=("${test_lean[@]}") ;;
  *) usage ;;
esac
if [ $list = 1 ]; then
  printf '%s\n' "${packages[@]}" "${lean[@]}"
  exit 0
fi

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=() missing_lean=()
for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
for p in ${lean[@]+"${lean[@]}"}; do installed "$p" || missing_lean+=("$p"); done
[ ${#missing[@]} -eq 0 ] && [ ${#missing_lean[@]} -eq 0 ] && exit 0
echo "installing ($purpose): ${missing[*]-} ${missing_lean[*]-}" >&2
apt=(apt-get)
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "scripts/deps.sh: not root and no sudo: as root, run" \
    "apt-get install ${missing[*]-} ${missing_lean[*]-}" >&2; exit 1; }
  apt=(sudo env DEBIAN_FRONTEND=noninteractive apt-get)
fi
export DEBIAN_FRONTEND=noninteractive
"${apt[@]}" update -qq
[ ${#missing[@]} -eq 0 ] || "${apt[@]}" install -y -qq "${missing[@]}" >/dev/null
[ ${#missing_lean[@]} -eq 0 ] || "${apt[@]}" install -y -qq --no-install-recommends "${missing_lean[@]}" >/dev/null
