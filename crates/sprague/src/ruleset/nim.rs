//! Nim by Bouton's theorem (Bouton 1901): a position is a P-position exactly
//! when the nim-sum (XOR) of its heap sizes is 0, and from any other position
//! the winning moves reduce one heap `h` to `h XOR s`, where `s` is the
//! nim-sum, whenever that is smaller than `h`.
//!
//! Everything here is linear in the number of heaps and works for heap sizes
//! up to `u64::MAX`.

use std::ops::ControlFlow;

use super::rules::{HeapRules, Pick, Visit};
use super::Heaps;
use crate::{Basis, Error, HeapMove, Limits, Outcome, Parts};

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

/// Nim as a ruleset (`nim`): take any positive number of tokens from one
/// heap (Bouton 1901). A heap of n is worth n.
#[derive(Debug)]
pub struct Nim;

impl HeapRules for Nim {
    fn canonical(&self) -> String {
        "nim".into()
    }

    fn heap_value(&self, heap: u64, _: &Limits) -> Result<(u64, Basis), Error> {
        Ok((heap, Basis::Bouton))
    }

    fn closed_heap_value(&self, heap: u64) -> Option<u64> {
        Some(heap)
    }

    fn closed_histogram(&self, max: u64) -> Option<Vec<(u128, u128)>> {
        // Every value 0..=max once.
        Some(vec![(u128::from(max) + 1, 1)])
    }

    fn options(&self, heap: u64, limits: &Limits, out: &mut Vec<HeapMove>) -> Result<(), Error> {
        super::reserve(out, heap, limits)?;
        out.extend((0..heap).rev().map(|to| super::heaps::take_to(heap, to)));
        Ok(())
    }

    fn moves_to(
        &self,
        heap: u64,
        target: u64,
        _: &Limits,
        f: Visit<'_, HeapMove>,
    ) -> Result<ControlFlow<()>, Error> {
        Ok(match move_to_value(heap, target) {
            Some(m) => f(m),
            None => ControlFlow::Continue(()),
        })
    }

    fn is_legal(&self, _: u64, m: &HeapMove) -> bool {
        m.removed >= 1 && m.parts.count() == 1
    }

    fn has_moves(&self, heap: u64) -> Option<bool> {
        Some(heap > 0)
    }

    fn random_move(
        &self,
        heap: u64,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<HeapMove>, Error> {
        if heap == 0 {
            return Ok(None);
        }
        let removed = 1 + pick(heap);
        Ok(Some(super::heaps::take_to(heap, heap - removed)))
    }

    fn few_winning_moves(&self) -> bool {
        true
    }

    fn is_nim(&self) -> bool {
        true
    }

    fn value_note(&self, word: &str) -> String {
        format!("A {word} heap is worth its size.")
    }
}

parse_without_parameter!(
    "nim",
    "nim takes no parameter (for Moore's Nim_k write moore:K, for bounded Nim sub:1-K)",
    Heaps(Nim)
);

/// The outcome class of a Nim position under misère play (the player who
/// takes the last token loses; Bouton 1901, Winning Ways ch. 13): when no
/// heap has more than one token, P exactly when the number of 1-heaps is
/// odd; otherwise P exactly when the nim-sum is 0. Empty heaps count for
/// nothing, so `[]` and `[0]` are N (the player to move has no move and so
/// does not make the last move).
///
/// ```
/// use sprague::{ruleset::nim, Outcome};
/// assert_eq!(nim::misere_outcome(&[1, 1, 1]), Outcome::P);
/// assert_eq!(nim::misere_outcome(&[1, 1]), Outcome::N);
/// assert_eq!(nim::misere_outcome(&[2, 2]), Outcome::P);
/// assert_eq!(nim::misere_outcome(&[1, 0]), Outcome::P);
/// assert_eq!(nim::misere_outcome(&[]), Outcome::N);
/// ```
pub fn misere_outcome(heaps: &[u64]) -> Outcome {
    if heaps.iter().all(|&h| h <= 1) {
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        Outcome::from_next_player_wins(ones % 2 == 0)
    } else {
        outcome(heaps)
    }
}

/// All winning moves of a Nim position under misère play, as `(heap index,
/// size left)` pairs in heap order. Empty for a P-position (and for the
/// positions without any move, which are N).
///
/// - No heap above 1 and an even, non-zero number of 1-heaps: taking any
///   1-heap leaves an odd number of them.
/// - Exactly one heap above 1: reduce it to 0 or 1, whichever leaves an odd
///   number of 1-heaps (exactly one move).
/// - Two or more heaps above 1: the normal-play (Bouton) moves, which leave
///   a heap above 1 and a nim-sum of 0.
///
/// Linear in the number of heaps.
///
/// ```
/// use sprague::ruleset::nim::misere_winning_moves;
/// assert_eq!(misere_winning_moves(&[3, 4, 1]), vec![(1, 2)]); // 4 -> 2
/// assert_eq!(misere_winning_moves(&[2, 3]), vec![(1, 2)]); // 3 -> 2
/// assert_eq!(misere_winning_moves(&[5, 1, 1]), vec![(0, 1)]); // 5 -> 1
/// assert!(misere_winning_moves(&[4, 5, 1]).is_empty()); // a P-position
/// ```
pub fn misere_winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] >= 2).collect();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    match big.as_slice() {
        [] if ones % 2 == 0 => (0..heaps.len())
            .filter(|&i| heaps[i] == 1)
            .map(|i| (i, 0))
            .collect(),
        [] => Vec::new(),
        [only] => vec![(*only, if ones % 2 == 1 { 0 } else { 1 })],
        _ => winning_moves(heaps).collect(),
    }
}
