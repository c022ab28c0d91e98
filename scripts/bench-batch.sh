#!/usr/bin/env bash
# Batch throughput against `wc -w`, measured in the same run on the same files.
#
#   scripts/bench-batch.sh [LINES] [HEAPS] [REPEATS]
#
# Generates LINES random Nim positions of HEAPS 64-bit heaps each (default
# 1,000,000 x 8), then times `wc -w` and `sprague batch` on that file REPEATS
# times each (default 5), interleaved, and prints the best times and their
# ratio. Also times one line of 100,000 heaps through `sprague batch`.
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-1000000}
heaps=${2:-8}
repeats=${3:-5}
cargo build --release --quiet --bin sprague --example gen_positions
bin=target/release/sprague
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
target/release/examples/gen_positions "$lines" "$heaps" 1 > "$dir/batch.txt"
target/release/examples/gen_positions 1 100000 2 > "$dir/big.txt"
echo "input: $lines lines x $heaps heaps, $(wc -c < "$dir/batch.txt") bytes"

# Best wall-clock seconds of a command over $repeats runs.
best() {
  local best_t=""
  for _ in $(seq "$repeats"); do
    local s e t
    s=$(date +%s.%N)
    "$@" > /dev/null
    e=$(date +%s.%N)
    t=$(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.4f", e - s }')
    if [ -z "$best_t" ] || awk -v t="$t" -v b="$best_t" 'BEGIN { exit !(t < b) }'; then best_t=$t; fi
  done
  echo "$best_t"
}
wc_t=$(best sh -c "wc -w < '$dir/batch.txt'")
batch_t=$(best sh -c "$bin batch < '$dir/batch.txt'")
big_t=$(best sh -c "$bin batch < '$dir/big.txt'")
printf 'wc -w:            %.3f s\n' "$wc_t"
printf 'sprague batch:    %.3f s  (%.2fx wc -w)\n' "$batch_t" "$(awk -v a="$batch_t" -v b="$wc_t" 'BEGIN { print a / b }')"
printf '100,000 heaps:    %.3f s  (one line through sprague batch)\n' "$big_t"
