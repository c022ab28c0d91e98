//! Treblecross strips and rows of pieces through the real binary: all the
//! empty strips of 3 to 2,000 squares in one `batch` (each the heap n + 2
//! of octal 0.007), `play` taking moves on the board, and bad input
//! refused by name with exit status 2, never a panic.

mod common;
use common::sprague;

fn batch(input: &str, flags: &[&str]) -> (i32, String, String) {
    let out = sprague()
        .arg("batch")
        .args(flags)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn every_empty_strip_of_3_to_2000_squares_in_one_batch() {
    let strips: String = (3..=2000)
        .map(|n| format!("treblecross {}\n", ".".repeat(n)))
        .collect();
    let heaps: String = (3..=2000u64)
        .map(|n| format!("octal:0.007 {}\n", n + 2))
        .collect();
    let (code, by_strip, err) = batch(&strips, &["--value"]);
    assert_eq!(code, 0, "{err}");
    let (code, by_heap, err) = batch(&heaps, &["--value"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(by_strip.lines().count(), 1998);
    assert_eq!(by_strip, by_heap);
    // Plain output: P, or N and the board after a winning move.
    let (code, plain, err) = batch(&strips, &[]);
    assert_eq!(code, 0, "{err}");
    for (line, value) in plain.lines().zip(by_strip.lines()) {
        assert_eq!(line.starts_with('P'), value == "0", "{line}");
    }
}

#[test]
fn bad_boards_exit_2_naming_what_is_wrong() {
    for (position, says) in [
        ("treblecross ..O..", "`O` (character 3)"),
        ("treblecross ..XXX", "three X in a row"),
        (
            "treblecross 18446744073709551615",
            "at most 18446744073709551613 squares",
        ),
        ("treblecross 18446744073709551616", "past 2^64 - 1"),
        ("treblecross 9:4,2", "comes after square 4"),
        ("pieces 3 7 7", "a second piece on square 7"),
        ("pieces 7 3", "square 3 comes after square 7"),
        ("pieces 0 4", "square 0"),
        ("pieces 5 18446744073709551616", "past the last square"),
        ("pieces 5 q", "`q` is not a square"),
        ("treblecross ..XX. + nim 1", "no Grundy value"),
    ] {
        let out = sprague().args(["analyze", position]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{position}: {err}");
        assert!(err.contains(says), "{position}: {err}");
        assert!(!err.contains("panicked"), "{position}: {err}");
    }
    // The last square of all works exactly.
    let out = sprague()
        .args(["analyze", "pieces 1 18446744073709551615", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["value"], u64::MAX - 2);
    assert_eq!(json["winning_moves"][0]["after"], "pieces 1 2");
}

#[test]
fn play_takes_moves_on_the_board() {
    let out = sprague()
        .args([
            "play",
            "--seed",
            "1",
            "--first",
            "human",
            "treblecross ......",
        ])
        .write_stdin("3\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("you: put X on square 3 (...... -> ..X...)"),
        "{text}"
    );
    // The 6-square strip is a P-position: the computer wins from it.
    assert!(text.contains("computer: put X on square"), "{text}");
}

/// `hint` and `why` in `play` explain a move on both boards (they gave an
/// internal error: the explanation valued each strip alone, as if the
/// strips were games of their own).
#[test]
fn hints_and_explanations_on_the_boards() {
    for (position, hint) in [
        ("treblecross .........", "put X on square"),
        ("pieces 2 7 8 12", "move the piece on 7 to 6"),
    ] {
        let out = common::sprague()
            .args(["play", position, "--seed", "1"])
            .write_stdin("hint\nquit\n")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(!text.contains("internal error"), "{position}: {text}");
        assert!(
            text.contains(hint) && text.contains("why:"),
            "{position}: {text}"
        );
    }
}
