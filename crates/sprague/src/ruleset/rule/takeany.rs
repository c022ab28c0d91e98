//! Rules that spell out a take-and-break code of the take-any family
//! ([`crate::sequence::arith::take_any_family`]): `rule:0..n-1,split(n)`
//! is Lasker's Nim, `octal:4.3...`; `rule:0..n-1,split3(n)` is `hex:8.3...`.
//! Such a rule is that code (valued by the nim-sequence engine, with its
//! arithmetic period), only written as the user wrote it.

use super::parser::{Body, Expr, Rule};

/// The code a rule spells out, when every option is unconditional and is
/// either the range `0..n-1` (once at least) or a split `split(n-c)` /
/// `split3(n-c)` with a constant c below 16: `octal:D0.D1...` or
/// `hex:D0.D1...`, its last digit 3 repeated for ever. `None` for any
/// other rule.
///
/// For example `0..n-1,split(n)` gives `octal:4.3...`, and
/// `0..n-1,split3(n-1)` gives `hex:0.b3...`.
pub(super) fn code(rule: &Rule) -> Option<(&'static str, String)> {
    let mut range = false;
    let mut digits = [3u8; 17];
    digits[0] = 0;
    let mut last = 1;
    let mut hex = false;
    for opt in &rule.options {
        if !opt.conds.is_empty() {
            return None;
        }
        match &opt.body {
            Body::Range(Expr::Num(0), hi) if below_n(hi) == Some(1) => range = true,
            Body::Split(e) => {
                let c = below_n(e).filter(|&c| c < 16)? as usize;
                digits[c] |= 4;
                last = last.max(c);
            }
            Body::Split3(e) => {
                let c = below_n(e).filter(|&c| c < 16)? as usize;
                digits[c] |= 8;
                last = last.max(c);
                hex = true;
            }
            _ => return None,
        }
    }
    if !range {
        return None;
    }
    let digit = |d: u8| char::from_digit(u32::from(d), 16).unwrap_or('0');
    let mut text = String::new();
    text.push(digit(digits[0]));
    text.push('.');
    for &d in &digits[1..=last] {
        text.push(digit(d));
    }
    if digits[last] != 3 {
        text.push('3');
    }
    text.push_str("...");
    Some((if hex { "hex" } else { "octal" }, text))
}

/// `n - c` (or `n`): `Some(c)`.
fn below_n(e: &Expr) -> Option<u64> {
    match e {
        Expr::N => Some(0),
        Expr::Sub(a, b) => match (&**a, &**b) {
            (Expr::N, Expr::Num(c)) => Some(*c),
            _ => None,
        },
        _ => None,
    }
}
