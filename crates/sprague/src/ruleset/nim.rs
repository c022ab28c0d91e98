//! Nim by Bouton's theorem (Bouton 1901): a position is a P-position exactly
//! when the nim-sum (XOR) of its heap sizes is 0, and from any other position
//! the winning moves reduce one heap `h` to `h XOR s`, where `s` is the
//! nim-sum, whenever that is smaller than `h`.
//!
//! Everything here is linear in the number of heaps and works for heap sizes
//! up to `u64::MAX`.

use std::ops::ControlFlow;

use crate::{Action, HeapMove, Outcome, Parts};

/// The Grundy value of a Nim position: the nim-sum of its heap sizes.
///
/// ```
/// assert_eq!(sprague::ruleset::nim::value(&[3, 4, 5]), 2);
/// ```
pub fn value(heaps: &[u64]) -> u64 {
    crate::nim_sum(heaps.iter().copied())
}

/// The outcome class of a Nim position under normal play: P exactly when
/// the nim-sum is 0 (Bouton's theorem).
///
/// ```
/// use sprague::{ruleset::nim, Outcome};
/// assert_eq!(nim::outcome(&[1, 2, 3]), Outcome::P);
/// assert_eq!(nim::outcome(&[2, 5, 4]), Outcome::N);
/// assert_eq!(nim::outcome(&[]), Outcome::P);
/// ```
pub fn outcome(heaps: &[u64]) -> Outcome {
    Outcome::from_next_player_wins(value(heaps) != 0)
}

/// All winning moves of a Nim position under normal play, as `(heap index,
/// size left)` pairs in heap order: one for each heap `h` with `h XOR s < h`,
/// where `s` is the nim-sum. Empty for a P-position.
///
/// Two passes over the heaps; no allocation.
///
/// ```
/// let moves: Vec<_> = sprague::ruleset::nim::winning_moves(&[3, 4, 5]).collect();
/// assert_eq!(moves, vec![(0, 1)]); // heap 1: 3 -> 1
/// ```
pub fn winning_moves(heaps: &[u64]) -> impl Iterator<Item = (usize, u64)> + '_ {
    let s = value(heaps);
    heaps
        .iter()
        .enumerate()
        .filter_map(move |(i, &h)| (h ^ s < h).then_some((i, h ^ s)))
}

/// The move of one Nim heap of size `heap` to a heap of Grundy value
/// `target`, if there is one (exactly when `target < heap`).
pub(crate) fn move_to_value(heap: u64, target: u64) -> Option<HeapMove> {
    (target < heap).then(|| HeapMove {
        removed: heap - target,
        parts: Parts::one(target),
    })
}

/// The moves of a Nim component that change its nim-sum by `delta` (XOR),
/// passed to `f` in heap order until it breaks.
pub(crate) fn moves_to_value(
    heaps: &[u64],
    delta: u64,
    f: &mut dyn FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if delta == 0 {
        return ControlFlow::Continue(());
    }
    for (i, &h) in heaps.iter().enumerate() {
        let to = h ^ delta;
        if to < h {
            f(Action::Heap {
                heap: i,
                from: h,
                removed: h - to,
                parts: Parts::one(to),
            })?;
        }
    }
    ControlFlow::Continue(())
}
