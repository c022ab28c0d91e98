//! The modules of the `sprague` command (`src/main.rs` is its entry point),
//! as a library so that the fuzz targets in `fuzz/` reach the readers the
//! command owns, such as the torn-file reader of `sequence --resume`
//! ([`cmd::sequence::parse_existing`]), and so that the tests of `sprague
//! serve` start its server ([`web`]) in-process. Not an API: the library for
//! programs is the `sprague` crate.

pub mod atomic;
pub mod cmd;
pub mod exit;
pub mod plot;
pub mod web;
