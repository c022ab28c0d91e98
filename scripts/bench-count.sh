#!/usr/bin/env bash
# Times `sprague count` (release build) on the workloads of issue 13, best of
# REPS runs each, after checking each answer:
#   - sub:squares, 3 heaps up to 100,000, multisets (Project Euler 310's
#     answer, 2586528661783); where sub:squares does not parse yet (issue
#     11), the same game with the squares up to 100,000 written out;
#   - K = 10^18 heaps modulo the prime 10^9 + 7 (Nim up to 10^18, Kayles and
#     Dawson's Kayles up to 10^6 and up to 2^64 - 1);
#   - 3-heap Nim up to 10^18, exact.
#
# Usage: scripts/bench-count.sh [REPS]   (default 5). Needs: cargo, python3.
set -euo pipefail

reps=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo build --release -p sprague-cli --quiet
bin=$(cargo metadata --format-version 1 --no-deps \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release/sprague

squares=sub:squares
if ! "$bin" count sub:squares --heaps 1 --max 1 >/dev/null 2>&1; then
    squares=sub:$(python3 -c 'print(",".join(str(i * i) for i in range(1, 317)))')
    echo "(sub:squares does not parse here: using the squares up to 100,000 written out)"
fi

# best WANT ARGS...: checks the output, then prints the best time of $reps.
best() {
    local want=$1
    shift
    local got
    got=$("$bin" "$@")
    [ "$got" = "$want" ] || { echo "sprague $*: expected $want, got $got" >&2; exit 1; }
    python3 - "$reps" "$bin" "$@" <<'PY'
import subprocess, sys, time
reps, cmd = int(sys.argv[1]), sys.argv[2:]
times = []
for _ in range(reps):
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    times.append(time.perf_counter() - t)
label = " ".join(a if len(a) < 40 else a[:20] + "..." for a in cmd[1:])
print(f"{min(times):8.4f} s  (worst {max(times):.4f} s)  sprague {label}")
PY
}

best 2586528661783 count "$squares" --heaps 3 --max 100000 --unordered
best 1160 count "$squares" --heaps 3 --max 29 --unordered
e18=1000000000000000000
best 833392065 count nim --heaps $e18 --max $e18 --modulo 1000000007
best 626753000 count kayles --heaps $e18 --max 1000000 --modulo 1000000007
best 254018254 count dawson --heaps $e18 --max 18446744073709551615 --modulo 1000000007
best 870463481964374947445042546459803651 count nim --heaps 3 --max $e18
