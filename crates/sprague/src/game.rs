//! The game abstraction the generic solver works on.

use std::fmt;
use std::hash::Hash;

use crate::error::Error;

/// An impartial game given by its move generator: the rules, separate from
/// the positions they act on.
///
/// Both players have the same moves from every position, and every sequence
/// of moves is finite (no position can recur). Under those conditions every
/// position is either a P-position or an N-position and has a Grundy value
/// (Sprague 1935, Grundy 1939), which [`Solver`](crate::Solver) computes from
/// the definitions alone.
///
/// Implementers supply [`moves`](Game::moves) and [`play`](Game::play); the
/// provided methods need not be overridden, but [`canonical`](Game::canonical)
/// may map equivalent positions (heaps in another order, say) to one
/// representative so the solver's transposition table stores them once.
///
/// ```
/// use sprague::{Error, Game, Outcome, Play, Solver};
///
/// /// One heap; a move removes 1, 3 or 4 tokens.
/// struct Sub134;
///
/// impl Game for Sub134 {
///     type Position = u64;
///     type Move = u64; // the number of tokens removed
///     fn moves(&self, &heap: &u64) -> Result<Vec<u64>, Error> {
///         Ok([1, 3, 4].into_iter().filter(|&s| s <= heap).collect())
///     }
///     fn play(&self, &heap: &u64, &take: &u64) -> u64 {
///         heap - take
///     }
/// }
///
/// let mut solver = Solver::new(Sub134);
/// assert_eq!(solver.outcome(&7, Play::Normal)?, Outcome::P);
/// assert_eq!(solver.grundy_value(&6)?, 2);
/// assert_eq!(solver.winning_moves(&4, Play::Normal)?, vec![4]);
/// # Ok::<(), Error>(())
/// ```
pub trait Game {
    /// A position of the game.
    type Position: Clone + Eq + Hash;
    /// A move, as reported by [`Solver::winning_moves`](crate::Solver::winning_moves).
    type Move: Clone + fmt::Debug;

    /// All legal moves from `position`, in a fixed order (possibly with
    /// repeats of equivalent moves). An empty list means the position is
    /// terminal.
    ///
    /// # Errors
    /// An implementation may refuse to list more moves than it is willing to
    /// store (for example [`Error::StateLimit`]).
    fn moves(&self, position: &Self::Position) -> Result<Vec<Self::Move>, Error>;

    /// The position after `mv`, which must be one of `moves(position)`.
    fn play(&self, position: &Self::Position, mv: &Self::Move) -> Self::Position;

    /// A representative of the positions equivalent to `position` (same game
    /// tree up to renaming), used as the transposition-table key. The default
    /// is the position itself.
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }

    /// The components of `position` when it is a disjunctive sum of
    /// independent positions of this game (a row of heaps, say), or `None`
    /// (the default) when it is one component. The solver then values a
    /// sum as the nim-sum of its components' Grundy values (the
    /// Sprague-Grundy theorem) instead of searching the sum's moves, and
    /// stores each component once, however many sums it appears in.
    ///
    /// Used for Grundy values (normal play) only: outcomes under misère
    /// play, and [`Solver::outcome`](crate::Solver::outcome) generally,
    /// search whole positions. A position that is one component returns
    /// `None` (a list holding only the position itself counts as `None`).
    ///
    /// # Errors
    /// As for [`moves`](Game::moves).
    fn components(&self, position: &Self::Position) -> Result<Option<Vec<Self::Position>>, Error> {
        let _ = position;
        Ok(None)
    }

    /// What examining `position` as an option costs the search (copying,
    /// canonicalising and hashing it), in units of a small position: the
    /// work limit of the [`Solver`](crate::Solver) counts each option it
    /// examines as its weight, so that it bounds time for large positions
    /// too. At least 1; the default is 1.
    fn weight(&self, position: &Self::Position) -> u64 {
        let _ = position;
        1
    }

    /// The canonical forms of all options of `position`, appended to `out`.
    /// The default plays every move and canonicalises the result.
    ///
    /// # Errors
    /// As for [`moves`](Game::moves).
    fn options(
        &self,
        position: &Self::Position,
        out: &mut Vec<Self::Position>,
    ) -> Result<(), Error> {
        // Each option may cost as much as the position is large (a picture
        // of 20,000 edges is written out again for each cut): the time
        // budget is checked between options, not only between positions.
        let timed = crate::budget::is_set();
        for mv in self.moves(position)? {
            if timed {
                crate::budget::check()?;
            }
            out.push(self.canonical(&self.play(position, &mv)));
        }
        Ok(())
    }
}
