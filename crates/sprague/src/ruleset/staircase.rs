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

use crate::Action;

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
pub(crate) fn check_total(coins: &[u64]) -> Result<(), String> {
    coins
        .iter()
        .try_fold(0u64, |a, &c| a.checked_add(c))
        .map(|_| ())
        .ok_or_else(|| {
            "a staircase may hold at most 18446744073709551615 coins in all (they can all \
             gather on one step)"
                .to_string()
        })
}
