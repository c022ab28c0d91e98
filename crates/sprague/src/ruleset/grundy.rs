//! Grundy's game (Winning Ways, ch. 4): a move splits one heap into two
//! non-empty heaps of different sizes; heaps of 1 and 2 are dead.
//!
//! Its nim-sequence G(0), G(1), ... = 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, ... is
//! computed by the rare-value method (it is thought, but not known, to be
//! ultimately periodic; none is seen up to 2^35). The periodicity theorem
//! of Guy and Smith does not apply (the parts must differ), so no period is
//! ever claimed and every heap is computed up to its size, within
//! [`Limits::max_table`](crate::Limits).
//!
//! ```
//! use sprague::Ruleset;
//! let grundy: Ruleset = "grundy".parse()?;
//! let g: Vec<u64> = (1..=8).map(|n| grundy.heap_value(n, &Default::default()).unwrap()).collect();
//! assert_eq!(g, [0, 0, 1, 0, 2, 1, 0, 2]);
//! # Ok::<(), sprague::ParseError>(())
//! ```

use crate::error::ParseErrorKind;
use crate::takebreak::MoveSet;

/// The moves of Grundy's game for the nim-sequence engine.
pub fn move_set() -> MoveSet {
    MoveSet::grundy()
}

/// Parses `grundy` (which takes no parameter).
pub(crate) fn parse(param: Option<&str>) -> Result<(), ParseErrorKind> {
    match param {
        None => Ok(()),
        Some(_) => Err(ParseErrorKind::BadRuleset(
            "grundy takes no parameter (Grundy's game: split a heap into two unequal heaps)".into(),
        )),
    }
}
