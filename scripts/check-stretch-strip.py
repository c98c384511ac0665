#!/usr/bin/env python3
"""Whether weston (headless, pixman) shows a strip stretched down by wp_viewporter as the same bytes as its row drawn
on every row (tools/stretch-strip): at scale 1 and 2, a strip one row high and three rows cropped to the middle one,
and the control (the strip a pixel off), which must differ; and a column one logical px wide stretched sideways (a
vertical gradient's way) against rows of one value each, with its control (the column a row off). Prints one line
a case; exits 1 when a strip differs or a control does not, 2 when a run fails.

  scripts/check-stretch-strip.py PREFIX/lib/momentum/momentum-touch.so   (the capture goes through its control socket)
"""
import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time

from benchlib import build_tool, end_weston, start_weston


def read_ppm(path):
    """(width, height, RGB bytes) of a binary PPM as the module writes it."""
    with open(path, "rb") as f:
        data = f.read()
    magic, size, _, pixels = data.split(b"\n", 3)
    if magic != b"P6":
        raise RuntimeError(f"{path}: not a binary PPM")
    width, height = map(int, size.split())
    return width, height, pixels


def capture(control, path):
    """What weston's output shows, through momentum-touch's control socket, as read_ppm gives it."""
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(20)
        s.connect(control)
        s.recv(64)  # ready
        s.sendall(f"capture {path}\nend\n".encode())
        reply = s.recv(128).decode().strip()
    if not reply.startswith("captured "):
        raise RuntimeError(f"capture: {reply}")
    return read_ppm(path)


def compare(width, height, pixels):
    """Pixels of the right half that differ from the left half's, and the largest channel difference."""
    half, differing, largest = width // 2, 0, 0
    for y in range(height):
        row = pixels[y * width * 3:(y + 1) * width * 3]
        left, right = row[:half * 3], row[half * 3:half * 6]
        if left != right:
            for x in range(0, half * 3, 3):
                if left[x:x + 3] != right[x:x + 3]:
                    differing += 1
                    largest = max(largest, *(abs(left[x + i] - right[x + i]) for i in range(3)))
    return differing, half * height, largest


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("touch_module", help="momentum-touch.so of an installed build (scripts/install PREFIX)")
    args = parser.parse_args()
    if not os.path.isfile(args.touch_module):
        print(f"check-stretch-strip: {args.touch_module}: no such file", file=sys.stderr)
        sys.exit(2)
    work = tempfile.mkdtemp(prefix="check-stretch-strip-")
    failed = False
    try:
        tool = build_tool(work, "stretch-strip", protocols=("xdg-shell", "viewporter"))
        for scale in (1, 2):
            for mode, name in ((1, "down, one row"), (3, "down, three rows, the middle one"),
                               (0, "down, control: a pixel off"), (4, "sideways, one column (a logical px)"),
                               (5, "sideways, control: a row off")):
                run = os.path.join(work, f"s{scale}m{mode}")
                os.mkdir(run)
                weston = client = None
                try:
                    weston, env = start_weston(run, "stretch-strip", 128, 200, scale=scale,
                                               touch_module=args.touch_module,
                                               arguments=("--shell=kiosk-shell.so",))
                    control = os.path.join(run, "xdg", "momentum-touch.sock")
                    for _ in range(200):
                        if os.path.exists(control):
                            break
                        time.sleep(0.05)
                    client = subprocess.Popen([tool, str(scale), str(mode)], env=env, stderr=subprocess.PIPE,
                                              text=True)
                    if client.stderr.readline().strip() != "shown":
                        raise RuntimeError(f"stretch-strip {scale} {mode} exited: {client.wait()}")
                    time.sleep(0.5)  # weston's next repaint
                    differing, total, largest = compare(*capture(control, os.path.join(run, "out.ppm")))
                finally:
                    if client:
                        client.terminate()
                        client.wait()
                    if weston:
                        weston.terminate()
                        weston.wait()
                same = differing == 0
                ok = same if mode in (1, 3, 4) else not same
                failed |= not ok
                print(f"scale {scale}, {name}: {differing} of {total} px differ (largest {largest})"
                      f"{'' if ok else '  <- unexpected'}")
    except (OSError, RuntimeError, subprocess.CalledProcessError) as error:
        print(f"check-stretch-strip: {error}", file=sys.stderr)
        sys.exit(2)
    finally:
        end_weston(None, work)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
