#!/usr/bin/env bash
# sprague's nim-sequence engine against a peer, measured side by side.
#
#   scripts/bench-peers.sh [RUNS] [misere]
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
# Misère quotients against MisereSolver (Aaron Siegel's Java program, part
# of the public cgsuite repository): when a JDK (javac) is present, its
# sources are cloned at run time into the scratch folder (never into this
# repository), compiled there with a small harness of our own that gives it
# the options of an octal game and runs it heap by heap to a bound, and both
# programs are timed on four quotients (the table of issue 54), after their
# orders and P-portion sizes are compared. With the second argument
# `misere` only this part runs. CGSUITE_GIT=URL-OR-DIR where to clone
# cgsuite from.
#
# SPRAGUE_PEERS=DIR chooses the scratch folder (default /tmp/sprague-peers);
# OCTAL_GAMES_GIT=URL-OR-DIR where to clone the octal-games project from.
# Needs GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
what="${2:-all}"
peers="${SPRAGUE_PEERS:-/tmp/sprague-peers}"
time_bin=/usr/bin/time
[ -x "$time_bin" ] || { echo "bench-peers.sh: needs GNU time at $time_bin" >&2; exit 2; }

native=(env RUSTFLAGS="-C target-cpu=native")
echo "== building sprague (release, target-cpu=native)"
"${native[@]}" cargo build --quiet --release -p sprague-cli --target-dir target/bench-native
sprague="$PWD/target/bench-native/release/sprague"
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

# MisereSolver, built in "$peers/misere-solver" from a clone of cgsuite.
# Its solver package needs cgsuite's Scala core only for the ruleset (the
# options of a heap) and for loading saved files; the harness below gives
# it a plain HeapRuleset interface, and the two places that reach the
# Scala core are replaced by it (perl, on the clone, at run time).
build_misere_solver() {
    local dir="$peers/misere-solver" pkg=lib/core/src/main/scala/org/cgsuite/core/misere/solver
    [ -f "$dir/classes/bench/Run.class" ] && return 0
    echo "== building MisereSolver into $dir"
    rm -rf "$dir"
    mkdir -p "$dir/src/org/cgsuite/core/misere/solver" "$dir/src/org/cgsuite/core/impartial" \
        "$dir/src/bench"
    git clone --quiet --depth 1 --filter=blob:none --sparse \
        "${CGSUITE_GIT:-https://github.com/aaron-siegel/cgsuite}" "$dir/cgsuite"
    git -C "$dir/cgsuite" sparse-checkout set "$pkg"
    for f in BipartiteMonoid CommutativeMonoid DirectSumMonoid ExplicitFiniteMonoid Pretension \
        Relation Word MisereSolver; do
        cp "$dir/cgsuite/$pkg/$f.java" "$dir/src/org/cgsuite/core/misere/solver/"
    done
    perl -0pi -e '
        s/import org\.cgsuite\.core\.impartial\.TakeAndBreak;\n//;
        s/import scala\.[^\n]*\n//g;
        s/public MisereSolver\(InputStream msvInputStream\).*?\n    \}\n/\n/s;
        s/(public List<int\[\]> heapOptions\(int heapSize\) \{).*?\n    \}\n/$1 return rules.heapOptions(heapSize); }\n/s;
        s/rules\.allOptions\(heap\)\.isEmpty\(\)/rules.heapOptions(heap).isEmpty()/g;
    ' "$dir/src/org/cgsuite/core/misere/solver/MisereSolver.java"
    cat >"$dir/src/org/cgsuite/core/misere/solver/TimeoutException.java" <<'JAVA'
package org.cgsuite.core.misere.solver;
class TimeoutException extends RuntimeException {}
JAVA
    cat >"$dir/src/org/cgsuite/core/impartial/HeapRuleset.java" <<'JAVA'
package org.cgsuite.core.impartial;
/** A heap game: the options of each heap, each the list of heaps it leaves. */
public interface HeapRuleset { java.util.List<int[]> heapOptions(int heap); }
JAVA
    cat >"$dir/src/bench/Run.java" <<'JAVA'
package bench;
import java.util.*;
import org.cgsuite.core.impartial.HeapRuleset;
import org.cgsuite.core.misere.solver.BipartiteMonoid;
import org.cgsuite.core.misere.solver.MisereSolver;
/** java bench.Run 0.CODE N: the quotient of the octal game to heap N; prints its order and P-portion size. */
public class Run {
    public static void main(String[] args) {
        String digits = args[0].substring(args[0].indexOf('.') + 1);
        int to = Integer.parseInt(args[1]);
        HeapRuleset rules = n -> {
            List<int[]> out = new ArrayList<>();
            Set<List<Integer>> seen = new HashSet<>();
            for (int k = 1; k <= Math.min(n, digits.length()); k++) {
                int r = n - k, d = digits.charAt(k - 1) - '0';
                if ((d & 1) != 0 && r == 0) add(out, seen, new int[0]);
                if ((d & 2) != 0 && r > 0) add(out, seen, new int[] {r});
                if ((d & 4) != 0) for (int a = 1; a + a <= r; a++) add(out, seen, new int[] {a, r - a});
            }
            return out;
        };
        MisereSolver ms = new MisereSolver(rules);
        while (ms.currentPretension().getPrefn().size() <= to) ms.next();
        BipartiteMonoid q = ms.currentPretension().getQuotient();
        int p = 0;
        for (int x = 0; x < q.size(); x++) if (q.isP(x)) p++;
        System.out.println(q.size() + " " + p);
    }
    static void add(List<int[]> out, Set<List<Integer>> seen, int[] o) {
        List<Integer> key = new ArrayList<>();
        for (int x : o) key.add(x);
        if (seen.add(key)) out.add(o);
    }
}
JAVA
    javac -nowarn -d "$dir/classes" $(find "$dir/src" -name '*.java') 2>&1 | grep -v '^Note:' || true
    [ -f "$dir/classes/bench/Run.class" ]
}

# Runs a command under GNU time, keeping its output in "$scratch/out";
# prints "SECONDS KILOBYTES".
measure_kept() {
    "$time_bin" -f '%e %M' -o "$scratch/t" "$@" >"$scratch/out" 2>"$scratch/err" || {
        echo "bench-peers.sh: failed: $*" >&2
        cat "$scratch/err" >&2
        exit 1
    }
    cat "$scratch/t"
}

# quotient_workload NAME CODE N: both programs, RUNS times each,
# interleaved; the order and P-portion size must agree. A sprague run that
# stops (a limit: exit status 3, or past QUOTIENT_TIMEOUT seconds, default
# 900) is shown with its time, memory and first line of error, and the
# row's ratio is left out.
quotient_workload() {
    local name="$1" code="$2" n="$3" ms="$peers/misere-solver/classes" ours="" stopped=""
    : >"$scratch/s"
    : >"$scratch/p"
    for _ in $(seq "$runs"); do
        measure_kept java -cp "$ms" bench.Run "$code" "$n" >>"$scratch/p"
        local theirs
        theirs=$(cat "$scratch/out")
        if "$time_bin" -f '%e %M' -o "$scratch/t" timeout "${QUOTIENT_TIMEOUT:-900}" \
            "$sprague" quotient "octal:$code" --to "$n" --max-states 100000000 --json \
            >"$scratch/out" 2>"$scratch/err"; then
            cat "$scratch/t" >>"$scratch/s"
            ours=$(python3 -c 'import json, sys; q = json.load(open(sys.argv[1])); print(q["order"], len(q["p_portion"]))' "$scratch/out")
            if [ "$ours" != "$theirs" ]; then
                echo "bench-peers.sh: $name: sprague has order and P-portion $ours, MisereSolver $theirs" >&2
                exit 1
            fi
        else
            stopped="$(tail -1 "$scratch/t"), $(grep -m1 -v '^Command' "$scratch/err" || echo "timed out")"
            ours="$theirs"
            break
        fi
    done
    awk -v name="$name" -v q="${ours% *}" -v pp="${ours#* }" -v stopped="$stopped" \
        -v ts="$( [ -s "$scratch/s" ] && cut -d' ' -f1 "$scratch/s" | median)" \
        -v tp="$(cut -d' ' -f1 "$scratch/p" | median)" \
        -v ms="$(cut -d' ' -f2 "$scratch/s" | sort -n | tail -1)" \
        -v mp="$(cut -d' ' -f2 "$scratch/p" | sort -n | tail -1)" 'BEGIN {
        if (stopped != "") {
            split(stopped, f, " ")
            printf "| %s | %d | %d | %.2f s, %.0f MB | stopped after %s s at %.0f MB: %s | - |\n", name, q, pp, tp, mp / 1024, f[1], f[2] / 1024, substr(stopped, index(stopped, ",") + 2)
        } else {
            printf "| %s | %d | %d | %.2f s, %.0f MB | %.2f s, %.0f MB | %.2f |\n", name, q, pp, tp, mp / 1024, ts, ms / 1024, (tp > 0 ? ts / tp : 0)
        }
    }'
}

misere_bench() {
    if ! command -v javac >/dev/null; then
        echo "== no JDK (javac): MisereSolver is not measured"
        return 0
    fi
    build_misere_solver || { echo "bench-peers.sh: MisereSolver did not build" >&2; exit 1; }
    echo "== misère quotients, $runs runs each, interleaved; wall-clock medians, peak memory"
    echo "| quotient | order | P-portion | MisereSolver | sprague quotient | ratio |"
    echo "|---|---|---|---|---|---|"
    quotient_workload "Dawson's Kayles (0.07) to heap 30" 0.07 30
    quotient_workload "Kayles (0.77) to heap 300" 0.77 300
    quotient_workload "Guiles (0.15) to heap 120" 0.15 120
    quotient_workload "Dawson's chess (0.137) to heap 32" 0.137 32
}

if [ "$what" = misere ]; then
    misere_bench
    exit 0
fi

ogsolve="$peers/ogsolve/bin/ogsolve"
if [ ! -x "$ogsolve" ]; then
    echo "== installing ogsolve into $peers/ogsolve"
    mkdir -p "$peers"
    "${native[@]}" cargo install --quiet ogsolve --root "$peers/ogsolve"
fi
echo "peer: $("$ogsolve" --version)"

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

misere_bench
