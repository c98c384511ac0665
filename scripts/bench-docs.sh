#!/usr/bin/env bash
# Regenerates docs/benchmarks/frame-timing.md and the reports under docs/benchmarks/bench-weston and bench-sway:
# a release build installed into a temporary prefix, momentum bench under weston headless (versus
# weston-simple-egl) and under sway headless. Run from anywhere; about 3 minutes on a quiet 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swift-env.sh
scratch=${MOMENTUM_BENCH_SCRATCH:-/tmp/momentum-bench-build}
work=$(mktemp -d /tmp/momentum-bench-docs.XXXXXX)
trap 'rm -rf "$work"' EXIT
swift build -c release --product momentum --scratch-path "$scratch"
scripts/install --binary "$scratch/release/momentum" "$work/prefix" > /dev/null
"$work/prefix/bin/momentum" bench --headless --versus weston-simple-egl --duration 10 --rest 3 --rounds 2 \
  --out "$work/weston"
scripts/bench-sway.sh "$work/prefix/bin/momentum" "$work/sway" --duration 10 --rest 3
for name in weston sway; do
  mkdir -p "docs/benchmarks/bench-$name"
  cp "$work/$name/report.json" "$work/$name/report.html" "$work/$name/report.md" "docs/benchmarks/bench-$name/"
done
{ cat docs/benchmarks/frame-timing.head.md; cat "$work/weston/report.md"; echo; echo "## sway 1.7 headless"; echo
  cat "$work/sway/report.md"; } > docs/benchmarks/frame-timing.md.new
mv docs/benchmarks/frame-timing.md.new docs/benchmarks/frame-timing.md
echo "wrote docs/benchmarks/frame-timing.md"
