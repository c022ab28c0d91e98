//! Any [`Game`] as a ruleset: a game given by its move generator in code
//! (Rust here; the Python package's `Game` is the same idea) becomes a
//! [`Ruleset`] whose components are positions of the game, so that it is
//! analysed, explained, played and summed with `+` like any built-in
//! ruleset, through the one search engine ([`Solver`]): Grundy values by
//! the mex of the options, with the game's own transposition keys
//! ([`Game::canonical`]) and its split into independent parts
//! ([`Game::components`]).
//!
//! A move is named by its place in the game's list of moves
//! ([`Action::Listed`]), which the game gives in a fixed order.

use std::fmt;
use std::hash::Hash;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, MutexGuard};

use super::rules::{Pick, Rules, Visit};
use super::{ArgumentError, MoveKind, Ruleset};
use crate::args::{Args, PositionData};
use crate::loopy::{GenValue, LoopySolver};
use crate::{Action, Basis, Error, Game, IllegalMoveKind, Limits, MoveForm, Place, Solver};

/// A position of a game given in code, as a component holds it.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Played<P>(pub P);

impl<P> PositionData for Played<P>
where
    P: Clone + Eq + Hash + fmt::Debug + Send + Sync + 'static,
{
    fn into_args(self) -> Args {
        Args::from_typed(self)
    }
    fn from_args(args: &Args) -> Option<&Self> {
        args.typed()
    }
    fn from_args_mut(args: &mut Args) -> Option<&mut Self> {
        crate::args_typed_mut(args)
    }
}

/// The game, shared by the ruleset and its solver.
struct Shared<G>(Arc<G>);

impl<G: Game> Game for Shared<G> {
    type Position = G::Position;
    type Move = G::Move;
    fn moves(&self, position: &G::Position) -> Result<Vec<G::Move>, Error> {
        self.0.moves(position)
    }
    fn play(&self, position: &G::Position, mv: &G::Move) -> G::Position {
        self.0.play(position, mv)
    }
    fn canonical(&self, position: &G::Position) -> G::Position {
        self.0.canonical(position)
    }
    fn components(&self, position: &G::Position) -> Result<Option<Vec<G::Position>>, Error> {
        self.0.components(position)
    }
    fn options(&self, position: &G::Position, out: &mut Vec<G::Position>) -> Result<(), Error> {
        self.0.options(position, out)
    }
}

/// The rules of a ruleset made from a [`Game`]: see the module
/// documentation. Built with [`Ruleset::from_game`].
pub struct GameRules<G: Game> {
    word: String,
    game: Arc<G>,
    /// The search's table of values, kept across calls (a cache of the
    /// game's values, not of its positions).
    solver: Mutex<Solver<Shared<G>>>,
    /// The search for positions from which the game can go on forever
    /// ([`Error::Cycle`] from `solver`).
    loopy: Mutex<LoopySolver<Shared<G>>>,
}

impl<G: Game> fmt::Debug for GameRules<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GameRules({})", self.word)
    }
}

impl<G: Game> GameRules<G> {
    fn solver(&self, limits: &Limits) -> MutexGuard<'_, Solver<Shared<G>>> {
        // A panic in the game's code leaves values already stored valid.
        let mut solver = self.solver.lock().unwrap_or_else(|e| e.into_inner());
        solver.set_max_states(limits.max_states);
        solver
    }

    fn value(&self, p: &G::Position, limits: &Limits) -> Result<u64, Error> {
        self.solver(limits).grundy_value(p)
    }

    fn loopy_solver(&self, limits: &Limits) -> MutexGuard<'_, LoopySolver<Shared<G>>> {
        let mut solver = self.loopy.lock().unwrap_or_else(|e| e.into_inner());
        solver.set_max_states(limits.max_states);
        solver
    }

    /// The generalized value of `p`: its Grundy value when the game ends
    /// from it, else the loopy search's.
    fn generalized(&self, p: &G::Position, limits: &Limits) -> Result<GenValue, Error> {
        match self.value(p, limits) {
            Ok(g) => Ok(GenValue::Finite(g)),
            Err(Error::Cycle) => self.loopy_solver(limits).value(p),
            Err(e) => Err(e),
        }
    }
}

impl Ruleset {
    /// A ruleset named `word` whose components are positions of `game`,
    /// valued and played by search ([`Solver`]): see
    /// [`ruleset::game`](crate::ruleset::game). Build its components with
    /// [`Component::with_args`](crate::Component::with_args) and
    /// [`Played`]; positions of a game in code are not read from text.
    ///
    /// ```
    /// use sprague::ruleset::game::Played;
    /// use sprague::{Analyzer, Component, Error, Game, Play, Position, PositionData, Ruleset};
    ///
    /// /// One heap; a move removes 1, 3 or 4 tokens.
    /// struct Sub134;
    /// impl Game for Sub134 {
    ///     type Position = u64;
    ///     type Move = u64;
    ///     fn moves(&self, &heap: &u64) -> Result<Vec<u64>, Error> {
    ///         Ok([1, 3, 4].into_iter().filter(|&s| s <= heap).collect())
    ///     }
    ///     fn play(&self, &heap: &u64, &take: &u64) -> u64 {
    ///         heap - take
    ///     }
    /// }
    ///
    /// let sub = Ruleset::from_game("sub134", Sub134);
    /// let heap = Component::with_args(sub, Played(6u64).into_args())?;
    /// let nim: Position = "nim 2".parse()?;
    /// // G(6) = 2 in sub:1,3,4, beside a Nim heap of 2: a P-position.
    /// let sum = Position::new(vec![heap, nim.components()[0].clone()]);
    /// let a = Analyzer::default().analyze(&sum, Play::Normal, None)?;
    /// assert_eq!(a.value, Some(0));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn from_game<G>(word: &str, game: G) -> Ruleset
    where
        G: Game + Send + Sync + 'static,
        G::Position: fmt::Debug + Send + Sync + 'static,
        G::Move: Send + Sync,
    {
        let game = Arc::new(game);
        Ruleset::with_rules(
            word,
            Box::new(GameRules {
                word: word.into(),
                solver: Mutex::new(Solver::new(Shared(game.clone()))),
                loopy: Mutex::new(LoopySolver::new(Shared(game.clone()))),
                game,
            }),
        )
    }
}

impl<G> Rules for GameRules<G>
where
    G: Game + Send + Sync + 'static,
    G::Position: fmt::Debug + Send + Sync + 'static,
    G::Move: Send + Sync,
{
    type Position = Played<G::Position>;

    /// The word: a game in code is equal only to itself, so each
    /// `from_game` ruleset is named apart by its word.
    fn canonical(&self) -> String {
        format!("game:{}", self.word)
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Listed
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    fn parse_position(&self, words: &[&str]) -> Result<Self::Position, (usize, ArgumentError)> {
        let _ = words;
        Err((
            0,
            ArgumentError::NotWritten {
                game: self.word.clone(),
            },
        ))
    }

    fn write_argument(
        &self,
        args: &Self::Position,
        index: usize,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let _ = index;
        write!(f, "{:?}", args.0)
    }

    fn valued(&self, args: &Self::Position, limits: &Limits) -> Result<(u64, Basis), Error> {
        let mut solver = self.solver(limits);
        let g = solver.grundy_value(&args.0)?;
        let positions = solver.stored_states() as u64;
        Ok((g, Basis::Search { positions }))
    }

    fn closed_value(&self, _: &Self::Position) -> Option<u64> {
        None
    }

    /// Whether the search for the Grundy value meets a position again.
    fn is_loopy(&self, args: &Self::Position) -> bool {
        matches!(self.value(&args.0, &Limits::default()), Err(Error::Cycle))
    }

    fn generalized_value(&self, args: &Self::Position, limits: &Limits) -> Result<GenValue, Error> {
        self.generalized(&args.0, limits)
    }

    fn known_remoteness(&self, args: &Self::Position) -> Option<Option<u64>> {
        self.loopy_solver(&Limits::default())
            .remoteness(&args.0)
            .ok()
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    fn has_moves(&self, args: &Self::Position, _: &Limits) -> Result<bool, Error> {
        Ok(!self.game.moves(&args.0)?.is_empty())
    }

    fn moves(
        &self,
        args: &Self::Position,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let count = self.game.moves(&args.0)?.len();
        super::reserve(out, count as u64, limits)?;
        out.extend((0..count).map(|index| Action::Listed { index }));
        Ok(())
    }

    fn moves_to(
        &self,
        args: &Self::Position,
        _: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        for (index, mv) in self.game.moves(&args.0)?.iter().enumerate() {
            let after = self.game.play(&args.0, mv);
            if self.generalized(&after, limits)? == GenValue::Finite(target)
                && f(Action::Listed { index }).is_break()
            {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn random_move(
        &self,
        args: &Self::Position,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let count = self.game.moves(&args.0)?.len() as u64;
        Ok((count > 0).then(|| Action::Listed {
            index: pick(count) as usize,
        }))
    }

    fn check(
        &self,
        word: &str,
        args: &Self::Position,
        action: &Action,
    ) -> Result<(), IllegalMoveKind> {
        let Action::Listed { index } = *action else {
            return Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "a move is named by its number in the game's list of moves",
            });
        };
        let count = self.game.moves(&args.0).map_or(0, |m| m.len());
        if index >= count {
            return Err(IllegalMoveKind::NoSuch {
                place: Place::Move,
                index,
                count,
            });
        }
        Ok(())
    }

    fn apply(&self, args: &mut Self::Position, action: &Action) {
        if let Action::Listed { index } = *action {
            if let Some(mv) = self
                .game
                .moves(&args.0)
                .ok()
                .and_then(|m| m.get(index).cloned())
            {
                args.0 = self.game.play(&args.0, &mv);
            }
        }
    }

    fn canonicalize(&self, args: &mut Self::Position) {
        args.0 = self.game.canonical(&args.0);
    }

    fn write_move(
        &self,
        word: &str,
        args: &Self::Position,
        action: &Action,
        form: MoveForm,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let Action::Listed { index } = *action else {
            return crate::ruleset::write_action(word, action, form, f);
        };
        let after = self
            .game
            .moves(&args.0)
            .ok()
            .and_then(|m| m.get(index).map(|mv| self.game.play(&args.0, mv)));
        let n = index + 1;
        match (form, after) {
            (MoveForm::Short, _) => write!(f, "{n}"),
            (MoveForm::Listed, Some(after)) => write!(f, "{word} move {n}: -> {after:?}"),
            (MoveForm::Words, Some(after)) => write!(f, "move {n}, to {after:?}"),
            (_, None) => write!(f, "move {n}"),
        }
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "{word} is a game given by its moves in code: the value of a position is the mex \
             of the values of its options, found by search."
        )
    }

    fn move_summary(&self) -> Option<String> {
        Some("a move of the game, by its number in the game's list of moves".into())
    }
}
