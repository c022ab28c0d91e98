//! Misère play of sums beyond a single rule: misère Nim (Bouton 1901), the
//! tame-sum theorem on genus values (Conway, On Numbers and Games ch. 12)
//! and misère quotients (Plambeck & Siegel 2008), each tried by
//! [`Analyzer::analyze`] before the search.

use std::ops::ControlFlow;

use super::{Analysis, Analyzer};
use crate::misere::{self, TameKind};
use crate::ruleset::nim;
use crate::{Action, Basis, Error, HeapChange, Outcome, Parts, Play, Position};

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
            'all: for (i, c) in position.components().iter().enumerate() {
                let rules = c
                    .ruleset()
                    .heap_rules()
                    .ok_or_else(|| Error::Internal("a heap game without heap rules".into()))?;
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
                        let _ = rules.moves_to(h, target, &self.limits, &mut |m| {
                            let has_large = m
                                .parts
                                .as_slice()
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
        let states = self.limits.max_quotient_states;
        let limits = misere::QuotientLimits {
            max_states: states,
            max_work: (states as u64).saturating_mul(20),
            max_rebuilds: 16,
            ..Default::default()
        };
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
        let mut collector = self.collector(max_moves);
        if outcome == Outcome::N {
            let rules = ruleset
                .heap_rules()
                .ok_or_else(|| Error::Internal("a heap game without heap rules".into()))?;
            let mut k = 0;
            let mut options = Vec::new();
            'all: for (i, c) in position.components().iter().enumerate() {
                for (j, &h) in c.heaps().iter().enumerate() {
                    let rest = q.mul(prefix[k], suffix[k + 1]);
                    k += 1;
                    options.clear();
                    rules.options(h, &self.limits, &mut options)?;
                    for m in &options {
                        let image = q
                            .element_of(m.parts.as_slice())
                            .ok_or_else(|| Error::Internal("an option past the quotient".into()))?;
                        if !q.is_p(q.mul(rest, image)) {
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
                }
            }
        }
        let mut analysis = collector.finish(Play::Misere, outcome, None, Vec::new());
        analysis.basis = Basis::Quotient {
            bound: q.bound(),
            order: q.order() as u64,
        };
        Ok(Ok(analysis))
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
