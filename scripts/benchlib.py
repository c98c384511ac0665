"""What the benchmark scripts share: output sizes from the command line, and one `momentum bench` run."""
import json
import os
import subprocess


def parse_sizes(text):
    sizes = []
    for item in text.split(","):
        size, _, scale = item.partition("@")
        w, _, h = size.partition("x")
        if not (w.isdigit() and h.isdigit() and (scale == "" or scale.isdigit())):
            raise ValueError(f"--sizes: '{item}' is not WxH or WxH@SCALE")
        sizes.append((int(w), int(h), int(scale or 1)))
    return sizes


def bench(momentum, argv, out):
    """Runs `momentum bench ARGV --out OUT` and returns its report.json and report.md."""
    done = subprocess.run([momentum, "bench", *argv, "--out", out], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)
    if done.returncode != 0:
        last = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit {done.returncode}"
        raise RuntimeError(f"momentum bench {' '.join(argv)}: {last}")
    with open(os.path.join(out, "report.json")) as f:
        report = json.load(f)
    with open(os.path.join(out, "report.md")) as f:
        markdown = f.read()
    return report, markdown
