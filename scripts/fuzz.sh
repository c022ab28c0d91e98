#!/usr/bin/env bash
# Coverage-guided fuzzing of sprague's parsers on the stable toolchain.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Builds the targets in fuzz/ with libFuzzer (libfuzzer-sys compiles it
# with the system C++ compiler) and SanitizerCoverage passes that stable
# rustc runs when asked by -C flags, then runs each target for SECONDS
# (default 300) one after another, from the seed corpus fuzz/seeds/TARGET
# into the working corpus fuzz/corpus/TARGET (not committed). A failure
# leaves its input in fuzz/artifacts/TARGET/ and stops the script.
#
# Targets: position movetext nimber resume resume_file notation api (all by
# default).
# SPRAGUE_FUZZ_RUNS=N also stops each target after N executions (the long
# run: `SPRAGUE_FUZZ_RUNS=10000000 scripts/fuzz.sh 1800`, 10^7 executions
# or 30 minutes per target, whichever comes first);
# SPRAGUE_FUZZ_SEED=N fixes libFuzzer's seed, so that a run from the same
# corpus makes the same inputs (CI's short run: a seed and a count of
# executions make it the same run on every machine, whatever its speed);
# SPRAGUE_FUZZ_JOBS=N runs N processes per target (default 1);
# SPRAGUE_FUZZ_LINT=1 first checks the targets with rustfmt and clippy.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds="${1:-300}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(position movetext nimber resume resume_file notation api)

if ! command -v "${CXX:-c++}" >/dev/null 2>&1 && ! command -v g++ >/dev/null 2>&1; then
    echo "scripts/fuzz.sh: no C++ compiler (c++/g++): libFuzzer cannot be built; fuzzing SKIPPED" >&2
    exit 3
fi

# -jobs makes libFuzzer fork workers that log to fuzz-N.log; only asked for.
jobs_flags=()
if [ -n "${SPRAGUE_FUZZ_RUNS:-}" ]; then
    jobs_flags+=(-runs="$SPRAGUE_FUZZ_RUNS")
fi
if [ -n "${SPRAGUE_FUZZ_SEED:-}" ]; then
    jobs_flags+=(-seed="$SPRAGUE_FUZZ_SEED")
fi
if [ "${SPRAGUE_FUZZ_JOBS:-1}" -gt 1 ]; then
    jobs_flags+=(-jobs="$SPRAGUE_FUZZ_JOBS" -workers="$SPRAGUE_FUZZ_JOBS")
fi

triple="$(rustc -vV | sed -n 's/^host: //p')"
export RUSTFLAGS="-Cpasses=sancov-module \
-Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
-Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares \
-Cdebug-assertions -Coverflow-checks \
--cfg fuzzing"
# --target keeps the flags off build scripts and proc macros.
if [ "${SPRAGUE_FUZZ_LINT:-0}" = 1 ]; then
    cargo fmt --check
    cargo clippy --release --locked --target "$triple" --target-dir target --all-targets -- -D warnings
fi
cargo build --release --locked --target "$triple" --target-dir target \
    $(printf -- '--bin %s ' "${targets[@]}")

for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "artifacts/$t"
    # A resume input is a ruleset and up to 2,300 values, one per line.
    max_len=4096
    [ "$t" = resume ] && max_len=20000
    echo "== fuzzing $t for ${seconds}s"
    # The fuzzer's own exit status decides (pipefail: the filter's block
    # always succeeds, so a failing pipeline is the fuzzer's failure).
    status=0
    "target/$triple/release/$t" "corpus/$t" "seeds/$t" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" \
        ${jobs_flags[@]+"${jobs_flags[@]}"} \
        -artifact_prefix="artifacts/$t/" -print_final_stats=1 2>&1 |
        { grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE|pulse)|stat::|==[0-9]+==|SUMMARY|INFO: (Seed|Loaded)|.*panicked|Test unit|.*artifact)' || true; } ||
        status=$?
    if [ "$status" -ne 0 ]; then
        echo "scripts/fuzz.sh: target $t FAILED (exit $status); input in fuzz/artifacts/$t/" >&2
        exit 1
    fi
done
echo "scripts/fuzz.sh: all targets ran ${seconds}s without a failure"
