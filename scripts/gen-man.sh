#!/usr/bin/env bash
# Generates the man pages in data/man (one per subcommand) from momentum's argument parser, with
# swift-argument-parser's generate-manual tool; scripts/install installs them.
# --check: generate into a temporary folder and fail if the committed pages differ (scripts/test runs this).
# Uses the debug build: swift build --product momentum (and builds generate-manual).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swift-env.sh
check=0
[ "${1:-}" = "--check" ] && check=1
swift build --product momentum >&2
swift build --product generate-manual >&2
bin=$(swift build --show-bin-path)
dest=data/man
if [ $check = 1 ]; then dest=$(mktemp -d); trap 'rm -rf "$dest"' EXIT; fi
# A fixed date, so the pages change only when the options do.
tmp=$(mktemp -d)
"$bin/generate-manual" "$bin/momentum" --multi-page --date 2026-01-01 --authors "The Momentum authors" \
  --output-directory "$tmp" >/dev/null
# A blank line in a help text is an empty mdoc line (man warns "Empty input line"): a paragraph break instead.
for page in "$tmp"/*.1; do sed -i 's/^$/.Pp/' "$page"; done
if [ $check = 1 ]; then
  mv "$tmp"/*.1 "$dest"/ && rmdir "$tmp"
  if ! diff -r -q "$dest" data/man >/dev/null; then
    echo "gen-man: data/man is stale; run scripts/gen-man.sh" >&2
    diff -r -u data/man "$dest" >&2 || true
    exit 1
  fi
else
  rm -f data/man/*.1
  mkdir -p data/man
  mv "$tmp"/*.1 data/man/ && rmdir "$tmp"
  echo "wrote $(ls data/man | wc -l) pages in data/man" >&2
fi
