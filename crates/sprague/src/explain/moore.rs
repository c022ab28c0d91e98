//! Moore's Nim_k, by Moore's theorem (1910): the heaps in binary and the
//! count of 1s in each column, which must be a multiple of k + 1.

use super::table::{heap_table, BinaryTable};
use crate::wrap::{para, unbroken};
use crate::Position;

/// The Moore part of the teaching view, with the Grundy value and how it
/// was found when the analysis has it (`search_value`).
pub(super) fn write(
    out: &mut String,
    k: u64,
    table: &BinaryTable,
    search_value: Option<u64>,
    verdict: &str,
) {
    let m = k.saturating_add(1);
    para(
        out,
        &format!(
            "Moore's theorem (1910): in Nim_k a move takes from 1 to k heaps \
             (here k = {k}). Write the heaps in binary and count the 1s in each \
             column: the player to move loses exactly when every count is a \
             multiple of k + 1 = {m}."
        ),
    );
    out.push('\n');
    table.render(false, out);
    let counts = table.column_counts();
    let texts: Vec<String> = counts.iter().map(u64::to_string).collect();
    let all = counts.iter().all(|c| c % m == 0);
    para(
        out,
        &format!(
            "From the highest bit down, the binary columns hold {} ones: {} a \
             multiple of {m}, so this is {verdict}.",
            counts_in_words(&texts),
            if all {
                "every count is"
            } else {
                "not every count is"
            }
        ),
    );
    if let Some(v) = search_value {
        let live = table.rows().iter().filter(|r| r.value > 0).count() as u64;
        let text = if v == 0 {
            "Its Grundy value is 0, as for every P-position.".to_string()
        } else if k == 1 {
            format!("Nim_1 is Nim: its Grundy value is the nim-sum of the heaps, {v}.")
        } else if live <= k {
            format!(
                "At most k = {k} heaps are non-empty, so a move may take from any \
                 of them at once: the options are all the smaller heap lists, and \
                 by induction the Grundy value is the sum of the heaps, {v}."
            )
        } else {
            format!(
                "Its Grundy value, found by search (no formula is known for more \
                 than k non-empty heaps), is {v}."
            )
        };
        para(out, &text);
    }
}

/// Why a winning move, leading to `after`, wins.
pub(super) fn reason(k: u64, after: &Position) -> String {
    let counts = heap_table(after).column_counts();
    let counts: Vec<String> = counts.iter().map(u64::to_string).collect();
    format!(
        "in {} the binary columns hold {} ones (from the highest bit down), every \
         count a multiple of {}: a P-position by Moore's theorem.",
        unbroken(after),
        counts_in_words(&counts),
        k.saturating_add(1)
    )
}

/// Counts listed in words: `2`, `2 and 2`, `3, 0 and 3`.
fn counts_in_words(counts: &[String]) -> String {
    match counts {
        [] => "no".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
