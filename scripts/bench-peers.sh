#!/usr/bin/env bash
# sprague's nim-sequence engine against a peer, measured side by side.
#
#   scripts/bench-peers.sh [RUNS]
#
# Installs the peer ogsolve (Piotr Beling's octal-game solver, from
# crates.io) into a scratch folder outside the repository, built with
# RUSTFLAGS="-C target-cpu=native" as its README advises; builds sprague's
# release binary the same way (into target/bench-native); then times both
# on the same workloads, RUNS times each (default 3), interleaved (sprague
# with one thread, with two, peer, ...), and prints for each workload the
# median wall time of each, the ratios of the medians (sprague / peer:
# below 1 means sprague is faster) and each one's peak memory (largest resident set of
# any run, with bytes per value). Before timing, the values of both
# programs are compared on a shorter run of each workload.
#
# SPRAGUE_PEERS=DIR chooses the scratch folder (default /tmp/sprague-peers);
# OCTAL_GAMES_GIT=URL-OR-DIR where to clone the octal-games project from.
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
    : >"$scratch/s1"
    : >"$scratch/s2"
    : >"$scratch/p"
    for _ in $(seq "$runs"); do
        for t in 1 2; do
            measure "$sprague" sequence "octal:$code" --to "$n" --max-table "$((n + 1))" \
                --format raw --threads "$t" >>"$scratch/s$t"
        done
        measure "$ogsolve" -m "$method" -n "$n" "$code" >>"$scratch/p"
    done
    local t1 t2 tp m1 m2 mp
    t1=$(cut -d' ' -f1 "$scratch/s1" | median)
    t2=$(cut -d' ' -f1 "$scratch/s2" | median)
    tp=$(cut -d' ' -f1 "$scratch/p" | median)
    m1=$(cut -d' ' -f2 "$scratch/s1" | sort -n | tail -1)
    m2=$(cut -d' ' -f2 "$scratch/s2" | sort -n | tail -1)
    mp=$(cut -d' ' -f2 "$scratch/p" | sort -n | tail -1)
    awk -v name="$name" -v n="$n" -v m="$method" -v t1="$t1" -v t2="$t2" -v tp="$tp" \
        -v m1="$m1" -v m2="$m2" -v mp="$mp" \
        -v all_1="$(cut -d' ' -f1 "$scratch/s1" | tr '\n' ' ')" \
        -v all_2="$(cut -d' ' -f1 "$scratch/s2" | tr '\n' ' ')" \
        -v all_p="$(cut -d' ' -f1 "$scratch/p" | tr '\n' ' ')" 'BEGIN {
        printf "%s to %d: ogsolve %s %.2f s; sprague 1 thread %.2f s (%.2fx), 2 threads %.2f s (%.2fx)\n", name, n, m, tp, t1, (tp > 0 ? t1 / tp : 0), t2, (tp > 0 ? t2 / tp : 0)
        printf "    peak memory: sprague %.1f MiB (%.2f B/value; 2 threads %.1f MiB), ogsolve %.1f MiB (%.2f B/value)\n", m1 / 1024, m1 * 1024 / (n + 1), m2 / 1024, mp / 1024, mp * 1024 / (n + 1)
        printf "    runs: sprague 1 thread %s| 2 threads %s| ogsolve %s\n", all_1, all_2, all_p
    }'
}

echo "== $runs runs each, interleaved; times are wall-clock medians"
workload "Officers (0.6)" 0.6 1000000 rc2 20000
workload "0.354" 0.354 20200000 rc2 100000
workload "Treblecross (0.007)" 0.007 100000 naive 5000

# Grundy's game against the C++ rare-value program of the octal-games
# project (old/src/analyze_exec.cc, cloned into the scratch folder and built
# with -O2 -march=native). It runs on until it finds a period, printing a
# line at each power of two: its time is taken when the line for 2^21
# values shows, and it is stopped there. It does not print its values, so
# they are not compared here; the tests check sprague's against OEIS
# A002188 and against the plain method.
octal="$peers/octal-games"
analyze="$octal/old/analyze"
if [ ! -x "$analyze" ]; then
    echo "== building the octal-games C++ program into $octal"
    rm -rf "$octal"
    git clone --quiet "${OCTAL_GAMES_GIT:-https://github.com/tczajka/octal-games}" "$octal"
    (cd "$octal/old" && g++ -O2 -march=native -std=c++11 -pthread -Isrc src/analyze_exec.cc \
        src/game.cc src/game_util.cc src/hadamard.cc -o analyze)
fi
peer_to_2_21() {
    python3 - "$analyze" <<'PY'
import subprocess, sys, time
start = time.monotonic()
p = subprocess.Popen([sys.argv[1], "grundy"], stdout=subprocess.PIPE, text=True)
for line in p.stdout:
    if line.startswith("n=2^21 "):
        print("%.2f" % (time.monotonic() - start))
        p.kill()
        break
p.wait()
PY
}
: >"$scratch/s1"
: >"$scratch/s2"
: >"$scratch/p"
for _ in $(seq "$runs"); do
    for t in 1 2; do
        measure "$sprague" sequence grundy --to 2097151 --format raw --threads "$t" >>"$scratch/s$t"
    done
    peer_to_2_21 >>"$scratch/p"
done
t1=$(cut -d' ' -f1 "$scratch/s1" | median)
t2=$(cut -d' ' -f1 "$scratch/s2" | median)
tp=$(median <"$scratch/p")
awk -v t1="$t1" -v t2="$t2" -v tp="$tp" \
    -v all_1="$(cut -d' ' -f1 "$scratch/s1" | tr '\n' ' ')" \
    -v all_2="$(cut -d' ' -f1 "$scratch/s2" | tr '\n' ' ')" \
    -v all_p="$(tr '\n' ' ' <"$scratch/p")" 'BEGIN {
    printf "Grundy'"'"'s game to 2^21 values: octal-games C++ %.2f s; sprague 1 thread %.2f s (%.2fx), 2 threads %.2f s (%.2fx)\n", tp, t1, t1 / tp, t2, t2 / tp
    printf "    runs: sprague 1 thread %s| 2 threads %s| octal-games %s\n", all_1, all_2, all_p
}'
