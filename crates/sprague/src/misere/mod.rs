//! Misère play beyond Nim: Conway's genus and tame games ([`genus`]), and
//! the misère quotients of Plambeck and Siegel ([`quotient`]).
//!
//! Under misère play (whoever makes the last move loses) a sum is not
//! worth the nim-sum of its parts. Two theories still decide many sums:
//!
//! - a sum of *tame* heaps plays misère Nim on the heaps' genus values
//!   ([`Basis::Genus`](crate::Basis::Genus));
//! - a sum of heaps up to a bound `N` is decided by multiplying the heaps'
//!   elements in the misère quotient of heaps `0..=N`
//!   ([`Basis::Quotient`](crate::Basis::Quotient)).
//!
//! [`Analyzer`](crate::Analyzer) tries them in that order under misère
//! play, before searching.

pub mod genus;
pub mod quotient;

pub use genus::{genus_table, tame_kinds, Genus, GenusTable, HeapGenus, TameKind, TameKinds};
pub use quotient::{
    cache_bytes, set_cache_limit, Quotient, QuotientLimits, DEFAULT_CACHE_BYTES, DEFAULT_MAX_CYCLE,
    DEFAULT_MAX_ORDER, NO_REPEAT,
};
