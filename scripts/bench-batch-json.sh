#!/usr/bin/env bash
# batch --json (its default: one winning move, the one plain output gives)
# against plain batch on the same 100,000-line mixed file (nim, kayles,
# dawson, octal:0.137, sub:S, moore:2, grundy; u64 heaps where the ruleset
# answers them): user CPU by /usr/bin/time, best of 5 each, interleaved;
# output bytes; the same for --max-moves 10. Then the slowest of 2,000
# lines timed one process each (startup included).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p sprague-cli
bin=${CARGO_TARGET_DIR:-target}/release/sprague
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 scripts/gen-mixed.py "$dir/mixed.txt"
# Warm the tables (grundy to 100,000, the periods) once, as a batch does.
"$bin" batch < "$dir/mixed.txt" > /dev/null || true
cpu() { # user+sys CPU seconds of: $bin "$@" < file
  /usr/bin/time -f "%U %S" -o "$dir/t" "$bin" "$@" < "$dir/mixed.txt" > "$dir/out" || true
  python3 -c "u, s = open('$dir/t').read().split()[-2:]; print(float(u) + float(s))"
}
declare -A best
for _ in 1 2 3 4 5; do
  for mode in plain json json10; do
    case $mode in
      plain) t=$(cpu batch) ;;
      json) t=$(cpu batch --json) ;;
      json10) t=$(cpu batch --json --max-moves 10) ;;
    esac
    best[$mode]=$(python3 -c "print(min(${best[$mode]:-999}, $t))")
    eval "size_$mode=$(wc -c < "$dir/out")"
  done
done
python3 -c "
p, j, t = ${best[plain]}, ${best[json]}, ${best[json10]}
print(f'plain batch: {p:.2f} s CPU, {$size_plain:,} bytes')
print(f'batch --json: {j:.2f} s CPU ({j/p:.2f}x), {$size_json:,} bytes ({$size_json/$size_plain:.1f}x)')
print(f'batch --json --max-moves 10: {t:.2f} s CPU ({t/p:.2f}x), {$size_json10:,} bytes ({$size_json10/$size_plain:.1f}x)')"
head -2000 "$dir/mixed.txt" > "$dir/sample.txt"
python3 - "$bin" "$dir/sample.txt" <<'PY'
import subprocess, sys, time
bin, sample = sys.argv[1], sys.argv[2]
worst = (0, "")
for line in open(sample):
    t = time.perf_counter()
    subprocess.run([bin, "batch", "--json"], input=line.encode(), stdout=subprocess.DEVNULL)
    dt = time.perf_counter() - t
    worst = max(worst, (dt, line.strip()))
print(f"slowest of 2,000 lines, one process each: {worst[0]*1000:.1f} ms ({worst[1][:60]})")
PY
