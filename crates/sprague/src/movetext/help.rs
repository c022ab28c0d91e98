//! The help text for the move syntax of the rulesets in play.
//!
//! Every example is a legal move of the position the help is written for,
//! found by asking the ruleset (a heap game's rules decide which amounts
//! may be taken and which splits are allowed: Kayles takes 1 or 2, never
//! 3). Where the position offers no move of a form, the form is shown with
//! letters instead of numbers (`H -> A B`), never with a move that the
//! rules would refuse.

use std::fmt::Write as _;

use crate::wrap::wrap;
use crate::{Action, Component, HeapChange, Limits, MoveForm, MoveKind, Parts, Position};

/// The move syntax for the rulesets of `position`, one section per
/// ruleset, each with examples that are legal moves of `position` (in a
/// sum, with the component they are played in, `c2 1 3`); for a sum, how
/// to name the component; and the universal form with a real example.
/// Plain text, lines of at most 78 characters while the numbers are short.
///
/// ```
/// use sprague::{movetext, Position};
/// let p: Position = "kayles 7 4".parse()?;
/// let help = movetext::help(&p);
/// // Kayles takes one or two pins, never three.
/// assert!(help.contains("    1 2                 take 2 from heap 1"), "{help}");
/// assert!(movetext::parse(&p, "1 2").is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn help(position: &Position) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Moves (heaps and steps are numbered from 1, left to right, as the position\nstands now):"
    );
    let sum = position.components().len() > 1;
    let mut seen: Vec<&str> = Vec::new();
    for c in position.components() {
        let word = c.ruleset().word();
        if seen.contains(&word) {
            continue;
        }
        seen.push(word);
        // The components of this ruleset, with their numbers in the sum.
        let same: Vec<(usize, &Component)> = position
            .components()
            .iter()
            .enumerate()
            .filter(|(_, d)| d.ruleset().word() == word)
            .collect();
        let prefix = |i: usize| {
            if sum {
                format!("c{} ", i + 1)
            } else {
                String::new()
            }
        };
        match c.ruleset().move_kind() {
            MoveKind::Heap => heap_section(&mut out, word, &same, &prefix),
            MoveKind::Heaps { max } => {
                let rule = c
                    .ruleset()
                    .rules()
                    .move_summary()
                    .unwrap_or_else(|| format!("take from 1 to {max} heaps at once"));
                heaps_section(&mut out, word, &rule, max, &same, &prefix);
            }
            MoveKind::Stair => stair_section(&mut out, word, &same, &prefix),
            MoveKind::Token => token_section(&mut out, position, word, &same, &prefix),
            MoveKind::Cut => cut_section(&mut out, position, word, &same, &prefix),
            MoveKind::Listed => listed_section(&mut out, word, &same, &prefix),
            MoveKind::Pick => pick_section(&mut out, position, word, &same, &prefix),
        }
    }
    if sum {
        let _ = writeln!(
            out,
            "\n  In a sum, begin the move with the component (`c2` or `component 2:`), as\n  in the examples above. The components:"
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

/// One example line: the text typed (padded to 20 columns) and what it
/// does, wrapped at 78 columns under the meaning; text in backquotes is
/// kept on one line.
fn line(out: &mut String, typed: &str, meaning: &str) {
    let first = if typed.chars().count() < 20 {
        format!("    {typed:<20}")
    } else {
        format!("    {typed}  ")
    };
    let mut glued = String::new();
    for (i, piece) in meaning.split('`').enumerate() {
        if i > 0 {
            glued.push('`');
        }
        if i % 2 == 1 {
            glued.push_str(&piece.replace(' ', "\u{a0}"));
        } else {
            glued.push_str(piece);
        }
    }
    wrap(out, &first, &" ".repeat(24), &glued);
}

/// How many heaps (or steps, tokens, pictures) of a component are looked at
/// for an example, and the largest amount tried.
const LOOKED_AT: usize = 64;
const AMOUNTS: u64 = 9;

/// A legal action of `c` found by trying `candidates` of each of its first
/// heaps (index and size), in order.
fn first_legal(
    c: &Component,
    candidates: &mut dyn FnMut(usize, u64) -> Vec<Action>,
) -> Option<Action> {
    for (i, &h) in c.heaps().iter().enumerate().take(LOOKED_AT) {
        for action in candidates(i, h) {
            if c.ruleset().check(c.args(), &action).is_ok() {
                return Some(action);
            }
        }
    }
    None
}

/// The first legal action of `candidates` over the components `same`, with
/// the component's number.
fn found(
    same: &[(usize, &Component)],
    candidates: &mut dyn FnMut(usize, u64) -> Vec<Action>,
) -> Option<(usize, Action)> {
    same.iter()
        .find_map(|&(k, c)| first_legal(c, candidates).map(|a| (k, a)))
}

/// Take-and-leave-one-heap moves of heap `i` (of `h` tokens): the amounts
/// from 9 (or the heap less one) down to 1 leave a heap, then the whole
/// heap; amounts equal to the heap's number come last (`1 1` reads badly).
fn takes(i: usize, h: u64) -> Vec<Action> {
    let mut amounts: Vec<u64> = (1..=h.saturating_sub(1).min(AMOUNTS)).rev().collect();
    amounts.sort_by_key(|&k| k == i as u64 + 1);
    if h >= 1 {
        amounts.push(h);
    }
    amounts
        .into_iter()
        .map(|k| Action::Heap {
            heap: i,
            from: h,
            removed: k,
            parts: Parts::one(h - k),
        })
        .collect()
}

/// Moves of heap `i` (of `h` tokens) that leave two heaps (then three),
/// small amounts removed and small parts first.
fn splits(i: usize, h: u64) -> Vec<Action> {
    let mut out = Vec::new();
    for removed in 0..=h.min(AMOUNTS) {
        let rest = h - removed;
        for a in 1..=(rest / 2).min(AMOUNTS) {
            if let Some(parts) = Parts::new(&[a, rest - a]) {
                out.push(Action::Heap {
                    heap: i,
                    from: h,
                    removed,
                    parts,
                });
            }
        }
    }
    for removed in 0..=h.min(AMOUNTS) {
        let rest = h - removed;
        for a in 1..=(rest / 3).min(AMOUNTS) {
            for b in a..=((rest - a) / 2).min(AMOUNTS) {
                if let Some(parts) = Parts::new(&[a, b, rest - a - b]) {
                    out.push(Action::Heap {
                        heap: i,
                        from: h,
                        removed,
                        parts,
                    });
                }
            }
        }
    }
    // Four or more equal heaps (`rule:equal(n,K)`), few enough to type.
    for removed in 0..=h.min(AMOUNTS) {
        let rest = h - removed;
        for k in (4..=rest.min(16)).filter(|&k| rest.is_multiple_of(k)) {
            out.push(Action::Heap {
                heap: i,
                from: h,
                removed,
                parts: Parts::equal(rest / k, k),
            });
        }
    }
    out
}

/// The section of a heap game (Nim, subtraction and take-and-break games).
fn heap_section(
    out: &mut String,
    word: &str,
    same: &[(usize, &Component)],
    prefix: &dyn Fn(usize) -> String,
) {
    let _ = writeln!(out, "\n  {word}:");
    let take = found(same, &mut |i, h| takes(i, h));
    let split = found(same, &mut |i, h| splits(i, h));
    let splits_somewhere = split.is_some() || same.iter().any(|(_, c)| ruleset_has(c, true));
    let takes_somewhere = take.is_some() || same.iter().any(|(_, c)| ruleset_has(c, false));
    match take {
        Some((
            k,
            Action::Heap {
                heap,
                removed,
                parts,
                ..
            },
        )) => {
            let (p, n) = (prefix(k), heap + 1);
            let left = parts.sizes().first().copied().unwrap_or(0);
            line(
                out,
                &format!("{p}{n} {removed}"),
                &format!(
                    "take {removed} from heap {n} (also `{p}heap {n} take {removed}`, \
                     `{p}take {removed} from heap {n}`)"
                ),
            );
            line(
                out,
                &format!("{p}{n} -> {left}"),
                &format!(
                    "leave {left} in heap {n} (also `{p}{n} = {left}`, `{p}heap {n} leave {left}`)"
                ),
            );
        }
        _ if takes_somewhere => {
            line(
                out,
                "H K",
                "take K from heap H (also `heap H take K`, `take K from heap H`); no heap \
                 here allows it now",
            );
            line(
                out,
                "H -> L",
                "leave L in heap H (also `H = L`, `heap H leave L`)",
            );
        }
        _ => {}
    }
    match split {
        Some((
            k,
            Action::Heap {
                heap,
                removed,
                parts,
                ..
            },
        )) => {
            let (p, n) = (prefix(k), heap + 1);
            let sizes: Vec<String> = parts.to_vec().iter().map(u64::to_string).collect();
            let listed = sizes.join(" ");
            let words = match sizes.as_slice() {
                [a, b] => format!("{a} and {b}"),
                [a, b, c] => format!("{a}, {b} and {c}"),
                [a, ..] if parts.copies() > 1 => format!("{} equal heaps of {a}", sizes.len()),
                _ => listed.clone(),
            };
            let words = if parts.copies() > 1 {
                words
            } else {
                format!("heaps of {words}")
            };
            line(
                out,
                &format!("{p}{n} -> {listed}"),
                &format!("leave {words} in place of heap {n} (any order)"),
            );
            if removed > 0 {
                line(
                    out,
                    &format!("{p}{n} take {removed} leave {listed}"),
                    "the heap, how many taken, the sizes left (must add up)",
                );
            }
        }
        _ if splits_somewhere => {
            line(
                out,
                "H -> A B",
                "leave heaps of A and B in place of heap H (any order); no heap here can \
                 split now",
            );
            line(
                out,
                "H take K leave A B",
                "the heap, how many taken, the sizes left (must add up)",
            );
        }
        _ => {}
    }
}

/// Whether a heap game ever splits a heap or removes nothing (`split`), or
/// ever takes tokens and leaves at most one heap (checked on the options of
/// heaps up to 12).
fn ruleset_has(c: &Component, split: bool) -> bool {
    let mut options = Vec::new();
    (0..=12).any(|h| {
        options.clear();
        c.ruleset()
            .heap_options(h, &Limits::default(), &mut options)
            .is_ok()
            && options
                .iter()
                .any(|m| (m.parts.count() > 1 || m.removed == 0) == split)
    })
}

/// The section of a game whose move may reduce several heaps at once
/// (Moore's Nim_k, Wythoff's game).
fn heaps_section(
    out: &mut String,
    word: &str,
    rule: &str,
    max: u64,
    same: &[(usize, &Component)],
    prefix: &dyn Fn(usize) -> String,
) {
    let _ = writeln!(out, "\n  {word} ({rule}):");
    // Two heaps reduced by the same amount (legal in Wythoff's game too).
    let two = same.iter().find_map(|&(k, c)| {
        if max < 2 {
            return None;
        }
        let heaps = c.heaps();
        let mut nonempty = heaps.iter().enumerate().filter(|&(_, &h)| h > 0).take(2);
        let ((i, &a), (j, &b)) = (nonempty.next()?, nonempty.next()?);
        (1..=a.min(b).min(3)).rev().find_map(|t| {
            let action = Action::Heaps {
                changes: vec![
                    HeapChange {
                        heap: i,
                        from: a,
                        to: a - t,
                    },
                    HeapChange {
                        heap: j,
                        from: b,
                        to: b - t,
                    },
                ],
            };
            c.ruleset()
                .check(c.args(), &action)
                .is_ok()
                .then_some((k, action))
        })
    });
    match two {
        Some((k, Action::Heaps { changes })) => {
            let p = prefix(k);
            let (x, y) = (changes[0], changes[1]);
            let (i, j, t) = (x.heap + 1, y.heap + 1, x.from - x.to);
            line(
                out,
                &format!("{p}{i}:{t} {j}:{t}"),
                &format!("take {t} from heap {i} and {t} from heap {j}"),
            );
            line(
                out,
                &format!("{p}{i}->{} {j}->{}", x.to, y.to),
                &format!("leave {} in heap {i} and {} in heap {j}", x.to, y.to),
            );
        }
        _ if max >= 2 => line(
            out,
            "A:X B:Y",
            "take X from heap A and Y from heap B (also `A->L B->M`: what is left); no two \
             heaps here allow it now",
        ),
        _ => {}
    }
    let one = found(same, &mut |i, h| {
        (1..=h.min(3))
            .rev()
            .map(|t| Action::Heaps {
                changes: vec![HeapChange {
                    heap: i,
                    from: h,
                    to: h - t,
                }],
            })
            .collect()
    });
    match one {
        Some((k, Action::Heaps { changes })) => {
            let (n, t) = (changes[0].heap + 1, changes[0].from - changes[0].to);
            line(
                out,
                &format!("{}{n} {t}", prefix(k)),
                &format!("take {t} from heap {n} only"),
            );
        }
        _ => line(out, "H K", "take K from heap H only"),
    }
}

/// The section of staircase Nim.
fn stair_section(
    out: &mut String,
    word: &str,
    same: &[(usize, &Component)],
    prefix: &dyn Fn(usize) -> String,
) {
    let _ = writeln!(
        out,
        "\n  {word} (coins on steps 1, 2, ...; step 1 is next to the ground):"
    );
    // A step above the first shows coins carried down a step; step 1 is
    // the fallback.
    let carry = |i: usize, h: u64| -> Vec<Action> {
        (1..=h.min(3))
            .rev()
            .map(|coins| Action::Stair {
                step: i,
                from: h,
                coins,
            })
            .collect()
    };
    let upper = found(same, &mut |i, h| {
        if i > 0 {
            carry(i, h)
        } else {
            Vec::new()
        }
    });
    match upper.or_else(|| found(same, &mut |i, h| carry(i, h))) {
        Some((k, Action::Stair { step, from, coins })) => {
            let (p, n) = (prefix(k), step + 1);
            let noun = |c: u64| if c == 1 { "coin" } else { "coins" };
            let to = if step == 0 {
                "to the ground".to_string()
            } else {
                format!("down to step {step}")
            };
            line(
                out,
                &format!("{p}{n} {coins}"),
                &format!(
                    "carry {coins} {} from step {n} {to} (also `{p}step {n} take {coins}`); \
                     from step 1 they leave the game",
                    noun(coins)
                ),
            );
            let left = from - coins;
            line(
                out,
                &format!("{p}{n} -> {left}"),
                &format!(
                    "leave {left} {} on step {n}, carrying the rest down",
                    noun(left)
                ),
            );
        }
        _ => {
            line(
                out,
                "S K",
                "carry K coins from step S down to the step below (also `step S take K`); \
                 from step 1 they leave the game",
            );
            line(
                out,
                "S -> L",
                "leave L coins on step S, carrying the rest down",
            );
        }
    }
}

/// The first move of the components `same` that their rules list, one
/// whose two numbers differ when there is one (`1 3` reads better than
/// `1 1`).
fn first_move(same: &[(usize, &Component)]) -> Option<(usize, Action)> {
    same.iter().find_map(|&(k, c)| {
        let mut actions = Vec::new();
        c.ruleset()
            .component_moves(c.args(), &Limits::default(), &mut actions)
            .ok()?;
        let differ = |a: &Action| match *a {
            Action::Cut { part, edge, .. } => part != edge,
            Action::Token { token, to, .. } => token as u64 + 1 != to,
            _ => true,
        };
        let i = actions.iter().position(differ).unwrap_or(0);
        (i < actions.len()).then(|| (k, actions.swap_remove(i)))
    })
}

/// The section of a game of tokens on a graph.
fn token_section(
    out: &mut String,
    position: &Position,
    word: &str,
    same: &[(usize, &Component)],
    prefix: &dyn Fn(usize) -> String,
) {
    let _ = writeln!(
        out,
        "\n  {word} (tokens numbered from 1 as listed; a move slides one along one edge):"
    );
    let Some((k, action)) = first_move(same) else {
        line(out, "T N", "move token T to node N (also `T -> N`)");
        line(
            out,
            "from A to B",
            "move the first token standing on A to B (also `A -> B` when A is not a number)",
        );
        return;
    };
    let Action::Token { token, from, to } = action else {
        return;
    };
    let rules = position.components()[k].ruleset().rules();
    let name = |node: u64| {
        let mut s = String::new();
        let _ = rules.write_number(node, &mut s);
        s
    };
    let (p, t, u, v) = (prefix(k), token + 1, name(from), name(to));
    line(
        out,
        &format!("{p}{t} {v}"),
        &format!("move token {t} to node {v} (also `{p}{t} -> {v}`)"),
    );
    // A leading number is a token's number: a node named by a number is
    // written `from 1 to 2`.
    if u.parse::<u64>().is_ok() {
        line(
            out,
            &format!("{p}from {u} to {v}"),
            &format!("move the first token standing on {u} to {v}"),
        );
    } else {
        line(
            out,
            &format!("{p}{u} -> {v}"),
            &format!("move the first token standing on {u} to {v} (also `{p}from {u} to {v}`)"),
        );
    }
}

/// The section of Green Hackenbush.
fn cut_section(
    out: &mut String,
    position: &Position,
    word: &str,
    same: &[(usize, &Component)],
    prefix: &dyn Fn(usize) -> String,
) {
    let _ = writeln!(
        out,
        "\n  {word} (pictures numbered from 1; edges numbered from 1 in the order\n  the picture is written, the k-th e or the k-th u-v):"
    );
    let Some((k, action)) = first_move(same) else {
        line(
            out,
            "P E",
            "cut edge E of picture P (also `picture P edge E`)",
        );
        return;
    };
    let Action::Cut { part, edge, .. } = action else {
        return;
    };
    let (p, n, e) = (prefix(k), part + 1, edge + 1);
    line(
        out,
        &format!("{p}{n} {e}"),
        &format!("cut edge {e} of picture {n} (also `{p}picture {n} edge {e}`)"),
    );
    // An edge-list picture also names its edges by their ends; the listed
    // form says them, `... cut edge 3 (2-0)`.
    let component = &position.components()[k];
    let listed = crate::movetext::text(position, &position.make_move(k, action), MoveForm::Listed)
        .to_string();
    if let Some(ends) = listed
        .strip_suffix(')')
        .and_then(|s| s.rsplit_once(" ("))
        .map(|(_, ends)| ends.to_string())
    {
        line(
            out,
            &format!("{p}{n} {ends}"),
            &format!("cut the edge {ends} of picture {n} (an edge-list picture)"),
        );
    }
    if component.argument_count() == 1 {
        line(out, &format!("{p}cut {e}"), "in a component of one picture");
    }
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

/// Moves of a game on graphs or boards: what the move takes, by name.
fn pick_section(
    out: &mut String,
    position: &Position,
    word: &str,
    same: &[(usize, &Component)],
    _prefix: &dyn Fn(usize) -> String,
) {
    let rule = same
        .first()
        .and_then(|(_, c)| c.ruleset().rules().move_summary())
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "\n  {word} ({rule}; graphs and boards numbered from 1 when there are several):"
    );
    let Some((k, action)) = first_move(same) else {
        line(out, "NAME", "take the vertex, edge or cell NAME");
        return;
    };
    let mv = position.make_move(k, action);
    let short = crate::movetext::text(position, &mv, MoveForm::Short).to_string();
    let words = crate::movetext::text(position, &mv, MoveForm::Words).to_string();
    // The short form already begins with the component in a sum.
    line(out, &short, &words);
}

/// Moves of a game given in code: numbered in the game's own list.
fn listed_section(
    out: &mut String,
    word: &str,
    same: &[(usize, &Component)],
    prefix: &dyn Fn(usize) -> String,
) {
    let _ = writeln!(
        out,
        "\n  {word} (a game given in code; moves numbered from 1 in the game's own list):"
    );
    match first_move(same) {
        Some((k, Action::Listed { index })) => {
            let (p, n) = (prefix(k), index + 1);
            line(
                out,
                &format!("{p}{n}"),
                &format!("the game's move {n} (also `{p}move {n}`)"),
            );
        }
        _ => line(out, "N", "the game's move N (also `move N`)"),
    }
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
        assert!(
            h.contains("    1 2                 take 2 from heap 1"),
            "{h}"
        );
        assert!(
            h.contains("    1 -> 1              leave 1 in heap 1"),
            "{h}"
        );
        assert!(!h.contains("in place of heap"), "Nim does not split: {h}");
        assert!(!h.contains("In a sum"));
        assert!(h.contains("For example:\n    nim 3 0\n"), "{h}");
        let h = help(&pos("nim 3 + moore:2 1 2 + staircase 1 2"));
        assert!(h.contains("moore:2 (take from 1 to 2 heaps at once)"));
        assert!(h.contains("    c2 1:1 2:1          take 1 from heap 1 and 1 from heap 2"));
        assert!(h.contains("staircase (coins on steps"));
        assert!(h.contains("    c3 2 2              carry 2 coins from step 2 down to step 1"));
        assert!(h.contains("In a sum, begin the move with the component"));
        assert!(h.contains("    c1 = nim 3\n    c2 = moore:2 1 2\n    c3 = staircase 1 2\n"));
        assert!(
            h.contains("For example:\n    nim 0 + moore:2 1 2 + staircase 1 2\n"),
            "{h}"
        );
        assert!(h.lines().all(|l| l.chars().count() <= 80), "{h}");
    }

    #[test]
    fn a_position_without_such_a_move_shows_the_form_in_letters() {
        // Kayles heaps of 1 cannot split; the form is shown, not a move.
        let h = help(&pos("kayles 1 1"));
        assert!(
            h.contains("    1 1                 take 1 from heap 1"),
            "{h}"
        );
        assert!(
            h.contains("    H -> A B            leave heaps of A and B"),
            "{h}"
        );
    }
}
