//! The Sprague-Grundy theorem: each heap's or component's Grundy value, their
//! nim-sum, and for each winning move the value it changes.

use super::table::{prefix, xor_terms, BinaryTable, Row};
use crate::wrap::para;
use crate::{Action, Component, Error, Move, Position, Ruleset};

/// How a component contributes rows to the Grundy table.
enum Rows {
    /// One row per heap, holding the heap's Grundy value.
    PerHeap,
    /// One row per named argument (a token on a node, a Hackenbush
    /// picture), each a game of its own.
    PerArgument,
    /// One row for the whole component.
    Whole,
}

/// A component's rows: per named argument only where each argument is a
/// game of its own (`argument_alone`); a board whose arguments play
/// together (Treblecross strips, a row of pieces) is one row.
fn rows_of(c: &Component) -> Rows {
    let ruleset = c.ruleset();
    if ruleset.is_heap_game() || ruleset.is_nim() {
        Rows::PerHeap
    } else if ruleset.has_named_arguments()
        && (0..c.argument_count()).all(|j| ruleset.rules().argument_alone(c.args(), j).is_some())
    {
        Rows::PerArgument
    } else {
        Rows::Whole
    }
}

/// A named argument's row label: `c2 token 1 on s`, `picture 1: e(ee;e)`.
fn argument_label(position: &Position, i: usize, j: usize, c: &Component) -> String {
    let mut text = String::new();
    let _ = c.ruleset().rules().write_argument(c.args(), j, &mut text);
    let p = prefix(position, i);
    match c.ruleset().move_kind() {
        crate::MoveKind::Token => format!("{p}token {} on {text}", j + 1),
        crate::MoveKind::Pick => format!("{p}part {}: {text}", j + 1),
        _ => format!("{p}picture {}: {text}", j + 1),
    }
}

/// The Grundy value of a single heap: its size in Nim-like rulesets, else
/// from the ruleset's nim-sequence.
fn heap_grundy(ruleset: &Ruleset, heap: u64, limits: &crate::Limits) -> Result<u64, Error> {
    match ruleset.closed_heap_value(heap) {
        Some(g) => Ok(g),
        None => ruleset.heap_value(heap, limits),
    }
}

/// A heap's row label in the Grundy table: `c2 heap 1: G(5)`.
fn heap_label(position: &Position, i: usize, j: usize, ruleset: &Ruleset, h: u64) -> String {
    let p = prefix(position, i);
    if ruleset.is_nim() {
        format!("{p}heap {}", j + 1)
    } else {
        format!("{p}heap {}: G({h})", j + 1)
    }
}

pub(super) fn grundy_table(
    position: &Position,
    component_values: &[u64],
    limits: &crate::Limits,
) -> Result<BinaryTable, Error> {
    let mut rows = Vec::new();
    for (i, c) in position.components().iter().enumerate() {
        match rows_of(c) {
            Rows::PerHeap => {
                for (j, &h) in c.heaps().iter().enumerate() {
                    rows.push(Row {
                        label: heap_label(position, i, j, c.ruleset(), h),
                        value: heap_grundy(c.ruleset(), h, limits)?,
                    });
                }
            }
            Rows::PerArgument => {
                for j in 0..c.argument_count() {
                    rows.push(Row {
                        label: argument_label(position, i, j, c),
                        value: argument_value(c, j, limits)?,
                    });
                }
            }
            Rows::Whole => rows.push(Row {
                label: format!("c{} {c}", i + 1),
                value: component_values.get(i).copied().unwrap_or(0),
            }),
        }
    }
    Ok(BinaryTable::new(rows))
}

/// The Grundy value of argument `j` of `c` alone (a token, a picture).
fn argument_value(c: &Component, j: usize, limits: &crate::Limits) -> Result<u64, Error> {
    match c.ruleset().rules().argument_alone(c.args(), j) {
        Some(alone) => c.ruleset().component_value(&alone, limits),
        None => Err(Error::Internal(format!(
            "{} has no argument {} to value alone",
            c.ruleset(),
            j + 1
        ))),
    }
}

/// Each component's Grundy value in `position` (normal play).
fn after_values(position: &Position, limits: &crate::Limits) -> Result<Vec<u64>, Error> {
    position
        .components()
        .iter()
        .map(|c| c.ruleset().component_value(c.args(), limits))
        .collect()
}

/// The Sprague-Grundy part of the teaching view: the theorem, a note on how
/// each ruleset's values are found, and the table of values.
pub(super) fn write(out: &mut String, position: &Position, table: &BinaryTable, verdict: &str) {
    para(
        out,
        "The Sprague-Grundy theorem: every position of an impartial game is worth \
         a nimber, its Grundy value: the mex of the values of its options (the \
         least number that is not among them). A sum is worth the nim-sum of its parts, and the \
         player to move loses exactly when that is 0.",
    );
    let mut notes = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for c in position.components() {
        let r = c.ruleset();
        if seen.contains(&r.word()) {
            continue;
        }
        seen.push(r.word());
        notes.push(r.value_note());
    }
    para(out, &notes.join(" "));
    // The steps that reduce each component to its value, one paragraph
    // each (Hackenbush's fusion and colon principles, picture by picture).
    for (i, c) in position.components().iter().enumerate() {
        for step in c.ruleset().rules().value_steps(c.args()) {
            let p = prefix(position, i);
            let text = if p.is_empty() {
                let mut chars = step.chars();
                let first = chars.next().map(|c| c.to_uppercase().to_string());
                format!("{}{}.", first.unwrap_or_default(), chars.as_str())
            } else {
                format!("{p}{step}.")
            };
            para(out, &text);
        }
    }
    out.push('\n');
    table.render(true, out);
    let s = table.nim_sum();
    let text = if s == 0 {
        format!(
            "The nim-sum is 0: {verdict}. Every move changes one row's value (a \
             position never has an option of its own value), so it leaves a \
             nim-sum other than 0, and the opponent restores 0."
        )
    } else {
        format!(
            "The nim-sum is {s}, not 0: {verdict}. A winning move changes one \
             row's value v to v ⊕ {s}, which makes the nim-sum 0. A row with a 1 \
             in the marked column always has such a move, since v ⊕ {s} is then \
             smaller than v and a position has options of every smaller value; \
             other rows may have one too."
        )
    };
    para(out, &text);
}

/// Why the winning move `mv` (leading to `after`) wins.
pub(super) fn reason(
    position: &Position,
    table: &BinaryTable,
    mv: &Move,
    after: &Position,
    limits: &crate::Limits,
) -> Result<String, Error> {
    let s = table.nim_sum();
    let i = mv.component();
    let before_c = &position.components()[i];
    let after_c = &after.components()[i];
    let ruleset = before_c.ruleset();
    let after_rows = grundy_table(after, &after_values(after, limits)?, limits)?;
    let terms: Vec<u64> = after_rows.rows().iter().map(|r| r.value).collect();
    let (what, old, new) = match (rows_of(before_c), mv.action()) {
        (
            Rows::PerHeap,
            Action::Heap {
                heap, from, parts, ..
            },
        ) => {
            let old = heap_grundy(ruleset, *from, limits)?;
            let mut new = 0;
            let mut parts_text = Vec::new();
            for &p in parts.sizes() {
                new ^= heap_grundy(ruleset, p, limits)?;
                parts_text.push(format!("G({p})"));
            }
            let new_text = match parts_text.len() {
                0 => "nothing, worth 0".to_string(),
                // K >= 4 equal heaps: their values cancel in pairs.
                _ if parts.copies() > 1 && parts.copies() % 2 == 0 => {
                    new = 0;
                    format!(
                        "{} equal heaps worth {} each, which cancel in pairs: 0",
                        parts.copies(),
                        parts_text[0]
                    )
                }
                _ if parts.copies() > 1 => format!(
                    "{} equal heaps worth {} = {new} each; all but one cancel in pairs: {new}",
                    parts.copies(),
                    parts_text[0]
                ),
                1 if ruleset.is_nim() => {
                    format!("{}", parts.sizes()[0])
                }
                _ => format!("{} = {new}", parts_text.join(" ⊕ ")),
            };
            let old_text = if ruleset.is_nim() {
                format!("{old}")
            } else {
                format!("G({from}) = {old}")
            };
            (
                format!(
                    "{}heap {} ({ruleset}) is worth {old_text}; the move makes it \
                     worth {new_text}",
                    prefix(position, i),
                    heap + 1
                ),
                old,
                new,
            )
        }
        (Rows::PerHeap, Action::Heaps { changes }) if changes.len() == 1 => {
            let c = changes[0];
            (
                format!(
                    "{}heap {} ({ruleset}) is worth {}; the move makes it worth {}",
                    prefix(position, i),
                    c.heap + 1,
                    c.from,
                    c.to
                ),
                c.from,
                c.to,
            )
        }
        (
            Rows::PerArgument,
            Action::Token { token: j, .. }
            | Action::Cut { part: j, .. }
            | Action::Pick { part: j, .. }
            | Action::Turn { part: j, .. },
        ) => {
            let old = argument_value(before_c, *j, limits)?;
            let new = argument_value(after_c, *j, limits)?;
            let (mut a_text, mut b_text) = (String::new(), String::new());
            let _ = ruleset
                .rules()
                .write_argument(before_c.args(), *j, &mut a_text);
            let _ = ruleset
                .rules()
                .write_argument(after_c.args(), *j, &mut b_text);
            let noun = match mv.action() {
                Action::Token { .. } => "token",
                Action::Pick { .. } | Action::Turn { .. } => "part",
                _ => "picture",
            };
            (
                format!(
                    "{}{noun} {} ({a_text}) is worth {old}; the move makes it {b_text}, \
                     worth {new}",
                    prefix(position, i),
                    j + 1
                ),
                old,
                new,
            )
        }
        _ => {
            let old = table
                .rows()
                .iter()
                .find(|r| r.label.starts_with(&format!("c{} ", i + 1)))
                .map_or(0, |r| r.value);
            let new = ruleset.component_value(after_c.args(), limits)?;
            (
                format!("{before_c} is worth {old}; the move makes it {after_c}, worth {new}"),
                old,
                new,
            )
        }
    };
    debug_assert_eq!(new, old ^ s);
    Ok(format!(
        "{what}, which is {old} ⊕ {s}; the nim-sum becomes {} = 0.",
        xor_terms(&terms)
    ))
}
