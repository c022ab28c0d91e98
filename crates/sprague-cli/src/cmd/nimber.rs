//! `sprague nimber EXPR`: arithmetic in Conway's nim-field of 64-bit nimbers,
//! and `sprague nimber --batch` for many products in the Library Checker
//! "Nim Product" format.
//!
//! The expression language (grammar, evaluation, errors) is the library's
//! [`sprague::nimber::expr`]; this module reads the arguments, calls it,
//! prints the value, and words the errors for the command line.

use std::io::{self, Read, Write};

use anyhow::Result;
use sprague::nimber::expr::{evaluate, parse_number, ExprError, ExprErrorKind, NumberError};
use sprague::Nimber;

use super::UsageError;
use crate::exit::Exit;

/// Nimber arithmetic: nim-sum, nim-product, inverse, division, powers and
/// square roots of 64-bit nimbers
///
/// Evaluates EXPR in Conway's nim-field of order 2^64 (On Numbers and Games,
/// ch. 6), on nimbers 0 ..= 2^64 - 1, and prints the value as a decimal
/// number.
///
/// Operators, tightest binding first: `^` (the nim-power: `x ^ k` is x ⊗ x ⊗
/// ... k times, NOT XOR; the exponent is an integer and may be negative: `x ^
/// -1` is the inverse; `a ^ 2 ^ 3` is refused as ambiguous); the prefix
/// functions `inv x` and `sqrt x` (`inv 3 ^ 2` = `inv (3 ^ 2)`); `*`
/// (nim-product, also `⊗`) and `/` (division), left to right; `+` (the
/// nim-sum, which is XOR; also `⊕` and `xor`), left to right. Parentheses
/// group. Numbers are decimal or hexadecimal (`0x1f`);
/// Conway's star notation `*5` is accepted for a number.
///
/// Quote the expression (or at least every `*`) so that the shell does not
/// expand `*` to file names: `sprague nimber '5 * 7 + inv 3'`.
///
/// With `--batch`, reads the Library Checker "Nim Product" format from stdin
/// (a count T on the first line, then T lines `a b`) and prints a ⊗ b for each
/// pair on its own line. A bad pair line is reported on stderr as
/// `error: line L: ...` and skipped; the exit status is then 2.
#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The expression, as separate words or one quoted string, e.g.
    /// `'3141 * 5926'`, `'inv 16'`, `'sqrt (2 ^ 10 + 1)'`.
    #[arg(
        value_name = "EXPR",
        required_unless_present = "batch",
        conflicts_with = "batch"
    )]
    pub expr: Vec<String>,
    /// Read "T, then T lines `a b`" from stdin and print each nim-product
    /// a ⊗ b on its own line.
    #[arg(long)]
    pub batch: bool,
    /// Print one JSON object, `{"expr": ..., "value": N}`, instead of the
    /// bare value.
    #[arg(long, conflicts_with = "batch")]
    pub json: bool,
}

/// The JSON object of `nimber --json` (and of the web API's
/// `/api/nimber`).
#[derive(Debug, serde::Serialize)]
pub struct JsonNimber {
    /// The expression, as given (words joined by spaces).
    pub expr: String,
    /// Its value, a nimber 0 ..= 2^64 - 1.
    pub value: u64,
    /// Whether the expression used `^`, the nim-power (not XOR).
    pub uses_power: bool,
}

/// Evaluates the expression of `args`: what `nimber EXPR` prints.
///
/// # Errors
/// A [`UsageError`] naming the bad token and its column.
pub fn evaluate_json(args: &Args) -> Result<JsonNimber, UsageError> {
    let text = args.expr.join(" ");
    let value = evaluate(&text).map_err(|e| UsageError(with_context(&e, &text)))?;
    Ok(JsonNimber {
        uses_power: sprague::nimber::expr::uses_power(&text),
        expr: text,
        value: value.0,
    })
}

/// Runs `nimber`.
pub fn run(args: Args) -> Result<Exit> {
    if args.batch {
        let mut out = io::stdout().lock();
        let code = run_batch(io::stdin().lock(), &mut out, &mut io::stderr().lock());
        out.flush()?;
        return code;
    }
    let answer = evaluate_json(&args)?;
    if answer.uses_power {
        eprintln!(
            "note: `^` is the nim-power (x ^ k = x ⊗ x ⊗ ... k times), not XOR; \
             for the nim-sum (XOR) write `+`, `xor` or `⊕`"
        );
    }
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &answer)?;
        writeln!(out)?;
    } else {
        writeln!(out, "{}", answer.value)?;
    }
    out.flush()?;
    Ok(Exit::Success)
}

// ---------------------------------------------------------------------------
// Wording

/// Why a word is not a number, as the command line says it (numbers here are
/// also exponents and the `--batch` count).
fn number_message(e: NumberError) -> String {
    match e {
        NumberError::TooLarge => "too large: numbers here (nimbers, exponents, counts) run up to \
                                  18446744073709551615 (2^64 - 1)"
            .into(),
        other => other.to_string(),
    }
}

/// What is wrong with an expression and where, as the command line says it:
/// the library's description, with the command line's wording of numbers
/// and a hint about the shell's expansion of an unquoted `*`.
fn message(e: &ExprError) -> String {
    let what = match e.kind() {
        ExprErrorKind::Number(n) => number_message(*n),
        ExprErrorKind::UnknownWord => format!(
            "{} (if you typed `*` unquoted, the shell may have replaced it with file names: \
             quote the expression)",
            e.kind()
        ),
        kind => kind.to_string(),
    };
    match e.token() {
        None => format!("at the end (column {}): {what}", e.column()),
        Some(token) => format!("token {token:?} (column {}): {what}", e.column()),
    }
}

/// The message followed by the expression and a caret under the token.
/// Long expressions are not echoed (the message names the column).
fn with_context(e: &ExprError, text: &str) -> String {
    if text.chars().count() > 100 {
        return message(e);
    }
    let pad = " ".repeat(e.column().saturating_sub(1));
    format!("{}\n  {text}\n  {pad}^", message(e))
}

// ---------------------------------------------------------------------------
// Batch

/// Reads "T, then T lines `a b`" from `input` and writes each nim-product to
/// `out`. Blank lines are skipped. A bad pair line is reported on `err` as
/// `error: line L: ...` and skipped (exit status 2 at the end); a bad or
/// missing count, or more pairs than the count, is an error that stops the
/// run.
///
/// The input is read in blocks of 1 MiB and cut at the last newline; lines of
/// the plain form `digits SPACE digits` (with `\n` or `\r\n`) are parsed in
/// one pass over their bytes, anything else goes through [`Batch::line`],
/// which accepts hex, tabs and extra spaces and explains what is wrong.
fn run_batch(mut input: impl Read, out: &mut impl Write, err: &mut impl Write) -> Result<Exit> {
    let mut batch = Batch {
        number: 0,
        count: None,
        done: 0,
        status: Exit::Success,
        output: Vec::with_capacity(OUTPUT_BLOCK + 32),
        itoa: itoa::Buffer::new(),
    };
    let mut buf = vec![0u8; 1 << 20];
    let mut filled = 0;
    loop {
        if filled == buf.len() {
            if buf.len() >= MAX_LINE {
                // Memory stays bounded: a line this long is refused.
                out.write_all(&batch.output)?;
                return Err(UsageError(format!(
                    "line {}: longer than {MAX_LINE} bytes: not the count T or a pair `a b`",
                    batch.number + 1,
                ))
                .into());
            }
            // A line longer than the buffer: make room for the rest of it.
            buf.resize(2 * buf.len(), 0);
        }
        let n = match input.read(&mut buf[filled..]) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        let start = filled;
        filled += n;
        // Only the bytes just read are searched: those before them (the
        // start of an unfinished line) hold no line end.
        let end = if n == 0 {
            filled
        } else {
            match buf[start..filled].iter().rposition(|&b| b == b'\n') {
                Some(i) => start + i + 1,
                None => continue,
            }
        };
        let done = batch.block(&buf[..end], out, err);
        if let Err(e) = done {
            out.write_all(&batch.output)?;
            return Err(e);
        }
        buf.copy_within(end..filled, 0);
        filled -= end;
        if n == 0 {
            break;
        }
    }
    out.write_all(&batch.output)?;
    match batch.count {
        None => Err(UsageError(
            "empty input: expected the number of pairs T, then T lines `a b`".into(),
        )
        .into()),
        Some((count, count_line)) if batch.done < count => Err(UsageError(format!(
            "the input ends after {} pair{}, but the count T on line {count_line} is {count}",
            batch.done,
            if batch.done == 1 { "" } else { "s" }
        ))
        .into()),
        Some(_) => Ok(batch.status),
    }
}

/// The longest line `--batch` reads: 64 MiB (a pair needs 41 bytes, but
/// lines padded with blanks are read whatever their length up to this).
const MAX_LINE: usize = 64 << 20;

/// Output is handed to the writer in blocks of about this many bytes.
const OUTPUT_BLOCK: usize = 1 << 16;

/// The state of a `--batch` run between blocks of input.
struct Batch {
    /// The number of the last line read, from 1.
    number: usize,
    /// The count T and the line it was on, once read.
    count: Option<(u64, usize)>,
    /// Pair lines read so far.
    done: u64,
    status: Exit,
    output: Vec<u8>,
    itoa: itoa::Buffer,
}

impl Batch {
    /// Handles a block of whole lines (the last may lack its newline at the
    /// end of the input).
    fn block(&mut self, block: &[u8], out: &mut impl Write, err: &mut impl Write) -> Result<()> {
        let mut pos = 0;
        while pos < block.len() {
            self.number += 1;
            if let Some((count, _)) = self.count {
                if self.done < count {
                    if let Some((a, b, next)) = plain_pair(block, pos) {
                        self.done += 1;
                        self.write_product(a, b, out)?;
                        pos = next;
                        continue;
                    }
                }
            }
            let end = block[pos..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(block.len(), |i| pos + i);
            self.line(&block[pos..end], out, err)?;
            pos = end + 1;
        }
        Ok(())
    }

    fn write_product(&mut self, a: u64, b: u64, out: &mut impl Write) -> io::Result<()> {
        let product = (Nimber(a) * Nimber(b)).0;
        self.output
            .extend_from_slice(self.itoa.format(product).as_bytes());
        self.output.push(b'\n');
        if self.output.len() >= OUTPUT_BLOCK {
            out.write_all(&self.output)?;
            self.output.clear();
        }
        Ok(())
    }

    /// Any line, in any form: the count, a pair, a blank line, or a mistake.
    fn line(&mut self, line: &[u8], out: &mut impl Write, err: &mut impl Write) -> Result<()> {
        let number = self.number;
        let mut words = line
            .split(|b| b.is_ascii_whitespace())
            .filter(|w| !w.is_empty());
        let Some(first) = words.next() else {
            return Ok(()); // blank line
        };
        let Some((count, count_line)) = self.count else {
            let count = parse_number(first).map_err(|e| {
                UsageError(format!(
                    "line {number}: the first line must be the number of pairs T: {:?}: {}",
                    String::from_utf8_lossy(first),
                    number_message(e)
                ))
            })?;
            if let Some(extra) = words.next() {
                return Err(UsageError(format!(
                    "line {number}: the first line must hold only the number of pairs T, \
                     found also {:?}",
                    String::from_utf8_lossy(extra)
                ))
                .into());
            }
            self.count = Some((count, number));
            return Ok(());
        };
        if self.done == count {
            return Err(UsageError(format!(
                "line {number}: more pairs than the count T = {count} on line {count_line}"
            ))
            .into());
        }
        self.done += 1;
        let second = words.next();
        let third = words.next();
        let pair = match (second, third) {
            (Some(second), None) => parse_number(first)
                .map_err(|e| {
                    format!(
                        "word 1 {:?}: {}",
                        String::from_utf8_lossy(first),
                        number_message(e)
                    )
                })
                .and_then(|a| {
                    parse_number(second).map(|b| (a, b)).map_err(|e| {
                        format!(
                            "word 2 {:?}: {}",
                            String::from_utf8_lossy(second),
                            number_message(e)
                        )
                    })
                }),
            _ => {
                let n = 1 + second.is_some() as usize + third.is_some() as usize + words.count();
                Err(format!(
                    "expected two numbers `a b`, found {n} word{}",
                    if n == 1 { "" } else { "s" }
                ))
            }
        };
        match pair {
            Ok((a, b)) => self.write_product(a, b, out)?,
            Err(message) => {
                self.status = Exit::BadInput;
                out.write_all(&self.output)?;
                self.output.clear();
                out.flush()?;
                writeln!(err, "error: line {number}: {message}")?;
            }
        }
        Ok(())
    }
}

/// A line `a b` of decimal numbers below 2^64 separated by one space and
/// ended by `\n`, `\r\n` or the end of `block`, starting at `pos`: the two
/// numbers and where the next line starts. `None` for anything else (which
/// [`Batch::line`] then reads or explains).
#[inline]
fn plain_pair(block: &[u8], pos: usize) -> Option<(u64, u64, usize)> {
    let (a, p) = decimal(block, pos)?;
    if block.get(p) != Some(&b' ') {
        return None;
    }
    let (b, mut p) = decimal(block, p + 1)?;
    if block.get(p) == Some(&b'\r') {
        p += 1;
    }
    match block.get(p) {
        None => Some((a, b, p)),
        Some(b'\n') => Some((a, b, p + 1)),
        Some(_) => None,
    }
}

/// The decimal number of 1 to 20 digits at `pos` if it is below 2^64, and
/// the position after it.
#[inline]
fn decimal(block: &[u8], pos: usize) -> Option<(u64, usize)> {
    let mut v = 0u64;
    let mut p = pos;
    // Up to 19 digits cannot overflow.
    while p < block.len() && p - pos < 19 {
        let d = block[p].wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        v = v * 10 + d as u64;
        p += 1;
    }
    if p == pos {
        return None;
    }
    if let Some(d) = block
        .get(p)
        .map(|c| c.wrapping_sub(b'0'))
        .filter(|&d| d <= 9)
    {
        v = v.checked_mul(10)?.checked_add(d as u64)?;
        p += 1;
        if block.get(p).is_some_and(u8::is_ascii_digit) {
            return None;
        }
    }
    Some((v, p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cli_message(text: &str) -> String {
        message(&evaluate(text).unwrap_err())
    }

    #[test]
    fn messages_are_the_librarys_with_the_command_lines_hints() {
        assert_eq!(
            cli_message("inv 0"),
            "token \"inv\" (column 1): the operand of `inv` is 0, which has no inverse"
        );
        assert_eq!(
            cli_message("1 + 18446744073709551616"),
            "token \"18446744073709551616\" (column 5): too large: numbers here \
             (nimbers, exponents, counts) run up to 18446744073709551615 (2^64 - 1)"
        );
        assert_eq!(
            cli_message("1 + -2"),
            "token \"-\" (column 5): nimbers have no minus: each is its own negative, so \
             subtraction is the nim-sum `+`; a minus sign may only start an exponent (`x ^ -1`)"
        );
        assert_eq!(
            cli_message("3 * Cargo.toml"),
            "token \"Cargo.toml\" (column 5): unknown word: expected a number, `inv`, \
             `sqrt` or `xor` (if you typed `*` unquoted, the shell may have replaced it with file \
             names: quote the expression)"
        );
        assert_eq!(
            cli_message("3 +"),
            "at the end (column 4): the expression ends too early: expected a number, `(`, \
             `inv` or `sqrt`"
        );
        assert_eq!(
            number_message(NumberError::NotANumber),
            "not a number: expected a whole number from 0 to 18446744073709551615, in decimal \
             or as hex 0x.."
        );
        assert_eq!(
            number_message(NumberError::Negative),
            "nimbers are not negative: they run from 0 to 18446744073709551615"
        );
    }

    #[test]
    fn caret_points_at_the_token() {
        let e = evaluate("1 + inv 0").unwrap_err();
        assert_eq!(
            with_context(&e, "1 + inv 0"),
            "token \"inv\" (column 5): the operand of `inv` is 0, which has no inverse\n  1 + inv 0\n      ^"
        );
        let long = format!("{}x", "1 + ".repeat(30));
        let e = evaluate(&long).unwrap_err();
        assert_eq!(with_context(&e, &long), message(&e));
    }

    fn batch(input: &str) -> (String, String, Result<Exit, String>) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = run_batch(input.as_bytes(), &mut out, &mut err).map_err(|e| e.to_string());
        (
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
            code,
        )
    }

    #[test]
    fn batch_format() {
        let (out, err, code) =
            batch("3\n5 7\n3141 5926\r\n18446744073709551615 18446744073709551615");
        assert_eq!(
            out,
            format!(
                "{}\n14994\n11290409524105353207\n",
                (Nimber(5) * Nimber(7)).0
            )
        );
        assert_eq!(err, "");
        assert_eq!(code, Ok(Exit::Success));
        let (out, _, code) = batch("\n0\n\n");
        assert_eq!(out, "");
        assert_eq!(code, Ok(Exit::Success));
    }

    /// A reader that hands out at most `step` bytes per call.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    #[test]
    fn batch_lines_in_every_form() {
        let input = "6\n\
                     18446744073709551615 18446744073709551615\n\
                     00000000000000000000003 3\r\n\
                     \t0x10  0X8 \n\
                     \n\
                     1 2\r\n\
                     9999999999999999999 1\n\
                     10000000000000000000 1";
        let (out, err, code) = batch(input);
        assert_eq!(
            out,
            "11290409524105353207\n2\n128\n2\n9999999999999999999\n10000000000000000000\n"
        );
        assert_eq!((err.as_str(), code), ("", Ok(Exit::Success)));
        for step in [1, 2, 7, 1 << 20] {
            let (mut out2, mut err2) = (Vec::new(), Vec::new());
            let reader = Trickle {
                data: input.as_bytes(),
                step,
            };
            run_batch(reader, &mut out2, &mut err2).unwrap();
            assert_eq!(String::from_utf8(out2).unwrap(), out, "step {step}");
        }
    }

    #[test]
    fn batch_line_longer_than_the_buffer() {
        let input = format!("1\n{}5 7\n", " ".repeat(3 << 20));
        let (out, err, code) = batch(&input);
        assert_eq!(out, format!("{}\n", (Nimber(5) * Nimber(7)).0));
        assert_eq!((err.as_str(), code), ("", Ok(Exit::Success)));
    }

    #[test]
    fn plain_pairs() {
        assert_eq!(plain_pair(b"1 2", 0), Some((1, 2, 3)));
        assert_eq!(plain_pair(b"1 2\nx", 0), Some((1, 2, 4)));
        assert_eq!(plain_pair(b"x\n1 2\r\n", 2), Some((1, 2, 7)));
        assert_eq!(
            plain_pair(b"18446744073709551615 0", 0),
            Some((u64::MAX, 0, 22))
        );
        assert_eq!(plain_pair(b"18446744073709551616 0", 0), None);
        assert_eq!(plain_pair(b"184467440737095516150 0", 0), None);
        assert_eq!(plain_pair(b"1  2", 0), None);
        assert_eq!(plain_pair(b"1 2 ", 0), None);
        assert_eq!(plain_pair(b"1 0x2", 0), None);
        assert_eq!(plain_pair(b" 1 2", 0), None);
        assert_eq!(plain_pair(b"1 ", 0), None);
    }

    #[test]
    fn batch_errors_name_the_line() {
        let (_, err, _) = batch("1\n1 99999999999999999999\n");
        assert!(
            err.contains("line 2: word 2 \"99999999999999999999\": too large"),
            "{err}"
        );
        let (out, err, code) = batch("3\n1 2\n1 x\n2 2\n");
        assert_eq!(out, "2\n3\n");
        assert!(
            err.starts_with("error: line 3: word 2 \"x\": not a number"),
            "{err}"
        );
        assert_eq!(code, Ok(Exit::BadInput));

        let (_, err, _) = batch("2\n1 2 3\n4\n");
        assert!(
            err.contains("line 2: expected two numbers `a b`, found 3 words"),
            "{err}"
        );
        assert!(
            err.contains("line 3: expected two numbers `a b`, found 1 word"),
            "{err}"
        );

        let (_, err, _) = batch("1\n18446744073709551616 1\n");
        assert!(
            err.contains("line 2: word 1 \"18446744073709551616\": too large"),
            "{err}"
        );

        let (out, _, code) = batch("1\n2 2\n3 3\n");
        assert_eq!(out, "3\n");
        assert_eq!(
            code.unwrap_err(),
            "line 3: more pairs than the count T = 1 on line 1"
        );

        let (_, _, code) = batch("3\n2 2\n");
        assert_eq!(
            code.unwrap_err(),
            "the input ends after 1 pair, but the count T on line 1 is 3"
        );

        let (_, _, code) = batch("x\n");
        assert!(code
            .unwrap_err()
            .starts_with("line 1: the first line must be the number of pairs T"));
        let (_, _, code) = batch("1 2\n");
        assert!(code.unwrap_err().contains("found also \"2\""));
        let (_, _, code) = batch("");
        assert!(code.unwrap_err().starts_with("empty input"));
    }
}
