#!/usr/bin/env bash
# Compares two momentum builds' frame timing side by side: `momentum bench --headless` of each, alternating (A, B,
# B, A), on the same machine, then one table of the numbers that matter per run and metric.
#   scripts/bench-ab.sh A/momentum B/momentum OUT [bench arguments…]
# Default bench arguments: --scene all --duration 6 --rest 3 --drag-speeds 1000. Each binary must sit below a
# checkout (its harness/ builds the weston module). Writes OUT/{a1,b1,b2,a2}/ (each a bench report) and OUT/table.md.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: scripts/bench-ab.sh A/momentum B/momentum OUT [bench arguments…]" >&2; exit 2; }
a=$1 b=$2 out=$3
shift 3
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--scene all --duration 6 --rest 3 --drag-speeds 1000)
for bin in "$a" "$b"; do [ -x "$bin" ] || { echo "bench-ab: $bin is not an executable" >&2; exit 2; }; done
mkdir -p "$out"
for run in a1:"$a" b1:"$b" b2:"$b" a2:"$a"; do
  name=${run%%:*} bin=${run#*:}
  echo "== $name: $bin" >&2
  rm -rf "${out:?}/$name"
  "$bin" bench --headless "${args[@]}" --out "$out/$name" > "$out/$name.log" 2>&1 \
    || { echo "bench-ab: $name failed, see $out/$name.log" >&2; exit 1; }
done
python3 - "$out" > "$out/table.md" <<'PY'
import json, sys
out = sys.argv[1]
names = ["a1", "b1", "b2", "a2"]
reports = {n: json.load(open(f"{out}/{n}/report.json")) for n in names}
metrics = [("fps", "fps", None), ("interval p99 ms", "interval_ms", "p99"), ("missed", "missed_vblanks", None),
           ("CPU/presented frame µs", "cpu_per_presented_frame_us", None),
           ("callback→commit p50 ms", "callback_to_commit_ms", "p50"), ("start→commit p50 ms", "start_to_commit_ms", "p50"),
           ("touch→present p50 ms", "touch_to_present_ms", "p50"), ("steady drag lag p50 px", "drag_lag", "px.p50"),
           ("steady drag lag p90 px", "drag_lag", "px.p90"), ("every-frame drag lag p50 px", "drag_lag_all", "px.p50")]
def get(run, key, sub):
    v = run.get(key)
    for part in (sub.split(".") if sub else []):
        v = v.get(part) if isinstance(v, dict) else None
    return v
print("| run | metric | " + " | ".join(names) + " |")
print("|---|---|" + "---|" * len(names))
for name in [r["name"] for r in reports["a1"]["runs"]]:
    for label, key, sub in metrics:
        values = []
        for n in names:
            run = next((r for r in reports[n]["runs"] if r["name"] == name), {})
            v = get(run, key, sub)
            values.append("–" if v is None else (f"{v:.2f}" if isinstance(v, float) else str(v)))
        if any(v != "–" for v in values):
            print(f"| {name} | {label} | " + " | ".join(values) + " |")
PY
cat "$out/table.md"
