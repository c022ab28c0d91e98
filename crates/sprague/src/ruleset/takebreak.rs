//! Take-and-break rulesets: `octal:CODE`, `hex:CODE` and the aliases
//! `kayles` (= `octal:0.77`) and `dawson` (Dawson's Kayles, = `octal:0.07`),
//! with the Winning Ways code semantics of [`crate::takebreak`].
//!
//! This module also holds what every ruleset computed by the nim-sequence
//! engine shares (take-and-break codes, Grundy's game, subtraction games):
//! the options of one heap, its moves to a given value, and legality.
//!
//! Values come from the ruleset's table, and beyond it from the proven
//! period, so a heap of any `u64` size answers at once once the period is
//! proven; otherwise the table is computed up to the heap, within
//! [`Limits::max_table`](crate::Limits::max_table).

use super::tabled::Tabled;
use super::Heaps;
use crate::error::ParseErrorKind;
use crate::takebreak::TakeBreakCode;

/// Parses the word of a take-and-break ruleset: `octal:CODE`, `hex:CODE`,
/// `kayles`, `dawson`. Its values come from its nim-sequence
/// ([`Tabled`]); rulesets with the same code are equal (`kayles` is
/// `octal:0.77`).
pub(crate) fn parse(
    word: &str,
    name: &str,
    param: Option<&str>,
) -> Result<Box<dyn super::DynRules>, ParseErrorKind> {
    let code = parse_code(name, param)?;
    Ok(Box::new(Heaps(Tabled::new(
        word,
        format!("takebreak:{code}"),
        code.move_set(),
    ))))
}

/// The code named by a take-and-break word.
fn parse_code(name: &str, param: Option<&str>) -> Result<TakeBreakCode, ParseErrorKind> {
    let need_code = |kind: &str| {
        Err(ParseErrorKind::BadRuleset(format!(
            "{kind} needs its code, e.g. {kind}:0.77 (Kayles) or {kind}:4.07"
        )))
    };
    let alias = |name: &str| {
        Err(ParseErrorKind::BadRuleset(format!(
            "{name} takes no parameter (for another code write octal:CODE)"
        )))
    };
    match (name, param) {
        ("octal", None | Some("")) => need_code("octal"),
        ("hex", None | Some("")) => need_code("hex"),
        ("octal", Some(code)) => TakeBreakCode::parse_octal(code),
        ("hex", Some(code)) => TakeBreakCode::parse_hex(code),
        ("kayles", None) => TakeBreakCode::parse_octal("0.77"),
        ("dawson", None) => TakeBreakCode::parse_octal("0.07"),
        ("kayles" | "dawson", Some(_)) => alias(name),
        _ => Err(super::registry::unknown_ruleset(name)),
    }
}
