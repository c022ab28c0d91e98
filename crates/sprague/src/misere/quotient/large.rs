//! Sums with a few heaps above a bound: the misère quotient of the small
//! heaps, refined by the large ones (see [`LargeHeaps`]).

use std::collections::HashMap;

use super::build::{check_option_budget, listing_limits};
use super::check::Memo;
use super::refine::{Base, Ctx, Level};
use super::{heap_rules, Monoid, QuotientLimits};
use crate::misere::genus::heap_options;
use crate::{Error, Ruleset};

/// The misère outcomes of the sums `B + Y` of one heap game, where `Y` is
/// any sum of heaps `0..=bound` (the *small* heaps) and `B` is one of the
/// sums of larger heaps that play can reach from a given one (its *large
/// part*).
///
/// # The idea
/// The misère quotient of heaps `0..=n` may be far costlier than that of
/// heaps `0..=bound` (Dawson's Kayles: order 24 to heap 24, 360 to heap 30,
/// and about twelve seconds), while a sum with one heap of 30 needs far less: only
/// whether `B + Y` is a P-position, for the few large parts `B` play can
/// reach (`30`, then `28`, `27`, ... as heaps above the bound). For each
/// such `B` that is a property `L_B` of `Y`, and by the outcome rule `Y` is
/// in `L_B` (`B` not empty) exactly when
///
/// - no move in `B`, to `B' + W` (`W` the small heaps it leaves), gives
///   `Y + W` in `L_(B')`, and
/// - no option of `Y` is in `L_B`;
///
/// while `L_∅` is the misère P-positions of the small heaps. Taking each
/// `B` after every `B'` it moves to, the first condition depends only on
/// `Y`'s class in a monoid recognizing the earlier languages, so `L_B` is a
/// language of the kind of the refinement construction (`refine.rs`): a
/// monoid over heaps `0..=bound` refining that one, built heap by heap and
/// proven by the same check. The last monoid recognizes every `L_B`; its
/// elements that no language tells apart are merged.
///
/// This is the misère quotient's construction (Plambeck & Siegel 2008)
/// applied to languages of small heaps; each monoid is proven, so an
/// answer is never a guess.
#[derive(Clone, Debug)]
pub(crate) struct LargeHeaps {
    bound: u64,
    monoid: Monoid,
    /// Each small heap's element.
    pretend: Vec<u32>,
    /// The large parts (sorted heaps above `bound`, heaps without a move
    /// left out), the empty one first.
    parts: Vec<Vec<u64>>,
    index: HashMap<Vec<u64>, usize>,
    /// Whether heap `bound + 1 + i` has a move (heaps without one are
    /// left out of large parts: they are the empty sum).
    moves_above: Vec<bool>,
    /// `p[b][x]`: whether a sum of large part `parts[b]` and small heaps of
    /// element `x` is a P-position.
    p: Vec<Vec<bool>>,
}

/// The moves of a large part: each to a large part (its index) with the
/// small heaps it leaves.
type PartMoves = Vec<(usize, Vec<u64>)>;

/// Large parts more than this many are refused ([`Error::Unsupported`]):
/// each costs a monoid over every small heap.
pub(crate) const MAX_PARTS: usize = 64;

/// The most large heaps in the sum itself (more would give more than
/// [`MAX_PARTS`] parts in all but trivial games).
const MAX_START_HEAPS: usize = 6;

/// The most heaps added in all the monoids of one [`LargeHeaps`] (small
/// heaps times parts): past it, the quotient of every heap is likely the
/// cheaper (Kayles `1500 + 3` would need 64 monoids of heaps up to about
/// 1,400).
pub(crate) const MAX_LEVEL_HEAPS: u64 = 4096;

impl LargeHeaps {
    /// The outcomes of the sums of `ruleset`'s heaps up to a bound with
    /// each large part that play reaches from the heaps above it among
    /// `heaps` (sizes in tokens). The bound is `bound`, or where `None`,
    /// the least one (found by bisection) from which play reaches at most
    /// [`MAX_PARTS`] large parts: the monoids of fewer small heaps cost far
    /// less, and more parts cost one monoid each (Dawson's Kayles `30 + 28`:
    /// bound 19, 63 parts, 0.9 s; bound 23, 25 parts, 1.5 s; bound 24 and
    /// up pass 3,000,000 tuples of checks).
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a ruleset that is not a heap game, more
    /// than [`MAX_PARTS`] large parts at every bound, more than
    /// [`MAX_LEVEL_HEAPS`] heaps in all the monoids, or where a monoid's
    /// construction stops (as for
    /// [`Quotient::compute`](super::Quotient::compute));
    /// [`Error::OptionLimit`] when the heaps' options pass the option
    /// budget of `limits`; [`Error::CheckLimit`] and [`Error::OrderLimit`]
    /// past the check's and the order's limits.
    ///
    /// Cost: one monoid over the small heaps per large part, each as
    /// costly as a misère quotient of those heaps.
    pub(crate) fn compute(
        ruleset: &Ruleset,
        bound: Option<u64>,
        heaps: &[u64],
        limits: &QuotientLimits,
    ) -> Result<LargeHeaps, Error> {
        let rules = heap_rules(ruleset)?;
        let top = heaps.iter().copied().max().unwrap_or(0);
        check_option_budget(ruleset.word(), rules, 0, top, 0, limits)?;
        let lim = listing_limits(limits);
        let options = (0..=top)
            .map(|h| heap_options(rules, h, &lim))
            .collect::<Result<Vec<_>, Error>>()?;
        let parts_at = |b: u64| {
            let large: Vec<u64> = heaps.iter().copied().filter(|&h| h > b).collect();
            // Many large heaps make many parts (each heap's moves times the
            // others'): refused before they are listed.
            if large.len() > MAX_START_HEAPS {
                return Err(too_many(b));
            }
            large_parts(&options, b, &large)
        };
        let (bound, (parts, index, moves)) = match bound {
            Some(b) => (b.min(top), parts_at(b.min(top))?),
            None => {
                // The least bound below `top` with few enough parts.
                let (mut lo, mut hi) = (0, top);
                let mut found = None;
                while lo < hi {
                    crate::budget::check()?;
                    let mid = lo + (hi - lo) / 2;
                    match parts_at(mid) {
                        Ok(p) => {
                            found = Some((mid, p));
                            hi = mid;
                        }
                        Err(Error::Unsupported(_)) => lo = mid + 1,
                        Err(e) => return Err(e),
                    }
                }
                found.ok_or_else(|| {
                    Error::Unsupported(format!(
                        "play reaches more than {MAX_PARTS} sums of large heaps from every bound \
                         below {top}"
                    ))
                })?
            }
        };
        let heaps_in_all = (bound + 1).saturating_mul(parts.len() as u64);
        if heaps_in_all > MAX_LEVEL_HEAPS {
            return Err(Error::Unsupported(format!(
                "{} monoids of heaps 0..={bound} ({heaps_in_all} heaps in all, more than \
                 {MAX_LEVEL_HEAPS})",
                parts.len()
            )));
        }
        let mut out =
            languages(&options[..=bound as usize], &moves, limits).map_err(|e| match e {
                Error::OrderLimit { limit, heap, .. } => Error::OrderLimit {
                    ruleset: ruleset.word().to_string(),
                    heap,
                    limit,
                },
                Error::Unsupported(why) => Error::Unsupported(format!("{}: {why}", ruleset.word())),
                e => e,
            })?;
        out.bound = bound;
        out.moves_above = options[bound as usize + 1..]
            .iter()
            .map(|o| !o.is_empty())
            .collect();
        out.parts = parts;
        out.index = index;
        Ok(out)
    }

    /// The largest small heap.
    pub(crate) fn bound(&self) -> u64 {
        self.bound
    }

    /// The number of elements of the monoid of the small heaps (after
    /// merging the elements no large part tells apart).
    pub(crate) fn order(&self) -> usize {
        self.monoid.order
    }

    /// The number of large parts, the empty one included.
    pub(crate) fn parts(&self) -> usize {
        self.parts.len()
    }

    /// Whether the sum of `heaps` is a misère P-position; `None` when its
    /// large part is not one of those covered (heaps in tokens, any
    /// order).
    pub(crate) fn is_p(&self, heaps: &[u64]) -> Option<bool> {
        let (part, element) = self.split(heaps)?;
        Some(self.p[part][element as usize])
    }

    /// A sum's large part (its index) and its small heaps' element; `None`
    /// when the large part is not covered.
    pub(crate) fn split(&self, heaps: &[u64]) -> Option<(usize, u32)> {
        let mut large: Vec<u64> = Vec::new();
        let mut element = 0;
        for &h in heaps {
            if h <= self.bound {
                element = self.monoid.mul(element, self.pretend[h as usize]);
            } else if *self.moves_above.get((h - self.bound - 1) as usize)? {
                large.push(h);
            }
        }
        large.sort_unstable();
        Some((*self.index.get(&large)?, element))
    }

    /// How many elements of the monoid make a P-position with large part
    /// `part` (an index from [`LargeHeaps::split`]).
    pub(crate) fn p_count(&self, part: usize) -> usize {
        self.p[part].iter().filter(|&&p| p).count()
    }
}

/// The languages `L_B` of [`LargeHeaps`] for large parts with the moves
/// `moves` (each part's moves lead to earlier parts; part 0 is the empty
/// one), over the heaps whose options are `options`.
fn languages(
    options: &[Vec<Vec<u64>>],
    moves: &[PartMoves],
    limits: &QuotientLimits,
) -> Result<LargeHeaps, Error> {
    // Each later monoid costs at least about as much as the first (its base
    // is finer): the first gets its share of the budget, so that where they
    // cannot all come within it the attempt stops early (Kayles `30 + 40`
    // would spend a quarter of it and fail).
    let first_limits = QuotientLimits {
        max_work: limits.max_work / moves.len() as u64,
        ..*limits
    };
    let mut ctx = Ctx {
        options,
        limits: &first_limits,
        work: 0,
        memo: Memo::default(),
    };
    // L_∅: the misère P-positions, over the base of misère play (the
    // empty sum, element 0, and every other).
    let misere = Monoid {
        order: 2,
        mul: vec![0, 1, 1, 1],
        p: vec![false, false],
    };
    let phi: Vec<u32> = options.iter().map(|o| u32::from(!o.is_empty())).collect();
    let mut level = build_level(
        &Base {
            monoid: &misere,
            phi: &phi,
            terminal: &[false, true],
        },
        options.len(),
        &mut ctx,
    )?;
    ctx.limits = limits;
    let mut p = vec![level.monoid.p.clone()];
    for part_moves in &moves[1..] {
        crate::budget::check()?;
        let imgs: Vec<(usize, u32)> = part_moves
            .iter()
            .map(|(to, w)| (*to, level.image(w)))
            .collect();
        // A sum with this large part has a move (every large heap kept has
        // one); it may be a P-position only where no move in the large part
        // leads to one.
        let terminal: Vec<bool> = (0..level.order() as u32)
            .map(|y| {
                imgs.iter()
                    .all(|&(to, w)| !p[to][level.monoid.mul(y, w) as usize])
            })
            .collect();
        let next = build_level(
            &Base {
                monoid: &level.monoid,
                phi: &level.pretend,
                terminal: &terminal,
            },
            options.len(),
            &mut ctx,
        )?;
        for l in &mut p {
            *l = next.mu.iter().map(|&x| l[x as usize]).collect();
        }
        p.push(next.monoid.p.clone());
        level = next;
    }
    // Merge the elements that no large part tells apart.
    let order = level.order();
    let (monoid, class_of, first) = level.monoid.merge(|x| {
        p.iter()
            .map(|l| {
                (0..order as u32)
                    .map(|z| l[level.monoid.mul(x as u32, z) as usize])
                    .collect::<Vec<bool>>()
            })
            .collect::<Vec<_>>()
    });
    let p = p
        .iter()
        .map(|l| first.iter().map(|&x| l[x]).collect())
        .collect();
    let pretend = level
        .pretend
        .iter()
        .map(|&e| class_of[e as usize])
        .collect();
    Ok(LargeHeaps {
        bound: 0,
        monoid,
        pretend,
        parts: Vec::new(),
        index: HashMap::new(),
        moves_above: Vec::new(),
        p,
    })
}

/// A level over heaps `0..heaps` on `base`, heap by heap.
fn build_level(base: &Base, heaps: usize, ctx: &mut Ctx) -> Result<Level, Error> {
    let mut level = Level::empty(base);
    for h in 0..heaps as u64 {
        crate::budget::check()?;
        level = level.add_heap(base, h, ctx)?;
        if level.order() > ctx.limits.max_order.saturating_mul(ctx.limits.max_cycle) {
            return Err(Error::OrderLimit {
                ruleset: String::new(),
                heap: h,
                limit: ctx.limits.max_order,
            });
        }
    }
    Ok(level)
}

/// The large parts reachable from the heaps `large` (heaps above `bound`
/// without a move left out), in an order where every part's moves lead to
/// earlier parts (the empty part first), with their moves.
#[allow(clippy::type_complexity)]
fn large_parts(
    options: &[Vec<Vec<u64>>],
    bound: u64,
    large: &[u64],
) -> Result<(Vec<Vec<u64>>, HashMap<Vec<u64>, usize>, Vec<PartMoves>), Error> {
    let keep = |h: u64| h > bound && !options[h as usize].is_empty();
    // Each move of a part: the large part it leaves, and the small heaps.
    let moves_of = |b: &[u64]| -> Vec<(Vec<u64>, Vec<u64>)> {
        let mut out = Vec::new();
        for (i, &h) in b.iter().enumerate() {
            if i > 0 && b[i - 1] == h {
                continue;
            }
            for o in &options[h as usize] {
                let mut big: Vec<u64> = b[..i].iter().chain(&b[i + 1..]).copied().collect();
                big.extend(o.iter().copied().filter(|&g| keep(g)));
                big.sort_unstable();
                let small: Vec<u64> = o.iter().copied().filter(|&g| g <= bound).collect();
                out.push((big, small));
            }
        }
        out
    };
    let mut parts: Vec<Vec<u64>> = vec![Vec::new()];
    let mut index: HashMap<Vec<u64>, usize> = HashMap::from([(Vec::new(), 0)]);
    let mut moves: Vec<PartMoves> = vec![Vec::new()];
    let mut start: Vec<u64> = large.iter().copied().filter(|&h| keep(h)).collect();
    start.sort_unstable();
    // Depth first: a part is placed once every part it moves to is. Play
    // ends, so no part is met again on its own path.
    let mut stack: Vec<(Vec<u64>, Vec<(Vec<u64>, Vec<u64>)>, usize)> = Vec::new();
    if !start.is_empty() {
        let m = moves_of(&start);
        stack.push((start, m, 0));
    }
    loop {
        let depth = stack.len();
        let Some((_, opts, at)) = stack.last_mut() else {
            break;
        };
        if let Some((next, _)) = opts.get(*at) {
            *at += 1;
            if !index.contains_key(next) {
                // Every part on the stack will be placed.
                if parts.len() + depth > MAX_PARTS {
                    return Err(too_many(bound));
                }
                let next = next.clone();
                let m = moves_of(&next);
                stack.push((next, m, 0));
            }
            continue;
        }
        let Some((b, opts, _)) = stack.pop() else {
            break;
        };
        if index.contains_key(&b) {
            continue;
        }
        moves.push(
            opts.into_iter()
                .map(|(big, small)| (index[&big], small))
                .collect(),
        );
        index.insert(b.clone(), parts.len());
        parts.push(b);
        if parts.len() > MAX_PARTS {
            return Err(too_many(bound));
        }
    }
    Ok((parts, index, moves))
}

fn too_many(bound: u64) -> Error {
    Error::Unsupported(format!(
        "play reaches more than {MAX_PARTS} sums of heaps above {bound}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Component, Play, Position, Solver, SumGame};

    fn large(word: &str, bound: u64, heaps: &[u64]) -> LargeHeaps {
        let ruleset: Ruleset = word.parse().unwrap();
        LargeHeaps::compute(&ruleset, Some(bound), heaps, &QuotientLimits::default())
            .unwrap_or_else(|e| panic!("{word} {heaps:?} above {bound}: {e}"))
    }

    /// Every sum of a large heap with up to two small ones, and every
    /// position play reaches from them, against the search: outcome only
    /// (the analysis's tests compare the winning moves).
    fn agrees_with_search(word: &str, bound: u64, big: &[u64], small: u64) {
        let l = large(word, bound, big);
        let mut solver = Solver::new(SumGame::default());
        for a in 0..=small {
            for b in a..=small {
                let mut heaps = big.to_vec();
                heaps.extend([a, b]);
                let ruleset: Ruleset = word.parse().unwrap();
                let p = Position::new(vec![Component::new(ruleset, heaps.clone()).unwrap()]);
                let expected = solver.outcome(&p, Play::Misere).unwrap() == crate::Outcome::P;
                assert_eq!(l.is_p(&heaps), Some(expected), "{p}");
            }
        }
    }

    #[test]
    fn dawson_heaps_past_the_split_at_25_agree_with_search() {
        agrees_with_search("dawson", 12, &[26], 12);
    }

    #[test]
    fn kayles_large_heaps_agree_with_search() {
        agrees_with_search("kayles", 8, &[14], 8);
        agrees_with_search("kayles", 6, &[9, 10], 6);
    }

    #[test]
    fn octal_0_75_large_heaps_agree_with_search() {
        agrees_with_search("octal:0.75", 7, &[15], 7);
    }
}
