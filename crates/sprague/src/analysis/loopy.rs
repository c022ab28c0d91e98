//! Sums with components that can be played forever (games with draws):
//! each component's generalized Sprague-Grundy value, the sum's value and
//! outcome by Smith's theorem, every winning move and, for a draw, every
//! move that keeps it ([`loopy`](crate::loopy)).

use std::ops::ControlFlow;

use super::{Analysis, Analyzer, SumGame};
use crate::loopy::{GenValue, LoopySolver};
use crate::{Basis, Error, Move, Outcome, Play, Position};

/// What decided the analysis of a sum with a component that can be played
/// forever: Smith's generalized Sprague-Grundy values (Smith 1966;
/// Fraenkel & Yesha 1986).
pub(crate) const SMITH: Basis = Basis::Theorem {
    word: "generalized-sprague-grundy",
    name: "Smith's generalized Sprague-Grundy values (a number, or ∞(K) for a position that \
           can be played forever, K the numbers one move away; sums by Smith's rule)",
};

/// The part of an [`Analysis`] that only games with draws have.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LoopyAnalysis {
    /// The generalized Sprague-Grundy value of the whole position.
    pub value: GenValue,
    /// Each component's generalized value, in order.
    pub component_values: Vec<GenValue>,
    /// For a drawn position, the moves that keep the draw (every other
    /// move loses), up to the requested maximum; empty otherwise.
    pub drawing_moves: Vec<Move>,
    /// Whether `drawing_moves` was cut at the requested maximum.
    pub drawing_cut: bool,
}

/// The values of a sum's components, to find the sum's value with one of
/// them replaced in O(1) (plus the size of an infinite value's set).
struct Parts<'a> {
    values: &'a [GenValue],
    finite_xor: u64,
    infinite: usize,
}

impl<'a> Parts<'a> {
    fn new(values: &'a [GenValue]) -> Parts<'a> {
        Parts {
            values,
            finite_xor: values
                .iter()
                .filter_map(GenValue::finite)
                .fold(0, |a, b| a ^ b),
            infinite: values.iter().filter(|v| v.is_infinite()).count(),
        }
    }

    /// The outcome of the sum with component `i` worth `w` instead.
    fn outcome_with(&self, i: usize, w: &GenValue) -> Outcome {
        let mut x = self.finite_xor;
        let mut inf = self.infinite;
        match &self.values[i] {
            GenValue::Finite(v) => x ^= v,
            GenValue::Infinite(_) => inf -= 1,
        }
        match w {
            GenValue::Finite(v) => x ^= v,
            GenValue::Infinite(_) => inf += 1,
        }
        match inf {
            0 => Outcome::from_next_player_wins(x != 0),
            1 => {
                let k = self
                    .values
                    .iter()
                    .enumerate()
                    .find(|&(j, v)| j != i && v.is_infinite())
                    .map(|(_, v)| v)
                    .unwrap_or(w);
                match k {
                    // ∞(K ⊕ x) is N exactly when x is in K.
                    GenValue::Infinite(k) if k.binary_search(&x).is_ok() => Outcome::N,
                    _ => Outcome::D,
                }
            }
            _ => Outcome::D,
        }
    }
}

impl Analyzer {
    /// Whether some component of `position` can be played forever.
    pub(super) fn is_loopy(position: &Position) -> bool {
        position
            .components()
            .iter()
            .any(|c| c.ruleset().rules().is_loopy(c.args()))
    }

    /// Normal play of a sum with a component that can be played forever.
    pub(super) fn analyze_loopy(
        &self,
        position: &Position,
        play: Play,
        max_moves: Option<usize>,
    ) -> Result<Analysis, Error> {
        if play == Play::Misere {
            return Err(crate::loopy::misere_refusal(&position.to_string()));
        }
        let mut values = Vec::with_capacity(position.components().len());
        for c in position.components() {
            values.push(
                c.ruleset()
                    .rules()
                    .generalized_value(c.args(), &self.limits)?,
            );
        }
        let total = GenValue::sum(values.iter().cloned());
        let outcome = total.outcome();
        let parts = Parts::new(&values);
        let mut collector = self.collector(max_moves);
        let mut drawing = self.collector(max_moves);
        drawing.count_all = false;
        match (outcome, total.finite()) {
            (Outcome::N, Some(t)) => {
                // Every component is a number: moves to value v ⊕ t.
                for (i, (c, v)) in position.components().iter().zip(&values).enumerate() {
                    let v = v.finite().unwrap_or(0);
                    let flow = c.ruleset().component_moves_to(
                        c.args(),
                        v,
                        v ^ t,
                        &self.limits,
                        &mut |action| collector.push(position.make_move(i, action)),
                    )?;
                    if flow.is_break() {
                        break;
                    }
                }
            }
            (Outcome::N | Outcome::D, _) => {
                // A move wins when the sum after it is P, keeps the draw
                // when it is D; only the moved component's value changes.
                let want = if outcome == Outcome::N {
                    Outcome::P
                } else {
                    Outcome::D
                };
                let infinite_at = values.iter().position(GenValue::is_infinite);
                'components: for (i, c) in position.components().iter().enumerate() {
                    // Winning from ∞(K) ⊕ numbers takes the infinite part to
                    // a number: only its moves can win.
                    if want == Outcome::P && infinite_at != Some(i) {
                        continue;
                    }
                    let mut actions = Vec::new();
                    c.ruleset()
                        .component_moves(c.args(), &self.limits, &mut actions)?;
                    for action in actions {
                        crate::budget::check()?;
                        let mv = position.make_move(i, action);
                        let after = position.play_unchecked(&mv);
                        let d = &after.components()[i];
                        let w = d
                            .ruleset()
                            .rules()
                            .generalized_value(d.args(), &self.limits)?;
                        if parts.outcome_with(i, &w) == want {
                            let into = if want == Outcome::P {
                                &mut collector
                            } else {
                                &mut drawing
                            };
                            if into.push(mv) == ControlFlow::Break(()) {
                                break 'components;
                            }
                        }
                    }
                }
            }
            _ => {}
        }
        let drawing_cut = drawing.truncated;
        let finite: Option<Vec<u64>> = values.iter().map(GenValue::finite).collect();
        let mut analysis = collector.finish(
            Play::Normal,
            outcome,
            total.finite(),
            finite.unwrap_or_default(),
        );
        analysis.basis = SMITH;
        analysis.loopy = Some(Box::new(LoopyAnalysis {
            value: total,
            component_values: values,
            drawing_moves: drawing.moves,
            drawing_cut,
        }));
        Ok(analysis)
    }

    /// The remoteness of `position` (Smith 1966; Winning Ways, ch. 9): how
    /// many moves the game lasts when the player who can win hurries and
    /// the other delays; `None` for a draw. A lone component whose ruleset
    /// keeps it (a token on a `digraph:` board) is answered at once; any
    /// other position is explored whole, by retrograde analysis over the
    /// positions reachable from it (within [`Limits::max_states`](super::Limits)).
    ///
    /// ```
    /// use sprague::Analyzer;
    /// let a = Analyzer::default();
    /// // a ⇄ b, b → c: from b the winner moves to c at once; from a the
    /// // loser moves to b, then the winner to c.
    /// assert_eq!(a.remoteness(&"digraph:a>b,b>a,b>c b".parse()?)?, Some(1));
    /// assert_eq!(a.remoteness(&"digraph:a>b,b>a,b>c a".parse()?)?, Some(2));
    /// assert_eq!(a.remoteness(&"digraph:a>b,b>a a".parse()?)?, None);
    /// assert_eq!(a.remoteness(&"nim 1 2".parse()?)?, Some(3));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::StateLimit`], [`Error::WorkLimit`] when the exploration
    /// would pass the limits.
    pub fn remoteness(&self, position: &Position) -> Result<Option<u64>, Error> {
        if let [c] = position.components() {
            if let Some(r) = c.ruleset().rules().known_remoteness(c.args()) {
                return Ok(r);
            }
        }
        self.limits.within_memory(|| {
            LoopySolver::new(SumGame::new(self.limits))
                .with_max_states(self.limits.max_states)
                .remoteness(position)
        })
    }
}
