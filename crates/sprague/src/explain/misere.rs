//! Nim under misère play (Bouton 1901; Winning Ways, ch. 13): play as in
//! normal Nim until the all-ones endgame, then leave an odd number of heaps
//! of 1.

use super::table::{xor_terms, BinaryTable};
use super::{all_heaps, heaps_of_one, single_change, MisereCase};
use crate::wrap::para;
use crate::{Move, Position};

/// The misère Nim part of the teaching view.
pub(super) fn write(out: &mut String, table: &BinaryTable, case: &MisereCase, verdict: &str) {
    para(
        out,
        "Misère Nim (Bouton 1901): whoever takes the last token loses. Play as in \
         normal Nim, keeping the nim-sum at 0, until your move would leave no heap \
         above 1: the all-ones endgame. There, leave an odd number of heaps of 1 \
         instead; the players then take one each, and your opponent must take the \
         last.",
    );
    out.push('\n');
    // In the all-ones endgame the nim-sum decides nothing.
    table.render(!matches!(case, MisereCase::AllOnes { .. }), out);
    let text = match case {
        MisereCase::AllOnes { ones: 0 } => format!(
            "No token is left: the player to move cannot move, so the opponent \
             made the last move and lost. This is {verdict}."
        ),
        MisereCase::AllOnes { ones } if ones % 2 == 1 => format!(
            "No heap is above 1: the all-ones endgame. There are {ones} heaps of \
             1, an odd number: each move takes one, the turns alternate, and the \
             player to move also takes the last one. This is {verdict}."
        ),
        MisereCase::AllOnes { ones } => format!(
            "No heap is above 1: the all-ones endgame. There are {ones} heaps of \
             1, an even number: take one and leave an odd number. This is \
             {verdict}."
        ),
        MisereCase::OneBig => format!(
            "Exactly one heap is above 1, so the endgame is one move away: reduce \
             that heap to 0 or 1, whichever leaves an odd number of heaps of 1. \
             This is {verdict}."
        ),
        MisereCase::ManyBig => format!(
            "Two or more heaps are above 1, so play as in normal Nim: the \
             nim-sum is {}; this is {verdict}.",
            table.nim_sum()
        ),
    };
    para(out, &text);
}

/// Why the winning move `mv` (leading to `after`) wins.
pub(super) fn reason(
    table: &BinaryTable,
    case: &MisereCase,
    mv: &Move,
    after: &Position,
) -> String {
    let (from, to) = single_change(mv);
    let ones = all_heaps(after).iter().filter(|&&h| h == 1).count();
    match case {
        MisereCase::ManyBig => format!(
            "as in normal play: {from} ⊕ {} = {to}, and the new nim-sum is {} = 0. Two \
             or more heaps stay above 1, so the opponent cannot reach the all-ones \
             endgame first.",
            table.nim_sum(),
            xor_terms(&all_heaps(after))
        ),
        _ => format!(
            "it leaves no heap above 1 and {}, an odd number: the \
             players now take one each, and the opponent takes the last token.",
            heaps_of_one(ones as u64)
                .trim_start_matches("is ")
                .trim_start_matches("are ")
        ),
    }
}
