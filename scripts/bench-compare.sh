#!/usr/bin/env bash
# Two builds of sprague on the same inputs, interleaved, best of REPEATS
# (default 5): a change's cost against the main it starts from.
#
#   scripts/bench-compare.sh BASE_BIN [REPEATS]
#
# BASE_BIN is a release `sprague` built from the base commit (for example
# in a `git worktree` of it); the other is this tree's
# target/release/sprague. Workloads: `batch` on 10^6 lines of 8 random
# u64 Nim heaps and on 10^5 mixed lines (the file of bench-batch-json.sh),
# `analyze` of a Green Hackenbush random tree of 10^6 edges (one batch
# line) and of tokens on a random acyclic graph of 10^6 edges, and
# `sequence` of Officers (0.6) to 10^6 and Grundy's game to 2^22 (the
# nimseq engine). Prints each time and the ratio new / base.
set -euo pipefail
cd "$(dirname "$0")/.."
base=$1
repeats=${2:-5}
cargo build --release --quiet --bin sprague --example gen_positions
new=target/release/sprague
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
target/release/examples/gen_positions 1000000 8 1 > "$dir/nim.txt"
python3 scripts/gen-mixed.py "$dir/mixed.txt"
python3 - "$dir" <<'PY'
import random, sys
d = sys.argv[1]
random.seed(19)
n = 10**6
with open(d + "/tree.txt", "w") as f:
    f.write("hackenbush " + ",".join(f"{random.randint(0, i)}-{i + 1}" for i in range(n)) + "\n")
# A random DAG: node i has edges to random later nodes.
v = n // 4
with open(d + "/graph.txt", "w") as f:
    for _ in range(n):
        a = random.randrange(v - 1)
        b = random.randrange(a + 1, v)
        f.write(f"n{a} n{b}\n")
PY
run() { # wall seconds of one run of: BIN ARGS... < INPUT
  local bin=$1 input=$2; shift 2
  local s e
  s=$(date +%s.%N); "$bin" "$@" < "$input" > /dev/null || true; e=$(date +%s.%N)
  python3 -c "print($e - $s)"
}
compare() { # NAME INPUT ARGS...
  local name=$1 input=$2; shift 2
  local b=999 n=999
  for _ in $(seq "$repeats"); do
    b=$(python3 -c "print(min($b, $(run "$base" "$input" "$@")))")
    n=$(python3 -c "print(min($n, $(run "$new" "$input" "$@")))")
  done
  python3 -c "print(f'{\"$name\":<40} base {$b:7.3f} s   new {$n:7.3f} s   new/base {$n/$b:5.3f}')"
}
compare "batch, 10^6 lines of 8 u64 Nim heaps" "$dir/nim.txt" batch
compare "batch, 10^5 mixed lines" "$dir/mixed.txt" batch
compare "hackenbush tree of 10^6 edges" "$dir/tree.txt" batch
compare "digraph of 10^6 edges, 2 tokens" /dev/null analyze "digraph:$dir/graph.txt" n0 n1
compare "sequence octal:0.6 --to 10^6" /dev/null sequence octal:0.6 --to 1000000 --format raw
compare "sequence grundy --to 2^22" /dev/null sequence grundy --to 4194303 --format raw
