//! `sprague verify RULESET`: the closed form against the search by definition.

use std::io::Write;

use anyhow::Result;
use sprague::{verify_positions, verify_with_progress, Basis, MoveKind, Play, Ruleset};

use super::{LibError, LimitArgs, UsageError};
use crate::exit::Exit;

/// Cross-check what sprague decides for a ruleset (a closed form, a table
/// or a proven period; under --misere genus theory and misère quotients)
/// against a plain search by the definition of P- and N-positions and
/// Grundy values, over every position of one component with at most H
/// heaps of size at most M (heaps in every order). Compares outcome, Grundy
/// value and the complete list of winning moves, and says what decided how
/// many positions; exits 0 only when nothing disagreed (1 otherwise).
///
/// Example: `sprague verify moore:2`, `sprague verify nim --misere --heaps 5`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The ruleset, e.g. `nim`, `moore:2`, `staircase`, `sub:1,3,4`.
    #[arg(value_name = "RULESET")]
    pub ruleset: String,
    /// Check misère play: Nim's misère rule, Wythoff's misère closed form,
    /// and for heap games genus theory (sums of tame heaps) and misère
    /// quotients (kayles, dawson, octal:0.75, sub:1,2, grundy, ...); a
    /// ruleset whose misère play is always searched is refused.
    #[arg(long)]
    pub misere: bool,
    /// The largest heap size M [default: 7, or for a subtraction set whose
    /// period a closed form gives, the preperiod plus the period plus the
    /// largest amount (up to 5,000), so the check covers a whole period
    /// past the largest amount].
    #[arg(long, value_name = "M")]
    pub max_heap: Option<u64>,
    /// The most heaps H in a position [default: 4, or fewer when the
    /// default M is larger, keeping the positions near a million].
    #[arg(long, value_name = "H")]
    pub heaps: Option<usize>,
    /// Print one JSON object: `ruleset`, `play`, `max_heap`, `heaps`,
    /// `checked`, `disagreements`, `decided_by` (`[{"basis", "positions"}]`)
    /// and `examples` (`[{"position", "difference"}]`, at most 20).
    #[arg(long)]
    pub json: bool,
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
        MoveKind::Pick => {
            // Graphs, boards, and rows or grids of coins (whose moves name
            // what they take or turn) have no heaps to enumerate.
            return Err(UsageError(format!(
                "{} cannot be verified by enumeration of heaps: its positions are {}, not \
                 lists of numbers (its values and every winning move are checked by the test \
                 suite against a plain search on {})",
                ruleset.word(),
                pick_positions(&ruleset).0,
                pick_positions(&ruleset).1,
            ))
            .into());
        }
        // Heaps written with more than a number (`tuple:once:`'s `N/A,B`).
        MoveKind::Heaps { .. } if ruleset.has_named_arguments() => {
            return Err(UsageError(format!(
                "{} cannot be verified by enumeration of heaps: its heaps carry the amounts \
                 taken from them (N/A,B), not plain numbers (its values and every winning move \
                 are checked by the test suite against the game's definition)",
                ruleset.word()
            ))
            .into())
        }
        MoveKind::Token => "tokens on nodes numbered at most",
        _ => "heaps of size at most",
    };
    let (max_heap, heaps, range_note) = range(&ruleset, args.max_heap, args.heaps);
    let args = Args {
        max_heap: Some(max_heap),
        heaps: Some(heaps),
        ..args
    };
    let positions = verify_positions(heaps, max_heap);
    match positions {
        Some(n) if n <= 100_000_000 => {}
        _ => {
            return Err(UsageError(format!(
                "--heaps {} with --max-heap {} means more than 100,000,000 positions; lower one of them",
                heaps, max_heap
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
        heaps,
        max_heap,
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
            heaps,
            max_heap
        ))
        .into());
    }
    let mut out = std::io::stdout().lock();
    let code = if report.disagreements == 0 {
        Exit::Success
    } else {
        Exit::Other
    };
    if args.json {
        let json = serde_json::json!({
            "ruleset": ruleset.word(),
            "play": play.name(),
            "max_heap": max_heap,
            "heaps": heaps,
            "checked": report.checked,
            "disagreements": report.disagreements,
            "decided_by": report
                .bases
                .iter()
                .map(|(basis, n)| serde_json::json!({"basis": basis.word(), "positions": n}))
                .collect::<Vec<_>>(),
            "examples": report
                .examples
                .iter()
                .map(|(p, what)| serde_json::json!({"position": p.to_string(), "difference": what}))
                .collect::<Vec<_>>(),
        });
        writeln!(out, "{json}")?;
        out.flush()?;
        return Ok(code);
    }
    let mut names: Vec<String> = Vec::new();
    for (basis, _) in &report.bases {
        let name = basis_name(basis);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let checked = match names.as_slice() {
        [] => "sprague's answers".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    writeln!(
        out,
        "verify {} ({} play): {checked} against search by definition",
        ruleset.word(),
        play
    )?;
    // "at most 1 heap of size at most M".
    let what = if heaps == 1 {
        what.replacen("heaps", "heap", 1)
            .replacen("tokens", "token", 1)
    } else {
        what.to_string()
    };
    // Rulesets of a fixed shape (Wythoff's pair, a heap and its bound) are
    // numbers of which only some counts are positions: fewer were checked
    // than the lists of numbers enumerated.
    let shaped = !ruleset.is_heap_game()
        && matches!(ruleset.move_kind(), MoveKind::Heap | MoveKind::Heaps { .. })
        && verify_positions(heaps, max_heap) != Some(report.checked);
    if !shaped {
        writeln!(
            out,
            "positions checked: {} (every position of {} with at most {} {what} {})",
            report.checked,
            ruleset.word(),
            heaps,
            max_heap
        )?;
    } else {
        // One component of a fixed shape (a pair, a heap and its bound,
        // coins on squares): its arguments are numbers, not heaps.
        writeln!(
            out,
            "positions checked: {} (every legal position of {} written with at most {} numbers, \
             each at most {})",
            report.checked,
            ruleset.word(),
            heaps,
            max_heap
        )?;
    }
    if let Some(note) = range_note {
        writeln!(out, "range: {note}")?;
    }
    if report.bases.len() > 1 {
        let counts: Vec<String> = report
            .bases
            .iter()
            .map(|(basis, n)| format!("{} {n}", basis_name(basis)))
            .collect();
        writeln!(out, "decided by: {}", counts.join(", "))?;
    }
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

/// What the positions of a ruleset whose moves take or turn named things
/// are, and what the test suite searches over: coins (a row of `T` and
/// `H`, its example says) or graphs and boards.
fn pick_positions(ruleset: &Ruleset) -> (&'static str, &'static str) {
    let coins = ruleset
        .rules()
        .move_summary()
        .is_some_and(|s| s.starts_with("turn "));
    if coins {
        (
            "rows or grids of coins",
            "every row of up to 9 coins and every grid of up to 4 x 4",
        )
    } else {
        ("graphs or boards", "every small graph and board")
    }
}

/// What decided an answer, in a few words for the report's header.
fn basis_name(basis: &Basis) -> String {
    match basis {
        Basis::Bouton => "Bouton's theorem".into(),
        Basis::MisereNim => "the misère Nim rule".into(),
        Basis::Moore => "Moore's theorem".into(),
        Basis::Staircase => "the staircase reduction".into(),
        Basis::Period => "a proven period".into(),
        Basis::ArithmeticPeriod => "a proven arithmetic period".into(),
        Basis::Table => "a computed table".into(),
        Basis::SpragueGrundy => "the Sprague-Grundy theorem".into(),
        Basis::Genus => "genus theory (tame heaps)".into(),
        Basis::Quotient { .. } | Basis::RefinedQuotient { .. } => "misère quotients".into(),
        Basis::Theorem { name, .. } | Basis::Rule { name, .. } => (*name).into(),
        Basis::Search { .. } => "a search (not a check: both sides search)".into(),
        other => other.word().into(),
    }
}

/// The heaps and sizes to check: those given, else 4 heaps to 7, or for a
/// subtraction set with a closed-form period, heaps to the preperiod plus
/// the period plus the largest amount (so a whole period past the largest
/// amount is checked), with as many heaps as keep the positions near a
/// million; and why, when the default is not the plain one.
fn range(
    ruleset: &Ruleset,
    max_heap: Option<u64>,
    heaps: Option<usize>,
) -> (u64, usize, Option<String>) {
    const MOST: u64 = 5_000;
    let plain = (max_heap.unwrap_or(7), heaps.unwrap_or(4), None);
    if max_heap.is_some() {
        return plain;
    }
    let Some((n0, p)) = ruleset.closed_period_wide() else {
        return plain;
    };
    let Some(largest) = ruleset.move_set().and_then(|m| m.max_removal()) else {
        return plain;
    };
    let need = u128::from(n0) + p + u128::from(largest);
    if need <= 7 {
        return plain;
    }
    if need > u128::from(MOST) {
        let note = format!(
            "heaps up to 7 only: a whole period past the largest amount ends at heap {need} \
             (preperiod {n0} + period {p} + largest amount {largest}), past the {MOST} verify \
             reaches by default; the closed form is checked against the definition for small \
             sets by the test suite (--max-heap M checks further)"
        );
        return (plain.0, plain.1, Some(note));
    }
    let m = need as u64;
    let h = heaps.unwrap_or_else(|| {
        (1..=4)
            .rev()
            .find(|&h| verify_positions(h, m).is_some_and(|n| n <= 1_000_000))
            .unwrap_or(1)
    });
    let note = format!(
        "heaps up to {m}: the preperiod {n0} + the period {p} + the largest amount {largest}, so \
         a whole period past the largest amount is checked"
    );
    (m, h, Some(note))
}
