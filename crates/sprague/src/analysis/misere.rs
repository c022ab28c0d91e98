//! Misère play of sums beyond a single rule: misère Nim (Bouton 1901), the
//! tame-sum theorem on genus values (Conway, On Numbers and Games ch. 12)
//! and misère quotients (Plambeck & Siegel 2008), each tried by
//! [`Analyzer::analyze`] before the search.

use std::ops::ControlFlow;

use super::{Analysis, Analyzer};
use crate::misere::{self, TameKind};
use crate::ruleset::nim;
use crate::ruleset::HeapRules;
use crate::Limits;
use crate::{Action, Basis, Component, Error, HeapChange, Outcome, Parts, Play, Position};

impl Analyzer {
    /// Misère play of a sum whose every heap is tame (judged from the
    /// genus): misère Nim on the genus values (the tame-sum theorem). `None`
    /// when a component is not a heap game, a heap is wild, or a heap is
    /// past the table limit (or its genus past another limit).
    pub(super) fn analyze_misere_tame(
        &self,
        position: &Position,
        max_moves: Option<usize>,
    ) -> Result<Option<Analysis>, Error> {
        // The tame kinds of each component's heaps, by ruleset (`None` for
        // Nim, whose kinds are closed).
        let mut kinds: Vec<Option<misere::TameKinds>> = Vec::new();
        for c in position.components() {
            let r = c.ruleset();
            if r.heap_rules().is_none() {
                return Ok(None);
            }
            if r.is_nim() {
                kinds.push(None);
                continue;
            }
            let max = c.heaps().iter().copied().max().unwrap_or(0);
            let known = position.components().iter().zip(&kinds).find_map(|(d, k)| {
                k.as_ref()
                    .filter(|k| d.ruleset() == r && k.kind(max).is_some())
            });
            if let Some(k) = known {
                kinds.push(Some(k.clone()));
                continue;
            }
            match misere::tame_kinds(r, max, &self.limits) {
                Ok(Some(k)) => kinds.push(Some(k)),
                Ok(None) => return Ok(None),
                Err(e) if e.is_limit() => return Ok(None),
                Err(e) => return Err(e),
            }
        }
        // Every heap asked for (and every part of its options, which are
        // smaller) is in the table or reduced by the proven period.
        let kind_of = |i: usize, h: u64| -> TameKind {
            match &kinds[i] {
                Some(k) => k.kind(h).unwrap_or(TameKind::Small(false)),
                None => misere::Genus::nim(h)
                    .tame_kind()
                    .unwrap_or(TameKind::Large(h)),
            }
        };
        let all: Vec<TameKind> = position
            .components()
            .iter()
            .enumerate()
            .flat_map(|(i, c)| c.heaps().iter().map(move |&h| (i, h)))
            .map(|(i, h)| kind_of(i, h))
            .collect();
        let total = TameKind::sum(all.iter().copied());
        let outcome = if total.misere_p() {
            Outcome::P
        } else {
            Outcome::N
        };
        let large = all
            .iter()
            .filter(|k| matches!(k, TameKind::Large(_)))
            .count();
        let mut collector = self.collector(max_moves);
        if outcome == Outcome::N {
            let listing = self.listing_limits();
            'all: for (i, c) in position.components().iter().enumerate() {
                let rules = heap_rules(c)?;
                for (j, &h) in c.heaps().iter().enumerate() {
                    let k = kind_of(i, h);
                    let value = total.value() ^ k.value();
                    let others_large = large - usize::from(matches!(k, TameKind::Large(_)));
                    // The targets: (Grundy value of what the heap becomes,
                    // which parts it must have: None = any, Some(true) = a
                    // large part, Some(false) = small parts only).
                    let targets: Vec<(u64, Option<bool>)> = if others_large > 0 {
                        vec![(value, None)]
                    } else {
                        vec![(value, Some(true)), (value ^ 1, Some(false))]
                    };
                    for (target, need) in targets {
                        let mut stop = false;
                        let _ = rules.moves_to(h, target, &listing, &mut |m| {
                            let has_large = m
                                .parts
                                .sizes()
                                .iter()
                                .any(|&p| matches!(kind_of(i, p), TameKind::Large(_)));
                            if need.is_some_and(|n| n != has_large) {
                                return ControlFlow::Continue(());
                            }
                            let action = Action::Heap {
                                heap: j,
                                from: h,
                                removed: m.removed,
                                parts: m.parts,
                            };
                            let flow = collector.push(position.make_move(i, action));
                            stop = flow.is_break();
                            flow
                        })?;
                        if stop {
                            break 'all;
                        }
                    }
                }
            }
        }
        let mut analysis = collector.finish(Play::Misere, outcome, None, Vec::new());
        analysis.basis = Basis::Genus;
        Ok(Some(analysis))
    }

    /// Misère play of a sum of heaps of one heap game (not Nim), all within
    /// a misère quotient that can be computed: the product of the heaps'
    /// elements decides. `Err(Some(e))` when the quotient was tried and
    /// stopped at a limit `e` that
    /// [`Limits::max_quotient_states`](crate::Limits::max_quotient_states)
    /// raises, `Err(None)` when it cannot be had otherwise (the search
    /// then decides).
    ///
    /// In order: the quotient of every heap of the sum within a
    /// thirty-second of the work budget (a quotient already kept costs
    /// nothing); within a quarter of it, the quotient of the heaps up to a
    /// bound refined by the heaps above it
    /// ([`LargeHeaps`](misere::quotient::LargeHeaps): Dawson's Kayles `5 9
    /// 17 21 30 2` in 0.3 s, where the quotient to heap 30 takes forty);
    /// the quotient of every heap within the whole budget.
    pub(super) fn analyze_misere_quotient(
        &self,
        position: &Position,
        max_moves: Option<usize>,
    ) -> Result<Result<Analysis, Option<Error>>, Error> {
        let Some(first) = position.components().first() else {
            return Ok(Err(None));
        };
        let ruleset = first.ruleset();
        if ruleset.heap_rules().is_none()
            || ruleset.is_nim()
            || position.components().iter().any(|c| c.ruleset() != ruleset)
        {
            return Ok(Err(None));
        }
        let heaps: Vec<u64> = position
            .components()
            .iter()
            .flat_map(|c| c.heaps().iter().copied())
            .collect();
        let bound = heaps.iter().copied().max().unwrap_or(0);
        let limits = quotient_limits(&self.limits);
        if bound > 0 {
            let first_try = misere::QuotientLimits {
                max_work: limits.max_work / 32,
                ..limits
            };
            match misere::quotient::cached(ruleset, bound, &first_try) {
                Ok(q) => return self.decide_in_quotient(position, &heaps, &q, max_moves),
                Err(e) if e.is_limit() || matches!(e, Error::Unsupported(_)) => {}
                Err(e) => return Err(e),
            }
            let refined = misere::QuotientLimits {
                max_work: limits.max_work / 4,
                ..limits
            };
            match misere::quotient::LargeHeaps::compute(ruleset, None, &heaps, &refined) {
                Ok(l) => return self.decide_with_large_heaps(position, &heaps, &l, max_moves),
                Err(e) if e.is_limit() || matches!(e, Error::Unsupported(_)) => {}
                Err(e) => return Err(e),
            }
        }
        let q = match misere::quotient::cached(ruleset, bound, &limits) {
            Ok(q) => q,
            // The budget of `max_quotient_states` (the checks, their work,
            // the options kept) was too small.
            Err(e @ (Error::CheckLimit { .. } | Error::OptionLimit { .. })) => {
                return Ok(Err(Some(e)))
            }
            Err(e) if e.is_limit() || matches!(e, Error::Unsupported(_)) => return Ok(Err(None)),
            Err(e) => return Err(e),
        };
        self.decide_in_quotient(position, &heaps, &q, max_moves)
    }

    /// The answer of [`Analyzer::analyze_misere_quotient`] from a quotient
    /// covering every heap (`heaps`, in the position's order).
    fn decide_in_quotient(
        &self,
        position: &Position,
        heaps: &[u64],
        q: &misere::Quotient,
        max_moves: Option<usize>,
    ) -> Result<Result<Analysis, Option<Error>>, Error> {
        let elements: Vec<u32> = heaps.iter().map(|&h| q.pretend(h).unwrap_or(0)).collect();
        // prefix[k] = product of heaps before k; suffix[k] = from k on.
        let mut prefix = vec![0u32; heaps.len() + 1];
        for k in 0..heaps.len() {
            prefix[k + 1] = q.mul(prefix[k], elements[k]);
        }
        let mut suffix = vec![0u32; heaps.len() + 1];
        for k in (0..heaps.len()).rev() {
            suffix[k] = q.mul(suffix[k + 1], elements[k]);
        }
        let outcome = if q.is_p(prefix[heaps.len()]) {
            Outcome::P
        } else {
            Outcome::N
        };
        let mut k = 0;
        let basis = Basis::Quotient {
            bound: q.bound(),
            order: q.order() as u64,
        };
        self.misere_moves(position, outcome, basis, max_moves, |parts| {
            let rest = q.mul(prefix[k], suffix[k + 1]);
            k += usize::from(parts.is_none());
            let Some(parts) = parts else {
                return Ok(false);
            };
            let image = q
                .element_of(parts)
                .ok_or_else(|| Error::Internal("an option past the quotient".into()))?;
            Ok(q.is_p(q.mul(rest, image)))
        })
    }

    /// The answer of [`Analyzer::analyze_misere_quotient`] from the
    /// quotient of the small heaps refined by the large ones.
    fn decide_with_large_heaps(
        &self,
        position: &Position,
        heaps: &[u64],
        l: &misere::quotient::LargeHeaps,
        max_moves: Option<usize>,
    ) -> Result<Result<Analysis, Option<Error>>, Error> {
        let beyond = || Error::Internal("a move past the large parts of a refined quotient".into());
        let outcome = if l.is_p(heaps).ok_or_else(beyond)? {
            Outcome::P
        } else {
            Outcome::N
        };
        let basis = Basis::RefinedQuotient {
            bound: l.bound(),
            order: l.order() as u64,
            parts: l.parts() as u64,
        };
        let mut k = 0;
        let mut after: Vec<u64> = Vec::with_capacity(heaps.len() + 2);
        self.misere_moves(position, outcome, basis, max_moves, |parts| {
            let Some(parts) = parts else {
                k += 1;
                return Ok(false);
            };
            after.clear();
            after.extend_from_slice(&heaps[..k]);
            after.extend_from_slice(parts);
            after.extend_from_slice(&heaps[k + 1..]);
            l.is_p(&after).ok_or_else(beyond)
        })
    }

    /// The analysis of a misère sum of heaps of one heap game with outcome
    /// `outcome`: where it is N, every move (at most `max_moves`) to which
    /// `wins` says yes. `wins(Some(parts))` is asked of each option of each
    /// heap in turn (the heaps in the position's order), and `wins(None)`
    /// once after each heap's options.
    fn misere_moves(
        &self,
        position: &Position,
        outcome: Outcome,
        basis: Basis,
        max_moves: Option<usize>,
        mut wins: impl FnMut(Option<&[u64]>) -> Result<bool, Error>,
    ) -> Result<Result<Analysis, Option<Error>>, Error> {
        let mut collector = self.collector(max_moves);
        if outcome == Outcome::N {
            let listing = self.listing_limits();
            let mut options = Vec::new();
            'all: for (i, c) in position.components().iter().enumerate() {
                let rules = heap_rules(c)?;
                for (j, &h) in c.heaps().iter().enumerate() {
                    options.clear();
                    rules.options(h, &listing, &mut options)?;
                    for m in options.drain(..) {
                        if !wins(Some(&m.parts.to_vec()))? {
                            continue;
                        }
                        let action = Action::Heap {
                            heap: j,
                            from: h,
                            removed: m.removed,
                            parts: m.parts,
                        };
                        if collector.push(position.make_move(i, action)).is_break() {
                            break 'all;
                        }
                    }
                    wins(None)?;
                }
            }
        }
        let mut analysis = collector.finish(Play::Misere, outcome, None, Vec::new());
        analysis.basis = basis;
        Ok(Ok(analysis))
    }

    /// The limits for listing a heap's options where genus or a quotient
    /// decides: the search's state limit (`--max-states`) is not theirs, so
    /// a heap may have as many options as the quotient's option budget
    /// allows ([`Limits::max_quotient_states`] twice over), or the state
    /// limit where that is larger.
    fn listing_limits(&self) -> Limits {
        Limits {
            max_states: self
                .limits
                .max_states
                .max(self.limits.max_quotient_states.saturating_mul(2)),
            ..self.limits
        }
    }

    /// Misère Nim (every component is Nim): the heaps of all components
    /// together form one misère Nim position.
    pub(super) fn analyze_misere_nim(
        &self,
        position: &Position,
        max_moves: Option<usize>,
    ) -> Analysis {
        let mut places = Vec::new();
        let mut heaps = Vec::new();
        for (i, c) in position.components().iter().enumerate() {
            for (j, &h) in c.heaps().iter().enumerate() {
                places.push((i, j));
                heaps.push(h);
            }
        }
        let outcome = nim::misere_outcome(&heaps);
        let mut collector = self.collector(max_moves);
        for (k, to) in nim::misere_winning_moves(&heaps) {
            let (i, j) = places[k];
            let from = heaps[k];
            let action = match position.components()[i].ruleset().move_kind() {
                crate::MoveKind::Heaps { .. } => Action::Heaps {
                    changes: vec![HeapChange { heap: j, from, to }],
                },
                _ => Action::Heap {
                    heap: j,
                    from,
                    removed: from - to,
                    parts: Parts::one(to),
                },
            };
            if collector.push(position.make_move(i, action)).is_break() {
                break;
            }
        }
        let mut analysis = collector.finish(Play::Misere, outcome, None, Vec::new());
        analysis.basis = Basis::MisereNim;
        analysis
    }
}

/// The heap rules of a component known to be of a heap game.
fn heap_rules(c: &Component) -> Result<&dyn HeapRules, Error> {
    c.ruleset()
        .heap_rules()
        .ok_or_else(|| Error::Internal("a heap game without heap rules".into()))
}

/// The limits of a misère quotient computed for an analysis under
/// `limits`: [`Limits::max_quotient_states`] tuples a check, twenty times
/// that in all, at most 16 rebuilds.
pub(crate) fn quotient_limits(limits: &Limits) -> misere::QuotientLimits {
    let states = limits.max_quotient_states;
    misere::QuotientLimits {
        max_states: states,
        max_work: (states as u64).saturating_mul(20),
        max_rebuilds: 16,
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Solver, SumGame};
    use rand::{Rng, SeedableRng};

    /// Sums of two to five heaps decided in the refined quotient (cut at
    /// the largest heap below the largest size, as `analyze` does) against
    /// the search: outcome and the complete list of winning moves.
    fn refined_agrees_with_search(word: &str, small: u64, big: std::ops::RangeInclusive<u64>) {
        let analyzer = Analyzer::default();
        let mut solver = Solver::new(SumGame::default());
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let ruleset: crate::Ruleset = word.parse().unwrap();
        let mut decided = 0;
        for _ in 0..40 {
            let mut heaps: Vec<u64> = (0..rng.random_range(1..=2))
                .map(|_| rng.random_range(big.clone()))
                .collect();
            heaps.extend((0..rng.random_range(1..=3)).map(|_| rng.random_range(0..=small)));
            let max = *heaps.iter().max().unwrap();
            let Some(cut) = heaps.iter().copied().filter(|&h| h < max).max() else {
                continue;
            };
            let limits = quotient_limits(&analyzer.limits);
            let Ok(l) = misere::quotient::LargeHeaps::compute(&ruleset, Some(cut), &heaps, &limits)
            else {
                continue;
            };
            let p = Position::new(vec![
                crate::Component::new(ruleset.clone(), heaps.clone()).unwrap()
            ]);
            let a = analyzer
                .decide_with_large_heaps(&p, &heaps, &l, None)
                .unwrap()
                .unwrap();
            assert_eq!(a.outcome, solver.outcome(&p, Play::Misere).unwrap(), "{p}");
            let after = |moves: &[crate::Move]| {
                let mut v: Vec<String> = moves
                    .iter()
                    .map(|m| p.play(m).unwrap().to_string())
                    .collect();
                v.sort();
                v
            };
            let expected = solver.winning_moves(&p, Play::Misere).unwrap();
            assert_eq!(after(&a.winning_moves), after(&expected), "{p}");
            decided += 1;
        }
        assert!(decided >= 20, "{word}: {decided} sums decided");
    }

    #[test]
    fn refined_quotient_sums_of_kayles_agree_with_search() {
        refined_agrees_with_search("kayles", 8, 9..=16);
    }

    #[test]
    fn refined_quotient_sums_of_dawson_agree_with_search() {
        refined_agrees_with_search("dawson", 10, 11..=18);
    }

    #[test]
    fn refined_quotient_sums_of_octal_0_75_agree_with_search() {
        refined_agrees_with_search("octal:0.75", 8, 9..=16);
    }
}
