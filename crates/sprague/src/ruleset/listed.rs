//! A heap game given by the options of its heaps 0..=N, listed by the
//! caller: how a one-heap game defined outside the library (a Python
//! function `options(n)`, a table read from a file) becomes a ruleset that
//! genus theory ([`genus_table`](crate::misere::genus_table)), misère
//! quotients ([`Quotient`](crate::misere::Quotient)), tables of two heaps
//! ([`Grid`](crate::grid::Grid)), [`verify`](crate::verify) and the
//! [`Analyzer`](crate::Analyzer) work on, like a built-in heap game.
//!
//! Each option of heap `n` is the list of heaps a move leaves in its place
//! (none, one, or a split into two or three, each smaller than `n`), as in
//! the take-and-break games of Winning Ways (ch. 4). The Grundy values are
//! computed once, bottom-up, when the ruleset is made:
//! G(n) = mex over the options of the nim-sum of their parts' values.
//! Heaps past N are refused ([`Error::Unsupported`]): nothing is known of
//! them.
//!
//! ```
//! use sprague::ruleset::listed::from_heap_options;
//! use sprague::misere::genus_table;
//! // Kayles to heap 4: take one or two tokens from a row, maybe splitting it.
//! let kayles: Vec<Vec<Vec<u64>>> = (0..=4u64)
//!     .map(|n| {
//!         let mut options = Vec::new();
//!         for take in 1..=2.min(n) {
//!             for a in 0..=(n - take) / 2 {
//!                 options.push(vec![a, n - take - a]);
//!             }
//!         }
//!         options
//!     })
//!     .collect();
//! let game = from_heap_options("rows", kayles)?;
//! assert_eq!(game.heap_value(4, &Default::default())?, 1);
//! let t = genus_table(&game, 4, &Default::default())?;
//! assert_eq!(t.heaps[4].genus.to_string(), "1^031");
//! # Ok::<(), sprague::Error>(())
//! ```

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;

use super::rules::Visit;
use super::{HeapRules, Heaps, Ruleset};
use crate::moves::{HeapMove, Parts};
use crate::{Basis, Error, Limits};

/// The most options all heaps together may have (64 million, about 2 GB
/// of parts): a caller's table larger than this is refused.
pub const MAX_LISTED_OPTIONS: usize = 1 << 26;

/// The rules of a heap game given by the options of heaps 0..=N.
#[derive(Debug)]
pub struct ListedHeaps {
    word: String,
    /// `options[n]`: each option's parts, sorted, without empty heaps;
    /// options sorted, without repeats.
    options: Vec<Vec<Parts>>,
    /// `values[n]` = G(n).
    values: Vec<u64>,
    /// A hash of the options, so that two rulesets are equal only when
    /// their options are (`canonical`).
    fingerprint: u64,
}

/// The ruleset named `word` whose heap `n` (for `n` in `0..options.len()`)
/// has the options `options[n]`, each the heaps a move leaves (at most
/// three, adding up to at most `n`: a move takes tokens away and may split
/// what is left; heaps of 0 are dropped, so `[]` and `[0]` both take the
/// whole heap). Repeated options count once.
///
/// Cost: O(total parts) time and memory, once.
///
/// # Errors
/// [`Error::Unsupported`] for an option with more than three parts, or
/// parts adding up to more than the heap (naming the heap and the option), an
/// empty table, or more than [`MAX_LISTED_OPTIONS`] options in all.
pub fn from_heap_options(word: &str, options: Vec<Vec<Vec<u64>>>) -> Result<Ruleset, Error> {
    Ok(Ruleset::with_rules(
        word,
        Box::new(Heaps(ListedHeaps::new(word, options)?)),
    ))
}

impl ListedHeaps {
    /// The rules of [`from_heap_options`].
    ///
    /// # Errors
    /// As [`from_heap_options`].
    pub fn new(word: &str, options: Vec<Vec<Vec<u64>>>) -> Result<ListedHeaps, Error> {
        if options.is_empty() {
            return Err(Error::Unsupported(format!(
                "{word}: no heap is given (the options of heaps 0 to N are needed)"
            )));
        }
        let total: usize = options.iter().map(Vec::len).sum();
        if total > MAX_LISTED_OPTIONS {
            return Err(Error::Unsupported(format!(
                "{word}: {total} options in all, more than the {MAX_LISTED_OPTIONS} a listed \
                 game may have"
            )));
        }
        let mut listed: Vec<Vec<Parts>> = Vec::with_capacity(options.len());
        for (n, heap) in options.into_iter().enumerate() {
            let n = n as u64;
            let mut these = Vec::with_capacity(heap.len());
            for option in heap {
                if let Some(&big) = option.iter().find(|&&p| p >= n) {
                    return Err(Error::Unsupported(format!(
                        "{word}: heap {n} has the option {option:?}, whose heap {big} is not \
                         smaller than {n} (a move leaves heaps smaller than the one it is made \
                         on)"
                    )));
                }
                let kept: Vec<u64> = option.iter().copied().filter(|&p| p > 0).collect();
                if kept
                    .iter()
                    .try_fold(0u64, |a, &p| a.checked_add(p))
                    .is_none_or(|t| t > n)
                {
                    return Err(Error::Unsupported(format!(
                        "{word}: heap {n} has the option {option:?}, whose heaps add up to more \
                         than {n} (a move takes tokens away, and may split what is left)"
                    )));
                }
                let parts = Parts::new(&kept).ok_or_else(|| {
                    Error::Unsupported(format!(
                        "{word}: heap {n} has the option {option:?}, which leaves {} heaps; \
                         a move may leave at most three (as in take-and-break games)",
                        kept.len()
                    ))
                })?;
                these.push(parts);
            }
            these.sort_unstable_by(|a, b| a.sizes().cmp(b.sizes()));
            these.dedup();
            listed.push(these);
        }
        let mut values: Vec<u64> = Vec::with_capacity(listed.len());
        let mut seen: Vec<bool> = Vec::new();
        for these in &listed {
            seen.clear();
            seen.resize(these.len() + 1, false);
            for parts in these {
                let v = parts.sizes().iter().fold(0, |x, &p| x ^ values[p as usize]);
                if let Some(s) = seen.get_mut(v as usize) {
                    *s = true;
                }
            }
            values.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64);
        }
        let mut hasher = DefaultHasher::new();
        for these in &listed {
            these.len().hash(&mut hasher);
            for parts in these {
                parts.sizes().hash(&mut hasher);
            }
        }
        Ok(ListedHeaps {
            word: word.to_string(),
            options: listed,
            values,
            fingerprint: hasher.finish(),
        })
    }

    /// The largest heap given, N.
    pub fn last_heap(&self) -> u64 {
        self.values.len() as u64 - 1
    }

    /// G(0), ..., G(N).
    pub fn values(&self) -> &[u64] {
        &self.values
    }

    /// The options of `heap`, or the refusal of a heap past N.
    fn options_of(&self, heap: u64) -> Result<&[Parts], Error> {
        usize::try_from(heap)
            .ok()
            .and_then(|h| self.options.get(h))
            .map(Vec::as_slice)
            .ok_or_else(|| {
                Error::Unsupported(format!(
                    "{}: heap {heap} is past the heaps whose options were given (0 to {})",
                    self.word,
                    self.last_heap()
                ))
            })
    }

    fn value_of(&self, parts: &Parts) -> u64 {
        parts.nim_sum(|p| self.values[p as usize])
    }
}

impl HeapRules for ListedHeaps {
    fn canonical(&self) -> String {
        format!(
            "listed:{}:{}:{:016x}",
            self.word,
            self.values.len(),
            self.fingerprint
        )
    }

    fn heap_value(&self, heap: u64, _: &Limits) -> Result<(u64, Basis), Error> {
        self.options_of(heap)?;
        Ok((self.values[heap as usize], Basis::Table))
    }

    fn options(&self, heap: u64, limits: &Limits, out: &mut Vec<HeapMove>) -> Result<(), Error> {
        let options = self.options_of(heap)?;
        if options.len() > limits.max_states {
            return Err(Error::StateLimit {
                limit: limits.max_states,
            });
        }
        out.extend(options.iter().map(|&parts| HeapMove {
            removed: heap - parts.total(),
            parts,
        }));
        Ok(())
    }

    fn moves_to(
        &self,
        heap: u64,
        target: u64,
        _: &Limits,
        f: Visit<'_, HeapMove>,
    ) -> Result<ControlFlow<()>, Error> {
        for &parts in self.options_of(heap)? {
            if self.value_of(&parts) == target
                && f(HeapMove {
                    removed: heap - parts.total(),
                    parts,
                })
                .is_break()
            {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn is_legal(&self, heap: u64, m: &HeapMove) -> bool {
        let Some(listed) = m.parts.listed() else {
            return false;
        };
        let kept: Vec<u64> = listed.iter().copied().filter(|&p| p > 0).collect();
        let Some(parts) = Parts::new(&kept) else {
            return false;
        };
        m.removed.checked_add(m.parts.total()) == Some(heap)
            && self
                .options_of(heap)
                .is_ok_and(|o| o.binary_search_by(|p| p.sizes().cmp(parts.sizes())).is_ok())
    }

    fn has_moves(&self, heap: u64) -> Option<bool> {
        self.options_of(heap).ok().map(|o| !o.is_empty())
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "{word} is a heap game given by the options of heaps 0 to {}; G(n) is the mex of \
             its options' values, computed bottom-up.",
            self.last_heap()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::{genus_table, Quotient, QuotientLimits};
    use crate::Play;
    use proptest::prelude::*;

    /// The options of heaps 0..=to of a built-in heap game, as parts.
    fn listed_from(word: &str, to: u64) -> Vec<Vec<Vec<u64>>> {
        let r: Ruleset = word.parse().unwrap();
        let rules = r.heap_rules().unwrap();
        (0..=to)
            .map(|n| {
                let mut moves = Vec::new();
                rules.options(n, &Limits::default(), &mut moves).unwrap();
                moves.iter().map(|m| m.parts.sizes().to_vec()).collect()
            })
            .collect()
    }

    #[test]
    fn listed_kayles_has_the_values_genus_and_quotient_of_kayles() {
        let kayles: Ruleset = "kayles".parse().unwrap();
        let listed = from_heap_options("rows", listed_from("kayles", 12)).unwrap();
        let limits = Limits::default();
        for n in 0..=12 {
            assert_eq!(
                listed.heap_value(n, &limits).unwrap(),
                kayles.heap_value(n, &limits).unwrap()
            );
        }
        let a = genus_table(&listed, 12, &limits).unwrap();
        let b = genus_table(&kayles, 12, &limits).unwrap();
        assert_eq!(a.heaps, b.heaps);
        let q = QuotientLimits::default();
        let a = Quotient::compute(&listed, 8, &q).unwrap();
        let b = Quotient::compute(&kayles, 8, &q).unwrap();
        assert_eq!(a.order(), b.order());
        assert_eq!(a.relations(), b.relations());
        assert_eq!(a.p_portion(), b.p_portion());
        assert!(listed.heap_value(13, &limits).is_err());
    }

    #[test]
    fn bad_options_are_refused_by_heap_and_option() {
        let e = from_heap_options("g", vec![vec![], vec![vec![1]]]).unwrap_err();
        assert!(e.to_string().contains("heap 1 has the option [1]"), "{e}");
        let e = from_heap_options(
            "g",
            vec![vec![], vec![], vec![], vec![], vec![vec![1, 1, 1, 1]]],
        )
        .unwrap_err();
        assert!(e.to_string().contains("at most three"), "{e}");
        let e = from_heap_options("g", vec![vec![], vec![], vec![], vec![vec![2, 2]]]).unwrap_err();
        assert!(e.to_string().contains("add up to more than 3"), "{e}");
        assert!(from_heap_options("g", vec![]).is_err());
    }

    /// Random options tables: each heap's options drawn from the splits of
    /// smaller heaps into at most three parts.
    fn tables() -> impl Strategy<Value = Vec<Vec<Vec<u64>>>> {
        prop::collection::vec(
            prop::collection::vec((0u64..64, 0u64..64, 0u8..3), 0..5),
            1..8,
        )
        .prop_map(|heaps| {
            heaps
                .into_iter()
                .enumerate()
                .map(|(n, opts)| {
                    let n = n as u64;
                    if n == 0 {
                        return Vec::new();
                    }
                    opts.into_iter()
                        .map(|(a, b, k)| {
                            // At most n - 1 tokens left, split in up to three.
                            let left = a % n;
                            let b = b % (left + 1);
                            match k {
                                0 => vec![left],
                                1 => vec![b, left - b],
                                _ => vec![b / 2, b - b / 2, left - b],
                            }
                        })
                        .collect()
                })
                .collect()
        })
    }

    /// Sums of heaps by the definitions: the options of a sum replace one
    /// heap by the parts of one of its options; normal-play Grundy value
    /// and misère Grundy value (1 at the end of play) by mex, memoised.
    struct Definition<'a> {
        table: &'a [Vec<Vec<u64>>],
        memo: std::collections::HashMap<(Vec<u64>, bool), u64>,
    }

    impl Definition<'_> {
        fn value(&mut self, heaps: &[u64], misere: bool) -> u64 {
            let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
            key.sort_unstable();
            if let Some(&v) = self.memo.get(&(key.clone(), misere)) {
                return v;
            }
            let mut seen = Vec::new();
            for (i, &h) in key.iter().enumerate() {
                for option in &self.table[h as usize] {
                    let mut next = key.clone();
                    next.remove(i);
                    next.extend(option);
                    seen.push(self.value(&next, misere));
                }
            }
            let v = if misere && seen.is_empty() {
                1
            } else {
                (0..).find(|v| !seen.contains(v)).unwrap()
            };
            self.memo.insert((key, misere), v);
            v
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// Values, outcomes and every winning move of sums of up to three
        /// heaps agree with the definitions, in normal and misère play, and
        /// so do each heap's genus (G(n) and its misère value γ0).
        #[test]
        fn a_listed_game_agrees_with_the_definitions(table in tables()) {
            use crate::{Analyzer, Component, Outcome, Position};
            let last = table.len() as u64 - 1;
            let game = from_heap_options("g", table.clone()).unwrap();
            let mut def = Definition { table: &table, memo: Default::default() };
            let genus = genus_table(&game, last, &Limits::default()).unwrap();
            for h in 0..=last {
                let g = &genus.heaps[h as usize].genus;
                prop_assert_eq!(g.normal(), def.value(&[h], false));
                prop_assert_eq!(g.misere_value(), def.value(&[h], true));
            }
            let analyzer = Analyzer::new(Limits::default());
            let sums: Vec<Vec<u64>> = (0..=last)
                .flat_map(|a| (0..=last).flat_map(move |b| (0..=last.min(3)).map(move |c| vec![a, b, c])))
                .collect();
            for heaps in sums {
                let position = Position::new(vec![Component::new(game.clone(), heaps.clone()).unwrap()]);
                for (play, misere) in [(Play::Normal, false), (Play::Misere, true)] {
                    let a = analyzer.analyze(&position, play, None).unwrap();
                    let v = def.value(&heaps, misere);
                    let expected = if v == 0 { Outcome::P } else { Outcome::N };
                    prop_assert_eq!(a.outcome, expected, "{} {:?}", position, play);
                    if !misere {
                        prop_assert_eq!(a.value, Some(v));
                    }
                    for m in &a.winning_moves {
                        let after = position.play(m).unwrap();
                        let after_heaps: Vec<u64> = after.to_string()
                            .split_whitespace().skip(1).map(|w| w.parse().unwrap()).collect();
                        prop_assert_eq!(def.value(&after_heaps, misere), 0);
                    }
                    // All of them: the options of value 0, counted by the definitions.
                    let mut winning = std::collections::BTreeSet::new();
                    for (i, &h) in heaps.iter().enumerate() {
                        for option in &table[h as usize] {
                            let mut next = heaps.clone();
                            next.remove(i);
                            next.extend(option);
                            if def.value(&next, misere) == 0 {
                                let mut parts: Vec<u64> = option.iter().copied().filter(|&p| p > 0).collect();
                                parts.sort_unstable();
                                winning.insert((i, parts));
                            }
                        }
                    }
                    prop_assert_eq!(a.winning_moves.len(), winning.len(), "{} {:?}", position, play);
                }
            }
        }
    }
}
