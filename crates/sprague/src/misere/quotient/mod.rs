//! Misère quotients (Plambeck & Siegel, "Misère quotients for impartial
//! games", J. Combin. Theory A 115, 2008).
//!
//! # Definitions
//!
//! Let `A` be the sums of heaps `0..=N` of a heap game (a set closed under
//! sums and options). Two sums `G` and `H` are *indistinguishable* when
//! `G + X` and `H + X` have the same misère outcome for every `X` in `A`.
//! The classes form a commutative monoid, the *misère quotient* `Q` (the
//! class of a sum is the product of its heaps' classes); its *P-portion*
//! is the set of classes of misère P-positions, and the *pretending
//! function* sends each heap to its class. With them, a sum of any number
//! of heaps is decided by multiplying elements: it is a P-position exactly
//! when its product lies in the P-portion. Every quotient of impartial
//! games has even order (Plambeck & Siegel).
//!
//! # The construction, heap by heap
//!
//! The quotient of heaps `0..=n-1` is known: a finite monoid, its
//! P-portion, and the class of each heap. For heap `n`:
//!
//! 1. *Test the candidates.* For each element `x`, suppose heap `n` is in
//!    class `x`. A supposition is proven by the check below; a cheap
//!    necessary test comes first (the outcome of `Y + heap n`, for a sum
//!    `Y` representing each element `y`, must be that of `x·y`).
//! 2. *Extend when no element fits:* heap `n` becomes a new generator `t`
//!    with `t^(i+p) = t^i`, for the least `(i, p)` (by `i + p`) that passes
//!    the check, in the monoid `Q × {1, t, ..., t^(i+p-1)}`; its P-portion
//!    comes from the outcomes of the representatives plus copies of heap
//!    `n`, found by the outcome rule. The result is then reduced: elements
//!    `x`, `y` with `xz ∈ P ⟺ yz ∈ P` for every `z` are merged (this is
//!    exactly indistinguishability, so the reduced monoid is the quotient).
//!
//! The check: a finite monoid `Q` with a subset `P` and a class for every
//! heap describes the outcomes of *all* sums when, for every sum `M`,
//! `M`'s product is in `P` exactly when `M` has a move and none of its
//! moves leads to a product in `P` (induction on `M`). The moves of `M`
//! are `M - h + O` for a heap `h` of `M` and an option `O` of `h`, whose
//! product is `[M - h]·[O]`. So the condition depends only on `[M]` and,
//! for each class `a` of heaps present in `M`, on `[M - h]` for a heap
//! `h` of class `a` (the same for every heap of the class). These tuples
//! are finitely many; they are explored from the empty sum by adding one
//! heap at a time, and at each the condition is tested for the worst
//! choice of heaps within each class. When it holds everywhere, the
//! description is proven for every sum of heaps `0..=n`.
//!
//! # When a class splits
//!
//! Heap `n` may tell apart sums that no smaller heap told apart (in Kayles,
//! `5 + 5` is indistinguishable from nothing until heap 9; in Dawson's
//! Kayles a class of the quotient of order 24 splits at heap 25): the
//! quotient of heaps `0..=n-1` is then not a part of the quotient of heaps
//! `0..=n`, and neither step above passes. The construction then starts
//! again from heap 0 by *refinement* (`refine.rs`):
//!
//! - Write a sum as `Y + k·h`, `h` the heap where the class splits. Whether
//!   `Y + k·h` is a P-position is a property `L_k` of `Y`, a sum of smaller
//!   heaps. By the outcome rule, `Y` has it exactly when every `Y + O`
//!   (`O` an option of `h`) lacks `L_(k-1)` and no option of `Y` has
//!   `L_k`: a game on `Y` alone whose "may be a P-position" test depends on
//!   the class of `Y` for `L_(k-1)`.
//! - Such a property has a monoid of its own, built heap by heap exactly as
//!   the quotient is (steps 1 and 2 above, and this refinement where a
//!   class splits in it), each proven by the check with that test in place
//!   of "has a move"; the monoid for `L_k` refines the one for `L_(k-1)`.
//! - Once `L_(i+p) = L_i` (and `i + p` and `i` copies of `h` agree below),
//!   the quotient with heap `h` is the monoid of `L_(i+p)` times the powers
//!   `1, h, ..., h^(i+p-1)`, reduced.
//!
//! Each monoid is proven by the check; the last product is right by the
//! decomposition and checked again in debug builds (which the tests use).
//! This gives Siegel's order 360 for Dawson's Kayles to heap 30 (about 12
//! seconds; its checks explore up to 4.1 million tuples, so `--max-states`
//! must allow them). Should the refinement stop (its limits), the older
//! *lifted* construction is tried: elements kept apart until the end and
//! rebuilt from heap 0 with one more thing kept apart (a generator's cycle
//! made longer, or a heap that fitted an element made a generator of its
//! own) until heap `n` passes, at most 256 rebuilds; when no rebuild
//! passes, it stops with [`Error::Unsupported`]. It never guesses.
//!
//! # Sums with a few heaps above the rest
//! `analyze` may need only part of a quotient: for a sum `B + Y` with `B`
//! the heaps above some bound, only whether each `B'` that play reaches
//! from `B`, plus sums of heaps up to the bound, is a P-position. Each is a
//! language of the small heaps of the refinement's kind; `large.rs` builds
//! their monoids in the order of play (Dawson's Kayles `5 9 17 21 30 + 2`
//! in 0.3 s, where the quotient to heap 30 takes twelve seconds).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::ruleset::HeapRules;
use crate::{Error, Ruleset};

mod build;
mod check;
mod large;
mod refine;
pub use build::MAX_REBUILDS;
use build::{build, Builder};
pub(crate) use large::LargeHeaps;
pub use refine::NO_REPEAT;

/// The default of [`QuotientLimits::max_order`]: quotients of more elements
/// are refused.
pub const DEFAULT_MAX_ORDER: usize = 1_000;

/// The default of [`QuotientLimits::max_cycle`]: a cyclic extension
/// `t^(i+p) = t^i` tries `i + p` up to this first.
pub const DEFAULT_MAX_CYCLE: usize = 12;

/// Limits of a quotient computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuotientLimits {
    /// The largest order accepted (the monoid before reduction may be up to
    /// `max_cycle` times larger); past it, [`Error::OrderLimit`].
    pub max_order: usize,
    /// The longest cycle `t^(i+p) = t^i` (`i + p`) tried for the powers of
    /// a heap; where the powers do not repeat within it, the construction
    /// stops ([`Error::Unsupported`], its message ending in
    /// [`NO_REPEAT`]). Time grows with it, also where no quotient is found:
    /// octal 0.57 to heap 40 needs 32 (order 122, as MisereSolver finds),
    /// while 0.14, which stops at 12 in 4 s, runs for minutes at 32.
    pub max_cycle: usize,
    /// The most tuples one check may explore (see the module
    /// documentation); past it, [`Error::CheckLimit`].
    pub max_states: usize,
    /// The most work all steps together may do, rebuilds included, in
    /// tuples explored by the checks plus one for every 16 entries of the
    /// monoid tables built and compared on the way; past it,
    /// [`Error::CheckLimit`] (with this number as the limit).
    pub max_work: u64,
    /// The most rebuilds of the lifted construction (see the module
    /// documentation); past it, [`Error::Unsupported`].
    pub max_rebuilds: usize,
}

impl QuotientLimits {
    /// Whether every limit of `self` is at most that of `other` (a
    /// computation that stopped within `other` stops within `self` too).
    fn within(&self, other: &QuotientLimits) -> bool {
        self.max_order <= other.max_order
            && self.max_cycle <= other.max_cycle
            && self.max_states <= other.max_states
            && self.max_work <= other.max_work
            && self.max_rebuilds <= other.max_rebuilds
    }
}

impl Default for QuotientLimits {
    fn default() -> QuotientLimits {
        QuotientLimits {
            max_order: DEFAULT_MAX_ORDER,
            max_cycle: DEFAULT_MAX_CYCLE,
            max_states: crate::DEFAULT_MAX_STATES,
            max_work: u64::MAX,
            max_rebuilds: MAX_REBUILDS,
        }
    }
}

/// A finite commutative monoid (elements `0..order`, 0 the identity) with
/// a P-portion.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Monoid {
    order: usize,
    mul: Vec<u32>,
    p: Vec<bool>,
}

impl Monoid {
    fn mul(&self, a: u32, b: u32) -> u32 {
        self.mul[a as usize * self.order + b as usize]
    }

    /// The element of a sum of heaps, heap `h` being `pretend[h]`.
    fn image(&self, pretend: &[u32], parts: &[u64]) -> u32 {
        parts
            .iter()
            .fold(0, |acc, &h| self.mul(acc, pretend[h as usize]))
    }

    /// The multiplication table of `self × {1, t, ..., t^(i+p-1)}` with
    /// `t^(i+p) = t^i`: element `(q, t^k)` is `q·(i+p) + k`.
    fn cycle_product(&self, i: usize, p: usize) -> Vec<u32> {
        let len = i + p;
        let order = self.order * len;
        let red = |k: usize| if k < len { k } else { i + (k - i) % p };
        let mut mul = vec![0u32; order * order];
        for a in 0..order {
            let (qa, ka) = (a / len, a % len);
            for b in 0..order {
                let (qb, kb) = (b / len, b % len);
                let q = self.mul(qa as u32, qb as u32) as usize;
                mul[a * order + b] = (q * len + red(ka + kb)) as u32;
            }
        }
        mul
    }

    /// Merges the elements that no element tells apart (`xz ∈ P ⟺ yz ∈ P`
    /// for all `z`) and that have the same `key`: the merged monoid, each
    /// element's new element, and the first old element of each new one
    /// (the identity stays first).
    fn merge<K: std::hash::Hash + Eq>(
        &self,
        key: impl Fn(usize) -> K,
    ) -> (Monoid, Vec<u32>, Vec<usize>) {
        let m = self.order;
        let mut index: HashMap<(Vec<bool>, K), u32, rustc_hash::FxBuildHasher> = HashMap::default();
        let mut first = Vec::new();
        let class_of: Vec<u32> = (0..m)
            .map(|x| {
                let sig: Vec<bool> = (0..m)
                    .map(|z| self.p[self.mul(x as u32, z as u32) as usize])
                    .collect();
                let next = index.len() as u32;
                let c = *index.entry((sig, key(x))).or_insert(next);
                if c == next {
                    first.push(x);
                }
                c
            })
            .collect();
        let order = first.len();
        let mut mul = vec![0u32; order * order];
        for a in 0..order {
            for b in 0..order {
                let prod = self.mul(first[a] as u32, first[b] as u32);
                mul[a * order + b] = class_of[prod as usize];
            }
        }
        let p = first.iter().map(|&x| self.p[x]).collect();
        (Monoid { order, mul, p }, class_of, first)
    }
}

/// The representative with fewest tokens of each merged class (`class_of`
/// from [`Monoid::merge`], `order` classes).
fn merged_reps(reps: &[Vec<u64>], class_of: &[u32], order: usize) -> Vec<Vec<u64>> {
    let tokens = |r: &[u64]| r.iter().sum::<u64>();
    let mut out: Vec<Option<&Vec<u64>>> = vec![None; order];
    for (x, &c) in class_of.iter().enumerate() {
        let slot = &mut out[c as usize];
        if slot.is_none_or(|r| tokens(&reps[x]) < tokens(r)) {
            *slot = Some(&reps[x]);
        }
    }
    out.into_iter()
        .map(|r| r.cloned().unwrap_or_default())
        .collect()
}

/// Keeps each representative a sum with the fewest tokens in its class
/// once heap `n` has joined class `x`: a sum holding heap `n` is a smaller
/// sum plus `n`, so relaxing `rep(q·x) <- rep(q) + n` until nothing changes
/// finds the least (as shortest paths do).
fn relax_reps(monoid: &Monoid, reps: &mut [Vec<u64>], n: u64, x: u32) {
    let tokens = |r: &[u64]| r.iter().sum::<u64>();
    loop {
        let mut changed = false;
        for q in 0..monoid.order {
            let to = monoid.mul(q as u32, x) as usize;
            if tokens(&reps[q]) + n < tokens(&reps[to]) {
                let mut r = reps[q].clone();
                r.push(n);
                r.sort_unstable();
                reps[to] = r;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

/// The elements of the options of each element's representative (`reps`,
/// heap `h` being `pretend[h]` with options `options[h]`), for the outcome
/// rows of a new heap.
fn rep_options(
    monoid: &Monoid,
    pretend: &[u32],
    reps: &[Vec<u64>],
    options: &[Vec<Vec<u64>>],
) -> Vec<Vec<u32>> {
    reps.iter()
        .map(|rep| {
            let mut out = Vec::new();
            for (i, &h) in rep.iter().enumerate() {
                if i > 0 && rep[i - 1] == h {
                    continue;
                }
                let rest: Vec<u64> = rep[..i].iter().chain(&rep[i + 1..]).copied().collect();
                let base = monoid.image(pretend, &rest);
                for o in &options[h as usize] {
                    out.push(monoid.mul(base, monoid.image(pretend, o)));
                }
            }
            out.sort_unstable();
            out.dedup();
            out
        })
        .collect()
}

/// The misère quotient of a heap game restricted to heaps `0..=bound`,
/// with its presentation, P-portion and pretending function.
///
/// ```
/// use sprague::misere::{Quotient, QuotientLimits};
/// let nim = Quotient::compute(&"nim".parse()?, 3, &QuotientLimits::default())?;
/// assert_eq!(nim.order(), 6);
/// assert_eq!(nim.relations(), ["a^2 = 1", "b^3 = b"]);
/// assert_eq!(nim.p_portion(), ["a", "b^2"]);
/// assert_eq!(nim.pretend_word(3), "ab");
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Quotient {
    word: String,
    bound: u64,
    monoid: Monoid,
    /// The heap each generator stands for.
    generators: Vec<u64>,
    /// Each element's normal form: exponents of the generators.
    words: Vec<Vec<u32>>,
    /// Each heap's element.
    pretend: Vec<u32>,
}

impl Quotient {
    /// The misère quotient of the heap game `ruleset` restricted to heaps
    /// `0..=bound`, by the construction of the [module](self)
    /// documentation.
    ///
    /// Cost: for each heap, its options, and for each element tested a walk
    /// over the tuples of the check (at most `limits.max_states`).
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a ruleset that is not a heap game, or when
    /// a class would have to split (see the module documentation);
    /// [`Error::OrderLimit`] past `limits.max_order`; [`Error::CheckLimit`]
    /// when a check needs more than `limits.max_states` tuples; the errors
    /// of listing a heap's options.
    pub fn compute(
        ruleset: &Ruleset,
        bound: u64,
        limits: &QuotientLimits,
    ) -> Result<Quotient, Error> {
        Quotient::compute_with_progress(ruleset, bound, limits, &mut |_| {})
    }

    /// As [`Quotient::compute`], calling `progress` with each heap as it is
    /// added.
    ///
    /// # Errors
    /// As for [`Quotient::compute`].
    pub fn compute_with_progress(
        ruleset: &Ruleset,
        bound: u64,
        limits: &QuotientLimits,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Quotient, Error> {
        Quotient::compute_with_status(ruleset, bound, limits, &mut |heap, _| progress(heap))
    }

    /// As [`Quotient::compute`], calling `status(heap, order)` as each heap
    /// is added, with the order of the monoid built so far (before the heap
    /// joins it; where a class splits and the construction starts again
    /// from heap 0, the order of the monoid of the level being built).
    ///
    /// # Errors
    /// As for [`Quotient::compute`].
    pub fn compute_with_status(
        ruleset: &Ruleset,
        bound: u64,
        limits: &QuotientLimits,
        status: &mut dyn FnMut(u64, usize),
    ) -> Result<Quotient, Error> {
        let rules = heap_rules(ruleset)?;
        let b = build(Builder::new(ruleset.word()), rules, bound, limits, status)?;
        Ok(b.finish(bound))
    }

    /// The ruleset word.
    pub fn ruleset(&self) -> &str {
        &self.word
    }

    /// The largest heap covered.
    pub fn bound(&self) -> u64 {
        self.bound
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.monoid.order
    }

    /// The generators' names (`a`, `b`, ...) with the heap each stands
    /// for.
    pub fn generators(&self) -> Vec<(String, u64)> {
        self.generators
            .iter()
            .enumerate()
            .map(|(i, &h)| (generator_name(i), h))
            .collect()
    }

    /// The relations of the presentation, as `a^2 = 1`: each the least
    /// product of generators (by degree) that is not written in normal form,
    /// equated with its normal form. With the generators they determine the
    /// monoid.
    pub fn relations(&self) -> Vec<String> {
        let index: HashMap<&[u32], u32> = self
            .words
            .iter()
            .enumerate()
            .map(|(e, w)| (w.as_slice(), e as u32))
            .collect();
        let mut rels: Vec<(Vec<u32>, u32)> = Vec::new();
        for (e, w) in self.words.iter().enumerate() {
            for g in 0..self.generators.len() {
                let mut u = w.clone();
                u[g] += 1;
                if index.contains_key(u.as_slice()) {
                    continue;
                }
                // Minimal: every divisor by one generator is a normal form.
                let minimal = (0..u.len()).filter(|&j| u[j] > 0).all(|j| {
                    let mut d = u.clone();
                    d[j] -= 1;
                    index.contains_key(d.as_slice())
                });
                if minimal && !rels.iter().any(|(r, _)| *r == u) {
                    let g_elem = self.pretend[self.generators[g] as usize];
                    rels.push((u, self.monoid.mul(e as u32, g_elem)));
                }
            }
        }
        rels.sort_by(|(a, _), (b, _)| {
            let (da, db) = (a.iter().sum::<u32>(), b.iter().sum::<u32>());
            da.cmp(&db).then_with(|| b.cmp(a))
        });
        rels.iter()
            .map(|(u, e)| format!("{} = {}", write_word(u), self.element_word(*e)))
            .collect()
    }

    /// The elements of the P-portion, as words (by degree, then
    /// alphabetically).
    pub fn p_portion(&self) -> Vec<String> {
        self.sorted()
            .into_iter()
            .filter(|&e| self.monoid.p[e as usize])
            .map(|e| self.element_word(e))
            .collect()
    }

    /// Every element as its word, by degree, then alphabetically.
    pub fn elements(&self) -> Vec<String> {
        self.sorted()
            .into_iter()
            .map(|e| self.element_word(e))
            .collect()
    }

    /// The elements by the degree of their words, then alphabetically.
    fn sorted(&self) -> Vec<u32> {
        let mut all: Vec<u32> = (0..self.monoid.order as u32).collect();
        all.sort_by_key(|&e| {
            let w = &self.words[e as usize];
            (w.iter().sum::<u32>(), self.element_word(e))
        });
        all
    }

    /// An element as its normal-form word (`1`, `a`, `ab^2`).
    pub fn element_word(&self, e: u32) -> String {
        write_word(&self.words[e as usize])
    }

    /// The element of heap `heap` (the pretending function), or `None`
    /// past the bound.
    pub fn pretend(&self, heap: u64) -> Option<u32> {
        self.pretend.get(usize::try_from(heap).ok()?).copied()
    }

    /// The word of heap `heap`'s element; empty past the bound.
    pub fn pretend_word(&self, heap: u64) -> String {
        self.pretend(heap)
            .map(|e| self.element_word(e))
            .unwrap_or_default()
    }

    /// The product of two elements.
    pub fn mul(&self, a: u32, b: u32) -> u32 {
        self.monoid.mul(a, b)
    }

    /// Whether an element is in the P-portion.
    pub fn is_p(&self, e: u32) -> bool {
        self.monoid.p[e as usize]
    }

    /// The element of a sum of heaps, or `None` when one is past the bound.
    pub fn element_of(&self, heaps: &[u64]) -> Option<u32> {
        heaps
            .iter()
            .try_fold(0u32, |acc, &h| Some(self.mul(acc, self.pretend(h)?)))
    }
}

/// The name of generator `i`: `a` ... `z`, then `g27`, `g28`, ...
fn generator_name(i: usize) -> String {
    if i < 26 {
        ((b'a' + i as u8) as char).to_string()
    } else {
        format!("g{}", i + 1)
    }
}

fn write_word(exps: &[u32]) -> String {
    let mut s = String::new();
    for (i, &e) in exps.iter().enumerate() {
        match e {
            0 => {}
            1 => s += &generator_name(i),
            e => {
                let _ = write!(s, "{}^{e}", generator_name(i));
            }
        }
    }
    if s.is_empty() {
        s.push('1');
    }
    s
}

fn heap_rules(ruleset: &Ruleset) -> Result<&dyn HeapRules, Error> {
    ruleset.heap_rules().ok_or_else(|| {
        Error::Unsupported(format!(
            "{} is not a heap game: misère quotients are computed here for games whose every \
             heap is a game of its own",
            ruleset.word()
        ))
    })
}

/// The default most bytes the quotients kept between analyses may hold:
/// 256 MiB.
pub const DEFAULT_CACHE_BYTES: usize = 256 << 20;

/// Quotients kept between analyses, by ruleset: the builder, extended as
/// larger heaps are asked for; least recently used first.
static CACHE: Mutex<Vec<(String, Builder)>> = Mutex::new(Vec::new());

/// The most bytes [`CACHE`] holds (see [`set_cache_limit`]).
static CACHE_LIMIT: AtomicUsize = AtomicUsize::new(DEFAULT_CACHE_BYTES);

/// Sets the most bytes the quotients kept between analyses (of
/// `analyze --misere`, `genus`, `quotient`) may hold in this process
/// ([`DEFAULT_CACHE_BYTES`] unless set): past it the least recently used
/// are dropped (and computed again when asked for), and a quotient larger
/// than the whole bound is not kept. 0 keeps none. For a long-running
/// front end (the web server of `sprague serve`), so that memory used by
/// one request is given back.
pub fn set_cache_limit(bytes: usize) {
    CACHE_LIMIT.store(bytes, Ordering::Relaxed);
    if let Ok(mut cache) = CACHE.lock() {
        evict(&mut cache, bytes);
    }
}

/// The bytes the quotients kept between analyses hold now (an estimate
/// from their tables' capacities), never more than the bound of
/// [`set_cache_limit`].
pub fn cache_bytes() -> usize {
    CACHE.lock().map_or(0, |cache| {
        cache
            .iter()
            .map(|(k, b)| k.capacity() + b.heap_bytes())
            .sum()
    })
}

/// Drops the least recently used entries of `cache` (the first ones)
/// until it holds at most `limit` bytes.
fn evict(cache: &mut Vec<(String, Builder)>, limit: usize) {
    let mut total: usize = cache
        .iter()
        .map(|(k, b)| k.capacity() + b.heap_bytes())
        .sum();
    while total > limit && !cache.is_empty() {
        let (k, b) = cache.remove(0);
        total -= k.capacity() + b.heap_bytes();
    }
}

/// The quotient of `ruleset` covering heaps `0..=bound`, from the cache when
/// one covers them (a quotient of larger heaps decides sums of smaller ones
/// as well), else computed and kept (within the cache's bound).
///
/// # Errors
/// As for [`Quotient::compute`].
pub(crate) fn cached(
    ruleset: &Ruleset,
    bound: u64,
    limits: &QuotientLimits,
) -> Result<Arc<Quotient>, Error> {
    let rules = heap_rules(ruleset)?;
    let key = rules.canonical();
    let mut builder = {
        let cache = CACHE
            .lock()
            .map_err(|_| Error::Internal("quotient cache poisoned".into()))?;
        cache
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, b)| b.clone())
            .unwrap_or_else(|| Builder::new(ruleset.word()))
    };
    // The limits are for this call: the work of earlier extensions is
    // not counted again.
    builder.work = 0;
    let result = match build(builder.clone(), rules, bound, limits, &mut |_, _| {}) {
        Ok(b) => {
            builder = b;
            Ok(())
        }
        // A failure is kept with the limits it had (so a later call with
        // larger limits tries again); a time or memory limit or a fault is
        // not kept.
        Err(e @ (Error::TimeLimit | Error::MemoryLimit { .. } | Error::Internal(_))) => {
            return Err(e)
        }
        Err(e) => {
            builder.failed = Some((bound, e.clone(), *limits));
            Err(e)
        }
    };
    {
        let mut cache = CACHE
            .lock()
            .map_err(|_| Error::Internal("quotient cache poisoned".into()))?;
        // The entry of this ruleset moves to the end: the most recently
        // used.
        let kept = match cache.iter().position(|(k, _)| *k == key) {
            Some(i) => {
                let (k, b) = cache.remove(i);
                if b.pretend.len() <= builder.pretend.len() {
                    (k, builder.clone())
                } else {
                    (k, b)
                }
            }
            None => (key, builder.clone()),
        };
        cache.push(kept);
        evict(&mut cache, CACHE_LIMIT.load(Ordering::Relaxed));
    }
    result?;
    let covered = builder.covered().unwrap_or(0);
    let mut q = builder.finish(covered);
    q.word = ruleset.word().to_string();
    Ok(Arc::new(q))
}

/// Adds `entries` monoid-table entries (built or compared), counted as
/// one unit of work in [`QuotientLimits::max_work`] for every
/// [`ENTRIES_PER_UNIT`], to `work`.
pub(crate) fn charge(work: &mut u64, entries: u64, limits: &QuotientLimits) -> Result<(), Error> {
    *work = work.saturating_add(entries / ENTRIES_PER_UNIT);
    if *work > limits.max_work {
        return Err(Error::CheckLimit {
            limit: usize::try_from(limits.max_work).unwrap_or(usize::MAX),
            in_all: true,
        });
    }
    Ok(())
}

/// Monoid-table entries counted as one unit of work (about the cost of one
/// tuple of a proof check).
const ENTRIES_PER_UNIT: u64 = 16;
