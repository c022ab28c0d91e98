//! Misère play with no closed rule: the outcome found by search.

use crate::wrap::{para, unbroken};
use crate::Position;

/// The search part of the teaching view; `sum` says whether the position
/// has several heaps or components.
pub(super) fn write(out: &mut String, verdict: &str, sum: bool) {
    let why = if sum {
        "Under misère play a sum is not worth the nim-sum of its parts (Grundy \
         values describe normal play)"
    } else {
        "Under misère play a Grundy value does not decide the outcome (Grundy \
         values describe normal play)"
    };
    para(
        out,
        &format!(
            "{why}, and no closed rule covers this position: its outcome was found \
             by searching every position that can follow. This is {verdict}."
        ),
    );
}

/// Why a winning move, leading to `after`, wins.
pub(super) fn reason(after: &Position) -> String {
    format!(
        "it leaves {}, a P-position: every reply leaves a position with a winning \
         move again (found by searching the positions that can follow).",
        unbroken(after)
    )
}
