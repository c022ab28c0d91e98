//! `sprague count RULESET --heaps K --max M`: how many sums of K heaps,
//! each in 0..=M, are P-positions (or N-positions).

use std::io::{self, Write};

use anyhow::Result;
use clap::ValueEnum;
use sprague::count::{self, CountBasis, CountLimits, CountSpec};
use sprague::{Outcome, Play, Ruleset};

use super::{LibError, UsageError};
use crate::exit::Exit;

/// Count the P-positions (or N-positions) among all sums of K heaps of a
/// heap ruleset with every heap in 0..=M.
///
/// By default ordered tuples are counted (heaps 1 2 3 and 3 2 1 are two
/// positions); `--unordered` counts multisets (heaps in any order count
/// once: a ≤ b ≤ c). The count is exact (arbitrary precision) unless
/// `--modulo Q` asks for it modulo Q.
///
/// Rulesets: nim and subtraction ranges `sub:a-b` by a closed form (M up
/// to 18446744073709551615); sub:S, octal:CODE, hex:CODE, kayles, dawson,
/// grundy by their nim-sequence up to M, or, once a period is proven, for
/// any M. moore:K, staircase and wythoff are not heap rulesets (a move
/// changes several heaps) and are refused. The method: the histogram of
/// the Grundy values G(0..=M) and its Walsh-Hadamard transform, powers by
/// squaring (so K = 10^18 works modulo Q), multisets by the cycle index of
/// the symmetric group in closed form. Misère play is not supported.
///
/// Example: `sprague count kayles --heaps 3 --max 20 --unordered` prints 183.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The heap ruleset word, e.g. `nim`, `kayles`, `sub:1,3,4`.
    #[arg(value_name = "RULESET")]
    pub ruleset: String,
    /// K: the number of heaps in each sum.
    #[arg(long, value_name = "K")]
    pub heaps: u64,
    /// M: the largest heap size (every heap is in 0..=M).
    #[arg(long, value_name = "M")]
    pub max: u64,
    /// Count multisets (heaps in any order count once) instead of ordered
    /// tuples.
    #[arg(long)]
    pub unordered: bool,
    /// Which positions to count: P (the player to move loses) or N.
    #[arg(long, value_enum, default_value_t = OutcomeArg::P)]
    pub outcome: OutcomeArg,
    /// Print the count modulo Q (Q >= 1) instead of exactly.
    #[arg(long, value_name = "Q", value_parser = clap::value_parser!(u64).range(1..))]
    pub modulo: Option<u64>,
    /// Misère play: refused (a misère sum is not decided by the nim-sum of
    /// its heaps' values).
    #[arg(long)]
    pub misere: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The most work a count may do, in elementary steps (the transform of
    /// 2^B values costs B·2^B, a multiset term one step per machine word of
    /// its numbers); past it, exit status 3 before any work.
    #[arg(long, value_name = "N", default_value_t = count::DEFAULT_MAX_WORK)]
    pub max_work: u64,
    /// The most bits of an exact count (and of its intermediate sums); past
    /// it, exit status 3 before any work. A count modulo Q of ordered
    /// tuples needs no exact numbers.
    #[arg(long, value_name = "N", default_value_t = count::DEFAULT_MAX_BITS)]
    pub max_bits: u64,
    #[command(flatten)]
    pub limits: super::TableArgs,
}

/// The `--outcome` flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutcomeArg {
    /// P-positions: the player to move loses (nim-sum 0).
    #[value(name = "P", alias = "p")]
    P,
    /// N-positions: the player to move wins.
    #[value(name = "N", alias = "n")]
    N,
}

/// Runs `count`.
pub fn run(args: Args) -> Result<Exit> {
    // A bar for the nim-sequence when it is long (a table to M); hidden
    // when stderr is not a terminal.
    let table = || {
        args.ruleset
            .parse::<Ruleset>()
            .is_ok_and(|r| r.move_set().is_some())
    };
    let bar = super::progress_bar(
        args.max >= 1 << 18 && table(),
        args.max.saturating_add(1),
        "{bar:40} {human_pos}/{human_len} values of the nim-sequence, eta {eta}",
    );
    let result = count_json(&args, &mut |n| bar.set_position(n));
    bar.finish_and_clear();
    let object = result?;
    let mut out = io::stdout().lock();
    if args.json {
        let object = serde_json::to_string(&object)?;
        writeln!(out, "{object}")?;
    } else {
        writeln!(out, "{}", object.count)?;
    }
    Ok(Exit::Success)
}

/// The count `args` ask for, as the JSON object of `count --json` (the
/// plain output is its `count`); the web API's `/api/count` answers the
/// same. `progress` hears how far the nim-sequence table has got.
///
/// # Errors
/// A bad ruleset, misère play, or a limit.
pub fn count_json(args: &Args, progress: &mut dyn FnMut(u64)) -> Result<JsonCount> {
    let ruleset: Ruleset = super::ruleset_from_word(&args.ruleset)?;
    if args.misere {
        return Err(UsageError(format!(
            "count --misere: misère play of a sum of {} heaps is not decided by the nim-sum of \
             their Grundy values, so sprague does not count misère positions",
            ruleset.word()
        ))
        .into());
    }
    let spec = CountSpec {
        heaps: args.heaps,
        max: args.max,
        unordered: args.unordered,
        outcome: match args.outcome {
            OutcomeArg::P => Outcome::P,
            OutcomeArg::N => Outcome::N,
        },
        modulo: args.modulo,
        play: Play::Normal,
    };
    let limits = CountLimits {
        table: args.limits.limits(),
        max_work: args.max_work,
        max_bits: args.max_bits,
        threads: args.limits.threads(),
    };
    let report =
        count::count_with_progress(&ruleset, &spec, &limits, progress).map_err(LibError)?;
    let (preperiod, period) = match report.basis {
        CountBasis::Period { preperiod, period } => (Some(preperiod), Some(period)),
        _ => (None, None),
    };
    Ok(JsonCount {
        ruleset: ruleset.word().to_string(),
        heaps: args.heaps,
        max: args.max,
        unordered: args.unordered,
        outcome: match spec.outcome {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        },
        modulo: args.modulo,
        count: report.count.to_string(),
        basis: basis_word(report.basis),
        preperiod,
        period,
    })
}

/// The JSON object of `count --json`, fields in this order. `count` is a
/// string of decimal digits: exact counts pass what JSON numbers hold
/// exactly in most readers (2^53).
#[derive(Debug, serde::Serialize)]
pub struct JsonCount {
    /// The ruleset word.
    pub ruleset: String,
    /// K, the number of heaps.
    pub heaps: u64,
    /// M, the largest heap.
    pub max: u64,
    /// Multisets (true) or ordered tuples.
    pub unordered: bool,
    /// `P` or `N`: which positions were counted.
    pub outcome: &'static str,
    /// Q, when the count is modulo Q.
    pub modulo: Option<u64>,
    /// The count, in decimal digits.
    pub count: String,
    /// Where the values came from: `closed-form`, `table`, `period`.
    pub basis: &'static str,
    /// The preperiod, when a period gave the values.
    pub preperiod: Option<u64>,
    /// The period, when a period gave the values.
    pub period: Option<u64>,
}

/// The word JSON writes for where the values came from.
fn basis_word(basis: CountBasis) -> &'static str {
    match basis {
        CountBasis::ClosedForm => "closed-form",
        CountBasis::Table => "table",
        CountBasis::Period { .. } => "period",
        _ => "other",
    }
}
