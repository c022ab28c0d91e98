//! Moore's Nim_k (Moore 1910): a move takes tokens from at least one and at
//! most `k` heaps (any positive number from each).
//!
//! Moore's theorem: a position is a P-position exactly when, for every binary
//! digit position, the number of heaps with a 1 there is divisible by `k + 1`.
//! `moore:1` is Nim.
//!
//! The winning moves are enumerated exactly, for heaps up to `u64::MAX`, by a
//! walk over the binary digits from the highest: a heap is *unchanged so far*
//! until the first digit where the move turns its 1 into a 0; from then on it
//! is *free* (already smaller), and its lower digits may be anything. At each
//! digit the move chooses which unchanged heaps with a 1 there become free
//! (at most `k` free heaps in all) and which free heaps get a 1, so that the
//! column count becomes divisible by `k + 1`. Such a choice exists at every
//! digit whatever was chosen above (with `m` free heaps and `k - m` still
//! allowed, the reachable counts cover `k + 1` consecutive integers or reach
//! 0), so every branch of the walk ends in a winning move, except the single
//! branch that changes nothing. The walk therefore costs O(64 · n) per move
//! listed, however many moves there are; there can be astronomically many
//! (each digit below the highest may let two free heaps swap a 1).

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::rules::{Pick, Rules, Visit};
use super::{check_place, MoveKind};
use crate::error::ParseErrorKind;
use crate::{
    Action, Basis, Error, Game, HeapChange, IllegalMoveKind, Limits, Outcome, Place, Play, Solver,
};

/// One component of Moore's Nim_k as a [`Game`] for the generic solver:
/// positions are heap lists (canonically sorted, without zeros), moves are
/// lists of heap changes. Beyond the closed forms of [`closed_value`] its
/// Grundy values have no known formula (Winning Ways, ch. 15), so they are
/// searched for.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MooreGame {
    k: u64,
    max_options: usize,
}

impl Game for MooreGame {
    type Position = Vec<u64>;
    type Move = MooreMove;

    fn moves(&self, heaps: &Vec<u64>) -> Result<Vec<MooreMove>, Error> {
        let mut out = Vec::new();
        options(heaps, self.k, self.max_options, &mut out)?;
        Ok(out.into_iter().map(MooreMove).collect())
    }

    fn play(&self, heaps: &Vec<u64>, mv: &MooreMove) -> Vec<u64> {
        let mut after = heaps.clone();
        for c in &mv.0 {
            after[c.heap] = c.to;
        }
        after
    }

    fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
        let mut c: Vec<u64> = heaps.iter().copied().filter(|&h| h != 0).collect();
        c.sort_unstable();
        c
    }
}

/// A move of [`MooreGame`].
#[derive(Clone, Debug)]
pub(crate) struct MooreMove(Vec<HeapChange>);

impl std::fmt::Display for MooreMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "heap {}: {} -> {}", c.heap + 1, c.from, c.to)?;
        }
        Ok(())
    }
}

/// The Grundy values of Moore's Nim_k found so far, kept with the ruleset so
/// that repeated analyses (a batch, `verify`) search each position once.
#[derive(Default)]
pub(crate) struct ValueSearch {
    solver: std::sync::Mutex<Option<Solver<MooreGame>>>,
    /// Positions (sorted heaps) whose search failed, with the state limit
    /// it failed at: asked again within that limit, they fail at once.
    failed: std::sync::Mutex<std::collections::HashMap<Vec<u64>, usize>>,
}

impl ValueSearch {
    /// The number of positions the value search has stored so far.
    pub(crate) fn stored(&self) -> u64 {
        let guard = self.solver.lock().unwrap_or_else(|e| e.into_inner());
        guard.as_ref().map_or(0, |s| s.stored_states() as u64)
    }

    /// The Grundy value of the component `heaps` of `moore:k`, by search
    /// within `limits` (a table kept across calls).
    ///
    /// A P-position by Moore's theorem has value 0 without search; a
    /// position with clearly more positions below it than the state limit
    /// fails at once instead of searching up to the limit.
    pub(crate) fn value(&self, heaps: &[u64], k: u64, limits: &Limits) -> Result<u64, Error> {
        if is_p_position(heaps, k) {
            return Ok(0);
        }
        // Positions below: the multisets of sizes h'_i <= h_i, at least
        // prod(h_i + 1) / n! of them.
        let below = heaps
            .iter()
            .filter(|&&h| h > 0)
            .enumerate()
            .fold(1f64, |acc, (i, &h)| {
                acc * (h as f64 + 1.0) / (i as f64 + 1.0)
            });
        if below > limits.max_states as f64 {
            return Err(Error::StateLimit {
                limit: limits.max_states,
            });
        }
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h != 0).collect();
        key.sort_unstable();
        let mut failed = self.failed.lock().unwrap_or_else(|e| e.into_inner());
        if failed.get(&key).is_some_and(|&at| limits.max_states <= at) {
            return Err(Error::StateLimit {
                limit: limits.max_states,
            });
        }
        let mut guard = self.solver.lock().unwrap_or_else(|e| e.into_inner());
        let solver = guard.get_or_insert_with(|| {
            Solver::new(MooreGame {
                k,
                max_options: limits.max_states,
            })
        });
        solver.set_max_states(limits.max_states);
        solver.game_mut().max_options = limits.max_states;
        let result = solver.grundy_value(&key);
        if let Err(e) = &result {
            if e.is_limit() && failed.len() < 1024 {
                failed.insert(key, limits.max_states);
            }
        }
        result
    }
}

/// The Grundy value of the Moore's Nim_k position `heaps` by a closed form,
/// or `None` where only a search finds it. Tried before any search.
///
/// - `k = 1` is Nim (Bouton 1901): the nim-sum of the heaps.
/// - At most `k` non-empty heaps: the sum of the heaps. A move may then
///   reduce any non-empty set of the non-empty heaps, so the options are
///   exactly the heap lists below the position heap by heap (other than
///   itself), which again have at most `k` non-empty heaps; by induction
///   their values are their sums, which take every value below the sum of
///   `heaps`, and the mex is that sum. A lone heap is a Nim heap.
/// - A P-position by Moore's theorem (Moore 1910): 0.
///
/// `None` also when the sum passes `u64::MAX` (no Grundy value that large
/// can be represented; the search then stops at its limit).
///
/// ```
/// use sprague::ruleset::moore::closed_value;
/// assert_eq!(closed_value(&[5, 1000], 3), Some(1005));
/// assert_eq!(closed_value(&[576034], 2), Some(576034));
/// assert_eq!(closed_value(&[1, 2, 3], 1), Some(0)); // Nim
/// assert_eq!(closed_value(&[5, 5, 5], 2), Some(0)); // Moore's theorem
/// assert_eq!(closed_value(&[1, 2, 4], 2), None); // three heaps in moore:2
/// assert_eq!(closed_value(&[u64::MAX, 1], 2), None); // the sum passes 2^64 - 1
/// ```
pub fn closed_value(heaps: &[u64], k: u64) -> Option<u64> {
    if k == 1 {
        return Some(heaps.iter().fold(0, |a, &h| a ^ h));
    }
    if heaps.iter().filter(|&&h| h > 0).count() as u64 <= k {
        return heaps.iter().try_fold(0u64, |a, &h| a.checked_add(h));
    }
    is_p_position(heaps, k).then_some(0)
}

/// The moves of the Moore's Nim_k position `heaps` to a position of Grundy
/// value `target`, by the closed form of [`closed_value`] for a position
/// with at most `k` non-empty heaps (and `k >= 2`): the moves that leave
/// heaps summing to `target`. Each is passed to `f` as its changed heaps
/// (increasing heap index), taking as much as possible from the first heaps
/// first, until `f` breaks; O(n) per move. There is none when `target` is
/// not below the sum.
///
/// `None` when the closed form does not apply (more than `k` non-empty
/// heaps, `k = 1`, or a sum past `u64::MAX`).
pub(crate) fn closed_moves_to(
    heaps: &[u64],
    k: u64,
    target: u64,
    f: &mut dyn FnMut(Vec<HeapChange>) -> ControlFlow<()>,
) -> Option<ControlFlow<()>> {
    let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
    if k == 1 || live.len() as u64 > k {
        return None;
    }
    // rest[j] = the sum of the live heaps from the j-th on (fits: the
    // total does).
    let mut rest = vec![0u64; live.len() + 1];
    for j in (0..live.len()).rev() {
        rest[j] = rest[j + 1].checked_add(heaps[live[j]])?;
    }
    let total = rest[0];
    if target >= total {
        return Some(ControlFlow::Continue(()));
    }
    // take[j] = tokens taken from the j-th live heap; the takes add up to
    // `total - target`. They are listed in decreasing lexicographic order:
    // each is filled greedily (as much as possible from the first heaps),
    // and the next is found by lowering the last take that can be lowered
    // (leaving enough room in the heaps after it) and refilling after it.
    let n = live.len();
    let mut take = vec![0u64; n];
    let fill = |take: &mut Vec<u64>, from: usize, mut left: u64| {
        for j in from..n {
            take[j] = left.min(heaps[live[j]]);
            left -= take[j];
        }
    };
    fill(&mut take, 0, total - target);
    loop {
        let changes: Vec<HeapChange> = (0..n)
            .filter(|&j| take[j] > 0)
            .map(|j| HeapChange {
                heap: live[j],
                from: heaps[live[j]],
                to: heaps[live[j]] - take[j],
            })
            .collect();
        if f(changes).is_break() {
            return Some(ControlFlow::Break(()));
        }
        // The tokens still to take from the j-th heap on, for each j.
        let mut left = total - target;
        let mut lowerable = None;
        for j in 0..n.saturating_sub(1) {
            // Lowering take[j] by one needs room for one more token in the
            // heaps after j: left - take[j] + 1 <= rest[j + 1].
            if take[j] > 0 && left - take[j] < rest[j + 1] {
                lowerable = Some((j, left));
            }
            left -= take[j];
        }
        let Some((j, left)) = lowerable else {
            return Some(ControlFlow::Continue(()));
        };
        take[j] -= 1;
        let after = left - take[j];
        fill(&mut take, j + 1, after);
    }
}

/// Parses the parameter of `moore:K`: a whole number `K >= 1`.
pub(crate) fn parse_k(text: &str) -> Result<u64, ParseErrorKind> {
    let bad = |why: String| Err(ParseErrorKind::BadRuleset(why));
    if text.is_empty() {
        return bad("moore needs K, the most heaps a move may take from: e.g. moore:2".into());
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return bad(format!(
            "K in moore:K must be a whole number >= 1 (the most heaps a move may take from), not {text:?}"
        ));
    }
    match text.parse::<u64>() {
        Ok(0) => bad("K in moore:K must be at least 1 (moore:1 is Nim)".into()),
        Ok(k) => Ok(k),
        Err(_) => bad(format!("K = {text} in moore:K is larger than 2^64 - 1")),
    }
}

/// Moore's Nim_k as a ruleset (`moore:K`): take from at least one and at
/// most `k` heaps at once (Moore 1910). Values by the closed forms of
/// [`closed_value`] where they apply, else by a search kept with the
/// ruleset ([`ValueSearch`]); outcomes always by Moore's theorem.
#[derive(Debug)]
pub struct Moore {
    k: u64,
    searched: ValueSearch,
}

impl std::fmt::Debug for ValueSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ValueSearch")
            .field("stored", &self.stored())
            .finish()
    }
}

impl Moore {
    /// Moore's Nim_k for `k >= 1`.
    pub fn new(k: u64) -> Moore {
        Moore {
            k: k.max(1),
            searched: ValueSearch::default(),
        }
    }

    /// K, the most heaps one move may take from.
    pub fn k(&self) -> u64 {
        self.k
    }
}

impl Rules for Moore {
    fn canonical(&self) -> String {
        format!("moore:{}", self.k)
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Heaps { max: self.k }
    }

    fn valued(&self, heaps: &[u64], limits: &Limits) -> Result<(u64, Basis), Error> {
        match closed_value(heaps, self.k) {
            Some(v) if self.k == 1 => Ok((v, Basis::Bouton)),
            Some(v) => Ok((v, Basis::Moore)),
            None => {
                let v = self.searched.value(heaps, self.k, limits)?;
                let positions = self.searched.stored();
                Ok((v, Basis::Search { positions }))
            }
        }
    }

    fn closed_value(&self, heaps: &[u64]) -> Option<u64> {
        closed_value(heaps, self.k)
    }

    /// Normal play, by Moore's theorem (`k = 1` is Nim, which Bouton's
    /// theorem values outright).
    fn lone_outcome(&self, heaps: &[u64], play: Play) -> Option<(Outcome, Basis)> {
        (play == Play::Normal && self.k > 1).then(|| {
            (
                Outcome::from_next_player_wins(!is_p_position(heaps, self.k)),
                Basis::Moore,
            )
        })
    }

    fn lone_winning_moves(
        &self,
        heaps: &[u64],
        _: Play,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        Ok(winning_moves(heaps, self.k, &mut |changes| {
            f(Action::Heaps { changes })
        }))
    }

    fn is_nim(&self) -> bool {
        self.k == 1
    }

    fn single_heap_is_nim(&self) -> bool {
        true
    }

    fn few_winning_moves(&self) -> bool {
        self.k == 1
    }

    fn count_winning_moves(&self, heaps: &[u64]) -> Option<u64> {
        count_winning_moves(heaps, self.k, 1 << 20).and_then(|n| u64::try_from(n).ok())
    }

    fn has_moves(&self, heaps: &[u64], _: &Limits) -> Result<bool, Error> {
        Ok(heaps.iter().any(|&h| h > 0))
    }

    fn moves(&self, heaps: &[u64], limits: &Limits, out: &mut Vec<Action>) -> Result<(), Error> {
        let mut changes = Vec::new();
        options(heaps, self.k, limits.max_states, &mut changes)?;
        out.extend(changes.into_iter().map(|changes| Action::Heaps { changes }));
        Ok(())
    }

    /// `k = 1`: Nim's moves (one heap to `h XOR delta`); to a P-position:
    /// the digit walk of [`winning_moves`]; otherwise the closed forms of
    /// [`closed_moves_to`], else by trying every move.
    fn moves_to(
        &self,
        heaps: &[u64],
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        let mut as_action = |changes| f(Action::Heaps { changes });
        if self.k == 1 {
            let delta = value ^ target;
            if delta != 0 {
                for (heap, &from) in heaps.iter().enumerate() {
                    let to = from ^ delta;
                    if to < from && as_action(vec![HeapChange { heap, from, to }]).is_break() {
                        return Ok(ControlFlow::Break(()));
                    }
                }
            }
            return Ok(ControlFlow::Continue(()));
        }
        if target == 0 {
            return Ok(winning_moves(heaps, self.k, &mut as_action));
        }
        if let Some(flow) = closed_moves_to(heaps, self.k, target, &mut as_action) {
            return Ok(flow);
        }
        super::searched_moves_to(self, heaps, target, limits, f)
    }

    /// One heap, reduced to a size chosen with `pick`.
    fn random_move(
        &self,
        heaps: &[u64],
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
        if live.is_empty() {
            return Ok(None);
        }
        let heap = live[pick(live.len() as u64) as usize];
        let from = heaps[heap];
        Ok(Some(Action::Heaps {
            changes: vec![HeapChange {
                heap,
                from,
                to: pick(from),
            }],
        }))
    }

    fn check(&self, word: &str, heaps: &[u64], action: &Action) -> Result<(), IllegalMoveKind> {
        let changes = match action {
            Action::Heaps { changes } => changes,
            Action::Heap {
                heap, from, parts, ..
            } => {
                check_place(heaps, Place::Heap, *heap, *from)?;
                return Err(IllegalMoveKind::NotAllowed {
                    ruleset: word.into(),
                    heap: *heap,
                    from: *from,
                    parts: *parts,
                });
            }
            Action::Stair { .. } => {
                return Err(IllegalMoveKind::NoSteps {
                    ruleset: word.into(),
                })
            }
        };
        if changes.is_empty() {
            return Err(IllegalMoveKind::NoHeapNamed);
        }
        if changes.len() as u64 > self.k {
            return Err(IllegalMoveKind::TooManyHeaps {
                ruleset: word.into(),
                max: self.k,
                count: changes.len(),
            });
        }
        for (n, c) in changes.iter().enumerate() {
            if changes[..n].iter().any(|d| d.heap == c.heap) {
                return Err(IllegalMoveKind::NamedTwice { heap: c.heap });
            }
            check_place(heaps, Place::Heap, c.heap, c.from)?;
            if c.to >= c.from {
                return Err(IllegalMoveKind::MustGetSmaller {
                    heap: c.heap,
                    from: c.from,
                    to: c.to,
                });
            }
        }
        Ok(())
    }

    fn apply(&self, heaps: &mut Vec<u64>, action: &Action) {
        if let Action::Heaps { changes } = action {
            for c in changes {
                heaps[c.heap] = c.to;
            }
        }
    }

    fn canonicalize(&self, heaps: &mut Vec<u64>) {
        heaps.retain(|&h| h != 0);
        heaps.sort_unstable();
    }

    fn value_note(&self, word: &str) -> String {
        if self.k == 1 {
            format!("A {word} heap is worth its size.")
        } else {
            format!(
                "{word} is worth the sum of its heaps when at most K of them are non-empty, \
                 otherwise the value found by search (no formula is known)."
            )
        }
    }
}

/// Parses `moore:K`.
pub(crate) fn parse(
    _: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn Rules>, ParseErrorKind> {
    match param {
        Some(k) => Ok(Box::new(Moore::new(parse_k(k)?))),
        None => Err(ParseErrorKind::BadRuleset(
            "moore needs K, the most heaps a move may take from: e.g. moore:2".into(),
        )),
    }
}

/// `k + 1`, the modulus of Moore's theorem (saturating: with `k = u64::MAX`
/// no count of heaps reaches it).
fn modulus(k: u64) -> u64 {
    k.saturating_add(1)
}

/// Whether the heaps form a P-position of Moore's Nim_k: in every binary
/// digit position the number of heaps with a 1 is divisible by `k + 1`
/// (Moore 1910). O(64 · n).
///
/// ```
/// use sprague::ruleset::moore::is_p_position;
/// assert!(is_p_position(&[1, 1, 1], 2));
/// assert!(!is_p_position(&[1, 2, 3], 2));
/// assert!(is_p_position(&[5, 5, 5], 2));
/// assert!(is_p_position(&[1, 2, 3], 1)); // moore:1 is Nim
/// ```
pub fn is_p_position(heaps: &[u64], k: u64) -> bool {
    let m = modulus(k);
    (0..64)
        .all(|bit| (heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64).is_multiple_of(m))
}

/// Enumerates every winning move of the Moore's Nim_k position `heaps`
/// (every move of at most `k` heaps to a P-position), passing each to `f`
/// as the list of changed heaps (increasing heap index) until `f` breaks.
/// Nothing is passed for a P-position. See the module documentation for the
/// method and its cost.
pub(crate) fn winning_moves(
    heaps: &[u64],
    k: u64,
    f: &mut dyn FnMut(Vec<HeapChange>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut walk = Walk {
        heaps,
        k,
        free: Vec::new(),
        is_free: vec![false; heaps.len()],
        f,
    };
    walk.digit(63)
}

struct Walk<'a, 'f> {
    heaps: &'a [u64],
    k: u64,
    /// Free heaps: (heap index, new value so far), in the order they became free.
    free: Vec<(usize, u64)>,
    is_free: Vec<bool>,
    f: &'f mut dyn FnMut(Vec<HeapChange>) -> ControlFlow<()>,
}

impl Walk<'_, '_> {
    /// Chooses digit `bit` (and, recursively, the lower digits: the depth is
    /// at most 64); `bit = -1` means all digits are chosen.
    fn digit(&mut self, bit: i32) -> ControlFlow<()> {
        if bit < 0 {
            if self.free.is_empty() {
                return ControlFlow::Continue(());
            }
            let mut changes: Vec<HeapChange> = self
                .free
                .iter()
                .map(|&(heap, to)| HeapChange {
                    heap,
                    from: self.heaps[heap],
                    to,
                })
                .collect();
            changes.sort_unstable_by_key(|c| c.heap);
            return (self.f)(changes);
        }
        let ones: Vec<usize> = (0..self.heaps.len())
            .filter(|&i| !self.is_free[i] && self.heaps[i] >> bit & 1 == 1)
            .collect();
        let m = self.free.len();
        let budget = self.k - m as u64;
        let modulus = modulus(self.k);
        let max_switch = budget.min(ones.len() as u64) as usize;
        let high = if bit == 63 { 0 } else { !0u64 << (bit + 1) };
        for x in 0..=max_switch {
            let kept = (ones.len() - x) as u64 % modulus;
            let y = ((modulus - kept) % modulus) as usize;
            if y > m {
                continue;
            }
            // The x heaps that become free here, then the y free heaps that
            // get a 1 here.
            let mut switches = Combinations::new(ones.len(), x);
            while let Some(chosen) = switches.next_combination() {
                let mut ones_here = Combinations::new(m, y);
                while let Some(set) = ones_here.next_combination() {
                    for &j in set {
                        self.free[j].1 |= 1 << bit;
                    }
                    for &c in chosen {
                        let i = ones[c];
                        self.is_free[i] = true;
                        // Unchanged above this digit, 0 here (it had a 1).
                        self.free.push((i, self.heaps[i] & high));
                    }
                    let flow = self.digit(bit - 1);
                    for &c in chosen {
                        self.is_free[ones[c]] = false;
                    }
                    self.free.truncate(m);
                    for &j in set {
                        self.free[j].1 &= !(1u64 << bit);
                    }
                    flow?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The `r`-element subsets of `0..n` in lexicographic order, produced one at
/// a time without recursion.
struct Combinations {
    n: usize,
    indices: Vec<usize>,
    started: bool,
}

impl Combinations {
    fn new(n: usize, r: usize) -> Combinations {
        Combinations {
            n,
            indices: (0..r).collect(),
            started: false,
        }
    }

    /// The next subset, or `None` after the last.
    fn next_combination(&mut self) -> Option<&[usize]> {
        let r = self.indices.len();
        if !self.started {
            self.started = true;
            return (r <= self.n).then_some(&self.indices[..]);
        }
        // The rightmost index that can still move right.
        let i = (0..r).rev().find(|&i| self.indices[i] < self.n - r + i)?;
        self.indices[i] += 1;
        for j in i + 1..r {
            self.indices[j] = self.indices[j - 1] + 1;
        }
        Some(&self.indices[..])
    }
}

/// The number of winning moves of a Moore's Nim_k position, counted without
/// listing them, or `None` when counting would cost more than `budget` steps
/// or the count passes 2^128.
///
/// A forward pass over the binary digits keeps, for each set of free heaps,
/// the number of ways to have reached it; free heaps are interchangeable for
/// the digits below, so giving a 1 to `y` of `m` free heaps counts as
/// `C(m, y)` ways.
pub(crate) fn count_winning_moves(heaps: &[u64], k: u64, budget: u64) -> Option<u128> {
    let modulus = modulus(k);
    let mut states: HashMap<Vec<usize>, u128> = HashMap::new();
    states.insert(Vec::new(), 1);
    let mut steps = 0u64;
    // Words of heap indices stored in the keys: a bound on memory.
    let mut words = 0u64;
    for bit in (0..64).rev() {
        let mut next: HashMap<Vec<usize>, u128> = HashMap::new();
        for (free, ways) in &states {
            steps += heaps.len() as u64;
            let ones: Vec<usize> = (0..heaps.len())
                .filter(|i| heaps[*i] >> bit & 1 == 1 && free.binary_search(i).is_err())
                .collect();
            let m = free.len() as u64;
            let max_switch = (k - m).min(ones.len() as u64) as usize;
            for x in 0..=max_switch {
                let kept = (ones.len() - x) as u64 % modulus;
                let y = (modulus - kept) % modulus;
                if y > m {
                    continue;
                }
                let per = ways.checked_mul(binomial(m, y)?)?;
                let mut subsets = Combinations::new(ones.len(), x);
                while let Some(subset) = subsets.next_combination() {
                    steps += 1;
                    words += free.len() as u64 + x as u64;
                    if steps > budget || words > budget.saturating_mul(4) {
                        return None;
                    }
                    let mut f = free.clone();
                    f.extend(subset.iter().map(|&c| ones[c]));
                    f.sort_unstable();
                    let slot = next.entry(f).or_insert(0);
                    *slot = slot.checked_add(per)?;
                }
            }
        }
        states = next;
    }
    states
        .iter()
        .filter(|(free, _)| !free.is_empty())
        .try_fold(0u128, |acc, (_, &w)| acc.checked_add(w))
}

/// C(n, r) as u128, or `None` on overflow.
fn binomial(n: u64, r: u64) -> Option<u128> {
    let r = r.min(n - r);
    let mut c: u128 = 1;
    for i in 0..r {
        c = c.checked_mul(u128::from(n - i))? / u128::from(i + 1);
    }
    Some(c)
}

/// The number of options of a Moore's Nim_k position (moves of 1..=k
/// non-empty heaps, each to any smaller size), saturating at `u64::MAX`.
pub(crate) fn option_count(heaps: &[u64], k: u64) -> u64 {
    // e[j] = sum over j-subsets of the product of their sizes.
    let kk = k.min(heaps.len() as u64) as usize;
    let mut e = vec![0u64; kk + 1];
    e[0] = 1;
    for &h in heaps.iter().filter(|&&h| h > 0) {
        for j in (1..=kk).rev() {
            e[j] = e[j].saturating_add(e[j - 1].saturating_mul(h));
        }
    }
    e[1..].iter().fold(0u64, |a, &b| a.saturating_add(b))
}

/// Every option of a Moore's Nim_k position, as lists of heap changes,
/// appended to `out`.
///
/// # Errors
/// [`Error::StateLimit`] when there are more than `max` options.
pub(crate) fn options(
    heaps: &[u64],
    k: u64,
    max: usize,
    out: &mut Vec<Vec<HeapChange>>,
) -> Result<(), Error> {
    let count = option_count(heaps, k);
    if count > max as u64 {
        return Err(Error::StateLimit { limit: max });
    }
    out.try_reserve(count as usize)
        .map_err(|_| Error::StateLimit { limit: max })?;
    let nonzero: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
    let most = (k.min(nonzero.len() as u64)) as usize;
    for r in 1..=most {
        let mut subsets = Combinations::new(nonzero.len(), r);
        while let Some(subset) = subsets.next_combination() {
            // Every combination of smaller sizes for the chosen heaps.
            let chosen: Vec<usize> = subset.iter().map(|&c| nonzero[c]).collect();
            let mut to: Vec<u64> = vec![0; r];
            'sizes: loop {
                out.push(
                    chosen
                        .iter()
                        .zip(&to)
                        .map(|(&heap, &t)| HeapChange {
                            heap,
                            from: heaps[heap],
                            to: t,
                        })
                        .collect(),
                );
                // Next combination, odometer-style.
                let mut j = 0;
                loop {
                    if j == r {
                        break 'sizes;
                    }
                    to[j] += 1;
                    if to[j] < heaps[chosen[j]] {
                        break;
                    }
                    to[j] = 0;
                    j += 1;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_moves(heaps: &[u64], k: u64) -> Vec<Vec<HeapChange>> {
        let mut v = Vec::new();
        let _ = winning_moves(heaps, k, &mut |m| {
            v.push(m);
            ControlFlow::Continue(())
        });
        v
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_p() {
        for k in 1..=3u64 {
            for a in 0..6u64 {
                for b in 0..6u64 {
                    for c in 0..6u64 {
                        let heaps = [a, b, c];
                        let mut opts = Vec::new();
                        options(&heaps, k, 1 << 20, &mut opts).unwrap();
                        let mut expected: Vec<Vec<HeapChange>> = opts
                            .into_iter()
                            .filter(|m| {
                                let mut after = heaps;
                                for ch in m {
                                    after[ch.heap] = ch.to;
                                }
                                is_p_position(&after, k)
                            })
                            .collect();
                        let mut got = all_moves(&heaps, k);
                        expected
                            .sort_by_key(|m| m.iter().map(|c| (c.heap, c.to)).collect::<Vec<_>>());
                        got.sort_by_key(|m| m.iter().map(|c| (c.heap, c.to)).collect::<Vec<_>>());
                        assert_eq!(got, expected, "moore:{k} {heaps:?}");
                        assert_eq!(
                            count_winning_moves(&heaps, k, 1 << 20),
                            Some(got.len() as u128),
                            "count for moore:{k} {heaps:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn option_count_matches_options() {
        let heaps = [3, 0, 4, 2];
        for k in 1..=4 {
            let mut opts = Vec::new();
            options(&heaps, k, 1 << 20, &mut opts).unwrap();
            assert_eq!(option_count(&heaps, k), opts.len() as u64);
        }
    }

    #[test]
    fn huge_heaps_have_astronomically_many_winning_moves() {
        // Four heaps of 2^64 - 1 in moore:2: empty any one heap (4 moves),
        // or change two heaps to X and !X for any X other than 0 and
        // 2^64 - 1 (6 pairs, 2^64 - 2 values each).
        let heaps = [u64::MAX; 4];
        let expected = 4 + 6 * (u128::from(u64::MAX) - 1);
        assert_eq!(count_winning_moves(&heaps, 2, 1 << 16), Some(expected));
        let mut first = Vec::new();
        let _ = winning_moves(&heaps, 2, &mut |m| {
            first.push(m);
            if first.len() == 100 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(first.len(), 100);
        for m in &first {
            let mut after = heaps;
            for ch in m {
                assert!(ch.to < ch.from);
                after[ch.heap] = ch.to;
            }
            assert!(is_p_position(&after, 2));
        }
    }

    /// Every sorted list of `n` heaps of sizes `0..=max`.
    fn sorted_lists(n: usize, max: u64) -> Vec<Vec<u64>> {
        let mut out = vec![Vec::new()];
        for _ in 0..n {
            out = out
                .into_iter()
                .flat_map(|l: Vec<u64>| {
                    let from = l.last().copied().unwrap_or(0);
                    (from..=max).map(move |h| {
                        let mut l = l.clone();
                        l.push(h);
                        l
                    })
                })
                .collect();
        }
        out
    }

    fn searched(k: u64) -> Solver<MooreGame> {
        Solver::new(MooreGame {
            k,
            max_options: 1 << 20,
        })
    }

    #[test]
    fn closed_values_agree_with_search_on_all_small_positions() {
        for k in 1..=4u64 {
            let mut solver = searched(k);
            for n in 0..=5 {
                for heaps in sorted_lists(n, 6) {
                    let live = heaps.iter().filter(|&&h| h > 0).count() as u64;
                    let g = solver.grundy_value(&heaps).unwrap();
                    match closed_value(&heaps, k) {
                        Some(v) => assert_eq!(v, g, "moore:{k} {heaps:?}"),
                        // Left to the search: more than k non-empty heaps,
                        // not a P-position.
                        None => assert!(k > 1 && live > k && g != 0, "moore:{k} {heaps:?}"),
                    }
                    if live <= k {
                        assert_eq!(closed_value(&heaps, k), Some(heaps.iter().sum::<u64>()));
                    }
                }
            }
        }
    }

    #[test]
    fn closed_value_refuses_a_sum_past_u64() {
        assert_eq!(closed_value(&[u64::MAX, 1], 2), None);
        assert_eq!(closed_value(&[u64::MAX, 0, 0], 2), Some(u64::MAX));
        assert_eq!(closed_value(&[u64::MAX - 1, 1], 2), Some(u64::MAX));
        let mut seen = 0;
        assert_eq!(
            closed_moves_to(&[u64::MAX, 1], 2, 5, &mut |_| {
                seen += 1;
                ControlFlow::Continue(())
            }),
            None
        );
        assert_eq!(seen, 0);
    }

    /// A move as (heap, from, to) triples, comparable and sortable.
    type Key = Vec<(usize, u64, u64)>;

    fn key(m: &[HeapChange]) -> Key {
        m.iter().map(|c| (c.heap, c.from, c.to)).collect()
    }

    /// The moves of `heaps` to value `target` by [`closed_moves_to`], and by
    /// filtering every option by its (closed) value.
    fn moves_both_ways(heaps: &[u64], k: u64, target: u64) -> (Vec<Key>, Vec<Key>) {
        let mut got = Vec::new();
        let flow = closed_moves_to(heaps, k, target, &mut |m| {
            got.push(key(&m));
            ControlFlow::Continue(())
        });
        assert_eq!(flow, Some(ControlFlow::Continue(())), "moore:{k} {heaps:?}");
        let mut opts = Vec::new();
        options(heaps, k, 1 << 20, &mut opts).unwrap();
        let mut expected: Vec<_> = opts
            .into_iter()
            .filter(|m| {
                let mut after = heaps.to_vec();
                for c in m {
                    after[c.heap] = c.to;
                }
                after.iter().sum::<u64>() == target
            })
            .map(|m| key(&m))
            .collect();
        expected.sort();
        (got, expected)
    }

    #[test]
    fn closed_moves_are_exactly_the_moves_to_the_target() {
        for k in 2..=4u64 {
            for a in 0..5u64 {
                for b in 0..5u64 {
                    for c in 0..5u64 {
                        let heaps = [a, c, 0, b];
                        let live = heaps.iter().filter(|&&h| h > 0).count() as u64;
                        if live > k {
                            assert!(closed_moves_to(&heaps, k, 0, &mut |_| {
                                ControlFlow::Continue(())
                            })
                            .is_none());
                            continue;
                        }
                        let sum = a + b + c;
                        for target in 0..=sum + 1 {
                            let (got, expected) = moves_both_ways(&heaps, k, target);
                            // Listed from the most taken from the first heaps.
                            let takes = |m: &Key| {
                                let mut t = [0u64; 4];
                                for &(i, from, to) in m {
                                    t[i] = from - to;
                                }
                                t
                            };
                            assert!(got.windows(2).all(|w| takes(&w[0]) > takes(&w[1])));
                            let mut sorted = got.clone();
                            sorted.sort();
                            assert_eq!(sorted, expected, "moore:{k} {heaps:?} to {target}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn closed_moves_stop_when_told() {
        // Two heaps of a million in moore:2 have a million moves to value
        // 10^6; the first three are listed without the others.
        let mut got = Vec::new();
        let flow = closed_moves_to(&[1_000_000, 1_000_000], 2, 1_000_000, &mut |m| {
            got.push(key(&m));
            if got.len() == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(flow, Some(ControlFlow::Break(())));
        assert_eq!(
            got,
            vec![
                vec![(0, 1_000_000, 0)],
                vec![(0, 1_000_000, 1), (1, 1_000_000, 999_999)],
                vec![(0, 1_000_000, 2), (1, 1_000_000, 999_998)],
            ]
        );
    }

    thread_local! {
        /// One search table per k (proptest runs its cases on one thread).
        static SOLVERS: std::cell::RefCell<Vec<Solver<MooreGame>>> =
            std::cell::RefCell::new((0..=4).map(searched).collect());
    }

    proptest::proptest! {
        #[test]
        fn closed_values_agree_with_search(
            k in 2..=4u64,
            heaps in proptest::collection::vec(0..=10u64, 0..=7),
        ) {
            // At most k non-empty heaps are kept (the rest emptied): the
            // closed form applies, and the search is within reach.
            let mut live = 0;
            let heaps: Vec<u64> = heaps
                .into_iter()
                .map(|h| {
                    if h > 0 && live < k {
                        live += 1;
                        h
                    } else {
                        0
                    }
                })
                .collect();
            let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
            sorted.sort_unstable();
            let g = SOLVERS.with(|s| s.borrow_mut()[k as usize].grundy_value(&sorted).unwrap());
            proptest::prop_assert_eq!(closed_value(&heaps, k), Some(g));
            let (got, expected) = moves_both_ways(&heaps, k, g / 2);
            let mut got = got;
            got.sort();
            proptest::prop_assert_eq!(got, expected);
        }
    }

    #[test]
    fn bad_k() {
        assert!(parse_k("0").is_err());
        assert!(parse_k("x").is_err());
        assert!(parse_k("").is_err());
        assert!(parse_k("-1").is_err());
        assert_eq!(parse_k("3"), Ok(3));
    }
}
