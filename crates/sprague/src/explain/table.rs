//! Numbers in binary, one row each, with their nim-sum: the tables the
//! explanations show, and the nim-sum written out (`1 ⊕ 4 ⊕ 5`).

use std::fmt::Write as _;

use crate::Position;

/// One row of a [`BinaryTable`]: what it stands for, and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// What the row is, e.g. `heap 1`, `c2 heap 1: G(5)`, `step 3`.
    pub label: String,
    /// The number written in binary (a heap size or a Grundy value).
    pub value: u64,
}

/// Numbers written in binary, one row each, aligned, with their nim-sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BinaryTable {
    rows: Vec<Row>,
}

impl BinaryTable {
    /// A table of these rows.
    pub fn new(rows: Vec<Row>) -> BinaryTable {
        BinaryTable { rows }
    }

    /// The rows, in order.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The nim-sum (XOR) of the rows.
    pub fn nim_sum(&self) -> u64 {
        self.rows.iter().fold(0, |a, r| a ^ r.value)
    }

    /// The highest set bit of the nim-sum (0 for the ones), or `None` when
    /// the nim-sum is 0.
    pub fn highest_bit(&self) -> Option<u32> {
        let s = self.nim_sum();
        (s != 0).then(|| 63 - s.leading_zeros())
    }

    /// The number of binary digits shown: enough for the largest row.
    pub(super) fn bits(&self) -> usize {
        let max = self.rows.iter().map(|r| r.value).max().unwrap_or(0);
        (64 - max.leading_zeros()).max(1) as usize
    }

    /// For each column, from the highest bit down to bit 0, the number of
    /// rows with a 1 there.
    pub fn column_counts(&self) -> Vec<u64> {
        (0..self.bits())
            .rev()
            .map(|bit| self.rows.iter().filter(|r| r.value >> bit & 1 == 1).count() as u64)
            .collect()
    }

    /// The table as text: one line per row, then the nim-sum row (when
    /// `sum_row`) and a line marking its highest 1.
    pub(super) fn render(&self, sum_row: bool, out: &mut String) {
        let bits = self.bits();
        let sum_label = "nim-sum";
        let label_w = self
            .rows
            .iter()
            .map(|r| r.label.chars().count())
            .chain(sum_row.then_some(sum_label.len()))
            .max()
            .unwrap_or(0);
        let dec_w = self
            .rows
            .iter()
            .map(|r| r.value)
            .chain(sum_row.then(|| self.nim_sum()))
            .map(|v| v.to_string().len())
            .max()
            .unwrap_or(1);
        let line = |label: &str, value: u64, out: &mut String| {
            let pad = label_w - label.chars().count();
            let _ = writeln!(
                out,
                "  {label}{:pad$}  {value:>dec_w$}  {value:0bits$b}",
                ""
            );
        };
        for r in &self.rows {
            line(&r.label, r.value, out);
        }
        if sum_row {
            let _ = writeln!(out, "  {}", "-".repeat(label_w + dec_w + bits + 4));
            line(sum_label, self.nim_sum(), out);
            if let Some(bit) = self.highest_bit() {
                let at = 2 + label_w + 2 + dec_w + 2 + (bits - 1 - bit as usize);
                let _ = writeln!(
                    out,
                    "{:at$}^ the highest 1 of the nim-sum: bit {bit} (worth {})",
                    "",
                    1u64 << bit
                );
            }
        }
    }
}

/// Whether the position is a sum of several components (rows then name
/// the component).
pub(super) fn prefix(position: &Position, component: usize) -> String {
    if position.components().len() > 1 {
        format!("c{} ", component + 1)
    } else {
        String::new()
    }
}

/// One row per heap of every component, holding the heap size.
pub(super) fn heap_table(position: &Position) -> BinaryTable {
    let mut rows = Vec::new();
    for (i, c) in position.components().iter().enumerate() {
        for (j, &h) in c.heaps().iter().enumerate() {
            rows.push(Row {
                label: format!("{}heap {}", prefix(position, i), j + 1),
                value: h,
            });
        }
    }
    BinaryTable::new(rows)
}

/// `a ⊕ b ⊕ c`, or `0` for no terms.
pub(super) fn xor_terms(values: &[u64]) -> String {
    if values.is_empty() {
        return "0".into();
    }
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ⊕ ")
}

pub(super) fn binary(value: u64, bits: usize) -> String {
    format!("{value:0bits$b}")
}
