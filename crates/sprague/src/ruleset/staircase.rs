//! Staircase Nim: coins on steps 1..=n; a move carries one or more coins from
//! a step down to the step below; coins carried from step 1 leave the game
//! (step 0 is the ground).
//!
//! `staircase:floor` numbers the stairs from a floor, as CSES's "Stair
//! Game" does: stair 1 is the floor, whose coins never move, and a move
//! carries coins from a stair k >= 2 to stair k - 1. It is staircase Nim
//! on stairs 2, 3, ... with the floor as the ground, so its value is the
//! nim-sum of the coins on the even stairs 2, 4, 6, ...
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
/// steps. With `floor` (`staircase:floor`) the first argument is the
/// floor's coins, which never move, and the even stairs count.
#[derive(Debug)]
pub struct Staircase {
    /// Whether stair 1 is a floor (`staircase:floor`).
    pub floor: bool,
}

impl Staircase {
    /// The index of the first step whose coins move (1 with a floor).
    fn first(&self) -> usize {
        usize::from(self.floor)
    }

    /// The steps that play: all of them, or those above the floor.
    fn playing<'a>(&self, coins: &'a [u64]) -> &'a [u64] {
        coins.get(self.first()..).unwrap_or(&[])
    }
}

/// The Grundy value of a staircase with a floor (`staircase:floor`, stair
/// 1 the floor, `coins[0]`): the nim-sum of the coins on the even stairs
/// 2, 4, 6, ... (`coins[1]`, `coins[3]`, ...).
///
/// ```
/// use sprague::ruleset::staircase::floor_value;
/// // CSES "Stair Game": 5 stairs holding 1 2 3 1 4: 2 ^ 1 = 3, the first
/// // player wins.
/// assert_eq!(floor_value(&[1, 2, 3, 1, 4]), 3);
/// assert_eq!(floor_value(&[9]), 0);
/// ```
pub fn floor_value(coins: &[u64]) -> u64 {
    value(coins.get(1..).unwrap_or(&[]))
}

impl Rules for Staircase {
    type Position = crate::Numbers;

    fn canonical(&self) -> String {
        if self.floor {
            "staircase:floor".into()
        } else {
            "staircase".into()
        }
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Stair
    }

    fn check_arguments(&self, coins: &crate::Numbers) -> Result<(), ArgumentError> {
        check_total(coins)
    }

    fn valued(&self, coins: &crate::Numbers, _: &Limits) -> Result<(u64, Basis), Error> {
        Ok((value(self.playing(coins)), Basis::Staircase))
    }

    fn closed_value(&self, coins: &crate::Numbers) -> Option<u64> {
        Some(value(self.playing(coins)))
    }

    fn single_heap_is_nim(&self) -> bool {
        // A lone floor never moves.
        !self.floor
    }

    fn few_winning_moves(&self) -> bool {
        true
    }

    fn has_moves(&self, coins: &crate::Numbers, _: &Limits) -> Result<bool, Error> {
        Ok(self.playing(coins).iter().any(|&c| c > 0))
    }

    fn moves(
        &self,
        coins: &crate::Numbers,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let playing = self.playing(coins);
        let total = playing.iter().fold(0u64, |a, &c| a.saturating_add(c));
        super::reserve(out, total, limits)?;
        for (step, &from) in coins.iter().enumerate().skip(self.first()) {
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
        // With a floor: the moves of the staircase above it, a step up.
        let first = self.first();
        Ok(moves_to_value(
            self.playing(coins),
            value ^ target,
            &mut |action| match action {
                Action::Stair { step, from, coins } => f(Action::Stair {
                    step: step + first,
                    from,
                    coins,
                }),
                other => f(other),
            },
        ))
    }

    fn random_move(
        &self,
        coins: &crate::Numbers,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let live: Vec<usize> = (self.first()..coins.len())
            .filter(|&i| coins[i] > 0)
            .collect();
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
        if self.floor && *step == 0 {
            return Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "stair 1 is the floor: its coins never move",
            });
        }
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
        if self.floor {
            format!(
                "A {word} is worth the nim-sum of the coins on its even stairs (2, 4, ...); \
                 stair 1 is the floor."
            )
        } else {
            format!("A {word} is worth the nim-sum of the coins on its odd steps.")
        }
    }
}

/// Parses `staircase` and `staircase:floor`.
pub(crate) fn parse(
    _: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn super::DynRules>, crate::error::ParseErrorKind> {
    match param {
        None => Ok(Box::new(Staircase { floor: false })),
        Some("floor") => Ok(Box::new(Staircase { floor: true })),
        Some(_) => Err(crate::error::ParseErrorKind::BadRuleset(
            "staircase takes no parameter but `floor`: write the coins on each step, e.g. \
             staircase 3 1 2, or staircase:floor 0 3 1 2 for stairs numbered from a floor \
             (stair 1, whose coins never move)"
                .into(),
        )),
    }
}
