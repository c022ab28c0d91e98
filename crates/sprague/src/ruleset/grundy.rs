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

use super::tabled::Tabled;
use super::Heaps;
use crate::error::ParseErrorKind;
use crate::takebreak::MoveSet;

/// The moves of Grundy's game for the nim-sequence engine.
pub fn move_set() -> MoveSet {
    MoveSet::grundy()
}

/// Parses `grundy` (which takes no parameter). Its values come from its
/// nim-sequence ([`Tabled`]).
pub(crate) fn parse(
    word: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn super::DynRules>, ParseErrorKind> {
    super::no_parameter(
        param,
        "grundy takes no parameter (Grundy's game: split a heap into two unequal heaps)",
    )?;
    Ok(Box::new(Heaps(Tabled::new(
        word,
        "grundy".into(),
        move_set(),
    ))))
}
