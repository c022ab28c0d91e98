//! README's examples, run as written: every ```text block of README.md
//! whose lines start with `$ ` holds commands (run by `sh -c` in the
//! repository root, with the `sprague` under test first on PATH) each
//! followed by its output, compared literally (stdout and stderr together,
//! in order). In the expected output a line `...` stands for any number of
//! lines, and `...` inside a line for any text.

use std::path::Path;
use std::process::Command;

/// One example: the command line and the output shown under it.
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
}

fn examples(readme: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_text = false;
    for (i, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            in_text = !in_text && line == "```text";
            continue;
        }
        if !in_text {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            out.push(Example {
                line: i + 1,
                command: command.to_string(),
                expected: Vec::new(),
            });
        } else if let Some(last) = out.last_mut() {
            last.expected.push(line.to_string());
        }
    }
    out
}

/// Whether `got` matches the pattern `want`, where `...` stands for any
/// text.
fn line_matches(want: &str, got: &str) -> bool {
    let pieces: Vec<&str> = want.split("...").collect();
    if pieces.len() == 1 {
        return want == got;
    }
    let (first, last) = (pieces[0], pieces[pieces.len() - 1]);
    if !got.starts_with(first) || got.len() < first.len() + last.len() || !got.ends_with(last) {
        return false;
    }
    let mut rest = &got[first.len()..got.len() - last.len()];
    for piece in &pieces[1..pieces.len() - 1] {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    true
}

/// Whether the lines `got` match the lines `want` (a line `...` stands for
/// any number of lines).
fn lines_match(want: &[String], got: &[&str]) -> bool {
    match want.split_first() {
        None => got.is_empty(),
        Some((w, rest)) if w == "..." => {
            (0..=got.len()).any(|skip| lines_match(rest, &got[skip..]))
        }
        Some((w, rest)) => {
            !got.is_empty() && line_matches(w, got[0]) && lines_match(rest, &got[1..])
        }
    }
}

#[test]
fn every_readme_example_prints_what_it_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let examples = examples(&readme);
    assert!(
        examples.len() >= 8,
        "only {} examples found",
        examples.len()
    );
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_sprague")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    for e in &examples {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("exec 2>&1; {}", e.command))
            .current_dir(&root)
            .env("PATH", &path)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let got: Vec<&str> = text.lines().collect();
        if !lines_match(&e.expected, &got) {
            let shown: String = text.chars().take(3000).collect();
            failures.push(format!(
                "README.md line {}: $ {}\n--- shown:\n{}\n--- printed (first 3,000 characters):\n{}",
                e.line,
                e.command,
                e.expected.join("\n"),
                shown
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_pattern_matcher_means_what_it_says() {
    assert!(line_matches("a ... z", "a b c z"));
    assert!(!line_matches("a ... z", "a b c"));
    assert!(line_matches("{\"x\":1, ...}", "{\"x\":1, \"y\":2}"));
    let want: Vec<String> = ["a", "...", "z"].map(String::from).to_vec();
    assert!(lines_match(&want, &["a", "b", "c", "z"]));
    assert!(lines_match(&want, &["a", "z"]));
    assert!(!lines_match(&want, &["a", "b"]));
}
