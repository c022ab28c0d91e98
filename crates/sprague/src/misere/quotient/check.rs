//! The check of the [module](super) documentation: whether a finite
//! monoid, its P-portion and the heaps' classes give the outcome of every
//! sum, by a walk over the finitely many tuples the outcome rule looks at.

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
    verify_remembered(
        monoid,
        classes,
        terminal,
        limits,
        work,
        &mut Memo::default(),
    )
}

/// [`verify`], keeping the tuples of large checks in `memo` and testing a
/// later check with the same monoid table and classes' elements on them
/// instead of exploring again: which tuples are reached depends only on
/// those, not on the P-portion, the terminal set or the options. The
/// refinement construction's levels for successive copies of a heap make
/// such checks (Dawson's Kayles at heap 30 makes its largest, of 4.1
/// million tuples, three times, with different P-portions).
pub(super) fn verify_remembered(
    monoid: &Monoid,
    classes: &[(u32, Vec<Vec<u32>>)],
    terminal: Option<&[bool]>,
    limits: &QuotientLimits,
    work: &mut u64,
    memo: &mut Memo,
) -> Result<bool, Error> {
    let check = Check::new(monoid, classes, terminal);
    if let Some(kept) = memo
        .kept
        .iter()
        .find(|k| k.e == check.e && k.mul == monoid.mul)
    {
        return check.replay(&kept.tuples, limits, work);
    }
    let mut tuples = Vec::new();
    let answer = check.run(limits, work, &mut tuples)?;
    // Only a finished exploration holds every tuple.
    if answer && !tuples.is_empty() {
        memo.kept.push(Kept {
            mul: monoid.mul.clone(),
            e: check.e.clone(),
            tuples,
        });
    }
    Ok(answer)
}

/// The tuples of large checks that passed, each with what decides them.
#[derive(Default)]
pub(super) struct Memo {
    kept: Vec<Kept>,
}

impl Memo {
    /// Checks of at least this many tuples are kept (smaller ones cost
    /// less to explore again than to compare and keep).
    const LARGE: u64 = 20_000;
}

/// The tuples reached from the empty sum with a monoid table `mul` and
/// classes of elements `e`, packed as in [`Check`], one after another.
struct Kept {
    mul: Vec<u32>,
    e: Vec<u32>,
    tuples: Vec<u64>,
}

/// Whether a heap whose options have the elements `imgs`, joining a class
/// whose heaps' options have the elements `class` (each list one heap's;
/// the classes passed [`verify`] with the same monoid and terminal set),
/// leaves the check's tables unchanged: for every rest `y`, the new heap
/// has a move into `P` only where some heap of the class already has one,
/// and lacks one only where some heap already lacks one. The check then
/// explores the same tuples with the same conditions, so it passes again
/// without being run. `false` when the class has no heap yet (a new class
/// adds tuples).
///
/// Cost: the order times the option elements of the class's heaps.
pub(super) fn joins_unchanged(monoid: &Monoid, class: &[&[u32]], imgs: &[u32]) -> bool {
    if class.is_empty() {
        return false;
    }
    let to_p = |y: u32, ois: &[u32]| ois.iter().any(|&o| monoid.p[monoid.mul(y, o) as usize]);
    (0..monoid.order as u32).all(|y| {
        if to_p(y, imgs) {
            class.iter().any(|ois| to_p(y, ois))
        } else {
            class.iter().any(|ois| !to_p(y, ois))
        }
    })
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
    /// Row `b` (`order + 1` long): the product of each element with
    /// `e[b]`, and "absent" (`order`) kept absent.
    rows: Vec<u32>,
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
        let order = monoid.order;
        let rows = classes
            .iter()
            .flat_map(|&(e, _)| {
                monoid.mul[e as usize * order..][..order]
                    .iter()
                    .copied()
                    .chain([order as u32])
            })
            .collect();
        Check {
            monoid,
            terminal,
            rows,
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

    /// The entries of a packed tuple, into `out` (`1 + classes` long).
    fn unpack(&self, t: &[u64], out: &mut [u32]) {
        let mask = (1u64 << self.bits) - 1;
        let (mut w, mut shift, mut in_word) = (0, 0, 0);
        for v in out.iter_mut() {
            *v = ((t[w] >> shift) & mask) as u32;
            in_word += 1;
            shift += self.bits;
            if in_word == self.per_word {
                (w, shift, in_word) = (w + 1, 0, 0);
            }
        }
    }

    /// Packs the entries `vals` (`1 + classes` of them) into `t`
    /// ([`Check::words`] long), each word written once.
    fn pack(&self, vals: &[u32], t: &mut [u64]) {
        for (word, chunk) in t.iter_mut().zip(vals.chunks(self.per_word)) {
            let mut acc = 0u64;
            for (i, &v) in chunk.iter().enumerate() {
                acc |= u64::from(v) << (i * self.bits);
            }
            *word = acc;
        }
    }

    /// Packs into `t` the successor of the tuple `vals` by a heap of class
    /// `b`: every entry multiplied by `row` (class `b`'s row of
    /// [`Check::rows`]) except entry `1 + b`, which becomes `vals[0]`.
    fn pack_successor(&self, vals: &[u32], row: &[u32], b: usize, t: &mut [u64]) {
        let mut i = 0;
        for word in t.iter_mut() {
            let mut acc = 0u64;
            let end = (i + self.per_word).min(vals.len());
            for (k, &v) in vals[i..end].iter().enumerate() {
                let next = if i + k == 1 + b {
                    vals[0]
                } else {
                    row[v as usize]
                };
                acc |= u64::from(next) << (k * self.bits);
            }
            *word = acc;
            i = end;
        }
    }

    /// The condition at a tuple (its entries `v`: `[M]`, then `[M - h]`
    /// for each class or "absent"), for the worst choice of heaps within
    /// each class.
    fn holds(&self, v: &[u32]) -> bool {
        let absent = self.monoid.order as u32;
        let x = v[0] as usize;
        let present = || {
            v[1..]
                .iter()
                .enumerate()
                .filter(move |&(_, &y)| y != absent)
                .map(|(b, &y)| (b, y as usize))
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
    /// at a time, and tests the condition at each. A finished exploration
    /// of at least [`Memo::LARGE`] tuples leaves them in `tuples`.
    ///
    /// The tuples are kept once, packed one after another in the order
    /// reached (which is also the queue of the walk), and found again by
    /// a [`TupleSet`] of their indices.
    fn run(
        &self,
        limits: &QuotientLimits,
        work: &mut u64,
        tuples: &mut Vec<u64>,
    ) -> Result<bool, Error> {
        let words = self.words();
        if words > 32 {
            return Err(Error::Unsupported(format!(
                "a misère quotient check with {} classes of heaps and {} elements is too large \
                 here",
                self.e.len(),
                self.monoid.order
            )));
        }
        let absent = self.monoid.order as u32;
        let classes = self.e.len();
        let mut vals = vec![absent; 1 + classes];
        vals[0] = 0;
        let mut arena: Vec<u64> = vec![0; words];
        self.pack(&vals, &mut arena[..words]);
        let mut set = TupleSet::new(words);
        let start = arena.clone();
        arena.clear();
        set.insert(&mut arena, &start, TupleSet::hash(&start));
        // The successors of one tuple, packed, with their hashes and the
        // first slot each would probe: all computed before any is looked
        // up, so that the memory reads of the lookups overlap.
        let mut succ = vec![0u64; classes * words];
        let mut hashes = vec![0u64; classes];
        let mut heads = vec![0u64; classes];
        let mut at = 0;
        while at * words < arena.len() {
            self.unpack(&arena[at * words..][..words], &mut vals);
            at += 1;
            if !self.holds(&vals) {
                return Ok(false);
            }
            for b in 0..classes {
                // Add a heap of class b: [M + h] = [M]·e, [M + h - h] = [M],
                // and every other class present is multiplied by e (row b:
                // the monoid is commutative), absent staying absent.
                let row = &self.rows[b * (self.monoid.order + 1)..][..self.monoid.order + 1];
                let t = &mut succ[b * words..][..words];
                self.pack_successor(&vals, row, b, t);
                hashes[b] = TupleSet::hash(t);
            }
            set.first_slots(&arena, &hashes, &mut heads);
            for b in 0..classes {
                let t = &succ[b * words..][..words];
                if !set.insert(&mut arena, t, hashes[b]) {
                    continue;
                }
                // The set numbers tuples in 32 bits.
                if set.len() > limits.max_states.min(u32::MAX as usize - 1) {
                    return Err(Error::CheckLimit {
                        limit: limits.max_states.min(u32::MAX as usize - 1),
                        in_all: false,
                    });
                }
                *work += 1;
                if (*work).is_multiple_of(1024) {
                    crate::budget::check()?;
                }
                if *work > limits.max_work {
                    return Err(Error::CheckLimit {
                        limit: usize::try_from(limits.max_work).unwrap_or(usize::MAX),
                        in_all: true,
                    });
                }
            }
            std::hint::black_box(&heads);
        }
        if set.len() as u64 >= Memo::LARGE {
            arena.shrink_to_fit();
            *tuples = arena;
        }
        Ok(true)
    }

    /// The check on tuples explored before (`tuples`, packed one after
    /// another), each counted as work as when explored.
    fn replay(
        &self,
        tuples: &[u64],
        limits: &QuotientLimits,
        work: &mut u64,
    ) -> Result<bool, Error> {
        let mut vals = vec![0u32; 1 + self.e.len()];
        for t in tuples.chunks_exact(self.words()) {
            self.unpack(t, &mut vals);
            *work += 1;
            if (*work).is_multiple_of(1024) {
                crate::budget::check()?;
            }
            if *work > limits.max_work {
                return Err(Error::CheckLimit {
                    limit: usize::try_from(limits.max_work).unwrap_or(usize::MAX),
                    in_all: true,
                });
            }
            if !self.holds(&vals) {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// The set of tuples of a walk: an open-addressing table (linear probing,
/// at most half full) of indices into the arena where the tuples lie
/// packed one after another, each entry with 32 bits of its tuple's hash
/// so that most probes need not read the arena. Four to eight bytes a
/// tuple beside the arena, where a set of its own would keep every tuple
/// twice.
struct TupleSet {
    words: usize,
    /// `0` empty, else `hash << 32 | (index + 1)`.
    slots: Vec<u64>,
    len: usize,
}

impl TupleSet {
    fn new(words: usize) -> TupleSet {
        TupleSet {
            words,
            slots: vec![0; 1024],
            len: 0,
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    fn hash(t: &[u64]) -> u64 {
        let mut h = 0u64;
        for &w in t {
            h = (h.rotate_left(26) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        h ^ (h >> 29)
    }

    /// The first slot each hash in `hashes` probes, read into `heads`, and
    /// for a slot whose tag matches, the first word of its tuple in
    /// `arena` (independent reads, which the processor overlaps; the
    /// lookups that follow find those lines in the cache).
    fn first_slots(&self, arena: &[u64], hashes: &[u64], heads: &mut [u64]) {
        let mask = self.slots.len() - 1;
        for (h, head) in hashes.iter().zip(heads.iter_mut()) {
            *head = self.slots[(*h as usize) & mask];
        }
        for (h, head) in hashes.iter().zip(heads.iter_mut()) {
            if *head != 0 && *head >> 32 == h >> 32 {
                let j = (*head & 0xFFFF_FFFF) as usize - 1;
                *head = arena[j * self.words];
            }
        }
    }

    /// Adds the tuple `t` (hash `h`) at the end of `arena` (its index
    /// `arena.len() / words`); `false`, leaving both unchanged, when an
    /// equal tuple is in the set already.
    fn insert(&mut self, arena: &mut Vec<u64>, t: &[u64], h: u64) -> bool {
        let w = self.words;
        let tag = h >> 32;
        let mask = self.slots.len() - 1;
        let mut i = (h as usize) & mask;
        loop {
            let s = self.slots[i];
            if s == 0 {
                break;
            }
            if s >> 32 == tag {
                let j = (s & 0xFFFF_FFFF) as usize - 1;
                // Word by word: a call of memcmp costs more than the
                // comparison of a few words.
                if arena[j * w..][..w].iter().zip(t).all(|(a, b)| a == b) {
                    return false;
                }
            }
            i = (i + 1) & mask;
        }
        let index = arena.len() / w;
        arena.extend_from_slice(t);
        self.slots[i] = tag << 32 | (index as u64 + 1);
        self.len += 1;
        if self.len * 2 > self.slots.len() {
            self.grow(arena);
        }
        true
    }

    /// Doubles the table, placing every entry again.
    fn grow(&mut self, arena: &[u64]) {
        let w = self.words;
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for s in old.into_iter().filter(|&s| s != 0) {
            let j = (s & 0xFFFF_FFFF) as usize - 1;
            let h = Self::hash(&arena[j * w..][..w]);
            let mut i = (h as usize) & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = s;
        }
    }
}
