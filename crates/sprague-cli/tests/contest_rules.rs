//! Contest problems written in the rule language (issue 57, part 2),
//! through the real binary, each stated in one line and answered against
//! a brute force written here or the problem's own check values.

mod common;
use common::{cli_error, stdout_of};

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
