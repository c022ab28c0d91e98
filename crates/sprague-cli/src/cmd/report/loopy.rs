//! How an analysis of a game with draws is shown (a position that can be
//! played forever: `digraph:` boards with cycles, games in code with
//! cycles): the generalized values, the outcome P, N or D, the winning
//! moves or the moves that keep a draw, and the remoteness when asked.

use std::fmt::Write as _;

use serde::ser::SerializeMap;
use sprague::{movetext, Analysis, LoopyAnalysis, Move, Outcome, Position};

use super::{basis_words, WinningMoves, MAX_AFTER};

/// The JSON fields of a game with draws, after the common ones:
/// `generalized_value` (the whole position's, a number or `∞(0,2)` in
/// Smith's notation, `∞(∅)` for an empty set), `component_values` (each
/// component's, the same notation), `drawing_moves` (for a draw, the moves
/// that keep it, as `winning_moves` lists moves) and `drawing_truncated`.
pub fn serialize_loopy<M: SerializeMap>(
    map: &mut M,
    position: &Position,
    loopy: &LoopyAnalysis,
    write_after: bool,
) -> Result<(), M::Error> {
    map.serialize_entry("generalized_value", &loopy.value.to_string())?;
    let components: Vec<String> = loopy
        .component_values
        .iter()
        .map(ToString::to_string)
        .collect();
    map.serialize_entry("component_values", &components)?;
    map.serialize_entry(
        "drawing_moves",
        &WinningMoves {
            position,
            moves: &loopy.drawing_moves,
            write_after,
        },
    )?;
    map.serialize_entry("drawing_truncated", &loopy.drawing_cut)
}

/// The human view of an analysis of a game with draws.
pub fn human(position: &Position, analysis: &Analysis, loopy: &LoopyAnalysis) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "position: {position}");
    let _ = writeln!(out, "play:     {}", analysis.play);
    let _ = writeln!(out, "basis:    {}", basis_words(analysis.basis));
    if position.components().len() > 1 {
        for (c, v) in position.components().iter().zip(&loopy.component_values) {
            let _ = writeln!(out, "  {c}: {v}");
        }
    }
    let note = if loopy.value.is_infinite() {
        "generalized Sprague-Grundy value: play can go on forever"
    } else {
        "generalized Sprague-Grundy value, normal play"
    };
    let _ = writeln!(out, "value:    {} ({note})", loopy.value);
    let _ = writeln!(
        out,
        "outcome:  {} ({})",
        analysis.outcome,
        analysis.outcome.describe()
    );
    let show_after = position.to_string().len() <= MAX_AFTER;
    let list = |out: &mut String, moves: &[Move]| {
        for mv in moves {
            let _ = write!(out, "  {}", movetext::describe(position, mv));
            if show_after {
                if let Ok(after) = position.play(mv) {
                    let _ = write!(out, ", leaving {after}");
                }
            }
            out.push('\n');
        }
    };
    match analysis.outcome {
        Outcome::P => {
            let _ = writeln!(
                out,
                "winning moves: none (every move leads to an N-position)"
            );
        }
        Outcome::N => {
            let count = match analysis.total_winning_moves() {
                Some(total) => total.to_string(),
                None => format!("{} shown, more exist", analysis.winning_moves.len()),
            };
            let _ = writeln!(out, "winning moves ({count}):");
            list(&mut out, &analysis.winning_moves);
            if analysis.truncated() {
                let _ = writeln!(
                    out,
                    "  ... and more; --max-moves all lists them, --max-moves N the first N"
                );
            }
        }
        Outcome::D => {
            let _ = writeln!(out, "winning moves: none (no move leads to a P-position)");
            let _ = writeln!(
                out,
                "moves that keep the draw ({}{}; every other move loses):",
                loopy.drawing_moves.len(),
                if loopy.drawing_cut {
                    " shown, more exist"
                } else {
                    ""
                }
            );
            list(&mut out, &loopy.drawing_moves);
        }
    }
    write_remoteness(&mut out, analysis);
    out
}

/// The remoteness line, when it was asked for.
pub fn write_remoteness(out: &mut String, analysis: &Analysis) {
    match analysis.remoteness {
        Some(Some(r)) => {
            let who = if r % 2 == 1 {
                "the player to move wins"
            } else {
                "the player to move loses"
            };
            let _ = writeln!(
                out,
                "remoteness: {r} ({who} after {r} move{} in all, the winner hurrying and the \
                 loser delaying)",
                if r == 1 { "" } else { "s" }
            );
        }
        Some(None) => {
            let _ = writeln!(out, "remoteness: none (a draw: play goes on forever)");
        }
        None => {}
    }
}
