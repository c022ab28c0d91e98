//! A theorem that belongs to the ruleset of a lone component (Wythoff's
//! theorem): it names the P-positions, and each winning move leads to one.

use crate::wrap::{para, unbroken};
use crate::Position;

/// The theorem part of the teaching view; `value` is the position's
/// Grundy value when the analysis found it as well.
pub(super) fn write(out: &mut String, name: &str, value: Option<u64>, verdict: &str) {
    let text = match value {
        Some(v) => {
            format!("{name} decides this position; its Grundy value is {v}. This is {verdict}.")
        }
        None => {
            format!("{name} decides this position without its Grundy value. This is {verdict}.")
        }
    };
    para(out, &text);
}

/// Why a winning move, leading to `after`, wins.
pub(super) fn reason(name: &str, after: &Position) -> String {
    format!("it leaves {}, a P-position by {name}.", unbroken(after))
}
