//! The refinement construction: the quotient of heaps `0..=n` when a class
//! of the quotient of heaps `0..=n-1` splits (see the [module](super)
//! documentation, "When a class splits").
//!
//! # The idea
//! Write a sum of heaps `0..=n` as `Y + k·h`, `h` heap `n` and `Y` a sum of
//! smaller heaps. Whether `Y + k·h` is a misère P-position, as a property
//! of `Y`, is a language `L_k` of sums of heaps `0..=n-1`; the quotient of
//! heaps `0..=n` is the classes of `Y` that tell every `L_k` apart, times
//! the powers of `h` (which repeat: `L_(i+p) = L_i`). By the outcome rule,
//! `Y` is in `L_k` (`k ≥ 1`) exactly when
//!
//! - every `Y + O` with `O` an option of `h` is outside `L_(k-1)` (moves
//!   in `h`), and
//! - no option of `Y` is in `L_k` (moves in `Y`).
//!
//! The first condition depends only on the class of `Y` in a monoid that
//! recognizes `L_(k-1)`; the second is the outcome rule of a game played on
//! `Y` alone. So `L_k` is a language of the same kind as the P-positions
//! themselves, `L(S) = {Y : [Y] ∈ S and no option of Y is in L(S)}`, with a
//! *terminal set* `S` of elements of a base monoid in place of "`Y` has a
//! move". A [`Level`] is the monoid of such a language, built heap by heap
//! over a base exactly as the quotient is, and refining the base (each
//! element maps to one base element, `mu`). Where a class splits inside a
//! level, the same decomposition is applied there, over fewer heaps: the
//! recursion ends because each level covers fewer heaps than the one that
//! asked for it.
//!
//! Each level is proven by the check (`check.rs`) with its
//! terminal set, and the final monoid is checked again, so a wrong step is
//! an error, never a wrong quotient.

use super::check::{joins_unchanged, verify_remembered, Memo};
use super::{charge, merged_reps, relax_reps, rep_options, Monoid, QuotientLimits};
use crate::Error;

/// The end of the message of [`Error::Unsupported`] where the powers of a
/// heap do not repeat within [`QuotientLimits::max_cycle`] (what a longer
/// cycle may mend, so a front end may say how to ask for one).
pub const NO_REPEAT: &str = "copies of it do not repeat";

/// The monoid of a language `L(S)` over the sums of heaps `0..pretend.len()`,
/// refining a base.
#[derive(Clone, Debug)]
pub(super) struct Level {
    /// The monoid; its `p` is membership of `L(S)`.
    pub(super) monoid: Monoid,
    /// Each element's element of the base.
    pub(super) mu: Vec<u32>,
    /// Each heap's element.
    pub(super) pretend: Vec<u32>,
    /// A sum with the fewest tokens in each class.
    reps: Vec<Vec<u64>>,
    /// Each heap's options' distinct elements, increasing (empty for a
    /// heap with no move), kept with `pretend` so that the check's classes
    /// are not computed from every option again for every heap.
    images: Vec<Vec<u32>>,
}

/// What a level refines: a monoid, each heap's element in it and the
/// terminal set `S`.
pub(super) struct Base<'a> {
    pub(super) monoid: &'a Monoid,
    pub(super) phi: &'a [u32],
    pub(super) terminal: &'a [bool],
}

/// What every level shares: the heaps' options (each a sorted sum of
/// smaller heaps), the limits and the work done so far.
pub(super) struct Ctx<'a> {
    pub(super) options: &'a [Vec<Vec<u64>>],
    pub(super) limits: &'a QuotientLimits,
    pub(super) work: u64,
    /// The answers of the large checks made so far.
    pub(super) memo: Memo,
}

/// The misère quotient of the heaps whose options are `options` (heap `h`
/// has `options[h]`), by levels: the monoid and each heap's element.
/// `progress` is called with each heap as it is added.
///
/// # Errors
/// [`Error::OrderLimit`] when a level passes `limits.max_order` times
/// [`QuotientLimits::max_cycle`] elements (the quotient itself is checked by the caller),
/// [`Error::CheckLimit`] past the check's limits, [`Error::Unsupported`]
/// when the powers of a heap do not repeat within [`QuotientLimits::max_cycle`].
pub(super) fn quotient(
    word: &str,
    options: &[Vec<Vec<u64>>],
    limits: &QuotientLimits,
    progress: &mut dyn FnMut(u64, usize),
) -> Result<(Monoid, Vec<u32>), Error> {
    // The base of misère play: the empty sum (0) and every other (1); a
    // sum may be a P-position only when it is not empty.
    let misere = Monoid {
        order: 2,
        mul: vec![0, 1, 1, 1],
        p: vec![false, false],
    };
    let phi: Vec<u32> = options.iter().map(|o| u32::from(!o.is_empty())).collect();
    let base = Base {
        monoid: &misere,
        phi: &phi,
        terminal: &[false, true],
    };
    let mut ctx = Ctx {
        options,
        limits,
        work: 0,
        memo: Memo::default(),
    };
    let mut level = Level::empty(&base);
    for h in 0..options.len() as u64 {
        crate::budget::check()?;
        progress(h, level.order());
        level = level.add_heap(&base, h, &mut ctx).map_err(|e| match e {
            Error::OrderLimit { limit, .. } => Error::OrderLimit {
                ruleset: word.to_string(),
                heap: h,
                limit,
            },
            Error::Unsupported(why) => Error::Unsupported(format!(
                "{word} heap {h}: the refinement construction stops ({why})"
            )),
            e => e,
        })?;
    }
    // The empty sum was kept apart from the sums equal to it (their base
    // elements differ); the quotient does not tell them apart.
    level.reduce(false);
    Ok((level.monoid, level.pretend))
}

impl Level {
    /// The level of no heaps: the empty sum alone.
    pub(super) fn empty(base: &Base) -> Level {
        Level {
            monoid: Monoid {
                order: 1,
                mul: vec![0],
                p: vec![base.terminal[0]],
            },
            mu: vec![0],
            pretend: Vec::new(),
            reps: vec![Vec::new()],
            images: Vec::new(),
        }
    }

    pub(super) fn order(&self) -> usize {
        self.monoid.order
    }

    /// The element of a sum of heaps covered.
    pub(super) fn image(&self, parts: &[u64]) -> u32 {
        self.monoid.image(&self.pretend, parts)
    }

    /// The terminal flag of each element.
    fn terminal(&self, base: &Base) -> Vec<bool> {
        self.mu.iter().map(|&m| base.terminal[m as usize]).collect()
    }

    /// Heaps with a move, grouped by element, with the elements of every
    /// heap's options (for the check).
    fn classes(&self, options: &[Vec<Vec<u64>>]) -> Vec<(u32, Vec<Vec<u32>>)> {
        debug_assert!(
            self.images.len() == self.pretend.len()
                && (0..self.pretend.len())
                    .all(|h| self.images[h] == self.option_images(&options[h]))
        );
        let mut by: Vec<(u32, Vec<Vec<u32>>)> = Vec::new();
        for (imgs, &e) in self.images.iter().zip(&self.pretend) {
            if imgs.is_empty() {
                continue;
            }
            match by.iter_mut().find(|(x, _)| *x == e) {
                Some((_, v)) => v.push(imgs.clone()),
                None => by.push((e, vec![imgs.clone()])),
            }
        }
        by
    }

    /// The distinct elements of `opts` (sums of heaps covered), increasing.
    fn option_images(&self, opts: &[Vec<u64>]) -> Vec<u32> {
        let mut imgs: Vec<u32> = opts.iter().map(|o| self.image(o)).collect();
        imgs.sort_unstable();
        imgs.dedup();
        imgs
    }

    /// Whether this level (with its terminal flags) is proven by the check.
    fn proven(&self, base: &Base, ctx: &mut Ctx) -> Result<bool, Error> {
        let classes = self.classes(ctx.options);
        let terminal = self.terminal(base);
        verify_remembered(
            &self.monoid,
            &classes,
            Some(&terminal),
            ctx.limits,
            &mut ctx.work,
            &mut ctx.memo,
        )
    }

    /// `rows[k][q]`: whether the representative of `q` plus `k` copies of
    /// heap `h` (options' elements `images`) is in the language, by the
    /// outcome rule, supposing the present classes describe those sums;
    /// `powers[k]` is the base element of `k` copies of `h`.
    fn rows(
        &self,
        base: &Base,
        images: &[u32],
        powers: &[u32],
        options: &[Vec<Vec<u64>>],
    ) -> Vec<Vec<bool>> {
        let order = self.order();
        let mut by_tokens: Vec<usize> = (0..order).collect();
        by_tokens.sort_by_key(|&q| self.reps[q].iter().sum::<u64>());
        let rep_options = rep_options(&self.monoid, &self.pretend, &self.reps, options);
        let mut rows = vec![self.monoid.p.clone()];
        for &power in &powers[1..] {
            let mut row = vec![false; order];
            for &q in &by_tokens {
                let m = base.monoid.mul(self.mu[q], power);
                let via_rep = rep_options[q].iter().any(|&o| row[o as usize]);
                let prev = &rows[rows.len() - 1];
                let via_heap = images
                    .iter()
                    .any(|&o| prev[self.monoid.mul(q as u32, o) as usize]);
                row[q] = base.terminal[m as usize] && !via_rep && !via_heap;
            }
            rows.push(row);
        }
        rows
    }

    /// Adds heap `h`: into an element that fits (proven), else as a new
    /// generator with a cycle (proven), else by the decomposition of the
    /// module documentation.
    pub(super) fn add_heap(mut self, base: &Base, h: u64, ctx: &mut Ctx) -> Result<Level, Error> {
        debug_assert_eq!(self.pretend.len() as u64, h);
        let opts = &ctx.options[h as usize];
        if opts.is_empty() {
            // A heap with no move is the empty sum.
            self.pretend.push(0);
            self.images.push(Vec::new());
            return Ok(self);
        }
        let phi = base.phi[h as usize];
        let mut powers = vec![0u32];
        for _ in 0..ctx.limits.max_cycle {
            let last = powers[powers.len() - 1];
            powers.push(base.monoid.mul(last, phi));
        }
        let images = self.option_images(opts);
        let order = self.order() as u64;
        // As in the builder: distinct option elements per row, one entry
        // per option for the elements themselves.
        charge(
            &mut ctx.work,
            order
                .saturating_mul(images.len() as u64 * ctx.limits.max_cycle as u64 + order)
                .saturating_add(opts.len() as u64),
            ctx.limits,
        )?;
        let rows = self.rows(base, &images, &powers, ctx.options);
        // 1. An element that fits.
        for x in 0..self.order() as u32 {
            if self.mu[x as usize] != phi {
                continue;
            }
            let fits = (0..self.order() as u32)
                .all(|y| self.monoid.p[self.monoid.mul(x, y) as usize] == rows[1][y as usize]);
            if !fits {
                continue;
            }
            // This level passed its check; a heap adding nothing to it
            // passes without a new one.
            let class: Vec<&[u32]> = (self.images.iter().zip(&self.pretend))
                .filter(|&(imgs, &e)| e == x && !imgs.is_empty())
                .map(|(imgs, _)| imgs.as_slice())
                .collect();
            let unchanged = joins_unchanged(&self.monoid, &class, &images);
            let mut trial = self.clone();
            trial.pretend.push(x);
            trial.images.push(images.clone());
            if unchanged || trial.proven(base, ctx)? {
                relax_reps(&trial.monoid, &mut trial.reps, h, x);
                return Ok(trial);
            }
        }
        // 2. A new generator t with t^(i+p) = t^i, the classes kept.
        for len in 2..=ctx.limits.max_cycle {
            for i in 0..len {
                let p = len - i;
                if powers[len] != powers[i] || (0..self.order()).any(|q| rows[len][q] != rows[i][q])
                {
                    continue;
                }
                admit_product(self.order(), len, ctx)?;
                let mut trial = self.with_cycle(base, opts, i, p, &powers, |t, q| rows[t][q]);
                trial.reduce(true);
                trial.fewest_tokens(ctx.options);
                if trial.proven(base, ctx)? {
                    return Ok(trial);
                }
            }
        }
        // 3. A class splits: the decomposition.
        self.decompose(base, h, &powers, ctx)
    }

    /// The monoid `self × {1, t, ..., t^(i+p-1)}` with `t^(i+p) = t^i` and
    /// the next heap `h` (its options `opts`) as `t`, the element `(q, t^k)`
    /// in the language when `in_l(k, q)`.
    fn with_cycle(
        &self,
        base: &Base,
        opts: &[Vec<u64>],
        i: usize,
        p: usize,
        powers: &[u32],
        in_l: impl Fn(usize, usize) -> bool,
    ) -> Level {
        let h = self.pretend.len() as u64;
        let m = self.order();
        let len = i + p;
        let order = m * len;
        let mul = self.monoid.cycle_product(i, p);
        let mut pp = vec![false; order];
        let mut mu = vec![0u32; order];
        let mut reps = vec![Vec::new(); order];
        for q in 0..m {
            for (k, &power) in powers[..len].iter().enumerate() {
                let e = q * len + k;
                pp[e] = in_l(k, q);
                mu[e] = base.monoid.mul(self.mu[q], power);
                let mut r = self.reps[q].clone();
                r.extend(std::iter::repeat_n(h, k));
                r.sort_unstable();
                reps[e] = r;
            }
        }
        let mut pretend: Vec<u32> = self.pretend.iter().map(|&e| e * len as u32).collect();
        pretend.push(1);
        // Old elements q are (q, t^0) = q·len, an order-preserving map.
        let mut images: Vec<Vec<u32>> = self
            .images
            .iter()
            .map(|imgs| imgs.iter().map(|&e| e * len as u32).collect())
            .collect();
        let mut level = Level {
            monoid: Monoid { order, mul, p: pp },
            mu,
            pretend,
            reps,
            images: Vec::new(),
        };
        images.push(level.option_images(opts));
        level.images = images;
        level
    }

    /// Adds heap `h` where a class splits: the languages `L_k` of the
    /// module documentation, each by a level over heaps `0..h` whose base
    /// is the level of `L_(k-1)`, until `L_k = L_i` (and the base elements
    /// of `k` and `i` copies of `h` agree).
    fn decompose(self, base: &Base, h: u64, powers: &[u32], ctx: &mut Ctx) -> Result<Level, Error> {
        let opts = &ctx.options[h as usize];
        // levels[k] recognizes L_k and refines levels[k - 1]; levels[0] is
        // this level.
        let mut levels = vec![self];
        let mut found = None;
        for k in 1..=ctx.limits.max_cycle {
            let prev = &levels[k - 1];
            let terminal: Vec<bool> = (0..prev.order())
                .map(|y| {
                    let m = to_base(&levels, k - 1, y as u32);
                    base.terminal[base.monoid.mul(m, powers[k]) as usize]
                        && opts.iter().all(|o| {
                            let e = prev.monoid.mul(y as u32, prev.image(o));
                            !prev.monoid.p[e as usize]
                        })
                })
                .collect();
            let sub = Base {
                monoid: &prev.monoid,
                phi: &prev.pretend,
                terminal: &terminal,
            };
            let mut next = Level::empty(&sub);
            for g in 0..h {
                crate::budget::check()?;
                next = next.add_heap(&sub, g, ctx)?;
                if next.order() > ctx.limits.max_order.saturating_mul(ctx.limits.max_cycle) {
                    return Err(order_limit(ctx));
                }
            }
            levels.push(next);
            let top = &levels[k];
            found = (0..k).find(|&j| {
                powers[j] == powers[k]
                    && (0..top.order() as u32)
                        .all(|x| top.monoid.p[x as usize] == in_level(&levels, k, j, x))
            });
            if found.is_some() {
                break;
            }
        }
        let Some(i) = found else {
            return Err(Error::Unsupported(format!(
                "heap {h}: the outcomes of sums with 1 to {} {NO_REPEAT}",
                ctx.limits.max_cycle
            )));
        };
        let len = levels.len() - 1;
        let top = &levels[len];
        // The base elements of `top` (to the base of this level).
        let top_mu: Vec<u32> = (0..top.order() as u32)
            .map(|x| to_base(&levels, len, x))
            .collect();
        admit_product(top.order(), len, ctx)?;
        let lifted = Level {
            mu: top_mu,
            ..top.clone()
        };
        let mut out = lifted.with_cycle(base, opts, i, len - i, powers, |t, q| {
            in_level(&levels, len, t, q as u32)
        });
        out.reduce(true);
        out.fewest_tokens(ctx.options);
        // The product is right by the decomposition (each level is
        // proven); its own check, the largest of all (8.4 million tuples for
        // Dawson's Kayles at heap 30), is made in debug builds, which the
        // tests use.
        if cfg!(debug_assertions) && !out.proven(base, ctx)? {
            return Err(Error::Internal(format!(
                "the misère quotient built where heap {h} splits a class failed its check"
            )));
        }
        Ok(out)
    }

    /// Makes every representative a sum with the fewest tokens in its
    /// class (shortest paths from the empty sum, a heap `g` costing `g`
    /// tokens), which the outcome rows rely on: a representative's options
    /// have representatives of fewer tokens.
    fn fewest_tokens(&mut self, options: &[Vec<Vec<u64>>]) {
        self.reps = fewest_tokens(&self.monoid, &self.pretend, options);
    }

    /// Merges the elements no sum tells apart (`xz ∈ P ⟺ yz ∈ P` for all
    /// `z`), and, with `keep_mu`, of the same base element; the identity
    /// stays first, and each class keeps the representative with fewest
    /// tokens.
    fn reduce(&mut self, keep_mu: bool) {
        let (monoid, class_of, first) = self.monoid.merge(|x| if keep_mu { self.mu[x] } else { 0 });
        self.mu = first.iter().map(|&x| self.mu[x]).collect();
        self.reps = merged_reps(&self.reps, &class_of, monoid.order);
        self.monoid = monoid;
        for e in &mut self.pretend {
            *e = class_of[*e as usize];
        }
        for imgs in &mut self.images {
            for e in imgs.iter_mut() {
                *e = class_of[*e as usize];
            }
            imgs.sort_unstable();
            imgs.dedup();
        }
    }
}

/// A sum of heaps with the fewest tokens in each class of `monoid` (heap
/// `g` in class `pretend[g]`; heaps without options are left out), by
/// shortest paths from the empty sum. Classes no sum reaches keep an empty
/// sum.
pub(super) fn fewest_tokens(
    monoid: &Monoid,
    pretend: &[u32],
    options: &[Vec<Vec<u64>>],
) -> Vec<Vec<u64>> {
    let tokens = |r: &[u64]| r.iter().sum::<u64>();
    let mut reps: Vec<Option<Vec<u64>>> = vec![None; monoid.order];
    reps[0] = Some(Vec::new());
    loop {
        let mut changed = false;
        for q in 0..monoid.order {
            let Some(r) = reps[q].clone() else { continue };
            for (g, &e) in pretend.iter().enumerate() {
                if options[g].is_empty() {
                    continue;
                }
                let to = monoid.mul(q as u32, e) as usize;
                let better = reps[to]
                    .as_ref()
                    .is_none_or(|old| tokens(&r) + (g as u64) < tokens(old));
                if better {
                    let mut n = r.clone();
                    n.push(g as u64);
                    n.sort_unstable();
                    reps[to] = Some(n);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    reps.into_iter().map(Option::unwrap_or_default).collect()
}

/// The element of `levels[0]`'s base that element `x` of `levels[k]` maps to.
fn to_base(levels: &[Level], k: usize, x: u32) -> u32 {
    let mut e = x;
    for level in levels[..=k].iter().rev() {
        e = level.mu[e as usize];
    }
    e
}

/// Whether element `x` of `levels[k]` lies in the language of `levels[j]`
/// (`j <= k`: `x` mapped down to that level).
fn in_level(levels: &[Level], k: usize, j: usize, x: u32) -> bool {
    let mut e = x;
    for level in levels[j + 1..=k].iter().rev() {
        e = level.mu[e as usize];
    }
    levels[j].monoid.p[e as usize]
}

/// Before the table of a product of a monoid of `order` elements and a
/// cycle of `len` powers is made (`(order · len)²` entries): the order
/// limit, then the work it costs.
fn admit_product(order: usize, len: usize, ctx: &mut Ctx) -> Result<(), Error> {
    if order * len > ctx.limits.max_order.saturating_mul(ctx.limits.max_cycle) {
        return Err(order_limit(ctx));
    }
    let product_order = (order * len) as u64;
    charge(
        &mut ctx.work,
        product_order.saturating_mul(product_order),
        ctx.limits,
    )
}

fn order_limit(ctx: &Ctx) -> Error {
    Error::OrderLimit {
        ruleset: String::new(),
        heap: 0,
        limit: ctx.limits.max_order,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::genus::heap_options;
    use crate::ruleset::Ruleset;

    fn options_of(word: &str, bound: u64) -> Vec<Vec<Vec<u64>>> {
        let ruleset: Ruleset = word.parse().unwrap();
        let rules = ruleset.heap_rules().unwrap();
        (0..=bound)
            .map(|h| heap_options(rules, h, &crate::Limits::default()).unwrap())
            .collect()
    }

    fn order_of(word: &str, bound: u64) -> usize {
        let options = options_of(word, bound);
        let (monoid, _) = quotient(word, &options, &QuotientLimits::default(), &mut |_, _| {})
            .unwrap_or_else(|e| panic!("{word} to {bound}: {e}"));
        monoid.order
    }

    #[test]
    fn refinement_gives_the_known_orders() {
        assert_eq!(order_of("nim", 1), 2);
        assert_eq!(order_of("nim", 3), 6);
        assert_eq!(order_of("kayles", 4), 6);
        assert_eq!(order_of("octal:0.75", 20), 8);
    }
}
