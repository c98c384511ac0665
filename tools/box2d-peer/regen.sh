#!/bin/sh
# Regenerates Tests/MomentumCoreTests/DynamicsBox2DFixtures.swift from the real Box2D 2.4.1.
# Usage: tools/box2d-peer/regen.sh [--check]   (--check: fail if the committed fixtures are stale)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$root/Tests/MomentumCoreTests/DynamicsBox2DFixtures.swift"
bin=$(mktemp -u /tmp/momentum-box2d-peer.XXXXXX)
make -s -C "$here" OUT="$bin"
trap 'rm -f "$bin" "$bin.swift"' EXIT
"$bin" > "$bin.swift"
if [ "${1:-}" = "--check" ]; then
    if cmp -s "$bin.swift" "$out"; then echo "box2d fixtures are current"; else echo "box2d fixtures are stale: run $0" >&2; exit 1; fi
else
    cp "$bin.swift" "$out"
    echo "wrote $out"
fi
