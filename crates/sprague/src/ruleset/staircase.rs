//! Staircase Nim: coins on steps 1..=n; a move carries one or more coins from
//! a step down to the step below; coins carried from step 1 leave the game
//! (step 0 is the ground).
//!
//! The Grundy value is the nim-sum of the coins on the odd-numbered steps
//! (Winning Ways, ch. 14; see Berlekamp, Conway & Guy): a move from an odd
//! step to the even step below lowers one odd-step pile like a Nim move; a
//! move from an even step raises the odd step below it, and whatever the
//! value `g` of a position, every smaller value is reached by such Nim moves
//! while no move keeps the value `g` (every move changes exactly one odd step),
//! so the mex of the options' values is `g`.

use std::ops::ControlFlow;

use super::rules::{Pick, Rules, Visit};
use super::{check_place, ArgumentError, MoveKind};
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, Place};

/// The Grundy value of a staircase: the nim-sum of the coins on steps 1, 3,
/// 5, ... (`coins[0]`, `coins[2]`, ...).
///
/// ```
/// use sprague::ruleset::staircase::value;
/// assert_eq!(value(&[3, 1, 2]), 3 ^ 2);
/// assert_eq!(value(&[0, 5]), 0);
/// assert_eq!(value(&[3, 9, 3]), 0);
/// ```
pub fn value(coins: &[u64]) -> u64 {
    coins.iter().step_by(2).fold(0, |a, &c| a ^ c)
}

/// The moves of a staircase to a staircase of Grundy value `value ^ delta`,
/// passed to `f` in step order until it breaks. Both kinds of move count:
/// from an odd step down to the even step below (lowering that odd step's
/// pile to `c ^ delta`), and from an even step onto the odd step below
/// (raising that pile to `c ^ delta` when the even step holds enough coins).
pub(crate) fn moves_to_value(
    coins: &[u64],
    delta: u64,
    f: &mut dyn FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if delta == 0 {
        return ControlFlow::Continue(());
    }
    for (i, &c) in coins.iter().enumerate() {
        if i % 2 == 0 {
            // Odd step i+1: carry coins down so that c becomes c ^ delta.
            let to = c ^ delta;
            if to < c {
                f(Action::Stair {
                    step: i,
                    from: c,
                    coins: c - to,
                })?;
            }
        } else {
            // Even step i+1: carry coins onto odd step i, raising it.
            let below = coins[i - 1];
            let to = below ^ delta;
            if to > below && to - below <= c {
                f(Action::Stair {
                    step: i,
                    from: c,
                    coins: to - below,
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Checks that the coins of a staircase add up to at most 2^64 - 1, so that
/// every position reachable from it can be written down.
///
/// # Errors
/// [`ArgumentError::TooManyCoins`] naming the step at which the total
/// passes 2^64 - 1.
pub(crate) fn check_total(coins: &[u64]) -> Result<(), ArgumentError> {
    let mut total = 0u64;
    for (i, &c) in coins.iter().enumerate() {
        total = total
            .checked_add(c)
            .ok_or(ArgumentError::TooManyCoins { step: i + 1 })?;
    }
    Ok(())
}

/// Staircase Nim as a ruleset (`staircase`): the arguments are the coins on
/// steps 1, 2, ...; valued by the staircase reduction to Nim on the odd
/// steps.
#[derive(Debug)]
pub struct Staircase;

impl Rules for Staircase {
    type Position = crate::Numbers;

    fn canonical(&self) -> String {
        "staircase".into()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Stair
    }

    fn check_arguments(&self, coins: &crate::Numbers) -> Result<(), ArgumentError> {
        check_total(coins)
    }

    fn valued(&self, coins: &crate::Numbers, _: &Limits) -> Result<(u64, Basis), Error> {
        Ok((value(coins), Basis::Staircase))
    }

    fn closed_value(&self, coins: &crate::Numbers) -> Option<u64> {
        Some(value(coins))
    }

    fn single_heap_is_nim(&self) -> bool {
        true
    }

    fn few_winning_moves(&self) -> bool {
        true
    }

    fn has_moves(&self, coins: &crate::Numbers, _: &Limits) -> Result<bool, Error> {
        Ok(coins.iter().any(|&c| c > 0))
    }

    fn moves(
        &self,
        coins: &crate::Numbers,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let total = coins.iter().fold(0u64, |a, &c| a.saturating_add(c));
        super::reserve(out, total, limits)?;
        for (step, &from) in coins.iter().enumerate() {
            out.extend((1..=from).map(|coins| Action::Stair { step, from, coins }));
        }
        Ok(())
    }

    fn moves_to(
        &self,
        coins: &crate::Numbers,
        value: u64,
        target: u64,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        Ok(moves_to_value(coins, value ^ target, f))
    }

    fn random_move(
        &self,
        coins: &crate::Numbers,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let live: Vec<usize> = (0..coins.len()).filter(|&i| coins[i] > 0).collect();
        if live.is_empty() {
            return Ok(None);
        }
        let step = live[pick(live.len() as u64) as usize];
        let from = coins[step];
        Ok(Some(Action::Stair {
            step,
            from,
            coins: 1 + pick(from),
        }))
    }

    fn check(
        &self,
        word: &str,
        steps: &crate::Numbers,
        action: &Action,
    ) -> Result<(), IllegalMoveKind> {
        let (step, from, coins) = match action {
            Action::Stair { step, from, coins } => (step, from, coins),
            Action::Heap {
                heap, from, parts, ..
            } => {
                check_place(steps, Place::Heap, *heap, *from)?;
                return Err(IllegalMoveKind::NotAllowed {
                    ruleset: word.into(),
                    heap: *heap,
                    from: *from,
                    parts: *parts,
                });
            }
            Action::Heaps { .. } => {
                return Err(IllegalMoveKind::OneHeapAtATime {
                    ruleset: word.into(),
                })
            }
            Action::Token { .. }
            | Action::Cut { .. }
            | Action::Listed { .. }
            | Action::Pick { .. }
            | Action::Turn { .. } => return Err(super::no_tokens(word)),
        };
        let c = check_place(steps, Place::Step, *step, *from)?;
        if *coins == 0 || *coins > c {
            return Err(IllegalMoveKind::CoinsOutOfRange {
                step: *step,
                has: c,
                coins: *coins,
            });
        }
        Ok(())
    }

    fn apply(&self, steps: &mut Vec<u64>, action: &Action) {
        if let Action::Stair { step, coins, .. } = action {
            steps[*step] -= coins;
            if *step > 0 {
                // Cannot overflow: a staircase holds at most 2^64 - 1 coins
                // in all (`check_total`).
                steps[*step - 1] += coins;
            }
        }
    }

    /// Steps keep their places; empty steps at the top count for nothing.
    fn canonicalize(&self, steps: &mut Vec<u64>) {
        while steps.last() == Some(&0) {
            steps.pop();
        }
    }

    fn value_note(&self, word: &str) -> String {
        format!("A {word} is worth the nim-sum of the coins on its odd steps.")
    }
}

parse_without_parameter!(
    "staircase",
    "staircase takes no parameter: write the coins on each step, e.g. staircase 3 1 2",
    Staircase
);
