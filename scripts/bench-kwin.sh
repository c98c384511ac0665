#!/usr/bin/env bash
# momentum bench under KWin 5.27 (kwin_wayland --virtual, QPainter compositing, 800x600): a compositor with
# presentation feedback other than weston, where the scripted drag (`momentum run --workload drag`) measures the drag
# lag, with and without prediction. Debian's kwin_wayland carries a file capability a container refuses to exec, so a
# plain copy runs, in a runtime directory of its own; KWin runs the bench as its session program and quits after it.
# Usage, from the repository root:
#   scripts/bench-kwin.sh MOMENTUM_BINARY OUT_DIR [momentum bench options…]
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: scripts/bench-kwin.sh MOMENTUM_BINARY OUT_DIR [bench options]" >&2; exit 64; }
binary=$(realpath "$1") out=$2
shift 2
kwin=$(command -v kwin_wayland) || { echo "kwin_wayland not found: apt-get install kwin-wayland" >&2; exit 1; }
runtime=$(mktemp -d /tmp/momentum-bench-kwin.XXXXXX)
trap 'rm -rf "$runtime"' EXIT
chmod 700 "$runtime"
cat "$kwin" > "$runtime/kwin_wayland"
chmod 755 "$runtime/kwin_wayland"
mkdir -p "$runtime/.config" "$runtime/out"
# No decorations: the window's top left is the output's.
printf '[org.kde.kdecoration2]\nNoPlugin=true\n' > "$runtime/.config/kwinrc"
{
  echo '#!/bin/sh'
  printf '%q bench --out %q' "$binary" "$runtime/out"
  printf ' %q' "$@"
  echo " > $runtime/bench.log 2>&1"
  echo "echo \$? > $runtime/bench.status"
  # Says the bench is done (the FIFO read below); then KWin is stopped.
  echo "echo done > $runtime/done"
} > "$runtime/session.sh"
chmod 755 "$runtime/session.sh"
mkfifo "$runtime/done"
env -i HOME="$runtime" PATH=/usr/bin:/bin XDG_RUNTIME_DIR="$runtime" KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 \
  KWIN_COMPOSE=Q "$runtime/kwin_wayland" --virtual --width 800 --height 600 --socket momentum-kwin --no-lockscreen \
  --no-global-shortcuts --no-kactivities "$runtime/session.sh" > "$runtime/kwin.log" 2>&1 &
kwin_pid=$!
trap 'kill "$kwin_pid" 2>/dev/null || true; rm -rf "$runtime"' EXIT
timeout 900 cat "$runtime/done" > /dev/null || true
kill "$kwin_pid" 2>/dev/null || true
wait "$kwin_pid" 2>/dev/null || true
cat "$runtime/bench.log"
status=$(cat "$runtime/bench.status" 2>/dev/null || echo "none")
[ "$status" = 0 ] || { echo "momentum bench under KWin failed (status $status); KWin log: $(tail -5 "$runtime/kwin.log")" >&2; exit 1; }
mkdir -p "$out"
cp -r "$runtime/out/." "$out/"
echo "report: $out/report.html"
