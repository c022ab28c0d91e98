#!/usr/bin/env bash
# sprague's nim-sequence engine against a peer, measured side by side.
#
#   scripts/bench-peers.sh [RUNS]
#
# Installs the peer ogsolve (Piotr Beling's octal-game solver, from
# crates.io) into a scratch folder outside the repository, built with
# RUSTFLAGS="-C target-cpu=native" as its README advises; builds sprague's
# release binary the same way (into target/bench-native); then times both
# on the same workloads, RUNS times each (default 3), interleaved (sprague,
# peer, sprague, peer, ...), and prints for each workload the median wall
# time of each, the ratio of the medians (sprague / peer: below 1 means
# sprague is faster) and each one's peak memory (largest resident set of
# any run, with bytes per value). Before timing, the values of both
# programs are compared on a shorter run of each workload.
#
# SPRAGUE_PEERS=DIR chooses the scratch folder (default /tmp/sprague-peers).
# Needs GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
peers="${SPRAGUE_PEERS:-/tmp/sprague-peers}"
time_bin=/usr/bin/time
[ -x "$time_bin" ] || { echo "bench-peers.sh: needs GNU time at $time_bin" >&2; exit 2; }

native=(env RUSTFLAGS="-C target-cpu=native")
ogsolve="$peers/ogsolve/bin/ogsolve"
if [ ! -x "$ogsolve" ]; then
    echo "== installing ogsolve into $peers/ogsolve"
    mkdir -p "$peers"
    "${native[@]}" cargo install --quiet ogsolve --root "$peers/ogsolve"
fi
echo "== building sprague (release, target-cpu=native)"
"${native[@]}" cargo build --quiet --release -p sprague-cli --target-dir target/bench-native
sprague="$PWD/target/bench-native/release/sprague"
echo "peer: $("$ogsolve" --version)"
echo "cpu:  $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) cores"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# The values ogsolve prints for CODE up to N, one per line.
peer_values() {
    "$ogsolve" -m "$1" -n "$3" -p "$2" | sed -n 's/^ nimbers: //p' | tr ' ' '\n' | sed '/^$/d'
}

# Runs a command under GNU time, its output thrown away; prints
# "SECONDS KILOBYTES".
measure() {
    "$time_bin" -f '%e %M' -o "$scratch/t" "$@" >/dev/null 2>"$scratch/err" || {
        echo "bench-peers.sh: failed: $*" >&2
        cat "$scratch/err" >&2
        exit 1
    }
    cat "$scratch/t"
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

# workload NAME CODE N PEER_METHOD CHECK_N
workload() {
    local name="$1" code="$2" n="$3" method="$4" check_n="$5"
    "$sprague" sequence "octal:$code" --to "$check_n" --format raw >"$scratch/ours"
    peer_values "$method" "$code" "$check_n" >"$scratch/theirs"
    if ! cmp -s "$scratch/ours" "$scratch/theirs"; then
        echo "bench-peers.sh: $name: the values of sprague and ogsolve differ up to $check_n" >&2
        exit 1
    fi
    : >"$scratch/s"
    : >"$scratch/p"
    for _ in $(seq "$runs"); do
        measure "$sprague" sequence "octal:$code" --to "$n" --max-table "$((n + 1))" --format raw >>"$scratch/s"
        measure "$ogsolve" -m "$method" -n "$n" "$code" >>"$scratch/p"
    done
    local ts tp ms mp
    ts=$(cut -d' ' -f1 "$scratch/s" | median)
    tp=$(cut -d' ' -f1 "$scratch/p" | median)
    ms=$(cut -d' ' -f2 "$scratch/s" | sort -n | tail -1)
    mp=$(cut -d' ' -f2 "$scratch/p" | sort -n | tail -1)
    awk -v name="$name" -v n="$n" -v m="$method" -v ts="$ts" -v tp="$tp" -v ms="$ms" -v mp="$mp" \
        -v all_s="$(cut -d' ' -f1 "$scratch/s" | tr '\n' ' ')" -v all_p="$(cut -d' ' -f1 "$scratch/p" | tr '\n' ' ')" 'BEGIN {
        printf "%s to %d: sprague %.2f s, ogsolve %s %.2f s, ratio %.2fx", name, n, ts, m, tp, (tp > 0 ? ts / tp : 0)
        printf "; peak memory sprague %.1f MiB (%.2f B/value), ogsolve %.1f MiB (%.2f B/value)\n", ms / 1024, ms * 1024 / (n + 1), mp / 1024, mp * 1024 / (n + 1)
        printf "    runs: sprague %s| ogsolve %s\n", all_s, all_p
    }'
}

echo "== $runs runs each, interleaved; times are wall-clock medians"
workload "Officers (0.6)" 0.6 1000000 rc2 20000
workload "0.354" 0.354 20200000 rc2 100000
workload "Treblecross (0.007)" 0.007 100000 naive 5000
