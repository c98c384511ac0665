#!/usr/bin/env bash
# `momentum trace` throughput: 600 001 rows (a spring from 0 to 100 at 1 kHz for 600 s, CSV to a file) with the
# release build, next to a C program printing as many rows of five %.6f numbers (Benchmarks/CReference/trace_rows.c,
# cc -O2). ROUNDS runs each, interleaved; prints every time and the medians. Wall-clock only: compare the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swift-env.sh
rounds=${ROUNDS:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
swift build -c release --product momentum >/dev/null
bin=$(swift build -c release --show-bin-path)/momentum
cc -O2 -o "$out/trace_rows" Benchmarks/CReference/trace_rows.c
seconds() { local start end; start=$(date +%s.%N); "$@" > "$out/rows.txt"; end=$(date +%s.%N); awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }'; }
swift_times=() c_times=()
for _ in $(seq "$rounds"); do
    swift_times+=("$(seconds "$bin" trace --backend spring --from 0 --to 100 --rate 1000 --seconds 600)")
    rows=$(wc -l < "$out/rows.txt")
    c_times+=("$(seconds "$out/trace_rows" 600000)")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
ms=$(median "${swift_times[@]}") mc=$(median "${c_times[@]}")
echo "rows (with header): $rows"
echo "momentum trace: ${swift_times[*]} s (median $ms s)"
echo "C printf:       ${c_times[*]} s (median $mc s)"
echo "ratio momentum/C: $(awk -v a="$ms" -v b="$mc" 'BEGIN { printf "%.2f", a / b }')"
