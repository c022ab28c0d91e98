//! Conway's genus (On Numbers and Games, ch. 12; Winning Ways, ch. 13) and
//! tame games.
//!
//! # Definitions
//!
//! For an impartial game `G`:
//!
//! - `g` is its Grundy value under normal play (the mex of its options'
//!   values, 0 for a game with no move);
//! - `G⁻(X)`, the misère Grundy value, is 1 for a game with no move and
//!   otherwise the mex of the misère values of its options; `X` is a
//!   misère P-position exactly when `G⁻(X) = 0`, and `G⁻(X)` is the one
//!   `m` for which `X + *m` is a misère P-position;
//! - `γk = G⁻(G + k·*2)`, the misère value of `G` plus `k` copies of the
//!   Nim heap `*2`.
//!
//! The genus of `G` is `g^(γ0 γ1 γ2 ...)`. Every such sequence ends by
//! alternating between two values (Conway); it is written up to the first
//! place from which it alternates, with the two alternating values last:
//! `γ0 ... γ(s+1)`, where `s` is the least index with `γ(k+2) = γk` for every
//! `k >= s`. So `*0 = 0^120` means γ = 1, 2, 0, 2, 0, ..., and
//! `*2 = 2^20` means γ = 2, 0, 2, 0, ....
//!
//! # Computing it
//!
//! A `*1` added to any game changes its misère value by `⊕ 1`
//! (`G⁻(X + *1) = G⁻(X) ⊕ 1`, by induction on `X`). The options of
//! `G + k·*2` are `G' + k·*2`, `G + (k-1)·*2 + *1` and `G + (k-1)·*2`, so
//!
//! - `γ0 = mex{γ0(G')}` (1 when `G` has no move),
//! - `γk = mex({γk(G')} ∪ {γ(k-1), γ(k-1) ⊕ 1})` for `k >= 1`,
//!
//! and the genus of a game follows from the genera of its options
//! ([`Genus::of_options`]). Once `k` is past the point where every option's
//! sequence alternates, `γk` depends on `γ(k-1)` and the parity of `k`
//! alone, so two equal values two places apart prove that the sequence
//! alternates from there.
//!
//! # Tame games
//!
//! The genera of Nim positions are `0^120` (an even number of heaps of 1,
//! nothing else), `1^031` (an odd number of heaps of 1, nothing else) and
//! `g^(g, g⊕2)` (nim-sum `g`, some heap of 2 or more): the *tame* genera. A
//! game is *tame* when it and every position that can follow it have a tame
//! genus; any sum of tame games is tame, its genus found as for Nim (Winning
//! Ways, ch. 13, "tame games"), so it plays misère Nim on its genus values:
//! treat a `0^120` as a heap of 0, a `1^031` as a heap of 1, a
//! `g^(g, g⊕2)` as a heap of nim-value `g` that is "large". A game that is
//! not tame is *wild*.
//!
//! A heap of a heap game is tame here when its genus is tame and every
//! option of it is made of tame heaps (so every position that can follow
//! is a sum of tame heaps, tame by the theorem).

use std::collections::HashMap;
use std::fmt;

use rustc_hash::FxBuildHasher;

use crate::ruleset::HeapRules;
use crate::sequence::period::find_proven;
use crate::sequence::Period;
use crate::{mex, Error, HeapMove, Limits, Ruleset};

/// The genus `g^(γ0 γ1 ...)` of a game (see the [module](self)
/// documentation for the definitions).
///
/// ```
/// use sprague::misere::Genus;
/// assert_eq!(Genus::nim(0).to_string(), "0^120");
/// assert_eq!(Genus::nim(1).to_string(), "1^031");
/// assert_eq!(Genus::nim(2).to_string(), "2^20");
/// assert_eq!(Genus::nim(3).to_string(), "3^31");
/// assert_eq!(Genus::nim(0).gamma(7), 2); // 1, 2, 0, 2, 0, 2, 0, 2, ...
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    normal: u64,
    /// `γ0 ... γ(s+1)`: at least two values, the last two alternating
    /// forever.
    misere: Vec<u64>,
}

/// How a tame genus plays in a sum (misère Nim on genus values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TameKind {
    /// `0^120` (`false`) or `1^031` (`true`): like a heap of 0 or of 1.
    Small(bool),
    /// `g^(g, g⊕2)`: like a Nim position of nim-sum `g` with a heap of 2 or
    /// more.
    Large(u64),
}

impl TameKind {
    /// The normal-play Grundy value `g`.
    pub fn value(self) -> u64 {
        match self {
            TameKind::Small(one) => u64::from(one),
            TameKind::Large(g) => g,
        }
    }

    /// The genus of this kind.
    pub fn genus(self) -> Genus {
        match self {
            TameKind::Small(false) => Genus::nim(0),
            TameKind::Small(true) => Genus::nim(1),
            TameKind::Large(g) => Genus {
                normal: g,
                misere: vec![g, g ^ 2],
            },
        }
    }

    /// The kind of a sum of games of these kinds (the tame-sum rule:
    /// nim-sum of the values; large when any part is large).
    pub fn sum(kinds: impl IntoIterator<Item = TameKind>) -> TameKind {
        let mut large = false;
        let mut value = 0;
        for k in kinds {
            large |= matches!(k, TameKind::Large(_));
            value ^= k.value();
        }
        if large {
            TameKind::Large(value)
        } else {
            TameKind::Small(value == 1)
        }
    }

    /// A number for each kind, different for different kinds whose values
    /// fit a nim-sequence table (below 2^32 - 2), for the period search: 0
    /// and 1 for the small kinds, `g + 2` for a large `g`.
    fn code(self) -> u32 {
        match self {
            TameKind::Small(one) => u32::from(one),
            TameKind::Large(g) => u32::try_from(g.saturating_add(2)).unwrap_or(u32::MAX),
        }
    }

    /// Whether a game of this kind is a misère P-position (`γ0 = 0`): an
    /// odd number of heaps of 1 alone, or a large nim-sum of 0.
    pub fn misere_p(self) -> bool {
        matches!(self, TameKind::Small(true) | TameKind::Large(0))
    }
}

impl Genus {
    /// The genus of a Nim heap of `n`: `0^120`, `1^031`, and `n^(n, n⊕2)`
    /// for `n >= 2`.
    pub fn nim(n: u64) -> Genus {
        match n {
            0 => Genus {
                normal: 0,
                misere: vec![1, 2, 0],
            },
            1 => Genus {
                normal: 1,
                misere: vec![0, 3, 1],
            },
            n => TameKind::Large(n).genus(),
        }
    }

    /// The normal-play Grundy value `g`.
    pub fn normal(&self) -> u64 {
        self.normal
    }

    /// The written superscript `γ0 ... γ(s+1)` (at least two values; the
    /// last two alternate forever).
    pub fn superscript(&self) -> &[u64] {
        &self.misere
    }

    /// `γk`, the misère Grundy value of the game plus `k` copies of `*2`.
    pub fn gamma(&self, k: usize) -> u64 {
        let n = self.misere.len();
        if k < n {
            self.misere[k]
        } else {
            self.misere[n - 2 + (k - (n - 2)) % 2]
        }
    }

    /// The misère Grundy value `γ0` (0 exactly for a misère P-position).
    pub fn misere_value(&self) -> u64 {
        self.misere[0]
    }

    /// `s`: the least index from which the sequence alternates
    /// (`γ(k+2) = γk` for every `k >= s`).
    pub fn settles_at(&self) -> usize {
        self.misere.len() - 2
    }

    /// The tame kind of this genus, or `None` for a wild genus.
    ///
    /// ```
    /// use sprague::misere::{Genus, TameKind};
    /// assert_eq!(Genus::nim(1).tame_kind(), Some(TameKind::Small(true)));
    /// assert_eq!(Genus::nim(5).tame_kind(), Some(TameKind::Large(5)));
    /// ```
    pub fn tame_kind(&self) -> Option<TameKind> {
        match (self.normal, self.misere.as_slice()) {
            (0, [1, 2, 0]) => Some(TameKind::Small(false)),
            (1, [0, 3, 1]) => Some(TameKind::Small(true)),
            (g, [a, b]) if *a == g && *b == g ^ 2 => Some(TameKind::Large(g)),
            _ => None,
        }
    }

    /// Whether the genus is one of the tame genera.
    pub fn is_tame(&self) -> bool {
        self.tame_kind().is_some()
    }

    /// The genus of a game whose options have the genera `options` (none:
    /// the game with no move, `0^120`), by the recursion of the
    /// [module](self) documentation. Cost: about (the longest option
    /// superscript + the largest value) × the number of options.
    ///
    /// ```
    /// use sprague::misere::Genus;
    /// // *2 has the options *0 and *1.
    /// let two = Genus::of_options(&[&Genus::nim(0), &Genus::nim(1)]);
    /// assert_eq!(two, Genus::nim(2));
    /// ```
    pub fn of_options(options: &[&Genus]) -> Genus {
        let normal = mex(options.iter().map(|o| o.normal));
        if options.is_empty() {
            return Genus::nim(0);
        }
        // Past `settled`, every option's sequence alternates.
        let settled = options.iter().map(|o| o.settles_at()).max().unwrap_or(0);
        let mut gammas = vec![mex(options.iter().map(|o| o.gamma(0)))];
        let mut k = 1;
        loop {
            let prev = gammas[k - 1];
            let g = mex(options.iter().map(|o| o.gamma(k)).chain([prev, prev ^ 1]));
            gammas.push(g);
            // γ(j) = γ(j+2) with j >= settled proves alternation from j.
            if k >= 2 && k - 2 >= settled && gammas[k] == gammas[k - 2] {
                break;
            }
            k += 1;
        }
        // The least index from which it alternates.
        let last = gammas.len() - 3;
        let mut s = last;
        while s > 0 && gammas[s - 1] == gammas[s + 1] {
            s -= 1;
        }
        gammas.truncate(s + 2);
        Genus {
            normal,
            misere: gammas,
        }
    }
}

impl fmt::Display for Genus {
    /// `g^γ0γ1...` (Conway's notation, as `0^120`); with commas between the
    /// values, as `12^12,14`, when one of them has two digits or more.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.misere.iter().any(|&v| v > 9) {
            ","
        } else {
            ""
        };
        let sup: Vec<String> = self.misere.iter().map(u64::to_string).collect();
        write!(f, "{}^{}", self.normal, sup.join(sep))
    }
}

/// One heap's line of a genus table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapGenus {
    /// The heap size.
    pub heap: u64,
    /// Its genus.
    pub genus: Genus,
    /// Whether the heap is tame: its genus is tame and every option is made
    /// of tame heaps.
    pub tame: bool,
}

/// The genus of every heap `0..=to` of a heap game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenusTable {
    /// One entry per heap, from 0.
    pub heaps: Vec<HeapGenus>,
    /// The number of sums of heaps (positions with a wild heap) whose genus
    /// was computed on the way.
    pub positions: u64,
}

impl GenusTable {
    /// The first heap that is not tame, if any.
    pub fn first_wild(&self) -> Option<u64> {
        self.heaps.iter().find(|h| !h.tame).map(|h| h.heap)
    }
}

/// The genus of every heap `0..=to` of the heap game `ruleset`, exactly:
/// a sum of tame heaps by the tame-sum rule, any other position from the
/// genera of its options.
///
/// Cost: for a tame game, the options of every heap once; past the first
/// wild heap, every sum of heaps that can follow a heap with a wild part is
/// valued on its own, which grows about as the number of partitions of the
/// heap (Kayles to 20 values a few thousand sums).
///
/// ```
/// use sprague::{misere::genus_table, Limits, Ruleset};
/// let kayles: Ruleset = "kayles".parse()?;
/// let t = genus_table(&kayles, 4, &Limits::default())?;
/// let written: Vec<String> = t.heaps.iter().map(|h| h.genus.to_string()).collect();
/// assert_eq!(written, ["0^120", "1^031", "2^20", "3^31", "1^031"]);
/// # Ok::<(), sprague::Error>(())
/// ```
///
/// # Errors
/// [`Error::Unsupported`] for a ruleset that is not a heap game;
/// [`Error::StateLimit`] when more than `limits.max_states` sums of heaps
/// would be valued; [`Error::TableLimit`] past `limits.max_table` heaps;
/// the errors of listing a heap's options.
pub fn genus_table(ruleset: &Ruleset, to: u64, limits: &Limits) -> Result<GenusTable, Error> {
    let mut engine = Engine::new(ruleset, limits)?;
    engine.extend(to, false)?;
    Ok(GenusTable {
        heaps: (0..=to)
            .map(|h| HeapGenus {
                heap: h,
                genus: engine.heaps[h as usize].clone(),
                tame: engine.tame[h as usize],
            })
            .collect(),
        positions: engine.memo.len() as u64,
    })
}

/// The tame kinds of the heaps of a heap game: a table from heap 0, and
/// past it, where proven, a period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TameKinds {
    table: Vec<TameKind>,
    period: Option<Period>,
}

impl TameKinds {
    /// The tame kind of heap `heap`, or `None` past the table when no
    /// period is proven.
    pub fn kind(&self, heap: u64) -> Option<TameKind> {
        let h = match self.period {
            Some(p) => p.reduce(heap),
            None => heap,
        };
        self.table.get(usize::try_from(h).ok()?).copied()
    }

    /// The proven period of the kinds, if any: every heap is tame and
    /// `kind(n + p) = kind(n)` for `n >= n0`.
    pub fn period(&self) -> Option<Period> {
        self.period
    }
}

/// Where the kinds are looked at for a period: heaps 1,024, 2,048, ...
const FIRST_PERIOD_LOOK: u64 = 1 << 10;

/// The tame kind of every heap `0..=to` of a heap game, or `None` when one
/// of them is not tame (found without valuing sums with wild heaps).
///
/// Past heap 1,024, the kinds are computed in doubling steps and checked
/// for a period proven by the periodicity theorem of Guy and Smith (the
/// kind of a heap is a function of its options' kinds, combined by the
/// tame-sum rule as values are by the nim-sum, so the theorem's proof
/// holds word for word): a tame octal game or subtraction set with a
/// proven period answers any heap up to 2^64 - 1 at once.
///
/// ```
/// use sprague::{misere::{tame_kinds, TameKind}, Limits, Ruleset};
/// let bounded: Ruleset = "sub:1,2".parse()?;
/// let kinds = tame_kinds(&bounded, u64::MAX, &Limits::default())?.unwrap();
/// assert_eq!(kinds.period().map(|p| p.period), Some(3));
/// assert_eq!(kinds.kind(u64::MAX), Some(TameKind::Small(false))); // 2^64 - 1 ≡ 0 (mod 3)
/// # Ok::<(), sprague::Error>(())
/// ```
///
/// # Errors
/// As for [`genus_table`]; [`Error::TableLimit`] when `to` is past the
/// table limit and no period is proven within it.
pub fn tame_kinds(ruleset: &Ruleset, to: u64, limits: &Limits) -> Result<Option<TameKinds>, Error> {
    let mut engine = Engine::new(ruleset, limits)?;
    let moves = ruleset
        .move_set()
        .filter(|m| m.periodicity_theorem_applies());
    if to >= FIRST_PERIOD_LOOK && !engine.nim {
        if let Some(moves) = moves {
            let mut look = FIRST_PERIOD_LOOK;
            loop {
                let end = look.min(to);
                if end >= limits.max_table {
                    break;
                }
                if !engine.extend(end, true)? {
                    return Ok(None);
                }
                let table = engine.kinds()?;
                if end == to {
                    return Ok(Some(TameKinds {
                        table,
                        period: None,
                    }));
                }
                let codes: Vec<u32> = table.iter().map(|k| k.code()).collect();
                if let Some((period, _)) = find_proven(codes.as_slice(), moves) {
                    return Ok(Some(TameKinds {
                        table,
                        period: Some(period),
                    }));
                }
                look = look.saturating_mul(2);
            }
        }
    }
    if !engine.extend(to, true)? {
        return Ok(None);
    }
    Ok(Some(TameKinds {
        table: engine.kinds()?,
        period: None,
    }))
}

/// Genera of heaps and of sums of heaps of one heap game.
pub(crate) struct Engine<'a> {
    rules: &'a dyn HeapRules,
    word: &'a str,
    limits: &'a Limits,
    nim: bool,
    heaps: Vec<Genus>,
    tame: Vec<bool>,
    /// Each heap's options, as sorted parts without empty heaps (only for
    /// heaps whose options may still be needed).
    options: Vec<Vec<Vec<u64>>>,
    memo: HashMap<Vec<u64>, Genus, FxBuildHasher>,
    /// The options listed so far, bounded by [`GENUS_OPTIONS_PER_STATE`] a
    /// state of
    /// [`Limits::max_states`] ([`Error::OptionLimit`]).
    options_listed: u64,
}

impl<'a> Engine<'a> {
    pub(crate) fn new(ruleset: &'a Ruleset, limits: &'a Limits) -> Result<Engine<'a>, Error> {
        let rules = ruleset.heap_rules().ok_or_else(|| {
            Error::Unsupported(format!(
                "{} is not a heap game: genus and misère quotients are defined here for games \
                 whose every heap is a game of its own",
                ruleset.word()
            ))
        })?;
        Ok(Engine {
            rules,
            word: ruleset.word(),
            limits,
            nim: rules.is_nim(),
            heaps: Vec::new(),
            tame: Vec::new(),
            options: Vec::new(),
            memo: HashMap::default(),
            options_listed: 0,
        })
    }

    /// The tame kinds of the heaps valued so far (all tame).
    fn kinds(&self) -> Result<Vec<TameKind>, Error> {
        self.heaps
            .iter()
            .map(|g| {
                g.tame_kind()
                    .ok_or_else(|| Error::Internal("a wild heap among tame ones".into()))
            })
            .collect()
    }

    /// Values every heap up to `to`; with `stop_at_wild`, stops at the first
    /// heap that is not tame and returns `false`.
    fn extend(&mut self, to: u64, stop_at_wild: bool) -> Result<bool, Error> {
        if to >= self.limits.max_table {
            return Err(Error::TableLimit {
                ruleset: self.word.to_string(),
                heap: to,
                limit: self.limits.max_table,
                divisor: 1,
            });
        }
        while (self.heaps.len() as u64) <= to {
            crate::budget::check()?;
            let n = self.heaps.len() as u64;
            if self.nim {
                self.heaps.push(Genus::nim(n));
                self.tame.push(true);
                continue;
            }
            let opts = heap_options(self.rules, n, self.limits)?;
            // Every option of every heap is listed, and a subtraction set's
            // ranges may be wide: their number is bounded.
            self.options_listed = self.options_listed.saturating_add(opts.len() as u64);
            let budget = (self.limits.max_states as u64).saturating_mul(GENUS_OPTIONS_PER_STATE);
            if self.options_listed > budget {
                return Err(Error::OptionLimit {
                    ruleset: self.word.to_string(),
                    what: "misère genus theory".to_string(),
                    heap: to,
                    limit: budget,
                    per_state: GENUS_OPTIONS_PER_STATE,
                });
            }
            let all_tame_parts = opts
                .iter()
                .all(|o| o.iter().all(|&p| self.tame[p as usize]));
            if stop_at_wild && !all_tame_parts {
                return Ok(false);
            }
            // A heap may have millions of options: the memory budget is
            // checked as their genera are kept, not only once a heap.
            crate::budget::check_memory()?;
            let mut genera = Vec::with_capacity(opts.len());
            for (i, o) in opts.iter().enumerate() {
                if i % 4096 == 4095 {
                    crate::budget::check_memory()?;
                }
                genera.push(self.genus_of(o)?);
            }
            let refs: Vec<&Genus> = genera.iter().collect();
            let g = Genus::of_options(&refs);
            let tame = all_tame_parts && g.is_tame();
            self.heaps.push(g);
            self.tame.push(tame);
            // Only sums with a wild heap look at options again.
            self.options
                .push(if stop_at_wild { Vec::new() } else { opts });
            if stop_at_wild && !tame {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The genus of the sum of the heaps `parts` (sorted, all already
    /// valued).
    fn genus_of(&mut self, parts: &[u64]) -> Result<Genus, Error> {
        match parts {
            [] => return Ok(Genus::nim(0)),
            [one] => return Ok(self.heaps[*one as usize].clone()),
            _ => {}
        }
        if parts.iter().all(|&p| self.tame[p as usize]) {
            let kinds = parts.iter().map(|&p| self.heaps[p as usize].tame_kind());
            if let Some(kinds) = kinds.collect::<Option<Vec<_>>>() {
                return Ok(TameKind::sum(kinds).genus());
            }
        }
        if let Some(g) = self.memo.get(parts) {
            return Ok(g.clone());
        }
        if self.memo.len() >= self.limits.max_states {
            return Err(Error::StateLimit {
                limit: self.limits.max_states,
            });
        }
        crate::budget::check()?;
        let mut genera = Vec::new();
        let mut next = Vec::with_capacity(parts.len() + 2);
        for (i, &h) in parts.iter().enumerate() {
            if i > 0 && parts[i - 1] == h {
                continue;
            }
            for o in 0..self.options[h as usize].len() {
                next.clear();
                next.extend_from_slice(&parts[..i]);
                next.extend_from_slice(&parts[i + 1..]);
                next.extend_from_slice(&self.options[h as usize][o]);
                next.sort_unstable();
                let key = next.clone();
                genera.push(self.genus_of(&key)?);
            }
        }
        let refs: Vec<&Genus> = genera.iter().collect();
        let g = Genus::of_options(&refs);
        self.memo.insert(parts.to_vec(), g.clone());
        Ok(g)
    }
}

/// Options genus theory may list per state of [`Limits::max_states`]
/// ([`Error::OptionLimit`]).
pub(crate) const GENUS_OPTIONS_PER_STATE: u64 = 64;

/// The options of heap `n`: each as its non-empty parts, sorted, without
/// repeats.
pub(crate) fn heap_options(
    rules: &dyn HeapRules,
    n: u64,
    limits: &Limits,
) -> Result<Vec<Vec<u64>>, Error> {
    let mut moves: Vec<HeapMove> = Vec::new();
    rules.options(n, limits, &mut moves)?;
    let mut out: Vec<Vec<u64>> = moves
        .iter()
        .map(|m| {
            let mut p: Vec<u64> = m.parts.to_vec().into_iter().filter(|&h| h > 0).collect();
            p.sort_unstable();
            p
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    Ok(out)
}
