//! Nim-sequence benchmark: values per second for the workloads of issue 4,
//! and the speed-up of the rare-value method over the plain one measured
//! in the same run.
//!
//! Run: `cargo bench -p sprague --bench nimseq` (all), or name workloads:
//! `cargo bench -p sprague --bench nimseq -- 0.6 grundy`. `--runs K` sets
//! the repetitions (default 3); the best time is reported. Each workload
//! also checks its answer (known values, a period, or the first 5,001
//! values against the plain method), so a fast wrong engine fails the bench.
//! `wide` runs a sequence whose values pass 65,535 (stored 4 bytes wide).

use std::time::Instant;

use sprague::sequence::{period, Method, NimSequence};
use sprague::takebreak::{MoveSet, TakeBreakCode};

fn octal(code: &str) -> MoveSet {
    TakeBreakCode::parse_octal(code).unwrap().move_set()
}

/// Computes G(0..=to) and returns the best time in seconds and the values.
fn time(name: &str, moves: &MoveSet, to: u64, method: Method, runs: usize) -> (f64, Vec<u64>) {
    let mut best = f64::INFINITY;
    let mut values = Vec::new();
    for _ in 0..runs {
        let mut seq = NimSequence::new(name, moves.clone());
        let start = Instant::now();
        seq.extend_to(to, method).unwrap();
        best = best.min(start.elapsed().as_secs_f64());
        values = seq.into_values();
    }
    (best, values)
}

/// Checks the first values of a fast run against the plain method, so a
/// fast wrong engine fails the bench.
fn check_prefix(name: &str, moves: &MoveSet, values: &[u64]) {
    let n = values.len().min(5_001);
    let mut seq = NimSequence::new(name, moves.clone());
    seq.extend_to(n as u64 - 1, Method::Plain).unwrap();
    assert_eq!(
        seq.values().to_vec(),
        &values[..n],
        "{name}: fast and plain disagree"
    );
}

fn report(label: &str, to: u64, secs: f64) {
    let per_sec = (to + 1) as f64 / secs;
    println!(
        "{label:<44} {secs:>9.3} s  {:>8.2} M values/s",
        per_sec / 1e6
    );
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut runs = 3;
    let mut names = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--runs" {
            runs = it.next().and_then(|r| r.parse().ok()).unwrap_or(3);
        } else {
            names.push(a.as_str());
        }
    }
    let want = |n: &str| names.is_empty() || names.contains(&n);
    println!("best of {runs} runs; single thread");

    if want("0.6") {
        let (s, v) = time("0.6", &octal("0.6"), 1_000_000, Method::Fast, runs);
        assert_eq!(v.len(), 1_000_001);
        check_prefix("0.6", &octal("0.6"), &v);
        report("0.6 to 10^6 (rare-value)", 1_000_000, s);
    }
    if want("0.16") {
        let mut best = f64::INFINITY;
        for _ in 0..runs {
            let start = Instant::now();
            let mut seq = NimSequence::new("0.16", octal("0.16"));
            seq.extend_to(520_000, Method::Fast).unwrap();
            let (p, proof) = period::find_proven(seq.values(), seq.moves()).unwrap();
            best = best.min(start.elapsed().as_secs_f64());
            assert_eq!(p.period, 149_459);
            assert!(proof.window.1 + p.period - 1 <= 520_000);
        }
        report("0.16 to 520,000 + period proof", 520_000, best);
    }
    if want("0.354") {
        let (s, v) = time("0.354", &octal("0.354"), 20_000_000, Method::Fast, runs);
        assert_eq!(v.len(), 20_000_001);
        check_prefix("0.354", &octal("0.354"), &v);
        report("0.354 to 2*10^7 (rare-value)", 20_000_000, s);
    }
    if want("0.007") {
        let (s, v) = time("0.007", &octal("0.007"), 100_000, Method::Fast, runs);
        check_prefix("0.007", &octal("0.007"), &v);
        report("0.007 to 10^5 (fast: mostly plain)", 100_000, s);
    }
    if want("0.007-plain") {
        let (s, _) = time("0.007", &octal("0.007"), 100_000, Method::Plain, runs);
        report("0.007 to 10^5 (plain)", 100_000, s);
    }
    if want("grundy") {
        let (s, v) = time("grundy", &MoveSet::grundy(), 1 << 21, Method::Fast, runs);
        assert_eq!(
            &v[1..21],
            &[0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
        );
        report("Grundy's game to 2^21 (rare-value)", 1 << 21, s);
    }
    if want("0.354-small") {
        let (s, _) = time("0.354", &octal("0.354"), 2_000_000, Method::Fast, runs);
        report("0.354 to 2*10^6 (rare-value)", 2_000_000, s);
    }
    if want("grundy-small") {
        let (s, _) = time("grundy", &MoveSet::grundy(), 1 << 19, Method::Fast, runs);
        report("Grundy's game to 2^19 (rare-value)", 1 << 19, s);
    }
    if want("0.6-fast") {
        let (s, _) = time("0.6", &octal("0.6"), 200_000, Method::Fast, runs);
        report("0.6 to 200,000, rare-value", 200_000, s);
    }
    if want("wide") {
        // Nim as an octal code (G(n) = n), resumed below 65,535 and run
        // past it: the values are widened to 4 bytes on the way.
        let moves = octal("0.3...");
        let mut best = f64::INFINITY;
        for _ in 0..runs {
            let mut seq = NimSequence::from_values("0.3...", moves.clone(), 0..65_000u64).unwrap();
            let start = Instant::now();
            seq.extend_to(70_000, Method::Fast).unwrap();
            best = best.min(start.elapsed().as_secs_f64());
            assert_eq!(seq.bytes_per_value(), 4);
            assert!(seq.values().iter().enumerate().all(|(n, g)| g == n as u64));
        }
        report("0.3... from 65,000 to 70,000 (widens)", 5_000, best);
    }
    if want("ratio") {
        let moves = octal("0.6");
        let (fast, a) = time("0.6", &moves, 200_000, Method::Fast, runs);
        let (plain, b) = time("0.6", &moves, 200_000, Method::Plain, runs);
        assert_eq!(a, b, "the two methods disagree");
        report("0.6 to 200,000, rare-value", 200_000, fast);
        report("0.6 to 200,000, plain", 200_000, plain);
        println!(
            "rare-value speed-up over plain on 0.6 to 200,000: {:.1}x",
            plain / fast
        );
    }
}
