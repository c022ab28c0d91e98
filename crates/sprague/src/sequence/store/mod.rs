//! [`Store`]: the one place that grows a nim-sequence until the periodicity
//! theorem of Guy and Smith proves a period, and then answers any `u64`
//! heap from the table or the period.
//!
//! `analyze` (through the table a [`Ruleset`](crate::Ruleset) keeps),
//! `sequence` and `period` all go through it, so they compute the same
//! values in the same steps and look for a period at the same points: each
//! time the table reaches heap 1,024, 2,048, 4,096, ... (the proof costs
//! O(N), so looking after every doubling costs O(N) in all).
//!
//! Values are read from the engine only through the few helpers at the end
//! of this file, and there only through the [`Values`] view, whatever
//! their width (2 bytes each while they fit, 4 once one passes 65,535).

use super::arith::{self, ArithFinding, ArithPeriod, ArithProof};
use super::{period, Method, NimSequence, Period, PeriodReport, Proof, Values, MAX_TABLE_LEN};
use crate::takebreak::MoveSet;
use crate::{
    Error, Limits, THREE_HEAP_PERIOD_SEARCH_DIVISOR, THREE_HEAP_TABLE_DIVISOR,
    UNBOUNDED_SPLIT_TABLE_DIVISOR,
};

/// The first heap at which a period is looked for; the next ones double it.
pub const FIRST_CHECK: u64 = 1024;

/// Heaps computed per step of a speculative period search: its work is
/// weighed against [`Limits::max_period_search`] before each step.
const SEARCH_STEP: u64 = 4096;

/// A nim-sequence computed so far and, once proven, its period.
///
/// Extending is incremental ([`Store::ensure`] goes on from where the table
/// stops; [`Store::search_period`] reports each step to a callback), and a
/// store can start from values saved before ([`Store::resume`], as
/// `sequence --resume` does). The store does no I/O.
///
/// ```
/// use sprague::sequence::{Method, Store};
/// use sprague::takebreak::TakeBreakCode;
/// use sprague::Limits;
/// let kayles = TakeBreakCode::parse_octal("0.77").unwrap().move_set();
/// let mut store = Store::new("kayles", kayles, Method::Fast);
/// store.ensure(u64::MAX, &Limits::default())?; // proves the period 12 from 71
/// assert_eq!(store.period().map(|p| (p.preperiod, p.period)), Some((71, 12)));
/// assert_eq!(store.get(u64::MAX), store.get(71 + (u64::MAX - 71) % 12));
/// assert_eq!(store.get(11), Some(6));
/// # Ok::<(), sprague::Error>(())
/// ```
pub struct Store {
    seq: NimSequence,
    method: Method,
    found: Option<(Period, Proof)>,
    /// The heap at which to look for a period next.
    next_check: u64,
    /// The largest value in the table.
    largest: u64,
    /// A proven arithmetic period (take-any games, [`arith::prove`]).
    arith: Option<(ArithPeriod, ArithProof)>,
    /// The table's length when an arithmetic period was last looked for.
    arith_tried: u64,
}

/// The values computed before an arithmetic period is looked for in a
/// take-any game ([`arith::take_any_family`]): enough for the periods of
/// the literature, a few milliseconds even with splits into three.
pub const ARITH_TABLE: u64 = 512;

mod resume;

pub use resume::ResumeError;

impl Store {
    /// An empty store for the game with these moves; `name` (the ruleset
    /// word) is used in error messages. No value is computed yet.
    pub fn new(name: &str, moves: MoveSet, method: Method) -> Store {
        Store::from_sequence(NimSequence::new(name, moves), method)
    }

    /// A store that goes on from `seq` (its values are trusted). The period
    /// is looked for at the first step that computes anything.
    pub fn from_sequence(seq: NimSequence, method: Method) -> Store {
        let largest = largest_from(&seq, 0);
        Store {
            seq,
            method,
            found: None,
            next_check: FIRST_CHECK,
            largest,
            arith: None,
            arith_tried: 0,
        }
    }

    /// Lets the computation use up to `threads` threads
    /// ([`NimSequence::set_threads`]; the values are the same).
    pub fn set_threads(&mut self, threads: usize) {
        self.seq.set_threads(threads);
    }

    /// The values computed so far: G(0), ..., G(len - 1).
    pub fn sequence(&self) -> &NimSequence {
        &self.seq
    }

    /// Takes the computed sequence out.
    pub fn into_sequence(self) -> NimSequence {
        self.seq
    }

    /// The number of values in the table.
    pub fn len(&self) -> u64 {
        self.seq.len()
    }

    /// Whether no value has been computed yet.
    pub fn is_empty(&self) -> bool {
        self.seq.is_empty()
    }

    /// The moves of the game.
    pub fn moves(&self) -> &MoveSet {
        self.seq.moves()
    }

    /// The proven period, once found.
    pub fn period(&self) -> Option<Period> {
        self.found.map(|f| f.0)
    }

    /// The proof of the period, once found.
    pub fn proof(&self) -> Option<Proof> {
        self.found.map(|f| f.1)
    }

    /// Whether a periodicity theorem applies to the game (otherwise no
    /// period is ever claimed and values are computed up to the heap).
    pub fn theorem_applies(&self) -> bool {
        self.seq.moves().periodicity_theorem_applies()
    }

    /// G(heap), from the table or, past it, from the proven period or
    /// arithmetic period; `None` when none gives it yet, or when the value
    /// passes 2^64 - 1 ([`Store::get_wide`] gives it). Constant time.
    pub fn get(&self, heap: u64) -> Option<u64> {
        self.get_wide(heap).and_then(|v| u64::try_from(v).ok())
    }

    /// G(heap) exactly, past 2^64 - 1 too (an arithmetic period's values
    /// grow without bound); `None` when it is not known yet.
    pub fn get_wide(&self, heap: u64) -> Option<u128> {
        let h = self.found.map_or(heap, |(p, _)| p.reduce(heap));
        if h < self.seq.len() {
            return Some(value(&self.seq, h as usize).into());
        }
        let (a, _) = self.arith?;
        Some(a.value(heap, |b| value(&self.seq, b as usize)))
    }

    /// The proven arithmetic period with its proof, once found.
    pub fn arithmetic(&self) -> Option<(ArithPeriod, ArithProof)> {
        self.arith
    }

    /// Looks for an arithmetic period in the table, and proves it, for a
    /// take-any game ([`arith::take_any_family`]).
    fn try_arithmetic(&mut self) {
        if self.arith.is_none()
            && self.arith_tried != self.len()
            && arith::take_any_family(self.seq.moves())
        {
            self.arith_tried = self.len();
            let values = self.seq.values().to_vec();
            self.arith = arith::find_arithmetic(&values)
                .and_then(|p| Some((p, arith::prove(&values, self.seq.moves(), p)?)));
        }
    }

    /// Whether G(heap) is in the table (rather than given by the period).
    pub fn in_table(&self, heap: u64) -> bool {
        heap < self.seq.len()
    }

    /// How many heaps from 0 have a value now: the table's length, or
    /// `u64::MAX` (all of them) once a period is proven.
    pub fn known(&self) -> u64 {
        if self.found.is_some() || self.arith.is_some() {
            u64::MAX
        } else {
            self.seq.len()
        }
    }

    /// Computes what G(heap) needs. Where no periodicity theorem applies,
    /// the table up to `heap`. Otherwise the table grows towards `heap` and
    /// a period is looked for each time it reaches heap 1,024, 2,048, ...;
    /// it stops as soon as `heap` is in the table or a period is proven.
    /// A heap past the table limit can only be answered by a period: that
    /// search goes in steps of 4,096 heaps within
    /// [`Limits::max_period_search`] (see [`work`](Store::work)), and a
    /// period is looked for once more where it stops.
    ///
    /// Time: computing the values (see [`crate::sequence`]) plus O(N) for
    /// each look for a period (O(N) in all, as the looks double); memory 2
    /// bytes per value (4 once a value passes 65,535), nothing more for a
    /// look. Constant time
    /// when G(heap) is known already. On error the values computed so far
    /// are kept.
    ///
    /// # Errors
    /// [`Error::TableLimit`] when `heap` needs a table past
    /// `limits.max_table` ([`table_limit`]); [`Error::TableWorkLimit`] as
    /// soon as the values computed show that the table to `heap` would
    /// pass `limits.max_table_work`; [`Error::PeriodSearchLimit`]
    /// when the period search for a heap past it reaches its limit;
    /// [`Error::ValueOverflow`] when a value exceeds [`MAX_VALUE`](super::MAX_VALUE).
    pub fn ensure(&mut self, heap: u64, limits: &Limits) -> Result<(), Error> {
        self.ensure_inner(heap, limits, true)
    }

    /// [`Store::ensure`] without an arithmetic period: G(heap) is then in
    /// the table or given by an ordinary period (for callers that read the
    /// values by value, as `count` does, whose values an arithmetic
    /// period would make unbounded).
    ///
    /// # Errors
    /// As [`Store::ensure`].
    pub fn ensure_in_table(&mut self, heap: u64, limits: &Limits) -> Result<(), Error> {
        self.ensure_inner(heap, limits, false)
    }

    /// Reserves memory, exactly, for the table up to heap `last` (at most
    /// up to the table limit of `limits`), for a caller that will
    /// [`ensure`](Store::ensure) heaps up to `last` step by step: the table
    /// then never holds spare capacity or a second copy while it grows.
    pub fn reserve(&mut self, last: u64, limits: &Limits) {
        let limit = table_limit(self.seq.moves(), limits);
        self.seq.reserve(last.min(limit.saturating_sub(1)));
    }

    fn ensure_inner(&mut self, heap: u64, limits: &Limits, arith: bool) -> Result<(), Error> {
        let known = if arith {
            self.get_wide(heap).is_some()
        } else {
            self.in_table(heap) || self.found.is_some()
        };
        if known {
            return Ok(());
        }
        let divisor = table_divisor(self.seq.moves());
        let limit = table_limit(self.seq.moves(), limits);
        let too_far = |store: &Store| Error::TableLimit {
            ruleset: store.seq.name().to_string(),
            heap,
            limit,
            divisor,
        };
        let Some(last_allowed) = limit.checked_sub(1) else {
            return Err(too_far(self));
        };
        let bound = WorkBound {
            heap,
            limit: limits.max_table_work / period_search_divisor(self.seq.moves()),
            divisor: period_search_divisor(self.seq.moves()),
            theorem: self.theorem_applies(),
        };
        if !self.theorem_applies() {
            if arith && arith::take_any_family(self.seq.moves()) && self.arith.is_none() {
                // A short table, then an arithmetic period if one is proven.
                let first = heap.min(ARITH_TABLE - 1).min(last_allowed);
                let short = WorkBound {
                    heap: first,
                    ..bound
                };
                self.compute_to(first, Some(&short))?;
                self.try_arithmetic();
                if self.get_wide(heap).is_some() {
                    return Ok(());
                }
            }
            if heap > last_allowed {
                return Err(too_far(self));
            }
            return self.compute_to(heap, Some(&bound));
        }
        let speculative = heap > last_allowed;
        let budget = period_search_limit(self.seq.moves(), limits);
        let search_divisor = period_search_divisor(self.seq.moves());
        loop {
            let mut target = heap.min(self.next_check).min(last_allowed);
            if speculative {
                target = target.min(self.len().saturating_add(SEARCH_STEP - 1));
                if self.work(target) > budget {
                    self.look_for_period();
                    if self.found.is_some() {
                        return Ok(());
                    }
                    return Err(Error::PeriodSearchLimit {
                        ruleset: self.seq.name().to_string(),
                        heap,
                        table_limit: limit,
                        searched: self.len(),
                        limit: budget,
                        divisor: search_divisor,
                        table_divisor: divisor,
                    });
                }
            }
            self.compute_to(target, (!speculative).then_some(&bound))?;
            if self.get(heap).is_some() {
                return Ok(());
            }
            if target >= last_allowed {
                self.look_for_period();
                if self.found.is_some() {
                    return Ok(());
                }
                return Err(too_far(self));
            }
        }
    }

    /// Computes values until the periodicity theorem proves a period or the
    /// table reaches heap `limit`, looking for one at heaps 1,024, 2,048,
    /// ... and at `limit`; `progress` is called with the last heap computed
    /// after each step. Where no theorem applies nothing is computed
    /// (`checked_to` is 0). Not bounded by [`Limits`]: `limit` is the bound.
    ///
    /// Time O(N) for the proofs on top of computing N values.
    ///
    /// # Errors
    /// [`Error::ValueOverflow`] when a value exceeds [`MAX_VALUE`](super::MAX_VALUE);
    /// [`Error::TableLimit`] when `limit` is [`MAX_TABLE_LEN`] or more.
    pub fn search_period(
        &mut self,
        limit: u64,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport, Error> {
        let mut report = PeriodReport {
            found: None,
            checked_to: 0,
            theorem_applies: self.theorem_applies(),
            arithmetic: None,
        };
        if !report.theorem_applies {
            if arith::take_any_family(self.seq.moves()) {
                let target = limit.min(ARITH_TABLE - 1);
                self.compute_to(target, None)?;
                progress(target);
                self.try_arithmetic();
                report.checked_to = self.len().saturating_sub(1);
                report.arithmetic = self.arithmetic_finding();
            }
            return Ok(report);
        }
        while self.found.is_none() {
            let target = self.next_check.min(limit);
            self.compute_to(target, None)?;
            progress(target);
            if target >= limit {
                self.look_for_period();
                break;
            }
        }
        report.checked_to = self.len().saturating_sub(1);
        report.found = self.found_period();
        report.arithmetic = self.arithmetic_finding();
        Ok(report)
    }

    /// The arithmetic period proven, or else (when no ordinary period is)
    /// the one the values show ([`arith::find_arithmetic`]), unproven.
    /// O(N·p).
    fn arithmetic_finding(&self) -> Option<ArithFinding> {
        if let Some((period, proof)) = self.arith {
            return Some(ArithFinding {
                period,
                proof: Some(proof),
            });
        }
        if self.found.is_some() {
            return None;
        }
        let values = self.seq.values().to_vec();
        arith::find_arithmetic(&values).map(|period| ArithFinding {
            period,
            proof: None,
        })
    }

    /// The proven period with its proof.
    fn found_period(&self) -> Option<(Period, Proof)> {
        self.found
    }

    /// What the store knows of its period: the period and proof if one is
    /// proven, and the last heap computed.
    pub fn report(&self) -> PeriodReport {
        PeriodReport {
            found: self.found_period(),
            checked_to: self.len().saturating_sub(1),
            theorem_applies: self.theorem_applies(),
            arithmetic: self.arithmetic_finding(),
        }
    }

    /// The work of a table up to heap `last`, as
    /// [`Limits::max_period_search`] counts it: heaps × (largest value + 1),
    /// with the largest value in the table so far (saturating at
    /// `u64::MAX`). A speculative search weighs each step by it before
    /// computing the step.
    pub fn work(&self, last: u64) -> u64 {
        last.saturating_add(1)
            .saturating_mul(self.largest.saturating_add(1))
    }

    /// Extends the table to heap `last` (nothing when it is there), and
    /// looks for a period when the table passes the next check point.
    /// Under a budget ([`crate::budget`]), with a progress reporter
    /// ([`crate::progress`]) or with a work `bound`, in steps of
    /// [`BUDGET_STEP`] heaps, checking between them; the bound stops it with
    /// [`Error::TableWorkLimit`] once the projected work of the heaps left
    /// by the method in use passes the bound's limit.
    fn compute_to(&mut self, last: u64, bound: Option<&WorkBound>) -> Result<(), Error> {
        let result = if crate::budget::is_set() || bound.is_some() {
            let mut result = self.check_step(bound);
            while result.is_ok() && self.seq.len() <= last {
                let from = self.seq.len() as usize;
                let step = self.seq.len().saturating_add(BUDGET_STEP - 1).min(last);
                result = self.seq.extend_to(step, self.method);
                self.largest = self.largest.max(largest_from(&self.seq, from));
                if result.is_ok() {
                    result = self.check_step(bound);
                }
                crate::progress::report(|| crate::progress::Progress::Table {
                    heap: self.seq.len().saturating_sub(1),
                    target: bound.map_or(last, |b| b.heap),
                });
            }
            result
        } else {
            let before = self.seq.len() as usize;
            let result = self.seq.extend_to(last, self.method);
            self.largest = self.largest.max(largest_from(&self.seq, before));
            result
        };
        if self.seq.len() > self.next_check {
            self.look_for_period();
        }
        result
    }

    /// The budget's check, then the work bound's.
    fn check_step(&self, bound: Option<&WorkBound>) -> Result<(), Error> {
        crate::budget::check()?;
        match bound.and_then(|b| Some((b, b.exceeded_by(&self.seq)?))) {
            Some((b, (through, projected))) => Err(Error::TableWorkLimit {
                ruleset: self.seq.name().to_string(),
                heap: b.heap,
                computed: self.seq.len().saturating_sub(1),
                through,
                projected,
                limit: b.limit,
                divisor: b.divisor,
                theorem: b.theorem,
            }),
            None => Ok(()),
        }
    }

    /// Looks for a proven period in the whole table, and sets the next
    /// check point past it.
    fn look_for_period(&mut self) {
        if self.found.is_none() && self.theorem_applies() {
            self.found = proven(&self.seq);
        }
        let last = self.seq.len().saturating_sub(1);
        while self.next_check <= last {
            self.next_check = self.next_check.saturating_mul(2);
        }
    }
}

/// Heaps computed between checks of the time budget
/// ([`crate::budget`]) and of the table work limit.
const BUDGET_STEP: u64 = 4096;

/// The table work limit of one question ([`Limits::max_table_work`]).
struct WorkBound {
    /// The heap asked for.
    heap: u64,
    /// The limit, divided by `divisor`.
    limit: u64,
    divisor: u64,
    /// Whether a proven period may answer before the table gets there.
    theorem: bool,
}

impl WorkBound {
    /// The projected work by the method in use
    /// ([`NimSequence::projected_work`](super::NimSequence::projected_work)),
    /// when it passes the limit: of the heaps left to the heap asked; where
    /// a proven period may answer first, of the whole table to the next
    /// look for a period (twice the table), so that a period in reach is
    /// found and a table that never ends is refused within the limit.
    fn exceeded_by(&self, seq: &super::NimSequence) -> Option<(u64, u64)> {
        let len = seq.len();
        let (through, work) = if self.theorem {
            let next = len.saturating_mul(2).max(len.saturating_add(BUDGET_STEP));
            let through = self.heap.min(next);
            (through, seq.projected_work(0, through))
        } else {
            (self.heap, seq.projected_work(len, self.heap))
        };
        (work > self.limit as f64).then(|| (through, work.min(u64::MAX as f64) as u64))
    }
}

/// What the limits of a game with these moves are divided by: games whose
/// values cost about the cube of the heap get a fraction of them,
/// [`THREE_HEAP_TABLE_DIVISOR`] for splits into three heaps,
/// [`UNBOUNDED_SPLIT_TABLE_DIVISOR`] for splits after unbounded removals
/// (`octal:0.7...`; not Lasker's Nim, `octal:4.3...`, whose splits remove
/// nothing); an infinite subtraction set its own
/// ([`NamedSet::table_divisor`](crate::ruleset::named::NamedSet::table_divisor):
/// 10 for the squares, 100 for the primes);
/// 1 for others.
pub fn table_divisor(moves: &MoveSet) -> u64 {
    if let Some(set) = moves.named_set() {
        set.table_divisor()
    } else if moves.max_parts() == 3 {
        THREE_HEAP_TABLE_DIVISOR
    } else if moves.split2.last().is_some_and(|&(_, hi)| hi == u64::MAX) {
        // Splits into two after removing any number of tokens: about n²
        // options per heap.
        UNBOUNDED_SPLIT_TABLE_DIVISOR
    } else {
        1
    }
}

/// The table limit of a game with these moves: `limits.max_table`, divided
/// by [`table_divisor`], and at most [`MAX_TABLE_LEN`].
pub fn table_limit(moves: &MoveSet, limits: &Limits) -> u64 {
    (limits.max_table / table_divisor(moves)).min(MAX_TABLE_LEN)
}

/// What the period search limit of a game with these moves is divided by:
/// [`THREE_HEAP_PERIOD_SEARCH_DIVISOR`] for games that split a heap into
/// three, 1 for others (the games with a larger [`table_divisor`] have no
/// periodicity theorem, so no period search).
pub fn period_search_divisor(moves: &MoveSet) -> u64 {
    if moves.named_set().is_none() && moves.max_parts() == 3 {
        THREE_HEAP_PERIOD_SEARCH_DIVISOR
    } else {
        1
    }
}

/// The period search limit of a game with these moves:
/// `limits.max_period_search`, divided by [`period_search_divisor`].
pub fn period_search_limit(moves: &MoveSet, limits: &Limits) -> u64 {
    limits.max_period_search / period_search_divisor(moves)
}

/// Limits that never stop a store short of [`MAX_TABLE_LEN`].
pub fn unlimited() -> Limits {
    Limits {
        max_table: u64::MAX,
        max_period_search: u64::MAX,
        max_table_work: u64::MAX,
        ..Limits::default()
    }
}

/// Computes the nim-sequence `seq` further until the periodicity theorem
/// proves a period or the values reach heap `limit`, looking for one at
/// heaps 1,024, 2,048, ... and at `limit` (as [`Store::search_period`]
/// does, the sequence going through a store and coming back with the
/// values computed). When no theorem applies nothing is computed.
///
/// `progress` is called with the last heap computed after each step.
///
/// # Errors
/// As for [`NimSequence::extend_to`].
pub fn search_sequence(
    seq: &mut NimSequence,
    limit: u64,
    method: Method,
    progress: &mut dyn FnMut(u64),
) -> Result<PeriodReport, Error> {
    let empty = NimSequence::new(seq.name(), seq.moves().clone());
    let mut store = Store::from_sequence(std::mem::replace(seq, empty), method);
    let report = store.search_period(limit, progress);
    *seq = store.into_sequence();
    report
}

impl Proof {
    /// The window end of the proof as a formula in n0 (the preperiod), p
    /// (the period) and t (the most tokens one move removes): `n0 + t` for
    /// subtraction games, `max(n0, 1) + t`, `2·max(n0, 1) + p + t` for
    /// two-heap splits, `3·max(n0, 1) + 2·p + t` for three-heap splits.
    pub fn window_formula(&self) -> &'static str {
        let (a, b) = self.window;
        match self.parts {
            1 if b == a.saturating_add(self.max_removal) => "n0 + t",
            1 => "max(n0, 1) + t",
            2 => "2·max(n0, 1) + p + t",
            _ => "3·max(n0, 1) + 2·p + t",
        }
    }
}

// The engine's values are read only here, through the `Values` view.

/// G(heap) from the table (`heap` is in it).
fn value(seq: &NimSequence, heap: usize) -> u64 {
    seq.values().value(heap)
}

/// The largest value from heap `from` on (0 when there is none).
fn largest_from(seq: &NimSequence, from: usize) -> u64 {
    fn max_from<V: Copy + Ord + Into<u64>>(values: &[V], from: usize) -> u64 {
        values
            .get(from..)
            .and_then(|v| v.iter().max())
            .map_or(0, |&v| v.into())
    }
    match seq.values() {
        Values::Narrow(v) => max_from(v, from),
        Values::Wide(v) => max_from(v, from),
    }
}

/// The least period the table proves, with its proof.
fn proven(seq: &NimSequence) -> Option<(Period, Proof)> {
    period::find_proven(seq.values(), seq.moves())
}

#[cfg(test)]
mod tests;
