//! Where the values of `sequence` come from: a closed form, the library's
//! nim-sequence store (a table, then a proven period), or a table the
//! ruleset keeps itself (`rule:` words); a resumed file's values are
//! checked against it first.

use super::*;

/// Where the values come from.
pub(super) enum Source {
    /// A closed form, no table: G(n) = n (Nim, and a lone heap of Moore's
    /// Nim_k or staircase Nim), or a subtraction set that is one range.
    Closed(Ruleset),
    /// The library's nim-sequence store: the table, and the period once
    /// proven (every later value follows from it and is not computed).
    Table(Box<Store>),
    /// A table the ruleset keeps itself (`rule:` words): the values read
    /// so far.
    Own(Ruleset, Vec<u64>),
}

impl Source {
    /// The source of `ruleset`'s values, going on from `saved` (the values
    /// a file holds), which are checked first.
    pub(super) fn new(
        ruleset: &Ruleset,
        method: Method,
        saved: Table,
        threads: usize,
    ) -> Result<Source> {
        let word = ruleset.word();
        if ruleset.closed_heap_value(0).is_some() {
            let values = saved.values();
            for i in 0..values.len().min(CHECKED_CLOSED) {
                let (v, want) = (
                    values.value(i),
                    ruleset.closed_heap_value(i as u64).unwrap_or(0),
                );
                if v != want {
                    return Err(differs(word, i as u64, v, want).into());
                }
            }
            return Ok(Source::Closed(ruleset.clone()));
        }
        if ruleset.own_sequence().is_some() {
            if !saved.values().is_empty() {
                return Err(UsageError(format!(
                    "cannot resume {word}: its values are computed in memory by the rule \
                     language, not by the engine that resumes files; compute them again \
                     (without --resume)"
                ))
                .into());
            }
            return Ok(Source::Own(ruleset.clone(), Vec::new()));
        }
        let moves = crate::cmd::engine_moves(ruleset, "sequence")?;
        let saved = NimSequence::from_table(word, moves.clone(), saved);
        let store = Store::resume_sequence(saved, method).map_err(|e| match e {
            ResumeError::Differs {
                heap,
                saved,
                expected,
            } => anyhow::Error::from(differs(word, heap, saved, expected)),
            ResumeError::DiffersFromPrefix {
                heap,
                saved,
                expected,
            } => UsageError(format!(
                "cannot resume: the file does not hold the values of {word}: \
                 from its values before it, G({heap}) would be {expected}, but the file has {saved}"
            ))
            .into(),
            ResumeError::TooLarge { .. } => UsageError(format!(
                "cannot resume: the file holds a value above 4294967295, which no {word} table has"
            ))
            .into(),
            ResumeError::Engine(e) => LibError(e).into(),
            e => UsageError(format!("cannot resume: {e}")).into(),
        })?;
        let mut store = Box::new(store);
        store.set_threads(threads);
        Ok(Source::Table(store))
    }

    /// Makes G(0..=last) available; on error, the values before the failing
    /// heap still are.
    /// Reserves the table's memory up to heap `to` at once.
    pub(super) fn reserve(&mut self, to: u64, limits: &sprague::Limits) {
        if let Source::Table(t) = self {
            t.reserve(to, limits);
        }
    }

    /// Where heap `to` is past the table limit only a proven period gives
    /// the values past the table: it is looked for first, within the
    /// period search limit (as `analyze` does for a heap past the table),
    /// so that a run that cannot finish is refused before any value is
    /// written, not after the whole table.
    pub(super) fn period_first(
        &mut self,
        to: u64,
        limits: &sprague::Limits,
    ) -> Result<(), sprague::Error> {
        match self {
            Source::Table(t) if to >= store::table_limit(t.moves(), limits) => t.ensure(to, limits),
            _ => Ok(()),
        }
    }

    pub(super) fn extend_to(
        &mut self,
        last: u64,
        limits: &sprague::Limits,
    ) -> Result<(), sprague::Error> {
        match self {
            Source::Closed(_) => Ok(()),
            Source::Table(t) => t.ensure(last, limits),
            Source::Own(r, values) => {
                let from = values.len() as u64;
                if last < from {
                    return Ok(());
                }
                let own = r.own_sequence().ok_or_else(|| {
                    sprague::Error::Internal("a rule without its own table".into())
                })?;
                values.extend(own.values(from, last, limits)?);
                Ok(())
            }
        }
    }

    /// How many values are available (`u64::MAX` for a closed form or a
    /// proven period).
    pub(super) fn available(&self) -> u64 {
        match self {
            Source::Closed(_) => u64::MAX,
            Source::Table(t) => t.known(),
            Source::Own(_, values) => values.len() as u64,
        }
    }

    /// The proven preperiod and period, if any.
    pub(super) fn period(&self) -> Option<(u64, u64)> {
        match self {
            Source::Closed(r) => r.closed_period(),
            Source::Table(t) => t.period().map(|p| (p.preperiod, p.period)),
            Source::Own(r, _) => match r.own_sequence().map(|o| o.period_claim()) {
                Some(PeriodClaim::Proven(p)) => Some((p.period.preperiod, p.period.period)),
                _ => None,
            },
        }
    }

    /// The proven preperiod and period, or one that the values computed
    /// so far prove (the store looks for one only at heaps 1,024, 2,048,
    /// ...: Kayles' period is proven by its first 157 values).
    pub(super) fn period_in_values(&self) -> Option<(u64, u64)> {
        self.period().or_else(|| match self {
            Source::Closed(_) | Source::Own(..) => None,
            Source::Table(t) => {
                sprague::sequence::period::find_proven(t.sequence().values(), t.moves())
                    .map(|(p, _)| (p.preperiod, p.period))
            }
        })
    }

    /// The largest of G(0..=to) and the first heap with it. Past the table
    /// a proven period repeats values already in it, so only the table (or
    /// a closed form's preperiod and period) is looked at.
    pub(super) fn largest(&self, to: u64) -> (u64, u64) {
        let end = match self {
            Source::Closed(r) => match r.closed_period() {
                Some((n0, p)) => to.min(n0 + p),
                // G(n) = n.
                None => return (self.get(to), to),
            },
            Source::Table(t) => to.min(t.len().saturating_sub(1)),
            Source::Own(_, values) => to.min((values.len() as u64).saturating_sub(1)),
        };
        let mut best = (self.get(0), 0);
        for n in 1..=end {
            let v = self.get(n);
            if v > best.0 {
                best = (v, n);
            }
        }
        best
    }

    pub(super) fn get(&self, n: u64) -> u64 {
        match self {
            Source::Closed(r) => r.closed_heap_value(n),
            Source::Table(t) => t.get(n),
            Source::Own(_, values) => values.get(n as usize).copied(),
        }
        .unwrap_or(0)
    }
}

/// How many values of a resumed file are checked against a closed form.
const CHECKED_CLOSED: usize = 2048;

/// The refusal of a file whose G(heap) is `saved` where the game has `want`.
pub(super) fn differs(word: &str, heap: u64, saved: u64, want: u64) -> UsageError {
    UsageError(format!(
        "cannot resume: the file does not hold the values of {word}: \
         it has G({heap}) = {saved}, but {word} has G({heap}) = {want}"
    ))
}
