#!/usr/bin/env bash
# Engine benchmarks: builds the nested Benchmarks/ package (package-benchmark, release) and the C reference loops
# (cc -O2), runs them interleaved ROUNDS times pinned to one core, checks the allocation gate, and prints the table
# (Swift ns/tick, C ns/tick, Swift/C ratio, target). Wall-clock is reported, never gated.
#
# Gate (exit status 1 on failure):
#   - every engine benchmark reports 0 mallocs at every percentile (p0 … p100) of its per-tick samples, in every round;
#   - GateProbe.OneAllocation reports ≥ 1 (proves malloc counting works, so "0" means something);
#   - `swift package benchmark thresholds check` against Benchmarks/Thresholds (mallocCountTotal = 0) passes.
#
# Environment: ROUNDS (default 3), BENCH_CPU (core to pin to, default 1), BENCH_SCRATCH (SwiftPM scratch path,
# default Benchmarks/.build), BENCH_OUT (raw results, default $BENCH_SCRATCH/bench-engine).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bench="$root/Benchmarks"
rounds=${ROUNDS:-3}
cpu=${BENCH_CPU:-1}
scratch=${BENCH_SCRATCH:-$bench/.build}
out=${BENCH_OUT:-$scratch/bench-engine}
pin=()
if command -v taskset >/dev/null && taskset -c "$cpu" true 2>/dev/null; then pin=(taskset -c "$cpu"); fi
swiftpm=(swift package --scratch-path "$scratch")

mkdir -p "$out"
rm -f "$out"/*.txt "$out"/*.md

echo "== machine"
uname -srm | tee "$out/machine.txt"
grep -m1 'model name' /proc/cpuinfo | tee -a "$out/machine.txt" || true
echo "cores: $(nproc); pinned to: ${pin[*]:-(not pinned)}" | tee -a "$out/machine.txt"
echo "load before: $(uptime)" | tee -a "$out/machine.txt"

echo "== build (C reference: cc -O2 and clang -O2; Swift: release)"
compilers=(cc)
if command -v clang >/dev/null; then compilers+=(clang); fi
for compiler in "${compilers[@]}"; do
    make -s -B -C "$bench/CReference" CC="$compiler" OUT="$scratch/creference/$compiler"
    echo "$compiler: $("$compiler" --version | head -1)" | tee -a "$out/machine.txt"
done
echo "swiftc: $(swiftc --version 2>&1 | head -1)" | tee -a "$out/machine.txt"
(cd "$bench" && swift build -c release --scratch-path "$scratch" 2>&1 | tail -1)

programs=(springs springfield bodies tweens bezier)
for round in $(seq 1 "$rounds"); do
    echo "== round $round/$rounds"
    for compiler in "${compilers[@]}"; do
        for program in "${programs[@]}"; do
            "${pin[@]}" "$scratch/creference/$compiler/$program" >>"$out/c-$compiler-$round.txt"
        done
    done
    (cd "$bench" && "${pin[@]}" "${swiftpm[@]}" benchmark --format markdown --path stdout --no-progress \
        2>/dev/null >"$out/swift-$round.md")
    sed 's/^/  C (cc) /' "$out/c-cc-$round.txt"
done
echo "load after: $(uptime)" | tee -a "$out/machine.txt"

echo "== allocation gate: static thresholds (Benchmarks/Thresholds, mallocCountTotal = 0)"
status=0
(cd "$bench" && "${swiftpm[@]}" benchmark thresholds check --skip 'GateProbe.*' --no-progress \
    >"$out/thresholds.txt" 2>&1) || status=$?
tail -n 5 "$out/thresholds.txt"
thresholds_ok=1
if [ "$status" -ne 0 ]; then
    echo "thresholds check FAILED (exit $status)"
    thresholds_ok=0
fi

python3 - "$out" "$rounds" "$thresholds_ok" <<'PY'
import re, sys
out, rounds, thresholds_ok = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"

def parse_swift(path):
    results, name = {}, None
    for line in open(path):
        if line.startswith("### "):
            name = line[4:].strip()
            results[name] = {}
        elif name and line.startswith("|") and not line.startswith("|:") and "Metric" not in line:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            results[name][cells[0]] = [float(c) for c in cells[1:8]]  # p0 p25 p50 p75 p90 p99 p100
    return results

def parse_c(path):
    return {n: float(v) for n, v, _ in (line.split() for line in open(path) if line.strip())}

swift = [parse_swift(f"{out}/swift-{r}.md") for r in range(1, rounds + 1)]
import os
compilers = [cc for cc in ("cc", "clang") if os.path.exists(f"{out}/c-{cc}-1.txt")]
c = {cc: [parse_c(f"{out}/c-{cc}-{r}.txt") for r in range(1, rounds + 1)] for cc in compilers}
wall = lambda rows: next(v for k, v in rows.items() if k.startswith("Time (wall clock)"))
mallocs = lambda rows: next(v for k, v in rows.items() if k.startswith("Malloc (total)"))

rows = [  # Swift benchmark, C reference, target ns, what one tick is
    ("Springs100k.PropertyAnimation", "Springs100k", 2e6, "100 000 springs as the app runs them: MultiAnimator<Int> (PropertyAnimation)"),
    ("Springs100k.LayerTree", "Springs100k", 2e6, "100 000 layers with a spring on position, LayerTree.advance(by: 1/60)"),
    ("Springs100k.Animator", "Springs100k", 2e6, "100 000 springs, Animator<Int, SpringAnimation>.advance(by: 1/60)"),
    ("Springs100k.Array", "Springs100k", 2e6, "100 000 springs, ContiguousArray<SpringAnimation> in place"),
    ("Springs100k.Field", "Springs100k.Field", 2e6, "100 000 springs, one SpringField (structure of arrays)"),
    ("Bodies10k.World", "Bodies10k.World", None, "10 000 items + anchor attachments, DynamicsWorld.advance(by: 1/60)"),
    ("Tweens10k.BasicAnimation", "Tweens10k.BasicAnimation", 1e6, "10 000 BasicAnimation<SIMD2>.sample, timing .default"),
    ("Tweens10k.PropertyAnimation", None, 1e6, "10 000 tweens as the app runs them: MultiAnimator<Int> + forEachPresented"),
    ("Tweens10k.Animator", None, 1e6, "10 000 TweenBackend: Animator.advance + presentedValue"),
    ("Bezier.easeInEaseOut", "Bezier.easeInEaseOut", 100, "one CubicBezier.value(at:)"),
    ("Bezier.0.5-0-0.9-0.7", "Bezier.0.5-0-0.9-0.7", 100, "one CubicBezier.value(at:)"),
]

def fmt(ns):
    if ns is None: return "—"
    return f"{ns / 1e6:.3f} ms" if ns >= 1e5 else (f"{ns / 1e3:.1f} µs" if ns >= 1e4 else f"{ns:.1f} ns")

print()
print(f"Per tick: best (lowest) of the per-round medians over {rounds} interleaved rounds; Swift p0 = fastest tick seen.")
print()
head = "".join(f" C {cc} -O2 | Swift/C {cc} |" for cc in compilers)
print(f"| Benchmark | Swift median | Swift p0 |{head} Target | Met? | Mallocs/tick (max) |")
print("|:--|--:|--:|" + "--:|--:|" * len(compilers) + "--:|:--:|--:|")
gate_ok = thresholds_ok
for name, cname, target, what in rows:
    if not all(name in s for s in swift):
        print(f"| {name} | missing | | | | | | |"); gate_ok = False; continue
    s_med = min(wall(s[name])[2] for s in swift)
    s_p0 = min(wall(s[name])[0] for s in swift)
    cols = ""
    for cc in compilers:
        c_med = min(r[cname] for r in c[cc]) if cname else None
        cols += f" {fmt(c_med)} | {f'{s_med / c_med:.2f}' if c_med else '—'} |"
    max_malloc = max(max(mallocs(s[name])) for s in swift)
    if max_malloc != 0: gate_ok = False
    met = "—" if target is None else ("yes" if s_med <= target else "no")
    print(f"| {name} | {fmt(s_med)} | {fmt(s_p0)} |{cols} {fmt(target)} | {met} | {max_malloc:.0f} |")
probe = min(mallocs(s["GateProbe.OneAllocation"])[2] for s in swift if "GateProbe.OneAllocation" in s) if all(
    "GateProbe.OneAllocation" in s for s in swift) else 0
print()
print(f"GateProbe.OneAllocation median mallocs/tick: {probe:.0f} (must be ≥ 1)")
if probe < 1: gate_ok = False
print(f"static thresholds check: {'passed' if thresholds_ok else 'FAILED'}")
print("ALLOCATION GATE:", "PASSED (0 mallocs in every measured tick)" if gate_ok else "FAILED")
sys.exit(0 if gate_ok else 1)
PY
