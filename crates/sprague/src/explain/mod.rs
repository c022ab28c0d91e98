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
//! - Misère play of tame heaps: each heap's genus, and misère Nim on the
//!   genus values; misère play decided in a misère quotient: each heap's
//!   element, the product, and the P-portion.
//! - Misère play without a closed rule: the outcome found by search.
//! - Games with draws (Smith 1966; Fraenkel & Yesha 1986): each
//!   component's generalized Sprague-Grundy value (a number or ∞(K)), the
//!   rule of Smith's theorem that decides the sum, and for a draw the moves
//!   that keep it.
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

mod bouton;
mod grundy;
mod misere;
mod moore;
mod search;
mod smith;
mod staircase;
mod table;
mod tame;
mod theorem;

pub use crate::wrap::wrap;

use std::fmt;
use std::fmt::Write as _;

use crate::{movetext, Action, Analyzer, Basis, Error, Move, Outcome, Play, Position};

use crate::wrap::{para, unbroken};
use table::{heap_table, xor_terms};

pub use table::{BinaryTable, Row};

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
    /// Staircase Nim: the value is the nim-sum of the odd steps (of the
    /// even stairs, above a floor).
    Staircase {
        /// Whether stair 1 is a floor (`staircase:floor`).
        floor: bool,
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
    /// Misère play of a sum of tame heaps: misère Nim on genus values.
    Genus {
        /// Each heap (labelled) with its genus.
        heaps: Vec<(String, String)>,
        /// Whether a heap counts as a heap above 1 (`g^(g, g⊕2)`).
        large: bool,
    },
    /// Misère play decided in a misère quotient.
    Quotient {
        /// Each heap (labelled) with its element.
        heaps: Vec<(String, String)>,
        /// The product of the elements, as a word.
        product: String,
        /// The quotient in a sentence (order, presentation, P-portion).
        summary: String,
    },
    /// Misère play decided in a misère quotient refined by the large heaps
    /// ([`Basis::RefinedQuotient`]).
    RefinedQuotient {
        /// The largest small heap.
        bound: u64,
        /// The heaps above the bound (the large part), as text.
        large: String,
        /// The heaps up to the bound, as a clause (`the small heaps are 5 +
        /// 9`).
        small: String,
        /// The refined quotient in a sentence (bound, order, parts).
        summary: String,
        /// How many elements make a P-position with this large part, of
        /// how many.
        p_count: (usize, usize),
        /// Whether the small heaps' element is one of them.
        is_p: bool,
    },
    /// Misère play with no closed rule: the outcome found by search.
    Search,
    /// A position that can be played forever (a game with draws): Smith's
    /// generalized Sprague-Grundy values (Smith 1966; Fraenkel & Yesha
    /// 1986).
    Smith {
        /// Each component's generalized value, in order.
        values: Vec<crate::loopy::GenValue>,
        /// For a draw, the moves that keep it: each as typed in `play` and
        /// in words.
        drawing: Vec<(String, String)>,
        /// Whether `drawing` was cut at the requested number of moves.
        drawing_cut: bool,
    },
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
            Method::Theorem { .. }
            | Method::Genus { .. }
            | Method::Quotient { .. }
            | Method::RefinedQuotient { .. }
            | Method::Search
            | Method::Smith { .. } => None,
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
            Method::Staircase { table, floor, .. } => {
                let counted = if *floor { "even stairs" } else { "odd steps" };
                format!("the nim-sum of the {counted} is {}", terms(table))
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
            Method::Genus { .. } => "misère Nim on the genus values of tame heaps".to_string(),
            Method::Quotient { product, .. } => {
                format!("the product of the heaps' elements in the misère quotient is {product}")
            }
            Method::RefinedQuotient { large, .. } => format!(
                "whether the small heaps make a P-position with the large part {large}, in the \
                 misère quotient refined by the large heaps"
            ),
            Method::Search => "found by searching the positions that can follow".to_string(),
            Method::Smith { values, .. } => {
                let shown: Vec<String> = values.iter().map(ToString::to_string).collect();
                format!(
                    "by Smith's generalized Sprague-Grundy values {}",
                    shown.join(" + ")
                )
            }
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
    explain_analysis(position, &analysis, analyzer.limits())
}

/// [`explain`] from an analysis already made of `position` (by
/// [`Analyzer::analyze`], under its play): the search is not done twice.
/// Every winning move the analysis lists is explained.
///
/// ```
/// use sprague::{explain::explain_analysis, Analyzer, Play};
/// let p = "nim 3 4 5".parse()?;
/// let a = Analyzer::default().analyze(&p, Play::Normal, None)?;
/// let e = explain_analysis(&p, &a, Analyzer::default().limits())?;
/// assert_eq!(e.summary(), "the nim-sum is 3 ⊕ 4 ⊕ 5 = 2");
/// # Ok::<(), sprague::Error>(())
/// ```
///
/// # Errors
/// A limit error when the values the explanation shows need more than
/// `limits` allow.
pub fn explain_analysis(
    position: &Position,
    analysis: &crate::Analysis,
    limits: &crate::Limits,
) -> Result<Explanation, Error> {
    let play = analysis.play;
    let method = method_for(position, analysis, limits)?;
    let mut moves = Vec::new();
    for mv in &analysis.winning_moves {
        let after = position.play(mv)?;
        let why = reason(position, &method, mv, &after, limits)?;
        moves.push(MoveReason {
            mv: mv.clone(),
            text: movetext::write(position, mv),
            description: movetext::describe(position, mv),
            after,
            why,
        });
    }
    let search_value = match &method {
        Method::Moore { .. } | Method::Theorem { .. } => analysis.value,
        _ => None,
    };
    Ok(Explanation {
        position: position.clone(),
        play,
        outcome: analysis.outcome,
        method,
        moves,
        total_moves: analysis.total_winning_moves(),
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
    if let Some(loopy) = &analysis.loopy {
        return Ok(Method::Smith {
            values: loopy.component_values.clone(),
            drawing: loopy
                .drawing_moves
                .iter()
                .map(|mv| {
                    (
                        movetext::write(position, mv),
                        movetext::describe(position, mv),
                    )
                })
                .collect(),
            drawing_cut: loopy.drawing_cut,
        });
    }
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
            let first = position.components().first();
            let steps = first.map(|c| c.heaps().to_vec()).unwrap_or_default();
            let floor = first.is_some_and(|c| c.ruleset().word() == "staircase:floor");
            Method::Staircase {
                floor,
                table: BinaryTable::new(
                    steps
                        .iter()
                        .enumerate()
                        .skip(usize::from(floor))
                        .step_by(2)
                        .map(|(i, &coins)| Row {
                            label: format!("{} {}", if floor { "stair" } else { "step" }, i + 1),
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
                    table: grundy::grundy_table(position, &analysis.component_values, limits)?,
                },
            },
            _ => Method::Grundy {
                table: grundy::grundy_table(position, &analysis.component_values, limits)?,
            },
        },
        Basis::Theorem { name, .. } => Method::Theorem { name },
        Basis::Genus => {
            let (heaps, large) = tame::genus_lines(position, limits)?;
            Method::Genus { heaps, large }
        }
        Basis::Quotient { bound, .. } => {
            let (heaps, product, summary) = tame::quotient_lines(position, bound, limits)?;
            Method::Quotient {
                heaps,
                product,
                summary,
            }
        }
        Basis::RefinedQuotient { bound, .. } => tame::refined_method(position, bound, limits)?,
        Basis::Search { .. } if analysis.play == Play::Misere => Method::Search,
        _ => Method::Grundy {
            table: grundy::grundy_table(position, &analysis.component_values, limits)?,
        },
    })
}

/// All heap sizes of a position, in order.
fn all_heaps(position: &Position) -> Vec<u64> {
    position
        .components()
        .iter()
        .flat_map(|c| c.heaps().iter().copied())
        .collect()
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
        Method::Bouton { table } => bouton::reason(position, table, mv, after),
        Method::MisereNim { table, case } => misere::reason(table, case, mv, after),
        Method::Staircase {
            table,
            steps,
            floor,
        } => staircase::reason(table, steps, *floor, mv, after),
        Method::Moore { k, .. } => moore::reason(*k, after),
        Method::Grundy { table } => grundy::reason(position, table, mv, after, limits)?,
        Method::Theorem { name } => theorem::reason(name, after),
        Method::Genus { .. } => tame::genus_reason(after),
        Method::Quotient { .. } => tame::quotient_reason(after),
        Method::RefinedQuotient { bound, .. } => tame::refined_reason(after, *bound),
        Method::Search => search::reason(after),
        Method::Smith { .. } => smith::reason(after, limits)?,
    })
}

/// The heap's size before and after a move that changes one heap.
fn single_change(mv: &Move) -> (u64, u64) {
    match mv.action() {
        Action::Heap { from, parts, .. } => (*from, parts.total()),
        Action::Heaps { changes } => changes.first().map_or((0, 0), |c| (c.from, c.to)),
        Action::Stair { from, coins, .. } => (*from, from - coins),
        Action::Token { from, to, .. } => (*from, *to),
        Action::Cut { .. } | Action::Listed { .. } | Action::Pick { .. } | Action::Turn { .. } => {
            (0, 0)
        }
    }
}

impl Explanation {
    fn verdict(&self) -> &'static str {
        match self.outcome {
            Outcome::N => "an N-position (the player to move wins)",
            Outcome::P => "a P-position (the player to move loses)",
            Outcome::D => "a D-position (a draw: neither player can force a win)",
        }
    }
}

impl fmt::Display for Explanation {
    /// The teaching view as plain text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_heading(&mut out);
        let verdict = self.verdict();
        match &self.method {
            Method::Bouton { table } => bouton::write(&mut out, table, verdict),
            Method::MisereNim { table, case } => misere::write(&mut out, table, case, verdict),
            Method::Staircase {
                steps,
                table,
                floor,
            } => {
                staircase::write(&mut out, steps, *floor, table, verdict);
            }
            Method::Moore { k, table } => {
                moore::write(&mut out, *k, table, self.search_value, verdict);
            }
            Method::Grundy { table } => grundy::write(&mut out, &self.position, table, verdict),
            Method::Theorem { name } => {
                theorem::write(&mut out, name, self.search_value, verdict);
            }
            Method::Genus { heaps, large } => tame::write_genus(&mut out, heaps, *large, verdict),
            Method::Quotient {
                heaps,
                product,
                summary,
            } => tame::write_quotient(&mut out, heaps, product, summary, verdict),
            Method::RefinedQuotient {
                large,
                small,
                summary,
                p_count,
                is_p,
                ..
            } => tame::write_refined(&mut out, large, small, summary, *p_count, *is_p, verdict),
            Method::Search => search::write(&mut out, verdict, self.position.heap_count() > 1),
            Method::Smith {
                values,
                drawing,
                drawing_cut,
            } => smith::write(
                &mut out,
                &self.position,
                values,
                drawing,
                *drawing_cut,
                verdict,
            ),
        }
        self.write_moves(&mut out);
        f.write_str(&out)
    }
}

impl Explanation {
    /// The position and the play convention (and, in a sum, its
    /// components).
    fn write_heading(&self, out: &mut String) {
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
    }

    /// The winning moves, each with why it wins.
    fn write_moves(&self, out: &mut String) {
        match (self.outcome, self.moves.is_empty()) {
            (Outcome::P | Outcome::D, _) => para(out, "winning moves: none"),
            (Outcome::N, true) => para(out, "winning moves: none listed"),
            (Outcome::N, false) => {
                let count = match self.total_moves {
                    Some(total) => total.to_string(),
                    None => format!("{} shown, more exist", self.moves.len()),
                };
                para(
                    out,
                    &format!(
                        "winning moves ({count}; in `sprague play` type the move as shown first):"
                    ),
                );
                for r in &self.moves {
                    wrap(
                        out,
                        &format!("  {}: ", r.text),
                        "      ",
                        &format!("{}, leaving {}", r.description, unbroken(&r.after)),
                    );
                    wrap(out, "      why: ", "      ", &r.why);
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
