//! `sprague count` with sizes from a set, all-different heaps and the
//! number of heaps summed, through the binary: values small enough to
//! check by hand, JSON, files, exit statuses and messages.

mod common;

use common::{sprague, stdout_of};

#[test]
fn constrained_counts() {
    for (args, want) in [
        // (2,2), (3,3), (5,5), (7,7).
        (&["count", "nim", "--primes", "10", "--heaps", "2"][..], "4"),
        // {1,2,3}, {1,4,5}, {1,6,7}, {2,4,6}, {2,5,7}, {3,4,7}, {3,5,6}.
        (
            &[
                "count",
                "nim",
                "--max",
                "7",
                "--nonempty",
                "--heaps",
                "3",
                "--unordered",
                "--distinct",
            ],
            "7",
        ),
        // The orders of {1,2,3}.
        (
            &[
                "count",
                "nim",
                "--sizes",
                "1,2,3",
                "--heaps",
                "3",
                "--distinct",
            ],
            "6",
        ),
        // K = 1: the empty heap; K = 2: (x, x) for 4 sizes; total 1 + 4.
        (
            &["count", "nim", "--sizes", "0,1,2,3", "--heaps-up-to", "2"],
            "5",
        ),
        // N-positions: 4 + 16 - 5.
        (
            &[
                "count",
                "nim",
                "--sizes",
                "0,1,2,3",
                "--heaps-up-to",
                "2",
                "--outcome",
                "N",
            ],
            "15",
        ),
        // Kayles heaps 2..=4 (values 2 3 1): {2,3,4} is the one P-set.
        (
            &[
                "count",
                "kayles",
                "--min",
                "2",
                "--max",
                "4",
                "--heaps",
                "3",
                "--unordered",
                "--distinct",
            ],
            "1",
        ),
    ] {
        assert_eq!(stdout_of(args).trim(), want, "{args:?}");
    }
}

#[test]
fn sizes_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sizes.txt");
    std::fs::write(&path, "# allowed sizes\n1\n2\n\n3\n").unwrap();
    let p = path.to_str().unwrap();
    assert_eq!(
        stdout_of(&[
            "count",
            "nim",
            "--sizes-file",
            p,
            "--heaps",
            "3",
            "--distinct"
        ])
        .trim(),
        "6"
    );
    std::fs::write(&path, "1\n2\nthree\n").unwrap();
    let out = sprague()
        .args(["count", "nim", "--sizes-file", p, "--heaps", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 3") && err.contains("three"), "{err}");
    // Issue 62: a line without end is read no further than its cap, and a
    // long list no further than the memory budget: exit 3 each, naming
    // what stopped it.
    let out = sprague()
        .args(["count", "nim", "--heaps", "3", "--sizes-file", "/dev/zero"])
        .args(["--max-memory", "100M"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1: longer than 65536 bytes"), "{err}");
    let many: String = (1..=3_000_000).map(|n| format!("{n}\n")).collect();
    let out = sprague()
        .args(["count", "nim", "--heaps", "2", "--sizes-file", "-"])
        .args(["--max-memory", "16M"])
        .write_stdin(many)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--max-memory SIZE"), "{err}");
}

#[test]
fn json_names_the_constraints() {
    let out = stdout_of(&[
        "count",
        "nim",
        "--primes",
        "10",
        "--heaps-up-to",
        "3",
        "--modulo",
        "1000000007",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["primes"], 10);
    assert_eq!(v["heaps_up_to"], 3);
    assert!(v.get("heaps").is_none() && v.get("max").is_none(), "{out}");
    // K = 2: 4 pairs; K = 3: triples of {2,3,5,7} with nim-sum 0: the
    // orders of (2,5,7): 6; K = 1: none.
    assert_eq!(v["count"], "10");
}

/// Ordered tuples of different heaps summed over the number of heaps (no
/// longer refused): heaps 0..=5, 1 to 3 of them: (0), and the 3! orders
/// of {1, 2, 3} and of {1, 4, 5}.
#[test]
fn distinct_ordered_heaps_summed_over_k() {
    let out = sprague()
        .args([
            "count",
            "nim",
            "--max",
            "5",
            "--heaps-up-to",
            "3",
            "--distinct",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "13");
}

#[test]
fn limits_and_bad_combinations() {
    // An exact sum over 10^9 numbers of heaps: past --max-bits, exit 3.
    let out = sprague()
        .args([
            "count",
            "nim",
            "--primes",
            "100",
            "--heaps-up-to",
            "1000000000",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max-bits"));
    // A sieve past --max-work: exit 3 before the work.
    let out = sprague()
        .args([
            "count",
            "nim",
            "--primes",
            "100000000000",
            "--heaps",
            "2",
            "--modulo",
            "7",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max-work"));
    for args in [
        &["count", "nim", "--heaps", "3"][..],
        &[
            "count", "nim", "--max", "5", "--primes", "7", "--heaps", "2",
        ],
        &[
            "count",
            "nim",
            "--max",
            "5",
            "--heaps",
            "2",
            "--heaps-up-to",
            "3",
        ],
        &[
            "count",
            "nim",
            "--sizes",
            "1,2",
            "--nonempty",
            "--heaps",
            "2",
        ],
    ] {
        let out = sprague().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
