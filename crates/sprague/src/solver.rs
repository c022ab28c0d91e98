//! The generic solver: outcome classes and Grundy values by the definitions
//! alone, for any [`Game`].

use std::collections::HashMap;

use rustc_hash::FxBuildHasher;

use crate::limits::{DEFAULT_MAX_STATES, DEFAULT_WORK_PER_STATE};
use crate::{mex, Error, Game, Outcome, Play};

/// A search by the definitions of P-positions, N-positions and Grundy values,
/// with a transposition table and a limit on stored positions.
///
/// - A terminal position is P under normal play and N under misère play; any
///   other position is N exactly when some option is P.
/// - The Grundy value of a position is the mex of its options' Grundy values
///   (Winning Ways, ch. 4); a position is P under normal play exactly when its
///   Grundy value is 0.
///
/// The search is iterative (an explicit stack, not recursion), so games many
/// moves deep do not overflow the call stack: a one-heap subtraction game
/// with heap 100,000 is 100,000 moves deep. Every position visited is stored
/// once, keyed by [`Game::canonical`]; the work is proportional to the number
/// of positions reachable times their number of moves. When the table, the
/// positions on the stack and the options they wait on would together exceed
/// the state limit, the search stops with [`Error::StateLimit`] instead of
/// exhausting memory; what was already stored stays valid, so a later call
/// with a larger limit resumes from it. The state limit counts positions
/// stored and nothing else. The time of one call is bounded by the work
/// limit: it examines at most 8 options per position it may store by
/// default (16 million with the default limit;
/// [`Solver::set_work_per_state`] changes the 8), each option counted as
/// its [`Game::weight`] (its size, for large positions), before stopping
/// with [`Error::WorkLimit`]; and by a deadline set with
/// [`budget::with_deadline`](crate::budget::with_deadline). It reports its
/// progress to a reporter set with
/// [`progress::with_progress`](crate::progress::with_progress).
///
/// This solver is the reference every closed form in this crate is tested
/// against, and the fallback for positions no closed form covers (misère
/// play of sums, for instance).
///
/// The game must be finite and without cycles. A game with a cycle reachable
/// from the position asked stops with [`Error::Cycle`] as soon as the search
/// finds a position repeated on its stack (looked for each time the stack
/// doubles past 64 positions, so in amortised O(1) a position);
/// [`LoopySolver`](crate::loopy::LoopySolver) answers such games.
///
/// ```
/// use sprague::{Position, Outcome, Play, Solver, SumGame};
/// let mut solver = Solver::new(SumGame::default());
/// let p: Position = "nim 1 2 3".parse()?;
/// assert_eq!(solver.outcome(&p, Play::Normal)?, Outcome::P);
/// assert_eq!(solver.grundy_value(&"nim 3 4 5".parse()?)?, 2);
/// # Ok::<(), sprague::Error>(())
/// ```
pub struct Solver<G: Game> {
    game: G,
    max_states: usize,
    work_per_state: u64,
    grundy: HashMap<G::Position, u64, FxBuildHasher>,
    outcomes: [HashMap<G::Position, Outcome, FxBuildHasher>; 2],
    /// Options examined by the current call.
    examined: u64,
}

/// One position on the explicit search stack, with its options and the
/// index of the first option not yet known.
struct Frame<P> {
    position: P,
    options: Vec<P>,
    next: usize,
    /// The `options` are the components of a sum ([`Game::components`]):
    /// its value is their nim-sum, not their mex.
    sum: bool,
}

/// [`Error::Cycle`] when a position is on the stack twice: looked for when
/// the stack's length reaches a power of two from 64 on, so that a search
/// that entered a cycle (whose stack then grows without end, repeating it)
/// stops within twice the depth at which it entered, at an amortised cost
/// of O(1) a push.
fn check_cycle<P: Eq + std::hash::Hash>(stack: &[Frame<P>]) -> Result<(), Error> {
    let n = stack.len();
    if n < 64 || !n.is_power_of_two() {
        return Ok(());
    }
    let mut seen = std::collections::HashSet::with_capacity_and_hasher(n, FxBuildHasher);
    for f in stack {
        if !seen.insert(&f.position) {
            return Err(Error::Cycle);
        }
    }
    Ok(())
}

impl<G: Game> Solver<G> {
    /// A solver for `game` with the default state limit
    /// ([`DEFAULT_MAX_STATES`]).
    pub fn new(game: G) -> Solver<G> {
        Solver {
            game,
            max_states: DEFAULT_MAX_STATES,
            work_per_state: DEFAULT_WORK_PER_STATE,
            grundy: HashMap::default(),
            outcomes: [HashMap::default(), HashMap::default()],
            examined: 0,
        }
    }

    /// The same solver with the state limit set to `max_states` positions
    /// (table entries plus positions on the search stack).
    pub fn with_max_states(mut self, max_states: usize) -> Solver<G> {
        self.max_states = max_states;
        self
    }

    /// Sets the state limit to `max_states` positions.
    pub fn set_max_states(&mut self, max_states: usize) {
        self.max_states = max_states;
    }

    /// Sets how many options one call may examine per position of the
    /// state limit (the work limit, [`Error::WorkLimit`]): for games whose
    /// positions have hundreds of options each (Fibonacci Nim), where 8
    /// would stop a search that fits in memory.
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

    /// The number of positions stored in the transposition tables.
    pub fn stored_states(&self) -> usize {
        self.grundy.len() + self.outcomes[0].len() + self.outcomes[1].len()
    }

    /// A frame for `position`, with its options, or with its components
    /// when `split` (a Grundy value search) and the game splits it.
    fn frame(
        &mut self,
        position: G::Position,
        pending: usize,
        split: bool,
    ) -> Result<Frame<G::Position>, Error> {
        let limit = Error::StateLimit {
            limit: self.max_states,
        };
        if self.stored_states() + pending >= self.max_states {
            return Err(limit);
        }
        crate::budget::check()?;
        crate::progress::report(|| crate::progress::Progress::Search {
            stored: self.stored_states() as u64,
            max_states: self.max_states as u64,
            work: self.examined,
            max_work: (self.max_states as u64).saturating_mul(self.work_per_state),
        });
        let mut options = Vec::new();
        let mut sum = false;
        match split.then(|| self.game.components(&position)).transpose()? {
            Some(Some(parts)) => {
                options.extend(parts.iter().map(|c| self.game.canonical(c)));
                sum = !(options.len() == 1 && options[0] == position);
                if !sum {
                    options.clear();
                    self.game.options(&position, &mut options)?;
                }
            }
            _ => self.game.options(&position, &mut options)?,
        }
        // The options wait on the stack: they count as stored positions.
        if self.stored_states() + pending + options.len() >= self.max_states {
            return Err(limit);
        }
        self.examined += options
            .iter()
            .map(|o| self.game.weight(o).max(1))
            .sum::<u64>();
        let work = (self.max_states as u64).saturating_mul(self.work_per_state);
        if self.examined > work {
            return Err(Error::WorkLimit {
                options: work,
                states: self.max_states,
                per_state: self.work_per_state,
            });
        }
        Ok(Frame {
            position,
            options,
            next: 0,
            sum,
        })
    }

    /// The Grundy value of `position` under normal play: the mex of the
    /// Grundy values of its options, or the nim-sum of its components'
    /// values when [`Game::components`] splits it.
    ///
    /// # Errors
    /// [`Error::StateLimit`] when the search would store more positions than
    /// the state limit; [`Error::Cycle`] when a position can recur; errors
    /// from [`Game::moves`].
    pub fn grundy_value(&mut self, position: &G::Position) -> Result<u64, Error> {
        let root = self.game.canonical(position);
        if let Some(&g) = self.grundy.get(&root) {
            return Ok(g);
        }
        self.examined = 0;
        let first = self.frame(root.clone(), 1, true)?;
        let mut held = first.options.len();
        let mut stack = vec![first];
        while let Some(top) = stack.last_mut() {
            while top.next < top.options.len() && self.grundy.contains_key(&top.options[top.next]) {
                top.next += 1;
            }
            if let Some(child) = top.options.get(top.next) {
                let child = child.clone();
                let pending = stack.len() + 1 + held;
                let frame = self.frame(child, pending, true)?;
                held += frame.options.len();
                stack.push(frame);
                check_cycle(&stack)?;
            } else if let Some(done) = stack.pop() {
                held -= done.options.len();
                let values = done.options.iter().map(|o| self.grundy[o]);
                let g = if done.sum {
                    values.fold(0, |a, b| a ^ b)
                } else {
                    mex(values)
                };
                self.grundy.insert(done.position, g);
            }
        }
        Ok(self.grundy[&root])
    }

    /// The outcome class of `position` under the play convention `play`.
    ///
    /// Under normal play this reuses Grundy values already computed; otherwise
    /// it searches with early cut-off (a position is N as soon as one option
    /// is found to be P).
    ///
    /// # Errors
    /// As for [`grundy_value`](Solver::grundy_value).
    pub fn outcome(&mut self, position: &G::Position, play: Play) -> Result<Outcome, Error> {
        let root = self.game.canonical(position);
        self.outcome_of_canonical(root, play)
    }

    fn known_outcome(&self, position: &G::Position, play: Play) -> Option<Outcome> {
        if play == Play::Normal {
            if let Some(&g) = self.grundy.get(position) {
                return Some(Outcome::from_next_player_wins(g != 0));
            }
        }
        self.outcomes[play as usize].get(position).copied()
    }

    fn outcome_of_canonical(&mut self, root: G::Position, play: Play) -> Result<Outcome, Error> {
        if let Some(o) = self.known_outcome(&root, play) {
            return Ok(o);
        }
        self.examined = 0;
        let first = self.frame(root.clone(), 1, false)?;
        let mut held = first.options.len();
        let mut stack = vec![first];
        while let Some(top) = stack.last_mut() {
            let mut found_p = false;
            let mut unknown = None;
            while let Some(child) = top.options.get(top.next) {
                match self.known_outcome(child, play) {
                    Some(Outcome::P) => {
                        found_p = true;
                        break;
                    }
                    Some(Outcome::N | Outcome::D) => top.next += 1,
                    None => {
                        unknown = Some(child.clone());
                        break;
                    }
                }
            }
            if let (false, Some(child)) = (found_p, unknown) {
                let pending = stack.len() + 1 + held;
                let frame = self.frame(child, pending, false)?;
                held += frame.options.len();
                stack.push(frame);
                check_cycle(&stack)?;
                continue;
            }
            let outcome = if found_p {
                Outcome::N
            } else if top.options.is_empty() {
                play.terminal_outcome()
            } else {
                Outcome::P
            };
            if let Some(done) = stack.pop() {
                held -= done.options.len();
                self.outcomes[play as usize].insert(done.position, outcome);
            }
        }
        self.known_outcome(&root, play)
            .ok_or_else(|| Error::Internal("search ended without an outcome".into()))
    }

    /// Every move from `position` that leads to a P-position under `play`,
    /// in the order of [`Game::moves`]. Empty exactly when `position` is a
    /// P-position.
    ///
    /// # Errors
    /// As for [`grundy_value`](Solver::grundy_value).
    pub fn winning_moves(
        &mut self,
        position: &G::Position,
        play: Play,
    ) -> Result<Vec<G::Move>, Error> {
        let mut winning = Vec::new();
        for mv in self.game.moves(position)? {
            let after = self.game.canonical(&self.game.play(position, &mv));
            if self.outcome_of_canonical(after, play)? == Outcome::P {
                winning.push(mv);
            }
        }
        Ok(winning)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One heap of a subtraction game with the given subtraction set.
    struct Subtraction(Vec<u64>);

    impl Game for Subtraction {
        type Position = u64;
        type Move = u64;
        fn moves(&self, &heap: &u64) -> Result<Vec<u64>, Error> {
            Ok(self.0.iter().copied().filter(|&s| s <= heap).collect())
        }
        fn play(&self, &heap: &u64, &take: &u64) -> u64 {
            heap - take
        }
    }

    #[test]
    fn subtraction_game_100000_moves_deep_does_not_overflow_the_stack() {
        let mut solver = Solver::new(Subtraction(vec![1, 3, 4]));
        // sub:1,3,4 has period 7 with P-positions at 0 and 2 (mod 7).
        assert_eq!(
            solver.grundy_value(&100_000).unwrap(),
            [0, 1, 0, 1, 2, 3, 2][100_000 % 7]
        );
        let mut fresh = Solver::new(Subtraction(vec![1]));
        assert_eq!(fresh.outcome(&100_000, Play::Normal).unwrap(), Outcome::P);
        assert_eq!(fresh.outcome(&100_001, Play::Misere).unwrap(), Outcome::P);
    }

    #[test]
    fn misere_terminal_is_n() {
        let mut solver = Solver::new(Subtraction(vec![1]));
        assert_eq!(solver.outcome(&0, Play::Misere).unwrap(), Outcome::N);
        assert_eq!(solver.outcome(&1, Play::Misere).unwrap(), Outcome::P);
        assert_eq!(solver.outcome(&2, Play::Misere).unwrap(), Outcome::N);
        assert_eq!(solver.outcome(&0, Play::Normal).unwrap(), Outcome::P);
    }

    #[test]
    fn state_limit_is_an_error_not_a_crash() {
        let mut solver = Solver::new(Subtraction(vec![1, 2])).with_max_states(1000);
        assert_eq!(
            solver.grundy_value(&5000),
            Err(Error::StateLimit { limit: 1000 })
        );
        assert_eq!(
            solver.outcome(&5000, Play::Misere),
            Err(Error::StateLimit { limit: 1000 })
        );
        // What was stored stays valid: a larger limit finishes the job.
        let mut solver = solver.with_max_states(20_000);
        assert_eq!(solver.grundy_value(&5000).unwrap(), 5000 % 3);
    }

    /// Rows of heaps of Grundy's game (split a heap into two unequal heaps),
    /// kept sorted; a row is the sum of its heaps.
    struct GrundyRows {
        split: bool,
    }

    impl Game for GrundyRows {
        type Position = Vec<u64>;
        type Move = Vec<u64>;
        fn moves(&self, row: &Vec<u64>) -> Result<Vec<Vec<u64>>, Error> {
            let mut out = Vec::new();
            for (i, &h) in row.iter().enumerate() {
                for a in 1..h.div_ceil(2) {
                    let mut next = row.clone();
                    next[i] = a;
                    next.push(h - a);
                    next.sort_unstable();
                    out.push(next);
                }
            }
            Ok(out)
        }
        fn play(&self, _: &Vec<u64>, next: &Vec<u64>) -> Vec<u64> {
            next.clone()
        }
        fn components(&self, row: &Vec<u64>) -> Result<Option<Vec<Vec<u64>>>, Error> {
            Ok(self.split.then(|| row.iter().map(|&h| vec![h]).collect()))
        }
    }

    #[test]
    fn components_give_the_values_of_sums_and_store_each_heap_once() {
        // Grundy's game: 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 (OEIS A002188).
        let known = [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0,
        ];
        let mut split = Solver::new(GrundyRows { split: true });
        let mut whole = Solver::new(GrundyRows { split: false });
        for (h, &g) in known.iter().enumerate() {
            assert_eq!(split.grundy_value(&vec![h as u64]).unwrap(), g, "heap {h}");
        }
        for row in [vec![5, 7], vec![3, 5, 6], vec![4, 9, 13], vec![2, 2]] {
            let expected = row.iter().fold(0, |a, &h| a ^ known[h as usize]);
            assert_eq!(split.grundy_value(&row).unwrap(), expected, "{row:?}");
            assert_eq!(whole.grundy_value(&row).unwrap(), expected, "{row:?}");
        }
        assert!(split.stored_states() < whole.stored_states());
        // Outcomes search whole rows, split or not.
        assert_eq!(
            split.outcome(&vec![3, 5, 6], Play::Misere).unwrap(),
            whole.outcome(&vec![3, 5, 6], Play::Misere).unwrap()
        );
    }

    /// A token on a 3-cycle a → b → c → a with an exit c → d.
    struct Triangle;

    impl Game for Triangle {
        type Position = u8;
        type Move = u8;
        fn moves(&self, &at: &u8) -> Result<Vec<u8>, Error> {
            Ok(match at {
                0 => vec![1],
                1 => vec![2],
                2 => vec![0, 3],
                _ => vec![],
            })
        }
        fn play(&self, _: &u8, &to: &u8) -> u8 {
            to
        }
    }

    #[test]
    fn a_cycle_is_an_error_found_at_once() {
        let mut solver = Solver::new(Triangle);
        assert_eq!(solver.grundy_value(&0), Err(Error::Cycle));
        assert_eq!(solver.outcome(&0, Play::Misere), Err(Error::Cycle));
        assert!(solver.stored_states() < 100);
        assert_eq!(solver.grundy_value(&3), Ok(0));
    }

    #[test]
    fn winning_moves_lead_to_p() {
        let mut solver = Solver::new(Subtraction(vec![2, 3]));
        assert_eq!(solver.winning_moves(&4, Play::Normal).unwrap(), vec![3]);
        assert!(solver.winning_moves(&0, Play::Normal).unwrap().is_empty());
    }
}
