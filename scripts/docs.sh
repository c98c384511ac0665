#!/usr/bin/env bash
# Builds MomentumCore's documentation (the doc comments and the catalog Engine/Sources/MomentumCore/MomentumCore.docc,
# whose getting-started article's code Tests/MomentumCoreDocTests runs) with the toolchain's docc: symbol graphs from a
# build of the engine's package (Engine/.build), then `docc convert`. No package dependency is added for it.
#
#   scripts/docs.sh [--out DIR]   writes the archive to DIR (default Engine/.build/MomentumCore.doccarchive), laid out
#                                 for static hosting: serve DIR and open /documentation/momentumcore
#   scripts/docs.sh --check       builds it with every docc warning an error (a broken ``link``, an ambiguous symbol,
#                                 a doc comment naming a parameter that does not exist) and keeps nothing (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swift-env.sh

check=0
out=Engine/.build/MomentumCore.doccarchive
while [ $# -gt 0 ]; do
    case "$1" in
        --check) check=1 ;;
        --out) [ $# -ge 2 ] || { echo "docs.sh: --out needs a folder" >&2; exit 2; }; out=$2; shift ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "docs.sh: unknown argument '$1' (--out DIR or --check)" >&2; exit 2 ;;
    esac
    shift
done

docc=$(command -v docc || true)
[ -n "$docc" ] || docc="$(dirname "$(command -v swift)")/docc"
[ -x "$docc" ] || { echo "docs.sh: no docc on PATH or beside swift ($(command -v swift))" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The same flags every time, so a second run is an incremental build; the graphs of swift-numerics' modules, written
# there too, are left out (the archive documents MomentumCore alone).
graphs=Engine/.build/symbol-graphs
mkdir -p "$graphs" "$work/symbols"
swift build --package-path Engine --target MomentumCore \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >"$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; echo "docs.sh: the engine did not build" >&2; exit 1; }
cp "$graphs"/MomentumCore.symbols.json "$work/symbols/"
cp "$graphs"/MomentumCore@*.symbols.json "$work/symbols/" 2>/dev/null || true

args=(convert Engine/Sources/MomentumCore/MomentumCore.docc --additional-symbol-graph-dir "$work/symbols"
      --fallback-display-name MomentumCore --fallback-bundle-identifier org.momentum.MomentumCore)
if [ "$check" = 1 ]; then
    "$docc" "${args[@]}" --output-dir "$work/MomentumCore.doccarchive" --warnings-as-errors \
        || { echo "docs.sh: docc reported the problems above (warnings are errors with --check)" >&2; exit 1; }
    echo "docs.sh: MomentumCore's documentation builds with no docc warning"
else
    rm -rf "$out"
    mkdir -p "$(dirname "$out")"
    "$docc" "${args[@]}" --output-dir "$out"
    echo "docs.sh: wrote $out (serve it, e.g. python3 -m http.server -d $out, and open /documentation/momentumcore)"
fi
