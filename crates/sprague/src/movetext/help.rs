//! The help text for the move syntax of the rulesets in play.

use std::fmt::Write as _;

use crate::{Limits, MoveKind, Position, Ruleset};

/// The move syntax for the rulesets of `position`, one section per kind of
/// move, with examples; for a sum, how to name the component; and the
/// universal form with a real example. Plain text, lines of at most 78
/// characters.
pub fn help(position: &Position) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Moves (heaps and steps are numbered from 1, left to right, as the position\nstands now):"
    );
    let words_of = |kind: MoveKind| -> Vec<&str> {
        let mut words: Vec<&str> = Vec::new();
        for c in position.components() {
            if c.ruleset().move_kind() == kind && !words.contains(&c.ruleset().word()) {
                words.push(c.ruleset().word());
            }
        }
        words
    };
    let heap_words = words_of(MoveKind::Heap);
    if !heap_words.is_empty() {
        let splits = position
            .components()
            .iter()
            .any(|c| c.ruleset().move_kind() == MoveKind::Heap && splits_heaps(c.ruleset()));
        let _ = writeln!(out, "\n  {}:", heap_words.join(", "));
        let _ = writeln!(
            out,
            "    2 3                 take 3 from heap 2 (also `heap 2 take 3`,\n                        `take 3 from heap 2`)"
        );
        let _ = writeln!(
            out,
            "    2 -> 1              leave 1 in heap 2 (also `2 = 1`, `heap 2 leave 1`)"
        );
        if splits {
            let _ = writeln!(
                out,
                "    2 -> 3 5            leave heaps of 3 and 5 in place of heap 2 (any order)"
            );
            let _ = writeln!(
                out,
                "    2 take 2 leave 3 5  which heap, how many taken, the sizes left (must add up)"
            );
        }
    }
    let mut moore_words = Vec::new();
    for c in position.components() {
        if let MoveKind::Heaps { max } = c.ruleset().move_kind() {
            if !moore_words.iter().any(|(w, _)| *w == c.ruleset().word()) {
                let rule = c
                    .ruleset()
                    .rules()
                    .move_summary()
                    .unwrap_or_else(|| format!("take from 1 to {max} heaps at once"));
                moore_words.push((c.ruleset().word(), rule));
            }
        }
    }
    for (word, rule) in moore_words {
        let _ = writeln!(out, "\n  {word} ({rule}):");
        let _ = writeln!(
            out,
            "    1:3 2:3             take 3 from heap 1 and 3 from heap 2"
        );
        let _ = writeln!(
            out,
            "    1->0 2->1           leave 0 in heap 1 and 1 in heap 2"
        );
        let _ = writeln!(out, "    2 3                 take 3 from heap 2 only");
    }
    let stair_words = words_of(MoveKind::Stair);
    if !stair_words.is_empty() {
        let _ = writeln!(
            out,
            "\n  {} (coins on steps 1, 2, ...; step 1 is next to the ground):",
            stair_words.join(", ")
        );
        let _ = writeln!(
            out,
            "    2 3                 carry 3 coins from step 2 down to step 1 (also\n                        `step 2 take 3`); from step 1 they leave the game"
        );
        let _ = writeln!(
            out,
            "    2 -> 1              leave 1 coin on step 2, carrying the rest down"
        );
    }
    let token_words = words_of(MoveKind::Token);
    if !token_words.is_empty() {
        let _ = writeln!(
            out,
            "\n  {} (tokens numbered from 1 as listed; a move slides one along one edge):",
            token_words.join(", ")
        );
        let _ = writeln!(
            out,
            "    1 b                 move token 1 to node b (also `1 -> b`)"
        );
        let _ = writeln!(
            out,
            "    a -> b              move the first token standing on a to b (also\n                        `from a to b`)"
        );
    }
    let cut_words = words_of(MoveKind::Cut);
    if !cut_words.is_empty() {
        let _ = writeln!(
            out,
            "\n  {} (pictures numbered from 1; edges numbered from 1 in the order\n  the picture is written, the k-th e or the k-th u-v):",
            cut_words.join(", ")
        );
        let _ = writeln!(
            out,
            "    1 3                 cut edge 3 of picture 1 (also `picture 1 edge 3`)"
        );
        let _ = writeln!(
            out,
            "    1 2-5               cut the edge 2-5 of an edge-list picture"
        );
        let _ = writeln!(out, "    cut 3               in a component of one picture");
    }
    let listed_words = words_of(MoveKind::Listed);
    if !listed_words.is_empty() {
        let _ = writeln!(
            out,
            "\n  {} (games given in code; moves numbered from 1 in the game's own list):",
            listed_words.join(", ")
        );
        let _ = writeln!(
            out,
            "    3                   the game's third move (also `move 3`)"
        );
    }
    if position.components().len() > 1 {
        let _ = writeln!(
            out,
            "\n  In a sum, begin the move with the component: `c2 1 3`. The components:"
        );
        for (i, c) in position.components().iter().enumerate() {
            let _ = writeln!(out, "    c{} = {c}", i + 1);
        }
    }
    let _ = writeln!(
        out,
        "\n  Any move may also be typed as the whole position it leads to."
    );
    if let Some(after) = example_after(position) {
        let _ = writeln!(out, "  For example:\n    {after}");
    }
    out
}

/// Whether a heap game ever splits a heap or removes nothing (checked on the
/// options of heaps up to 12).
fn splits_heaps(ruleset: &Ruleset) -> bool {
    let mut options = Vec::new();
    (0..=12).any(|h| {
        options.clear();
        ruleset
            .heap_options(h, &Limits::default(), &mut options)
            .is_ok()
            && options
                .iter()
                .any(|m| m.parts.as_slice().len() > 1 || m.removed == 0)
    })
}

/// The position after some legal move, for an example.
fn example_after(position: &Position) -> Option<Position> {
    let limits = Limits::default();
    for (i, c) in position.components().iter().enumerate() {
        if let Ok(Some(action)) = c.ruleset().random_action(c.args(), &limits, &mut |n| n - 1) {
            return position.play(&position.make_move(i, action)).ok();
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn help_covers_the_kinds_in_play() {
        let h = help(&pos("nim 3 4"));
        assert!(h.contains("2 3 ") && h.contains("2 -> 1"));
        assert!(!h.contains("2 -> 3 5"), "Nim does not split: {h}");
        assert!(!h.contains("In a sum"));
        assert!(h.contains("For example:\n    nim 3 0\n"), "{h}");
        let h = help(&pos("nim 3 + moore:2 1 2 + staircase 1 2"));
        assert!(h.contains("moore:2 (take from 1 to 2 heaps at once)"));
        assert!(h.contains("staircase (coins on steps"));
        assert!(h.contains("`c2 1 3`"));
        assert!(h.contains("    c1 = nim 3\n    c2 = moore:2 1 2\n    c3 = staircase 1 2\n"));
        assert!(
            h.contains("For example:\n    nim 0 + moore:2 1 2 + staircase 1 2\n"),
            "{h}"
        );
        assert!(h.lines().all(|l| l.chars().count() <= 80), "{h}");
    }
}
