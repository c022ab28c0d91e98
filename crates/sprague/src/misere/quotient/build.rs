//! The construction of the [module](super) documentation: the builder that
//! adds heaps one at a time, the check that proves each step, and the
//! lifted construction used where a class splits.

use std::collections::VecDeque;

use super::check::{joins_unchanged, verify};
use super::{charge, merged_reps, relax_reps, rep_options, Monoid, Quotient, QuotientLimits};
use crate::misere::genus::heap_options;
use crate::ruleset::HeapRules;
use crate::{Error, Limits};

/// The quotient under construction, heap by heap.
#[derive(Clone, Debug)]
pub(crate) struct Builder {
    word: String,
    monoid: Monoid,
    /// A sum of heaps (sorted) in each element's class with the fewest
    /// tokens (the outcome rule on representatives relies on it).
    reps: Vec<Vec<u64>>,
    generators: Vec<u64>,
    pub(super) pretend: Vec<u32>,
    options: Vec<Vec<Vec<u64>>>,
    option_images: Vec<Vec<u32>>,
    /// The heap at which the construction failed, with the error and the
    /// limits it had: asked again within no larger limits, it fails again.
    pub(super) failed: Option<(u64, Error, QuotientLimits)>,
    /// The heap at which a class would have had to split, if that is why
    /// it failed.
    split: Option<u64>,
    /// For each element, its exponents of the forced generators (kept
    /// apart by the reduction: the lifted construction).
    tags: Vec<Vec<u32>>,
    /// Heaps made generators whatever the test of candidates says, each
    /// with the least `i + p` of its cycle.
    forced: Vec<(u64, usize)>,
    /// Each generator's `i + p`.
    cycle_len: Vec<usize>,
    /// Tuples explored by the checks so far (this build and the ones
    /// before it in a rebuild).
    pub(super) work: u64,
}

impl Builder {
    pub(crate) fn new(word: &str) -> Builder {
        Builder {
            word: word.to_string(),
            monoid: Monoid {
                order: 1,
                mul: vec![0],
                p: vec![false],
            },
            reps: vec![Vec::new()],
            generators: Vec::new(),
            pretend: Vec::new(),
            options: Vec::new(),
            option_images: Vec::new(),
            failed: None,
            split: None,
            tags: vec![Vec::new()],
            forced: Vec::new(),
            cycle_len: Vec::new(),
            work: 0,
        }
    }

    /// A lifted builder: the heaps `forced` are generators, each with at
    /// least its cycle length, and their powers are kept apart until the
    /// end.
    fn lifted(word: &str, forced: Vec<(u64, usize)>) -> Builder {
        Builder {
            forced,
            ..Builder::new(word)
        }
    }

    /// The bytes this builder holds on the heap (its tables, by their
    /// capacities), for the bound of the quotient cache.
    pub(super) fn heap_bytes(&self) -> usize {
        fn nested<T>(v: &[Vec<T>]) -> usize {
            v.iter()
                .map(|x| x.capacity() * std::mem::size_of::<T>() + std::mem::size_of::<Vec<T>>())
                .sum()
        }
        self.word.capacity()
            + self.monoid.mul.capacity() * 4
            + self.monoid.p.capacity()
            + nested(&self.reps)
            + self.generators.capacity() * 8
            + self.pretend.capacity() * 4
            + self
                .options
                .iter()
                .map(|o| nested(o) + std::mem::size_of::<Vec<Vec<u64>>>())
                .sum::<usize>()
            + nested(&self.option_images)
            + nested(&self.tags)
            + self.forced.capacity() * 16
            + self.cycle_len.capacity() * 8
    }

    /// The largest heap covered so far (`None` before heap 0).
    pub(super) fn covered(&self) -> Option<u64> {
        (self.pretend.len() as u64).checked_sub(1)
    }

    pub(crate) fn extend_to(
        &mut self,
        rules: &dyn HeapRules,
        bound: u64,
        limits: &QuotientLimits,
        progress: &mut dyn FnMut(u64, usize),
    ) -> Result<(), Error> {
        if let Some((heap, e, had)) = &self.failed {
            if *heap <= bound && limits.within(had) {
                return Err(e.clone());
            }
        }
        self.failed = None;
        while self.covered().is_none_or(|c| c < bound) {
            crate::budget::check()?;
            let n = self.pretend.len() as u64;
            progress(n, self.monoid.order);
            if let Err(e) = self.add_heap(rules, n, limits) {
                if !matches!(
                    e,
                    Error::TimeLimit | Error::MemoryLimit { .. } | Error::Internal(_)
                ) {
                    self.failed = Some((n, e.clone(), *limits));
                }
                return Err(e);
            }
        }
        Ok(())
    }

    pub(super) fn finish(&self, bound: u64) -> Quotient {
        let mut done = self.clone();
        if !done.forced.is_empty() {
            done.tags = vec![Vec::new(); done.monoid.order];
            done.reduce();
            done.drop_redundant_generators();
        }
        let words = normal_forms(&done.monoid, &done.generators, &done.pretend);
        Quotient {
            word: done.word.clone(),
            bound,
            monoid: done.monoid,
            generators: done.generators,
            words,
            pretend: done.pretend[..=bound as usize].to_vec(),
        }
    }

    /// The quotient of heaps `0..=bound` by the refinement construction
    /// (`refine.rs`), as a builder that later heaps extend as usual.
    fn refined(
        word: &str,
        rules: &dyn HeapRules,
        bound: u64,
        limits: &QuotientLimits,
        progress: &mut dyn FnMut(u64, usize),
    ) -> Result<Builder, Error> {
        let lim = listing_limits(limits);
        let options = (0..=bound)
            .map(|h| heap_options(rules, h, &lim))
            .collect::<Result<Vec<_>, Error>>()?;
        let (monoid, pretend) = super::refine::quotient(word, &options, limits, progress)?;
        if monoid.order > limits.max_order {
            return Err(Error::OrderLimit {
                ruleset: word.to_string(),
                heap: bound,
                limit: limits.max_order,
            });
        }
        let option_images = options
            .iter()
            .map(|opts| {
                let mut imgs: Vec<u32> = opts
                    .iter()
                    .map(|o| {
                        o.iter()
                            .fold(0, |acc, &h| monoid.mul(acc, pretend[h as usize]))
                    })
                    .collect();
                imgs.sort_unstable();
                imgs.dedup();
                imgs
            })
            .collect();
        let reps = super::refine::fewest_tokens(&monoid, &pretend, &options);
        // Generators: each heap whose element the heaps before it do not
        // reach, with the index plus period of its powers.
        let mut generators = Vec::new();
        let mut cycle_len = Vec::new();
        for h in 0..=bound {
            if options[h as usize].is_empty() {
                continue;
            }
            let reached = normal_forms(&monoid, &generators, &pretend);
            let e = pretend[h as usize];
            if e != 0 && reached[e as usize].iter().all(|&x| x == 0) {
                generators.push(h);
                let mut seen = vec![0u32];
                let mut x = 0;
                loop {
                    x = monoid.mul(x, e);
                    if seen.contains(&x) {
                        break;
                    }
                    seen.push(x);
                }
                cycle_len.push(seen.len());
            }
        }
        Ok(Builder {
            word: word.to_string(),
            tags: vec![Vec::new(); monoid.order],
            monoid,
            reps,
            generators,
            pretend,
            options,
            option_images,
            failed: None,
            split: None,
            forced: Vec::new(),
            cycle_len,
            work: 0,
        })
    }

    /// Drops the generators whose element the generators before them
    /// already reach (after the final reduction of a lifted construction).
    fn drop_redundant_generators(&mut self) {
        let mut kept: Vec<u64> = Vec::new();
        for &g in &self.generators {
            let reached = normal_forms(&self.monoid, &kept, &self.pretend);
            let e = self.pretend[g as usize] as usize;
            let reachable = e == 0 || reached[e].iter().any(|&x| x > 0);
            if !reachable {
                kept.push(g);
            }
        }
        self.generators = kept;
    }

    fn image(&self, parts: &[u64]) -> u32 {
        self.monoid.image(&self.pretend, parts)
    }

    fn add_heap(
        &mut self,
        rules: &dyn HeapRules,
        n: u64,
        limits: &QuotientLimits,
    ) -> Result<(), Error> {
        let lim = listing_limits(limits);
        let opts = heap_options(rules, n, &lim)?;
        let mut images: Vec<u32> = opts.iter().map(|o| self.image(o)).collect();
        images.sort_unstable();
        images.dedup();
        self.options.push(opts);
        if self.options[n as usize].is_empty() {
            // A heap with no move is the empty game.
            self.pretend.push(0);
            self.option_images.push(images);
            return Ok(());
        }
        // The outcome of each representative plus one to `max_cycle` copies of
        // heap n, by the outcome rule (supposing the classes hold), then the
        // test of every candidate against every element.
        let order = self.monoid.order as u64;
        // The rows look at each option's element once per element and copy
        // (distinct elements only); the elements themselves cost one entry
        // per option.
        let opts_count = self.options[n as usize].len() as u64;
        charge(
            &mut self.work,
            order
                .saturating_mul(images.len() as u64 * limits.max_cycle as u64 + order)
                .saturating_add(opts_count),
            limits,
        )?;
        let table = self.outcomes_with(n, &images, limits.max_cycle);
        let forced = self
            .forced
            .iter()
            .find(|(h, _)| *h == n)
            .map(|&(_, len)| len);
        // 1. Test the candidates.
        for x in 0..self.monoid.order as u32 {
            if forced.is_some() {
                break;
            }
            let fits = (0..self.monoid.order as u32)
                .all(|y| self.monoid.p[self.monoid.mul(x, y) as usize] == table[1][y as usize]);
            if !fits {
                continue;
            }
            // The quotient so far passed its check; a heap adding nothing
            // to it passes without a new one.
            let class: Vec<&[u32]> = (0..self.pretend.len())
                .filter(|&h| self.pretend[h] == x && !self.options[h].is_empty())
                .map(|h| self.option_images[h].as_slice())
                .collect();
            let unchanged = joins_unchanged(&self.monoid, &class, &images);
            self.pretend.push(x);
            self.option_images.push(images.clone());
            if unchanged || verify(&self.monoid, &self.classes(), None, limits, &mut self.work)? {
                relax_reps(&self.monoid, &mut self.reps, n, x);
                return Ok(());
            }
            self.pretend.pop();
            self.option_images.pop();
        }
        // 2. Extend by a new generator t with t^(i+p) = t^i.
        self.option_images.push(images);
        for len in forced.unwrap_or(2).max(2)..=limits.max_cycle {
            for i in 0..len {
                let p = len - i;
                // Necessary: the representatives agree at t^(i+p) and t^i.
                if len < table.len() && (0..self.monoid.order).any(|q| table[len][q] != table[i][q])
                {
                    continue;
                }
                if self.monoid.order * len > limits.max_order.saturating_mul(limits.max_cycle) {
                    return Err(self.order_limit(n, limits));
                }
                let product_order = (self.monoid.order * len) as u64;
                charge(
                    &mut self.work,
                    product_order.saturating_mul(product_order),
                    limits,
                )?;
                let (product, reps) = self.product(n, i, p, &table);
                let mut trial = self.clone();
                trial.monoid = product;
                trial.reps = reps;
                trial.tags = (0..trial.monoid.order)
                    .map(|e| {
                        let mut t = self.tags[e / len].clone();
                        if forced.is_some() {
                            t.push((e % len) as u32);
                        }
                        t
                    })
                    .collect();
                // Old elements q become (q, t^0) = q·len; heap n is (1, t).
                for e in &mut trial.pretend {
                    *e *= len as u32;
                }
                for imgs in &mut trial.option_images {
                    for e in imgs.iter_mut() {
                        *e *= len as u32;
                    }
                }
                trial.pretend.push(1);
                if verify(
                    &trial.monoid,
                    &trial.classes(),
                    None,
                    limits,
                    &mut trial.work,
                )? {
                    trial.reduce();
                    trial.generators.push(n);
                    trial.cycle_len.push(len);
                    if trial.monoid.order > limits.max_order {
                        return Err(self.order_limit(n, limits));
                    }
                    *self = trial;
                    return Ok(());
                }
            }
        }
        // The callers go on by another construction (`build`).
        self.split = Some(n);
        Err(Error::Unsupported(format!(
            "{} heap {n}: a class of the misère quotient of heaps 0..={} splits",
            self.word,
            n.saturating_sub(1)
        )))
    }

    fn order_limit(&self, n: u64, limits: &QuotientLimits) -> Error {
        Error::OrderLimit {
            ruleset: self.word.clone(),
            heap: n,
            limit: limits.max_order,
        }
    }

    /// `table[k][q]`: whether the representative of `q` plus `k` heaps of
    /// `n` is a misère P-position, by the outcome rule, supposing the
    /// present classes describe every sum with copies of heap `n`.
    fn outcomes_with(&self, n: u64, images: &[u32], max_k: usize) -> Vec<Vec<bool>> {
        let order = self.monoid.order;
        let mut by_tokens: Vec<u32> = (0..order as u32).collect();
        by_tokens.sort_by_key(|&q| self.reps[q as usize].iter().sum::<u64>());
        let rep_options = rep_options(&self.monoid, &self.pretend, &self.reps, &self.options);
        let _ = n;
        let mut table = vec![self.monoid.p.clone()];
        for k in 1..=max_k {
            let mut row = vec![false; order];
            for &q in &by_tokens {
                let q = q as usize;
                let via_rep = rep_options[q].iter().any(|&o| row[o as usize]);
                let via_heap = images
                    .iter()
                    .any(|&o| table[k - 1][self.monoid.mul(q as u32, o) as usize]);
                row[q] = !via_rep && !via_heap;
            }
            table.push(row);
        }
        table
    }

    /// The monoid `Q × {1, t, ..., t^(i+p-1)}` with `t^(i+p) = t^i`, its
    /// P-portion from `table`, and its representatives.
    fn product(&self, n: u64, i: usize, p: usize, table: &[Vec<bool>]) -> (Monoid, Vec<Vec<u64>>) {
        let m = self.monoid.order;
        let len = i + p;
        let order = m * len;
        let mul = self.monoid.cycle_product(i, p);
        let mut pp = vec![false; order];
        let mut reps = vec![Vec::new(); order];
        for q in 0..m {
            for k in 0..len {
                pp[q * len + k] = table[k][q];
                let mut r = self.reps[q].clone();
                r.extend(std::iter::repeat_n(n, k));
                r.sort_unstable();
                reps[q * len + k] = r;
            }
        }
        (Monoid { order, mul, p: pp }, reps)
    }

    /// Heaps with a move, grouped by element: each element with the option
    /// elements of every heap in its class.
    fn classes(&self) -> Vec<(u32, Vec<Vec<u32>>)> {
        let mut by: Vec<(u32, Vec<Vec<u32>>)> = Vec::new();
        for (h, &e) in self.pretend.iter().enumerate() {
            if self.options[h].is_empty() {
                continue;
            }
            match by.iter_mut().find(|(x, _)| *x == e) {
                Some((_, v)) => v.push(self.option_images[h].clone()),
                None => by.push((e, vec![self.option_images[h].clone()])),
            }
        }
        by
    }

    /// Merges indistinguishable elements (`xz ∈ P ⟺ yz ∈ P` for all `z`),
    /// keeping the identity first and the representative with fewest
    /// tokens.
    fn reduce(&mut self) {
        let (monoid, class_of, first) = self.monoid.merge(|x| self.tags[x].clone());
        self.reps = merged_reps(&self.reps, &class_of, monoid.order);
        self.tags = first.iter().map(|&x| self.tags[x].clone()).collect();
        self.monoid = monoid;
        for e in &mut self.pretend {
            *e = class_of[*e as usize];
        }
        for imgs in &mut self.option_images {
            for e in imgs.iter_mut() {
                *e = class_of[*e as usize];
            }
            imgs.sort_unstable();
            imgs.dedup();
        }
    }
}

/// Each element's normal form: the first product of generators reaching it
/// in order of degree (generators in order within a degree).
pub(super) fn normal_forms(monoid: &Monoid, generators: &[u64], pretend: &[u32]) -> Vec<Vec<u32>> {
    let g = generators.len();
    let mut words: Vec<Option<Vec<u32>>> = vec![None; monoid.order];
    words[0] = Some(vec![0; g]);
    let mut queue = VecDeque::from([0u32]);
    while let Some(e) = queue.pop_front() {
        let w = words[e as usize].clone().unwrap_or_default();
        for (j, &h) in generators.iter().enumerate() {
            let f = monoid.mul(e, pretend[h as usize]) as usize;
            if words[f].is_none() {
                let mut u = w.clone();
                u[j] += 1;
                words[f] = Some(u);
                queue.push_back(f as u32);
            }
        }
    }
    words
        .into_iter()
        .map(|w| w.unwrap_or_else(|| vec![0; g]))
        .collect()
}

/// The default of [`QuotientLimits::max_rebuilds`].
pub const MAX_REBUILDS: usize = 256;

/// The error where both constructions stop: the refinement's (`refined`,
/// naming the heap where it stopped and why) and the heap `n` the lifted
/// construction could not pass.
fn split_error(n: u64, refined: &str) -> Error {
    Error::Unsupported(format!(
        "{refined}, and the lifted construction (classes kept apart, heaps made generators, \
         longer cycles) found no quotient past heap {} within {MAX_REBUILDS} rebuilds",
        n.saturating_sub(1)
    ))
}

/// Options a quotient may keep per state of [`QuotientLimits::max_states`]
/// ([`Error::OptionLimit`]): every option of every heap is kept, about
/// 130 bytes each, and an octal game's heap of n has about n of them, so
/// memory grows with the square of the largest heap.
pub(super) const QUOTIENT_OPTIONS_PER_STATE: u64 = 2;

/// Counts the options of heaps `from..=bound` with the `kept` ones of the
/// heaps before, before any is stored or any check is run:
/// [`Error::OptionLimit`] when they pass the budget of
/// [`QUOTIENT_OPTIONS_PER_STATE`] a state. A heap with no option still
/// counts one (the quotient keeps a list and an element for every heap,
/// and a game whose large heaps have no moves, such as `octal:.10110`,
/// would otherwise be counted heap by heap to 2^64 - 1); counting stops at
/// the budget, so a huge `bound` costs no more than the heaps the budget
/// allows.
pub(super) fn check_option_budget(
    word: &str,
    rules: &dyn HeapRules,
    from: u64,
    bound: u64,
    kept: u64,
    limits: &QuotientLimits,
) -> Result<(), Error> {
    let budget = option_budget(limits);
    let over = || Error::OptionLimit {
        ruleset: word.to_string(),
        what: "the misère quotient".to_string(),
        heap: bound,
        limit: budget,
        per_state: QUOTIENT_OPTIONS_PER_STATE,
    };
    let lim = listing_limits(limits);
    let mut listed = kept;
    for h in from..=bound {
        crate::budget::check()?;
        // One heap with more options than the whole budget.
        let opts = heap_options(rules, h, &lim).map_err(|e| match e {
            Error::StateLimit { .. } => over(),
            e => e,
        })?;
        listed = listed.saturating_add((opts.len() as u64).max(1));
        if listed > budget {
            return Err(over());
        }
    }
    Ok(())
}

/// The most options a quotient keeps: [`QUOTIENT_OPTIONS_PER_STATE`] a
/// state of `limits.max_states`.
fn option_budget(limits: &QuotientLimits) -> u64 {
    (limits.max_states as u64).saturating_mul(QUOTIENT_OPTIONS_PER_STATE)
}

/// The limits for listing one heap's options: at most the whole option
/// budget ([`QUOTIENT_OPTIONS_PER_STATE`] a state), which
/// [`check_option_budget`] enforces first.
pub(super) fn listing_limits(limits: &QuotientLimits) -> Limits {
    let budget = option_budget(limits);
    Limits {
        max_states: usize::try_from(budget).unwrap_or(usize::MAX),
        ..Limits::default()
    }
}

pub(super) fn build(
    mut b: Builder,
    rules: &dyn HeapRules,
    bound: u64,
    limits: &QuotientLimits,
    progress: &mut dyn FnMut(u64, usize),
) -> Result<Builder, Error> {
    let kept: u64 = b.options.iter().map(|o| (o.len() as u64).max(1)).sum();
    check_option_budget(&b.word, rules, b.options.len() as u64, bound, kept, limits)?;
    match b.extend_to(rules, bound, limits, progress) {
        Ok(()) => return Ok(b),
        Err(e) if b.split.is_none() => return Err(e),
        Err(_) => {}
    }
    // A class splits: the refinement construction, from heap 0 (`refine.rs`).
    let refined = Builder::refined(&b.word, rules, bound, limits, progress);
    let refine_error = match refined {
        Ok(r) => return Ok(r),
        Err(e) => e,
    };
    // A limit is the user's to raise (the message names it); the lifted
    // construction below is tried only where the refinement gives up.
    let Error::Unsupported(refined) = refine_error else {
        return Err(refine_error);
    };
    let word = b.word.clone();
    let mut forced = b.forced.clone();
    let mut rebuilds = 0;
    let mut spent = b.work;
    loop {
        let mut b = Builder::lifted(&word, forced.clone());
        b.work = spent;
        let result = b.extend_to(rules, bound, limits, progress);
        spent = b.work;
        match result {
            Ok(()) => return Ok(b),
            Err(e) if b.split.is_none() => return Err(e),
            Err(_) => {}
        }
        let n = b.split.unwrap_or(bound);
        // What to keep apart: a longer cycle for a generator, or a heap
        // that fitted an element made a generator.
        let mut candidates: Vec<Vec<(u64, usize)>> = Vec::new();
        for (g, &h) in b.generators.iter().enumerate() {
            let mut c: Vec<(u64, usize)> = forced.iter().copied().filter(|f| f.0 != h).collect();
            c.push((h, b.cycle_len[g] + 1));
            candidates.push(c);
        }
        for h in 1..n {
            let fitted = !b.generators.contains(&h) && !b.options[h as usize].is_empty();
            if fitted {
                let mut c = forced.clone();
                c.push((h, 2));
                candidates.push(c);
            }
        }
        // Last, every generator kept apart from the others (no relation
        // between generators until the end).
        let mut all = forced.clone();
        for (g, &h) in b.generators.iter().enumerate() {
            if !all.iter().any(|f| f.0 == h) {
                all.push((h, b.cycle_len[g]));
            }
        }
        candidates.push(all);
        let mut advanced = false;
        for c in candidates {
            rebuilds += 1;
            if rebuilds > limits.max_rebuilds {
                return Err(split_error(n, &refined));
            }
            let mut t = Builder::lifted(&word, c.clone());
            t.work = spent;
            let result = t.extend_to(rules, n, limits, &mut |_, _| {});
            spent = t.work;
            match result {
                Ok(()) => {
                    forced = c;
                    advanced = true;
                    break;
                }
                Err(e) if t.split.is_none() => return Err(e),
                Err(_) => {}
            }
        }
        if !advanced {
            return Err(split_error(n, &refined));
        }
    }
}
