//! Values of rules with far options, by the residue classes of n: a
//! proof in the manner of Guy and Smith for rules whose options leave,
//! besides heaps n - c (c bounded), one heap g(n) far below n (`n/2`,
//! `(n-1)/3`, `equal(n/2*K,K)` with K odd: K copies of x are worth G(x)),
//! where no period exists (Codeforces 603C: take one token, or turn an
//! even heap 2x into K heaps of x).
//!
//! **The theorem.** Let every option of heap n >= T exist or not by
//! n mod M, and be one of: a heap n - c (1 <= c <= C; a range of such),
//! a far heap g(n) < n, or no heap depending on n (constant heaps, equal
//! pairs, an even number of equal heaps), each with constant heaps beside
//! it whose values XOR in. Let V hold every value of the table G(0..L),
//! and let sets S_r (r mod M) and maps F_r: V^k -> V (k the far options of
//! residue r) satisfy: for each x in V^k, the mex of the option values is
//! F_r(x) whichever values in S_{(r-c) mod M} the heaps n - c take; every
//! F_r(x) lies in S_r ⊆ V; and G(n) = F_{n mod M}(G(g(n)), ...) for
//! T <= n < L, with L >= T + C. Then G(n) = F_{n mod M}(G(g(n)), ...) for
//! every n >= T. Proof, by induction on n >= L: each heap n - c >= T has
//! its value in S_{(n-c) mod M} (in the table, or by induction an F's
//! value); each far heap has its value in V; so the mex is F_r(x).
//!
//! The sets are found by iterating from the values the table shows to a
//! fixed point, within bounds on |V|^k and on the choices tried. A heap
//! past the table is then valued by the recursion on its far heaps, each
//! at most about half of it (a far heap divides n by at least 2), so a
//! heap of 10^18 needs a few dozen values for one far option.

use std::collections::{BTreeSet, HashMap};

use super::eval::{self, Resolved};
use super::parser::{Body, Expr, Rule};
use super::{theory, RuleGame, State};
use crate::{Basis, Error, Limits};

/// The most far-value combinations |V|^k one residue may have.
const MAX_COMBINATIONS: usize = 4096;

/// The most choices of the near heaps' values tried for one combination.
const MAX_CHOICES: usize = 1 << 16;

/// The most mex computations one search for a proof may make (all
/// thresholds and rounds together), about a second in a debug build.
const MAX_WORK: usize = 1 << 22;

/// The largest modulus M tried.
const MAX_MODULUS: u64 = 1 << 12;

/// One option as the theorem sees it.
#[derive(Clone, Debug)]
enum Term {
    /// One heap n - c, any c listed.
    Near(Vec<u64>),
    /// One heap g(n), far below n.
    Far(Expr),
    /// No heap depending on n: worth the constant heaps beside it.
    Fixed,
    /// An even number of equal heaps: worth 0.
    Zero,
}

#[derive(Clone, Debug)]
struct Piece {
    term: Term,
    /// The constant heaps beside the term.
    constants: Vec<u64>,
}

/// What the theorem needs of a rule (see the module docs).
#[derive(Clone, Debug)]
pub struct Skeleton {
    modulus: u64,
    threshold: u64,
    reach: u64,
    /// For each residue r, the pieces present at n ≡ r (n >= T).
    present: Vec<Vec<Piece>>,
}

/// A proof: the maps F_r, by the far values in the order of `values`.
#[derive(Clone, Debug)]
pub struct SkeletonProof {
    /// The values V, increasing.
    values: Vec<u64>,
    /// F_r for each residue: index of x in mixed radix over `values`.
    maps: Vec<Vec<u64>>,
    /// The heap from which the maps give every value.
    pub threshold: u64,
}

/// Whether gentle `e` divides by at least 2 somewhere (so e(n) <= n/2).
fn halves(e: &Expr) -> bool {
    match e {
        Expr::Div(a, b) => theory::constant(b).is_some_and(|d| d >= 2) || halves(a),
        Expr::Sub(a, _) => halves(a),
        _ => false,
    }
}

impl Skeleton {
    /// The skeleton of `rule` (`word` its ruleset word), or why the
    /// theorem does not apply.
    ///
    /// # Errors
    /// A sentence naming the first option outside the theorem's shape.
    pub fn of(word: &str, rule: &Rule) -> Result<Skeleton, String> {
        let mut shape = theory::Shape {
            modulus: 1,
            threshold: 0,
            local: 0,
            split2: None,
            split3: None,
        };
        let mut pieces = Vec::new();
        for o in &rule.options {
            let outside = |why: &str| format!("option {} (column {}) {why}", o.text, o.column);
            if o.divisor_of.is_some() {
                return Err(outside("ranges over divisors"));
            }
            for c in &o.conds {
                theory::cond_shape(c, &mut shape).map_err(&outside)?;
            }
            let gentle_from = |e: &Expr, shape: &mut theory::Shape| -> Result<(), String> {
                let from =
                    theory::gentle_from(e).ok_or_else(|| outside("leaves no heap below n"))?;
                shape.threshold = shape.threshold.max(from);
                Ok(())
            };
            let mut constants = Vec::new();
            let term = match &o.body {
                Body::Parts(parts) => {
                    let mut rest: Vec<&Expr> = parts.iter().collect();
                    let mut i = 0;
                    while i < rest.len() {
                        match (i + 1..rest.len()).find(|&j| rest[j] == rest[i]) {
                            Some(j) if theory::gentle(rest[i]) => {
                                gentle_from(rest[i], &mut shape)?;
                                rest.remove(j);
                                rest.remove(i);
                            }
                            _ => i += 1,
                        }
                    }
                    let mut term = Term::Fixed;
                    for e in rest {
                        if let Some(k) = theory::constant(e) {
                            shape.threshold = shape.threshold.max(k.saturating_add(1));
                            constants.push(k);
                        } else if !matches!(term, Term::Fixed) {
                            return Err(outside("leaves two heaps that depend on n"));
                        } else if let Some(c) = theory::local(e) {
                            shape.threshold = shape.threshold.max(c);
                            term = Term::Near(vec![c]);
                        } else if theory::gentle(e) && halves(e) {
                            gentle_from(e, &mut shape)?;
                            term = Term::Far(e.clone());
                        } else {
                            return Err(outside("leaves a heap neither near n nor below n/2"));
                        }
                    }
                    term
                }
                Body::Range(lo, hi) => match (theory::local(lo), theory::local(hi)) {
                    (Some(a), Some(b)) if a >= b && a - b <= 64 => {
                        shape.threshold = shape.threshold.max(a);
                        Term::Near((b.max(1)..=a).collect())
                    }
                    _ => return Err(outside("is a range not between n - a and n - b")),
                },
                Body::Equal(e, k) => {
                    let k = theory::constant(k).ok_or_else(|| outside("has K depending on n"))?;
                    let size = if let Some(c) = theory::local(e) {
                        shape.threshold = shape.threshold.max(c.saturating_add(k));
                        shape.modulus = lcm(shape.modulus, k);
                        Expr::Div(Box::new(e.clone()), Box::new(Expr::Num(k)))
                    } else if let Some(g) = theory::scaled(e, k).filter(|g| theory::gentle(g)) {
                        g.clone()
                    } else {
                        return Err(outside("splits neither n - c nor g(n)*K into K heaps"));
                    };
                    gentle_from(&size, &mut shape)?;
                    match (k % 2, theory::local(&size)) {
                        (0, _) => Term::Zero,
                        (_, Some(c)) => Term::Near(vec![c]),
                        _ if halves(&size) => Term::Far(size),
                        _ => return Err(outside("leaves heaps neither near n nor below n/2")),
                    }
                }
                _ => return Err(outside("splits a heap")),
            };
            if shape.modulus > MAX_MODULUS {
                return Err(outside("repeats with too long a period"));
            }
            if let Term::Near(cs) = &term {
                shape.local = shape.local.max(cs.iter().copied().max().unwrap_or(0));
            }
            pieces.push((o, Piece { term, constants }));
        }
        let (m, t) = (shape.modulus, shape.threshold);
        if !pieces.iter().any(|(_, p)| matches!(p.term, Term::Far(_))) {
            return Err("no option leaves a heap far below n".into());
        }
        let present = (0..m)
            .map(|r| {
                // The least heap >= T of residue r.
                let n = t + (r + m - t % m) % m;
                let mut found: Vec<Resolved> = Vec::new();
                pieces
                    .iter()
                    .filter(|(o, _)| {
                        found.clear();
                        eval::resolve_all(word, o, n, &mut found).is_ok() && !found.is_empty()
                    })
                    .map(|(_, p)| p.clone())
                    .collect()
            })
            .collect();
        Ok(Skeleton {
            modulus: m,
            threshold: t,
            reach: shape.local,
            present,
        })
    }

    /// The proof `values` (G(0), G(1), ...) give, if any. Time about
    /// M · |V|^k · (choices) per round, a few rounds.
    pub fn prove(&self, values: &[u64]) -> Option<SkeletonProof> {
        // The classes may settle later than the options do (a small heap
        // of a class may still be worth something else): thresholds from
        // T on are tried, T + 1, ..., T + 63, then doubling.
        let t = self.threshold;
        let later = (0..6).map(|i| t.saturating_add(128 << i));
        (t..t + 64)
            .chain(later)
            .take_while(|&from| from.saturating_mul(2) <= values.len() as u64 || from == t)
            .scan(MAX_WORK, |work, from| {
                (*work > 0).then(|| self.prove_from(from, values, work))
            })
            .find_map(|found| found)
    }

    /// [`Skeleton::prove`] with the theorem's T taken as `t`.
    fn prove_from(&self, t: u64, values: &[u64], work: &mut usize) -> Option<SkeletonProof> {
        let m = self.modulus;
        let len = values.len() as u64;
        if len < t + self.reach + 2 * m {
            return None;
        }
        let mut all: BTreeSet<u64> = values.iter().copied().collect();
        let mut sets: Vec<BTreeSet<u64>> = vec![BTreeSet::new(); m as usize];
        for n in t..len {
            sets[(n % m) as usize].insert(values[n as usize]);
        }
        let g = |h: u64| values[h as usize];
        for _round in 0..16 {
            let v: Vec<u64> = all.iter().copied().collect();
            let mut maps = Vec::with_capacity(m as usize);
            for r in 0..m {
                maps.push(self.map(r, &v, &sets, &g, work)?);
            }
            let mut grew = false;
            for (r, map) in maps.iter().enumerate() {
                for &y in map {
                    grew |= sets[r].insert(y);
                    grew |= all.insert(y);
                }
            }
            if grew {
                continue;
            }
            let proof = SkeletonProof {
                values: v,
                maps,
                threshold: t,
            };
            let table = |h: u64| Some(values[h as usize]);
            let base_holds =
                (t..len).all(|n| self.step(&proof, n, &table) == Some(values[n as usize]));
            return base_holds.then_some(proof);
        }
        None
    }

    /// F_r over every x in V^k (mixed radix, first far option slowest),
    /// or `None` where the near heaps' values could change the mex.
    fn map(
        &self,
        r: u64,
        v: &[u64],
        sets: &[BTreeSet<u64>],
        g: &dyn Fn(u64) -> u64,
        work: &mut usize,
    ) -> Option<Vec<u64>> {
        let m = self.modulus;
        let pieces = &self.present[r as usize];
        let xor = |p: &Piece| p.constants.iter().fold(0, |a, &k| a ^ g(k));
        let far: Vec<u64> = pieces
            .iter()
            .filter(|p| matches!(p.term, Term::Far(_)))
            .map(xor)
            .collect();
        let mut fixed = Vec::new();
        let mut near: Vec<Vec<u64>> = Vec::new();
        for p in pieces {
            match &p.term {
                Term::Fixed => fixed.push(xor(p)),
                Term::Zero => fixed.push(0),
                Term::Near(cs) => {
                    for &c in cs {
                        let s = &sets[((r + m * (c / m + 1) - c) % m) as usize];
                        near.push(s.iter().map(|&y| y ^ xor(p)).collect());
                    }
                }
                Term::Far(_) => {}
            }
        }
        let combos = v.len().checked_pow(far.len() as u32)?;
        let choices = near
            .iter()
            .try_fold(1usize, |a, s| a.checked_mul(s.len().max(1)))?;
        if combos > MAX_COMBINATIONS || choices > MAX_CHOICES || combos * choices > *work {
            *work = 0;
            return None;
        }
        *work -= combos * choices;
        let mut out = Vec::with_capacity(combos);
        for x in 0..combos {
            let mut seen = fixed.clone();
            let mut rest = x;
            for &k in far.iter().rev() {
                seen.push(v[rest % v.len()] ^ k);
                rest /= v.len();
            }
            let mut answer = None;
            for choice in 0..choices {
                let mut all = seen.clone();
                let mut rest = choice;
                for s in near.iter().filter(|s| !s.is_empty()) {
                    all.push(s[rest % s.len()]);
                    rest /= s.len();
                }
                let mex = crate::mex(all);
                match answer {
                    None => answer = Some(mex),
                    Some(a) if a != mex => return None,
                    _ => {}
                }
            }
            out.push(answer?);
        }
        Some(out)
    }

    /// G(n) by F_{n mod M} from the values of its far heaps, each given by
    /// `value` (`None` where not known yet); `None` when a far value is
    /// not known or lies outside V.
    pub fn step(
        &self,
        proof: &SkeletonProof,
        n: u64,
        value: &dyn Fn(u64) -> Option<u64>,
    ) -> Option<u64> {
        let r = n % self.modulus;
        let v = &proof.values;
        let mut index = 0usize;
        for p in &self.present[r as usize] {
            if let Term::Far(e) = &p.term {
                let x = value(eval::eval(e, n)?)?;
                index = index * v.len() + v.binary_search(&x).ok()?;
            }
        }
        proof.maps[r as usize].get(index).copied()
    }

    /// The far heaps of heap `n` (whose values [`Skeleton::step`] reads).
    pub fn far_heaps(&self, n: u64) -> Vec<u64> {
        self.present[(n % self.modulus) as usize]
            .iter()
            .filter_map(|p| match &p.term {
                Term::Far(e) => eval::eval(e, n),
                _ => None,
            })
            .collect()
    }
}

fn lcm(a: u64, b: u64) -> u64 {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    if a == 0 || b == 0 {
        return a.max(b);
    }
    (a / gcd(a, b)).saturating_mul(b)
}

/// G(heap) by the recursion on far heaps ([`Skeleton::step`]), reading
/// `table` and memoising in `memo`.
///
/// # Errors
/// [`Error::StateLimit`] past `max_states` heaps held; [`Error::Internal`]
/// if a far value falls outside the proof (the proof rules it out).
pub(super) fn value_past(
    sk: &Skeleton,
    proof: &SkeletonProof,
    table: &[u64],
    memo: &mut HashMap<u64, u64>,
    heap: u64,
    max_states: usize,
) -> Result<u64, Error> {
    let mut stack = vec![heap];
    while let Some(&n) = stack.last() {
        let known = |h: u64| {
            table
                .get(h as usize)
                .copied()
                .or_else(|| memo.get(&h).copied())
        };
        if known(n).is_some() {
            stack.pop();
            continue;
        }
        let missing: Vec<u64> = sk
            .far_heaps(n)
            .into_iter()
            .filter(|&h| known(h).is_none())
            .collect();
        if missing.is_empty() {
            let g = sk.step(proof, n, &known).ok_or_else(|| {
                Error::Internal(format!("heap {n}: a far value outside the proven classes"))
            })?;
            memo.insert(n, g);
            stack.pop();
        } else {
            if stack.len() + memo.len() > max_states {
                return Err(Error::StateLimit { limit: max_states });
            }
            stack.extend(missing);
        }
    }
    let known = table
        .get(heap as usize)
        .copied()
        .or_else(|| memo.get(&heap).copied());
    known.ok_or_else(|| Error::Internal(format!("heap {heap}: no value")))
}

impl RuleGame {
    /// G(heap) past the table by a proof of [`Skeleton`] (tables of 1,024,
    /// 4,096 and 16,384 heaps tried, within the table limits), or `None`
    /// when the rule has none.
    ///
    /// # Errors
    /// The table's limit errors, and those of [`value_past`].
    pub(super) fn by_skeleton(
        &self,
        st: &mut State,
        heap: u64,
        limits: &Limits,
    ) -> Result<Option<(u64, Basis)>, Error> {
        let Some(sk) = &self.skeleton else {
            return Ok(None);
        };
        let table_limit = limits.max_table.min(crate::sequence::MAX_TABLE_LEN);
        for to in [1023u64, 4095, 16383] {
            if st.skeleton.is_some() || to >= table_limit || heap <= to {
                break;
            }
            // Each length is tried once: a failed proof is not retried
            // for every heap asked.
            if st.skeleton_tried > to {
                continue;
            }
            self.extend(st, to, limits, false)?;
            st.skeleton_tried = to + 1;
            st.skeleton = sk.prove(&st.values);
        }
        let Some(proof) = &st.skeleton else {
            return Ok(None);
        };
        if let Some(&g) = st.values.get(heap as usize) {
            return Ok(Some((g, Basis::Table)));
        }
        if st.memo.len() > limits.max_states {
            st.memo.clear();
        }
        let g = value_past(sk, proof, &st.values, &mut st.memo, heap, limits.max_states)?;
        Ok(Some((g, RULE_SKELETON)))
    }
}

/// The basis of a value past the table by [`Skeleton`]'s proof.
pub const RULE_SKELETON: Basis = Basis::Theorem {
    word: "rule",
    name:
        "the residue classes of the heap, proven for the rule's far options (a recursion on them)",
};
