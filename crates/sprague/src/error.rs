//! Errors: parse errors that point at the offending word, and the errors of
//! analysis (resource limits, illegal moves).

use std::fmt;

use crate::illegal::IllegalMove;

/// The largest heap size, written out, for messages.
pub(crate) const MAX_HEAP_TEXT: &str = "18446744073709551615";

/// A position (or ruleset) that could not be parsed: what was wrong and where.
///
/// Words are numbered from 1 in the order they appear; a `+` counts as a word
/// of its own even when written against its neighbours (`nim 3+nim 4`).
/// Columns count characters from 1.
///
/// ```
/// let err = "nim 3 x".parse::<sprague::Position>().unwrap_err();
/// assert_eq!(err.word(), Some("x"));
/// assert_eq!(err.word_number(), Some(3));
/// assert_eq!(
///     err.to_string(),
///     "word 3 \"x\" (column 7): expected a heap size (a whole number from 0 to 18446744073709551615) or '+'"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    kind: ParseErrorKind,
    at: Option<Place>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Place {
    word: String,
    /// The part of the word at fault, when a `+` splits the word.
    piece: Option<String>,
    number: usize,
    column: usize,
}

/// Words longer than this many characters are shortened in messages.
const MAX_QUOTED: usize = 40;

/// `text`, shortened to [`MAX_QUOTED`] characters with an ellipsis.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTED) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// What kind of mistake a [`ParseError`] reports.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The text holds no component at all.
    Empty,
    /// A `+` with no component on one side of it.
    DanglingPlus,
    /// A ruleset word that names no known ruleset, with the known name
    /// nearest to it when one is close (`Nim` → `nim`, `kayle` →
    /// `kayles`).
    UnknownRuleset {
        /// The nearest known ruleset name, if one is close.
        did_you_mean: Option<&'static str>,
        /// The known ruleset names, joined by `, `
        /// ([`known_rulesets`](crate::ruleset::known_rulesets)).
        known: &'static str,
    },
    /// A ruleset word that names a known ruleset with bad parameters
    /// (`moore:0`, `sub:3-1`); the string says what is wrong.
    BadRuleset(String),
    /// A ruleset that is reserved but not available yet.
    Unsupported(String),
    /// An argument that is not a whole number.
    NotAHeapSize,
    /// A ruleset word where a heap size was expected: a `+` is missing
    /// before it.
    MissingPlus,
    /// An argument with a minus sign.
    NegativeHeap,
    /// An argument of 2^64 or more.
    HeapTooLarge,
    /// Arguments the ruleset cannot take (a staircase holding more than
    /// 2^64 - 1 coins, a Wythoff pair that is not two heaps); the error
    /// points at the argument to blame, else at the ruleset word.
    BadArguments(crate::args::ArgumentError),
}

impl ParseError {
    pub(crate) fn new(kind: ParseErrorKind) -> ParseError {
        ParseError { kind, at: None }
    }

    /// An error about `piece`, part of the user's word `word` (word number
    /// `number`), with `piece` starting at `column`.
    pub(crate) fn at_piece(
        kind: ParseErrorKind,
        word: &str,
        piece: &str,
        number: usize,
        column: usize,
    ) -> ParseError {
        ParseError {
            kind,
            at: Some(Place {
                word: shortened(word),
                piece: (piece != word).then(|| shortened(piece)),
                number,
                column,
            }),
        }
    }

    /// What was wrong.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }

    /// The offending word as the user wrote it (shortened to 40 characters),
    /// if the error is about one word.
    pub fn word(&self) -> Option<&str> {
        self.at.as_ref().map(|p| p.word.as_str())
    }

    /// The number of the offending word, counting from 1.
    pub fn word_number(&self) -> Option<usize> {
        self.at.as_ref().map(|p| p.number)
    }

    /// The column (in characters, from 1) where the offending word (or the
    /// part of it at fault, when a `+` splits it) starts.
    pub fn column(&self) -> Option<usize> {
        self.at.as_ref().map(|p| p.column)
    }

    /// The same error placed at a word, unless it already has a place.
    pub(crate) fn placed(mut self, word: &str, number: usize, column: usize) -> ParseError {
        if self.at.is_none() {
            self.at = Some(Place {
                word: shortened(word),
                piece: None,
                number,
                column,
            });
        }
        self
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Empty => f.write_str(
                "empty position: expected a ruleset followed by heap sizes, e.g. `nim 3 4 5`",
            ),
            ParseErrorKind::DanglingPlus => {
                f.write_str("'+' must stand between two components, e.g. `nim 3 + kayles 5`")
            }
            ParseErrorKind::UnknownRuleset {
                did_you_mean,
                known,
            } => {
                write!(f, "unknown ruleset")?;
                if let Some(name) = did_you_mean {
                    write!(f, " (did you mean {name}?)")?;
                }
                write!(f, "; known rulesets: {known}")
            }
            ParseErrorKind::BadRuleset(why) => f.write_str(why),
            ParseErrorKind::Unsupported(why) => f.write_str(why),
            ParseErrorKind::NotAHeapSize => write!(
                f,
                "expected a heap size (a whole number from 0 to {MAX_HEAP_TEXT}) or '+'"
            ),
            ParseErrorKind::MissingPlus => f.write_str(
                "expected a heap size; to add another component, put '+' before the ruleset word",
            ),
            ParseErrorKind::NegativeHeap => write!(
                f,
                "heap sizes cannot be negative (they run from 0 to {MAX_HEAP_TEXT})"
            ),
            ParseErrorKind::HeapTooLarge => write!(
                f,
                "heap size too large: the largest is {MAX_HEAP_TEXT} (2^64 - 1)"
            ),
            ParseErrorKind::BadArguments(why) => write!(f, "{why}"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.at {
            Some(Place {
                word,
                piece: Some(piece),
                number,
                column,
            }) => write!(
                f,
                "word {number} {word:?} (column {column}, at {piece:?}): {}",
                self.kind
            ),
            Some(Place {
                word,
                piece: None,
                number,
                column,
            }) => write!(f, "word {number} {word:?} (column {column}): {}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl std::error::Error for ParseError {}

/// An error from analysing or playing a position.
///
/// Limits are reported, never exceeded: a search that would store more
/// positions than allowed stops with [`Error::StateLimit`] instead of
/// exhausting memory.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The input could not be parsed.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A search by the definition needed to store more than `limit`
    /// positions (the state limit, see [`Limits::max_states`](crate::Limits)).
    #[error("the search needs to store more than {} (the state limit)", count(*limit, "position"))]
    StateLimit {
        /// The state limit that was reached.
        limit: usize,
    },
    /// A search by the definition examined more than `options` options
    /// without finishing, while storing fewer positions than its state
    /// limit `states`: the work a search may do is bounded too, at a fixed
    /// number of options per position it may store
    /// ([`Solver::set_work_per_state`](crate::Solver::set_work_per_state)),
    /// a large option counting as its [`Game::weight`](crate::Game::weight)
    /// (one more for every [`WEIGHT_UNIT`](crate::WEIGHT_UNIT) heaps,
    /// edges or vertices of a position of a ruleset).
    #[error(
        "the search examined more than {} without finishing (the work allowed with a state \
         limit of {}: {} a position; an option counts once more for every {} heaps, edges or \
         vertices it holds)",
        count(*options, "option"),
        count(*states, "position"),
        count(*per_state, "option"),
        crate::limits::WEIGHT_UNIT
    )]
    WorkLimit {
        /// The options examined when it stopped, weighted.
        options: u64,
        /// The state limit of the search.
        states: usize,
        /// The options allowed per position of the state limit.
        per_state: u64,
    },
    /// A misère sum could be decided neither by its misère quotient, which
    /// `analyze` tried first and which stopped at its limit of
    /// `quotient_limit` tuples a check
    /// ([`Limits::max_quotient_states`](crate::Limits); the options it keeps
    /// count against it too) for the reason `quotient`, nor by the search,
    /// which needed to store more than `limit` positions (the state limit,
    /// [`Limits::max_states`](crate::Limits)). Either limit may be raised.
    #[error(
        "the misère quotient stopped at its limit of {} a check ({quotient}), and the search \
         needs to store more than {} (the state limit)",
        count(*quotient_limit, "tuple"),
        count(*limit, "position")
    )]
    MisereLimit {
        /// The search's state limit.
        limit: usize,
        /// The quotient checks' limit.
        quotient_limit: usize,
        /// Why the quotient stopped: its own limit error.
        quotient: Box<Error>,
    },
    /// A misère quotient's proof check (or all its steps together, see
    /// [`QuotientLimits`](crate::misere::QuotientLimits)) would explore
    /// more than `limit` tuples: the state limit of a quotient.
    #[error(
        "the misère quotient's proof checks need to explore more than {}{} (the state limit)",
        count(*limit, "tuple"),
        if *in_all { " in all" } else { " in one check" }
    )]
    CheckLimit {
        /// The limit that was reached.
        limit: usize,
        /// Whether it is the limit of all the steps together (else of one
        /// check).
        in_all: bool,
    },
    /// A Grundy value would need a table of nim-values past `limit` heap
    /// sizes: [`Limits::max_table`](crate::Limits) (divided by
    /// [`THREE_HEAP_TABLE_DIVISOR`](crate::THREE_HEAP_TABLE_DIVISOR)
    /// for games that split a heap into three), or
    /// [`MAX_TABLE_LEN`](crate::sequence::MAX_TABLE_LEN) when that is smaller.
    #[error(
        "{ruleset} heap {heap}: its Grundy value needs the nim-sequence up to heap {heap}, \
         past the table limit of {}{}",
        count(*limit, "value"),
        if *divisor > 1 {
            format!(
                " (a game whose values cost more than the others' per heap, one that splits \
                 a heap into three, splits with unbounded removals or subtracts an infinite \
                 set, gets a {divisor}th of the table limit's heap sizes)"
            )
        } else {
            String::new()
        }
    )]
    TableLimit {
        /// The ruleset word.
        ruleset: String,
        /// The heap size asked for.
        heap: u64,
        /// The table limit that was reached.
        limit: u64,
        /// What the table limit was divided by for this game (1, or
        /// [`THREE_HEAP_TABLE_DIVISOR`](crate::THREE_HEAP_TABLE_DIVISOR) and
        /// [`UNBOUNDED_SPLIT_TABLE_DIVISOR`](crate::UNBOUNDED_SPLIT_TABLE_DIVISOR)
        /// for games whose values cost about the cube of the heap).
        divisor: u64,
    },
    /// A Grundy value would need a table of nim-values up to `heap` whose
    /// work, counted as the options the engine's method examines for each
    /// heap still to compute (see
    /// [`NimSequence::projected_work`](crate::sequence::NimSequence::projected_work)),
    /// is projected to be `projected`, past `limit`
    /// ([`Limits::max_table_work`](crate::Limits), divided by `divisor`
    /// for games that split a heap into three), unless a period is proven
    /// before (where the periodicity theorem applies). Found before any
    /// value is computed and again every 4,096 heaps, long before the work
    /// is done.
    #[error(
        "{ruleset} heap {heap}: its Grundy value needs the nim-sequence up to heap {heap}{}; \
         by the method in use (as computed to heap {computed}), the table {} heap {through} \
         needs about {projected} units of work (options examined), past the table work \
         limit of {}{}",
        if *theorem { ", unless a period is proven before" } else { "" },
        if *theorem { "to the next look for a period, at" } else { "from here to" },
        limit,
        if *divisor > 1 {
            format!(" (a {divisor}th of the limit for a game that splits a heap into three)")
        } else {
            String::new()
        }
    )]
    TableWorkLimit {
        /// The ruleset word.
        ruleset: String,
        /// The heap size asked for.
        heap: u64,
        /// The last heap computed when the limit was found out.
        computed: u64,
        /// The last heap of the projection: `heap`, or where a period
        /// may answer first, the next look for one.
        through: u64,
        /// The projected work of the table to `through` (from the heap
        /// after `computed`; from 0 where a period may answer first).
        projected: u64,
        /// The table work limit, divided.
        limit: u64,
        /// What [`Limits::max_table_work`](crate::Limits) was divided by.
        divisor: u64,
        /// Whether a proven period could have ended the table earlier.
        theorem: bool,
    },
    /// A ruleset's table of whole-component values (Wythoff's game: the
    /// Grundy value of every pair up to the larger heap) would hold more than
    /// `limit` values ([`Limits::max_table`](crate::Limits)).
    #[error(
        "{ruleset} {component}: its Grundy value needs a table of {} ({what}), past the \
         table limit of {}",
        count(*needed, "value"),
        count(*limit, "value")
    )]
    ComponentTableLimit {
        /// The ruleset word.
        ruleset: String,
        /// The component's arguments, as written.
        component: String,
        /// What the table holds, in words.
        what: String,
        /// How many values the table would hold.
        needed: u128,
        /// The table limit.
        limit: u64,
    },
    /// A heap past the table limit has a value only if a proven period
    /// gives it, and the search for one stopped at its limit
    /// ([`Limits::max_period_search`](crate::Limits), divided by
    /// [`THREE_HEAP_PERIOD_SEARCH_DIVISOR`](crate::THREE_HEAP_PERIOD_SEARCH_DIVISOR)
    /// for games that split a heap into three) without proving a period.
    #[error(
        "{ruleset} heap {heap}: past the table limit of {} only a proven period gives its \
         Grundy value, and the search for one stopped at its limit of {limit} (heaps \
         computed × (largest value + 1)) after {}, with no period proven{}",
        count(*table_limit, "value"),
        count(*searched, "value"),
        if *divisor > 1 {
            format!(" (a game that splits a heap into three gets a {divisor}th of the period search limit)")
        } else {
            String::new()
        }
    )]
    PeriodSearchLimit {
        /// The ruleset word.
        ruleset: String,
        /// The heap size asked for.
        heap: u64,
        /// The table limit the heap is past (in heap sizes).
        table_limit: u64,
        /// How many values the search computed (the table's length).
        searched: u64,
        /// The period search limit that was reached.
        limit: u64,
        /// What the period search limit was divided by for this game (1,
        /// or [`THREE_HEAP_PERIOD_SEARCH_DIVISOR`](crate::THREE_HEAP_PERIOD_SEARCH_DIVISOR)).
        divisor: u64,
        /// What the table limit was divided by for this game (see
        /// [`Error::TableLimit`]).
        table_divisor: u64,
    },
    /// The table of a `rule:` game ([`rule`](crate::ruleset::rule)) up to
    /// `heap` would cost `options` units of work from heap `from` on: the
    /// options listed, and the options evaluated to find them (32 units
    /// each), counted or projected before any is listed, past `limit`:
    /// [`Limits::max_table_work`](crate::Limits).
    #[error(
        "{ruleset} heap {heap}: the table of heaps {from} to {heap} needs at least {options} \
         units of work (the options listed, and 32 units an option evaluated to find them), \
         past the table work limit of {limit}"
    )]
    RuleWorkLimit {
        /// The ruleset word.
        ruleset: String,
        /// The heap asked for.
        heap: u64,
        /// The first heap the table still needed.
        from: u64,
        /// The work counted (or projected) when the limit was passed.
        options: u128,
        /// The limit.
        limit: u64,
    },
    /// A Grundy value above 4,294,967,295 (`u32::MAX`), the largest a
    /// nim-sequence table stores (values take 2 bytes while they fit, then
    /// 4); the computation stopped at that heap.
    #[error(
        "{ruleset} heap {heap}: its Grundy value exceeds 4294967295, the largest value \
         the nim-sequence table stores"
    )]
    ValueOverflow {
        /// The ruleset word.
        ruleset: String,
        /// The first heap whose value does not fit.
        heap: u64,
    },
    /// A Grundy value past 2^64 - 1, the largest sprague represents
    /// (Moore's Nim_k: two heaps of 2^64 - 1 with k >= 2 are worth
    /// 2^65 - 2).
    #[error(
        "{ruleset}: its Grundy value is {value}, past 2^64 - 1, the largest sprague represents"
    )]
    ValueTooLarge {
        /// The ruleset word.
        ruleset: String,
        /// The value.
        value: u128,
    },
    /// A heap has more winning moves than may be listed (the state limit,
    /// see [`Limits::max_states`](crate::Limits)); ask for fewer moves.
    #[error("{ruleset} heap {heap} has more than {} to list", count(*limit, "winning move"))]
    TooManyMoves {
        /// The ruleset word.
        ruleset: String,
        /// The heap size.
        heap: u64,
        /// The most moves that may be listed.
        limit: usize,
    },
    /// Finding the winning cuts of a Green Hackenbush picture would value
    /// more than `limit` edge-steps: each edge on a cycle is valued afresh
    /// (about the picture's size each). The budget is 64 ×
    /// [`Limits::max_states`](crate::Limits).
    #[error(
        "the winning cuts of a Hackenbush picture of {edges} edges need more than {limit} \
         steps (each edge on a cycle is valued afresh, about {edges} steps each)"
    )]
    CutLimit {
        /// The picture's edges.
        edges: usize,
        /// The most steps allowed.
        limit: u64,
    },
    /// Misère genus theory ([`misere::genus`](crate::misere::genus)) or a
    /// misère quotient ([`misere::quotient`](crate::misere::quotient))
    /// would list more than `limit` options (`per_state` a state of
    /// [`Limits::max_states`](crate::Limits): 64 for genus, which lets go
    /// of options it no longer needs, 2 for a quotient, which keeps them
    /// all) to reach the heaps up to `heap`: every option of every heap is
    /// listed, so a heap of n costs about n options in an octal game, and a
    /// subtraction set with wide ranges costs the width of its ranges.
    #[error(
        "{ruleset}: {what} would list more than {} to reach every heap up to {heap}",
        count(*limit, "option")
    )]
    OptionLimit {
        /// The ruleset word.
        ruleset: String,
        /// What lists them: `misère genus theory` or `the misère quotient`.
        what: String,
        /// The largest heap asked for.
        heap: u64,
        /// The most options allowed.
        limit: u64,
        /// Options allowed per state of the state limit.
        per_state: u64,
    },
    /// A table of two-number positions ([`Grid`](crate::grid::Grid)) to
    /// `to` would hold more than `limit` cells, or more than the memory
    /// that could be had.
    #[error(
        "a table of every position (a, b) with 0 <= a, b <= {to} holds {} cells, past \
         the limit of {limit} cells",
        if *cells == u128::MAX { "2^128".to_string() } else { cells.to_string() }
    )]
    GridLimit {
        /// The largest number of each axis asked for.
        to: u64,
        /// The cells that needs: (to + 1)², `u128::MAX` for 2^128 (`to` =
        /// 2^64 - 1).
        cells: u128,
        /// The most cells allowed.
        limit: u64,
    },
    /// Counting positions ([`count`](crate::count::count)) would pass one
    /// of its limits ([`CountLimits`](crate::count::CountLimits)): the
    /// work, or the size of an exact number. Found before the work.
    #[error(
        "{ruleset}: the count needs about {needed} {}, past the limit of {limit}",
        match kind {
            CountLimitKind::Bits => "bits for its exact numbers",
            _ => "steps of work",
        }
    )]
    CountLimit {
        /// The ruleset word.
        ruleset: String,
        /// Which limit.
        kind: CountLimitKind,
        /// About how much the count needs.
        needed: u128,
        /// The limit.
        limit: u64,
    },
    /// A misère quotient would have more than `limit` elements
    /// ([`QuotientLimits::max_order`](crate::misere::QuotientLimits)) once
    /// heap `heap` is added.
    #[error(
        "{ruleset} heap {heap}: the misère quotient would have more than {} (the order \
         limit)",
        count(*limit, "element")
    )]
    OrderLimit {
        /// The ruleset word.
        ruleset: String,
        /// The heap being added when the limit was passed.
        heap: u64,
        /// The order limit.
        limit: usize,
    },
    /// The deadline of the current thread passed (set by
    /// [`budget::with_deadline`](crate::budget::with_deadline), which only
    /// a front end that stops abandoned work sets).
    #[error("the computation ran past its time budget")]
    TimeLimit,
    /// The bytes held passed a memory budget (set by
    /// [`budget::with_memory_limit`](crate::budget::with_memory_limit),
    /// [`budget::set_process_memory_limit`](crate::budget::set_process_memory_limit)
    /// or [`Limits::max_memory`](crate::Limits::max_memory)), counted by
    /// [`budget::CountingAllocator`](crate::budget::CountingAllocator);
    /// what the computation held is freed.
    #[error(
        "the computation needs more memory than its budget of {} ({limit} bytes)",
        human_bytes(*limit)
    )]
    MemoryLimit {
        /// The budget in bytes.
        limit: u64,
    },
    /// A move that is not legal in the position it was played in.
    #[error("illegal move: {0}")]
    IllegalMove(#[from] IllegalMove),
    /// Something the library does not do (yet) for this input.
    #[error("{0}")]
    Unsupported(String),
    /// A search for Grundy values or outcomes of a game that ends met a
    /// position again on its own line of play: the game can be played
    /// forever from the position asked, so it may be drawn and has no
    /// Grundy value. [`loopy::LoopySolver`](crate::loopy::LoopySolver)
    /// answers such games (outcome P, N or D, generalized values).
    #[error(
        "a position recurs: the game can be played forever from here, so it may be a draw \
         and has no Grundy value (games with cycles are analysed under normal play only)"
    )]
    Cycle,
    /// A state the library should never reach: a fault in the library, not
    /// in the input.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    /// The same error with the ruleset it names written `word`: a ruleset
    /// valued through another one (a row of `cards:L-R` through its octal
    /// game, whose code has R digits) names itself in its messages, which
    /// stay as short as what the user typed.
    pub(crate) fn naming(mut self, word: &str) -> Error {
        match &mut self {
            Error::TableLimit { ruleset, .. }
            | Error::TableWorkLimit { ruleset, .. }
            | Error::ComponentTableLimit { ruleset, .. }
            | Error::PeriodSearchLimit { ruleset, .. }
            | Error::RuleWorkLimit { ruleset, .. }
            | Error::ValueOverflow { ruleset, .. }
            | Error::ValueTooLarge { ruleset, .. }
            | Error::TooManyMoves { ruleset, .. }
            | Error::OptionLimit { ruleset, .. } => *ruleset = word.to_string(),
            _ => {}
        }
        self
    }

    /// Whether the error is a limit (exit status 3): a resource limit the
    /// caller may raise and try again, or a value past 2^64 - 1
    /// ([`Error::ValueTooLarge`]), which no limit raises.
    pub fn is_limit(&self) -> bool {
        matches!(
            self,
            Error::StateLimit { .. }
                | Error::WorkLimit { .. }
                | Error::MisereLimit { .. }
                | Error::CheckLimit { .. }
                | Error::TableLimit { .. }
                | Error::TableWorkLimit { .. }
                | Error::RuleWorkLimit { .. }
                | Error::ComponentTableLimit { .. }
                | Error::ValueTooLarge { .. }
                | Error::PeriodSearchLimit { .. }
                | Error::TooManyMoves { .. }
                | Error::CutLimit { .. }
                | Error::OptionLimit { .. }
                | Error::GridLimit { .. }
                | Error::CountLimit { .. }
                | Error::OrderLimit { .. }
                | Error::TimeLimit
                | Error::MemoryLimit { .. }
        )
    }

    /// Whether the error is caused by bad input (a parse error, an illegal
    /// move, or a request the library does not support); never
    /// [`Error::Internal`], which is a fault of the library.
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            Error::Parse(_) | Error::IllegalMove(_) | Error::Unsupported(_) | Error::Cycle
        )
    }
}

/// `n` and the noun, plural unless `n` is 1 (`1 position`, `2 positions`).
fn count<N: TryInto<u64> + Copy + std::fmt::Display>(n: N, noun: &str) -> String {
    if n.try_into().is_ok_and(|v| v == 1) {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Which limit of [`CountLimits`](crate::count::CountLimits) a count would pass
/// ([`Error::CountLimit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CountLimitKind {
    /// [`CountLimits::max_work`](crate::count::CountLimits::max_work).
    Work,
    /// [`CountLimits::max_bits`](crate::count::CountLimits::max_bits).
    Bits,
}

/// The name of `known` nearest to `name`, when it is close: the same
/// letters in another case, or at most one letter in four different
/// (Levenshtein distance, ignoring case). For the "did you mean" of an
/// error.
pub(crate) fn nearest(
    name: &str,
    known: impl Iterator<Item = &'static str>,
) -> Option<&'static str> {
    let name = name.to_lowercase();
    known
        .map(|known| (edit_distance(&name, known), known))
        .filter(|&(d, known)| d <= (known.len() / 4).max(1))
        .min_by_key(|&(d, _)| d)
        .map(|(_, known)| known)
}

/// The Levenshtein distance between `a` and `b` (in chars).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

/// `bytes` written for people: `512 MiB`, `4 GiB`, `1.5 GiB`, `300 KiB`,
/// `12 bytes` (binary units, at most one decimal).
///
/// ```
/// assert_eq!(sprague::budget::human_bytes(4 << 30), "4 GiB");
/// assert_eq!(sprague::budget::human_bytes(1536 << 20), "1.5 GiB");
/// assert_eq!(sprague::budget::human_bytes(1000), "1000 bytes");
/// ```
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [(&str, u32); 4] = [("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)];
    for (unit, shift) in UNITS {
        let one = 1u64 << shift;
        if bytes >= one {
            let tenths = (u128::from(bytes) * 10 + u128::from(one) / 2) / u128::from(one);
            return if tenths % 10 == 0 {
                format!("{} {unit}", tenths / 10)
            } else {
                format!("{}.{} {unit}", tenths / 10, tenths % 10)
            };
        }
    }
    format!("{bytes} bytes")
}
