//! [`LoopySolver`]: outcomes, generalized Sprague-Grundy values and
//! remoteness of any [`Game`] whose positions may recur.

use std::collections::HashMap;

use rustc_hash::FxBuildHasher;

use super::{GameGraph, GenValue, INFINITE};
use crate::{Error, Game, Outcome, DEFAULT_MAX_STATES, DEFAULT_WORK_PER_STATE};

/// What is known of one explored position.
#[derive(Clone, Debug)]
struct Known {
    value: GenValue,
    /// Retrograde analysis's outcome and remoteness (`None` for a draw).
    remoteness: Option<u32>,
}

/// The search for games with draws: every position reachable from the one
/// asked is explored (breadth first, keyed by [`Game::canonical`]), then
/// retrograde analysis gives each its outcome (P, N or D) and remoteness,
/// and the labelling algorithm of Fraenkel & Yesha (1986) its generalized
/// Sprague-Grundy value ([`GenValue`], Smith 1966); both are kept, so a
/// later question about any explored position costs one lookup.
///
/// A position that [`Game::components`] splits is valued as the sum of its
/// components' values ([`GenValue::sum`]), each explored on its own; its
/// remoteness, which does not follow from the components', is found by
/// exploring the whole position.
///
/// Time O(positions + moves) for the exploration and the outcomes (each
/// position's options listed once), and the labelling nearly so
/// ([`GameGraph::generalized_values`]). Limits: at most `max_states`
/// positions explored ([`Error::StateLimit`]), at most `max_states × 8`
/// options examined by default ([`Error::WorkLimit`]), and the time budget
/// ([`budget`](crate::budget)). The game from the position asked must be
/// finite; a game with infinitely many reachable positions stops at the
/// state limit.
///
/// ```
/// use sprague::{Error, Game, Outcome};
/// use sprague::loopy::{GenValue, LoopySolver};
///
/// /// A token on a graph: a → b, b → a, b → c.
/// struct Token;
/// impl Game for Token {
///     type Position = char;
///     type Move = char;
///     fn moves(&self, &at: &char) -> Result<Vec<char>, Error> {
///         Ok(match at { 'a' => vec!['b'], 'b' => vec!['a', 'c'], _ => vec![] })
///     }
///     fn play(&self, _: &char, &to: &char) -> char { to }
/// }
///
/// let mut solver = LoopySolver::new(Token);
/// assert_eq!(solver.outcome(&'b')?, Outcome::N); // b → c wins
/// assert_eq!(solver.outcome(&'a')?, Outcome::P); // a → b only
/// assert_eq!(solver.value(&'b')?, GenValue::Finite(1));
/// // b → a wins too: a is a P-position.
/// assert_eq!(solver.winning_moves(&'b')?, vec!['a', 'c']);
/// assert_eq!(solver.remoteness(&'a')?, Some(2));
/// # Ok::<(), Error>(())
/// ```
pub struct LoopySolver<G: Game> {
    game: G,
    max_states: usize,
    work_per_state: u64,
    known: HashMap<G::Position, Known, FxBuildHasher>,
}

impl<G: Game> LoopySolver<G> {
    /// A solver for `game` with the default state limit
    /// ([`DEFAULT_MAX_STATES`]).
    pub fn new(game: G) -> LoopySolver<G> {
        LoopySolver {
            game,
            max_states: DEFAULT_MAX_STATES,
            work_per_state: DEFAULT_WORK_PER_STATE,
            known: HashMap::default(),
        }
    }

    /// The same solver exploring at most `max_states` positions per
    /// question.
    pub fn with_max_states(mut self, max_states: usize) -> LoopySolver<G> {
        self.max_states = max_states;
        self
    }

    /// Sets the state limit to `max_states` positions explored per question.
    pub fn set_max_states(&mut self, max_states: usize) {
        self.max_states = max_states;
    }

    /// Sets how many options one exploration may examine per position of
    /// the state limit ([`Error::WorkLimit`]).
    pub fn set_work_per_state(&mut self, options: u64) {
        self.work_per_state = options.max(1);
    }

    /// The game this solver searches.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The game this solver searches, to change its settings; its rules must
    /// stay the same, or the stored values become wrong.
    pub fn game_mut(&mut self) -> &mut G {
        &mut self.game
    }

    /// The number of positions whose values are stored.
    pub fn stored_states(&self) -> usize {
        self.known.len()
    }

    /// The generalized Sprague-Grundy value of `position`.
    ///
    /// # Errors
    /// [`Error::StateLimit`], [`Error::WorkLimit`], [`Error::TimeLimit`];
    /// errors from [`Game::moves`].
    pub fn value(&mut self, position: &G::Position) -> Result<GenValue, Error> {
        let root = self.game.canonical(position);
        if let Some(k) = self.known.get(&root) {
            return Ok(k.value.clone());
        }
        if let Some(parts) = self.game.components(&root)? {
            let parts: Vec<G::Position> = parts.iter().map(|c| self.game.canonical(c)).collect();
            if !(parts.len() == 1 && parts[0] == root) {
                let mut values = Vec::with_capacity(parts.len());
                for part in &parts {
                    values.push(self.value(part)?);
                }
                return Ok(GenValue::sum(values));
            }
        }
        self.explore(root.clone())?;
        self.known
            .get(&root)
            .map(|k| k.value.clone())
            .ok_or_else(|| Error::Internal("exploration ended without the root".into()))
    }

    /// The outcome class of `position`: P, N or D (a draw).
    ///
    /// # Errors
    /// As for [`value`](LoopySolver::value).
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome, Error> {
        Ok(self.value(position)?.outcome())
    }

    /// The remoteness of `position` (Smith 1966; Winning Ways, ch. 9): how
    /// many moves the game lasts when the player who can win hurries and
    /// the other delays (even for a P-position, odd for an N-position), or
    /// `None` for a draw. A sum is explored as a whole for it.
    ///
    /// # Errors
    /// As for [`value`](LoopySolver::value).
    pub fn remoteness(&mut self, position: &G::Position) -> Result<Option<u64>, Error> {
        let root = self.game.canonical(position);
        if !self.known.contains_key(&root) {
            self.explore(root.clone())?;
        }
        Ok(self
            .known
            .get(&root)
            .and_then(|k| k.remoteness)
            .map(u64::from))
    }

    /// Every move from `position` to a P-position, in the order of
    /// [`Game::moves`]; empty unless `position` is an N-position.
    ///
    /// # Errors
    /// As for [`value`](LoopySolver::value).
    pub fn winning_moves(&mut self, position: &G::Position) -> Result<Vec<G::Move>, Error> {
        self.moves_to_class(position, Outcome::P)
    }

    /// Every move from a drawn `position` that keeps the draw (to another
    /// D-position; every other move loses); empty unless `position` is a
    /// draw.
    ///
    /// # Errors
    /// As for [`value`](LoopySolver::value).
    pub fn drawing_moves(&mut self, position: &G::Position) -> Result<Vec<G::Move>, Error> {
        if self.outcome(position)? != Outcome::D {
            return Ok(Vec::new());
        }
        self.moves_to_class(position, Outcome::D)
    }

    /// Every move from `position` with the outcome of the position it
    /// leads to, in the order of [`Game::moves`].
    ///
    /// # Errors
    /// As for [`value`](LoopySolver::value).
    pub fn moves_with_outcomes(
        &mut self,
        position: &G::Position,
    ) -> Result<Vec<(G::Move, Outcome)>, Error> {
        self.value(position)?;
        let mut out = Vec::new();
        for mv in self.game.moves(position)? {
            let after = self.game.play(position, &mv);
            let o = self.outcome(&after)?;
            out.push((mv, o));
        }
        Ok(out)
    }

    fn moves_to_class(
        &mut self,
        position: &G::Position,
        class: Outcome,
    ) -> Result<Vec<G::Move>, Error> {
        Ok(self
            .moves_with_outcomes(position)?
            .into_iter()
            .filter(|(_, o)| *o == class)
            .map(|(m, _)| m)
            .collect())
    }

    /// Explores every position reachable from `root` (canonical, not
    /// known), numbers them, and stores the values, outcomes and
    /// remoteness of them all.
    fn explore(&mut self, root: G::Position) -> Result<(), Error> {
        let limit = Error::StateLimit {
            limit: self.max_states,
        };
        let work = (self.max_states as u64).saturating_mul(self.work_per_state);
        let mut index: HashMap<G::Position, u32, FxBuildHasher> = HashMap::default();
        let mut positions = vec![root.clone()];
        index.insert(root, 0);
        let mut offsets = vec![0u32];
        let mut targets: Vec<u32> = Vec::new();
        let mut options = Vec::new();
        let mut examined = 0u64;
        let mut next = 0usize;
        while next < positions.len() {
            crate::budget::check()?;
            options.clear();
            self.game.options(&positions[next], &mut options)?;
            examined += options.len() as u64;
            if examined > work {
                return Err(Error::WorkLimit {
                    options: work,
                    states: self.max_states,
                    per_state: self.work_per_state,
                });
            }
            let start = targets.len();
            for o in options.drain(..) {
                let id = match index.get(&o) {
                    Some(&id) => id,
                    None => {
                        if positions.len() >= self.max_states
                            || positions.len() >= (INFINITE - 2) as usize
                        {
                            return Err(limit);
                        }
                        let id = positions.len() as u32;
                        index.insert(o.clone(), id);
                        positions.push(o);
                        id
                    }
                };
                targets.push(id);
            }
            targets[start..].sort_unstable();
            let mut kept = start;
            for i in start..targets.len() {
                if i == start || targets[i] != targets[kept - 1] {
                    targets[kept] = targets[i];
                    kept += 1;
                }
            }
            targets.truncate(kept);
            if targets.len() >= (INFINITE - 2) as usize {
                return Err(limit);
            }
            offsets.push(targets.len() as u32);
            next += 1;
        }
        drop(index);
        let graph = GameGraph::from_csr(offsets, targets);
        let labels = graph.generalized_values();
        let classes = graph.retrograde();
        for (u, position) in positions.into_iter().enumerate() {
            let value = match labels[u] {
                INFINITE => GenValue::Infinite(graph.reachable_values(&labels, u as u32)),
                g => GenValue::Finite(u64::from(g)),
            };
            debug_assert_eq!(value.outcome(), classes[u].0);
            self.known.entry(position).or_insert(Known {
                value,
                remoteness: classes[u].1,
            });
        }
        Ok(())
    }
}
