#!/usr/bin/env bash
# Grundy's game, values a second (issue 55): `sequence grundy` in memory
# to 2^26 with one and two threads, then a window of 2^25 values ending at
# 2^30, one and two threads (the values to 2^30 - 2^25 are computed once,
# into a raw file, and each window resumes from a copy of it: the resume
# reads and checks the file, then computes the window; the rate is the
# window's, from --stats). Prints one line a measurement with the load
# average before it (the machine is shared: say how busy it was).
#
#   scripts/bench-grundy.sh [BIN] [DIR]
#
# BIN defaults to target/release/sprague (built), DIR to a temporary
# folder (needs about 8 GB: the raw file and one copy). Two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then
  bin=$1
else
  cargo build --release -q -p sprague-cli
  bin=${CARGO_TARGET_DIR:-target}/release/sprague
fi
dir=${2:-$(mktemp -d)}
[ $# -ge 2 ] || trap 'rm -rf "$dir"' EXIT
load() { cut -d' ' -f1-3 /proc/loadavg; }
rate() { # the "(... million a second)" of --stats
  grep -o '[0-9.]* million a second' "$1" | head -1
}
for threads in 1 2; do
  l=$(load)
  "$bin" sequence grundy --to 67108864 --threads $threads --format raw \
    --output /dev/null --max-table 100000000 --stats 2> "$dir/s"
  echo "2^26 in memory, $threads thread(s): $(rate "$dir/s") (load before: $l)"
done
start=$((1073741824 - 33554432 - 1))
if [ ! -s "$dir/base.raw" ]; then
  "$bin" sequence grundy --to $start --threads 2 --format raw \
    --output "$dir/base.raw" --max-table 1100000000 2> /dev/null
fi
for threads in 1 2; do
  cp "$dir/base.raw" "$dir/window.raw"
  l=$(load)
  "$bin" sequence grundy --to 1073741823 --threads $threads --format raw \
    --output "$dir/window.raw" --resume --max-table 1100000000 --stats 2> "$dir/s"
  echo "window 2^30 - 2^25 .. 2^30, $threads thread(s): $(rate "$dir/s") (load before: $l)"
  rm -f "$dir/window.raw"
done
