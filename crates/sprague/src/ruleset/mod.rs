//! Rulesets: what moves exist, and the closed forms that give values and
//! winning moves without search.
//!
//! Each ruleset is a type in its own module implementing the interface it
//! supports (see [`rules`]): a *heap game* (Nim, subtraction games,
//! take-and-break games, Grundy's game) implements [`HeapRules`] and becomes
//! a component game through [`Heaps`]; a *whole-component* ruleset (Moore's
//! Nim_k, staircase Nim, Wythoff's game), whose moves touch several
//! arguments at once, implements [`Rules`] itself. Each is registered by one
//! line in `REGISTRY` (`registry.rs`), which is how a ruleset word finds its parser.
//! [`Ruleset`] is the handle the rest of the library holds: the word as
//! written and the rules behind it.

/// Writes a ruleset module's `parse` for a word that takes no parameter:
/// a parameter is refused with `$refusal`, and the rules are `$rules`.
macro_rules! parse_without_parameter {
    ($word:literal, $refusal:literal, $rules:expr) => {
        #[doc = concat!("Parses `", $word, "` (which takes no parameter).")]
        pub(crate) fn parse(
            _: &str,
            _: &str,
            param: Option<&str>,
        ) -> Result<Box<dyn $crate::ruleset::DynRules>, $crate::error::ParseErrorKind> {
            $crate::ruleset::no_parameter(param, $refusal)?;
            Ok(Box::new($rules))
        }
    };
}

pub mod arckayles;
pub mod cards;
pub mod chomp;
pub mod coins;
pub mod cram;
pub mod digraph;
pub mod division;
pub mod divisor;
mod dynrules;
pub mod euclid;
pub mod fewsub;
pub mod fibnim;
pub mod fraction;
pub mod game;
pub mod geography;
mod graphgame;
pub mod grundy;
pub mod hackenbush;
mod heap_moves;
pub mod heaps;
pub mod listed;
pub mod moore;
pub mod named;
pub(crate) mod network;
pub mod nim;
pub mod nodekayles;
pub mod northcott;
mod onenumber;
mod own_sequence;
pub mod pieces;
mod registry;
pub mod removal;
pub mod rule;
pub mod rules;
pub mod staircase;
pub mod stones;
pub mod subtraction;
pub mod tabled;
pub mod takebreak;
mod token_games;
pub mod treblecross;
pub mod tuple;
pub mod undirected;
pub mod welter;
mod write;
pub mod wythoff;

pub use write::write_action;

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::args::{Args, Numbers};
use crate::error::ParseErrorKind;
use crate::takebreak::MoveSet;
use crate::{Action, Basis, Error, HeapMove, IllegalMoveKind, Limits, Place};

pub use crate::args::ArgumentError;
pub use crate::moves::MoveKind;
pub use dynrules::DynRules;
pub use heaps::Heaps;
pub use rules::{HeapRules, PickNames, Rules};
pub use subtraction::SubtractionSet;

use registry::REGISTRY;
pub use registry::{info_of, known_rulesets, nearest_name, registered, RulesetInfo};

/// A ruleset as named in a position: its word, exactly as written (`nim`,
/// `sub:1-3`), and its rules.
///
/// Cloning is cheap (a reference count). Two rulesets are equal when their
/// rules are, whatever their spelling: `sub:1-3` equals `sub:1,2,3`.
/// Tables computed for a ruleset (nim-sequences) are kept with it and shared
/// by its clones.
///
/// ```
/// use sprague::Ruleset;
/// let r: Ruleset = "sub:1-3".parse()?;
/// assert_eq!(r.word(), "sub:1-3");
/// assert_eq!(r, "sub:3,1,2".parse()?);
/// assert_eq!(r.heap_value(10, &Default::default())?, 2);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone)]
pub struct Ruleset(Arc<Inner>);

struct Inner {
    word: Box<str>,
    canonical: String,
    /// [`Rules::has_named_arguments`], asked once.
    named: bool,
    rules: Box<dyn DynRules>,
}

impl Ruleset {
    /// The ruleset named by `word` (`nim`, `sub:1,3,4`, ...).
    ///
    /// # Errors
    /// A [`ParseError`](crate::ParseError) saying what is wrong with the
    /// word (unknown name, bad parameters); it names the word but not its
    /// place, which the position parser adds.
    pub fn parse(word: &str) -> Result<Ruleset, crate::ParseError> {
        Self::parse_kind(word).map_err(crate::ParseError::new)
    }

    pub(crate) fn parse_kind(word: &str) -> Result<Ruleset, ParseErrorKind> {
        let (name, param) = match word.split_once(':') {
            Some((name, param)) => (name, Some(param)),
            None => (word, None),
        };
        let (_, parse) = REGISTRY
            .iter()
            .find(|(info, _)| info.names.contains(&word))
            .or_else(|| REGISTRY.iter().find(|(info, _)| info.names.contains(&name)))
            .ok_or_else(|| registry::unknown_ruleset(name))?;
        Ok(Ruleset::with_rules(word, parse(word, name, param)?))
    }

    /// A ruleset with the given rules, named `word` (not checked against the
    /// rules).
    pub(crate) fn with_rules(word: &str, rules: Box<dyn DynRules>) -> Ruleset {
        Ruleset(Arc::new(Inner {
            word: word.into(),
            canonical: rules.canonical(),
            named: rules.has_named_arguments(),
            rules,
        }))
    }

    /// Nim, named `nim`.
    pub fn nim() -> Ruleset {
        Ruleset::with_rules("nim", Box::new(Heaps(nim::Nim)))
    }

    /// The word naming the ruleset, as written.
    pub fn word(&self) -> &str {
        &self.0.word
    }

    /// Whether the arguments of a component are names (the nodes of a
    /// graph) rather than numbers; see [`Rules::has_named_arguments`].
    pub fn has_named_arguments(&self) -> bool {
        self.0.named
    }

    /// The name of node `node` of a ruleset whose arguments are named (a
    /// graph's nodes, as [`Action::Token`] numbers them); `None` for a
    /// ruleset of numbers or a node it does not have. O(1).
    ///
    /// ```
    /// use sprague::Ruleset;
    /// let g: Ruleset = "digraph:a>b".parse()?;
    /// let names: Vec<_> = (0..2).filter_map(|v| g.node_name(v)).collect();
    /// assert_eq!(names.len(), 2);
    /// assert!(names.contains(&"a".to_string()));
    /// assert_eq!(Ruleset::nim().node_name(0), None);
    /// # Ok::<(), sprague::ParseError>(())
    /// ```
    pub fn node_name(&self, node: u64) -> Option<String> {
        self.0.rules.node_name(node)
    }

    /// The rules: the interface the ruleset's type implements, over
    /// type-erased positions.
    pub fn rules(&self) -> &dyn DynRules {
        &*self.0.rules
    }

    /// The per-heap interface of a heap game; `None` for whole-component
    /// rulesets.
    pub fn heap_rules(&self) -> Option<&dyn HeapRules> {
        self.0.rules.as_heap_rules()
    }

    /// Whether every heap is a game of its own (a move changes one heap), so
    /// that a component's value is the nim-sum of its heaps' values.
    pub fn is_heap_game(&self) -> bool {
        self.heap_rules().is_some()
    }

    /// The moves in the shape of the nim-sequence engine, for rulesets whose
    /// values come from a computed table (subtraction and take-and-break
    /// games, Grundy's game); `None` for others.
    pub fn move_set(&self) -> Option<&MoveSet> {
        self.heap_rules()?.move_set()
    }

    /// The nim-sequence a heap ruleset keeps itself, outside the engine's
    /// [`MoveSet`] (`rule:` words); `None` for the others.
    pub fn own_sequence(&self) -> Option<&dyn own_sequence::OwnSequence> {
        self.heap_rules()?.own_sequence()
    }

    /// Whether a lone heap of this ruleset plays exactly like a Nim heap, so
    /// its nim-sequence is G(n) = n: Nim itself, Moore's Nim_k (one heap
    /// leaves nothing to combine) and staircase Nim (coins on step 1 go
    /// straight to the ground).
    ///
    /// ```
    /// use sprague::Ruleset;
    /// assert!("moore:3".parse::<Ruleset>()?.single_heap_is_nim());
    /// assert!(!"kayles".parse::<Ruleset>()?.single_heap_is_nim());
    /// # Ok::<(), sprague::ParseError>(())
    /// ```
    pub fn single_heap_is_nim(&self) -> bool {
        self.0.rules.single_heap_is_nim()
    }

    /// The Grundy value of a single heap of size `heap`.
    ///
    /// Nim (and rulesets whose lone heap is a Nim heap): the heap size
    /// itself. Subtraction and take-and-break games, Grundy's game: from the
    /// nim-sequence table kept with the ruleset (2 bytes per value, 4 once
    /// one passes 65,535); beyond it from the period once the periodicity
    /// theorem has proven one (so any `u64` heap answers at once: the table
    /// is doubled until the proof succeeds), otherwise by computing the
    /// table up to `heap`.
    ///
    /// # Errors
    /// [`Error::TableLimit`] when the value needs a table longer than
    /// `limits.max_table`; [`Error::PeriodSearchLimit`] when a heap past it
    /// has no period proven within `limits.max_period_search`;
    /// [`Error::ValueOverflow`] when a value in the table would not fit;
    /// [`Error::Internal`] for a ruleset whose heaps are not games of their
    /// own (Wythoff's game).
    pub fn heap_value(&self, heap: u64, limits: &Limits) -> Result<u64, Error> {
        if let Some(g) = self.closed_heap_value(heap) {
            return Ok(g);
        }
        match self.heap_rules() {
            Some(h) => Ok(h.heap_value(heap, limits)?.0),
            None => Err(self.not_a_heap_game()),
        }
    }

    /// G(heap) of a lone heap by a closed form, when there is one: Nim, and
    /// the rulesets whose lone heap is a Nim heap (Moore's Nim_k, staircase
    /// Nim), `G(n) = n`; a subtraction set that is one range `a..=b`,
    /// `G(n) = floor((n mod (a + b)) / a)`. `None` for rulesets whose values
    /// come from a table.
    pub fn closed_heap_value(&self, heap: u64) -> Option<u64> {
        if self.single_heap_is_nim() {
            return Some(heap);
        }
        self.heap_rules()?.closed_heap_value(heap)
    }

    /// The preperiod and period of the nim-sequence by a closed form, when
    /// there is one (a subtraction set that is one range `a..=b`: 0 and
    /// `a + b`).
    pub fn closed_period(&self) -> Option<(u64, u64)> {
        self.heap_rules()?.closed_period()
    }

    /// The closed form's preperiod and period, the period as a `u128` (it
    /// may pass 2^64 - 1: `sub:1,2,18446744073709551615` has period 2^64).
    pub fn closed_period_wide(&self) -> Option<(u64, u128)> {
        self.heap_rules()?.closed_period_wide()
    }

    /// Why the nim-sequence has no period, when a theorem says so (the
    /// divisor game: G(n) = Ω(n) is unbounded).
    pub fn no_period(&self) -> Option<String> {
        self.heap_rules()?.no_period()
    }

    fn not_a_heap_game(&self) -> Error {
        Error::Internal(format!(
            "{} is not a heap game: its heaps are not independent games",
            self.word()
        ))
    }

    /// The kind of move this ruleset's components have (the [`Action`]
    /// variant its moves use), which decides how a move is written and read
    /// (see [`movetext`](crate::movetext)).
    ///
    /// ```
    /// use sprague::{MoveKind, Ruleset};
    /// assert_eq!(Ruleset::nim().move_kind(), MoveKind::Heap);
    /// assert_eq!("moore:2".parse::<Ruleset>()?.move_kind(), MoveKind::Heaps { max: 2 });
    /// assert_eq!("staircase".parse::<Ruleset>()?.move_kind(), MoveKind::Stair);
    /// # Ok::<(), sprague::ParseError>(())
    /// ```
    pub fn move_kind(&self) -> MoveKind {
        self.0.rules.move_kind()
    }

    /// Whether a component with these heaps has at least one move, without
    /// listing its moves when a closed rule says (a component too large to
    /// list has moves).
    ///
    /// # Errors
    /// Errors other than the state limit from listing the moves.
    pub(crate) fn component_has_moves(&self, heaps: &Args, limits: &Limits) -> Result<bool, Error> {
        self.0.rules.has_moves(heaps, limits)
    }

    /// A legal move of a component with these heaps, chosen with `pick`
    /// (which returns a number below its argument, which is at least 1), or
    /// `None` when there is no move.
    ///
    /// When the moves can be listed within `limits` one of them is picked
    /// uniformly; otherwise the ruleset picks one without listing the
    /// others ([`Rules::random_move`]).
    ///
    /// # Errors
    /// [`Error::StateLimit`] when no move can be found within the limits (a
    /// take-and-break game whose heaps are all huge), and the errors of the
    /// ruleset's value tables.
    pub(crate) fn random_action(
        &self,
        heaps: &Args,
        limits: &Limits,
        pick: &mut dyn FnMut(u64) -> u64,
    ) -> Result<Option<Action>, Error> {
        let mut actions = Vec::new();
        match self.component_moves(heaps, limits, &mut actions) {
            Ok(()) if actions.is_empty() => Ok(None),
            Ok(()) => {
                let i = pick(actions.len() as u64) as usize;
                Ok(Some(actions.swap_remove(i)))
            }
            Err(Error::StateLimit { .. }) => self.0.rules.random_move(heaps, limits, pick),
            Err(e) => Err(e),
        }
    }

    /// Checks the arguments of a component of this ruleset.
    ///
    /// # Errors
    /// An [`ArgumentError`]: a staircase holding more than 2^64 - 1 coins,
    /// a Wythoff pair that is not two heaps.
    pub fn check_arguments(&self, heaps: &Args) -> Result<(), ArgumentError> {
        self.0.rules.check_arguments(heaps)
    }

    /// The outcome of a lone component under `play` when a theorem gives
    /// it without its Grundy value, with the theorem (see
    /// [`Rules::lone_outcome`]).
    pub(crate) fn lone_outcome(
        &self,
        heaps: &Args,
        play: crate::Play,
    ) -> Option<(crate::Outcome, Basis)> {
        self.0.rules.lone_outcome(heaps, play)
    }

    /// The moves of a lone component to P-positions under `play`, where
    /// [`Ruleset::lone_outcome`] answers.
    pub(crate) fn lone_winning_moves(
        &self,
        heaps: &Args,
        play: crate::Play,
        limits: &Limits,
        f: &mut dyn FnMut(Action) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, Error> {
        self.0.rules.lone_winning_moves(heaps, play, limits, f)
    }

    /// Every option of a single heap of size `heap`, appended to `out`.
    ///
    /// # Errors
    /// [`Error::StateLimit`] when the heap has more options than
    /// `limits.max_states`; [`Error::Internal`] for a ruleset that is not
    /// a heap game.
    pub(crate) fn heap_options(
        &self,
        heap: u64,
        limits: &Limits,
        out: &mut Vec<HeapMove>,
    ) -> Result<(), Error> {
        match self.heap_rules() {
            Some(h) => h.options(heap, limits, out),
            None => Err(self.not_a_heap_game()),
        }
    }

    /// The Grundy value of a component with these heaps: by the closed form
    /// where there is one, else by a table or the generic search.
    ///
    /// # Errors
    /// Limit errors when a table or search would pass `limits`.
    pub(crate) fn component_value(&self, heaps: &Args, limits: &Limits) -> Result<u64, Error> {
        Ok(self.valued(heaps, limits)?.0)
    }

    /// The Grundy value of a component with these heaps and the basis that
    /// decided it, found together in one pass (see [`Rules::valued`]).
    ///
    /// # Errors
    /// Limit errors when a table or search would pass `limits`.
    pub(crate) fn valued(&self, heaps: &Args, limits: &Limits) -> Result<(u64, Basis), Error> {
        self.0.rules.valued(heaps, limits)
    }

    /// Whether a component's winning moves are few enough to list them all
    /// whatever its heap sizes: at most one per heap and value (Nim, Nim_1,
    /// staircase Nim, subtraction games). Moore's Nim_k (k >= 2) and
    /// take-and-break games can have astronomically many.
    ///
    /// ```
    /// use sprague::Ruleset;
    /// assert!("sub:1,3,4".parse::<Ruleset>()?.few_winning_moves());
    /// assert!(!"moore:2".parse::<Ruleset>()?.few_winning_moves());
    /// // A range of 2^64 - 1 amounts: a heap can have billions.
    /// assert!(!"sub:1-18446744073709551615".parse::<Ruleset>()?.few_winning_moves());
    /// # Ok::<(), sprague::ParseError>(())
    /// ```
    pub fn few_winning_moves(&self) -> bool {
        self.0.rules.few_winning_moves()
    }

    /// Whether every component of this ruleset is a Nim position (Nim,
    /// Moore's Nim_1), valued by Bouton's theorem and played under misère
    /// play by the misère Nim rule.
    pub fn is_nim(&self) -> bool {
        self.0.rules.is_nim()
    }

    /// The Grundy value of a whole component when a closed form gives it
    /// without search or table: Nim (the nim-sum, Bouton 1901), staircase
    /// Nim (the nim-sum of the odd steps), Moore's Nim_k where
    /// [`moore::closed_value`] applies (`k = 1`, at most `k` non-empty
    /// heaps, a P-position), a subtraction set that is one range; `None`
    /// otherwise.
    ///
    /// ```
    /// use sprague::Ruleset;
    /// let moore: Ruleset = "moore:3".parse()?;
    /// assert_eq!(moore.closed_component_value(&vec![5, 1000].into()), Some(1005));
    /// assert_eq!(moore.closed_component_value(&vec![1, 2, 4, 8].into()), None);
    /// # Ok::<(), sprague::ParseError>(())
    /// ```
    pub fn closed_component_value(&self, heaps: &Args) -> Option<u64> {
        self.0.rules.closed_value(heaps)
    }

    /// The number of winning moves of a lone component, when the theory
    /// counts them cheaply (Moore's Nim_k) and it is below 2^64.
    pub(crate) fn count_winning_moves(&self, heaps: &Args) -> Option<u64> {
        self.0.rules.count_winning_moves(heaps)
    }

    /// Every move of the component to a component of Grundy value `target`,
    /// given its present value `value`, passed to `f` in order (by heap, then
    /// by option) until it breaks.
    pub(crate) fn component_moves_to(
        &self,
        heaps: &Args,
        value: u64,
        target: u64,
        limits: &Limits,
        f: &mut dyn FnMut(Action) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, Error> {
        self.0.rules.moves_to(heaps, value, target, limits, f)
    }

    /// Every move of the component, appended to `out`.
    pub(crate) fn component_moves(
        &self,
        heaps: &Args,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        self.0.rules.moves(heaps, limits, out)
    }

    /// Checks that `action` is a legal move of a component with `heaps`.
    pub(crate) fn check(&self, heaps: &Args, action: &Action) -> Result<(), IllegalMoveKind> {
        self.0.rules.check(self.word(), heaps, action)
    }

    /// Applies a legal `action` to the heaps of a component: a heap that
    /// splits is replaced in place by its parts (increasing), a heap taken to
    /// nothing stays as 0.
    pub(crate) fn apply(&self, heaps: &mut Args, action: &Action) {
        self.0.rules.apply(heaps, action)
    }

    /// Puts the heaps of a component into canonical order for a search key
    /// (heap games ignore order and empty heaps).
    pub(crate) fn canonicalize(&self, heaps: &mut Args) {
        self.0.rules.canonicalize(heaps)
    }

    /// One sentence for `--explain` on how a component is valued.
    pub(crate) fn value_note(&self) -> String {
        self.0.rules.value_note(self.word())
    }
}

/// The argument at `index` of `args`, checked to hold `claimed`: the common
/// first check of every move.
///
/// # Errors
/// [`IllegalMoveKind::NoSuch`] when there is no such argument,
/// [`IllegalMoveKind::HoldsOther`] when it holds another number.
pub(crate) fn check_place(
    args: &[u64],
    place: Place,
    index: usize,
    claimed: u64,
) -> Result<u64, IllegalMoveKind> {
    let Some(&has) = args.get(index) else {
        return Err(IllegalMoveKind::NoSuch {
            place,
            index,
            count: args.len(),
        });
    };
    if has != claimed {
        return Err(IllegalMoveKind::HoldsOther {
            place,
            index,
            has,
            claimed,
        });
    }
    Ok(has)
}

/// The heap changes of a move of several heaps (`Action::Heaps`), checked
/// as Moore's Nim_k and Wythoff's game both need: at least one and at most
/// `max` heaps, none named twice, each holding what the move says and
/// getting smaller. Any other action is refused as a move of the wrong kind.
///
/// # Errors
/// The first rule the move breaks.
pub(crate) fn check_heap_changes<'a>(
    word: &str,
    args: &[u64],
    action: &'a Action,
    max: u64,
) -> Result<&'a [crate::HeapChange], IllegalMoveKind> {
    let changes = match action {
        Action::Heaps { changes } => changes,
        Action::Heap {
            heap, from, parts, ..
        } => {
            check_place(args, Place::Heap, *heap, *from)?;
            return Err(IllegalMoveKind::NotAllowed {
                ruleset: word.into(),
                heap: *heap,
                from: *from,
                parts: *parts,
            });
        }
        Action::Stair { .. } => {
            return Err(IllegalMoveKind::NoSteps {
                ruleset: word.into(),
            })
        }
        Action::Token { .. }
        | Action::Cut { .. }
        | Action::Listed { .. }
        | Action::Pick { .. }
        | Action::Turn { .. } => return Err(no_tokens(word)),
    };
    if changes.is_empty() {
        return Err(IllegalMoveKind::NoHeapNamed);
    }
    if changes.len() as u64 > max {
        return Err(IllegalMoveKind::TooManyHeaps {
            ruleset: word.into(),
            max,
            count: changes.len(),
        });
    }
    for (n, c) in changes.iter().enumerate() {
        if changes[..n].iter().any(|d| d.heap == c.heap) {
            return Err(IllegalMoveKind::NamedTwice { heap: c.heap });
        }
        check_place(args, Place::Heap, c.heap, c.from)?;
        if c.to >= c.from {
            return Err(IllegalMoveKind::MustGetSmaller {
                heap: c.heap,
                from: c.from,
                to: c.to,
            });
        }
    }
    Ok(changes)
}

/// A non-empty argument chosen with `pick` (its index), or `None` when all
/// are 0.
pub(crate) fn pick_non_empty(args: &[u64], pick: &mut dyn FnMut(u64) -> u64) -> Option<usize> {
    let live: Vec<usize> = (0..args.len()).filter(|&i| args[i] > 0).collect();
    if live.is_empty() {
        return None;
    }
    Some(live[pick(live.len() as u64) as usize])
}

/// One heap reduced to a size chosen with `pick` (a move of Moore's Nim_k
/// and of Wythoff's game), or `None` when every heap is empty.
pub(crate) fn random_heap_change(args: &[u64], pick: &mut dyn FnMut(u64) -> u64) -> Option<Action> {
    let heap = pick_non_empty(args, pick)?;
    let from = args[heap];
    Some(Action::Heaps {
        changes: vec![crate::HeapChange {
            heap,
            from,
            to: pick(from),
        }],
    })
}

/// The moves of a component to value `target`, found by trying every move
/// and valuing what it leaves (for rulesets whose theory gives only the
/// P-positions).
///
/// # Errors
/// Limit errors from listing the moves or valuing the results.
pub(crate) fn searched_moves_to<R: Rules<Position = Numbers>>(
    rules: &R,
    args: &Numbers,
    target: u64,
    limits: &Limits,
    f: &mut dyn FnMut(Action) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, Error> {
    let mut actions = Vec::new();
    rules.moves(args, limits, &mut actions)?;
    for action in actions {
        let mut after = args.clone();
        rules.apply(&mut after, &action);
        if rules.valued(&after, limits)?.0 == target && f(action).is_break() {
            return Ok(ControlFlow::Break(()));
        }
    }
    Ok(ControlFlow::Continue(()))
}

/// The error for a ruleset word that takes no parameter but was given one.
pub(crate) fn no_parameter(param: Option<&str>, why: &str) -> Result<(), ParseErrorKind> {
    match param {
        None => Ok(()),
        Some(_) => Err(ParseErrorKind::BadRuleset(why.into())),
    }
}

/// The error for a token move in a ruleset without a graph.
pub(crate) fn no_tokens(word: &str) -> IllegalMoveKind {
    IllegalMoveKind::Forbidden {
        ruleset: word.into(),
        rule: "a move here changes heaps; no token slides and no edge is cut",
    }
}

/// Makes room for `n` more options in `out`, or fails with the state limit
/// when `n` passes it or the memory cannot be had (never a panic or abort).
pub(crate) fn reserve<T>(out: &mut Vec<T>, n: u64, limits: &Limits) -> Result<(), Error> {
    let limit = Error::StateLimit {
        limit: limits.max_states,
    };
    let n = usize::try_from(n).map_err(|_| limit.clone())?;
    if n > limits.max_states {
        return Err(limit);
    }
    out.try_reserve(n).map_err(|_| limit)
}

impl std::str::FromStr for Ruleset {
    type Err = crate::ParseError;
    fn from_str(word: &str) -> Result<Ruleset, crate::ParseError> {
        Ruleset::parse(word).map_err(|e| e.placed(word, 1, 1))
    }
}

impl PartialEq for Ruleset {
    fn eq(&self, other: &Ruleset) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.canonical == other.0.canonical
    }
}

impl Eq for Ruleset {}

impl Hash for Ruleset {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.canonical.hash(state);
    }
}

impl fmt::Debug for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ruleset")
            .field("word", &self.word())
            .field("rules", &self.0.canonical)
            .finish()
    }
}

impl fmt::Display for Ruleset {
    /// The word, as written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}
