//! `sprague batch`: one position per line from stdin.

use std::io::{self, BufRead, BufWriter, Write};

use anyhow::Result;
use sprague::{Analyzer, Outcome, Play, PositionParser};

use super::report::write_json;
use super::{default_max_moves, LibError, LimitArgs};
use crate::exit::{exit_for, Exit};

/// Analyse many positions, one per line from stdin (blank lines are skipped;
/// `#` starts a comment, on a line of its own or after a position).
///
/// Plain output: one line per position, `P`, or `N`, a tab and the position
/// after one winning move. With `--json`: one analyze object per line. A bad
/// line is reported on stderr as `error: line L: ...` and skipped; the exit
/// status is 2 at the end if any line was bad (3 if the only failures were
/// resource limits).
///
/// Example: `sprague batch < examples/positions.txt`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Print one JSON analyze object per line.
    #[arg(long)]
    pub json: bool,
    /// With --json, list at most N winning moves per position (default: all;
    /// at most 10,000 for moore:K with K >= 2 and take-and-break games).
    #[arg(long, value_name = "N")]
    pub max_moves: Option<usize>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Runs `batch` over stdin.
pub fn run(args: Args) -> Result<Exit> {
    let stdin = io::stdin().lock();
    let stdout = io::stdout().lock();
    let mut out = BufWriter::with_capacity(1 << 16, stdout);
    let code = run_on(&args, stdin, &mut out, &mut io::stderr().lock())?;
    out.flush()?;
    Ok(code)
}

/// Runs `batch` from `input` to `out`, reporting bad lines to `err`.
fn run_on(
    args: &Args,
    mut input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<Exit> {
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    // Plain output shows one winning move: do not count the others.
    let analyzer = Analyzer::new(args.limits.limits())
        .with_total_count(args.json)
        .with_value(args.json);
    let one = Some(1);
    let mut parser = PositionParser::new();
    let mut line = Vec::new();
    let mut number = 0usize;
    let mut worst = Exit::Success;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        number += 1;
        let mut fail = |e: &dyn std::fmt::Display, code: Exit| -> io::Result<()> {
            // Bad input outranks a limit in the final exit status.
            if worst != Exit::BadInput {
                worst = code;
            }
            // Keep stdout and stderr in order; one write per message.
            out.flush()?;
            err.write_all(format!("error: line {number}: {e}\n").as_bytes())
        };
        // A byte-order mark at the start of the input is not part of it.
        let bytes = if number == 1 {
            line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&line)
        } else {
            &line
        };
        let Ok(text) = std::str::from_utf8(bytes) else {
            fail(&"the line is not valid UTF-8", Exit::BadInput)?;
            continue;
        };
        // A `#` starts a comment, on a line of its own or after a position.
        let text = text
            .split_once('#')
            .map_or(text, |(before, _)| before)
            .trim();
        if text.is_empty() {
            continue;
        }
        let position = match parser.parse(text) {
            Ok(p) => p,
            Err(e) => {
                fail(&e, Exit::BadInput)?;
                continue;
            }
        };
        let max_moves = if args.json {
            default_max_moves(&position, args.max_moves)
        } else {
            one
        };
        let analysis = match analyzer.analyze(&position, play, max_moves) {
            Ok(a) => a,
            Err(e) => {
                let code = exit_for(&e);
                fail(&LibError(e), code)?;
                continue;
            }
        };
        if args.json {
            write_json(out, &position, &analysis)?;
        } else {
            match (analysis.outcome, analysis.winning_moves.first()) {
                (Outcome::N, Some(mv)) => {
                    let after = position.play(mv).map_err(LibError)?;
                    writeln!(out, "N\t{after}")?;
                }
                (Outcome::N, None) => out.write_all(b"N\n")?,
                (Outcome::P, _) => out.write_all(b"P\n")?,
            }
        }
    }
    Ok(worst)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::LimitArgs;
    use sprague::Limits;

    fn run_text(input: &str, json: bool) -> (String, String, Exit) {
        let args = Args {
            misere: false,
            json,
            max_moves: None,
            limits: LimitArgs {
                max_states: Limits::default().max_states,
                max_table: Limits::default().max_table,
            },
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = run_on(&args, input.as_bytes(), &mut out, &mut err).unwrap();
        (
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
            code,
        )
    }

    #[test]
    fn goes_on_past_bad_lines() {
        let (out, err, code) = run_text("nim 3 4 5\nnim 3 x\n\n# comment\nnim 1 2 3\n", false);
        assert_eq!(out, "N\tnim 1 4 5\nP\n");
        assert!(err.starts_with("error: line 2: word 3 \"x\""), "{err}");
        assert_eq!(code, Exit::BadInput);
    }

    #[test]
    fn crlf_and_missing_final_newline() {
        let (out, err, code) = run_text("nim 1 1\r\nnim 2 5 4", false);
        assert_eq!(out, "P\nN\tnim 1 5 4\n");
        assert!(err.is_empty());
        assert_eq!(code, Exit::Success);
    }
}
