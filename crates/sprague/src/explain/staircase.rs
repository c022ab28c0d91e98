//! Staircase Nim: only the odd steps count, and they are Nim heaps.

use std::fmt::Write as _;

use super::table::{xor_terms, BinaryTable};
use crate::wrap::para;
use crate::{Action, Move, Position};

/// The staircase part of the teaching view: why only the odd steps count,
/// the steps, and the odd steps in binary.
pub(super) fn write(out: &mut String, steps: &[u64], table: &BinaryTable, verdict: &str) {
    para(
        out,
        "Staircase Nim: only the coins on the odd steps (1, 3, 5, ...) count. \
         Carrying coins from an odd step to the even step below takes them off an \
         odd step, just like a Nim move on a heap. Coins on even steps do not \
         count: if your opponent carries coins from an even step onto the odd step \
         below it, you carry the same coins one step further down (onto an even \
         step, or from step 1 to the ground), and the odd steps are as they were. \
         Coins only move down, so this cannot go on forever. The Grundy value is \
         the nim-sum of the odd steps, as if they were Nim heaps.",
    );
    out.push('\n');
    let w = steps.iter().map(|c| c.to_string().len()).max().unwrap_or(1);
    let nw = (steps.len()).to_string().len();
    for (i, c) in steps.iter().enumerate() {
        let n = i + 1;
        let (kind, counts) = if n % 2 == 1 {
            ("odd", "counts")
        } else {
            ("even", "does not count")
        };
        let _ = writeln!(out, "  step {n:<nw$}  {kind:<4}  {c:>w$}  {counts}");
    }
    para(out, "The odd steps in binary:");
    out.push('\n');
    table.render(true, out);
    let s = table.nim_sum();
    let text = if s == 0 {
        format!(
            "The nim-sum of the odd steps is 0: {verdict}. A move from an odd step \
             changes that step; a move from an even step changes the odd step \
             below it. Either way the nim-sum stops being 0, and the opponent \
             restores it."
        )
    } else {
        format!(
            "The nim-sum of the odd steps is {s}, not 0: {verdict}. A winning move \
             makes it 0: carry coins down from an odd step with a 1 in the marked \
             column, or carry coins from an even step onto the odd step below to \
             raise it to its XOR with the nim-sum."
        )
    };
    para(out, &text);
}

/// Why the winning move `mv` (leading to `after`) wins.
pub(super) fn reason(table: &BinaryTable, steps: &[u64], mv: &Move, after: &Position) -> String {
    let s = table.nim_sum();
    let Action::Stair { step, coins, .. } = *mv.action() else {
        return String::new();
    };
    let after_odd: Vec<u64> = match after.components().first() {
        Some(c) => c.heaps().iter().step_by(2).copied().collect(),
        None => Vec::new(),
    };
    if step % 2 == 0 {
        let c = steps[step];
        let (what, leave, land) = if coins == 1 {
            ("the coin", "leaves", "lands")
        } else {
            ("the coins", "leave", "land")
        };
        let lands = if step == 0 {
            format!("{leave} the game")
        } else {
            format!("{land} on step {step}, an even step that does not count")
        };
        format!(
            "step {} is odd: it goes {c} -> {} = {c} ⊕ {s}, like a Nim move; {what} \
             {lands}. The odd steps' nim-sum becomes {} = 0.",
            step + 1,
            c - coins,
            xor_terms(&after_odd)
        )
    } else {
        let below = steps[step - 1];
        let (what, leave, land) = if coins == 1 {
            ("the coin", "leaves", "lands")
        } else {
            ("the coins", "leave", "land")
        };
        format!(
            "{what} {leave} step {}, an even step that does not count, and {land} on odd \
             step {step}, which grows {below} -> {} = {below} ⊕ {s}. The odd steps' \
             nim-sum becomes {} = 0.",
            step + 1,
            below + coins,
            xor_terms(&after_odd)
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
