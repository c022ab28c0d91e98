//! The nimber expression language: arithmetic in Conway's nim-field of
//! 64-bit nimbers (Conway, *On Numbers and Games*, ch. 6), written as text
//! such as `5 * 7 + inv 3`.
//!
//! The grammar, tightest binding first:
//!
//! ```text
//! atom   := NUMBER | '*' NUMBER | '(' expr ')'
//! power  := atom [ '^' ['-'|'+'] NUMBER ]      integer exponent; no chains
//! unary  := { 'inv' | 'sqrt' } power            inv 3 ^ 2 = inv (3 ^ 2)
//! term   := unary { ('*' | '/') unary }         left to right
//! expr   := term { '+' term }                   left to right
//! ```
//!
//! `+` (also `⊕` and the word `xor`) is the nim-sum, `*` (also `⊗`) the
//! nim-product, `/` the
//! nim-quotient, `^` a power with an integer exponent (`x ^ -1` is the
//! inverse; unlike the Rust operator on [`Nimber`], `^` here is not the
//! nim-sum), `inv` the inverse and `sqrt` the square root. A `NUMBER` is
//! decimal or hexadecimal (`0x1f`), from 0 to 2^64 - 1 (see
//! [`parse_number`]); Conway's star notation `*5` (no space after the star)
//! is accepted for a number. There is no minus: every nimber is its own
//! negative.
//!
//! Evaluation happens while parsing, so `inv 0` and division by zero are
//! reported at their own token. Parentheses nest at most [`MAX_DEPTH`] deep.

mod lex;
mod parse;

use std::fmt;

pub use lex::{parse_number, NumberError};

use crate::nimber::Nimber;

/// Whether `text` uses `^`, the nim-power, which readers of C, Rust or
/// Python take for XOR (the nim-sum): a caller may say which it is.
///
/// ```
/// use sprague::nimber::expr::{evaluate, uses_power};
/// assert!(uses_power("2 ^ 10 + 1"));
/// assert_eq!(evaluate("2 ^ 10 + 1")?.0, 3); // 2 ⊗ 2 ⊗ ... (ten times), then ⊕ 1
/// assert_eq!(evaluate("2 xor 10")?.0, 8);
/// # Ok::<(), sprague::nimber::expr::ExprError>(())
/// ```
pub fn uses_power(text: &str) -> bool {
    text.contains('^')
}

/// The deepest nesting of parentheses [`evaluate`] accepts (a bound on its
/// recursion); deeper is [`ExprErrorKind::TooDeep`].
pub const MAX_DEPTH: usize = 200;

/// Tokens longer than this many characters are shortened in errors.
const MAX_QUOTED: usize = 40;

/// Evaluates a nimber expression in the nim-field of order 2^64 (Conway,
/// *On Numbers and Games*, ch. 6; see the [module docs](self) for the
/// grammar).
///
/// `text` is any string: tokens may be separated by any whitespace or
/// written together (`3*5`), except that the star of `*5` must touch its
/// number.
///
/// # Errors
///
/// An [`ExprError`] naming the first token at fault and its column: a word
/// that is not a number, `inv` or `sqrt`; a number of 2^64 or more; a
/// misplaced or missing operator, operand or parenthesis; a chained `^`;
/// parentheses nested more than [`MAX_DEPTH`] deep; and the expressions
/// with no value, `inv 0`, division by 0 and a negative power of 0.
///
/// ```
/// use sprague::nimber::expr::{evaluate, ExprErrorKind};
/// use sprague::Nimber;
///
/// // *2 ⊗ *3 = *2 ⊗ *2 ⊕ *2 = *3 ⊕ *2 = *1
/// assert_eq!(evaluate("2 * 3"), Ok(Nimber(1)));
/// assert_eq!(evaluate("1 + 3 * 3"), Ok(Nimber(3)));
/// assert_eq!(evaluate("inv 16"), Ok(Nimber(170)));
/// assert_eq!(evaluate("sqrt 3"), Ok(Nimber(2)));
/// assert_eq!(evaluate("14994 / 5926"), Ok(Nimber(3141)));
///
/// let err = evaluate("5 / (3 + 3)").unwrap_err();
/// assert_eq!(err.kind(), &ExprErrorKind::DivisionByZero);
/// assert_eq!((err.token(), err.column()), (Some("/"), 3));
/// ```
pub fn evaluate(text: &str) -> Result<Nimber, ExprError> {
    let tokens = lex::tokenize(text)?;
    parse::evaluate(&tokens)
}

/// A malformed expression, or one with no value (`inv 0`, `x / 0`): what
/// was wrong ([`kind`](ExprError::kind)) and at which token
/// ([`token`](ExprError::token), [`column`](ExprError::column)).
///
/// ```
/// let err = sprague::nimber::expr::evaluate("1 + inv 0").unwrap_err();
/// assert_eq!(err.token(), Some("inv"));
/// assert_eq!(err.column(), 5);
/// assert_eq!(
///     err.to_string(),
///     "token \"inv\" (column 5): the operand of `inv` is 0, which has no inverse"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprError {
    kind: ExprErrorKind,
    /// The offending token as written, shortened (empty at the end of the
    /// text).
    token: String,
    /// Its column, in characters from 1.
    column: usize,
}

/// What kind of mistake an [`ExprError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExprErrorKind {
    /// A word starting with a digit that is not a number below 2^64.
    Number(NumberError),
    /// A word that is not a number, `inv` or `sqrt`.
    UnknownWord,
    /// A character that is no operator, digit, letter or parenthesis.
    UnexpectedCharacter,
    /// The text holds no token at all.
    Empty,
    /// A `)` with no `(` before it.
    UnmatchedClose,
    /// A minus sign anywhere but at the start of an exponent: nimbers have
    /// no subtraction (each is its own negative).
    Minus,
    /// A complete expression followed by something that is not an operator.
    ExpectedOperator,
    /// An operand expected: a number, `(`, `inv` or `sqrt`.
    ExpectedOperand,
    /// The text ends where an operand was expected.
    EndsEarly,
    /// A `^` not followed by an integer exponent (with an optional sign).
    ExpectedExponent,
    /// A second `^` after a power (`a ^ 2 ^ 3`), refused as ambiguous.
    ChainedPower,
    /// A `(` never closed; the error points where the `)` was expected.
    Unclosed {
        /// The column of the `(`.
        open_column: usize,
    },
    /// Parentheses nested more than [`MAX_DEPTH`] deep.
    TooDeep,
    /// A division by 0 (the error points at the `/`).
    DivisionByZero,
    /// `inv` of 0.
    InverseOfZero,
    /// A negative power of 0 (the error points at the `^`).
    NegativePowerOfZero,
}

impl ExprError {
    /// An error of `kind` about the token `text` at `column`.
    fn new(kind: ExprErrorKind, text: &str, column: usize) -> ExprError {
        let token = match text.char_indices().nth(MAX_QUOTED) {
            Some((at, _)) => format!("{}…", &text[..at]),
            None => text.to_string(),
        };
        ExprError {
            kind,
            token,
            column,
        }
    }

    /// An error of `kind` about `token`.
    fn at(token: &lex::Token, kind: ExprErrorKind) -> ExprError {
        ExprError::new(kind, &token.text, token.column)
    }

    /// What was wrong.
    pub fn kind(&self) -> &ExprErrorKind {
        &self.kind
    }

    /// The offending token as written (shortened to 40 characters with an
    /// ellipsis), or `None` when the fault is at the end of the text.
    pub fn token(&self) -> Option<&str> {
        (!self.token.is_empty()).then_some(self.token.as_str())
    }

    /// The column of the offending token, in characters from 1 (one past the
    /// last character when the fault is at the end of the text).
    pub fn column(&self) -> usize {
        self.column
    }
}

/// What the operand rules expect.
const OPERAND: &str = "expected a number, `(`, `inv` or `sqrt`";

impl fmt::Display for ExprErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExprErrorKind::Number(e) => write!(f, "{e}"),
            ExprErrorKind::UnknownWord => {
                f.write_str("unknown word: expected a number, `inv`, `sqrt` or `xor`")
            }
            ExprErrorKind::UnexpectedCharacter => f.write_str(
                "unexpected character: expected a number, an operator (+ * / ^), `inv`, `sqrt` \
                 or parentheses",
            ),
            ExprErrorKind::Empty => {
                f.write_str("empty expression: expected e.g. `5 * 7` or `inv 3`")
            }
            ExprErrorKind::UnmatchedClose => f.write_str("unmatched `)`"),
            ExprErrorKind::Minus => f.write_str(
                "nimbers have no minus: each is its own negative, so subtraction is the \
                 nim-sum `+`; a minus sign may only start an exponent (`x ^ -1`)",
            ),
            ExprErrorKind::ExpectedOperator => {
                f.write_str("expected an operator (+ * / ^) or the end of the expression")
            }
            ExprErrorKind::ExpectedOperand => f.write_str(OPERAND),
            ExprErrorKind::EndsEarly => write!(f, "the expression ends too early: {OPERAND}"),
            ExprErrorKind::ExpectedExponent => {
                f.write_str("expected an integer exponent after `^`, e.g. `x ^ 3` or `x ^ -1`")
            }
            ExprErrorKind::ChainedPower => {
                f.write_str("chained `^` is ambiguous: use parentheses, e.g. `(x ^ 2) ^ 3`")
            }
            ExprErrorKind::Unclosed { open_column } => {
                write!(f, "expected `)` to close the `(` at column {open_column}")
            }
            ExprErrorKind::TooDeep => {
                write!(f, "parentheses nested more than {MAX_DEPTH} deep")
            }
            ExprErrorKind::DivisionByZero => {
                f.write_str("division by 0 (the divisor is 0, which has no inverse)")
            }
            ExprErrorKind::InverseOfZero => {
                f.write_str("the operand of `inv` is 0, which has no inverse")
            }
            ExprErrorKind::NegativePowerOfZero => {
                f.write_str("a negative power of 0: zero has no inverse")
            }
        }
    }
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.token() {
            None => write!(f, "at the end (column {}): {}", self.column, self.kind),
            Some(token) => write!(f, "token {token:?} (column {}): {}", self.column, self.kind),
        }
    }
}

impl std::error::Error for ExprError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str) -> Result<u64, String> {
        evaluate(text).map(|n| n.0).map_err(|e| e.to_string())
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_number(b"0"), Ok(0));
        assert_eq!(parse_number(b"18446744073709551615"), Ok(u64::MAX));
        assert_eq!(parse_number(b"0018446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            parse_number(b"18446744073709551616"),
            Err(NumberError::TooLarge)
        );
        assert_eq!(
            parse_number(b"99999999999999999999999"),
            Err(NumberError::TooLarge)
        );
        assert_eq!(parse_number(b"0xffffffffffffffff"), Ok(u64::MAX));
        assert_eq!(
            parse_number(b"0x1_0000000000000000"),
            Err(NumberError::NotANumber)
        );
        assert_eq!(
            parse_number(b"0x10000000000000000"),
            Err(NumberError::TooLarge)
        );
        assert_eq!(parse_number(b"0x"), Err(NumberError::NotANumber));
        assert_eq!(parse_number(b"12a"), Err(NumberError::NotANumber));
        assert_eq!(parse_number(b"-3"), Err(NumberError::Negative));
        assert_eq!(parse_number(b""), Err(NumberError::NotANumber));
    }

    #[test]
    fn operators_and_precedence() {
        assert_eq!(eval("5 * 7"), Ok((Nimber(5) * Nimber(7)).0));
        assert_eq!(eval("3141*5926"), Ok(14994));
        assert_eq!(eval("1 + 3 * 3"), Ok(3)); // 1 ⊕ (3 ⊗ 3) = 1 ⊕ 2
        assert_eq!(eval("(1 + 3) * 3"), Ok(1)); // 2 ⊗ 3
        assert_eq!(eval("16 ^ 2"), Ok(24));
        assert_eq!(eval("2 ^ 3"), Ok(1));
        assert_eq!(eval("2 * 2 ^ 2"), Ok((Nimber(2) * Nimber(3)).0));
        assert_eq!(eval("inv 16"), Ok(170));
        assert_eq!(eval("inv 3 ^ 2"), eval("inv (3 ^ 2)"));
        assert_eq!(eval("inv 3 * 3"), Ok(1));
        assert_eq!(eval("inv inv 7"), Ok(7));
        assert_eq!(eval("sqrt 3"), Ok(2));
        assert_eq!(eval("sqrt(24) + 0"), Ok(16));
        assert_eq!(eval("14994 / 5926"), Ok(3141));
        assert_eq!(eval("8 / 2 / 2"), eval("(8 / 2) / 2"));
        assert_eq!(eval("7 ^ -1"), eval("inv 7"));
        assert_eq!(eval("7 ^ -3"), eval("inv (7 ^ 3)"));
        assert_eq!(eval("7 ^ +3"), eval("7 * 7 * 7"));
        assert_eq!(eval("0 ^ 0"), Ok(1));
        assert_eq!(eval("*3 * *5"), Ok(15));
        assert_eq!(eval("3 ⊗ 5 ⊕ 1"), Ok(14));
        assert_eq!(eval("0x10 * 0X8"), Ok(128));
        assert_eq!(
            eval("18446744073709551615 * 18446744073709551615"),
            Ok(11290409524105353207)
        );
        assert_eq!(eval("((((1))))"), Ok(1));
    }

    #[test]
    fn errors_name_the_token_and_column() {
        assert_eq!(
            eval("inv 0").unwrap_err(),
            "token \"inv\" (column 1): the operand of `inv` is 0, which has no inverse"
        );
        assert_eq!(
            eval("5 / (3 + 3)").unwrap_err(),
            "token \"/\" (column 3): division by 0 (the divisor is 0, which has no inverse)"
        );
        assert_eq!(
            eval("0 ^ -2").unwrap_err(),
            "token \"^\" (column 3): a negative power of 0: zero has no inverse"
        );
        let e = eval("1 + 18446744073709551616").unwrap_err();
        assert!(
            e.starts_with("token \"18446744073709551616\" (column 5): too large"),
            "{e}"
        );
        assert_eq!(
            evaluate("1 + -2").unwrap_err().kind(),
            &ExprErrorKind::Minus
        );
        assert_eq!(
            evaluate("1 + 2x").unwrap_err().kind(),
            &ExprErrorKind::Number(NumberError::NotANumber)
        );
        let e = eval("3 * x").unwrap_err();
        assert!(e.starts_with("token \"x\" (column 5): unknown word"), "{e}");
        let e = evaluate("3 * Cargo.toml").unwrap_err();
        assert_eq!(e.kind(), &ExprErrorKind::UnknownWord);
        assert_eq!(e.token(), Some("Cargo.toml"));
        assert_eq!(
            eval("3 +").unwrap_err(),
            "at the end (column 4): the expression ends too early: expected a number, `(`, `inv` or `sqrt`"
        );
        assert_eq!(evaluate("3 +").unwrap_err().token(), None);
        assert!(eval("(3 + 4")
            .unwrap_err()
            .starts_with("at the end (column 7): expected `)` to close the `(` at column 1"));
        assert_eq!(
            eval("3 + 4)").unwrap_err(),
            "token \")\" (column 6): unmatched `)`"
        );
        assert!(eval("3 4")
            .unwrap_err()
            .starts_with("token \"4\" (column 3): expected an operator"));
        assert!(eval("2 ^ 3 ^ 2")
            .unwrap_err()
            .starts_with("token \"^\" (column 7): chained `^`"));
        assert!(eval("2 ^ (3)")
            .unwrap_err()
            .starts_with("token \"(\" (column 5): expected an integer exponent"));
        assert!(eval("3 - 1")
            .unwrap_err()
            .starts_with("token \"-\" (column 3): nimbers have no minus"));
        assert!(eval("3 % 1")
            .unwrap_err()
            .starts_with("token \"%\" (column 3): unexpected character"));
        assert!(eval("* 3")
            .unwrap_err()
            .starts_with("token \"*\" (column 1): expected a number"));
        assert!(eval("")
            .unwrap_err()
            .starts_with("at the end (column 1): empty expression"));
        assert!(eval("  ")
            .unwrap_err()
            .starts_with("at the end (column 3): empty expression"));
        // Columns count characters, not bytes.
        assert!(eval("3 ⊗ ⊗")
            .unwrap_err()
            .starts_with("token \"⊗\" (column 5)"));
        let deep = format!("{}1{}", "(".repeat(1000), ")".repeat(1000));
        assert!(eval(&deep)
            .unwrap_err()
            .contains("nested more than 200 deep"));
        let deep_inv = format!("{}7", "inv ".repeat(100_000));
        assert_eq!(eval(&deep_inv), Ok(7));
    }

    #[test]
    fn long_tokens_are_shortened() {
        let word = format!("x{}", "y".repeat(60));
        let e = evaluate(&format!("1 + {word}")).unwrap_err();
        assert_eq!(e.token(), Some(format!("x{}…", "y".repeat(39)).as_str()));
        assert_eq!(e.column(), 5);
    }
}
