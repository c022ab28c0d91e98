//! The nim-sequence a heap ruleset keeps itself, outside the engine's
//! [`MoveSet`](crate::takebreak::MoveSet) (the rule language,
//! [`rule`](crate::ruleset::rule)): the capability `sequence` and `period`
//! read ([`OwnSequence`]), and what its values say of the period
//! ([`PeriodClaim`], [`Proof`]).

use crate::sequence::period::Period;
use crate::{Error, Limits};

/// A proven period: the period, and the window of heaps whose values
/// prove it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The least preperiod and period the values show.
    pub period: Period,
    /// The heaps n0 <= n < W checked for G(n + P) = G(n), with P the
    /// period the theorem was applied to (a multiple of M).
    pub window: (u64, u64),
    /// The period the theorem was applied to (`period.period` divides it).
    pub proven_with: u64,
}

/// What can be said of a rule's period after computing G(0..=N).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeriodClaim {
    /// Proven by the argument of [`theory`](crate::ruleset::rule::theory).
    Proven(Proof),
    /// The argument applies, but the values to N prove no period yet.
    NotYet,
    /// No argument applies (the sentence says why); the period the values
    /// show, seen at least three times, if any, proves nothing.
    NoTheorem {
        /// Why no periodicity argument covers the rule.
        why: String,
        /// The apparent period of G(0..=N), if any.
        apparent: Option<Period>,
    },
}

/// The nim-sequence of a heap ruleset that keeps its own table, outside
/// the engine's [`MoveSet`](crate::takebreak::MoveSet) (the rule language):
/// what `sequence` and `period` read.
pub trait OwnSequence: Send + Sync {
    /// G(from..=to), computing the table up to `to` within `limits`.
    ///
    /// # Errors
    /// [`Error::TableLimit`], [`Error::RuleWorkLimit`],
    /// [`Error::StateLimit`] as for a heap's value.
    fn values(&self, from: u64, to: u64, limits: &Limits) -> Result<Vec<u64>, Error>;

    /// What G(0..=last computed) says of the period.
    fn period_claim(&self) -> PeriodClaim;

    /// Whether a periodicity argument applies to the rule at all.
    fn theorem_applies(&self) -> bool;
}
