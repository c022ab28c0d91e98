//! The examples of README.md and of the user guide (docs/src/**/*.md), run
//! as written: every ```text block whose lines start with `$ ` holds commands (run by `sh -c` in the
//! repository root, with the `sprague` under test first on PATH) each
//! followed by its output, compared literally (stdout and stderr together,
//! in order). In the expected output a line `...` stands for any number of
//! lines, and `...` inside a line for any text. Blocks marked otherwise
//! (```sh, ```console) are shown, not run: commands that take long or need
//! a server.
//!
//! Also: every relative link of those files leads to a file that exists,
//! and a link with `#anchor` to a heading of that file.

use std::path::{Path, PathBuf};
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

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// README.md, then every Markdown file of the guide (docs/src), by path.
fn documents() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "md") {
                out.push(p);
            }
        }
    }
    let root = root();
    let mut out = vec![root.join("README.md")];
    walk(&root.join("docs/src"), &mut out);
    out
}

/// A path relative to the repository's root, for messages.
fn shown(path: &Path) -> String {
    let root = root().canonicalize().unwrap();
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    path.strip_prefix(&root)
        .unwrap_or(&path)
        .display()
        .to_string()
}

#[test]
fn every_example_prints_what_it_shows() {
    let root = root();
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_sprague")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    let mut counts = Vec::new();
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        let examples = examples(&text);
        counts.push((shown(&file), examples.len()));
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
                let printed: String = text.chars().take(3000).collect();
                failures.push(format!(
                    "{} line {}: $ {}\n--- shown:\n{}\n--- printed (first 3,000 characters):\n{}",
                    shown(&file),
                    e.line,
                    e.command,
                    e.expected.join("\n"),
                    printed
                ));
            }
        }
    }
    let in_readme = counts[0].1;
    let in_guide: usize = counts[1..].iter().map(|(_, n)| n).sum();
    assert!(
        in_readme >= 5 && in_guide >= 30,
        "too few examples found (README {in_readme}, guide {in_guide}): {counts:?}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The anchor a Markdown heading gets (mdBook's rule, which GitHub's
/// matches for these headings): lower case, spaces to `-`, other
/// punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            out.push(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

/// The targets of the inline links `[text](target)` of a Markdown file,
/// outside code blocks and code spans, with their line numbers.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_code = false;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        // Code spans are dropped first: `](` inside one is not a link.
        let mut plain = String::new();
        for (k, piece) in line.split('`').enumerate() {
            if k % 2 == 0 {
                plain.push_str(piece);
            }
        }
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            out.push((i + 1, after[..end].to_string()));
            rest = &after[end..];
        }
    }
    out
}

#[test]
fn every_relative_link_leads_somewhere() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (path, fragment) = match target.split_once('#') {
                Some((p, f)) => (p, Some(f)),
                None => (target.as_str(), None),
            };
            let linked = if path.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(path)
            };
            let problem = if !linked.exists() {
                Some("no such file".to_string())
            } else if let Some(fragment) = fragment {
                let linked_text = std::fs::read_to_string(&linked).unwrap_or_default();
                (!anchors(&linked_text).iter().any(|a| a == fragment))
                    .then(|| format!("no heading with anchor #{fragment}"))
            } else {
                None
            };
            if let Some(problem) = problem {
                broken.push(format!(
                    "{} line {line}: ({target}): {problem}",
                    shown(&file)
                ));
            }
        }
    }
    assert!(checked >= 20, "only {checked} relative links found");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
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

#[test]
fn links_and_anchors_are_read_as_markdown_means_them() {
    assert_eq!(
        anchor(" Misère play: genus and quotients"),
        "misère-play-genus-and-quotients"
    );
    assert_eq!(anchor(" `sequence --stats`"), "sequence---stats");
    let text = "see [a](b.md#c) and `[x](y)`\n```sh\n[p](q)\n```\n[d](e.md)";
    assert_eq!(
        links(text),
        [(1, "b.md#c".to_string()), (5, "e.md".to_string())]
    );
}
