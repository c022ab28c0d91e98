#!/usr/bin/env bash
# Times `sprague nimber --batch` (release build) on N random pairs of 64-bit
# numbers in the Library Checker "Nim Product" format, against `wc -w` on the
# same file, in the same run, and prints the best of REPS runs of each and the
# ratio. The input is deterministic (fixed seed).
#
# Usage: scripts/bench-nimber-batch.sh [N] [REPS]   (defaults: 1000000, 7)
# Needs: cargo, python3, awk, GNU wc. wc runs both under LC_ALL=C and in the
# default locale (GNU wc 9 is not always faster in the C locale); the ratio
# against each is printed, and against the faster one as the headline.
set -euo pipefail

n=${1:-1000000}
reps=${2:-7}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

cargo build --release -p sprague-cli --quiet
bin=$(cargo metadata --format-version 1 --no-deps \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release/sprague

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
input=$work/pairs.txt
python3 - "$n" "$input" <<'PY'
import random, sys
n, path = int(sys.argv[1]), sys.argv[2]
rng = random.Random(20260614)
with open(path, "w") as f:
    f.write(f"{n}\n")
    f.write("".join(f"{rng.getrandbits(64)} {rng.getrandbits(64)}\n" for _ in range(n)))
PY

# Correctness first: one product per pair, and spot checks against the
# expression command.
"$bin" nimber --batch <"$input" >"$work/out.txt"
lines=$(wc -l <"$work/out.txt")
[ "$lines" -eq "$n" ] || { echo "expected $n lines of output, got $lines" >&2; exit 1; }
for i in 2 3 $((n / 2 + 1)) $((n + 1)); do
    read -r a b < <(sed -n "${i}p" "$input")
    want=$("$bin" nimber "$a * $b")
    got=$(sed -n "$((i - 1))p" "$work/out.txt")
    [ "$want" = "$got" ] || { echo "line $i: $a * $b: batch says $got, expression says $want" >&2; exit 1; }
done

# Seconds (with nanoseconds) that a command takes, output discarded.
seconds() {
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null
    end=$(date +%s%N)
    awk -v d="$((end - start))" 'BEGIN { printf "%.4f\n", d / 1e9 }'
}

best() { sort -g | head -1; }

size=$(du -h "$input" | cut -f1)
echo "input: $n pairs, $size; best of $reps runs each, interleaved"
: >"$work/sprague" ; : >"$work/wc" ; : >"$work/wc-locale"
for ((r = 1; r <= reps; r++)); do
    seconds "$bin" nimber --batch <"$input" >>"$work/sprague"
    LC_ALL=C seconds wc -w <"$input" >>"$work/wc"
    seconds wc -w <"$input" >>"$work/wc-locale"
done
s=$(best <"$work/sprague")
w=$(best <"$work/wc")
wl=$(best <"$work/wc-locale")
printf 'sprague nimber --batch   %s s  (all: %s)\n' "$s" "$(tr '\n' ' ' <"$work/sprague")"
printf 'LC_ALL=C wc -w           %s s  (all: %s)\n' "$w" "$(tr '\n' ' ' <"$work/wc")"
printf 'wc -w (LANG=%s) %s s  (all: %s)\n' "${LANG:-unset}" "$wl" "$(tr '\n' ' ' <"$work/wc-locale")"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
fastest=$(printf '%s\n%s\n' "$w" "$wl" | best)
printf 'ratio sprague / wc -w (C locale): %s\n' "$(ratio "$s" "$w")"
printf 'ratio sprague / wc -w (default locale): %s\n' "$(ratio "$s" "$wl")"
printf 'ratio sprague / fastest wc -w: %s (aim: within 3)\n' "$(ratio "$s" "$fastest")"
