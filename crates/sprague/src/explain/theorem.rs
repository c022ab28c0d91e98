//! A theorem that belongs to the ruleset of a lone component (Wythoff's
//! theorem): it names the P-positions, and each winning move leads to one.

use super::wrap::{para, unbroken};
use crate::Position;

/// The theorem part of the teaching view.
pub(super) fn write(out: &mut String, name: &str, verdict: &str) {
    para(
        out,
        &format!("{name} decides this position without its Grundy value. This is {verdict}."),
    );
}

/// Why a winning move, leading to `after`, wins.
pub(super) fn reason(name: &str, after: &Position) -> String {
    format!("it leaves {}, a P-position by {name}.", unbroken(after))
}
