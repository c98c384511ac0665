#!/usr/bin/env bash
# Generates the Wayland protocol glue in Sources/CWaylandProtocols from protocols/*.xml with wayland-scanner.
# --check: regenerate into a temporary folder and fail if the committed files differ.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/Sources/CWaylandProtocols"
check=0
[ "${1:-}" = "--check" ] && check=1
command -v wayland-scanner >/dev/null || { echo "gen-protocols: wayland-scanner not found (apt-get install libwayland-bin)" >&2; exit 1; }
dest=$out
if [ $check = 1 ]; then dest=$(mktemp -d); fi
mkdir -p "$dest/include"
for xml in "$root"/protocols/*.xml; do
  name=$(basename "$xml" .xml)
  wayland-scanner client-header "$xml" "$dest/include/$name-client-protocol.h"
  wayland-scanner private-code "$xml" "$dest/$name-protocol.c"
done
if [ $check = 1 ]; then
  status=0
  for f in "$dest"/*.c "$dest"/include/*-client-protocol.h; do
    rel=${f#"$dest"/}
    if ! cmp -s "$f" "$out/$rel"; then echo "gen-protocols: $rel is stale; run scripts/gen-protocols.sh" >&2; status=1; fi
  done
  rm -rf "$dest"
  exit $status
fi
