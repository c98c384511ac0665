# Sourced by the scripts: puts a Swift toolchain on PATH (the one on PATH, else /opt/swift).
if ! command -v swift >/dev/null 2>&1; then
  for d in /opt/swift/usr/bin /opt/swift/bin; do [ -x "$d/swift" ] && PATH="$d:$PATH"; done
  export PATH
fi
command -v swift >/dev/null 2>&1 || { echo "swift not found: install Swift 6 (e.g. at /opt/swift)" >&2; exit 1; }
