#!/usr/bin/env python3
"""A long trace from a short real one, for measuring `momentum report` on big inputs (docs/robustness.md).

Keeps the real trace's start (clock, seat, window, configure, switcher, system, cursor lines in its first 50 ms),
then repeats everything else but the exit, each copy later by the body's length plus 0.6 s (an idle gap), with frame
numbers, presentation times, callback stamps and input times moved on to match, until the file is SIZE bytes; the
exit comes last. `--dense` keeps only frame, presented and panel lines (a steady run with no input).

  scripts/long-trace.py REAL.jsonl OUT.jsonl SIZE [--dense]

REAL.jsonl is e.g. the trace.jsonl of `momentum headless --out DIR`. Standard library only.
"""
import argparse
import json

HEAD = ("clock", "seat", "window", "configure", "switcher", "system", "cursor")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("real")
    parser.add_argument("out")
    parser.add_argument("size", type=int, help="bytes")
    parser.add_argument("--dense", action="store_true", help="only frame, presented and panel lines after the start")
    args = parser.parse_args()

    lines = [json.loads(line) for line in open(args.real)]
    head = [l for l in lines if l["event"] in HEAD and l["t"] < 0.05]
    body = [l for l in lines if l not in head and l["event"] != "exit"]
    if args.dense:
        body = [l for l in body if l["event"] in ("frame", "presented", "panel")]
    exits = [l for l in lines if l["event"] == "exit"]
    period = body[-1]["t"] - body[0]["t"] + 0.6
    frames = max(l.get("seq", 0) for l in body if l["event"] in ("frame", "presented", "discarded"))

    def dump(line):
        return json.dumps(line, separators=(",", ":")) + "\n"

    with open(args.out, "w") as out:
        written = 0
        for line in head:
            text = dump(line)
            out.write(text)
            written += len(text)
        copy = 0
        full = False
        while not full:
            dt = copy * period
            for line in body:
                moved = dict(line)
                moved["t"] = line["t"] + dt
                event = line["event"]
                if event in ("frame", "presented", "discarded"):
                    moved["seq"] = line["seq"] + copy * frames
                if event == "frame":
                    for key in ("callback_t", "wake_t", "commit_t", "target_t"):
                        if moved.get(key) is not None:
                            moved[key] = line[key] + dt
                    if moved.get("callback_ms") is not None:
                        moved["callback_ms"] = line["callback_ms"] + int(dt * 1000)
                if event == "presented":
                    moved["ns"] = line["ns"] + int(dt * 1e9)
                if event == "touch":
                    moved["time"] = line["time"] + dt
                text = dump(moved)
                if written + len(text) > args.size:
                    full = True
                    break
                out.write(text)
                written += len(text)
            else:
                copy += 1
        for line in exits:
            moved = dict(line)
            moved["t"] = line["t"] + copy * period
            out.write(dump(moved))


if __name__ == "__main__":
    main()
