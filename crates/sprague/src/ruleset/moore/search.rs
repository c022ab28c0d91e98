//! Moore's Nim_k searched: [`MooreGame`], a component as a [`Game`] for the
//! generic solver, and [`ValueSearch`], the table of searched Grundy values
//! kept with the ruleset.

use super::closed::is_p_position;
use super::options::options;
use crate::{Error, Game, HeapChange, Limits, Solver};

/// One component of Moore's Nim_k as a [`Game`] for the generic solver:
/// positions are heap lists (canonically sorted, without zeros), moves are
/// lists of heap changes. Beyond the closed forms of
/// [`closed_value`](super::closed_value) its Grundy values have no known
/// formula (Winning Ways, ch. 15), so they are searched for.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MooreGame {
    pub(super) k: u64,
    pub(super) max_options: usize,
}

impl Game for MooreGame {
    type Position = Vec<u64>;
    type Move = MooreMove;

    fn moves(&self, heaps: &Vec<u64>) -> Result<Vec<MooreMove>, Error> {
        let mut out = Vec::new();
        options(heaps, self.k, self.max_options, &mut out)?;
        Ok(out.into_iter().map(MooreMove).collect())
    }

    fn play(&self, heaps: &Vec<u64>, mv: &MooreMove) -> Vec<u64> {
        let mut after = heaps.clone();
        for c in &mv.0 {
            after[c.heap] = c.to;
        }
        after
    }

    fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
        let mut c: Vec<u64> = heaps.iter().copied().filter(|&h| h != 0).collect();
        c.sort_unstable();
        c
    }
}

/// A move of [`MooreGame`].
#[derive(Clone, Debug)]
pub(crate) struct MooreMove(Vec<HeapChange>);

impl std::fmt::Display for MooreMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "heap {}: {} -> {}", c.heap + 1, c.from, c.to)?;
        }
        Ok(())
    }
}

/// The Grundy values of Moore's Nim_k found so far, kept with the ruleset so
/// that repeated analyses (a batch, `verify`) search each position once.
#[derive(Default)]
pub(crate) struct ValueSearch {
    solver: std::sync::Mutex<Option<Solver<MooreGame>>>,
    /// Positions (sorted heaps) whose search failed, with the state limit
    /// it failed at: asked again within that limit, they fail at once.
    failed: std::sync::Mutex<std::collections::HashMap<Vec<u64>, usize>>,
}

impl ValueSearch {
    /// The number of positions the value search has stored so far.
    pub(crate) fn stored(&self) -> u64 {
        let guard = self.solver.lock().unwrap_or_else(|e| e.into_inner());
        guard.as_ref().map_or(0, |s| s.stored_states() as u64)
    }

    /// The Grundy value of the component `heaps` of `moore:k`, by search
    /// within `limits` (a table kept across calls).
    ///
    /// A P-position by Moore's theorem has value 0 without search; a
    /// position with clearly more positions below it than the state limit
    /// fails at once instead of searching up to the limit.
    pub(crate) fn value(&self, heaps: &[u64], k: u64, limits: &Limits) -> Result<u64, Error> {
        if is_p_position(heaps, k) {
            return Ok(0);
        }
        // Positions below: the multisets of sizes h'_i <= h_i, at least
        // prod(h_i + 1) / n! of them.
        let below = heaps
            .iter()
            .filter(|&&h| h > 0)
            .enumerate()
            .fold(1f64, |acc, (i, &h)| {
                acc * (h as f64 + 1.0) / (i as f64 + 1.0)
            });
        if below > limits.max_states as f64 {
            return Err(Error::StateLimit {
                limit: limits.max_states,
            });
        }
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h != 0).collect();
        key.sort_unstable();
        let mut failed = self.failed.lock().unwrap_or_else(|e| e.into_inner());
        if failed.get(&key).is_some_and(|&at| limits.max_states <= at) {
            return Err(Error::StateLimit {
                limit: limits.max_states,
            });
        }
        let mut guard = self.solver.lock().unwrap_or_else(|e| e.into_inner());
        let solver = guard.get_or_insert_with(|| {
            Solver::new(MooreGame {
                k,
                max_options: limits.max_states,
            })
        });
        solver.set_max_states(limits.max_states);
        solver.game_mut().max_options = limits.max_states;
        let result = solver.grundy_value(&key);
        if let Err(e) = &result {
            if e.is_limit() && failed.len() < 1024 {
                failed.insert(key, limits.max_states);
            }
        }
        result
    }
}

impl std::fmt::Debug for ValueSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ValueSearch")
            .field("stored", &self.stored())
            .finish()
    }
}
