//! `sprague sequence` and `sprague period` through the real binary.

use std::process::Command as StdCommand;
use std::time::{Duration, Instant};

use predicates::prelude::*;
use serde::Deserialize;

mod common;
use common::{sprague, stdout_of};

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct JsonSequence {
    ruleset: String,
    values: Vec<u64>,
    preperiod: Option<u64>,
    period: Option<u64>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct JsonPeriod {
    ruleset: String,
    preperiod: Option<u64>,
    period: Option<u64>,
    proven: bool,
    checked_to: u64,
}

#[test]
fn formats() {
    let raw = stdout_of(&["sequence", "kayles", "--to", "12", "--format", "raw"]);
    assert_eq!(raw, "0\n1\n2\n3\n1\n4\n3\n2\n1\n4\n2\n6\n4\n");
    let csv = stdout_of(&["sequence", "dawson", "--to", "3", "--format", "csv"]);
    assert_eq!(csv, "n,g\n0,0\n1,0\n2,1\n3,1\n");
    let json = stdout_of(&["sequence", "grundy", "--to", "20", "--format", "json"]);
    let j: JsonSequence = serde_json::from_str(&json).unwrap();
    assert_eq!(j.ruleset, "grundy");
    assert_eq!(
        j.values[1..],
        [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    );
    let table = stdout_of(&["sequence", "kayles", "--to", "12"]);
    assert_eq!(
        table,
        "kayles: Grundy values G(n) for n = 0..=12 (row r: n = r + 0 .. r + 9)\n\
         \x20       +0    +1    +2    +3    +4    +5    +6    +7    +8    +9\n\
         \x20 0:     0     1     2     3     1     4     3     2     1     4\n\
         \x2010:     2     6     4\n"
    );
    let nim = stdout_of(&["sequence", "nim", "--to", "70000", "--format", "raw"]);
    assert_eq!(nim.lines().last(), Some("70000"));
    // The word stays as written; plain and fast agree.
    let a = stdout_of(&["sequence", "octal:0.6", "--to", "3000", "--format", "raw"]);
    let b = stdout_of(&[
        "sequence",
        "octal:0.6",
        "--to",
        "3000",
        "--format",
        "raw",
        "--method",
        "plain",
    ]);
    assert_eq!(a, b);
    let sub = stdout_of(&["sequence", "sub:1-3", "--to", "5", "--format", "json"]);
    assert_eq!(
        sub,
        "{\"ruleset\":\"sub:1-3\",\"values\":[0,1,2,3,0,1],\"preperiod\":0,\"period\":4}\n"
    );
}

#[test]
fn bad_input_exits_2() {
    for args in [
        &["sequence", "octal:0.9", "--to", "3"][..],
        &["sequence", "kayles", "--to", "x"],
        &["sequence", "kayles", "--to", "3", "--resume"],
        &["sequence", "kayles", "--to", "3", "--format", "xml"],
        &["period", "hex:0.g"],
    ] {
        let out = sprague()
            .args(args)
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        assert!(
            String::from_utf8(out).unwrap().starts_with("error:"),
            "{args:?}"
        );
    }
}

#[test]
fn periods() {
    let get = |args: &[&str]| -> JsonPeriod { serde_json::from_str(&stdout_of(args)).unwrap() };
    let k = get(&["period", "kayles", "--json"]);
    assert_eq!(
        (k.preperiod, k.period, k.proven),
        (Some(71), Some(12), true)
    );
    assert!(k.checked_to >= 2 * 71 + 12 + 2 + 12 - 1);
    let d = get(&["period", "dawson", "--json"]);
    assert_eq!(
        (d.preperiod, d.period, d.proven),
        (Some(53), Some(34), true)
    );
    let c = get(&["period", "octal:0.137", "--json"]);
    assert_eq!(
        (c.preperiod, c.period, c.proven),
        (Some(52), Some(34), true)
    );
    let g = get(&["period", "grundy", "--json"]);
    assert_eq!(
        g,
        JsonPeriod {
            ruleset: "grundy".into(),
            preperiod: None,
            period: None,
            proven: false,
            checked_to: 0
        }
    );
    let s = get(&["period", "sub:2,5,6", "--json"]);
    assert!(s.proven && s.period.is_some());
    let none = get(&["period", "octal:0.6", "--limit", "2000", "--json"]);
    assert_eq!(
        (none.period, none.proven, none.checked_to),
        (None, false, 2000)
    );
    let human = stdout_of(&["period", "kayles"]);
    assert!(human.contains("checked for 71 <= n < 156"), "{human}");
    assert!(human.contains("t = 2"), "{human}");
    let human = stdout_of(&["period", "grundy"]);
    assert!(human.contains("none claimed"), "{human}");
}

/// A real run killed part-way and resumed writes exactly the file an
/// uninterrupted run writes.
#[test]
fn killed_run_resumes_to_the_same_file() {
    let dir = tempfile::tempdir().unwrap();
    let killed = dir.path().join("killed.csv");
    let whole = dir.path().join("whole.csv");
    let bin = assert_cmd::cargo::cargo_bin("sprague");
    let args = [
        "sequence",
        "octal:0.007",
        "--to",
        "12000",
        "--method",
        "plain",
        "--format",
        "csv",
    ];
    let mut child = StdCommand::new(&bin)
        .args(args)
        .arg("--output")
        .arg(&killed)
        .spawn()
        .unwrap();
    // Wait for the first values to reach the file, then kill the run.
    let start = Instant::now();
    while std::fs::metadata(&killed).map_or(0, |m| m.len()) < 100 {
        assert!(start.elapsed() < Duration::from_secs(60), "no output");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    // Simulate a kill in the middle of a line, too.
    let mut bytes = std::fs::read(&killed).unwrap();
    bytes.extend_from_slice(b"4096,1");
    std::fs::write(&killed, &bytes).unwrap();
    let lines_before = bytes.iter().filter(|&&b| b == b'\n').count();

    sprague()
        .args(args)
        .arg("--output")
        .arg(&killed)
        .arg("--resume")
        .assert()
        .success();
    sprague()
        .args(args)
        .arg("--output")
        .arg(&whole)
        .assert()
        .success();
    let resumed = std::fs::read(&killed).unwrap();
    let expected = std::fs::read(&whole).unwrap();
    assert!(
        lines_before < 12_002,
        "the run finished before it was killed"
    );
    assert_eq!(resumed.len(), expected.len());
    assert!(resumed == expected, "resumed output differs");
}

/// Writes the first `cut` bytes of `full` (the output of `args`) to
/// `file`, resumes the run into it and checks that it ends as `full`.
fn resume_from_cut(args: &[&str], full: &[u8], cut: usize, file: &std::path::Path) {
    std::fs::write(file, &full[..cut]).unwrap();
    sprague()
        .args(args)
        .arg("--output")
        .arg(file)
        .arg("--resume")
        .assert()
        .success();
    assert!(std::fs::read(file).unwrap() == full, "{args:?} cut {cut}");
}

fn output_of(args: &[&str]) -> Vec<u8> {
    stdout_of(args).into_bytes()
}

/// Torn json and raw files (cut at several places) resume to the same
/// output; a file of another ruleset is refused.
#[test]
fn torn_files_resume() {
    let dir = tempfile::tempdir().unwrap();
    for format in ["json", "raw", "csv"] {
        let args = ["sequence", "kayles", "--to", "300", "--format", format];
        let full = output_of(&args);
        let file = dir.path().join(format!("k.{format}"));
        for cut in [
            0,
            1,
            5,
            20,
            21,
            22,
            100,
            full.len() / 2,
            full.len() - 3,
            full.len() - 1,
            full.len(),
        ] {
            resume_from_cut(&args, &full, cut, &file);
        }
    }
    // Games without a period, whose values keep growing: the resumed run
    // goes on with the rare-value method from the values in the file.
    for ruleset in ["grundy", "octal:0.6"] {
        let args = ["sequence", ruleset, "--to", "20000", "--format", "raw"];
        let full = output_of(&args);
        for cut in [full.len() / 3, full.len() * 4 / 5] {
            // A file of each game: a checksum file (FILE.crc) names its game.
            let file = dir
                .path()
                .join(format!("{}.raw", ruleset.replace(':', "-")));
            resume_from_cut(&args, &full, cut, &file);
        }
    }
    let file = dir.path().join("d.json");
    sprague()
        .args([
            "sequence", "dawson", "--to", "50", "--format", "json", "--output",
        ])
        .arg(&file)
        .assert()
        .success();
    let err = sprague()
        .args([
            "sequence", "kayles", "--to", "80", "--format", "json", "--resume", "--output",
        ])
        .arg(&file)
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8(err).unwrap().contains("dawson"));
    let file = dir.path().join("d.raw");
    sprague()
        .args([
            "sequence", "dawson", "--to", "50", "--format", "raw", "--output",
        ])
        .arg(&file)
        .assert()
        .success();
    sprague()
        .args([
            "sequence", "kayles", "--to", "80", "--format", "raw", "--resume", "--output",
        ])
        .arg(&file)
        .assert()
        .code(2);
}

#[test]
fn analyze_take_and_break_positions() {
    let out = stdout_of(&["analyze", "kayles", "10", "+", "grundy", "7", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for m in v["winning_moves"].as_array().unwrap() {
        let after = m["after"].as_str().unwrap();
        let words: Vec<&str> = after.split(' ').collect();
        let again = stdout_of(&[&["analyze", "--json"][..], &words].concat());
        let w: serde_json::Value = serde_json::from_str(&again).unwrap();
        assert_eq!(w["outcome"], "P", "{after}");
    }
    // A huge heap answers from the proven period; a cap keeps the list short.
    let out = stdout_of(&[
        "analyze",
        "dawson",
        "18446744073709551615",
        "--json",
        "--max-moves",
        "2",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["value"].is_u64());
    // Past the table limit without a period: exit 3 naming the flag.
    let err = sprague()
        .args(["analyze", "grundy", "100000", "--max-table", "1000"])
        .assert()
        .code(3)
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8(err).unwrap().contains("--max-table"));
}

/// Once a period is proven, later values follow from it: 0.137 (period 34,
/// preperiod 52) to heap 300,000 with the plain method would take hours
/// computed value by value.
#[test]
fn values_past_a_proven_period_follow_from_it() {
    let out = sprague()
        .args([
            "sequence",
            "octal:0.137",
            "--to",
            "300000",
            "--format",
            "raw",
        ])
        .args(["--method", "plain"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let values: Vec<u16> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(values.len(), 300_001);
    for n in 52 + 34..values.len() {
        // Values past heap 1,023 were looked up, not computed.
        assert_eq!(values[n], values[n - 34], "G({n})");
    }
    assert_ne!(values[51], values[51 + 34], "the preperiod is 52");
}

/// Writes `contents` to `file`, resumes `ruleset` to heap `to` (raw) into
/// it, and checks that this is refused with `message` and the file left
/// alone.
fn resume_is_refused(
    ruleset: &str,
    to: &str,
    file: &std::path::Path,
    contents: &[u8],
    message: &str,
) {
    std::fs::write(file, contents).unwrap();
    sprague()
        .args([
            "sequence", ruleset, "--to", to, "--format", "raw", "--resume",
        ])
        .arg("--output")
        .arg(file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(message));
    assert!(
        std::fs::read(file).unwrap() == contents,
        "the file is left alone"
    );
}

/// A complete json file with a wrong value is refused and left byte for
/// byte as it was (its tail after the values was cut before the values
/// were checked; found by a fresh tester).
#[test]
fn a_refused_json_file_keeps_its_tail() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.json");
    let good = output_of(&["sequence", "kayles", "--to", "300", "--format", "json"]);
    let text = String::from_utf8(good).unwrap();
    let bad = text.replacen("\"values\":[0,1,2", "\"values\":[0,1,5", 1);
    assert_ne!(bad, text);
    std::fs::write(&file, &bad).unwrap();
    sprague()
        .args([
            "sequence", "kayles", "--to", "300", "--format", "json", "--resume",
        ])
        .arg("--output")
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("G(2) = 5"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), bad);
}

/// A file of another game that agrees with the ruleset on its first 2,048
/// values is refused: values further on are checked too.
#[test]
fn a_file_of_another_game_is_refused_even_when_it_starts_alike() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("d.raw");
    let dawson = output_of(&["sequence", "dawson", "--to", "3000", "--format", "raw"]);
    // 0.07 plus a move that removes 2,100 tokens: the same values as
    // Dawson's Kayles below heap 2,100, different ones later.
    let code = format!("octal:0.07{}7", "0".repeat(2097));
    resume_is_refused(&code, "4000", &file, &dawson, "does not hold the values");

    // The other way round, the file differing from Dawson's Kayles only
    // past heap 2,100: caught by the values checked between the first and
    // the last ones.
    let other_code = format!("octal:0.07{}2", "0".repeat(2097));
    let other = output_of(&["sequence", &other_code, "--to", "6000", "--format", "raw"]);
    let dawson_6000 = output_of(&["sequence", "dawson", "--to", "6000", "--format", "raw"]);
    assert!(other[..4000] == dawson_6000[..4000] && other != dawson_6000);
    resume_is_refused("dawson", "8000", &file, &other, "does not hold the values");

    // A last line that no interrupted run leaves is not dropped silently.
    let message = "\"hello\") is not a value cut off";
    resume_is_refused("kayles", "8", &file, b"0\n1\nhello", message);
}

/// `period` looks at least as far as `analyze` does by default: analyze
/// answers sub:999999,1000001 at 10^18 from its period, and period finds
/// that period.
#[test]
fn period_looks_as_far_as_analyze() {
    let out = common::stdout_of(&["period", "sub:999999,1000001", "--json"]);
    assert!(out.contains("\"period\":2000000"), "{out}");
    assert!(out.contains("\"proven\":true"), "{out}");
}

/// One limit policy: `sequence` past --max-table of a game where no period
/// can be proven is refused before any work, with exit 3 naming the flag;
/// a failed run leaves no file it created; `--help` lists every ruleset
/// it accepts.
#[test]
fn sequence_limits_and_traces() {
    sprague()
        .args([
            "sequence",
            "grundy",
            "--to",
            "5000",
            "--max-table",
            "1000",
            "--format",
            "raw",
        ])
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::contains("--max-table"));
    let dir = std::env::temp_dir().join(format!("sprague-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("new.txt");
    sprague()
        .args(["sequence", "octal:0.6x", "--to", "10", "--output"])
        .arg(&file)
        .assert()
        .code(2);
    assert!(!file.exists(), "a failed run left {}", file.display());
    // A table is resumed too; from a file that does not exist yet, it
    // starts from nothing.
    sprague()
        .args(["sequence", "kayles", "--to", "10", "--resume", "--output"])
        .arg(&file)
        .assert()
        .success();
    let table = std::fs::read_to_string(&file).unwrap();
    assert!(table.ends_with(" 10:     2\n"), "{table}");
    std::fs::remove_file(&file).unwrap();
    // --resume of a file that does not exist yet starts from nothing.
    sprague()
        .args([
            "sequence", "kayles", "--to", "5", "--format", "raw", "--resume", "--output",
        ])
        .arg(&file)
        .assert()
        .success();
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "0\n1\n2\n3\n1\n4\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    sprague()
        .args(["sequence", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("moore:K and staircase"));
}

/// `sequence --json` gives the preperiod and period when proven (null
/// otherwise), and a resumed JSON file still ends exactly like a fresh one.
#[test]
fn sequence_json_gives_the_period() {
    let out = stdout_of(&["sequence", "kayles", "--to", "2000", "--format", "json"]);
    assert!(
        out.ends_with(",\"preperiod\":71,\"period\":12}\n"),
        "{}",
        &out[out.len() - 80..]
    );
    let out = stdout_of(&["sequence", "grundy", "--to", "10", "--format", "json"]);
    assert!(
        out.ends_with("],\"preperiod\":null,\"period\":null}\n"),
        "{out}"
    );
    let dir = std::env::temp_dir().join(format!("sprague-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("k.json");
    for to in ["1000", "2000"] {
        sprague()
            .args([
                "sequence", "kayles", "--to", to, "--format", "json", "--resume", "--output",
            ])
            .arg(&file)
            .assert()
            .success();
    }
    let fresh = stdout_of(&["sequence", "kayles", "--to", "2000", "--format", "json"]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), fresh);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn output_may_be_a_device() {
    // /dev/null cannot be cut to length; it needs no cutting either.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["sequence", "kayles", "--to", "100", "--format", "raw"])
        .args(["--output", "/dev/null"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn json_names_a_period_proven_between_the_looks() {
    // The store looks at heaps 1,024, 2,048, ...; octal:0.45's period 20
    // from 498 is proven by its first 1,038 values.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["sequence", "octal:0.45", "--to", "1500", "--format", "json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["preperiod"], 498, "{json}");
    assert_eq!(json["period"], 20, "{json}");
}

/// `--threads 2` prints the same bytes as `--threads 1` (the rare-value
/// method's pipeline, for 0.007 from heap 4,096 on the plain method's
/// halves, and three-heap splits shared by two threads, through the
/// binary), for `sequence`, `period` and `count`; `--threads 0` is refused.
#[test]
fn threads_do_not_change_the_output() {
    for (game, to) in [
        ("octal:0.6", "8000"),
        ("grundy", "8000"),
        ("octal:0.354", "8000"),
        ("octal:0.007", "8000"),
        ("hex:0.9", "2000"),
    ] {
        let args = |threads: &'static str| {
            vec![
                "sequence",
                game,
                "--to",
                to,
                "--format",
                "raw",
                "--threads",
                threads,
            ]
        };
        let one = output_of(&args("1"));
        let lines = one.iter().filter(|&&b| b == b'\n').count();
        assert_eq!(lines as u64, to.parse::<u64>().unwrap() + 1, "{game}");
        assert!(output_of(&args("2")) == one, "{game}");
    }
    let period = |threads| {
        let args = [
            "period",
            "octal:0.6",
            "--limit",
            "6000",
            "--json",
            "--threads",
            threads,
        ];
        output_of(&args)
    };
    assert_eq!(period("2"), period("1"));
    let count = |threads| {
        let args = [
            "count",
            "grundy",
            "--heaps",
            "3",
            "--max",
            "20000",
            "--json",
            "--threads",
            threads,
        ];
        output_of(&args)
    };
    assert_eq!(count("2"), count("1"));
    for (command, bad) in [
        ("sequence", "0"),
        ("sequence", "-1"),
        ("period", "-1"),
        ("count", "-1"),
    ] {
        // A negative number is named as the flag's bad value, not taken
        // for an unknown argument.
        let mut args = vec![command, "kayles", "--threads", bad];
        args.extend(match command {
            "sequence" => ["--to", "10"].as_slice(),
            "count" => ["--heaps", "2", "--max", "10"].as_slice(),
            _ => [].as_slice(),
        });
        sprague()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("for '--threads <N>'"));
    }
}

/// Lines no run writes are refused without being read whole, and quoted
/// short; a last line longer than any value is not taken for a torn one; a
/// directory is no output file; refusals name the file.
#[test]
fn resume_refuses_what_no_run_writes() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("values.txt");
    let long = vec![b'1'; 1_000_000];
    resume_is_refused("kayles", "100", &file, &long, "is longer than any line");
    let stderr = sprague()
        .args([
            "sequence", "kayles", "--to", "100", "--format", "raw", "--resume",
        ])
        .arg("--output")
        .arg(&file)
        .output()
        .unwrap()
        .stderr;
    assert!(stderr.len() < 300, "{} bytes of error", stderr.len());
    let torn = b"0\n1\n2\n12345678901234567";
    resume_is_refused("kayles", "100", &file, torn, "not a value cut off");
    resume_is_refused(
        "kayles",
        "100",
        &file,
        b"0\n1\n2\n3\n4294967296\n",
        "line 5",
    );
    resume_is_refused(
        "octal:0.6",
        "100",
        &file,
        b"0\n1\n2\n3\n1\n",
        "values.txt: ",
    );
    sprague()
        .args([
            "sequence", "kayles", "--to", "10", "--format", "raw", "--output",
        ])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is a directory"));
}

/// `--stats` leaves the values alone and reports, on stderr, the largest
/// value and its first heap and the rare heaps under the mask it names,
/// each recomputed here from the values printed.
#[test]
fn stats_report_the_run() {
    let run = |args: &[&str]| {
        let out = StdCommand::new(env!("CARGO_BIN_EXE_sprague"))
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    for game in ["grundy", "octal:0.6", "octal:0.007"] {
        let args = ["sequence", game, "--to", "20000", "--format", "raw"];
        let (plain_out, _) = run(&args);
        let mut with_stats = args.to_vec();
        with_stats.push("--stats");
        let (out, err) = run(&with_stats);
        assert_eq!(out, plain_out, "{game}: --stats changed the values");
        let values: Vec<u64> = out.lines().map(|l| l.parse().unwrap()).collect();
        let largest = *values.iter().max().unwrap();
        let first = values.iter().position(|&v| v == largest).unwrap();
        assert!(
            err.contains(&format!("largest value {largest}, first at heap {first}\n")),
            "{game}: {err}"
        );
        assert!(err.contains("20001 values in"), "{game}: {err}");
        // "sparse space: mask M (range form), R rare heaps among heaps 1..=20000"
        let line = err
            .lines()
            .find(|l| l.starts_with("stats: sparse space: mask "))
            .unwrap_or_else(|| panic!("{game}: {err}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        let mask: u64 = words[4].parse().unwrap();
        let rare: usize = words[7].parse().unwrap();
        assert_eq!(words[6], "form),", "{game}: {line}");
        let counted = values[1..]
            .iter()
            .filter(|&&v| (v & mask).count_ones().is_multiple_of(2))
            .count();
        assert_eq!(rare, counted, "{game}: {line}");
        let used = line.ends_with("the rare-value method computes the values");
        assert_eq!(used, 8 * rare < values.len(), "{game}: {line}");
    }
    let (_, err) = run(&[
        "sequence", "grundy", "--to", "300", "--method", "plain", "--stats",
    ]);
    assert!(err.contains("the rare-value method was not used"), "{err}");
    // A closed form: G(n) = n.
    let (_, err) = run(&[
        "sequence", "nim", "--to", "100000", "--format", "raw", "--stats",
    ]);
    assert!(
        err.contains("largest value 100000, first at heap 100000"),
        "{err}"
    );
    // One value is one value.
    let (_, err) = run(&["sequence", "kayles", "--to", "0", "--stats"]);
    assert!(err.contains("G(0..=0), 1 value in"), "{err}");
    assert!(err.contains("table of 1 value,"), "{err}");
    // A graph's node values get a report too: the largest, at its first node.
    let (out, err) = run(&["sequence", "digraph:a>b,b>c,a>c,c>d", "--stats"]);
    assert_eq!(out, "a: 2\nb: 0\nc: 1\nd: 0\n");
    assert!(err.contains("4 node values in"), "{err}");
    assert!(err.contains("largest value 2, first at node a"), "{err}");
    // A resumed file that holds every value asked for: nothing computed,
    // said so (not "0 values ... 0.00 million a second").
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.txt");
    let file = file.to_str().unwrap();
    let args = [
        "sequence", "kayles", "--to", "100", "--format", "raw", "--output", file,
    ];
    run(&args);
    let mut again = args.to_vec();
    again.extend(["--resume", "--stats"]);
    let (_, err) = run(&again);
    assert!(
        err.contains("G(0..=100) read from the file, no value computed"),
        "{err}"
    );
    assert!(err.contains("largest value 8, first at heap 27"), "{err}");
}

/// The text with every run of white space made one space (a wrapped
/// paragraph as one line).
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `sequence --to N` one heap past the table (`octal:0.6 --to 10000000`
/// needs 10^7 + 1 values where the default table holds 10^7) computed the
/// whole table, wrote it and then exited 3. Past the table only a proven
/// period gives values, so it is looked for first, within
/// --max-period-search: when none is proven nothing is written, the exit
/// status is 3 and the message names the --max-table that holds the run;
/// a period found first gives the values past the table. (Scaled down: a
/// table of 5,000 values.)
#[test]
fn sequence_past_the_table_is_refused_before_any_value_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("officers.txt");
    let out = sprague()
        .args([
            "sequence",
            "octal:0.6",
            "--to",
            "5000",
            "--max-table",
            "5000",
            "--max-period-search",
            "100000",
            "--format",
            "raw",
        ])
        .assert()
        .code(3)
        .stdout("")
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: octal:0.6 heap 5000: past the table limit of 5000 values"),
        "{err}"
    );
    assert!(err.contains("--max-table 5001"), "{err}");
    // With --output: no file is left behind.
    sprague()
        .args([
            "sequence",
            "octal:0.6",
            "--to",
            "5000",
            "--max-table",
            "5000",
            "--max-period-search",
            "100000",
            "--output",
        ])
        .arg(&file)
        .assert()
        .code(3);
    assert!(!file.exists());
    // One more value of table, and the run is done.
    let values = stdout_of(&[
        "sequence",
        "octal:0.6",
        "--to",
        "5000",
        "--max-table",
        "5001",
        "--format",
        "raw",
    ]);
    assert_eq!(values.lines().count(), 5001);
    // Kayles' period, proven at heap 1,024, gives the values past the table.
    let values = stdout_of(&[
        "sequence",
        "kayles",
        "--to",
        "20000",
        "--max-table",
        "5000",
        "--format",
        "raw",
    ]);
    let values: Vec<&str> = values.lines().collect();
    assert_eq!(values.len(), 20001);
    assert_eq!(values[20000], values[71 + (20000 - 71) % 12]);
}

/// `period` of a game that splits a heap into three stopped at heap 1,024
/// in no time (its work limit was a 500th of --max-period-search, a share
/// meant for its table), while README said it looks up to heap 20,000.
/// Now the work limit is a 4th (the work it counts grows with the values
/// already), and the output says which bound stopped the search.
#[test]
fn period_of_a_three_heap_game_says_which_bound_stopped_it() {
    // A table limit of 1,500,000 / 500 = 3,000 heaps, within the work
    // limit: the search reaches it.
    let out = flat(&stdout_of(&["period", "hex:0.8", "--max-table", "1500000"]));
    assert!(
        out.contains(
            "period: none found up to heap 2999, the last heap of the table limit \
             (--max-table 1500000, a 500th of it for a game that splits a heap into three); \
             look further with a larger --max-table N, or with --limit N. The values to \
             heap 2999"
        ),
        "{out}"
    );
    assert!(out.contains("proven: no checked to: heap 2999"), "{out}");
    // The work limit: a 4th of the flag for such a game (values near n/3:
    // the step to heap 4,096 would pass 1,000,000).
    let out = flat(&stdout_of(&[
        "period",
        "hex:0.8",
        "--max-period-search",
        "4000000",
    ]));
    assert!(
        out.contains(
            "period: none found up to heap 2048, where the search reached its work limit \
             (--max-period-search 4000000, a 4th of it for a game that splits a heap into \
             three; work is counted as heaps computed × (largest value + 1)); look further \
             with a larger --max-period-search N, or with --limit N"
        ),
        "{out}"
    );
    let out = flat(&stdout_of(&["period", "hex:0.8", "--limit", "1500"]));
    assert!(
        out.contains("period: none found up to heap 1500, the --limit (look further with a larger --limit N)"),
        "{out}"
    );
}

/// "None found" says what the values ruled out (issue 59): Kayles' period
/// (preperiod 71, period 12: n0 + p = 83) needs values to about
/// 2·83 + 4; to heap 100 they rule out only n0 + p <= 48, and say so.
#[test]
fn none_found_says_how_far_a_period_is_ruled_out() {
    let out = flat(&stdout_of(&["period", "kayles", "--limit", "100"]));
    assert!(
        out.contains(
            "The values to heap 100 rule out every period with preperiod + period <= 48; a \
             longer one is not ruled out (the theorem proves preperiod n0 and period p from \
             the values to about 2·(n0 + p) + 4)"
        ),
        "{out}"
    );
    let out = flat(&stdout_of(&["period", "kayles", "--limit", "170"]));
    assert!(out.contains("preperiod: 71 period: 12"), "{out}");
}

/// `period`'s default search is sized by work, not by a heap: its default
/// --max-period-search (2^27, for `sequence` too) covers the work of
/// proving octal:0.56's period 144 from heap 326,640 (the table to heap
/// 1,048,576, values below 65: 68.2 million), where analyze's default
/// (2^24) stopped the search at heap 258,048; the default and the work
/// count are in --help. A game with no period stops at the work limit,
/// saying so. (The default run of octal:0.56 itself takes half a second in
/// a release build, minutes in this debug one:
/// `heavy_default_period_search_limit` in cli.rs, ignored.)
#[test]
fn period_sizes_its_default_search_by_work() {
    let help = flat(&stdout_of(&["period", "--help"]));
    assert!(help.contains("[default: 134217728]"), "{help}");
    assert!(
        help.contains("heaps computed × (largest Grundy value + 1)"),
        "{help}"
    );
    let work_for_056 = 1_048_577u64 * 65;
    assert!(work_for_056 > 1 << 24 && work_for_056 <= sprague::TABLE_MAX_PERIOD_SEARCH);
    let help = flat(&stdout_of(&["sequence", "--help"]));
    assert!(help.contains("[default: 134217728]"), "{help}");
    // Officers has no period in reach: a small limit keeps the test quick.
    let out = flat(&stdout_of(&[
        "period",
        "octal:0.6",
        "--max-period-search",
        "2000000",
    ]));
    assert!(
        out.contains(
            "where the search reached its work limit (--max-period-search 2000000; work is \
             counted as heaps computed × (largest value + 1)); look further with a larger \
             --max-period-search N, or with --limit N. The values to heap"
        ),
        "{out}"
    );
}

/// The values of a `--format packed` file, decoded here from the format
/// its documentation gives (header, then blocks with their checksums).
fn packed_values(path: &std::path::Path) -> Vec<u64> {
    let f = std::fs::read(path).unwrap();
    assert_eq!(&f[..16], b"SPRAGUE-PACKED\0\x01");
    let word_len = u32::from_le_bytes(f[20..24].try_into().unwrap()) as usize;
    let mut at = 28 + word_len;
    let mut values = Vec::new();
    let u32_at = |i: usize| u32::from_le_bytes(f[i..i + 4].try_into().unwrap());
    while at < f.len() {
        assert_eq!(&f[at..at + 4], b"BLK1");
        let first = u64::from_le_bytes(f[at + 4..at + 12].try_into().unwrap());
        assert_eq!(first, values.len() as u64);
        let count = u32_at(at + 12) as usize;
        let exceptions = u32_at(at + 16) as usize;
        let mut block: Vec<u64> = f[at + 20..at + 20 + count]
            .iter()
            .map(|&b| b.into())
            .collect();
        let ex = at + 20 + count;
        for e in 0..exceptions {
            let i = u32_at(ex + 6 * e) as usize;
            let v = u16::from_le_bytes(f[ex + 6 * e + 4..ex + 6 * e + 6].try_into().unwrap());
            assert_eq!(block[i], 255);
            block[i] = v.into();
        }
        at = ex + 6 * exceptions + 4;
        values.extend(block);
    }
    assert_eq!(at, f.len());
    values
}

/// Small windows and blocks, so that the values are read back from the
/// file (far rare heaps, long confirmations, new masks).
const PACKED_KNOBS: [&str; 6] = [
    "--packed-low",
    "300",
    "--packed-window",
    "600",
    "--packed-block-log",
    "10",
];

fn raw_values(word: &str, to: u64) -> Vec<u64> {
    stdout_of(&["sequence", word, "--to", &to.to_string(), "--format", "raw"])
        .lines()
        .map(|l| l.parse().unwrap())
        .collect()
}

/// A packed run gives the values of the in-memory engine, byte for byte,
/// for Grundy's game and octal games with rare values; `--check-prefix`
/// and `--check-random` agree.
#[test]
fn packed_values_equal_the_in_memory_engine() {
    let dir = tempfile::tempdir().unwrap();
    for word in ["grundy", "octal:0.6", "octal:0.354"] {
        let file = dir.path().join(format!("{}.pk", word.replace(':', "-")));
        let to = 20_000u64;
        sprague()
            .args([
                "sequence",
                word,
                "--to",
                "20000",
                "--format",
                "packed",
                "--threads",
                "1",
            ])
            .args(PACKED_KNOBS)
            .arg("--output")
            .arg(&file)
            .assert()
            .success();
        assert!(packed_values(&file) == raw_values(word, to), "{word}");
        sprague()
            .args(["sequence", word, "--to", "0", "--format", "packed"])
            .args(["--check-prefix", "20000", "--check-random", "5"])
            .arg("--output")
            .arg(&file)
            .assert()
            .success()
            .stdout(predicate::str::contains("equal the in-memory engine"))
            .stdout(predicate::str::contains("DIFFERS").not());
    }
}

/// A packed file cut anywhere (a kill in the middle of a write) resumes
/// to the values of an uninterrupted run; a longer --to continues a
/// finished one.
#[test]
fn packed_runs_resume_after_a_cut() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.pk");
    let run = |to: &str, resume: bool| {
        let mut cmd = sprague();
        cmd.args(["sequence", "grundy", "--to", to, "--format", "packed"])
            .args(PACKED_KNOBS)
            .arg("--output")
            .arg(&file);
        if resume {
            cmd.arg("--resume");
        }
        cmd.assert().success();
    };
    run("9000", false);
    let whole = std::fs::read(&file).unwrap();
    let want = raw_values("grundy", 12_000);
    // A file shorter than its state file recorded lost values: refused.
    let state = dir.path().join("g.pk.state");
    std::fs::write(&file, &whole[..5_000]).unwrap();
    sprague()
        .args([
            "sequence", "grundy", "--to", "12000", "--format", "packed", "--resume",
        ])
        .args(PACKED_KNOBS)
        .arg("--output")
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("values were lost"));
    for cut in [100, 1_500, 3_333, 5_000, whole.len() - 1] {
        // A kill before the first checkpoint: no state file yet.
        let _ = std::fs::remove_file(&state);
        std::fs::write(&file, &whole[..cut]).unwrap();
        run("12000", true);
        assert!(packed_values(&file) == want, "cut at byte {cut}");
    }
    // A run killed by SIGKILL, resumed.
    std::fs::remove_file(&file).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("sprague");
    let mut child = StdCommand::new(&bin)
        .args([
            "sequence", "grundy", "--to", "3000000", "--format", "packed",
        ])
        .args([
            "--packed-low",
            "4096",
            "--packed-window",
            "8192",
            "--packed-block-log",
            "12",
        ])
        .arg("--output")
        .arg(&file)
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::metadata(&file).map_or(0, |m| m.len()) < 200_000 {
        assert!(start.elapsed() < Duration::from_secs(120), "no output");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let held = packed_values_prefix(&file);
    assert!(held < 3_000_001, "the run finished before it was killed");
    sprague()
        .args(["sequence", "grundy", "--to", "400000", "--format", "packed"])
        .args([
            "--packed-low",
            "4096",
            "--packed-window",
            "8192",
            "--packed-block-log",
            "12",
        ])
        .arg("--output")
        .arg(&file)
        .arg("--resume")
        .assert()
        .success();
    assert!(packed_values(&file) == raw_values("grundy", 400_000));
}

/// A packed run without --output is kept in the checkpoint folder
/// (`SPRAGUE_CACHE_DIR/sequence`, named on stderr): killed by SIGKILL in
/// the middle and started again by the same command, it says from which
/// heap it resumes and ends with the values of an uninterrupted run; its
/// sparse-value list holds exactly the heaps whose value is rare under
/// the mask it names.
#[test]
fn packed_runs_in_the_checkpoint_folder_survive_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let to = "2000000";
    let args = [
        "sequence",
        "grundy",
        "--to",
        to,
        "--format",
        "packed",
        "--threads",
        "1",
        "--packed-low",
        "4096",
        "--packed-window",
        "8192",
        "--packed-block-log",
        "12",
    ];
    let file = dir.path().join("sequence").join("grundy.packed");
    let bin = assert_cmd::cargo::cargo_bin("sprague");
    let mut child = StdCommand::new(&bin)
        .args(args)
        .env("SPRAGUE_CACHE_DIR", dir.path())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::metadata(&file).map_or(0, |m| m.len()) < 150_000 {
        assert!(start.elapsed() < Duration::from_secs(120), "no output");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let held = packed_values_prefix(&file);
    assert!(held < 2_000_001, "the run finished before it was killed");
    let out = sprague()
        .args(args)
        .env("SPRAGUE_CACHE_DIR", dir.path())
        .assert()
        .success()
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(&format!(
            "checkpoint folder {}",
            dir.path().join("sequence").display()
        )),
        "{err}"
    );
    assert!(err.contains("resuming from heap "), "{err}");
    let want = raw_values("grundy", 2_000_000);
    assert!(packed_values(&file) == want);
    // The sparse list: `# ... mask M (range form), C heaps`, then `heap value`.
    let list = std::fs::read_to_string(dir.path().join("sequence/grundy.packed.sparse")).unwrap();
    let head = list.lines().next().unwrap();
    let mask: u64 = head
        .split("mask ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(head.contains("(range form)"), "{head}");
    let listed: Vec<(usize, u64)> = list
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (h, v) = l.split_once(' ').unwrap();
            (h.parse().unwrap(), v.parse().unwrap())
        })
        .collect();
    let rare: Vec<(usize, u64)> = want
        .iter()
        .enumerate()
        .filter(|&(_, &v)| (v & mask).count_ones().is_multiple_of(2))
        .map(|(h, &v)| (h, v))
        .collect();
    assert!(
        listed == rare,
        "{} listed, {} rare",
        listed.len(),
        rare.len()
    );
    assert!(head.ends_with(&format!("{} heaps", rare.len())), "{head}");
    // The same folder by the flag, for a check; the flag is packed's only.
    sprague()
        .args(["sequence", "grundy", "--to", "0", "--format", "packed"])
        .args(["--check-random", "3", "--checkpoint-dir"])
        .arg(dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("DIFFERS").not());
    sprague()
        .args(["sequence", "grundy", "--to", "10", "--checkpoint-dir"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--checkpoint-dir"));
}

/// The number of values in the whole blocks of a packed file (its last
/// block may be torn).
fn packed_values_prefix(path: &std::path::Path) -> u64 {
    let f = std::fs::read(path).unwrap();
    let word_len = u32::from_le_bytes(f[20..24].try_into().unwrap()) as usize;
    let mut at = 28 + word_len;
    let mut n = 0;
    while at + 20 <= f.len() {
        let count = u32::from_le_bytes(f[at + 12..at + 16].try_into().unwrap()) as usize;
        let ex = u32::from_le_bytes(f[at + 16..at + 20].try_into().unwrap()) as usize;
        let end = at + 20 + count + 6 * ex + 4;
        if end > f.len() {
            break;
        }
        n += count as u64;
        at = end;
    }
    n
}

/// Files that are not a packed run of the ruleset are refused, naming
/// what and where, and left as they were.
#[test]
fn packed_files_of_another_kind_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.pk");
    let args = ["sequence", "grundy", "--to", "5000", "--format", "packed"];
    sprague()
        .args(args)
        .args(PACKED_KNOBS)
        .arg("--output")
        .arg(&file)
        .assert()
        .success();
    let good = std::fs::read(&file).unwrap();
    let refused = |bytes: &[u8], word: &str, why: &str| {
        std::fs::write(&file, bytes).unwrap();
        sprague()
            .args(["sequence", word, "--to", "6000", "--format", "packed"])
            .args(PACKED_KNOBS)
            .arg("--output")
            .arg(&file)
            .arg("--resume")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(why));
        assert!(
            std::fs::read(&file).unwrap() == bytes,
            "{why}: file changed"
        );
    };
    refused(b"0\n0\n0\n1\n", "grundy", "is not a packed sequence file");
    refused(&good, "kayles", "holds the values of grundy, not of kayles");
    let mut flipped = good.clone();
    flipped[2_000] ^= 4;
    refused(
        &flipped,
        "grundy",
        "block 1 (heaps 1024..=2047, byte 1082) fails its checksum",
    );
    let mut header = good.clone();
    header[25] ^= 1;
    refused(&header, "grundy", "damaged header");
    // No overwrite without --resume.
    std::fs::write(&file, &good).unwrap();
    sprague()
        .args(args)
        .arg("--output")
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("add --resume"));
    // Without --output the run is resumed from the checkpoint folder, whose
    // file is checked as any other: another game's is refused.
    let cache = dir.path().join("cache");
    std::fs::create_dir_all(cache.join("sequence")).unwrap();
    std::fs::write(cache.join("sequence/octal_0.6.packed"), &good).unwrap();
    sprague()
        .args([
            "sequence",
            "octal:0.6",
            "--to",
            "5000",
            "--format",
            "packed",
        ])
        .env("SPRAGUE_CACHE_DIR", &cache)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("holds the values of grundy"));
    sprague()
        .args(["sequence", "hex:0.8", "--to", "5000", "--format", "packed"])
        .arg("--output")
        .arg(dir.path().join("x.pk"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("rare-value method"));
}

/// A packed run checkpoints while it computes its first values in memory
/// too (issue 62: a run killed before G(2^27) kept nothing and resumed
/// from heap 0): stopped after its first step there, it leaves the values
/// synced and a state file naming them, and the resumed file equals an
/// uninterrupted run's.
#[test]
fn packed_runs_checkpoint_their_first_values() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.packed");
    let knobs = [
        "--packed-low",
        "40000",
        "--packed-window",
        "20000",
        "--packed-block-log",
        "10",
    ];
    let run = |extra: &[&str]| {
        sprague()
            .args(["sequence", "grundy", "--to", "60000", "--format", "packed"])
            .args(knobs)
            .arg("--output")
            .arg(&file)
            .args(extra)
            .assert()
            .success()
            .get_output()
            .clone()
    };
    let out = run(&["--stop-after", "0"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("stopped after --stop-after 0 s"), "{err}");
    let state = std::fs::read_to_string(dir.path().join("g.packed.state")).unwrap();
    // The first step, a quarter of the 40,000 values kept in memory, less
    // the block of 1,024 it was in the middle of.
    assert!(state.contains("\"values\": 9216,"), "{state}");
    let out = run(&["--resume"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("resuming from heap 9216: ")
            && err.contains("(9216 values at the last checkpoint"),
        "{err}"
    );
    assert!(packed_values(&file) == raw_values("grundy", 60_000));
}

/// `period --limit N` just short of a proof (issue 59: octal:0.1777 at
/// 400,000,000 said "none found" with its published period below the
/// limit): the values show the period, so the search computes on to the
/// heap its proof needs, within the memory budget, and says so.
#[test]
fn period_computes_on_to_the_proof_of_a_period_the_values_show() {
    // Kayles: preperiod 71, period 12, proven from the values to 167;
    // Dawson's Kayles (0.07): 53 and 34, to 2·53 + 34 + 2 + 34 − 1 = 175.
    for (word, limit, n0, p, need) in [
        ("kayles", "150", "71", "12", "167"),
        ("dawson", "140", "53", "34", "175"),
    ] {
        let out = stdout_of(&["period", word, "--limit", limit]);
        assert!(
            out.contains(&format!("preperiod:  {n0}\nperiod:     {p}\n")),
            "{out}"
        );
        assert!(out.contains("proven:     yes"), "{out}");
        assert!(
            out.contains(&format!("computed on to heap {need}")),
            "{out}"
        );
        assert!(out.contains(&format!("checked to: heap {need}\n")), "{out}");
        let json: serde_json::Value =
            serde_json::from_str(&stdout_of(&["period", word, "--limit", limit, "--json"]))
                .unwrap();
        assert_eq!(json["proven"], true, "{json}");
        assert_eq!(json["period"].to_string(), p);
    }
    // Values that show no period are not extended.
    let out = stdout_of(&["period", "octal:0.1777", "--limit", "1000"]);
    assert!(
        out.contains("none found up to heap 1000, the --limit"),
        "{out}"
    );
    assert!(out.contains("checked to: heap 1000\n"), "{out}");
}
