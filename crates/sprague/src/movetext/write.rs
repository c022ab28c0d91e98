//! Moves written back for people: the short form that [`parse`](fn@super::parse)
//! reads back ([`write`](fn@write)), and a move in words ([`describe`]).

use std::fmt::Write as _;

use crate::illegal::join;
use crate::{Action, Move, Parts};

/// The canonical short text of a move, which [`parse`](fn@super::parse) reads
/// back to the same move in the position it was made in: `2 3` (take 3 from
/// heap 2), `2 -> 3 5` (a split), `1:3 2:5` (Moore), `2 3` (carry 3 coins
/// from step 2), prefixed by `c2 ` in a sum.
///
/// ```
/// use sprague::{movetext, Play, Position};
/// let p: Position = "nim 3 + sub:1,3,4 5".parse()?;
/// let moves = p.winning_moves(Play::Normal)?;
/// let texts: Vec<String> = moves.iter().map(movetext::write).collect();
/// assert!(texts.iter().all(|t| t.starts_with('c')));
/// for (mv, text) in moves.iter().zip(&texts) {
///     assert_eq!(&movetext::parse(&p, text)?, mv);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(mv: &Move) -> String {
    let mut out = String::new();
    if mv.is_in_sum() {
        let _ = write!(out, "c{} ", mv.component() + 1);
    }
    match mv.action() {
        Action::Heap {
            heap,
            removed,
            parts,
            ..
        } => {
            if parts.as_slice().len() <= 1 && *removed >= 1 {
                let _ = write!(out, "{} {removed}", heap + 1);
            } else {
                let _ = write!(out, "{} ->", heap + 1);
                for p in parts.as_slice() {
                    let _ = write!(out, " {p}");
                }
            }
        }
        Action::Heaps { changes } => {
            for (i, c) in changes.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                let _ = write!(out, "{}:{}", c.heap + 1, c.from - c.to);
            }
        }
        Action::Stair { step, coins, .. } => {
            let _ = write!(out, "{} {coins}", step + 1);
        }
    }
    out
}

/// A move in words, for people: `take 2 from heap 1 (3 -> 1)`,
/// `take 2 from heap 1 (10 -> 3 and 5)`, `split heap 1 (7 -> 2 and 5)`,
/// `carry 2 coins from step 2 (3 -> 1) to step 1`; in a sum prefixed by the
/// component, `in c2 (sub:1,3,4): ...`.
pub fn describe(mv: &Move) -> String {
    let mut out = String::new();
    if mv.is_in_sum() {
        let _ = write!(out, "in c{} ({}): ", mv.component() + 1, mv.ruleset());
    }
    let left = |parts: &Parts| match parts.as_slice() {
        [] => "nothing".to_string(),
        many => join(many, " and "),
    };
    match mv.action() {
        Action::Heap {
            heap,
            from,
            removed,
            parts,
        } => {
            if *removed == 0 {
                let _ = write!(out, "split heap {} ({from} -> {})", heap + 1, left(parts));
            } else {
                let _ = write!(
                    out,
                    "take {removed} from heap {} ({from} -> {})",
                    heap + 1,
                    left(parts)
                );
            }
        }
        Action::Heaps { changes } => {
            let what: Vec<String> = changes
                .iter()
                .map(|c| {
                    format!(
                        "{} from heap {} ({} -> {})",
                        c.from - c.to,
                        c.heap + 1,
                        c.from,
                        c.to
                    )
                })
                .collect();
            let _ = write!(out, "take {}", what.join(" and "));
        }
        Action::Stair { step, from, coins } => {
            let noun = if *coins == 1 { "coin" } else { "coins" };
            let to = if *step == 0 {
                "the ground".to_string()
            } else {
                format!("step {step}")
            };
            let _ = write!(
                out,
                "carry {coins} {noun} from step {} ({from} -> {}) to {to}",
                step + 1,
                from - coins
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movetext::parse;
    use crate::Position;

    fn pos(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn writing_and_describing() {
        let p = pos("nim 3 4 + moore:2 3 4 + staircase 0 2");
        let mv = parse(&p, "c2 1:1 2:2").unwrap();
        assert_eq!(write(&mv), "c2 1:1 2:2");
        assert_eq!(
            describe(&mv),
            "in c2 (moore:2): take 1 from heap 1 (3 -> 2) and 2 from heap 2 (4 -> 2)"
        );
        let mv = parse(&p, "c3 2 1").unwrap();
        assert_eq!(write(&mv), "c3 2 1");
        assert_eq!(
            describe(&mv),
            "in c3 (staircase): carry 1 coin from step 2 (2 -> 1) to step 1"
        );
        let mv = parse(&p, "c1 2 -> 0").unwrap();
        assert_eq!(write(&mv), "c1 2 4");
        assert_eq!(describe(&mv), "in c1 (nim): take 4 from heap 2 (4 -> 0)");
    }
}
