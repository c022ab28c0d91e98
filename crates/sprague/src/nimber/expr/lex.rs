//! Numbers and tokens of the nimber expression language.

use std::fmt;

use super::{ExprError, ExprErrorKind};

/// The largest nimber below 2^64, written out, for messages.
const MAX_TEXT: &str = "18446744073709551615";

/// Why a word is not a 64-bit nimber (see [`parse_number`]).
///
/// ```
/// use sprague::nimber::expr::{parse_number, NumberError};
/// assert_eq!(parse_number(b"-3"), Err(NumberError::Negative));
/// assert_eq!(
///     NumberError::TooLarge.to_string(),
///     "too large: the largest is 18446744073709551615 (2^64 - 1)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NumberError {
    /// Not digits (or `0x` and hex digits); also the empty word.
    NotANumber,
    /// A minus sign in front of digits.
    Negative,
    /// 2^64 or more.
    TooLarge,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::NotANumber => write!(
                f,
                "not a number: expected a whole number from 0 to {MAX_TEXT}, \
                 in decimal or as hex 0x.."
            ),
            NumberError::Negative => {
                write!(f, "nimbers are not negative: they run from 0 to {MAX_TEXT}")
            }
            NumberError::TooLarge => write!(f, "too large: the largest is {MAX_TEXT} (2^64 - 1)"),
        }
    }
}

impl std::error::Error for NumberError {}

/// Parses a whole number below 2^64, the integer `n` of a nimber `*n` (or an
/// exponent): decimal digits (leading zeros allowed, so more than 20 digits
/// may still fit), or hexadecimal digits after `0x` or `0X`. Nothing else is
/// accepted: no sign, no spaces, no `_`.
///
/// # Errors
///
/// [`NumberError::Negative`] for a word starting with `-`,
/// [`NumberError::TooLarge`] for a number of 2^64 or more, and
/// [`NumberError::NotANumber`] for anything else that is not digits
/// (including the empty word and a bare `0x`).
///
/// ```
/// use sprague::nimber::expr::{parse_number, NumberError};
/// assert_eq!(parse_number(b"3141"), Ok(3141));
/// assert_eq!(parse_number(b"0xff"), Ok(255));
/// assert_eq!(parse_number(b"18446744073709551616"), Err(NumberError::TooLarge));
/// assert_eq!(parse_number(b"12a"), Err(NumberError::NotANumber));
/// ```
pub fn parse_number(word: &[u8]) -> Result<u64, NumberError> {
    if let [b'0', b'x' | b'X', hex @ ..] = word {
        return parse_radix(hex, 16);
    }
    if word.len() <= 19 {
        // At most 19 decimal digits: below 10^19 < 2^64, no overflow check.
        if word.is_empty() {
            return Err(NumberError::NotANumber);
        }
        let mut v = 0u64;
        for &b in word {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                return Err(bad_char(word));
            }
            v = v * 10 + d as u64;
        }
        return Ok(v);
    }
    parse_radix(word, 10)
}

/// Parses digits in base 10 or 16, checking for overflow.
fn parse_radix(digits: &[u8], radix: u32) -> Result<u64, NumberError> {
    if digits.is_empty() {
        return Err(NumberError::NotANumber);
    }
    let mut v = 0u64;
    let mut overflow = false;
    for &b in digits {
        let d = (b as char)
            .to_digit(radix)
            .ok_or_else(|| bad_char(digits))?;
        match v
            .checked_mul(radix as u64)
            .and_then(|v| v.checked_add(d as u64))
        {
            Some(next) => v = next,
            None => overflow = true,
        }
    }
    if overflow {
        Err(NumberError::TooLarge)
    } else {
        Ok(v)
    }
}

fn bad_char(word: &[u8]) -> NumberError {
    if word.first() == Some(&b'-') {
        NumberError::Negative
    } else {
        NumberError::NotANumber
    }
}

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Number(u64),
    Inv,
    Sqrt,
    Plus,
    Star,
    Slash,
    Caret,
    Minus,
    Open,
    Close,
    End,
}

/// A token as written, with its column (in characters, from 1).
#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) kind: Kind,
    pub(super) text: String,
    pub(super) column: usize,
}

/// Splits the expression into tokens; the last one is [`Kind::End`].
pub(super) fn tokenize(text: &str) -> Result<Vec<Token>, ExprError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_alphanumeric() || c == '_' || c == '.' {
            let start = i;
            while i < chars.len()
                && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '.')
            {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let kind = match word.as_str() {
                "inv" => Kind::Inv,
                "sqrt" => Kind::Sqrt,
                // The nim-sum is XOR: competitive programmers write it so.
                "xor" => Kind::Plus,
                _ if c.is_ascii_digit() => match parse_number(word.as_bytes()) {
                    Ok(n) => Kind::Number(n),
                    Err(e) => return Err(ExprError::new(ExprErrorKind::Number(e), &word, column)),
                },
                _ => return Err(ExprError::new(ExprErrorKind::UnknownWord, &word, column)),
            };
            tokens.push(Token {
                kind,
                text: word,
                column,
            });
            continue;
        }
        let kind = match c {
            '+' | '⊕' => Kind::Plus,
            '*' | '⊗' => Kind::Star,
            '/' => Kind::Slash,
            '^' => Kind::Caret,
            '-' => Kind::Minus,
            '(' => Kind::Open,
            ')' => Kind::Close,
            _ => {
                return Err(ExprError::new(
                    ExprErrorKind::UnexpectedCharacter,
                    &c.to_string(),
                    column,
                ))
            }
        };
        tokens.push(Token {
            kind,
            text: c.to_string(),
            column,
        });
        i += 1;
    }
    tokens.push(Token {
        kind: Kind::End,
        text: String::new(),
        column: chars.len() + 1,
    });
    Ok(tokens)
}
