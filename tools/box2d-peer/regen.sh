#!/bin/sh
# Regenerates Tests/MomentumCoreTests/DynamicsBox2DFixtures.swift (trajectories, peer.cpp) and
# DynamicsTimeOfImpactFixtures.swift (times of impact, toi.cpp) from the real Box2D 2.4.1.
# Usage: tools/box2d-peer/regen.sh [--check]   (--check: fail if the committed fixtures are stale)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tests="$root/Tests/MomentumCoreTests"
bin=$(mktemp -u /tmp/momentum-box2d-peer.XXXXXX)
make -s -C "$here" OUT="$bin" TOI_OUT="$bin-toi"
trap 'rm -f "$bin" "$bin.swift" "$bin-toi" "$bin-toi.swift"' EXIT
"$bin" > "$bin.swift"
"$bin-toi" > "$bin-toi.swift"
status=0
for pair in "$bin.swift:$tests/DynamicsBox2DFixtures.swift" "$bin-toi.swift:$tests/DynamicsTimeOfImpactFixtures.swift"; do
    made=${pair%%:*}
    out=${pair#*:}
    if [ "${1:-}" = "--check" ]; then
        if cmp -s "$made" "$out"; then echo "$(basename "$out") is current"
        else echo "$(basename "$out") is stale: run $0" >&2; status=1; fi
    else
        cp "$made" "$out"
        echo "wrote $out"
    fi
done
exit $status
