//! The teaching view: why a position is won or lost, and why each winning
//! move works, in the terms of the theory that decides it.
//!
//! - Nim (Bouton 1901): the heaps in binary, one row each, the nim-sum row
//!   with its highest 1 marked, and for each winning move how XOR with the
//!   nim-sum makes the nim-sum 0.
//! - Misère Nim: the same table, and the all-ones endgame rule.
//! - Staircase Nim: which steps count (the odd ones) and why the even ones
//!   do not, then the odd steps as Nim heaps.
//! - Moore's Nim_k (Moore 1910): the heaps in binary and the count of 1s in
//!   each column, which must be a multiple of k + 1.
//! - Any other position, and sums (Sprague-Grundy): each heap's or
//!   component's Grundy value, their nim-sum, and for each winning move the
//!   value it changes.
//! - Misère play without a closed rule: the outcome found by search.
//!
//! [`explain`] returns the data ([`Explanation`]); its `Display` is the
//! plain text the `sprague analyze --explain` command prints (no terminal
//! codes, lines wrapped at 78 columns).
//!
//! ```
//! use sprague::{explain, Analyzer, Play};
//! let p = "nim 3 4 5".parse()?;
//! let e = explain::explain(&p, Play::Normal, &Analyzer::default(), None)?;
//! let table = e.table().unwrap();
//! assert_eq!(table.nim_sum(), 2);
//! assert_eq!(table.highest_bit(), Some(1));
//! assert_eq!(e.moves()[0].text, "1 2");
//! assert!(e.to_string().contains("nim-sum  2  010"));
//! # Ok::<(), sprague::Error>(())
//! ```

use std::fmt;
use std::fmt::Write as _;

use crate::{movetext, Action, Analyzer, Basis, Error, Move, Outcome, Play, Position, Ruleset};

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
    fn bits(&self) -> usize {
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
    fn render(&self, sum_row: bool, out: &mut String) {
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

/// Which rule of misère Nim applies (Bouton 1901; Winning Ways, ch. 13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MisereCase {
    /// No heap above 1: `ones` heaps of 1; odd loses for the player to move.
    AllOnes {
        /// The number of heaps of size 1.
        ones: usize,
    },
    /// Exactly one heap above 1: the player to move wins by reducing it to
    /// 0 or 1, leaving an odd number of 1-heaps.
    OneBig,
    /// Two or more heaps above 1: as in normal play (nim-sum 0 loses).
    ManyBig,
}

/// How the outcome is decided, with the data each method shows.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Method {
    /// Nim under normal play (Bouton's theorem): the heaps and their
    /// nim-sum.
    Bouton {
        /// One row per heap.
        table: BinaryTable,
    },
    /// Nim under misère play.
    MisereNim {
        /// One row per heap.
        table: BinaryTable,
        /// The rule that applies.
        case: MisereCase,
    },
    /// Staircase Nim: the value is the nim-sum of the odd steps.
    Staircase {
        /// Coins on each step, from step 1.
        steps: Vec<u64>,
        /// One row per odd step.
        table: BinaryTable,
    },
    /// Moore's Nim_k: P exactly when every binary column's count of 1s is a
    /// multiple of k + 1.
    Moore {
        /// The most heaps a move may take from.
        k: u64,
        /// One row per heap.
        table: BinaryTable,
    },
    /// The Sprague-Grundy theorem: one row per heap (heap games) or per
    /// component (other rulesets), holding its Grundy value.
    Grundy {
        /// The rows and their nim-sum.
        table: BinaryTable,
    },
    /// A theorem that belongs to the ruleset of a lone component
    /// (Wythoff's theorem): it names the P-positions, and each winning move
    /// leads to one.
    Theorem {
        /// The theorem's name and statement.
        name: &'static str,
    },
    /// Misère play with no closed rule: the outcome found by search.
    Search,
}

/// Why one winning move wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReason {
    /// The move.
    pub mv: Move,
    /// Its short text, as typed in `play` ([`movetext::write`]).
    pub text: String,
    /// The move in words ([`movetext::describe`]).
    pub description: String,
    /// The position it leads to (a P-position).
    pub after: Position,
    /// Why that position is lost for the player to move, in a sentence or
    /// two.
    pub why: String,
}

/// The teaching view of a position: see the [module](self) documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    position: Position,
    play: Play,
    outcome: Outcome,
    method: Method,
    moves: Vec<MoveReason>,
    total_moves: Option<u64>,
    search_value: Option<u64>,
}

impl Explanation {
    /// The position explained.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The play convention.
    pub fn play(&self) -> Play {
        self.play
    }

    /// The outcome class.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// How the outcome is decided.
    pub fn method(&self) -> &Method {
        &self.method
    }

    /// The binary table of the method, if it has one.
    pub fn table(&self) -> Option<&BinaryTable> {
        match &self.method {
            Method::Bouton { table }
            | Method::MisereNim { table, .. }
            | Method::Staircase { table, .. }
            | Method::Moore { table, .. }
            | Method::Grundy { table } => Some(table),
            Method::Theorem { .. } | Method::Search => None,
        }
    }

    /// The winning moves explained (as many as were asked for).
    pub fn moves(&self) -> &[MoveReason] {
        &self.moves
    }

    /// The number of winning moves in all, when known.
    pub fn total_moves(&self) -> Option<u64> {
        self.total_moves
    }

    /// What decides the outcome, in a few words: `the nim-sum is 1 ⊕ 2 ⊕ 3
    /// = 0`, `no heap is above 1 and there are 3 heaps of 1`, ...
    ///
    /// ```
    /// use sprague::{explain::explain, Analyzer, Play};
    /// let e = explain(&"nim 1 2 3".parse()?, Play::Normal, &Analyzer::default(), Some(1))?;
    /// assert_eq!(e.summary(), "the nim-sum is 1 ⊕ 2 ⊕ 3 = 0");
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn summary(&self) -> String {
        let terms = |t: &BinaryTable| {
            let values: Vec<u64> = t.rows().iter().map(|r| r.value).collect();
            format!("{} = {}", xor_terms(&values), t.nim_sum())
        };
        match &self.method {
            Method::Bouton { table } => format!("the nim-sum is {}", terms(table)),
            Method::MisereNim { case, table } => match case {
                MisereCase::AllOnes { ones } => {
                    format!(
                        "no heap is above 1 and there {}",
                        heaps_of_one(*ones as u64)
                    )
                }
                MisereCase::OneBig => "exactly one heap is above 1".to_string(),
                MisereCase::ManyBig => format!(
                    "two or more heaps are above 1 and the nim-sum is {}",
                    terms(table)
                ),
            },
            Method::Staircase { table, .. } => {
                format!("the nim-sum of the odd steps is {}", terms(table))
            }
            Method::Moore { k, table } => {
                let counts: Vec<String> =
                    table.column_counts().iter().map(u64::to_string).collect();
                format!(
                    "the binary columns hold {} ones; P-positions have multiples of {}",
                    counts.join(", "),
                    k.saturating_add(1)
                )
            }
            Method::Grundy { table } => {
                format!("the nim-sum of the Grundy values is {}", terms(table))
            }
            Method::Theorem { name } => format!("by {name}"),
            Method::Search => "found by searching the positions that can follow".to_string(),
        }
    }
}

/// Explains `position` under `play`: how its outcome is decided and why
/// each winning move (at most `max_moves` of them; all when `None`) wins.
///
/// # Errors
/// As for [`Analyzer::analyze`]: a limit error when the analysis needs more
/// than the analyzer's limits allow.
pub fn explain(
    position: &Position,
    play: Play,
    analyzer: &Analyzer,
    max_moves: Option<usize>,
) -> Result<Explanation, Error> {
    let analysis = analyzer.analyze(position, play, max_moves)?;
    let limits = analyzer.limits();
    let method = method_for(position, &analysis, limits)?;
    let mut moves = Vec::new();
    for mv in &analysis.winning_moves {
        let after = position.play(mv)?;
        let why = reason(position, &method, mv, &after, limits)?;
        moves.push(MoveReason {
            mv: mv.clone(),
            text: movetext::write(mv),
            description: movetext::describe(mv),
            after,
            why,
        });
    }
    let search_value = match &method {
        Method::Moore { .. } => analysis.value,
        _ => None,
    };
    Ok(Explanation {
        position: position.clone(),
        play,
        outcome: analysis.outcome,
        method,
        moves,
        total_moves: analysis.total_winning_moves,
        search_value,
    })
}

/// The explanation method for the basis that decided `analysis` of
/// `position`, with the data the method shows. The basis is read from the
/// analysis, never worked out again here.
fn method_for(
    position: &Position,
    analysis: &crate::Analysis,
    limits: &crate::Limits,
) -> Result<Method, Error> {
    Ok(match analysis.basis {
        Basis::MisereNim => {
            let table = heap_table(position);
            let big = table.rows().iter().filter(|r| r.value > 1).count();
            let case = match big {
                0 => MisereCase::AllOnes {
                    ones: table.rows().iter().filter(|r| r.value == 1).count(),
                },
                1 => MisereCase::OneBig,
                _ => MisereCase::ManyBig,
            };
            Method::MisereNim { table, case }
        }
        Basis::Bouton => Method::Bouton {
            table: heap_table(position),
        },
        Basis::Staircase => {
            let steps = position
                .components()
                .first()
                .map(|c| c.heaps().to_vec())
                .unwrap_or_default();
            Method::Staircase {
                table: BinaryTable::new(
                    steps
                        .iter()
                        .enumerate()
                        .step_by(2)
                        .map(|(i, &coins)| Row {
                            label: format!("step {}", i + 1),
                            value: coins,
                        })
                        .collect(),
                ),
                steps,
            }
        }
        Basis::Moore => match position.components() {
            [c] => match c.ruleset().move_kind() {
                crate::MoveKind::Heaps { max } => Method::Moore {
                    k: max,
                    table: heap_table(position),
                },
                _ => Method::Grundy {
                    table: grundy_table(position, &analysis.component_values, limits)?,
                },
            },
            _ => Method::Grundy {
                table: grundy_table(position, &analysis.component_values, limits)?,
            },
        },
        Basis::Theorem { name, .. }
            if analysis.component_bases.is_empty() || analysis.play == Play::Misere =>
        {
            Method::Theorem { name }
        }
        Basis::Search { .. } if analysis.play == Play::Misere => Method::Search,
        _ => Method::Grundy {
            table: grundy_table(position, &analysis.component_values, limits)?,
        },
    })
}

/// Whether the position is a sum of several components (rows then name
/// the component).
fn prefix(position: &Position, component: usize) -> String {
    if position.components().len() > 1 {
        format!("c{} ", component + 1)
    } else {
        String::new()
    }
}

/// One row per heap of every component, holding the heap size.
fn heap_table(position: &Position) -> BinaryTable {
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

/// How a component contributes rows to the Grundy table.
enum Rows {
    /// One row per heap, holding the heap's Grundy value.
    PerHeap,
    /// One row for the whole component.
    Whole,
}

fn rows_of(ruleset: &Ruleset) -> Rows {
    if ruleset.is_heap_game() || ruleset.is_nim() {
        Rows::PerHeap
    } else {
        Rows::Whole
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

fn grundy_table(
    position: &Position,
    component_values: &[u64],
    limits: &crate::Limits,
) -> Result<BinaryTable, Error> {
    let mut rows = Vec::new();
    for (i, c) in position.components().iter().enumerate() {
        match rows_of(c.ruleset()) {
            Rows::PerHeap => {
                for (j, &h) in c.heaps().iter().enumerate() {
                    rows.push(Row {
                        label: heap_label(position, i, j, c.ruleset(), h),
                        value: heap_grundy(c.ruleset(), h, limits)?,
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

/// `a ⊕ b ⊕ c`, or `0` for no terms.
fn xor_terms(values: &[u64]) -> String {
    if values.is_empty() {
        return "0".into();
    }
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ⊕ ")
}

/// All heap sizes of a position, in order.
fn all_heaps(position: &Position) -> Vec<u64> {
    position
        .components()
        .iter()
        .flat_map(|c| c.heaps().iter().copied())
        .collect()
}

fn binary(value: u64, bits: usize) -> String {
    format!("{value:0bits$b}")
}

/// Why the winning move `mv` (leading to `after`) wins.
fn reason(
    position: &Position,
    method: &Method,
    mv: &Move,
    after: &Position,
    limits: &crate::Limits,
) -> Result<String, Error> {
    Ok(match method {
        Method::Bouton { table } => {
            let s = table.nim_sum();
            let (from, to) = single_change(mv);
            let bits = table.bits();
            let high = table.highest_bit().unwrap_or(0);
            format!(
                "the nim-sum is {s} ({}); heap {} has a 1 at its highest bit (bit {high}), so \
                 {from} ⊕ {s} = {to} is smaller than {from}. The move {from} -> {to} ({} -> {}) \
                 flips exactly the bits where the nim-sum has a 1, and the new nim-sum is {} = 0.",
                binary(s, bits),
                heap_place(position, mv),
                binary(from, bits),
                binary(to, bits),
                xor_terms(&all_heaps(after))
            )
        }
        Method::MisereNim { table, case } => {
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
        Method::Staircase { table, steps } => {
            let s = table.nim_sum();
            let Action::Stair { step, coins, .. } = *mv.action() else {
                return Ok(String::new());
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
        Method::Moore { k, .. } => {
            let counts = heap_table(after).column_counts();
            let counts: Vec<String> = counts.iter().map(u64::to_string).collect();
            format!(
                "in {} the columns hold {} ones (from the highest bit down), every count a \
                 multiple of {}: a P-position by Moore's theorem.",
                unbroken(after),
                counts.join(", "),
                k.saturating_add(1)
            )
        }
        Method::Grundy { table } => {
            let s = table.nim_sum();
            let i = mv.component();
            let before_c = &position.components()[i];
            let after_c = &after.components()[i];
            let ruleset = before_c.ruleset();
            let after_rows = grundy_table(after, &after_values(after, limits)?, limits)?;
            let terms: Vec<u64> = after_rows.rows().iter().map(|r| r.value).collect();
            let (what, old, new) = match (rows_of(ruleset), mv.action()) {
                (
                    Rows::PerHeap,
                    Action::Heap {
                        heap, from, parts, ..
                    },
                ) => {
                    let old = heap_grundy(ruleset, *from, limits)?;
                    let mut new = 0;
                    let mut parts_text = Vec::new();
                    for &p in parts.as_slice() {
                        new ^= heap_grundy(ruleset, p, limits)?;
                        parts_text.push(format!("G({p})"));
                    }
                    let new_text = match parts_text.len() {
                        0 => "nothing, worth 0".to_string(),
                        1 if ruleset.is_nim() => {
                            format!("{}", parts.as_slice()[0])
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
                _ => {
                    let old = table
                        .rows()
                        .iter()
                        .find(|r| r.label.starts_with(&format!("c{} ", i + 1)))
                        .map_or(0, |r| r.value);
                    let new = ruleset.component_value(after_c.heaps(), limits)?;
                    (
                        format!(
                            "{before_c} is worth {old}; the move makes it {after_c}, worth {new}"
                        ),
                        old,
                        new,
                    )
                }
            };
            debug_assert_eq!(new, old ^ s);
            format!(
                "{what}, which is {old} ⊕ {s}; the nim-sum becomes {} = 0.",
                xor_terms(&terms)
            )
        }
        Method::Theorem { name } => {
            format!("it leaves {}, a P-position by {name}.", unbroken(after))
        }
        Method::Search => format!(
            "it leaves {}, a P-position: every reply leaves a position with a winning \
             move again (found by searching the positions that can follow).",
            unbroken(after)
        ),
    })
}

/// Each component's Grundy value in `position` (normal play).
fn after_values(position: &Position, limits: &crate::Limits) -> Result<Vec<u64>, Error> {
    position
        .components()
        .iter()
        .map(|c| c.ruleset().component_value(c.heaps(), limits))
        .collect()
}

/// The heap's size before and after a move that changes one heap.
fn single_change(mv: &Move) -> (u64, u64) {
    match mv.action() {
        Action::Heap { from, parts, .. } => (*from, parts.total()),
        Action::Heaps { changes } => changes.first().map_or((0, 0), |c| (c.from, c.to)),
        Action::Stair { from, coins, .. } => (*from, from - coins),
    }
}

/// `1` or `1 of c2`: the heap a move changes.
fn heap_place(position: &Position, mv: &Move) -> String {
    let heap = match mv.action() {
        Action::Heap { heap, .. } => *heap,
        Action::Heaps { changes } => changes.first().map_or(0, |c| c.heap),
        Action::Stair { step, .. } => *step,
    };
    if position.components().len() > 1 {
        format!("{} of c{}", heap + 1, mv.component() + 1)
    } else {
        (heap + 1).to_string()
    }
}

/// Appends `text` wrapped at 78 columns, each line indented by `indent`
/// (the first by `first`).
fn wrap(out: &mut String, first: &str, indent: &str, text: &str) {
    // A formula (`1 ⊕ 4 ⊕ 5 = 0`, `3 -> 1`) is one unit: no break before or
    // after an operator.
    let operator = |w: &str| matches!(w, "⊕" | "=" | "->");
    let mut units: Vec<String> = Vec::new();
    let mut after_operator = false;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        match units.last_mut() {
            Some(unit) if operator(word) || after_operator => {
                unit.push('\u{a0}');
                unit.push_str(word);
            }
            _ => units.push(word.to_string()),
        }
        after_operator = operator(word);
    }
    let mut line = first.to_string();
    let mut empty = true;
    for unit in &units {
        if !empty && line.chars().count() + 1 + unit.chars().count() > 78 {
            out.push_str(&line.replace('\u{a0}', " "));
            out.push('\n');
            line = indent.to_string();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(unit);
        empty = false;
    }
    out.push_str(&line.replace('\u{a0}', " "));
    out.push('\n');
}

/// `text` with its spaces made unbreakable, so that [`wrap`] keeps it on
/// one line (a position's notation).
fn unbroken(text: &impl fmt::Display) -> String {
    text.to_string().replace(' ', "\u{a0}")
}

fn para(out: &mut String, text: &str) {
    out.push('\n');
    wrap(out, "", "", text);
}

impl Explanation {
    fn verdict(&self) -> &'static str {
        match self.outcome {
            Outcome::N => "an N-position (the player to move wins)",
            Outcome::P => "a P-position (the player to move loses)",
        }
    }
}

impl fmt::Display for Explanation {
    /// The teaching view as plain text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        let _ = writeln!(out, "position: {}", self.position);
        let _ = writeln!(
            out,
            "play:     {}",
            match self.play {
                Play::Normal => "normal (whoever makes the last move wins)",
                Play::Misere => "misère (whoever makes the last move loses)",
            }
        );
        if self.position.components().len() > 1 {
            out.push('\n');
            for (i, c) in self.position.components().iter().enumerate() {
                let _ = writeln!(out, "  c{} = {c}", i + 1);
            }
        }
        let verdict = self.verdict();
        match &self.method {
            Method::Bouton { table } => {
                para(
                    &mut out,
                    "Bouton's theorem (1901): write the heaps in binary and add them without \
                     carrying. That sum is the nim-sum (⊕): a column of it is 1 when the column \
                     holds an odd number of 1s. The player to move loses exactly when the \
                     nim-sum is 0.",
                );
                out.push('\n');
                table.render(true, &mut out);
                let s = table.nim_sum();
                if s == 0 {
                    para(
                        &mut out,
                        &format!(
                            "The nim-sum is 0: {verdict}. Any move changes one heap, which \
                             flips a bit in some column, so the nim-sum is no longer 0; the \
                             opponent then makes it 0 again, and so on until the opponent \
                             takes the last token."
                        ),
                    );
                } else {
                    para(
                        &mut out,
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
            Method::MisereNim { table, case } => {
                para(
                    &mut out,
                    "Misère Nim (Bouton 1901): whoever takes the last token loses. Play as in \
                     normal Nim, keeping the nim-sum at 0, until your move would leave no heap \
                     above 1: the all-ones endgame. There, leave an odd number of heaps of 1 \
                     instead; the players then take one each, and your opponent must take the \
                     last.",
                );
                out.push('\n');
                // In the all-ones endgame the nim-sum decides nothing.
                table.render(!matches!(case, MisereCase::AllOnes { .. }), &mut out);
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
                para(&mut out, &text);
            }
            Method::Staircase { steps, table } => {
                para(
                    &mut out,
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
                para(&mut out, "The odd steps in binary:");
                out.push('\n');
                table.render(true, &mut out);
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
                para(&mut out, &text);
            }
            Method::Moore { k, table } => {
                let m = k.saturating_add(1);
                para(
                    &mut out,
                    &format!(
                        "Moore's theorem (1910): in Nim_k a move takes from 1 to k heaps \
                         (here k = {k}). Write the heaps in binary and count the 1s in each \
                         column: the player to move loses exactly when every count is a \
                         multiple of k + 1 = {m}."
                    ),
                );
                out.push('\n');
                table.render(false, &mut out);
                let counts = table.column_counts();
                let texts: Vec<String> = counts.iter().map(u64::to_string).collect();
                let all = counts.iter().all(|c| c % m == 0);
                para(
                    &mut out,
                    &format!(
                        "The columns hold {} ones, from the highest bit down: {} a multiple \
                         of {m}, so this is {verdict}.",
                        texts.join(", "),
                        if all {
                            "every count is"
                        } else {
                            "not every count is"
                        }
                    ),
                );
                if let Some(v) = self.search_value {
                    let live = table.rows().iter().filter(|r| r.value > 0).count() as u64;
                    let text = if v == 0 {
                        "Its Grundy value is 0, as for every P-position.".to_string()
                    } else if *k == 1 {
                        format!("Nim_1 is Nim: its Grundy value is the nim-sum of the heaps, {v}.")
                    } else if live <= *k {
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
                    para(&mut out, &text);
                }
            }
            Method::Grundy { table } => {
                para(
                    &mut out,
                    "The Sprague-Grundy theorem: every position of an impartial game is worth \
                     a nimber, its Grundy value: the mex of the values of its options (the \
                     least number that is not among them). A sum is worth the nim-sum of its parts, and the \
                     player to move loses exactly when that is 0.",
                );
                let mut notes = Vec::new();
                let mut seen: Vec<&str> = Vec::new();
                for c in self.position.components() {
                    let r = c.ruleset();
                    if seen.contains(&r.word()) {
                        continue;
                    }
                    seen.push(r.word());
                    notes.push(r.value_note());
                }
                para(&mut out, &notes.join(" "));
                out.push('\n');
                table.render(true, &mut out);
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
                para(&mut out, &text);
            }
            Method::Theorem { name } => {
                para(
                    &mut out,
                    &format!(
                        "{name} decides this position without its Grundy value. This is {verdict}."
                    ),
                );
            }
            Method::Search => {
                para(
                    &mut out,
                    &format!(
                        "Under misère play a sum is not worth the nim-sum of its parts \
                         (Grundy values describe normal play), and no closed rule covers \
                         this position: its outcome was found by searching every position \
                         that can follow. This is {verdict}."
                    ),
                );
            }
        }
        match (self.outcome, self.moves.is_empty()) {
            (Outcome::P, _) => para(&mut out, "winning moves: none"),
            (Outcome::N, true) => para(&mut out, "winning moves: none listed"),
            (Outcome::N, false) => {
                let count = match self.total_moves {
                    Some(total) => total.to_string(),
                    None => format!("{} shown, more exist", self.moves.len()),
                };
                para(&mut out, &format!("winning moves ({count}):"));
                for r in &self.moves {
                    wrap(
                        &mut out,
                        &format!("  {}: ", r.text),
                        "      ",
                        &format!("{}, leaving {}", r.description, unbroken(&r.after)),
                    );
                    wrap(&mut out, "      why: ", "      ", &r.why);
                }
                if let Some(total) = self.total_moves {
                    if total > self.moves.len() as u64 {
                        let _ = writeln!(
                            out,
                            "  ({} more not shown)",
                            total - self.moves.len() as u64
                        );
                    }
                }
            }
        }
        f.write_str(&out)
    }
}

/// Why `mv` is a good move in `position` under `play`, in a sentence or
/// two, when it is a winning move; `None` when it is not one.
///
/// # Errors
/// As for [`explain`].
pub fn why(
    position: &Position,
    play: Play,
    analyzer: &Analyzer,
    mv: &Move,
) -> Result<Option<String>, Error> {
    let analysis = analyzer.analyze(position, play, Some(0))?;
    let after = position.play(mv)?;
    if analyzer.analyze(&after, play, Some(0))?.outcome != Outcome::P {
        return Ok(None);
    }
    let limits = analyzer.limits();
    let method = method_for(position, &analysis, limits)?;
    reason(position, &method, mv, &after, limits).map(Some)
}

/// "is one heap of 1" or "are N heaps of 1".
fn heaps_of_one(n: u64) -> String {
    if n == 1 {
        "is one heap of 1".to_string()
    } else {
        format!("are {n} heaps of 1")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
