//! `sprague count` through the binary: the must-show values, JSON, exit
//! statuses and messages.

mod common;

use common::{sprague, stdout_of};

#[test]
fn must_show_counts() {
    for (args, want) in [
        (&["count", "nim", "--heaps", "3", "--max", "7"][..], "64"),
        (
            &["count", "nim", "--heaps", "3", "--max", "7", "--unordered"],
            "15",
        ),
        (&["count", "nim", "--heaps", "4", "--max", "5"], "168"),
        (
            &["count", "nim", "--heaps", "4", "--max", "5", "--unordered"],
            "24",
        ),
        (&["count", "kayles", "--heaps", "3", "--max", "20"], "1033"),
        (
            &[
                "count",
                "kayles",
                "--heaps",
                "3",
                "--max",
                "20",
                "--unordered",
            ],
            "183",
        ),
        // All 9261 triples minus the P-positions.
        (
            &[
                "count",
                "kayles",
                "--heaps",
                "3",
                "--max",
                "20",
                "--outcome",
                "N",
            ],
            "8228",
        ),
        (
            &[
                "count", "nim", "--heaps", "3", "--max", "7", "--modulo", "10",
            ],
            "4",
        ),
        // Checked by a digit DP over the bits, written separately.
        (
            &[
                "count",
                "nim",
                "--heaps",
                "3",
                "--max",
                "1000000000000000000",
            ],
            "870463481964374947445042546459803651",
        ),
    ] {
        assert_eq!(stdout_of(args), format!("{want}\n"), "{args:?}");
    }
}

#[test]
fn json_names_the_count_and_where_the_values_came_from() {
    let out = stdout_of(&[
        "count",
        "kayles",
        "--heaps",
        "3",
        "--max",
        "20",
        "--unordered",
        "--json",
    ]);
    assert_eq!(
        out,
        "{\"ruleset\":\"kayles\",\"heaps\":3,\"max\":20,\"unordered\":true,\"outcome\":\"P\",\
         \"modulo\":null,\"count\":\"183\",\"basis\":\"table\",\"preperiod\":null,\"period\":null}\n"
    );
    let out = stdout_of(&[
        "count",
        "dawson",
        "--heaps",
        "1000000000000000000",
        "--max",
        "18446744073709551615",
        "--modulo",
        "1000000007",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["basis"], "period");
    assert_eq!(
        (v["preperiod"].as_u64(), v["period"].as_u64()),
        (Some(53), Some(34))
    );
    let n: u64 = v["count"].as_str().unwrap().parse().unwrap();
    assert!(n < 1_000_000_007);
}

#[test]
fn refusals_say_why_and_exit_with_the_right_status() {
    let run = |args: &[&str]| {
        let out = sprague().args(args).output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (code, err) = run(&["count", "moore:2", "--heaps", "2", "--max", "3"]);
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with("error: moore:2 is not a heap ruleset"),
        "{err}"
    );
    let (code, err) = run(&["count", "nim", "--heaps", "2", "--max", "3", "--misere"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("misère"), "{err}");
    let (code, err) = run(&["count", "nim", "--heaps", "100000000", "--max", "7"]);
    assert_eq!(code, Some(3));
    assert!(
        err.contains("--max-bits") && err.contains("--modulo"),
        "{err}"
    );
    let (code, err) = run(&[
        "count",
        "nim",
        "--heaps",
        "200",
        "--max",
        "18446744073709551615",
        "--unordered",
        "--max-work",
        "1000",
    ]);
    assert_eq!(code, Some(3));
    assert!(err.contains("--max-work"), "{err}");
    let (code, err) = run(&["count", "grundy", "--heaps", "2", "--max", "100000000000"]);
    assert_eq!(code, Some(3));
    assert!(err.contains("--max-table"), "{err}");
    let (code, _) = run(&[
        "count", "nim", "--heaps", "2", "--max", "3", "--modulo", "0",
    ]);
    assert_eq!(code, Some(2));
    let (code, _) = run(&["count", "nim", "--heaps", "2", "--max", "-1"]);
    assert_eq!(code, Some(2));
}
