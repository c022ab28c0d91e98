//! Grundy values past 65,535 through the real binary: they are a detail of
//! storage (the table widens from 2 to 4 bytes per value), not a limit.
//!
//! Computing such values from heap 0 costs seconds in a release build
//! (Nim as an octal code is O(n²) by the table) and about a minute in a
//! debug one, so those three cases are `#[ignore]`d; run them with
//! `cargo test --release -p sprague-cli --test wide_values -- --ignored`.
//! Resumed runs start just below 65,535 and are fast in any build.

use serde_json::Value;

mod common;
use common::{sprague, stdout_of};

/// G(n) of Lasker's Nim (`octal:4.3...`): n for n = 1, 2 (mod 4), n + 1
/// for 3, n - 1 for 0 (and G(0) = 0).
fn lasker(n: u64) -> u64 {
    match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

fn raw(values: impl Iterator<Item = u64>) -> String {
    values.map(|v| format!("{v}\n")).collect()
}

fn resume(args: &[&str], file: &std::path::Path) {
    sprague()
        .args(args)
        .arg("--resume")
        .arg("--output")
        .arg(file)
        .assert()
        .success();
}

/// Nim as an octal code (G(n) = n), resumed from a raw file torn just below
/// 65,535: the run goes past it, and resumes again from a file holding
/// values above it (raw and csv).
#[test]
fn sequence_resumes_past_65535() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("nim.raw");
    std::fs::write(&file, raw(0..65_500) + "655").unwrap();
    let args = ["sequence", "octal:0.3...", "--format", "raw", "--to"];
    resume(&[&args[..], &["65560"]].concat(), &file);
    assert!(std::fs::read_to_string(&file).unwrap() == raw(0..=65_560));
    resume(&[&args[..], &["65600"]].concat(), &file);
    assert!(std::fs::read_to_string(&file).unwrap() == raw(0..=65_600));

    let csv = |to: u64| -> String {
        let lines: String = (0..=to).map(|n| format!("{n},{n}\n")).collect();
        format!("n,g\n{lines}")
    };
    let file = dir.path().join("nim.csv");
    std::fs::write(&file, csv(65_540)).unwrap();
    resume(
        &[
            "sequence",
            "octal:0.3...",
            "--format",
            "csv",
            "--to",
            "65580",
        ],
        &file,
    );
    assert!(std::fs::read_to_string(&file).unwrap() == csv(65_580));
}

/// Lasker's Nim (`octal:4.3...`), whose G(65535) is 65536, resumed from a
/// json file below it, and a file value above 2^32 - 1 refused.
#[test]
fn json_resume_crosses_65535_and_huge_values_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lasker.json");
    let json = |to: u64| -> String {
        let values: Vec<String> = (0..=to).map(|n| lasker(n).to_string()).collect();
        format!(
            "{{\"ruleset\":\"octal:4.3...\",\"values\":[{}],\"preperiod\":null,\"period\":null}}\n",
            values.join(",")
        )
    };
    std::fs::write(&file, json(65_500)).unwrap();
    resume(
        &[
            "sequence",
            "octal:4.3...",
            "--format",
            "json",
            "--to",
            "65560",
        ],
        &file,
    );
    let got = std::fs::read_to_string(&file).unwrap();
    assert!(got == json(65_560));
    let v: Value = serde_json::from_str(&got).unwrap();
    assert_eq!(v["values"][65_535], 65_536);

    let file = dir.path().join("huge.raw");
    std::fs::write(&file, "0\n1\n4294967296\n").unwrap();
    sprague()
        .args(["sequence", "octal:0.3...", "--to", "5", "--format", "raw"])
        .arg("--resume")
        .arg("--output")
        .arg(&file)
        .assert()
        .code(2);
}

fn analyze_json(position: &str) -> Value {
    serde_json::from_str(&stdout_of(&["analyze", position, "--json"])).unwrap()
}

#[test]
#[ignore = "seconds in release, about a minute in debug: run with --release -- --ignored"]
fn heavy_analyze_nim_code_at_heap_65536() {
    let v = analyze_json("octal:0.3... 65536");
    assert_eq!(
        (v["value"].as_u64(), v["outcome"].as_str()),
        (Some(65_536), Some("N"))
    );
    assert_eq!(v["winning_moves"][0]["after"], "octal:0.3... 0");
}

#[test]
#[ignore = "seconds in release, about a minute in debug: run with --release -- --ignored"]
fn heavy_analyze_laskers_nim_at_heap_65535() {
    let v = analyze_json("octal:4.3... 65535");
    assert_eq!(
        (v["value"].as_u64(), v["outcome"].as_str()),
        (Some(65_536), Some("N"))
    );
    // Only taking everything wins: a split into a and b leaves
    // G(a) ^ G(b) = 0 only when G(a) = G(b), so a = b (G is one-to-one),
    // and 65,535 is odd.
    assert_eq!(v["winning_moves"].as_array().map(Vec::len), Some(1));
}

#[test]
#[ignore = "seconds in release, over a minute in debug: run with --release -- --ignored"]
fn heavy_sequence_nim_code_to_70000() {
    let out = stdout_of(&[
        "sequence",
        "octal:0.3...",
        "--to",
        "70000",
        "--format",
        "raw",
    ]);
    assert!(out == raw(0..=70_000));
}
