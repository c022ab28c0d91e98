//! Analysis of positions: Grundy value, outcome class and all winning moves,
//! by closed forms where the theory gives them and by search otherwise.

use std::ops::ControlFlow;

mod loopy;
mod misere;
pub use loopy::LoopyAnalysis;
pub(crate) use misere::quotient_limits;

use crate::limits::{Limits, WEIGHT_UNIT};
use crate::{Basis, Error, Game, Move, Outcome, Play, Position, Solver};

/// The analysis of a position under one play convention.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Analysis {
    /// The play convention analysed.
    pub play: Play,
    /// The outcome class.
    pub outcome: Outcome,
    /// What decided the outcome, value and winning moves: the theorem,
    /// table or search. Every view of the analysis reports this one basis.
    pub basis: Basis,
    /// The Grundy value of the whole position under normal play: the nim-sum
    /// of the components' values. `None` under misère play.
    pub value: Option<u64>,
    /// Each component's Grundy value under normal play (empty under misère
    /// play).
    pub component_values: Vec<u64>,
    /// The basis of each component's value, in the order of
    /// `component_values` (empty under misère play).
    pub component_bases: Vec<Basis>,
    /// The winning moves found, in order (by component, heap and option), up
    /// to the requested maximum. Each leads to a P-position.
    pub winning_moves: Vec<Move>,
    /// How complete `winning_moves` is: all of them, cut at the requested
    /// maximum, or missing the moves of components that could not be
    /// searched.
    pub listed: MoveList,
    /// Under normal play, when `value` is `None` although the outcome is
    /// known (a theorem decided it): the limit that finding the value would
    /// pass (a search's state limit, a table's size limit), or `None` when
    /// the value was not asked for.
    pub value_limit: Option<Error>,
    /// Under normal play, when `value` is `None` because the search for a
    /// value that nobody asked for (the outcome and the winning moves came
    /// from a theorem) stopped at its budget: that budget, in positions
    /// ([`VALUE_BUDGET`], or less). [`Analyzer::with_value`] asks for the
    /// value, which is then searched within [`Limits::max_states`].
    pub value_budget: Option<usize>,
    /// For a position that can be played forever (a game with draws,
    /// [`loopy`](crate::loopy)): its generalized value, its components',
    /// and the moves that keep a draw. `None` for games that end.
    pub loopy: Option<Box<LoopyAnalysis>>,
    /// The remoteness of the position when it was asked for
    /// ([`Analyzer::with_remoteness`]): `Some(Some(r))`, or `Some(None)`
    /// for a draw; `None` when not asked.
    pub remoteness: Option<Option<u64>>,
}

/// How complete an analysis's list of winning moves is. One value, so that
/// "cut", "the total" and "some components unsearched" cannot disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveList {
    /// Every winning move is listed.
    Complete,
    /// The list was cut at the requested maximum; `total` is the number of
    /// all winning moves when it was counted (or the theory counts it).
    Cut {
        /// The number of all winning moves, when known.
        total: Option<u64>,
    },
    /// The winning moves of these components (indices from 0) could not
    /// be listed within the limits (a `moore:K` component in a sum needs a
    /// search for its moves to a non-zero value); the list holds the
    /// others.
    Unsearched {
        /// The components whose moves are missing.
        components: Vec<usize>,
    },
}

impl Analysis {
    /// Whether the list of winning moves is not all of them.
    pub fn truncated(&self) -> bool {
        self.listed != MoveList::Complete
    }

    /// The number of all winning moves, when known (always when the list is
    /// complete).
    pub fn total_winning_moves(&self) -> Option<u64> {
        match &self.listed {
            MoveList::Complete => Some(self.winning_moves.len() as u64),
            MoveList::Cut { total } => *total,
            MoveList::Unsearched { .. } => None,
        }
    }

    /// The components whose winning moves could not be listed.
    pub fn unsearched(&self) -> &[usize] {
        match &self.listed {
            MoveList::Unsearched { components } => components,
            _ => &[],
        }
    }
}

/// Analyses positions within [`Limits`].
///
/// Under normal play a position's Grundy value is the nim-sum of its
/// components' values (the Sprague-Grundy theorem), each from the ruleset's
/// closed form or table; the winning moves of a sum with total value `T` are
/// the moves in one component `C` of value `v` to a position of value
/// `v XOR T`. Under misère play sums do not decompose, and the generic
/// [`Solver`] searches the whole position.
///
/// ```
/// use sprague::{Analyzer, Outcome, Play};
/// let a = Analyzer::default().analyze(&"nim 3 4 5".parse()?, Play::Normal, None)?;
/// assert_eq!((a.outcome, a.value), (Outcome::N, Some(2)));
/// assert_eq!(a.winning_moves.len(), 1);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Analyzer {
    limits: Limits,
    count_all: bool,
    /// `Some(true)`: the value is wanted, searched within the limits;
    /// `Some(false)`: not searched; `None`: searched within
    /// [`VALUE_BUDGET`] positions.
    want_value: Option<bool>,
    want_remoteness: bool,
}

/// The most positions a search for a Grundy value that the outcome and the
/// winning moves do not need (a lone Geography token, decided by the
/// theorem of Fraenkel, Scheinerman and Ullman) stores unless the value is
/// asked for ([`Analyzer::with_value`]): about 5 ms in a release build.
/// Past it the value is reported as not computed
/// ([`Analysis::value_budget`]), and the answer comes at once: a lone
/// token on a 6 x 6 grid was searched to the 2,000,000 positions of
/// [`DEFAULT_MAX_STATES`](crate::DEFAULT_MAX_STATES) (31 s in a debug build) before this budget.
pub const VALUE_BUDGET: usize = 10_000;

impl Default for Analyzer {
    fn default() -> Analyzer {
        Analyzer::new(Limits::default())
    }
}

impl Analyzer {
    /// An analyzer with the given limits, counting winning moves past the
    /// requested maximum.
    pub fn new(limits: Limits) -> Analyzer {
        Analyzer {
            limits,
            count_all: true,
            want_value: None,
            want_remoteness: false,
        }
    }

    /// The same analyzer, told whether to find the remoteness of the
    /// position too ([`Analysis::remoteness`], [`Analyzer::remoteness`]):
    /// at once for a lone token of a `digraph:` board, else by exploring
    /// every position reachable from it (within [`Limits::max_states`]).
    pub fn with_remoteness(mut self, want: bool) -> Analyzer {
        self.want_remoteness = want;
        self
    }

    /// The same analyzer, told whether the Grundy value is wanted where it
    /// costs a search (a lone `moore:K` component, whose outcome and winning
    /// moves come from Moore's theorem; a lone Geography token, from the
    /// theorem of Fraenkel, Scheinerman and Ullman). With `true` it is
    /// searched within the limits ([`Analysis::value_limit`] says which
    /// one stopped it); with `false`, such a value is `None` unless a
    /// closed form gives it (0 for a P-position, the sum of the heaps when
    /// at most K are non-empty). Told neither, the search stops after
    /// [`VALUE_BUDGET`] positions ([`Analysis::value_budget`]).
    pub fn with_value(mut self, want_value: bool) -> Analyzer {
        self.want_value = Some(want_value);
        self
    }

    /// The same analyzer, told whether to count the winning moves past the
    /// requested maximum (up to a million of them) so that
    /// [`Analysis::total_winning_moves`] is known. Counting costs time
    /// proportional to the moves counted; a caller that wants one move only
    /// (a batch) turns it off.
    pub fn with_total_count(mut self, count_all: bool) -> Analyzer {
        self.count_all = count_all;
        self
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The Grundy value of `position` under normal play.
    ///
    /// # Errors
    /// A limit error when a component's value needs more than the limits
    /// allow.
    pub fn grundy_value(&self, position: &Position) -> Result<u64, Error> {
        self.limits.within_memory(|| {
            Ok(self
                .component_values(position)?
                .iter()
                .fold(0, |a, b| a ^ b))
        })
    }

    fn component_values(&self, position: &Position) -> Result<Vec<u64>, Error> {
        position
            .components()
            .iter()
            .map(|c| c.ruleset().component_value(c.args(), &self.limits))
            .collect()
    }

    /// Analyses `position` under `play`, listing at most `max_moves` winning
    /// moves (all of them when `None`).
    ///
    /// Normal play costs the closed forms' time: linear in the number of
    /// heaps for Nim, whatever the heap sizes. Misère play of Nim (any sum of
    /// Nim components) uses the misère rule; a sum of heap games whose every
    /// heap is tame plays misère Nim on the genus values ([`Basis::Genus`]);
    /// a sum of heaps of one heap game whose misère quotient up to the
    /// largest heap can be computed (within
    /// [`Limits::max_quotient_states`], order up to
    /// [`misere::DEFAULT_MAX_ORDER`](crate::misere::DEFAULT_MAX_ORDER)) is
    /// decided in the quotient ([`Basis::Quotient`]), or, where that would
    /// cost more, in the quotient of the heaps below the largest size
    /// refined by the larger ones ([`Basis::RefinedQuotient`]); misère play of
    /// anything else searches the whole position by definition (within
    /// [`Limits::max_states`]; [`Error::MisereLimit`] when both stop).
    ///
    /// A lone component whose theory gives its P-positions but not always
    /// its value (Moore's Nim_k) is analysed by the theorem; its value comes
    /// from a closed form where one applies, else it is searched for and
    /// left `None` when the search would pass the limits.
    ///
    /// # Errors
    /// [`Error::StateLimit`], [`Error::TableLimit`] or
    /// [`Error::PeriodSearchLimit`] when the analysis needs more than the
    /// limits allow; [`Error::MemoryLimit`] past [`Limits::max_memory`] or
    /// the front end's memory budget.
    pub fn analyze(
        &self,
        position: &Position,
        play: Play,
        max_moves: Option<usize>,
    ) -> Result<Analysis, Error> {
        self.limits.within_memory(|| {
            let mut analysis = self.analyze_within(position, play, max_moves)?;
            if self.want_remoteness {
                if play == Play::Misere {
                    return Err(Error::Unsupported(
                        "remoteness is found under normal play only".into(),
                    ));
                }
                // A draw lasts forever: no remoteness, and no search.
                analysis.remoteness = Some(if analysis.outcome == Outcome::D {
                    None
                } else {
                    self.remoteness(position)?
                });
            }
            Ok(analysis)
        })
    }

    fn analyze_within(
        &self,
        position: &Position,
        play: Play,
        max_moves: Option<usize>,
    ) -> Result<Analysis, Error> {
        // Sums of components valued by Bouton's theorem (Nim, and moore:1,
        // which is Nim) are one Nim position, misère Nim under misère play.
        if Analyzer::is_loopy(position) {
            return self.analyze_loopy(position, play, max_moves);
        }
        let all_nim = position.components().iter().all(|c| c.ruleset().is_nim());
        if let [c] = position.components() {
            if let Some((outcome, basis)) = c.ruleset().lone_outcome(c.args(), play) {
                return self.analyze_by_theorem(position, play, outcome, basis, max_moves);
            }
        }
        match play {
            Play::Normal => self.analyze_normal(position, max_moves),
            Play::Misere if all_nim => Ok(self.analyze_misere_nim(position, max_moves)),
            Play::Misere => {
                if let Some(a) = self.analyze_misere_tame(position, max_moves)? {
                    return Ok(a);
                }
                let quotient_stop = match self.analyze_misere_quotient(position, max_moves)? {
                    Ok(a) => return Ok(a),
                    Err(limited) => limited,
                };
                match (
                    self.analyze_by_search(position, play, max_moves),
                    quotient_stop,
                ) {
                    (Err(Error::StateLimit { limit }), Some(quotient)) => Err(Error::MisereLimit {
                        limit,
                        quotient_limit: self.limits.max_quotient_states,
                        quotient: Box::new(quotient),
                    }),
                    (result, _) => result,
                }
            }
        }
    }

    fn analyze_normal(
        &self,
        position: &Position,
        max_moves: Option<usize>,
    ) -> Result<Analysis, Error> {
        let mut component_values = Vec::with_capacity(position.components().len());
        let mut component_bases = Vec::with_capacity(position.components().len());
        for c in position.components() {
            let (value, basis) = c.ruleset().valued(c.args(), &self.limits)?;
            component_values.push(value);
            component_bases.push(basis);
        }
        let total = component_values.iter().fold(0, |a, b| a ^ b);
        let mut collector = self.collector(max_moves);
        let mut unsearched = Vec::new();
        // No move to list and none to count (`batch --value`): the value
        // and outcome need no move, and finding one may cost a search (a
        // Hackenbush picture with cycles) or be refused (a split into more
        // heaps than a move may list). Past the listed moves, a limit or a
        // move too large to list only leaves the total unknown.
        let listing = max_moves != Some(0) || self.count_all;
        if total != 0 && !listing {
            collector.truncated = true;
            collector.gave_up = true;
        }
        if total != 0 && listing {
            for (i, (c, &v)) in position
                .components()
                .iter()
                .zip(&component_values)
                .enumerate()
            {
                let flow = c.ruleset().component_moves_to(
                    c.args(),
                    v,
                    v ^ total,
                    &self.limits,
                    &mut |action| collector.push(position.make_move(i, action)),
                );
                match flow {
                    Ok(flow) if flow.is_break() => break,
                    Ok(_) => {}
                    // The outcome and value stand; only this component's
                    // moves are missing from the list.
                    Err(Error::StateLimit { .. }) => unsearched.push(i),
                    Err(e)
                        if max_moves == Some(0)
                            && (e.is_limit() || matches!(e, Error::Unsupported(_))) =>
                    {
                        collector.truncated = true;
                        collector.gave_up = true;
                        break;
                    }
                    Err(e) => return Err(e),
                }
            }
        }
        let mut analysis = collector.finish(
            Play::Normal,
            Outcome::from_next_player_wins(total != 0),
            Some(total),
            component_values,
        );
        analysis.basis = Basis::combine(&component_bases);
        analysis.component_bases = component_bases;
        if !unsearched.is_empty() {
            analysis.listed = MoveList::Unsearched {
                components: unsearched,
            };
        }
        Ok(analysis)
    }

    /// A lone component whose outcome a theorem gives (Moore's Nim_k,
    /// Wythoff's game): the winning moves are its moves to P-positions;
    /// under normal play the value is found by a closed form, else by the
    /// ruleset's table or search when it is wanted and within the limits.
    fn analyze_by_theorem(
        &self,
        position: &Position,
        play: Play,
        outcome: Outcome,
        basis: Basis,
        max_moves: Option<usize>,
    ) -> Result<Analysis, Error> {
        let c = &position.components()[0];
        let mut value_limit = None;
        let mut value_budget = None;
        let valued = if play == Play::Misere {
            // Misère play has no Grundy value to report.
            None
        } else if outcome == Outcome::P {
            Some((0, basis))
        } else if let Some(v) = c.ruleset().closed_component_value(c.args()) {
            // A closed form (at most k non-empty heaps) costs no search.
            Some((v, basis))
        } else if self.want_value == Some(false) {
            None
        } else {
            // Unless asked for, the value gets a small budget of positions.
            let budget = VALUE_BUDGET.min(self.limits.max_states);
            let limits = match self.want_value {
                None => Limits {
                    max_states: budget,
                    ..self.limits
                },
                Some(_) => self.limits,
            };
            match c.ruleset().valued(c.args(), &limits) {
                Ok(valued) => Some(valued),
                Err(Error::StateLimit { .. })
                    if self.want_value.is_none() && budget < self.limits.max_states =>
                {
                    value_budget = Some(budget);
                    None
                }
                Err(e) if e.is_limit() => {
                    value_limit = Some(e);
                    None
                }
                // A position the theorem decides but that has no Grundy
                // value (a Treblecross strip the player to move completes
                // at once): the outcome and moves stand without one.
                Err(Error::Unsupported(_)) if self.want_value != Some(true) => None,
                Err(e) => return Err(e),
            }
        };
        let value = valued.map(|(v, _)| v);
        // Listing moves past the maximum just to count them would cost
        // O(64 n) each: the theorem counts them instead (below).
        let mut collector = self.collector(max_moves);
        collector.count_all = false;
        if outcome == Outcome::N {
            // The value is not needed to move to a P-position.
            let _ =
                c.ruleset()
                    .lone_winning_moves(c.args(), play, &self.limits, &mut |action| {
                        collector.push(position.make_move(0, action))
                    })?;
        }
        let mut analysis = collector.finish(play, outcome, value, value.into_iter().collect());
        analysis.value_limit = value_limit;
        analysis.value_budget = value_budget;
        analysis.basis = basis;
        analysis.component_bases = valued.map(|(_, basis)| basis).into_iter().collect();
        if let MoveList::Cut {
            total: total @ None,
        } = &mut analysis.listed
        {
            if self.count_all && play == Play::Normal {
                *total = c.ruleset().count_winning_moves(c.args());
            }
        }
        Ok(analysis)
    }

    fn analyze_by_search(
        &self,
        position: &Position,
        play: Play,
        max_moves: Option<usize>,
    ) -> Result<Analysis, Error> {
        let mut solver =
            Solver::new(SumGame::new(self.limits)).with_max_states(self.limits.max_states);
        let outcome = solver.outcome(position, play)?;
        let mut collector = self.collector(max_moves);
        if outcome == Outcome::N {
            for mv in solver.game().moves(position)? {
                let after = position.play_unchecked(&mv);
                if solver.outcome(&after, play)? == Outcome::P && collector.push(mv).is_break() {
                    break;
                }
            }
        }
        let value = match play {
            Play::Normal => Some(solver.grundy_value(position)?),
            Play::Misere => None,
        };
        let mut analysis = collector.finish(play, outcome, value, Vec::new());
        analysis.basis = Basis::Search {
            positions: solver.stored_states() as u64,
        };
        Ok(analysis)
    }
}

impl Analyzer {
    fn collector(&self, max: Option<usize>) -> Collector {
        Collector {
            max,
            moves: Vec::new(),
            truncated: false,
            beyond: 0,
            gave_up: false,
            count_all: self.count_all,
        }
    }
}

/// How many winning moves past the requested maximum are counted (without
/// being kept) to report the total.
const COUNT_BUDGET: u64 = 1_000_000;

/// Gathers winning moves up to a maximum, noting whether there were more,
/// and counting those past the maximum up to [`COUNT_BUDGET`].
struct Collector {
    max: Option<usize>,
    moves: Vec<Move>,
    truncated: bool,
    /// Moves seen past the maximum.
    beyond: u64,
    /// Whether counting stopped at the budget.
    gave_up: bool,
    /// Whether to count past the maximum at all.
    count_all: bool,
}

impl Collector {
    fn push(&mut self, mv: Move) -> ControlFlow<()> {
        if self.max.is_some_and(|max| self.moves.len() >= max) {
            self.truncated = true;
            if !self.count_all || self.beyond >= COUNT_BUDGET {
                self.gave_up = true;
                return ControlFlow::Break(());
            }
            self.beyond += 1;
            return ControlFlow::Continue(());
        }
        self.moves.push(mv);
        ControlFlow::Continue(())
    }

    fn finish(
        self,
        play: Play,
        outcome: Outcome,
        value: Option<u64>,
        component_values: Vec<u64>,
    ) -> Analysis {
        Analysis {
            play,
            outcome,
            // Set by the caller, which knows what decided the analysis.
            basis: Basis::SpragueGrundy,
            value,
            component_values,
            component_bases: Vec::new(),
            listed: if self.truncated {
                MoveList::Cut {
                    total: (!self.gave_up).then_some(self.moves.len() as u64 + self.beyond),
                }
            } else {
                MoveList::Complete
            },
            winning_moves: self.moves,

            value_limit: None,
            value_budget: None,
            loopy: None,
            remoteness: None,
        }
    }
}

/// The game of sums of components, for the generic [`Solver`]: positions are
/// [`Position`]s, moves are [`Move`]s, and equivalent positions (heaps of a
/// heap game in another order, empty heaps) share one table entry.
///
/// ```
/// use sprague::{Outcome, Play, Solver, SumGame};
/// let mut solver = Solver::new(SumGame::default());
/// // Misère Nim: three single tokens lose for the player to move.
/// assert_eq!(solver.outcome(&"nim 1 1 1".parse()?, Play::Misere)?, Outcome::P);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct SumGame {
    limits: Limits,
}

impl SumGame {
    /// The game of sums, refusing to list the moves of a heap with more
    /// options than `limits.max_states`.
    pub fn new(limits: Limits) -> SumGame {
        SumGame { limits }
    }
}

impl Game for SumGame {
    type Position = Position;
    type Move = Move;

    fn moves(&self, position: &Position) -> Result<Vec<Move>, Error> {
        position.moves(&self.limits)
    }

    fn play(&self, position: &Position, mv: &Move) -> Position {
        position.play_unchecked(mv)
    }

    fn canonical(&self, position: &Position) -> Position {
        position.canonical()
    }

    /// 1 for a position of fewer than [`WEIGHT_UNIT`] parts, and one more
    /// for every [`WEIGHT_UNIT`] parts ([`Position::size`]: heaps, tokens,
    /// edges of pictures, vertices of graphs): a misère search of a
    /// Hackenbush tree of 300 edges counts each option as 38.
    fn weight(&self, position: &Position) -> u64 {
        1 + (position.size() / WEIGHT_UNIT) as u64
    }

    /// A sum falls apart into its components, and each component into the
    /// parts its ruleset splits it into ([`Rules::split`](crate::Rules::split):
    /// heaps, tokens, pictures), each valued once.
    fn components(&self, position: &Position) -> Result<Option<Vec<Position>>, Error> {
        let mut parts = Vec::new();
        for c in position.components() {
            match c.ruleset().rules().split(c.args()) {
                Some(pieces) => parts.extend(pieces.into_iter().map(|args| {
                    Position::new(vec![crate::Component::unchecked_args(
                        c.ruleset().clone(),
                        args,
                    )])
                })),
                None => parts.push(Position::new(vec![c.clone()])),
            }
        }
        Ok((parts.len() > 1).then_some(parts))
    }
}

/// The analysis of a position with default [`Limits`], as methods of the
/// position (written here, in the layer that analyses, so that positions
/// know no analyser).
impl Position {
    /// The Grundy value under normal play, with default [`Limits`].
    ///
    /// # Errors
    /// As for [`Analyzer::analyze`](crate::Analyzer::analyze).
    pub fn grundy_value(&self) -> Result<u64, Error> {
        Analyzer::default().grundy_value(self)
    }

    /// The outcome class under `play`, with default [`Limits`].
    ///
    /// # Errors
    /// As for [`Analyzer::analyze`](crate::Analyzer::analyze).
    pub fn outcome(&self, play: Play) -> Result<Outcome, Error> {
        Ok(Analyzer::default().analyze(self, play, Some(0))?.outcome)
    }

    /// All winning moves under `play`, with default [`Limits`]: every move to
    /// a P-position. Empty for a P-position.
    ///
    /// # Errors
    /// As for [`Analyzer::analyze`](crate::Analyzer::analyze).
    pub fn winning_moves(&self, play: Play) -> Result<Vec<Move>, Error> {
        Ok(Analyzer::default().analyze(self, play, None)?.winning_moves)
    }
}
