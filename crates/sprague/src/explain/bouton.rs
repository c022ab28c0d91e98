//! Nim under normal play, by Bouton's theorem (1901): the heaps in binary
//! and their nim-sum, and how XOR with the nim-sum makes it 0.

use super::table::{binary, xor_terms, BinaryTable};
use super::{all_heaps, single_change};
use crate::wrap::para;
use crate::{Action, Move, Position};

/// The Bouton part of the teaching view.
pub(super) fn write(out: &mut String, table: &BinaryTable, verdict: &str) {
    para(
        out,
        "Bouton's theorem (1901): write the heaps in binary and add them without \
         carrying. That sum is the nim-sum (⊕): a column of it is 1 when the column \
         holds an odd number of 1s. The player to move loses exactly when the \
         nim-sum is 0.",
    );
    out.push('\n');
    table.render(true, out);
    let s = table.nim_sum();
    if s == 0 {
        para(
            out,
            &format!(
                "The nim-sum is 0: {verdict}. Any move changes one heap, which \
                 flips a bit in some column, so the nim-sum is no longer 0; the \
                 opponent then makes it 0 again, and so on until the opponent \
                 takes the last token."
            ),
        );
    } else {
        para(
            out,
            &format!(
                "The nim-sum is {s}, not 0: {verdict}. A winning move makes the \
                 nim-sum 0: pick a heap with a 1 in the marked column and replace \
                 it by its XOR with the nim-sum. That turns the marked 1 into 0, \
                 so the heap gets smaller (a legal move), and it flips every \
                 column where the nim-sum has a 1, so each column holds an even \
                 number of 1s again."
            ),
        );
    }
}

/// Why the winning move `mv` (leading to `after`) wins.
pub(super) fn reason(
    position: &Position,
    table: &BinaryTable,
    mv: &Move,
    after: &Position,
) -> String {
    let s = table.nim_sum();
    let (from, to) = single_change(mv);
    let bits = table.bits();
    let high = table.highest_bit().unwrap_or(0);
    format!(
        "the nim-sum is {s} ({}); heap {} has a 1 in the nim-sum's highest bit (bit {high}), so \
         {from} ⊕ {s} = {to} is smaller than {from}. The move {from} -> {to} ({} -> {}) \
         flips exactly the bits where the nim-sum has a 1, and the new nim-sum is {} = 0.",
        binary(s, bits),
        heap_place(position, mv),
        binary(from, bits),
        binary(to, bits),
        xor_terms(&all_heaps(after))
    )
}

/// `1` or `1 of c2`: the heap a move changes.
fn heap_place(position: &Position, mv: &Move) -> String {
    let heap = match mv.action() {
        Action::Heap { heap, .. } => *heap,
        Action::Heaps { changes } => changes.first().map_or(0, |c| c.heap),
        Action::Stair { step, .. } => *step,
        Action::Token { token, .. } => *token,
        Action::Cut { part, .. } | Action::Pick { part, .. } | Action::Turn { part, .. } => *part,
        Action::Listed { .. } => 0,
    };
    if position.components().len() > 1 {
        format!("{} of c{}", heap + 1, mv.component() + 1)
    } else {
        (heap + 1).to_string()
    }
}
