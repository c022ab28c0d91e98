//! How an analysis is shown: the JSON object of SPEC section 3 and the human
//! view.

use std::fmt::Write as _;

use serde::Serialize;
use sprague::{Action, Analysis, Move, Outcome, Play, Position, Rules};

/// The JSON object printed by `analyze --json` and `batch --json`.
#[derive(Debug, Serialize)]
pub struct JsonAnalysis {
    /// The position in normalised notation.
    pub position: String,
    /// `normal` or `misere`.
    pub play: &'static str,
    /// `P` or `N`.
    pub outcome: String,
    /// The Grundy value under normal play; `null` under misère play.
    pub value: Option<u64>,
    /// The winning moves listed.
    pub winning_moves: Vec<JsonMove>,
    /// Whether the list was cut at `--max-moves`.
    pub truncated: bool,
    /// The number of winning moves in all, when known.
    pub total_winning_moves: Option<u64>,
}

/// One winning move in JSON.
#[derive(Debug, Serialize)]
pub struct JsonMove {
    /// The move in words, e.g. `nim heap 1: 3 -> 1`.
    #[serde(rename = "move")]
    pub mv: String,
    /// The whole position after the move.
    pub after: String,
}

impl JsonAnalysis {
    /// The JSON view of `analysis` of `position`.
    pub fn new(position: &Position, analysis: &Analysis) -> JsonAnalysis {
        JsonAnalysis {
            position: position.to_string(),
            play: analysis.play.name(),
            outcome: analysis.outcome.to_string(),
            value: analysis.value,
            winning_moves: analysis
                .winning_moves
                .iter()
                .map(|m| JsonMove {
                    mv: m.to_string(),
                    after: position.play(m).map(|p| p.to_string()).unwrap_or_default(),
                })
                .collect(),
            truncated: analysis.truncated,
            total_winning_moves: analysis.total_winning_moves,
        }
    }
}

/// At most this many terms of a nim-sum are written out.
const MAX_TERMS: usize = 16;
/// Positions with more heaps than this are not repeated after each move.
const MAX_HEAPS_SHOWN: usize = 64;

/// `a ⊕ b ⊕ c`, eliding the middle of long sums.
fn xor_terms(values: &[u64]) -> String {
    let shown: Vec<String> = if values.len() <= MAX_TERMS {
        values.iter().map(u64::to_string).collect()
    } else {
        let mut v: Vec<String> = values[..MAX_TERMS - 2].iter().map(u64::to_string).collect();
        v.push(format!("… ({} terms) …", values.len()));
        v.push(values[values.len() - 1].to_string());
        v
    };
    if shown.is_empty() {
        "0".to_string()
    } else {
        shown.join(" ⊕ ")
    }
}

/// What a move takes and leaves, in words: `take 2 from heap 1 (3 -> 1)`.
fn describe(mv: &Move) -> String {
    let place = if mv.is_in_sum() {
        format!("component {} ({}): ", mv.component() + 1, mv.ruleset())
    } else {
        String::new()
    };
    match mv.action() {
        Action::Heap {
            heap,
            from,
            removed,
            parts,
        } => {
            let left = match parts.as_slice() {
                [] => "nothing".to_string(),
                many => many
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(" and "),
            };
            if *removed == 0 {
                format!("{place}split heap {} ({from} -> {left})", heap + 1)
            } else {
                format!(
                    "{place}take {removed} from heap {} ({from} -> {left})",
                    heap + 1
                )
            }
        }
        _ => mv.to_string(),
    }
}

/// The human view of an analysis.
pub fn human(position: &Position, analysis: &Analysis) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "position: {position}");
    let _ = writeln!(out, "play:     {}", analysis.play);
    if let Some(value) = analysis.value {
        let all_nim = position
            .components()
            .iter()
            .all(|c| matches!(c.ruleset().rules(), Rules::Nim));
        if all_nim {
            let heaps: Vec<u64> = position
                .components()
                .iter()
                .flat_map(|c| c.heaps().iter().copied())
                .collect();
            let _ = writeln!(out, "nim-sum:  {} = {value}", xor_terms(&heaps));
        } else {
            for (c, v) in position.components().iter().zip(&analysis.component_values) {
                let _ = writeln!(out, "  Grundy value of {c}: {v}");
            }
            let _ = writeln!(
                out,
                "nim-sum:  {} = {value}",
                xor_terms(&analysis.component_values)
            );
        }
        let _ = writeln!(out, "value:    {value} (Grundy value, normal play)");
    } else if analysis.play == Play::Misere {
        let _ = writeln!(out, "value:    none (misère play; decided by search)");
    }
    let _ = writeln!(
        out,
        "outcome:  {} ({})",
        analysis.outcome,
        analysis.outcome.describe()
    );
    match analysis.outcome {
        Outcome::P => {
            let _ = writeln!(
                out,
                "winning moves: none (every move leads to an N-position)"
            );
        }
        Outcome::N => {
            let count = match (analysis.total_winning_moves, analysis.truncated) {
                (Some(total), _) => total.to_string(),
                (None, true) => format!("{} shown, more exist", analysis.winning_moves.len()),
                (None, false) => analysis.winning_moves.len().to_string(),
            };
            let _ = writeln!(out, "winning moves ({count}):");
            let show_after = position.heap_count() <= MAX_HEAPS_SHOWN;
            for mv in &analysis.winning_moves {
                let _ = write!(out, "  {}", describe(mv));
                if show_after {
                    if let Ok(after) = position.play(mv) {
                        let _ = write!(out, ", leaving {after}");
                    }
                }
                out.push('\n');
            }
            if analysis.truncated {
                let _ = writeln!(out, "  (list cut at --max-moves)");
            }
        }
    }
    out
}
