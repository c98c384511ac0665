#!/usr/bin/env python3
"""Writes the compositor matrix's headline table into README.md, between <!-- matrix:begin --> and
<!-- matrix:end -->, from a `momentum bench --compositors` report.json (scripts/bench-matrix.sh calls it)."""
import json
import sys


def cell(compositor, run, metric):
    """The median (min–max) of a metric of a run over the rounds, or – ."""
    for r in compositor.get("runs", []):
        if r.get("name") == run:
            m = r.get("metrics", {}).get(metric)
            if m is None:
                return "–"
            def n(v):
                v = round(v, 1)
                return str(int(v)) if v == int(v) else str(v)
            return n(m["median"]) if m["min"] == m["max"] else f"{n(m['median'])} ({n(m['min'])}–{n(m['max'])})"
    return "–"


def main(report_path, readme_path):
    with open(report_path, encoding="utf-8") as f:
        report = json.load(f)
    if report.get("schema") != "momentum-bench-matrix":
        sys.exit(f"matrix-readme: {report_path} is not a matrix report")
    rows = ["| compositor | timing | fps | interval p99 (ms) | missed | touch → present p50 (ms) "
            "| drag lag p50 at 1000 px/s, prediction on / off (px) | client / compositor CPU per frame (µs) |",
            "|---|---|---|---|---|---|---|---|"]
    for c in report["compositors"]:
        if c.get("status") != "ok":
            rows.append(f"| {c['kind']} | failed: {c.get('error', '?')} | | | | | | |")
            continue
        autoplay = next((r["name"] for r in c["runs"] if r.get("workload") == "autoplay"), None)
        rows.append(f"| {c['name']} | {c.get('timing_source', '–')} | {cell(c, autoplay, 'fps')} "
                    f"| {cell(c, autoplay, 'interval_p99')} | {cell(c, autoplay, 'missed')} "
                    f"| {cell(c, 'panel-drag-1000', 'touch_present_p50')} "
                    f"| {cell(c, 'panel-drag-1000', 'drag_lag_p50')} / {cell(c, 'panel-drag-1000-unpredicted', 'drag_lag_p50')} "
                    f"| {cell(c, autoplay, 'cpu_per_frame')} / {cell(c, autoplay, 'compositor_cpu_per_frame')} |")
    rounds = report.get("rounds", 1)
    load = report.get("host", {}).get("load_average", "?")
    table = "\n".join(rows) + (f"\n\nMedian (min–max) over {rounds} rounds; load average at the end {load}; "
                               f"`{report.get('command', '')}`, momentum {report.get('momentum_build', '?')}.\n")
    with open(readme_path, encoding="utf-8") as f:
        text = f.read()
    begin, end = "<!-- matrix:begin -->\n", "<!-- matrix:end -->"
    if begin not in text or end not in text:
        sys.exit(f"matrix-readme: {readme_path} has no {begin.strip()} … {end} markers")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    with open(readme_path, "w", encoding="utf-8") as f:
        f.write(head + begin + table + end + tail)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: matrix-readme.py REPORT.json README.md")
    main(sys.argv[1], sys.argv[2])
