//! `sprague batch`: one position per line from stdin.

use std::io::{self, BufRead, BufWriter, Write};

use anyhow::Result;
use sprague::{Analysis, Analyzer, Outcome, Play, Position, PositionParser};

use super::report::write_json;
use super::{moves_to_list, LibError, LimitArgs, MaxMoves};
use crate::exit::{exit_for, Exit};

/// Analyse many positions, one per line from stdin (blank lines are skipped;
/// `#` starts a comment, on a line of its own or after a position).
///
/// Every position line gives exactly one output line, so input and output
/// line up (`paste input.txt output.txt`). Plain output: `P`, or `N`, a tab
/// and the position after one winning move. With `--json`: one analyze
/// object per line; with `--value`: the Grundy value alone. With
/// `--ruleset R`, a line of bare heap sizes (`3 4 5`) is a position of R,
/// and so is any line not starting with a ruleset word when R's arguments
/// are words (`grid:3x3@1` of `geography`). A bad line gives `error`, a tab and the message in its
/// place (JSON: `{"line":L,"error":"..."}`), and the message goes to stderr
/// as `error: line L: ...` too.
///
/// Exit status: 0 when every line was answered; 2 when a line was bad; 3
/// when the only failures were resource limits (the message names the flag
/// that raises it).
///
/// Example: `sprague batch < examples/positions.txt`,
/// `sprague batch --ruleset kayles --value < heaps.txt`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Print one JSON analyze object per line.
    #[arg(long, conflicts_with = "value")]
    pub json: bool,
    /// Print only each position's Grundy value (normal play), one a line:
    /// the answer contest checkers compare.
    #[arg(long, conflicts_with = "misere")]
    pub value: bool,
    /// The ruleset of lines of bare heap sizes (`3 4 5` is read as
    /// `R 3 4 5`), and of lines not starting with a ruleset word when R's
    /// arguments are words (a graph, a row of coins); lines that name
    /// their rulesets are read as usual.
    #[arg(long, value_name = "R")]
    pub ruleset: Option<String>,
    /// With --json, list at most N winning moves per position, or `all`
    /// (default: 1, the move plain output gives; `all` lists at most
    /// 10,000 for moore:K with K >= 2 and take-and-break games). Moves past
    /// N are neither listed nor counted; `truncated` says whether more
    /// exist.
    #[arg(long, value_name = "N|all")]
    pub max_moves: Option<MaxMoves>,
    /// Print each position (as sprague writes it) and a tab before its
    /// answer; a bad line is echoed as it was typed. JSON objects carry the
    /// position already.
    #[arg(long)]
    pub echo: bool,
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
    // Output shows the moves listed and nothing more: moves past the
    // maximum are not counted (counting all winning moves of a huge heap
    // would cost what listing them does).
    // `--value` asks for the value; `--json` reports it where it is cheap
    // (a value no theorem needs is searched within a small budget, as by
    // `analyze`); the plain view does not show it.
    let analyzer = Analyzer::new(args.limits.limits()).with_total_count(false);
    let analyzer = match (args.value, args.json) {
        (true, _) => analyzer.with_value(true),
        (false, true) => analyzer,
        (false, false) => analyzer.with_value(false),
    };
    let bare_ruleset = match &args.ruleset {
        Some(word) => Some(bare_ruleset(word)?),
        None => None,
    };
    let one = Some(1);
    let mut parser = PositionParser::new();
    let mut line = Vec::new();
    let mut number = 0usize;
    let mut worst = Exit::Success;
    while let Some(fits) = super::read_line_bounded(&mut input, &mut line, super::MAX_LINE)? {
        number += 1;
        let json = args.json;
        let echo = args.echo;
        // A bad line: its error line in place of an answer, and the message
        // on stderr.
        let mut fail = |text: &str, e: &dyn std::fmt::Display, code: Exit| -> io::Result<()> {
            // Bad input outranks a limit in the final exit status.
            if worst != Exit::BadInput {
                worst = code;
            }
            let message = e.to_string();
            if json {
                let line = LineError {
                    line: number,
                    error: &message,
                };
                serde_json::to_writer(&mut *out, &line).map_err(io::Error::other)?;
                out.write_all(b"\n")?;
            } else {
                if echo {
                    write!(out, "{text}\t")?;
                }
                writeln!(out, "error\t{}", message.replace(['\n', '\t'], " "))?;
            }
            // Keep stdout and stderr in order; one write per message.
            out.flush()?;
            err.write_all(format!("error: line {number}: {message}\n").as_bytes())
        };
        if !fits {
            let message = format!(
                "the line is longer than {} bytes, the most batch reads",
                super::MAX_LINE
            );
            fail("(too long)", &message, Exit::BadInput)?;
            continue;
        }
        // A byte-order mark at the start of the input is not part of it.
        let bytes = if number == 1 {
            line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&line)
        } else {
            &line
        };
        let Ok(text) = std::str::from_utf8(bytes) else {
            let shown = String::from_utf8_lossy(bytes);
            fail(shown.trim(), &"the line is not valid UTF-8", Exit::BadInput)?;
            continue;
        };
        // A `#` standing alone as a word starts a comment, on a line of its
        // own or after a position; a `#` in a word is part of it (a
        // filled cell of a board).
        let text = sprague::comment::strip(text).trim();
        if text.is_empty() {
            continue;
        }
        // A line of bare numbers, with --ruleset R: `R` before them; for
        // a ruleset whose arguments are words (a graph, a row of coins),
        // any line that does not start with a ruleset word.
        let prefixed;
        let read_as = match &bare_ruleset {
            Some((word, named))
                if text.starts_with(|c: char| c.is_ascii_digit())
                    || (*named && !starts_with_ruleset(text)) =>
            {
                prefixed = format!("{word} {text}");
                Some(prefixed.as_str())
            }
            _ => None,
        };
        let text = read_as.unwrap_or(text);
        let max_moves = |position: &Position| {
            if json {
                moves_to_list(position, args.max_moves, 1)
            } else if args.value {
                Some(0)
            } else {
                one
            }
        };
        let (position, analysis) =
            match analyze_line(&mut parser, &analyzer, text, play, max_moves, true) {
                Ok(answer) => answer,
                Err(LineFailure {
                    mut error, exit, ..
                }) => {
                    if sprague::comment::looks_like_comment(text) {
                        error.push_str(
                            " (a comment starts with a `#` standing alone: `# like this`)",
                        );
                    }
                    // Words and columns count in the line as read.
                    match read_as {
                        Some(read) => fail(text, &format!("{error} (read as `{read}`)"), exit)?,
                        None => fail(text, &error, exit)?,
                    }
                    continue;
                }
            };
        if args.json {
            write_json(out, &position, &analysis)?;
        } else if args.value {
            // The value was asked for: a limit that stopped its search is
            // this line's answer (exit 3), not the outcome in its place.
            if let (None, None, Some(e)) = (analysis.value, &analysis.loopy, &analysis.value_limit)
            {
                fail(text, &LibError(e.clone()), crate::exit::exit_for(e))?;
                continue;
            }
            if args.echo {
                write!(out, "{position}\t")?;
            }
            match (analysis.value, &analysis.loopy) {
                (Some(v), _) => writeln!(out, "{v}")?,
                // An infinite generalized value, in Smith's notation.
                (None, Some(loopy)) => writeln!(out, "{}", loopy.value)?,
                // A theorem decided the outcome without the value.
                (None, None) => writeln!(out, "{}", analysis.outcome)?,
            }
        } else {
            if args.echo {
                write!(out, "{position}\t")?;
            }
            match (analysis.outcome, analysis.winning_moves.first()) {
                (Outcome::N, Some(mv)) => {
                    let after = position.play(mv).map_err(LibError)?;
                    writeln!(out, "N\t{after}")?;
                }
                (Outcome::N, None) => out.write_all(b"N\n")?,
                (Outcome::P, _) => out.write_all(b"P\n")?,
                // A draw, and one move that keeps it.
                (Outcome::D, _) => match analysis
                    .loopy
                    .as_ref()
                    .and_then(|l| l.drawing_moves.first())
                {
                    Some(mv) => {
                        let after = position.play(mv).map_err(LibError)?;
                        writeln!(out, "D\t{after}")?;
                    }
                    None => out.write_all(b"D\n")?,
                },
            }
        }
    }
    Ok(worst)
}

/// Whether the line's first word names a ruleset (so `--ruleset` is not
/// put before it).
fn starts_with_ruleset(text: &str) -> bool {
    text.split_whitespace()
        .next()
        .is_some_and(|first| first.parse::<sprague::Ruleset>().is_ok())
}

/// The ruleset word of `--ruleset`, checked (a graph file is refused: its
/// lines name it), and whether its arguments are words rather than
/// numbers.
fn bare_ruleset(word: &str) -> Result<(String, bool)> {
    if word.contains(char::is_whitespace) || word.contains('+') {
        return Err(super::UsageError(format!(
            "--ruleset {word:?}: expected one ruleset word (`sprague rulesets` lists them)"
        ))
        .into());
    }
    let ruleset = word
        .parse::<sprague::Ruleset>()
        .map_err(|e| super::UsageError(format!("--ruleset {word}: {e}")))?;
    Ok((word.to_string(), ruleset.has_named_arguments()))
}

/// The JSON object `batch --json` gives a bad line in place of its
/// analysis (and the web API's `/api/batch`, in place of that position's).
#[derive(Debug, serde::Serialize)]
pub struct LineError<'a> {
    /// The line's number, from 1.
    pub line: usize,
    /// What was wrong with it.
    pub error: &'a str,
}

/// Why one line of a batch has no answer: the message, and the exit status
/// it counts as.
#[derive(Debug)]
pub struct LineFailure {
    /// The message (for `error: line L: ...` and the JSON `error`).
    pub error: String,
    /// Bad input or a limit.
    pub exit: Exit,
    /// The memory budget (in bytes) the line passed, when that is what
    /// stopped it.
    pub memory_limit: Option<u64>,
}

/// Analyses one position `text` of a batch, as `batch` does each line:
/// `max_moves` says how many winning moves to list for the parsed
/// position. `parser` keeps the graphs already read; with `files` false a
/// `digraph:FILE` word is refused instead of read (the web server reads no
/// files).
///
/// # Errors
/// The message and exit status for a line that does not parse or passes a
/// limit.
pub fn analyze_line(
    parser: &mut PositionParser,
    analyzer: &Analyzer,
    text: &str,
    play: Play,
    max_moves: impl Fn(&Position) -> Option<usize>,
    files: bool,
) -> Result<(Position, Analysis), LineFailure> {
    let graphs = if files {
        super::define_graph_files(parser, text)
    } else {
        super::refuse_graph_files(text).map_err(anyhow::Error::from)
    };
    if let Err(e) = graphs {
        return Err(LineFailure {
            error: e.to_string(),
            exit: crate::exit::classify(&e),
            memory_limit: None,
        });
    }
    let position = parser.parse(text).map_err(|e| LineFailure {
        error: e.to_string(),
        exit: Exit::BadInput,
        memory_limit: None,
    })?;
    match analyzer.analyze(&position, play, max_moves(&position)) {
        Ok(analysis) => Ok((position, analysis)),
        Err(e) => Err(LineFailure {
            exit: exit_for(&e),
            memory_limit: match e {
                sprague::Error::MemoryLimit { limit } => Some(limit),
                _ => None,
            },
            error: LibError(e).to_string(),
        }),
    }
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
            value: false,
            ruleset: None,
            max_moves: None,
            echo: false,
            limits: LimitArgs {
                max_states: Limits::default().max_states,
                max_table: Limits::default().max_table,
                max_period_search: Limits::default().max_period_search,
                max_table_work: Limits::default().max_table_work,
                max_quotient_states: Limits::default().max_quotient_states,
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
    fn goes_on_past_bad_lines_with_an_error_line_in_their_place() {
        let (out, err, code) = run_text("nim 3 4 5\nnim 3 x\n\n# comment\nnim 1 2 3\n", false);
        assert_eq!(
            out,
            "N\tnim 1 4 5\nerror\tword 3 \"x\" (column 7): expected a heap size (a whole number \
             from 0 to 18446744073709551615) or '+'\nP\n"
        );
        assert!(err.starts_with("error: line 2: word 3 \"x\""), "{err}");
        assert_eq!(code, Exit::BadInput);
        let (out, _, _) = run_text("nim 3 x\nnim 1\n", true);
        let first = out.lines().next().unwrap();
        assert!(
            first.starts_with("{\"line\":1,\"error\":\"word 3 \\\"x\\\""),
            "{first}"
        );
        assert_eq!(out.lines().count(), 2);
    }

    #[test]
    fn echo_puts_the_position_before_its_answer() {
        let args = Args {
            misere: false,
            json: false,
            value: false,
            ruleset: None,
            max_moves: None,
            echo: true,
            limits: LimitArgs {
                max_states: Limits::default().max_states,
                max_table: Limits::default().max_table,
                max_period_search: Limits::default().max_period_search,
                max_table_work: Limits::default().max_table_work,
                max_quotient_states: Limits::default().max_quotient_states,
            },
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let input = "nim  3 4 5\nNim 1\nnim 1 2 3 # a comment\n";
        run_on(&args, input.as_bytes(), &mut out, &mut err).unwrap();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "nim 3 4 5\tN\tnim 1 4 5");
        assert!(lines[1].starts_with("Nim 1\terror\t"), "{}", lines[1]);
        assert_eq!(lines[2], "nim 1 2 3\tP");
        assert_eq!(lines.len(), 3);
    }

    #[test]
    fn crlf_and_missing_final_newline() {
        let (out, err, code) = run_text("nim 1 1\r\nnim 2 5 4", false);
        assert_eq!(out, "P\nN\tnim 1 5 4\n");
        assert!(err.is_empty());
        assert_eq!(code, Exit::Success);
    }
}
