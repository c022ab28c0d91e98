//! Euclid's game (Cole & Davie 1969): two heaps; a move subtracts a
//! positive multiple of the smaller heap from the larger, leaving it at
//! least 0; a position with an empty heap has no move. Written
//! `euclid A B`, one component per pair.
//!
//! **Outcome** (Cole & Davie 1969): with `a >= b > 0`, the pair is a
//! P-position exactly when `b < a < φb`, φ the golden ratio (exact integer
//! test: `a² < ab + b²`).
//!
//! **Grundy values** (the recursion behind Nivasch 2006, "The
//! Sprague-Grundy function of the game Euclid"): write `a = qb + r`,
//! `0 <= r < b`. The options of `(a, b)` are the chain `(r + jb, b)`,
//! `j = 0, ..., q - 1`, each of which has the chain below it as its
//! options, so with `g = G(b, r)` at the foot of the chain (0 when
//! `r = 0`), the chain's values are the mex of what lies below:
//! `G(a, b) = q` when `g = 0` or `q > g`, else `q - 1`. One step per
//! quotient of Euclid's algorithm: at most 92 for any u64 pair.
//!
//! **Winning moves**: the chain holds each value once, so a pair has at
//! most one move to each value, found from the same recursion.

use std::ops::ControlFlow;

use super::onenumber::{apply_lowering, lower, lowered};
use super::rules::{Pick, Rules, Visit};
use super::{ArgumentError, MoveKind};
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, Outcome, Play};

/// The basis of an answer by the Euclid recursion.
pub const EUCLID: Basis = Basis::Theorem {
    word: "euclid",
    name: "the theory of Euclid's game (a P-position exactly when the larger heap is above the \
           smaller and below φ times it, Cole & Davie 1969; values by the chain of quotients, Nivasch 2006)",
};

/// G(a, b) of Euclid's game, any order, O(log) steps.
///
/// ```
/// use sprague::ruleset::euclid::value;
/// assert_eq!(value(0, 7), 0);
/// assert_eq!(value(5, 8), 0); // 8 < 5φ: a P-position
/// assert_eq!(value(3, 5), 1); // 5 > 3φ
/// assert_eq!(value(7, 3), 1); // 7 = 2·3 + 1; G(3, 1) = 3, so 2 - 1
/// assert_eq!(value(6, 3), 2);
/// ```
pub fn value(a: u64, b: u64) -> u64 {
    let (a, b) = (a.max(b), a.min(b));
    if b == 0 {
        return 0;
    }
    // The quotients of Euclid's algorithm, then the recursion from the end.
    let mut quotients = Vec::new();
    let (mut x, mut y) = (a, b);
    while y != 0 {
        quotients.push(x / y);
        (x, y) = (y, x % y);
    }
    let mut g = 0;
    for &q in quotients.iter().rev() {
        g = chain_value(q, g);
    }
    g
}

/// The value of link `q` of a chain whose foot is worth `g`.
fn chain_value(q: u64, g: u64) -> u64 {
    if g == 0 || q > g {
        q
    } else {
        q - 1
    }
}

/// Whether `(a, b)` is a P-position: an empty heap, or the larger below
/// φ times the smaller (`a² < ab + b²` exactly).
///
/// ```
/// use sprague::ruleset::euclid::is_p_position;
/// assert!(is_p_position(5, 8) && !is_p_position(5, 9));
/// assert!(is_p_position(u64::MAX, u64::MAX / 8 * 5 + 1));
/// ```
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (a, b) = (u128::from(a.max(b)), u128::from(a.min(b)));
    if b == 0 {
        return true;
    }
    // Equal heaps: take one of them whole. Otherwise a² < ab + b², without
    // overflow: a(a - b) < b².
    a != b && a * (a - b) < b * b
}

/// Euclid's game as a ruleset.
#[derive(Debug)]
pub struct Euclid;

impl Euclid {
    fn pair(args: &[u64]) -> (u64, u64) {
        (
            args.first().copied().unwrap_or(0),
            args.get(1).copied().unwrap_or(0),
        )
    }

    /// The index of the larger heap (the first when equal) and the sizes.
    fn larger(args: &[u64]) -> (usize, u64, u64) {
        let (a, b) = Self::pair(args);
        if a >= b {
            (0, a, b)
        } else {
            (1, b, a)
        }
    }
}

impl Rules for Euclid {
    type Position = crate::Numbers;

    fn canonical(&self) -> String {
        "euclid".into()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Heap
    }

    /// Two heaps of tokens: a move leaves the larger heap smaller by a
    /// multiple of the other.
    fn shape(&self, args: &crate::Numbers) -> Option<crate::drawing::Shape> {
        Some(crate::drawing::Shape::Heaps {
            heaps: args.to_vec(),
            unit: "heap",
        })
    }

    fn check_arguments(&self, args: &crate::Numbers) -> Result<(), ArgumentError> {
        ArgumentError::expect_count(args.len(), 2, "heaps (one pair)")
    }

    fn valued(&self, args: &crate::Numbers, _: &Limits) -> Result<(u64, Basis), Error> {
        let (a, b) = Self::pair(args);
        Ok((value(a, b), EUCLID))
    }

    fn closed_value(&self, args: &crate::Numbers) -> Option<u64> {
        let (a, b) = Self::pair(args);
        Some(value(a, b))
    }

    fn lone_outcome(&self, args: &crate::Numbers, play: Play) -> Option<(Outcome, Basis)> {
        let (a, b) = Self::pair(args);
        (play == Play::Normal)
            .then(|| (Outcome::from_next_player_wins(!is_p_position(a, b)), EUCLID))
    }

    fn lone_winning_moves(
        &self,
        args: &crate::Numbers,
        _: Play,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        let v = self.valued(args, limits)?.0;
        self.moves_to(args, v, 0, limits, f)
    }

    fn few_winning_moves(&self) -> bool {
        true
    }

    fn count_winning_moves(&self, args: &crate::Numbers) -> Option<u64> {
        let (a, b) = Self::pair(args);
        Some(u64::from(!is_p_position(a, b)))
    }

    fn has_moves(&self, args: &crate::Numbers, _: &Limits) -> Result<bool, Error> {
        let (a, b) = Self::pair(args);
        Ok(a.min(b) > 0)
    }

    /// The larger heap lowered by 1, 2, ... times the smaller.
    fn moves(
        &self,
        args: &crate::Numbers,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let (i, a, b) = Self::larger(args);
        if b == 0 {
            return Ok(());
        }
        let q = a / b;
        super::reserve(out, q, limits)?;
        out.extend((1..=q).map(|k| lower(i, a, a - k * b)));
        Ok(())
    }

    /// At most one: the link of the chain worth `target`.
    fn moves_to(
        &self,
        args: &crate::Numbers,
        _: u64,
        target: u64,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        let (i, a, b) = Self::larger(args);
        if b == 0 {
            return Ok(ControlFlow::Continue(()));
        }
        let (q, r) = (a / b, a % b);
        let foot = value(b, r);
        // Link j (the heap r + jb) is worth chain_value(j, foot) for j >= 1,
        // and foot itself for j = 0.
        let j = if target == foot {
            Some(0)
        } else if foot == 0 || target > foot {
            Some(target)
        } else {
            Some(target + 1).filter(|&j| j <= foot)
        };
        match j {
            Some(j) if j < q && (j == 0 || chain_value(j, foot) == target) => {
                Ok(f(lower(i, a, r + j * b)))
            }
            _ => Ok(ControlFlow::Continue(())),
        }
    }

    fn random_move(
        &self,
        args: &crate::Numbers,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let (i, a, b) = Self::larger(args);
        if b == 0 {
            return Ok(None);
        }
        let k = 1 + pick(a / b);
        Ok(Some(lower(i, a, a - k * b)))
    }

    fn check(
        &self,
        word: &str,
        args: &crate::Numbers,
        action: &Action,
    ) -> Result<(), IllegalMoveKind> {
        let (i, from, to) = lowered(word, args, action)?;
        let other = args[1 - i];
        if other == 0 || from < other || (from - to) % other != 0 {
            return Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "a move subtracts a positive multiple of the smaller heap from the larger",
            });
        }
        Ok(())
    }

    fn apply(&self, args: &mut Vec<u64>, action: &Action) {
        apply_lowering(args, action);
    }

    fn canonicalize(&self, args: &mut Vec<u64>) {
        args.sort_unstable();
    }

    fn move_summary(&self) -> Option<String> {
        Some("subtract a positive multiple of the smaller heap from the larger".into())
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "A {word} pair a >= b > 0 is a P-position exactly when b < a < φb (Cole & Davie 1969); \
             its value follows the quotients of Euclid's algorithm: with a = qb + r and g the \
             value of (b, r), it is q when g = 0 or q > g, else q - 1."
        )
    }
}

parse_without_parameter!(
    "euclid",
    "euclid takes no parameter: write the pair, e.g. euclid 7 3",
    Euclid
);
