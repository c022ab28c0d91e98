//! Wythoff's game (Wythoff 1907; Winning Ways, ch. 3): two heaps; a move
//! takes any positive number of tokens from one heap, or the same positive
//! number from both. Written `wythoff A B`, one component per pair.
//!
//! **Outcome and winning moves** by Wythoff's theorem: the P-positions are
//! the pairs `{⌊kφ⌋, ⌊kφ⌋ + k}`, k = 0, 1, 2, ..., φ the golden ratio; the
//! lower numbers ⌊kφ⌋ and the upper numbers ⌊kφ²⌋ = ⌊kφ⌋ + k split the
//! positive integers between them (Beatty's theorem), so every heap size n
//! has exactly one *partner* m with `{n, m}` a P-position. All of it is
//! exact integer arithmetic: ⌊kφ⌋ = ⌊(k + ⌊k√5⌋) / 2⌋ (k√5 is irrational
//! for k > 0, so the inner floor changes nothing), and ⌊k√5⌋ is the integer
//! square root of 5k² (in `u128`, or an arbitrary-precision integer when
//! 5k² passes 2^128). No floating point: a float φ gives wrong answers at
//! large sizes. Every heap up to 2^64 - 1 costs a few square roots.
//!
//! **Misère play** of a lone pair: the P-positions are those of normal play
//! except that `{0, 0}` and `{1, 2}` give way to `{0, 1}` and `{2, 2}`
//! (Winning Ways, ch. 13; checked against search in the tests), so the
//! misère partner is the normal one for heaps of 3 or more.
//!
//! **Grundy values** (needed in sums with other games) have no known
//! closed form: they come from a table of the values of every pair up to
//! the larger heap, each the mex over its row, column and diagonal,
//! computed with one bitset per row, column and diagonal (O(n³/64) for
//! heaps up to n), within `Limits::max_table` cells.

use std::ops::ControlFlow;
use std::sync::Mutex;

use num_bigint::BigUint;

use super::rules::{Pick, Rules, Visit};
use super::{ArgumentError, MoveKind};
use crate::error::ParseErrorKind;
use crate::{Action, Basis, Error, HeapChange, IllegalMoveKind, Limits, Outcome, Play};

/// The basis of an answer by Wythoff's theorem.
pub const WYTHOFF: Basis = Basis::Theorem {
    word: "wythoff",
    name: "Wythoff's theorem (the P-positions are the pairs {⌊kφ⌋, ⌊kφ⌋ + k})",
};

/// The basis of a misère answer by the misère form of Wythoff's theorem.
pub const MISERE_WYTHOFF: Basis = Basis::Theorem {
    word: "misere-wythoff",
    name: "misère Wythoff (the P-positions of normal play, with {0, 1} and {2, 2} for \
           {0, 0} and {1, 2})",
};

/// ⌊k√5⌋, exactly.
fn floor_k_sqrt5(k: u64) -> u128 {
    let k = u128::from(k);
    match (k * k).checked_mul(5) {
        Some(x) => x.isqrt(),
        None => {
            let root = (BigUint::from(k).pow(2u32) * 5u32).sqrt();
            // ⌊k√5⌋ < 2.24 · 2^64 always fits in a u128.
            u128::try_from(root).unwrap_or(u128::MAX)
        }
    }
}

/// ⌊kφ⌋, the k-th lower number of Wythoff's pairs (0 for k = 0).
///
/// ```
/// use sprague::ruleset::wythoff::lower;
/// let a: Vec<u128> = (0..8).map(lower).collect();
/// assert_eq!(a, [0, 1, 3, 4, 6, 8, 9, 11]); // OEIS A000201
/// ```
pub fn lower(k: u64) -> u128 {
    (u128::from(k) + floor_k_sqrt5(k)) / 2
}

/// The partner of a heap of `n`: the unique `m` such that `{n, m}` is a
/// P-position of Wythoff's game (normal play). It may pass 2^64 - 1 (then
/// no pair holding `n` within `u64` is a P-position but by moving `n`).
///
/// ```
/// use sprague::ruleset::wythoff::partner;
/// assert_eq!(partner(0), 0);
/// assert_eq!(partner(3), 5);
/// assert_eq!(partner(5), 3);
/// assert_eq!(partner(4), 7);
/// ```
pub fn partner(n: u64) -> u128 {
    if n == 0 {
        return 0;
    }
    let n128 = u128::from(n);
    let root = floor_k_sqrt5(n);
    // If n = ⌊kφ⌋ then n/φ < k < (n + 1)/φ, so k = ⌊n/φ⌋ + 1, and
    // ⌊n/φ⌋ = ⌊n(√5 - 1)/2⌋ = ⌊(⌊n√5⌋ - n)/2⌋.
    let k = (root - n128) / 2 + 1;
    if let Ok(k64) = u64::try_from(k) {
        if lower(k64) == n128 {
            return n128 + k;
        }
    }
    // Otherwise n = ⌊jφ²⌋ = ⌊jφ⌋ + j with j = ⌊n/φ²⌋ + 1, and
    // ⌊n/φ²⌋ = ⌊n(3 - √5)/2⌋ = ⌊(3n - ⌊n√5⌋ - 1)/2⌋.
    let j = (3 * n128 - root - 1) / 2 + 1;
    n128 - j
}

/// The misère partner of a heap of `n`: as [`partner`], but 0 and 1 pair
/// with each other and 2 with itself.
///
/// ```
/// use sprague::ruleset::wythoff::misere_partner;
/// assert_eq!(misere_partner(0), 1);
/// assert_eq!(misere_partner(2), 2);
/// assert_eq!(misere_partner(3), 5);
/// ```
pub fn misere_partner(n: u64) -> u128 {
    match n {
        0 => 1,
        1 => 0,
        2 => 2,
        _ => partner(n),
    }
}

/// The P-position `{a, a + d}` whose heaps differ by `d` (normal play:
/// a = ⌊dφ⌋; misère: `{2, 2}` for d = 0, `{0, 1}` for d = 1).
fn smaller_with_difference(d: u64, play: Play) -> u128 {
    match (play, d) {
        (Play::Misere, 0) => 2,
        (Play::Misere, 1) => 0,
        _ => lower(d),
    }
}

/// Whether `{a, b}` is a P-position under `play`.
///
/// ```
/// use sprague::{ruleset::wythoff::is_p_position, Play};
/// assert!(is_p_position(3, 5, Play::Normal));
/// assert!(is_p_position(0, 0, Play::Normal));
/// assert!(!is_p_position(0, 0, Play::Misere));
/// assert!(is_p_position(2, 2, Play::Misere));
/// ```
pub fn is_p_position(a: u64, b: u64, play: Play) -> bool {
    let p = match play {
        Play::Normal => partner(a),
        Play::Misere => misere_partner(a),
    };
    p == u128::from(b)
}

/// Every winning move of the pair `[a, b]` under `play` (each to a
/// P-position): the larger-or-equal heap to the partner of the other, the
/// other heap likewise, and both heaps down to the P-position with the
/// same difference. At most three; O(1) square roots.
fn winning_moves(pair: [u64; 2], play: Play, f: Visit<'_, Action>) -> ControlFlow<()> {
    let partner_of = |n: u64| match play {
        Play::Normal => partner(n),
        Play::Misere => misere_partner(n),
    };
    for (heap, other) in [(0, 1), (1, 0)] {
        let from = pair[heap];
        let to = partner_of(pair[other]);
        if to < u128::from(from) {
            f(Action::Heaps {
                changes: vec![HeapChange {
                    heap,
                    from,
                    to: to as u64,
                }],
            })?;
        }
    }
    let (small, large) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
    let low = smaller_with_difference(large - small, play);
    if low < u128::from(small) {
        let t = small - low as u64;
        f(Action::Heaps {
            changes: (0..2)
                .map(|heap| HeapChange {
                    heap,
                    from: pair[heap],
                    to: pair[heap] - t,
                })
                .collect(),
        })?;
    }
    ControlFlow::Continue(())
}

/// The Grundy values of every pair with both heaps below `side`.
#[derive(Default)]
struct GrundyTable {
    side: usize,
    values: Vec<u32>,
}

impl GrundyTable {
    fn get(&self, a: u64, b: u64) -> u64 {
        u64::from(self.values[a as usize * self.side + b as usize])
    }

    /// Computes the table for heaps below `side`: each value the mex of the
    /// values left of it in its row, above it in its column and before it
    /// on its diagonal, with a bitset of the values seen so far on each.
    fn compute(side: usize) -> GrundyTable {
        // G(a, b) <= a + b < 2 · side (no more options than that).
        let words = (2 * side).div_ceil(64);
        let mut rows = vec![0u64; side * words];
        let mut cols = vec![0u64; side * words];
        let mut diags = vec![0u64; 2 * side * words];
        let mut values = vec![0u32; side * side];
        for a in 0..side {
            for b in 0..side {
                let d = side + b - a;
                let (r, c, g) = (a * words, b * words, d * words);
                let mut mex = 0;
                for w in 0..words {
                    let seen = rows[r + w] | cols[c + w] | diags[g + w];
                    if seen != u64::MAX {
                        mex = w * 64 + seen.trailing_ones() as usize;
                        break;
                    }
                }
                values[a * side + b] = mex as u32;
                let (w, bit) = (mex / 64, 1u64 << (mex % 64));
                rows[r + w] |= bit;
                cols[c + w] |= bit;
                diags[g + w] |= bit;
            }
        }
        GrundyTable { side, values }
    }
}

/// Wythoff's game as a ruleset (`wythoff`): a component is one pair.
pub struct Wythoff {
    word: Box<str>,
    table: Mutex<GrundyTable>,
}

impl std::fmt::Debug for Wythoff {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Wythoff")
    }
}

impl Wythoff {
    /// Wythoff's game, named `word`.
    pub(crate) fn new(word: &str) -> Wythoff {
        Wythoff {
            word: word.into(),
            table: Mutex::default(),
        }
    }

    /// Runs `f` with the Grundy table holding every pair up to `largest`.
    ///
    /// # Errors
    /// [`Error::ComponentTableLimit`] when that table would hold more than
    /// `limits.max_table` values.
    fn with_table<R>(
        &self,
        largest: u64,
        limits: &Limits,
        f: impl FnOnce(&GrundyTable) -> R,
    ) -> Result<R, Error> {
        let max_side = limits.max_table.isqrt();
        if largest >= max_side {
            let side = u128::from(largest) + 1;
            return Err(Error::ComponentTableLimit {
                ruleset: self.word.to_string(),
                component: format!("pair with a heap of {largest}"),
                what: format!("every pair of heaps up to {largest}"),
                needed: side.saturating_mul(side),
                limit: limits.max_table,
            });
        }
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        if largest as usize >= table.side {
            // At least 64 and a power of two, but never past the limit
            // (which may be below 64: `--max-table 1000` gives 31).
            let side = ((largest as usize + 1).next_power_of_two())
                .max(64)
                .min(max_side as usize)
                .max(largest as usize + 1);
            *table = GrundyTable::compute(side);
        }
        Ok(f(&table))
    }

    fn pair(args: &[u64]) -> [u64; 2] {
        [
            args.first().copied().unwrap_or(0),
            args.get(1).copied().unwrap_or(0),
        ]
    }
}

impl Rules for Wythoff {
    type Position = crate::Numbers;

    fn canonical(&self) -> String {
        "wythoff".into()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Heaps { max: 2 }
    }

    /// The queen on a grid: each move takes it left, down or diagonally.
    fn shape(&self, args: &crate::Numbers) -> Option<crate::drawing::Shape> {
        match args[..] {
            [a, b] => Some(crate::drawing::Shape::Grid { queen: [a, b] }),
            _ => None,
        }
    }

    fn check_arguments(&self, args: &crate::Numbers) -> Result<(), ArgumentError> {
        ArgumentError::expect_count(args.len(), 2, "heaps (one pair)")
    }

    /// 0 for a P-position by Wythoff's theorem; a pair with an empty heap
    /// is a Nim heap (its only moves take from the other heap); otherwise
    /// from the table.
    fn valued(&self, args: &crate::Numbers, limits: &Limits) -> Result<(u64, Basis), Error> {
        let [a, b] = Self::pair(args);
        if is_p_position(a, b, Play::Normal) {
            return Ok((0, WYTHOFF));
        }
        if a.min(b) == 0 {
            return Ok((a.max(b), Basis::Bouton));
        }
        self.with_table(a.max(b), limits, |t| (t.get(a, b), Basis::Table))
    }

    fn closed_value(&self, args: &crate::Numbers) -> Option<u64> {
        let [a, b] = Self::pair(args);
        if a.min(b) == 0 {
            return Some(a.max(b));
        }
        is_p_position(a, b, Play::Normal).then_some(0)
    }

    fn lone_outcome(&self, args: &crate::Numbers, play: Play) -> Option<(Outcome, Basis)> {
        let [a, b] = Self::pair(args);
        let basis = match play {
            Play::Normal => WYTHOFF,
            Play::Misere => MISERE_WYTHOFF,
        };
        Some((
            Outcome::from_next_player_wins(!is_p_position(a, b, play)),
            basis,
        ))
    }

    fn lone_winning_moves(
        &self,
        args: &crate::Numbers,
        play: Play,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        Ok(winning_moves(Self::pair(args), play, f))
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    fn has_moves(&self, args: &crate::Numbers, _: &Limits) -> Result<bool, Error> {
        Ok(args.iter().any(|&h| h > 0))
    }

    /// Row, column, then diagonal, each from the largest amount taken.
    fn moves(
        &self,
        args: &crate::Numbers,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let [a, b] = Self::pair(args);
        let total = a.saturating_add(b).saturating_add(a.min(b));
        super::reserve(out, total, limits)?;
        for (heap, from) in [(0, a), (1, b)] {
            out.extend((0..from).map(|to| Action::Heaps {
                changes: vec![HeapChange { heap, from, to }],
            }));
        }
        out.extend((1..=a.min(b)).rev().map(|left| {
            let t = a.min(b) - left + 1;
            Action::Heaps {
                changes: vec![
                    HeapChange {
                        heap: 0,
                        from: a,
                        to: a - t,
                    },
                    HeapChange {
                        heap: 1,
                        from: b,
                        to: b - t,
                    },
                ],
            }
        }));
        Ok(())
    }

    /// To a P-position by Wythoff's theorem; to another value through the
    /// table, trying every option.
    fn moves_to(
        &self,
        args: &crate::Numbers,
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        if target == 0 {
            return Ok(winning_moves(Self::pair(args), Play::Normal, f));
        }
        if value == target {
            return Ok(ControlFlow::Continue(()));
        }
        let [a, b] = Self::pair(args);
        let mut options = Vec::new();
        self.moves(args, limits, &mut options)?;
        self.with_table(a.max(b), limits, |t| {
            for action in options {
                let mut after = args.to_vec();
                self.apply(&mut after, &action);
                if t.get(after[0], after[1]) == target {
                    f(action)?;
                }
            }
            ControlFlow::Continue(())
        })
    }

    fn random_move(
        &self,
        args: &crate::Numbers,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        Ok(super::random_heap_change(args, pick))
    }

    fn check(
        &self,
        word: &str,
        args: &crate::Numbers,
        action: &Action,
    ) -> Result<(), IllegalMoveKind> {
        let changes = super::check_heap_changes(word, args, action, 2)?;
        if let [x, y] = changes {
            if x.from - x.to != y.from - y.to {
                return Err(IllegalMoveKind::Forbidden {
                    ruleset: word.into(),
                    rule: "a move that takes from both heaps takes the same number from each",
                });
            }
        }
        Ok(())
    }

    fn apply(&self, args: &mut Vec<u64>, action: &Action) {
        if let Action::Heaps { changes } = action {
            for c in changes {
                args[c.heap] = c.to;
            }
        }
    }

    /// The two heaps in increasing order (the game is symmetric).
    fn canonicalize(&self, args: &mut Vec<u64>) {
        args.sort_unstable();
    }

    fn move_summary(&self) -> Option<String> {
        Some("take from one heap, or the same number from both".into())
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "A {word} pair is a P-position exactly when it is {{⌊kφ⌋, ⌊kφ⌋ + k}} for some k \
             (Wythoff's theorem); its other Grundy values come from a table (no formula is \
             known)."
        )
    }
}

/// Parses `wythoff` (which takes no parameter).
pub(crate) fn parse(
    word: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn super::DynRules>, ParseErrorKind> {
    super::no_parameter(
        param,
        "wythoff takes no parameter: write the pair, e.g. wythoff 3 5",
    )?;
    Ok(Box::new(Wythoff::new(word)))
}
