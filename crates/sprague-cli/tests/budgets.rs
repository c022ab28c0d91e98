//! Issue 43 on the command line: the memory budget (`--max-memory`), resume
//! files that cannot lie (their checksum file), and exit statuses of the
//! environment (a missing directory, a full disk, a closed pipe). Each test
//! takes a few seconds at most in a debug build.

mod common;

use common::sprague;

/// Exit status, stdout and stderr of `sprague ARGS`.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = sprague().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn max_memory_stops_searches_genus_and_tables_with_exit_3_naming_it() {
    for args in [
        // A misère sum searched by the definition (the quotient tried first).
        &["analyze", "--misere", "grundy 2000", "--max-memory", "32M"][..],
        // Genus values of a game whose heaps have n² options.
        &[
            "genus",
            "octal:0.7...",
            "--to",
            "2000",
            "--max-memory",
            "24M",
        ],
        // A nim-sequence table of 9,000,001 values (18 MB, reserved at once).
        &[
            "sequence",
            "octal:0.6",
            "--to",
            "9000000",
            "--format",
            "raw",
            "--output",
            "/dev/null",
            "--max-memory",
            "16M",
        ],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 3, "{args:?}: {err}");
        assert!(err.contains("--max-memory"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_table_of_hours_is_refused_early_naming_max_table_work() {
    // octal:0.007 to heap 9,999,999 would take hours: its values pass 99
    // within the first few thousand heaps, which shows the table needs more
    // than 10^9 units of work.
    let (code, out, err) = run(&[
        "analyze",
        "octal:0.007 9999999",
        "--max-table-work",
        "1000000000",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("past the table work limit of 1000000000"),
        "{err}"
    );
    assert!(
        err.contains("raise the limit with --max-table-work N"),
        "{err}"
    );
    // Within the limit, the same game is answered.
    let (code, out, err) = run(&[
        "analyze",
        "octal:0.007 2000",
        "--max-table-work",
        "10000000",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("outcome:"), "{out}");
    // A misère search of a picture of 120 edges stops at the search's work
    // limit, each option weighed by its edges, naming --max-states.
    let edges: Vec<String> = (1..=120).map(|i| format!("{}-{i}", (i - 1) / 2)).collect();
    let picture = format!("hackenbush {}", edges.join(","));
    let (code, _, err) = run(&["analyze", "--misere", &picture, "--max-states", "20000"]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("an option counts once more for every 8"),
        "{err}"
    );
    assert!(err.contains("raise --max-states N"), "{err}");
}

#[test]
fn max_memory_reads_units_and_refuses_nonsense() {
    // Enough memory: the usual answer.
    let (code, out, err) = run(&["analyze", "nim 1 2 3", "--max-memory", "512M"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("P"), "{out}");
    for size in ["4G", "1073741824", "2gib", "1024K"] {
        let (code, _, err) = run(&["analyze", "nim 3", "--max-memory", size]);
        assert_eq!(code, 0, "{size}: {err}");
    }
    for (size, why) in [
        ("12X", "unknown unit"),
        ("lots", "expected a size"),
        ("10K", "less than 1M"),
    ] {
        let (code, _, err) = run(&["analyze", "nim 3", "--max-memory", size]);
        assert_eq!(code, 2, "{size}: {err}");
        assert!(err.contains(why), "{size}: {err}");
    }
    // Every command that computes takes it.
    for cmd in [
        "analyze", "batch", "play", "verify", "sequence", "period", "table", "count", "genus",
        "quotient", "nimber", "serve",
    ] {
        let (code, out, _) = run(&[cmd, "--help"]);
        assert_eq!(code, 0);
        assert!(out.contains("--max-memory"), "{cmd}");
    }
}

/// A raw file of octal:0.6 to heap 20,000 written by `sequence --output`,
/// in a temporary directory.
fn written(dir: &std::path::Path, format: &str) -> std::path::PathBuf {
    let path = dir.join(format!("values.{format}"));
    let (code, _, err) = run(&[
        "sequence",
        "octal:0.6",
        "--to",
        "20000",
        "--format",
        format,
        "--output",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    path
}

/// The places of `bytes` whose digit can be changed to another digit
/// without making the text something sprague would not write (no leading
/// zero): the checksum, not the reader, must find such a change.
fn digit_places(bytes: &[u8], from: usize) -> Vec<usize> {
    (from..bytes.len())
        .filter(|&i| bytes[i].is_ascii_digit())
        .filter(|&i| {
            let starts = i == 0 || !bytes[i - 1].is_ascii_digit();
            let alone = i + 1 >= bytes.len() || !bytes[i + 1].is_ascii_digit();
            // A lone digit may become any other; a first digit not 0.
            alone || !starts
        })
        .collect()
}

#[test]
fn twenty_flipped_digits_are_all_refused_naming_where() {
    let dir = tempfile::tempdir().unwrap();
    for format in ["raw", "csv", "table", "json"] {
        let path = written(dir.path(), format);
        let original = std::fs::read(&path).unwrap();
        // Past the header: the values.
        let header = match format {
            "table" => original.iter().take_while(|&&b| b != b'\n').count() + 1,
            "json" => original.iter().position(|&b| b == b'[').unwrap() + 1,
            _ => 0,
        };
        let mut places = digit_places(&original, header);
        // Values, not the heap numbers labelling the rows (a table) or
        // the lines (csv), which the reader checks itself.
        let label_end = match format {
            "table" => Some(b':'),
            "csv" => Some(b','),
            _ => None,
        };
        if let Some(end) = label_end {
            places.retain(|&i| {
                let line_start = original[..i]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |p| p + 1);
                original[line_start..i].contains(&end)
            });
        }
        let mut refused = 0;
        for k in 0..20 {
            // 20 places spread over the file, the last value included.
            let i = places[(places.len() - 1) * k / 19];
            let mut bytes = original.clone();
            bytes[i] = b'0' + (bytes[i] - b'0' + 1 + (k as u8 % 8)) % 10;
            std::fs::write(&path, &bytes).unwrap();
            let (code, _, err) = run(&[
                "sequence",
                "octal:0.6",
                "--to",
                "20000",
                "--format",
                format,
                "--output",
                path.to_str().unwrap(),
                "--resume",
            ]);
            assert_eq!(code, 2, "{format}, byte {i}: {err}");
            assert!(
                err.contains("do not match their checksum") && err.contains("heaps "),
                "{format}, byte {i}: {err}"
            );
            assert!(
                err.contains(if format == "json" { "bytes " } else { "line" }),
                "{err}"
            );
            // The file is left as it was.
            assert_eq!(std::fs::read(&path).unwrap(), bytes);
            refused += 1;
        }
        assert_eq!(refused, 20);
        std::fs::write(&path, &original).unwrap();
    }
}

#[test]
fn values_past_the_last_checksum_are_computed_again() {
    // A run killed after writing values but before their checksum line:
    // those values are not trusted, but computed again and rewritten.
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path(), "raw");
    let sums = dir.path().join("values.raw.crc");
    let text = std::fs::read_to_string(&sums).unwrap();
    // Keep the header and the first two blocks (heaps 0..=8191).
    let kept: Vec<&str> = text.lines().take(5).collect();
    std::fs::write(&sums, kept.join("\n") + "\n").unwrap();
    let mut lines: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let want = lines.clone();
    lines[10_000] = "77".into();
    lines.truncate(15_000);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let (code, _, err) = run(&[
        "sequence",
        "octal:0.6",
        "--to",
        "20000",
        "--format",
        "raw",
        "--output",
        path.to_str().unwrap(),
        "--resume",
    ]);
    assert_eq!(code, 0, "{err}");
    let got: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(got, want);
    // And the checksum file covers every value again.
    let last = std::fs::read_to_string(&sums).unwrap();
    assert!(
        last.lines().last().unwrap().starts_with("16384..=20000 "),
        "{last}"
    );
}

#[test]
fn a_file_without_checksums_is_computed_again_or_refused_with_advice() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path(), "raw");
    std::fs::remove_file(dir.path().join("values.raw.crc")).unwrap();
    let mut lines: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let good = lines.clone();
    let v: u64 = lines[12_345].parse().unwrap();
    lines[12_345] = (v + 1).to_string();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let resume = [
        "sequence",
        "octal:0.6",
        "--to",
        "25000",
        "--format",
        "raw",
        "--output",
        path.to_str().unwrap(),
        "--resume",
    ];
    let (code, _, err) = run(&resume);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("no checksum file") && err.contains("(line 12346 of the file)"),
        "{err}"
    );
    // The right values are accepted, and get their checksums.
    std::fs::write(&path, good.join("\n") + "\n").unwrap();
    let (code, _, err) = run(&resume);
    assert_eq!(code, 0, "{err}");
    assert!(dir.path().join("values.raw.crc").exists());
}

/// `--max-states 0` (issue 62): the refusal names the state limit, which
/// allows no move to be listed, not only the list of winning moves.
#[test]
fn max_states_zero_names_itself() {
    let (code, out, err) = run(&["analyze", "kayles 30 + nim 3", "--max-states", "0"]);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("--max-states 0 lets no position be stored nor any move be listed"),
        "{err}"
    );
    assert!(!err.contains("--max-moves"), "{err}");
}

/// The value alone needs no winning move (tester finding): a move of
/// `equal(n-1,n-1)` leaves 99,998 heaps, more than a listed move may, yet
/// `batch --value` and `--max-moves 0` answer the value.
#[test]
fn the_value_alone_lists_no_move() {
    let out = common::sprague()
        .args(["batch", "--value"])
        .write_stdin("rule:equal(n-1,n-1) 99999\n")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1");
    let (code, out, err) = run(&["analyze", "rule:equal(n-1,n-1) 99999", "--max-moves", "0"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:    1"), "{out}");
}
