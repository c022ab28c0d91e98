//! Moore's Nim_k (Moore 1910): a move takes tokens from at least one and at
//! most `k` heaps (any positive number from each).
//!
//! Moore's theorem: a position is a P-position exactly when, for every binary
//! digit position, the number of heaps with a 1 there is divisible by `k + 1`.
//! `moore:1` is Nim.
//!
//! The winning moves are enumerated exactly, for heaps up to `u64::MAX`, by a
//! walk over the binary digits from the highest: a heap is *unchanged so far*
//! until the first digit where the move turns its 1 into a 0; from then on it
//! is *free* (already smaller), and its lower digits may be anything. At each
//! digit the move chooses which unchanged heaps with a 1 there become free
//! (at most `k` free heaps in all) and which free heaps get a 1, so that the
//! column count becomes divisible by `k + 1`. Such a choice exists at every
//! digit whatever was chosen above (with `m` free heaps and `k - m` still
//! allowed, the reachable counts cover `k + 1` consecutive integers or reach
//! 0), so every branch of the walk ends in a winning move, except the single
//! branch that changes nothing. The walk therefore costs O(64 · n) per move
//! listed, however many moves there are; there can be astronomically many
//! (each digit below the highest may let two free heaps swap a 1).

mod closed;
mod options;
mod search;
mod walk;

use std::ops::ControlFlow;

use super::rules::{Pick, Rules, Visit};
use super::MoveKind;
use crate::error::ParseErrorKind;
use crate::{Action, Basis, Error, HeapChange, IllegalMoveKind, Limits, Outcome, Play};

use closed::closed_moves_to;
use options::options;
use search::ValueSearch;
use walk::{count_winning_moves, winning_moves};

pub use closed::{closed_value, is_p_position};

/// Parses the parameter of `moore:K`: a whole number `K >= 1`.
pub(crate) fn parse_k(text: &str) -> Result<u64, ParseErrorKind> {
    let bad = |why: String| Err(ParseErrorKind::BadRuleset(why));
    if text.is_empty() {
        return bad("moore needs K, the most heaps a move may take from: e.g. moore:2".into());
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return bad(format!(
            "K in moore:K must be a whole number >= 1 (the most heaps a move may take from), not {text:?}"
        ));
    }
    match text.parse::<u64>() {
        Ok(0) => bad("K in moore:K must be at least 1 (moore:1 is Nim)".into()),
        Ok(k) => Ok(k),
        Err(_) => bad(format!("K = {text} in moore:K is larger than 2^64 - 1")),
    }
}

/// Moore's Nim_k as a ruleset (`moore:K`): take from at least one and at
/// most `k` heaps at once (Moore 1910). Values by the closed forms of
/// [`closed_value`] where they apply, else by a search kept with the
/// ruleset (`ValueSearch`); outcomes always by Moore's theorem.
#[derive(Debug)]
pub struct Moore {
    k: u64,
    searched: ValueSearch,
}

impl Moore {
    /// Moore's Nim_k for `k >= 1`.
    pub fn new(k: u64) -> Moore {
        Moore {
            k: k.max(1),
            searched: ValueSearch::default(),
        }
    }

    /// K, the most heaps one move may take from.
    pub fn k(&self) -> u64 {
        self.k
    }
}

impl Rules for Moore {
    type Position = crate::Numbers;

    fn canonical(&self) -> String {
        format!("moore:{}", self.k)
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Heaps { max: self.k }
    }

    fn valued(&self, heaps: &crate::Numbers, limits: &Limits) -> Result<(u64, Basis), Error> {
        match closed_value(heaps, self.k) {
            Some(v) if self.k == 1 => Ok((v, Basis::Bouton)),
            Some(v) => Ok((v, Basis::Moore)),
            None => {
                let live = heaps.iter().filter(|&&h| h > 0).count() as u64;
                if live <= self.k {
                    // Worth the sum of the heaps, which passes 2^64 - 1.
                    return Err(Error::ValueTooLarge {
                        ruleset: self.canonical(),
                        value: heaps.iter().map(|&h| u128::from(h)).sum(),
                    });
                }
                let v = self.searched.value(heaps, self.k, limits)?;
                let positions = self.searched.stored();
                Ok((v, Basis::Search { positions }))
            }
        }
    }

    fn closed_value(&self, heaps: &crate::Numbers) -> Option<u64> {
        closed_value(heaps, self.k)
    }

    /// Normal play, by Moore's theorem (`k = 1` is Nim, which Bouton's
    /// theorem values outright).
    fn lone_outcome(&self, heaps: &crate::Numbers, play: Play) -> Option<(Outcome, Basis)> {
        (play == Play::Normal && self.k > 1).then(|| {
            (
                Outcome::from_next_player_wins(!is_p_position(heaps, self.k)),
                Basis::Moore,
            )
        })
    }

    fn lone_winning_moves(
        &self,
        heaps: &crate::Numbers,
        _: Play,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        Ok(winning_moves(heaps, self.k, &mut |changes| {
            f(Action::Heaps { changes })
        }))
    }

    fn is_nim(&self) -> bool {
        self.k == 1
    }

    fn single_heap_is_nim(&self) -> bool {
        true
    }

    fn few_winning_moves(&self) -> bool {
        self.k == 1
    }

    fn count_winning_moves(&self, heaps: &crate::Numbers) -> Option<u64> {
        count_winning_moves(heaps, self.k, 1 << 20).and_then(|n| u64::try_from(n).ok())
    }

    fn has_moves(&self, heaps: &crate::Numbers, _: &Limits) -> Result<bool, Error> {
        Ok(heaps.iter().any(|&h| h > 0))
    }

    fn moves(
        &self,
        heaps: &crate::Numbers,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let mut changes = Vec::new();
        options(heaps, self.k, limits.max_states, &mut changes)?;
        out.extend(changes.into_iter().map(|changes| Action::Heaps { changes }));
        Ok(())
    }

    /// `k = 1`: Nim's moves (one heap to `h XOR delta`); to a P-position:
    /// the digit walk of `winning_moves`; otherwise the closed forms of
    /// `closed_moves_to`, else by trying every move.
    fn moves_to(
        &self,
        heaps: &crate::Numbers,
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        let mut as_action = |changes| f(Action::Heaps { changes });
        if self.k == 1 {
            let delta = value ^ target;
            if delta != 0 {
                for (heap, &from) in heaps.iter().enumerate() {
                    let to = from ^ delta;
                    if to < from && as_action(vec![HeapChange { heap, from, to }]).is_break() {
                        return Ok(ControlFlow::Break(()));
                    }
                }
            }
            return Ok(ControlFlow::Continue(()));
        }
        if target == 0 {
            return Ok(winning_moves(heaps, self.k, &mut as_action));
        }
        if let Some(flow) = closed_moves_to(heaps, self.k, target, &mut as_action) {
            return Ok(flow);
        }
        super::searched_moves_to(self, heaps, target, limits, f)
    }

    /// One heap, reduced to a size chosen with `pick`.
    fn random_move(
        &self,
        heaps: &crate::Numbers,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        Ok(super::random_heap_change(heaps, pick))
    }

    fn check(
        &self,
        word: &str,
        heaps: &crate::Numbers,
        action: &Action,
    ) -> Result<(), IllegalMoveKind> {
        super::check_heap_changes(word, heaps, action, self.k)?;
        Ok(())
    }

    fn apply(&self, heaps: &mut Vec<u64>, action: &Action) {
        if let Action::Heaps { changes } = action {
            for c in changes {
                heaps[c.heap] = c.to;
            }
        }
    }

    fn canonicalize(&self, heaps: &mut Vec<u64>) {
        heaps.retain(|&h| h != 0);
        heaps.sort_unstable();
    }

    fn value_note(&self, word: &str) -> String {
        if self.k == 1 {
            format!("A {word} heap is worth its size.")
        } else {
            format!(
                "{word} is worth the sum of its heaps when at most K of them are non-empty, \
                 otherwise the value found by search (no formula is known)."
            )
        }
    }
}

/// Parses `moore:K`.
pub(crate) fn parse(
    _: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn crate::ruleset::DynRules>, ParseErrorKind> {
    match param {
        Some(k) => Ok(Box::new(Moore::new(parse_k(k)?))),
        None => Err(ParseErrorKind::BadRuleset(
            "moore needs K, the most heaps a move may take from: e.g. moore:2".into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_k() {
        assert!(parse_k("0").is_err());
        assert!(parse_k("x").is_err());
        assert!(parse_k("").is_err());
        assert!(parse_k("-1").is_err());
        assert_eq!(parse_k("3"), Ok(3));
    }
}
