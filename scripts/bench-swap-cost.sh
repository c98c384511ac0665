#!/usr/bin/env bash
# What one window frame costs the client on this machine's EGL, by the way it is drawn (tools/swap-cost): under a
# private weston headless (pixman), at 800x600, 1920x1080 and 3840x2160. The numbers behind the window path chosen
# in docs/benchmarks/scenes.md. Usage: scripts/bench-swap-cost.sh [FRAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
frames=${1:-100}
work=$(mktemp -d)
weston_pid=""
cleanup() { [ -n "$weston_pid" ] && kill "$weston_pid" 2>/dev/null && wait "$weston_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT INT TERM
protocols=Sources/CWaylandProtocols
cc -O2 -Wall -Wextra -Werror -I"$protocols/include" -Itools/common -o "$work/swap-cost" tools/swap-cost/swap-cost.c \
  "$protocols/xdg-shell-protocol.c" $(pkg-config --cflags --libs wayland-client wayland-egl egl glesv2)
mkdir -m 700 "$work/xdg"
for size in 800x600 1920x1080 3840x2160; do
  w=${size%x*} h=${size#*x}
  XDG_RUNTIME_DIR="$work/xdg" weston --backend=headless-backend.so --use-pixman --socket=swap-cost \
    --width="$w" --height="$h" --idle-time=0 --no-config >"$work/weston.log" 2>&1 &
  weston_pid=$!
  for _ in $(seq 100); do [ -S "$work/xdg/swap-cost" ] && break; sleep 0.05; done
  [ -S "$work/xdg/swap-cost" ] || { echo "bench-swap-cost: weston did not start (see its log)" >&2; cat "$work/weston.log" >&2; exit 1; }
  XDG_RUNTIME_DIR="$work/xdg" WAYLAND_DISPLAY=swap-cost "$work/swap-cost" "$w" "$h" "$frames"
  kill "$weston_pid"; wait "$weston_pid" 2>/dev/null || true; weston_pid=""
  rm -f "$work/xdg/swap-cost" "$work/xdg/swap-cost.lock"
done
