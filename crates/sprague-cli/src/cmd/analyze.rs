//! `sprague analyze POSITION`: outcome, Grundy value and winning moves.

use std::io::Write;

use anyhow::Result;
use sprague::explain::Explanation;
use sprague::{Analysis, Analyzer, Play, Position};

use super::report::{human, write_json};
use super::{moves_to_list, position_from_words, LibError, LimitArgs, MaxMoves, HUMAN_MOVE_LIST};
use crate::exit::Exit;

/// Analyse a position: its Grundy value (the nim-sum written out), its
/// outcome class and every winning move.
///
/// Example: `sprague analyze nim 3 4 5`, `sprague analyze "kayles 10 + nim 3" --json`.
#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The position, as separate words or one quoted string: components
    /// joined by `+`, each a ruleset and heap sizes (`nim 3 4 5`).
    #[arg(required = true, value_name = "POSITION")]
    pub position: Vec<String>,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Print one JSON object instead of the human view.
    #[arg(long, conflicts_with = "explain")]
    pub json: bool,
    /// Explain the outcome for a student: the heaps in binary with their
    /// nim-sum (Nim), the all-ones rule (misère Nim), which steps count
    /// (staircase Nim), or each component's Grundy value, and why each
    /// winning move works.
    #[arg(long)]
    pub explain: bool,
    /// List at most N winning moves, or `all`. Default: the first 10, in
    /// the human view, --explain and --json alike (the rest are counted:
    /// `total_winning_moves`); `all` lists at most 10,000 for moore:K with
    /// K >= 2 and take-and-break games, whose lists can be astronomically
    /// long.
    #[arg(long, value_name = "N|all")]
    pub max_moves: Option<MaxMoves>,
    /// Also say how many moves the game lasts when the winner hurries and
    /// the loser delays (Smith's remoteness; none for a draw). At once for
    /// one token on a `digraph:` board; otherwise every position reachable
    /// is explored, within --max-states.
    #[arg(long, conflicts_with_all = ["misere", "explain"])]
    pub remoteness: bool,
    /// Find the Grundy value even where a theorem gives the outcome and
    /// every winning move without it (a lone `geography` token, a lone
    /// `moore:K`): searched within --max-states, exit status 3 past it.
    /// Without it, that search stops after 10,000 positions and the value
    /// is reported as not computed. Normal play only (a misère position
    /// has no Grundy value to add up).
    #[arg(long, conflicts_with = "misere")]
    pub value: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Runs `analyze`.
pub fn run(args: Args) -> Result<Exit> {
    if args.explain {
        let explanation = super::with_progress(|| explain(&args))?;
        let mut out = std::io::stdout().lock();
        write!(out, "{explanation}")?;
        out.flush()?;
        return Ok(Exit::Success);
    }
    let (position, analysis) = super::with_progress(|| analyze(&args))?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if args.json {
        write_json(&mut out, &position, &analysis)?;
    } else {
        out.write_all(human(&position, &analysis, &args.limits.limits()).as_bytes())?;
    }
    out.flush()?;
    Ok(Exit::Success)
}

/// The play convention `args` ask for.
fn play(args: &Args) -> Play {
    if args.misere {
        Play::Misere
    } else {
        Play::Normal
    }
}

/// The position of `args` and its analysis, listing as many winning moves
/// as the human view (or, with `--json`, the JSON object) lists: what
/// `analyze` prints and the web API's `/api/analyze` answers (as
/// [`super::report::AnalysisJson`]).
///
/// # Errors
/// A position that does not parse, or a limit.
pub fn analyze(args: &Args) -> Result<(Position, Analysis)> {
    let position = position_from_words(&args.position)?;
    let mut analyzer = Analyzer::new(args.limits.limits()).with_remoteness(args.remoteness);
    if args.value {
        analyzer = analyzer.with_value(true);
    }
    let analysis = analyzer
        .analyze(
            &position,
            play(args),
            moves_to_list(&position, args.max_moves, HUMAN_MOVE_LIST),
        )
        .map_err(LibError)?;
    // The value was asked for: a limit that stopped its search is an
    // error (exit status 3, naming the flag), not a note.
    if let Some(e) = &analysis.value_limit {
        if args.value {
            return Err(LibError(e.clone()).into());
        }
    }
    Ok((position, analysis))
}

/// The `--explain` view of the position of `args` (its `Display` is what
/// `analyze --explain` prints).
///
/// # Errors
/// A position that does not parse, or a limit.
pub fn explain(args: &Args) -> Result<Explanation> {
    let position = position_from_words(&args.position)?;
    Ok(sprague::explain::explain(
        &position,
        play(args),
        &Analyzer::new(args.limits.limits()),
        moves_to_list(&position, args.max_moves, HUMAN_MOVE_LIST),
    )
    .map_err(LibError)?)
}
