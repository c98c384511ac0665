#!/usr/bin/env bash
# Regenerates docs/benchmarks/frame-timing.md and the reports under docs/benchmarks/bench-weston, bench-sway and
# bench-kwin: a release build installed into a temporary prefix, momentum bench under weston headless (versus
# weston-simple-egl; and once more with frames started at the callback and no prediction, compared with it), under
# sway nested in weston headless and under KWin's virtual backend (`--compositor sway|kwin`: private sessions the
# bench starts and stops). Run from anywhere; about 7 minutes on a quiet 2-core machine.
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
"$work/prefix/bin/momentum" bench --headless --frame-start callback --predict off --drag-speeds 1000 --duration 10 \
  --rest 3 --out "$work/weston-callback"
# The callback run has only the 1000 px/s drag without prediction (--allow-mismatch: compared on the runs both have)
# and is the regression the deadline and prediction remove: exit 1 (its verdict) is expected, 2 or more is a failure.
status=0
"$work/prefix/bin/momentum" bench compare "$work/weston/report.json" "$work/weston-callback/report.json" \
  --allow-mismatch --out "$work/compare" > "$work/compare.txt" || status=$?
[ "$status" -le 1 ] || exit "$status"
"$work/prefix/bin/momentum" bench --compositor sway --duration 10 --rest 3 --out "$work/sway"
"$work/prefix/bin/momentum" bench --compositor kwin --duration 10 --rest 3 --out "$work/kwin"
mkdir -p docs/benchmarks/compare-frame-start
cp "$work/compare/compare.html" docs/benchmarks/compare-frame-start/
for name in weston weston-callback sway kwin; do
  mkdir -p "docs/benchmarks/bench-$name"
  cp "$work/$name/report.json" "$work/$name/report.html" "$work/$name/report.md" "docs/benchmarks/bench-$name/"
done
{ cat docs/benchmarks/frame-timing.head.md; cat "$work/weston/report.md"; echo
  echo "## weston 10 headless, frames at the callback, no prediction (the app before the drag-lag work)"; echo
  cat "$work/weston-callback/report.md"; echo
  echo "The two weston runs compared (\`momentum bench compare\`, ratios B / A: the callback run over the deadline run; compare-frame-start/compare.html):"
  echo; echo '```'; cat "$work/compare.txt"; echo '```'; echo
  echo "## sway 1.7 nested in weston 10 headless"; echo; cat "$work/sway/report.md"; echo
  echo "## KWin 5.27, virtual backend (QPainter)"; echo; cat "$work/kwin/report.md"; } > docs/benchmarks/frame-timing.md.new
mv docs/benchmarks/frame-timing.md.new docs/benchmarks/frame-timing.md
echo "wrote docs/benchmarks/frame-timing.md"
