#!/usr/bin/env bash
# batch --json --max-moves 1 against plain batch on the same 100,000-line
# mixed file (nim, kayles, dawson, octal:0.137, sub:S, moore:2, grundy; u64
# heaps where the ruleset answers them), best of 5 each, interleaved; then
# the slowest of 2,000 lines timed one process each (startup included).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p sprague-cli
bin=target/release/sprague
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 scripts/gen-mixed.py "$dir/mixed.txt"
best() { # best wall time of 5 runs of: $bin "$@" < file
  local b=999
  for _ in 1 2 3 4 5; do
    local s e
    s=$(date +%s.%N); "$bin" "$@" < "$dir/mixed.txt" > /dev/null || true; e=$(date +%s.%N)
    b=$(python3 -c "print(min($b, $e - $s))")
  done
  echo "$b"
}
# Warm the tables (grundy to 100,000, the periods) once, as a batch does.
"$bin" batch < "$dir/mixed.txt" > /dev/null || true
plain=$(best batch)
json=$(best batch --json --max-moves 1)
python3 -c "print(f'plain batch: {$plain:.3f} s; batch --json --max-moves 1: {$json:.3f} s; ratio {$json/$plain:.2f}')"
head -2000 "$dir/mixed.txt" > "$dir/sample.txt"
python3 - "$bin" "$dir/sample.txt" <<'PY'
import subprocess, sys, time
bin, sample = sys.argv[1], sys.argv[2]
worst = (0, "")
for line in open(sample):
    t = time.perf_counter()
    subprocess.run([bin, "batch", "--json", "--max-moves", "1"], input=line.encode(), stdout=subprocess.DEVNULL)
    dt = time.perf_counter() - t
    worst = max(worst, (dt, line.strip()))
print(f"slowest of 2,000 lines, one process each: {worst[0]*1000:.1f} ms ({worst[1][:60]})")
PY
