//! The check of the [module](super) documentation: whether a finite
//! monoid, its P-portion and the heaps' classes give the outcome of every
//! sum, by a walk over the finitely many tuples the outcome rule looks at.

use rustc_hash::FxHashSet;

use super::{Monoid, QuotientLimits};
use crate::Error;

/// The check of the [module](super) documentation: whether the monoid with
/// its P-portion and the heaps' classes give every sum's outcome.
///
/// `terminal` generalizes the misère rule "a P-position has a move" for
/// the refinement construction (`refine.rs`): a sum of element `x` is in
/// `P` exactly when `terminal[x]` holds and no move leads into `P`. `None`
/// is misère play itself (`terminal` false for the empty sum only).
///
/// Cost: the tuples reachable from the empty sum, each packed into a few
/// words (at most `limits.max_states` of them), times the classes.
pub(super) fn verify(
    monoid: &Monoid,
    classes: &[(u32, Vec<Vec<u32>>)],
    terminal: Option<&[bool]>,
    limits: &QuotientLimits,
    work: &mut u64,
) -> Result<bool, Error> {
    let check = Check::new(monoid, classes, terminal);
    match check.words() {
        0..=2 => check.run::<2>(limits, work),
        3..=4 => check.run::<4>(limits, work),
        5..=8 => check.run::<8>(limits, work),
        9..=16 => check.run::<16>(limits, work),
        17..=32 => check.run::<32>(limits, work),
        _ => Err(Error::Unsupported(format!(
            "a misère quotient check with {} classes of heaps and {} elements is too large here",
            classes.len(),
            monoid.order
        ))),
    }
}

/// What [`verify`] needs: for each class `b` of heaps (its element `e[b]`)
/// and element `y` (the rest of a sum), whether some heap of the class has
/// a move into `P` (`some`) and whether every heap of it has (`every`).
struct Check<'a> {
    monoid: &'a Monoid,
    terminal: Option<&'a [bool]>,
    e: Vec<u32>,
    some: Vec<Vec<bool>>,
    every: Vec<Vec<bool>>,
    /// Bits per packed entry, and entries per 64-bit word.
    bits: usize,
    per_word: usize,
}

impl<'a> Check<'a> {
    fn new(
        monoid: &'a Monoid,
        classes: &[(u32, Vec<Vec<u32>>)],
        terminal: Option<&'a [bool]>,
    ) -> Check<'a> {
        let to_p = |y: u32, ois: &[u32]| ois.iter().any(|&o| monoid.p[monoid.mul(y, o) as usize]);
        let table = |all: bool| -> Vec<Vec<bool>> {
            classes
                .iter()
                .map(|(_, heaps)| {
                    (0..monoid.order as u32)
                        .map(|y| {
                            if all {
                                heaps.iter().all(|ois| to_p(y, ois))
                            } else {
                                heaps.iter().any(|ois| to_p(y, ois))
                            }
                        })
                        .collect()
                })
                .collect()
        };
        // Entries 0..order, and `order` for a class not present.
        let bits = (usize::BITS - monoid.order.leading_zeros()) as usize;
        Check {
            monoid,
            terminal,
            e: classes.iter().map(|(e, _)| *e).collect(),
            some: table(false),
            every: table(true),
            bits,
            per_word: 64 / bits,
        }
    }

    /// Words per packed tuple: `[M]`, then `[M - h]` for each class (or
    /// "absent").
    fn words(&self) -> usize {
        (1 + self.e.len()).div_ceil(self.per_word)
    }

    fn get<const N: usize>(&self, t: &[u64; N], i: usize) -> u32 {
        let (w, s) = (i / self.per_word, (i % self.per_word) * self.bits);
        ((t[w] >> s) & ((1 << self.bits) - 1)) as u32
    }

    fn set<const N: usize>(&self, t: &mut [u64; N], i: usize, v: u32) {
        let (w, s) = (i / self.per_word, (i % self.per_word) * self.bits);
        let mask = ((1u64 << self.bits) - 1) << s;
        t[w] = (t[w] & !mask) | (u64::from(v) << s);
    }

    /// The condition at a tuple, for the worst choice of heaps within each
    /// class.
    fn holds<const N: usize>(&self, t: &[u64; N]) -> bool {
        let absent = self.monoid.order as u32;
        let x = self.get(t, 0) as usize;
        let present = || {
            (0..self.e.len()).filter_map(move |b| {
                let y = self.get(t, 1 + b);
                (y != absent).then_some((b, y as usize))
            })
        };
        let nonempty = present().next().is_some();
        let allowed = self.terminal.map_or(nonempty, |f| f[x]);
        if !nonempty {
            // The empty sum has no move.
            return self.monoid.p[x] == allowed;
        }
        if self.monoid.p[x] {
            // No move may reach P, whichever heaps of each class are there.
            allowed && present().all(|(b, y)| !self.some[b][y])
        } else {
            // Some move must reach P, whichever heaps of each class are there.
            !allowed || present().any(|(b, y)| self.every[b][y])
        }
    }

    /// Explores the tuples from the empty sum, adding one heap of a class
    /// at a time, and tests the condition at each.
    fn run<const N: usize>(&self, limits: &QuotientLimits, work: &mut u64) -> Result<bool, Error> {
        let absent = self.monoid.order as u32;
        let mut start = [0u64; N];
        for b in 0..self.e.len() {
            self.set(&mut start, 1 + b, absent);
        }
        let mut seen: FxHashSet<[u64; N]> = FxHashSet::default();
        let mut queue = vec![start];
        seen.insert(start);
        let mut at = 0;
        while let Some(&t) = queue.get(at) {
            at += 1;
            if !self.holds(&t) {
                return Ok(false);
            }
            let x = self.get(&t, 0);
            for (b, &e) in self.e.iter().enumerate() {
                // Add a heap of class b: [M + h] = [M]·e, [M + h - h] = [M],
                // and every other class present is multiplied by e.
                let mut next = t;
                self.set(&mut next, 0, self.monoid.mul(x, e));
                for c in 0..self.e.len() {
                    let y = if c == b {
                        x
                    } else {
                        match self.get(&t, 1 + c) {
                            y if y == absent => continue,
                            y => self.monoid.mul(y, e),
                        }
                    };
                    self.set(&mut next, 1 + c, y);
                }
                if seen.contains(&next) {
                    continue;
                }
                if seen.len() >= limits.max_states {
                    return Err(Error::StateLimit {
                        limit: limits.max_states,
                    });
                }
                *work += 1;
                if (*work).is_multiple_of(1024) {
                    crate::budget::check()?;
                }
                if *work > limits.max_work {
                    return Err(Error::StateLimit {
                        limit: usize::try_from(limits.max_work).unwrap_or(usize::MAX),
                    });
                }
                seen.insert(next);
                queue.push(next);
            }
        }
        Ok(true)
    }
}
