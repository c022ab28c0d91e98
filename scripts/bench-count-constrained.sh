#!/usr/bin/env bash
# Times `sprague count` (release build) on the contest-sized workloads of
# issue 38, best of REPS runs each, after checking each answer:
#   - a set of 2^16 allowed sizes below 2^16 (all of them, from a file),
#     every number of heaps from 1 to 10^9 summed, modulo 10^9 + 7: Nim
#     against the closed form Σ_{k=1}^{N} 2^{16(k-1)}, Kayles against the
#     same count over the range --max 65535 (another code path);
#   - the primes below 10^7 as heap sizes, K = 10^9, modulo 10^9 + 7 (Nim:
#     the 2^24-value transform, so --max-work is raised), checked through
#     K = 2 (exactly the 664,579 pairs (p, p)).
#
# Usage: scripts/bench-count-constrained.sh [REPS]   (default 5).
# Needs: cargo, python3.
set -euo pipefail

reps=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo build --release -p sprague-cli --quiet
bin=$(cargo metadata --format-version 1 --no-deps \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release/sprague
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
seq 0 65535 > "$tmp/sizes.txt"

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

q=1000000007
n=1000000000
nim=$(python3 -c "
q, n = $q, $n
r = pow(2, 16, q)
# 1 + r + ... + r^(n-1) by the closed form (q is prime, r != 1).
print((pow(r, n, q) - 1) * pow(r - 1, q - 2, q) % q)")
best "$nim" count nim --sizes-file "$tmp/sizes.txt" --heaps-up-to $n --modulo $q
kayles=$("$bin" count kayles --max 65535 --heaps-up-to $n --modulo $q)
best "$kayles" count kayles --sizes-file "$tmp/sizes.txt" --heaps-up-to $n --modulo $q
best 664579 count nim --primes 9999999 --heaps 2 --max-work 2000000000
pk=$("$bin" count nim --primes 9999999 --heaps $n --modulo $q --max-work 2000000000)
best "$pk" count nim --primes 9999999 --heaps $n --modulo $q --max-work 2000000000
