//! `sprague verify RULESET`: the closed form against the search by definition.

use std::io::Write;

use anyhow::Result;
use sprague::{verify_positions, verify_with_progress, MoveKind, Play, Ruleset};

use super::{LibError, LimitArgs, UsageError};
use crate::exit::Exit;

/// Cross-check a ruleset's closed form (or fast algorithm) against a plain
/// search by the definition of P- and N-positions and Grundy values, over
/// every position of one component with at most H heaps of size at most M
/// (heaps in every order). Compares outcome, Grundy value and the complete
/// list of winning moves; exits 0 only when nothing disagreed (1 otherwise).
///
/// Example: `sprague verify moore:2`, `sprague verify nim --misere --heaps 5`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The ruleset, e.g. `nim`, `moore:2`, `staircase`, `sub:1,3,4`.
    #[arg(value_name = "RULESET")]
    pub ruleset: String,
    /// Check misère play (only Nim has a misère closed form).
    #[arg(long)]
    pub misere: bool,
    /// The largest heap size M.
    #[arg(long, value_name = "M", default_value_t = 7)]
    pub max_heap: u64,
    /// The most heaps H in a position.
    #[arg(long, value_name = "H", default_value_t = 4)]
    pub heaps: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Runs `verify`.
pub fn run(args: Args) -> Result<Exit> {
    let ruleset: Ruleset = super::ruleset_from_word(&args.ruleset)?;
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    // Positions are enumerated by numbers: a token game's numbers are its
    // nodes (0, 1, ... in the order the graph names them); pictures have
    // none.
    let what = match ruleset.move_kind() {
        MoveKind::Cut => {
            return Err(UsageError(format!(
                "{} cannot be verified by enumeration: its arguments are pictures, not \
                 numbers (its values are checked against a search over which edges remain \
                 by the test suite, on random pictures with cycles, loops and repeated edges)",
                ruleset.word()
            ))
            .into())
        }
        MoveKind::Token => "tokens on nodes numbered at most",
        _ => "heaps of size at most",
    };
    let positions = verify_positions(args.heaps, args.max_heap);
    match positions {
        Some(n) if n <= 100_000_000 => {}
        _ => {
            return Err(UsageError(format!(
                "--heaps {} with --max-heap {} means more than 100,000,000 positions; lower one of them",
                args.heaps, args.max_heap
            ))
            .into())
        }
    }
    let total = positions.unwrap_or(u64::MAX);
    // A bar on a terminal for runs long enough to want one.
    let bar = super::progress_bar(
        total >= 20_000,
        total,
        "{bar:40} {human_pos}/{human_len} positions, eta {eta}",
    );
    let report = verify_with_progress(
        &ruleset,
        play,
        args.heaps,
        args.max_heap,
        args.limits.limits(),
        &mut |n| bar.set_position(n),
    );
    bar.finish_and_clear();
    let report = report.map_err(LibError)?;
    if report.checked == 0 {
        return Err(UsageError(format!(
            "no position of {} has at most {} heaps of size at most {}: nothing was checked \
             (a ruleset whose components take a fixed number of heaps needs --heaps at least \
             that many)",
            ruleset.word(),
            args.heaps,
            args.max_heap
        ))
        .into());
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "verify {} ({} play): closed form against search by definition",
        ruleset.word(),
        play
    )?;
    writeln!(
        out,
        "positions checked: {} (every position of {} with at most {} {what} {})",
        report.checked,
        ruleset.word(),
        args.heaps,
        args.max_heap
    )?;
    writeln!(out, "disagreements: {}", report.disagreements)?;
    for (position, what) in &report.examples {
        writeln!(out, "  {position}: {what}")?;
    }
    if report.disagreements as usize > report.examples.len() {
        writeln!(
            out,
            "  ... ({} more)",
            report.disagreements as usize - report.examples.len()
        )?;
    }
    Ok(if report.disagreements == 0 {
        Exit::Success
    } else {
        Exit::Other
    })
}
