#!/usr/bin/env bash
# What a window's buffers cost in memory, and a frame in CPU (the client's and weston's), on this machine's EGL,
# drawn the way Momentum draws today (an EGL window surface), with the app's own wl_shm buffers drawn in bands, and
# as a gradient two pixels wide stretched by wp_viewporter (tools/shm-window): under a private weston headless
# (pixman), at 800x600 and 3840x2160, a window drawn once, then drawn again FRAMES times with a 100x100 damage, then
# FRAMES times declaring the whole window damaged (SHM_WINDOW_DAMAGE=full). After each run, weston's CPU per frame
# (its threads' schedstat over the run, the first frame included). The numbers behind renderer.md's "Where a
# window's memory goes". Usage: scripts/bench-shm-window.sh [FRAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
frames=${1:-60}
[[ "$frames" =~ ^[0-9]+$ ]] && [ "$frames" -ge 1 ] || { echo "bench-shm-window: FRAMES must be a whole number of at least 1" >&2; exit 2; }
work=$(mktemp -d)
weston_pid=""
cleanup() { [ -n "$weston_pid" ] && kill "$weston_pid" 2>/dev/null && wait "$weston_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT INT TERM
protocols=Sources/CWaylandProtocols
cc -O2 -Wall -Wextra -Werror -I"$protocols/include" -o "$work/shm-window" tools/shm-window/shm-window.c \
  "$protocols/xdg-shell-protocol.c" "$protocols/viewporter-protocol.c" $(pkg-config --cflags --libs wayland-client wayland-egl egl glesv2)
mkdir -m 700 "$work/xdg"
# weston's CPU so far, ns: every thread's time on a CPU (/proc/PID/task/*/schedstat, first field).
weston_ns() { cat /proc/"$weston_pid"/task/*/schedstat | awk '{ s += $1 } END { print s }'; }
for size in 800x600 3840x2160; do
  w=${size%x*} h=${size#*x}
  XDG_RUNTIME_DIR="$work/xdg" weston --backend=headless-backend.so --use-pixman --socket=shm-window \
    --width="$w" --height="$h" --idle-time=0 --no-config >"$work/weston.log" 2>&1 &
  weston_pid=$!
  for _ in $(seq 100); do [ -S "$work/xdg/shm-window" ] && break; sleep 0.05; done
  [ -S "$work/xdg/shm-window" ] || { echo "bench-shm-window: weston did not start (see its log)" >&2; cat "$work/weston.log" >&2; exit 1; }
  for way in egl shm stretch; do
    for run in still small full; do
      n=$frames; [ "$run" = still ] && n=0
      damage=""; [ "$run" = full ] && damage=full
      before=$(weston_ns)
      SHM_WINDOW_DAMAGE=$damage XDG_RUNTIME_DIR="$work/xdg" WAYLAND_DISPLAY=shm-window "$work/shm-window" "$way" "$w" "$h" "$n"
      after=$(weston_ns)
      awk -v a="$before" -v b="$after" -v n="$n" 'BEGIN { printf "\tweston: %.3f ms a frame\n", (b - a) / 1e6 / (n + 1) }'
    done
  done
  kill "$weston_pid"; wait "$weston_pid" 2>/dev/null || true; weston_pid=""
  rm -f "$work/xdg/shm-window" "$work/xdg/shm-window.lock"
done
