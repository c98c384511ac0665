#!/usr/bin/env bash
# momentum bench under sway headless (WLR_BACKENDS=headless WLR_RENDERER=pixman, 800x600): the second compositor's
# report. sway 1.7 refuses to run as root, so as root it runs as the system user momentum-sway (made if missing),
# with the binary copied where that user can run it. Usage, from the repository root:
#   scripts/bench-sway.sh MOMENTUM_BINARY OUT_DIR [momentum bench options…]
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: scripts/bench-sway.sh MOMENTUM_BINARY OUT_DIR [bench options]" >&2; exit 64; }
binary=$1 out=$2
shift 2
command -v sway >/dev/null || { echo "sway not found: apt-get install sway" >&2; exit 1; }
runtime=$(mktemp -d /tmp/momentum-bench-sway.XXXXXX)
cleanup() { [ -n "${sway_pid:-}" ] && kill "$sway_pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$runtime"; }
trap cleanup EXIT
as_user=()
if [ "$(id -u)" = 0 ]; then
  id momentum-sway >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin momentum-sway
  as_user=(setpriv --reuid="$(id -u momentum-sway)" --regid="$(id -g momentum-sway)" --init-groups --)
  chown momentum-sway: "$runtime"
fi
chmod 700 "$runtime"
cp "$binary" "$runtime/momentum"
mkdir -p "$runtime/out"
[ "$(id -u)" = 0 ] && chown momentum-sway: "$runtime/out"
mkfifo "$runtime/ready"
[ "$(id -u)" = 0 ] && chown momentum-sway: "$runtime/ready"
cat > "$runtime/sway.config" <<EOF
xwayland disable
default_border none
output HEADLESS-1 mode 800x600 position 0 0
exec /bin/sh -c 'echo "\$WAYLAND_DISPLAY" > $runtime/ready'
EOF
env_user=(env -i HOME="$runtime" PATH=/usr/bin:/bin XDG_RUNTIME_DIR="$runtime")
"${as_user[@]}" "${env_user[@]}" WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
  sway -c "$runtime/sway.config" > "$runtime/sway.log" 2>&1 &
sway_pid=$!
display=$(timeout 30 cat "$runtime/ready") || { echo "sway did not start: $(tail -3 "$runtime/sway.log")" >&2; exit 1; }
cd "$runtime"
"${as_user[@]}" "${env_user[@]}" WAYLAND_DISPLAY="$display" "$runtime/momentum" bench --out "$runtime/out" "$@"
mkdir -p "$out"
cp -r "$runtime/out/." "$out/"
echo "report: $out/report.html"
