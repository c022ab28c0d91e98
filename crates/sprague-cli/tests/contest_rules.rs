//! Contest problems written in the rule language (issue 57, part 2),
//! through the real binary, each stated in one line and answered against
//! a brute force written here or the problem's own check values.

mod common;
use common::{cli_error, sprague, stdout_of};
use std::time::{Duration, Instant};

/// The 2-adic valuation of n: Divisor Nim's value, by hand.
fn v2(n: u64) -> u64 {
    u64::from(n.trailing_zeros())
}

/// Project Euler 509 "Divisor Nim": three heaps, a move takes from one heap
/// a proper divisor of its size; S(n) counts the first player's wins with
/// 1 <= a, b, c <= n. The problem gives S(10) = 692 and S(100) = 735494.
#[test]
fn project_euler_509_small_cases() {
    for (n, published) in [(10u64, 692u64), (100, 735_494)] {
        let mut wins = 0u64;
        for a in 1..=n {
            for b in 1..=n {
                for c in 1..=n {
                    wins += u64::from(v2(a) ^ v2(b) ^ v2(c) != 0);
                }
            }
        }
        assert_eq!(wins, published);
        let out = stdout_of(&[
            "count",
            "rule:n-d:d|n:d<n",
            "--heaps",
            "3",
            "--max",
            &n.to_string(),
            "--nonempty",
            "--outcome",
            "N",
        ]);
        assert_eq!(out.trim(), published.to_string(), "S({n})");
    }
}

/// A range whose lower end is below 0 at small heaps starts at 0:
/// `n-4..n-2` (take 2 to 4) moves heap 2 to 0 and heap 3 to 0 or 1.
#[test]
fn a_range_below_zero_starts_at_zero() {
    let out = stdout_of(&["analyze", "rule:n-4..n-2", "2"]);
    assert!(out.contains("outcome:  N"), "{out}");
    assert!(out.contains("leaving rule:n-4..n-2 0"), "{out}");
    let out = stdout_of(&["sequence", "rule:n-4..n-2", "--to", "9", "--format", "raw"]);
    assert_eq!(
        out.split_whitespace().collect::<Vec<_>>(),
        ["0", "0", "1", "1", "2", "2", "0", "0", "1", "1"]
    );
}

/// Divisor Nim has no periodicity argument: a heap past the table is
/// searched over the heaps it reaches, each factored, and the work limit
/// stops it (exit 3, naming the flag) rather than a hang.
#[test]
fn divisor_search_stops_at_its_limit() {
    let (err, code) = cli_error(&[
        "analyze",
        "rule:n-d:d|n:d<n",
        "1000000000000000000",
        "--max-table-work",
        "10000000",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-table-work"), "{err}");
}

/// Divisors and min/max errors name their column and exit 2.
#[test]
fn divisor_errors_exit_2() {
    for (word, column) in [
        ("rule:n-d", "column 8"),
        ("rule:n-d:d|n:d|n", "column 14"),
        ("rule:min(n,3", "column 13"),
    ] {
        let (err, code) = cli_error(&["analyze", word, "5"]);
        assert_eq!(code, 2, "{word}: {err}");
        assert!(err.contains(column), "{word}: {err}");
    }
}

/// Codeforces 603C's G(n) by the editorial's closed form, written here
/// (the library finds it by the residue-class argument, not this): even
/// k: 0 1 2, then 1 at even n, 0 at odd; odd k: 0 1 0 1 2, then 0 at odd
/// n, and at even n 2 when G(n/2) is 1, else 1.
fn lieges(n: u64, k: u64) -> u64 {
    match (n, k % 2) {
        (0..=2, 0) => n,
        (_, 0) => u64::from(n.is_multiple_of(2)),
        (0..=4, _) => [0, 1, 0, 1, 2][n as usize],
        _ if n % 2 == 1 => 0,
        _ if lieges(n / 2, k) == 1 => 2,
        _ => 1,
    }
}

/// `count` heaps of sizes up to `max`, from a fixed linear congruential
/// sequence.
fn heaps(count: usize, max: u64, seed: u64) -> Vec<u64> {
    let mut x = seed;
    (0..count)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            1 + (x >> 20) % max
        })
        .collect()
}

/// `batch --value` of one line of heaps of `rule`, and how long it took.
fn batch_value(rule: &str, heaps: &[u64]) -> (u64, Duration) {
    let line: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let start = Instant::now();
    let out = sprague()
        .args(["batch", "--value", "--ruleset", rule])
        .write_stdin(line.join(" ") + "\n")
        .output()
        .unwrap();
    let took = start.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout)
            .unwrap()
            .trim()
            .parse()
            .unwrap(),
        took,
    )
}

/// Codeforces 603C "Lieges of Legendre": n heaps; a move takes one token,
/// or turns an even heap 2x into k heaps of x; the last to move wins
/// ("Kevin" first). At its limits, n = 10^5 heaps up to 10^9, k up to
/// 10^9: `rule:n-1,equal(n/2*K,K):even`, and its two samples.
#[test]
fn codeforces_603c_at_its_limits() {
    for (k, sample, kevin) in [(1u64, vec![3u64, 4], true), (2, vec![3], false)] {
        let rule = format!("rule:n-1,equal(n/2*{k},{k}):even");
        assert_eq!(batch_value(&rule, &sample).0 != 0, kevin, "sample k = {k}");
    }
    for (k, seed) in [(1_000_000_000u64, 1u64), (999_999_999, 2), (3, 3), (2, 4)] {
        let heaps = heaps(100_000, 1_000_000_000, seed);
        let expected = heaps.iter().fold(0, |x, &h| x ^ lieges(h, k));
        let rule = format!("rule:n-1,equal(n/2*{k},{k}):even");
        let (value, took) = batch_value(&rule, &heaps);
        assert_eq!(value, expected, "k = {k}");
        eprintln!("k = {k}: {took:?}");
    }
}

/// The contest's time limit (1 s) in a release build.
#[test]
#[ignore = "timing: run with --release -- --ignored"]
fn codeforces_603c_within_its_time_limit() {
    for k in [1_000_000_000u64, 999_999_999] {
        let (_, took) = batch_value(
            &format!("rule:n-1,equal(n/2*{k},{k}):even"),
            &heaps(100_000, 1_000_000_000, k),
        );
        assert!(took < Duration::from_secs(1), "k = {k}: {took:?}");
    }
}

/// Project Euler 325 "Stone Game II": S(N), the sum of x + y over the
/// losing positions of Euclid's game with 0 < x < y <= N; the problem
/// gives S(10) = 211 and S(10^4) = 230312207313 and asks S(10^16) modulo
/// 7^10, whose accepted answer is 54672965 (the library's sums are also
/// checked against a search of the game at every N up to 250).
#[test]
fn project_euler_325() {
    for (n, published) in [("10", "211"), ("10000", "230312207313")] {
        let out = stdout_of(&["count", "euclid", "--max", n, "--sum", "x+y"]);
        assert_eq!(out.trim(), published, "S({n})");
    }
    let start = Instant::now();
    let out = stdout_of(&[
        "count",
        "euclid",
        "--max",
        "10000000000000000",
        "--sum",
        "x+y",
        "--modulo",
        "282475249",
    ]);
    assert_eq!(out.trim(), "54672965");
    assert!(start.elapsed() < Duration::from_secs(5));
    // A ruleset with no theorem for such sums, or with --heaps: exit 2.
    for args in [
        vec!["count", "nim", "--max", "5", "--sum", "x+y"],
        vec![
            "count", "euclid", "--max", "5", "--sum", "x+y", "--heaps", "2",
        ],
    ] {
        let (err, code) = cli_error(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
    }
}
