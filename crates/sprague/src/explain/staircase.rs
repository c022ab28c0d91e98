//! Staircase Nim: only the odd steps count, and they are Nim heaps.

use std::fmt::Write as _;

use super::table::{xor_terms, BinaryTable};
use crate::wrap::para;
use crate::{Action, Move, Position};

/// The words of a staircase's explanation: "odd steps" and "the ground",
/// or, above a floor (`staircase:floor`), "even stairs" and "the floor".
struct Words {
    /// The index of the first step whose coins move.
    first: usize,
    counted: &'static str,
    other: &'static str,
    step: &'static str,
    bottom: &'static str,
}

impl Words {
    fn of(floor: bool) -> Words {
        if floor {
            Words {
                first: 1,
                counted: "even",
                other: "odd",
                step: "stair",
                bottom: "from stair 2 onto the floor",
            }
        } else {
            Words {
                first: 0,
                counted: "odd",
                other: "even",
                step: "step",
                bottom: "from step 1 to the ground",
            }
        }
    }

    /// Whether step index `i` counts.
    fn counts(&self, i: usize) -> bool {
        i >= self.first && (i - self.first).is_multiple_of(2)
    }
}

/// The staircase part of the teaching view: why only the odd steps (above
/// a floor, the even stairs) count, the steps, and those that count in
/// binary.
pub(super) fn write(
    out: &mut String,
    steps: &[u64],
    floor: bool,
    table: &BinaryTable,
    verdict: &str,
) {
    let w = Words::of(floor);
    let (counted, other, step, bottom) = (w.counted, w.other, w.step, w.bottom);
    let which = if floor { "2, 4, 6" } else { "1, 3, 5" };
    let floor_note = if floor {
        " Stair 1 is the floor: its coins never move, and coins carried onto it \
         are out of play."
    } else {
        ""
    };
    para(
        out,
        &format!(
            "Staircase Nim: only the coins on the {counted} {step}s ({which}, ...) count.\
             {floor_note} Carrying coins from an {counted} {step} to the {other} {step} below \
             takes them off an {counted} {step}, just like a Nim move on a heap. Coins on \
             {other} {step}s do not count: if your opponent carries coins from an {other} \
             {step} onto the {counted} {step} below it, you carry the same coins one {step} \
             further down (onto an {other} {step}, or {bottom}), and the {counted} \
             {step}s are as they were. Coins only move down, so this cannot go on forever. \
             The Grundy value is the nim-sum of the {counted} {step}s, as if they were Nim \
             heaps."
        ),
    );
    out.push('\n');
    let width = steps.iter().map(|c| c.to_string().len()).max().unwrap_or(1);
    let nw = (steps.len()).to_string().len();
    for (i, c) in steps.iter().enumerate() {
        let n = i + 1;
        let (kind, counts) = if floor && i == 0 {
            ("floor", "never moves")
        } else if w.counts(i) {
            (counted, "counts")
        } else {
            (other, "does not count")
        };
        let kw = if floor { 5 } else { 4 };
        let _ = writeln!(out, "  {step} {n:<nw$}  {kind:<kw$}  {c:>width$}  {counts}");
    }
    para(out, &format!("The {counted} {step}s in binary:"));
    out.push('\n');
    table.render(true, out);
    let s = table.nim_sum();
    let text = if s == 0 {
        format!(
            "The nim-sum of the {counted} {step}s is 0: {verdict}. A move from an {counted} \
             {step} changes that {step}; a move from an {other} {step} changes the {counted} \
             {step} below it. Either way the nim-sum stops being 0, and the opponent \
             restores it."
        )
    } else {
        format!(
            "The nim-sum of the {counted} {step}s is {s}, not 0: {verdict}. A winning move \
             makes it 0: carry coins down from an {counted} {step} with a 1 in the marked \
             column, or carry coins from an {other} {step} onto the {counted} {step} below \
             to raise it to its XOR with the nim-sum."
        )
    };
    para(out, &text);
}

/// Why the winning move `mv` (leading to `after`) wins.
pub(super) fn reason(
    table: &BinaryTable,
    steps: &[u64],
    floor: bool,
    mv: &Move,
    after: &Position,
) -> String {
    let w = Words::of(floor);
    let (counted, other, step_word) = (w.counted, w.other, w.step);
    let s = table.nim_sum();
    let Action::Stair { step, coins, .. } = *mv.action() else {
        return String::new();
    };
    let after_counted: Vec<u64> = match after.components().first() {
        Some(c) => c
            .heaps()
            .iter()
            .enumerate()
            .filter(|&(i, _)| w.counts(i))
            .map(|(_, &v)| v)
            .collect(),
        None => Vec::new(),
    };
    let (what, leave, land) = if coins == 1 {
        ("the coin", "leaves", "lands")
    } else {
        ("the coins", "leave", "land")
    };
    if w.counts(step) {
        let c = steps[step];
        let lands = if step == 0 {
            format!("{leave} the game")
        } else if floor && step == 1 {
            format!("{land} on the floor, out of play")
        } else {
            format!("{land} on {step_word} {step}, an {other} {step_word} that does not count")
        };
        format!(
            "{step_word} {} is {counted}: it goes {c} -> {} = {c} ⊕ {s}, like a Nim move; \
             {what} {lands}. The {counted} {step_word}s' nim-sum becomes {} = 0.",
            step + 1,
            c - coins,
            xor_terms(&after_counted)
        )
    } else {
        let below = steps[step - 1];
        format!(
            "{what} {leave} {step_word} {}, an {other} {step_word} that does not count, and \
             {land} on {counted} {step_word} {step}, which grows {below} -> {} = {below} ⊕ {s}. \
             The {counted} {step_word}s' nim-sum becomes {} = 0.",
            step + 1,
            below + coins,
            xor_terms(&after_counted)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::Row;
    use crate::ruleset::staircase;

    #[test]
    fn staircase_table_is_the_value() {
        let steps = [3u64, 1, 2, 7, 5];
        let t = BinaryTable::new(
            steps
                .iter()
                .step_by(2)
                .map(|&value| Row {
                    label: String::new(),
                    value,
                })
                .collect(),
        );
        assert_eq!(t.nim_sum(), staircase::value(&steps));
    }
}
