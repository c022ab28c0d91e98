//! Reading what an earlier `sequence --output FILE` run left, to resume it:
//! the values a line (or a JSON number) at a time, and where the file is to
//! be cut.

use std::io::{BufRead, Read};

use anyhow::Result;
use sprague::sequence::Table;

use super::{json_prefix, Emitter, Format};
use crate::cmd::UsageError;

/// What a file left by an earlier run holds.
#[derive(Debug, PartialEq, Eq)]
pub struct Resumed {
    /// The complete values, G(0) first, 2 bytes each while they fit.
    pub values: Table,
    /// How many bytes of the file to keep (the rest is a torn value or the
    /// json closing, rewritten later).
    pub keep: u64,
    /// Whether the kept bytes include the header.
    pub has_header: bool,
}

/// Reads what `bytes` (a file written by `sequence --format F --to N`)
/// holds for ruleset `word`: the reader of `--resume` on bytes in memory. `to`
/// matters only to a table, whose layout depends on it.
///
/// # Errors
/// A [`UsageError`] when the file is not such a file (another ruleset, a
/// line that is not a value, heaps out of order, a table to another N).
pub fn parse_existing(
    bytes: &[u8],
    format: Format,
    word: &str,
    to: u64,
) -> Result<Resumed, UsageError> {
    let emitter = Emitter::new(format, word, to, false);
    read_existing(bytes, &emitter).map_err(|e| match e.downcast::<UsageError>() {
        Ok(usage) => usage,
        Err(e) => UsageError(format!("cannot resume: {e:#}")),
    })
}

/// Reads what a file written by `emitter` (its format, ruleset and, for a
/// table, `--to`) holds, from `file`, a line or a number at a time: the
/// values are kept 2 bytes each while they fit (a file of 2^30 values
/// needs 2 GiB, not the file's size). Anything after the last complete
/// value (for a table, the last complete row) is to be cut.
///
/// # Errors
/// A [`UsageError`] when the file is not such a file (another ruleset, a
/// line that is not a value, heaps out of order, a value above
/// 4294967295, a table row other than sprague writes it); the reading
/// error otherwise.
pub(super) fn read_existing(mut file: impl BufRead, emitter: &Emitter) -> Result<Resumed> {
    let (format, word) = (emitter.format, emitter.word.as_str());
    let bad = |why: String| anyhow::Error::from(UsageError(format!("cannot resume: {why}")));
    let empty = Resumed {
        values: Table::default(),
        keep: 0,
        has_header: false,
    };
    let number = |text: &[u8], what: &dyn Fn() -> String| -> Result<u64> {
        std::str::from_utf8(text)
            .ok()
            // As sprague writes numbers: digits, no leading zero.
            .filter(|t| {
                !t.is_empty()
                    && t.bytes().all(|b| b.is_ascii_digit())
                    && (t.len() == 1 || !t.starts_with('0'))
            })
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| bad(format!("{} is not a Grundy value", what())))
    };
    let push = |values: &mut Table, v: u64, what: &dyn Fn() -> String| -> Result<()> {
        values.push(v).map_err(|v| {
            bad(format!(
                "{} holds the value {v}, above 4294967295, which no table holds",
                what()
            ))
        })
    };
    // A line sprague writes is at most "4294967295,4294967295\n" (22
    // bytes): one longer is refused after this many bytes, unread.
    const LONGEST: u64 = 64;
    let shown = |text: &[u8]| {
        let cut = &text[..text.len().min(40)];
        let more = if text.len() > cut.len() { "..." } else { "" };
        format!("{:?}{more}", String::from_utf8_lossy(cut))
    };
    match format {
        Format::Packed => {
            // Packed files are read by `packed/file.rs`, never here.
            Err(bad("a packed file is not read as text".into()))
        }
        Format::Table => {
            let header = emitter.header();
            let mut start = Vec::new();
            (&mut file)
                .take(header.len() as u64)
                .read_to_end(&mut start)?;
            if start.len() < header.len() && header.as_bytes().starts_with(&start) {
                return Ok(empty);
            }
            if start != header.as_bytes() {
                // Say what the file's first line is, when it is a table's.
                let first_end = start.iter().position(|&b| b == b'\n');
                if first_end.is_none() {
                    (&mut file).take(256).read_until(b'\n', &mut start)?;
                }
                let theirs = start.split(|&b| b == b'\n').next().unwrap_or_default();
                if start.len() > theirs.len() && theirs.ends_with(b"\r") {
                    return Err(bad(format!("line 1: {CRLF}")));
                }
                let ours = header.lines().next().unwrap_or_default();
                let holds = std::str::from_utf8(theirs)
                    .ok()
                    .and_then(|t| t.split_once(" (row r:"))
                    .and_then(|(t, _)| t.split_once(": Grundy values G(n) for n = 0..="))
                    .map(|(word, to)| format!("; it holds the table of {word} to {to}"))
                    .unwrap_or_default();
                return Err(bad(format!(
                    "the file does not start with the table header \"{ours}\"{holds} (a table \
                     is continued only with the ruleset spelled the same and the same --to; a \
                     file written with --format raw, csv or json is continued with that \
                     --format)"
                )));
            }
            // The longest row: a label and 10 values of at most 20 digits.
            const ROW_LONGEST: u64 = 256;
            let mut values = Table::default();
            let mut pos = header.len() as u64;
            let mut line = Vec::new();
            let mut row = Vec::new();
            let mut got = Vec::new();
            let mut line_no = header.lines().count() + 1;
            loop {
                line.clear();
                (&mut file).take(ROW_LONGEST).read_until(b'\n', &mut line)?;
                let what = || format!("line {line_no} ({})", shown(&line));
                if !line.ends_with(b"\n") {
                    if line.len() as u64 == ROW_LONGEST {
                        return Err(bad(format!(
                            "{} is longer than any row sprague writes",
                            what()
                        )));
                    }
                    // A row cut off is written again from its first heap.
                    if !line
                        .iter()
                        .all(|&b| b.is_ascii_digit() || b == b' ' || b == b':')
                    {
                        return Err(bad(format!(
                            "{} is not a row cut off by an interrupted run",
                            what()
                        )));
                    }
                    break;
                }
                if line.ends_with(b"\r\n") {
                    return Err(bad(format!("line {line_no}: {CRLF}")));
                }
                // The row's values, then the row as sprague writes them:
                // it must be the line (label, widths, 10 values a row but
                // the last).
                let n = values.len() as u64;
                let text = &line[..line.len() - 1];
                let Some(colon) = text.iter().position(|&b| b == b':') else {
                    return Err(bad(format!("{} is not a row of the table", what())));
                };
                row.clear();
                got.clear();
                for word in text[colon + 1..]
                    .split(|&b| b == b' ')
                    .filter(|w| !w.is_empty())
                {
                    got.push(number(word, &what)?);
                }
                for (i, &v) in got.iter().enumerate() {
                    emitter.value(&mut row, n + i as u64, v);
                }
                if row != line {
                    return Err(bad(format!(
                        "{} is not the row of heap {n} as sprague writes it",
                        what()
                    )));
                }
                for &v in &got {
                    push(&mut values, v, &what)?;
                }
                pos += line.len() as u64;
                line_no += 1;
            }
            Ok(Resumed {
                values,
                keep: pos,
                has_header: true,
            })
        }
        Format::Raw | Format::Csv => {
            let csv = format == Format::Csv;
            let mut line = Vec::new();
            let mut pos = 0u64;
            let mut line_no = 1;
            if csv {
                let header: &[u8] = b"n,g\n";
                file.read_until(b'\n', &mut line)?;
                if line.len() < header.len() && header.starts_with(&line) {
                    return Ok(empty);
                }
                if line == b"n,g\r\n" {
                    return Err(bad(format!("line 1: {CRLF}")));
                }
                if line != header {
                    return Err(bad("the file does not start with the csv header n,g".into()));
                }
                pos = header.len() as u64;
                line_no += 1;
            }
            let mut values = Table::default();
            loop {
                line.clear();
                (&mut file).take(LONGEST).read_until(b'\n', &mut line)?;
                let Some(text) = line.strip_suffix(b"\n") else {
                    if line.len() as u64 == LONGEST {
                        return Err(bad(format!(
                            "line {line_no} ({}) is longer than any line sprague writes",
                            shown(&line)
                        )));
                    }
                    break;
                };
                if text.ends_with(b"\r") {
                    return Err(bad(format!("line {line_no}: {CRLF}")));
                }
                let n = values.len() as u64;
                let what = || format!("line {line_no} ({})", shown(text));
                let v = if csv {
                    let Some(comma) = text.iter().position(|&b| b == b',') else {
                        return Err(bad(format!("{} is not an n,g line", what())));
                    };
                    if number(&text[..comma], &what)? != n {
                        return Err(bad(format!("{} should be for heap {n}", what())));
                    }
                    number(&text[comma + 1..], &what)?
                } else {
                    number(text, &what)?
                };
                push(&mut values, v, &what)?;
                pos += line.len() as u64;
                line_no += 1;
            }
            // An unfinished last line is dropped and written again, but only
            // when it can be the start of a line sprague writes.
            let rest = &line[..];
            // At most 10 digits a number (4294967295).
            let digits = |t: &[u8]| t.len() <= 10 && t.iter().all(u8::is_ascii_digit);
            let cut_off = if csv {
                match rest.iter().position(|&b| b == b',') {
                    Some(comma) => digits(&rest[..comma]) && digits(&rest[comma + 1..]),
                    None => digits(rest),
                }
            } else {
                digits(rest)
            };
            if rest.ends_with(b"\r") {
                return Err(bad(format!("line {line_no}: {CRLF}")));
            }
            if !cut_off {
                return Err(bad(format!(
                    "line {line_no} ({}) is not a value cut off by an interrupted run",
                    shown(rest)
                )));
            }
            Ok(Resumed {
                values,
                keep: pos,
                has_header: true,
            })
        }
        Format::Json => {
            let prefix = json_prefix(word);
            let prefix = prefix.as_bytes();
            let mut start = Vec::new();
            (&mut file)
                .take(prefix.len() as u64)
                .read_to_end(&mut start)?;
            if start.len() < prefix.len() && prefix.starts_with(&start) {
                return Ok(empty);
            }
            if start != prefix {
                // Say which game the file is of, when it is a json sequence.
                (&mut file).take(1 << 20).read_to_end(&mut start)?;
                let other = serde_json::from_slice::<serde_json::Value>(&start)
                    .ok()
                    .and_then(|v| v.get("ruleset").and_then(|r| r.as_str()).map(String::from));
                return Err(bad(match other {
                    Some(other) => format!("the file holds the sequence of {other}, not {word}"),
                    None => format!("the file does not start like a json sequence of {word}"),
                }));
            }
            let mut values = Table::default();
            let mut pos = prefix.len() as u64;
            let mut keep = pos;
            let mut digits = Vec::new();
            loop {
                // The digits at `pos`, and the byte after them.
                digits.clear();
                let next = loop {
                    let buf = file.fill_buf()?;
                    let Some(&b) = buf.first() else { break None };
                    file.consume(1);
                    if !b.is_ascii_digit() {
                        break Some(b);
                    }
                    // No Grundy value has this many digits: stop reading.
                    if digits.len() > 20 {
                        break Some(b);
                    }
                    digits.push(b);
                };
                let end = pos + digits.len() as u64;
                // A number is complete only when something follows it.
                let Some(next) = next else { break };
                let what = || format!("the text at byte {pos}");
                if digits.is_empty() {
                    if next == b']' && values.is_empty() {
                        break;
                    }
                    return Err(bad(format!("{} is not a Grundy value", what())));
                }
                push(&mut values, number(&digits, &what)?, &what)?;
                keep = end;
                match next {
                    b',' => pos = end + 1,
                    b']' => {
                        check_json_tail(&mut file, end + 1).map_err(bad)?;
                        break;
                    }
                    _ => return Err(bad(format!("{} is not a Grundy value", what()))),
                }
            }
            Ok(Resumed {
                values,
                keep,
                has_header: true,
            })
        }
    }
}

/// Why a file with `\r\n` line endings is refused.
const CRLF: &str = "the file has Windows line endings (\\r\\n), which sprague does not \
                    write; convert them to \\n (dos2unix FILE) and resume again";

/// After the values of a json sequence (`]` read, the rest starting at
/// byte `at`): the rest must be the tail sprague writes
/// (`,"preperiod":N,"period":P}`, N and P numbers or `null`, then blank
/// space)
/// or the start of it (a run interrupted while writing it), nothing else:
/// resuming cuts the file after the last value, and would lose what
/// follows.
fn check_json_tail(file: &mut impl BufRead, at: u64) -> Result<(), String> {
    // The tail is short; a longer one is not sprague's.
    const LONGEST: u64 = 128;
    let mut tail = Vec::new();
    file.take(LONGEST + 1)
        .read_to_end(&mut tail)
        .map_err(|e| format!("cannot read the end of the file: {e}"))?;
    if tail.len() as u64 <= LONGEST && is_json_tail(&tail) {
        Ok(())
    } else {
        Err(format!(
            "the text after the values, from byte {at} ({:?}), is not the end of a json \
             sequence sprague writes (,\"preperiod\":...,\"period\":...}}) nor the start of \
             one; remove what sprague did not write and resume again",
            String::from_utf8_lossy(&tail[..tail.len().min(40)])
        ))
    }
}

/// Whether `t` is the tail of a json sequence after its `]`, or the start
/// of one.
fn is_json_tail(t: &[u8]) -> bool {
    enum Piece {
        Text(&'static [u8]),
        Number,
    }
    let pieces = [
        Piece::Text(b",\"preperiod\":"),
        Piece::Number,
        Piece::Text(b",\"period\":"),
        Piece::Number,
        Piece::Text(b"}"),
    ];
    let mut rest = t;
    for piece in pieces {
        match piece {
            Piece::Text(text) => {
                if rest.len() <= text.len() {
                    return text.starts_with(rest);
                }
                let Some(after) = rest.strip_prefix(text) else {
                    return false;
                };
                rest = after;
            }
            Piece::Number => {
                if rest.len() < 4 && b"null".starts_with(rest) {
                    return true;
                }
                if let Some(after) = rest.strip_prefix(b"null") {
                    rest = after;
                    continue;
                }
                let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
                if digits == 0 {
                    return false;
                }
                rest = &rest[digits..];
            }
        }
    }
    // The newline sprague writes, or any blank space an editor left.
    rest.iter().all(u8::is_ascii_whitespace)
}

impl Resumed {
    /// Nothing to resume: no values, nothing kept.
    pub fn none() -> Resumed {
        Resumed {
            values: Table::default(),
            keep: 0,
            has_header: false,
        }
    }
}
