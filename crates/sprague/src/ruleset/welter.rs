//! Welter's game (Welter 1954; Conway, On Numbers and Games, ch. 13):
//! coins on distinct squares 0, 1, 2, ... of a strip; a move slides one
//! coin to any lower square that is empty (jumping over coins is allowed).
//! Written `welter 3 7 12` (the squares of the coins), one component per
//! strip.
//!
//! **Value**: Welter's function, in its closed form
//! `[a₁|...|aₙ] = a₁ ⊕ ... ⊕ aₙ ⊕ ⨁_{i<j} (2^(v(aᵢ - aⱼ) + 1) - 1)`,
//! v the 2-adic valuation (for two coins `[a|b] = (a ⊕ b) - 1`, ONAG
//! ch. 13); checked against the search on every position of up to four
//! coins on the first 12 squares. O(n²) for n coins, any u64 squares.
//!
//! **Winning moves**: moving coin i to x changes the value to
//! `C ⊕ x ⊕ ⨁_{j≠i} (2^(v(x - aⱼ) + 1) - 1)`, whose bit k is bit k of x
//! plus the parity of the coins j with `aⱼ ≡ x (mod 2^k)`, which depends
//! only on the bits of x below k. So the square giving any target value is
//! found bit by bit from the lowest, and is unique: at most one move per
//! coin to each value, O(64 n²) to list them all.

use std::ops::ControlFlow;

use super::onenumber::{apply_lowering, lower, lowered};
use super::rules::{Pick, Rules, Visit};
use super::{ArgumentError, MoveKind};
use crate::{Action, Basis, Error, IllegalMoveKind, Limits};

/// The basis of a value by Welter's function.
pub const WELTER: Basis = Basis::Theorem {
    word: "welter",
    name: "Welter's function (ONAG ch. 13): the nim-sum of the squares and of 2^(v(a - b) + 1) \
           - 1 over each pair of coins",
};

/// 2^(v(a - b) + 1) - 1 for distinct `a`, `b`.
fn pair_term(a: u64, b: u64) -> u64 {
    let v = (a ^ b).trailing_zeros();
    if v >= 63 {
        u64::MAX
    } else {
        (1u64 << (v + 1)) - 1
    }
}

/// Welter's function of coins on distinct squares.
///
/// ```
/// use sprague::ruleset::welter::value;
/// assert_eq!(value(&[3, 5]), (3 ^ 5) - 1);
/// assert_eq!(value(&[0, 1, 2]), 0);
/// ```
pub fn value(coins: &[u64]) -> u64 {
    let mut g = 0;
    for (i, &a) in coins.iter().enumerate() {
        g ^= a;
        for &b in &coins[i + 1..] {
            g ^= pair_term(a, b);
        }
    }
    g
}

/// The square x for coin `i` that makes the value `target`, if it is an
/// empty square below the coin.
fn square_for(coins: &[u64], i: usize, target: u64) -> Option<u64> {
    let others: Vec<u64> = coins
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, &a)| a)
        .collect();
    let want = target ^ value(&others);
    let mut x = 0u64;
    for k in 0..64 {
        let mask = if k == 0 { 0 } else { (1u64 << k) - 1 };
        let agree = others.iter().filter(|&&a| (a ^ x) & mask == 0).count();
        let bit = ((want >> k) & 1) ^ (agree as u64 & 1);
        x |= bit << k;
    }
    (x < coins[i] && !others.contains(&x)).then_some(x)
}

/// Welter's game as a ruleset.
#[derive(Debug)]
pub struct Welter;

impl Rules for Welter {
    type Position = crate::Numbers;

    fn canonical(&self) -> String {
        "welter".into()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Heap
    }

    /// The strip up to the highest coin; a move slides a coin down.
    fn shape(&self, args: &crate::Numbers) -> Option<crate::drawing::Shape> {
        Some(crate::drawing::Shape::Strip {
            squares: args.iter().max().map_or(1, |&m| m.saturating_add(1)),
            coins: args.to_vec(),
        })
    }

    fn check_arguments(&self, args: &crate::Numbers) -> Result<(), ArgumentError> {
        // The second coin on a square is the one to blame.
        let mut order: Vec<usize> = (0..args.len()).collect();
        order.sort_by_key(|&i| (args[i], i));
        if let Some(w) = order.windows(2).find(|w| args[w[0]] == args[w[1]]) {
            return Err(ArgumentError::At {
                index: w[1],
                why: format!(
                    "a second coin on square {}: each square of welter holds at most one coin",
                    args[w[1]]
                )
                .into(),
            });
        }
        Ok(())
    }

    fn valued(&self, args: &crate::Numbers, _: &Limits) -> Result<(u64, Basis), Error> {
        Ok((value(args), WELTER))
    }

    fn closed_value(&self, args: &crate::Numbers) -> Option<u64> {
        Some(value(args))
    }

    fn few_winning_moves(&self) -> bool {
        true
    }

    fn has_moves(&self, args: &crate::Numbers, _: &Limits) -> Result<bool, Error> {
        let mut sorted = args.clone();
        sorted.sort_unstable();
        // Stuck exactly when the coins fill squares 0..n.
        Ok(sorted.iter().enumerate().any(|(i, &a)| a != i as u64))
    }

    fn moves(
        &self,
        args: &crate::Numbers,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let total = args.iter().fold(0u64, |t, &a| t.saturating_add(a));
        super::reserve(out, total, limits)?;
        for (i, &a) in args.iter().enumerate() {
            out.extend(
                (0..a)
                    .rev()
                    .filter(|x| !args.contains(x))
                    .map(|x| lower(i, a, x)),
            );
        }
        Ok(())
    }

    fn moves_to(
        &self,
        args: &crate::Numbers,
        _: u64,
        target: u64,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        for (i, &a) in args.iter().enumerate() {
            if let Some(x) = square_for(args, i, target) {
                if f(lower(i, a, x)).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn random_move(
        &self,
        args: &crate::Numbers,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let mut sorted = args.clone();
        sorted.sort_unstable();
        let movable: Vec<usize> = (0..args.len())
            .filter(|&i| sorted.partition_point(|&b| b < args[i]) < args[i] as usize)
            .collect();
        if movable.is_empty() {
            return Ok(None);
        }
        let i = movable[pick(movable.len() as u64) as usize];
        let a = args[i];
        // The empty squares below a: a minus the coins below it.
        let empty = a - sorted.partition_point(|&b| b < a) as u64;
        let nth = pick(empty);
        // The nth empty square from 0: search by counting coins below.
        let (mut lo, mut hi) = (0u64, a - 1);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let empties = mid + 1 - sorted.partition_point(|&b| b <= mid) as u64;
            if empties > nth {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        Ok(Some(lower(i, a, lo)))
    }

    fn check(
        &self,
        word: &str,
        args: &crate::Numbers,
        action: &Action,
    ) -> Result<(), IllegalMoveKind> {
        let (_, _, to) = lowered(word, args, action)?;
        if args.contains(&to) {
            return Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "a coin moves to an empty square: another coin stands there",
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
        Some("move one coin to an empty square below it".into())
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "A {word} strip is worth Welter's function of its squares: their nim-sum, with \
             2^(v(a - b) + 1) - 1 added (as a nim-sum) for each pair a, b, where 2^v is the \
             largest power of 2 dividing a - b (Conway, ONAG ch. 13)."
        )
    }
}

parse_without_parameter!(
    "welter",
    "welter takes no parameter: write the squares of the coins, e.g. welter 3 7 12",
    Welter
);
