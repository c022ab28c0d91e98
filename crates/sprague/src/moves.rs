//! Moves: what a player does, in the player's terms.

use std::fmt;

/// The heaps left in place of one heap by a move: none, one, two or three
/// non-empty heaps (three only in hexadecimal games and rules), in
/// increasing order; or K >= 4 equal heaps, from a rule that splits a heap
/// into K equal heaps (`rule:equal(n,K)`), kept as one size and its count
/// so that K may be as large as the heap.
///
/// [`sizes`](Parts::sizes) lists the sizes; each is left
/// [`copies`](Parts::copies) times (1 except for K equal heaps).
///
/// ```
/// use sprague::Parts;
/// let p = Parts::new(&[5, 3]).unwrap();
/// assert_eq!(p.sizes(), &[3, 5]);
/// assert_eq!(p.total(), 8);
/// assert!(Parts::new(&[1, 2, 3, 4]).is_none());
/// let q = Parts::equal(3, 5);
/// assert_eq!((q.sizes(), q.copies(), q.count(), q.total()), (&[3][..], 5, 5, 15));
/// assert_eq!(q.nim_sum(|h| h), 3);
/// assert_eq!(Parts::equal(3, 4).nim_sum(|h| h), 0);
/// assert_eq!(Parts::equal(3, 2), Parts::new(&[3, 3]).unwrap());
/// assert_eq!(q.to_string(), "5 heaps of 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Parts {
    len: u8,
    heaps: [u64; 3],
    copies: u64,
}

impl Default for Parts {
    fn default() -> Parts {
        Parts::NONE
    }
}

impl Parts {
    /// No heap left.
    pub const NONE: Parts = Parts {
        len: 0,
        heaps: [0; 3],
        copies: 1,
    };

    /// The parts `heaps` (at most three), sorted; `None` for more than three
    /// (K equal heaps are [`Parts::equal`]).
    pub fn new(heaps: &[u64]) -> Option<Parts> {
        if heaps.len() > 3 {
            return None;
        }
        let mut parts = Parts {
            len: heaps.len() as u8,
            heaps: [0; 3],
            copies: 1,
        };
        parts.heaps[..heaps.len()].copy_from_slice(heaps);
        parts.heaps[..heaps.len()].sort_unstable();
        Some(parts)
    }

    /// A single heap of size `h` (for Nim and subtraction games; `h` may be 0,
    /// the heap stays in place with size 0).
    pub const fn one(h: u64) -> Parts {
        Parts {
            len: 1,
            heaps: [h, 0, 0],
            copies: 1,
        }
    }

    /// `k` equal heaps of `size`: no heap when either is 0, the heaps
    /// listed when `k <= 3` (so `equal(3, 2)` equals `new(&[3, 3])`), else
    /// the size with its count. O(1) whatever `k`.
    pub fn equal(size: u64, k: u64) -> Parts {
        match k {
            _ if size == 0 || k == 0 => Parts::NONE,
            1..=3 => {
                let mut heaps = [0; 3];
                heaps[..k as usize].fill(size);
                Parts {
                    len: k as u8,
                    heaps,
                    copies: 1,
                }
            }
            _ => Parts {
                len: 1,
                heaps: [size, 0, 0],
                copies: k,
            },
        }
    }

    /// The sizes of the heaps left, increasing; each is left
    /// [`copies`](Parts::copies) times.
    pub fn sizes(&self) -> &[u64] {
        &self.heaps[..self.len as usize]
    }

    /// The heaps left, increasing, when each is listed; `None` for K >= 4
    /// equal heaps (kept as a size and a count).
    pub fn listed(&self) -> Option<&[u64]> {
        (self.copies == 1).then(|| self.sizes())
    }

    /// How many times each of [`sizes`](Parts::sizes) is left: K for K >= 4
    /// equal heaps, else 1.
    pub fn copies(&self) -> u64 {
        self.copies
    }

    /// The number of heaps left (saturating at `u64::MAX`).
    pub fn count(&self) -> u64 {
        (self.len as u64).saturating_mul(self.copies)
    }

    /// The number of tokens in all parts together (saturating at `u64::MAX`).
    pub fn total(&self) -> u64 {
        self.sizes()
            .iter()
            .fold(0u64, |a, &b| a.saturating_add(b))
            .saturating_mul(self.copies)
    }

    /// The nim-sum of `value` over every heap left: K equal heaps add up
    /// to 0 when K is even and to one heap's value when K is odd (Bouton
    /// 1901: x ⊕ x = 0). O(number of sizes), whatever the count.
    pub fn nim_sum(&self, mut value: impl FnMut(u64) -> u64) -> u64 {
        if self.copies.is_multiple_of(2) {
            return 0;
        }
        self.sizes().iter().fold(0, |x, &h| x ^ value(h))
    }

    /// Every heap left, in increasing order ([`count`](Parts::count)
    /// entries: the caller bounds it first when K equal heaps may be many).
    pub fn to_vec(&self) -> Vec<u64> {
        let mut out = Vec::with_capacity(self.count().min(1 << 20) as usize);
        for &h in self.sizes() {
            for _ in 0..self.copies {
                out.push(h);
            }
        }
        out
    }
}

impl fmt::Display for Parts {
    /// The sizes separated by `, `, `K heaps of S` for K >= 4 equal heaps,
    /// or `0` when no heap is left.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 0 {
            return f.write_str("0");
        }
        if self.copies > 1 {
            return write!(f, "{} heaps of {}", self.copies, self.heaps[0]);
        }
        for (i, h) in self.sizes().iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{h}")?;
        }
        Ok(())
    }
}

/// One option of a single heap in a heap game: how many tokens are removed,
/// and what heaps are left in its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapMove {
    /// Tokens removed (0 for a pure split, as in Grundy's game).
    pub removed: u64,
    /// The heaps left in place of the heap.
    pub parts: Parts,
}

/// One heap changed by a move that may change several (Moore's Nim_k).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapChange {
    /// Index of the heap within its component, from 0.
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// Its size after the move (smaller).
    pub to: u64,
}

/// What a move does to one component of a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Action {
    /// In a heap game, heap number `heap` (counting from 0) of size `from`
    /// loses `removed` tokens and is replaced by `parts`.
    Heap {
        /// Index of the heap within its component, from 0.
        heap: usize,
        /// The heap's size before the move.
        from: u64,
        /// Tokens removed.
        removed: u64,
        /// The heaps left in its place (increasing).
        parts: Parts,
    },
    /// Several heaps reduced at once (Moore's Nim_k), in increasing heap
    /// order.
    Heaps {
        /// The heaps changed.
        changes: Vec<HeapChange>,
    },
    /// A token on a graph slides along one edge, from node `from` to node
    /// `to` (nodes are numbered by the ruleset, which writes their names).
    Token {
        /// Index of the token within its component, from 0.
        token: usize,
        /// The node it stands on.
        from: u64,
        /// The node it goes to.
        to: u64,
    },
    /// Green Hackenbush: edge `edge` (numbered from 0 in the order of the
    /// picture's notation) of picture `part` is cut.
    Cut {
        /// Index of the picture within its component, from 0.
        part: usize,
        /// The edge cut, from 0.
        edge: usize,
    },
    /// A move of a game given by its moves in code
    /// ([`Ruleset::from_game`](crate::Ruleset::from_game)): the move at
    /// `index` in the game's list of moves from the position.
    Listed {
        /// The move's place in the game's list, from 0.
        index: usize,
    },
    /// A move on a graph or a board named by what it takes (Node Kayles:
    /// a vertex; Arc Kayles: an edge; Cram: a domino's two cells; Chomp:
    /// a cell; Geography: the vertex the token goes to): in argument
    /// `part`, vertex or cell number `at` (numbered by the ruleset, which
    /// writes their names), and for an edge or a domino its other end
    /// `and`.
    Pick {
        /// Index of the graph or board within its component, from 0.
        part: usize,
        /// The vertex or cell, numbered by the ruleset.
        at: u64,
        /// The other end of an edge or a domino, when the move takes two.
        and: Option<u64>,
    },
    /// A coin-turning game: the coins turned, as inclusive runs
    /// (increasing, apart), the rightmost going from heads to tails. In a
    /// row `across` is empty; on a grid (a product of two coin games) the
    /// coins turned are every (r, c) with r in `coins` and c in `across`.
    Turn {
        /// Index of the row or grid within its component (always 0).
        part: usize,
        /// The coins turned (a row), or the rows turned (a grid).
        coins: Vec<(u64, u64)>,
        /// The columns turned (a grid); empty for a row.
        across: Vec<(u64, u64)>,
    },
    /// Staircase Nim: `coins` coins carried from step number `step + 1`
    /// (holding `from` coins) down to the step below, or to the ground from
    /// step 1.
    Stair {
        /// Index of the step, from 0 (step 1, next to the ground, is 0).
        step: usize,
        /// Coins on that step before the move.
        from: u64,
        /// Coins carried down (at least 1).
        coins: u64,
    },
}

/// A move in a position: which component it is played in and what it does
/// there.
///
/// A move is plain data: it holds no ruleset and does not know how many
/// components its position has. Its text therefore needs the position it
/// is played in: [`Move::display`] gives the form `analyze` prints
/// (`nim heap 1: 3 -> 1`, with the component named first in a sum of
/// several, `component 2: nim heap 1: 4 -> 3`);
/// [`movetext::write`](crate::movetext::write) the short form `play` reads,
/// and [`movetext::describe`](crate::movetext::describe) the move in words.
/// Each ruleset writes its own moves ([`Rules::write_move`]). Heaps and
/// components are numbered from 1 in text, from 0 in the fields.
///
/// ```
/// use sprague::{Position, Play};
/// let p: Position = "nim 3 4 5".parse()?;
/// let moves = p.winning_moves(Play::Normal)?;
/// assert_eq!(moves.len(), 1);
/// assert_eq!(moves[0].display(&p).to_string(), "nim heap 1: 3 -> 1");
/// assert_eq!(p.play(&moves[0])?.to_string(), "nim 1 4 5");
/// # Ok::<(), sprague::Error>(())
/// ```
///
/// [`Rules::write_move`]: crate::ruleset::Rules::write_move
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) component: usize,
    pub(crate) action: Action,
}

impl Move {
    /// The index of the component the move is played in, from 0.
    pub fn component(&self) -> usize {
        self.component
    }

    /// What the move does within its component.
    pub fn action(&self) -> &Action {
        &self.action
    }

    /// For a move on a single heap: the heap's index within its component
    /// (from 0), its size before, the tokens removed and the heaps left.
    pub fn heap_move(&self) -> Option<(usize, u64, HeapMove)> {
        match self.action {
            Action::Heap {
                heap,
                from,
                removed,
                parts,
            } => Some((heap, from, HeapMove { removed, parts })),
            _ => None,
        }
    }
}

/// The three text forms of a move. Every ruleset writes all three in one
/// place ([`Rules::write_move`](crate::ruleset::Rules::write_move)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveForm {
    /// As `analyze` lists it: `nim heap 1: 3 -> 1`, `nim heap 1: 10 -> 3, 5
    /// (removed 2)`.
    Listed,
    /// The short form `play` reads back to the same move: `1 2`,
    /// `1 -> 3 5`, `1:3 2:5`.
    Short,
    /// In words: `take 2 from heap 1 (3 -> 1)`.
    Words,
}

/// The kind of move a ruleset has: which [`Action`] variant its moves use.
/// Move text is read and written by kind, not by ruleset name, so a new
/// ruleset of a known kind needs no new syntax.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveKind {
    /// One heap loses some tokens and is replaced by at most three heaps
    /// ([`Action::Heap`]): Nim, subtraction games, take-and-break games.
    Heap,
    /// One to `max` heaps are reduced at once ([`Action::Heaps`]): Moore's
    /// Nim_k (`max` = K), Wythoff's game (`max` = 2, by the same amount
    /// when both).
    Heaps {
        /// The most heaps one move may reduce (K of `moore:K`).
        max: u64,
    },
    /// Coins are carried from a step to the step below ([`Action::Stair`]):
    /// staircase Nim.
    Stair,
    /// One token slides along one edge of a graph ([`Action::Token`]):
    /// `digraph`.
    Token,
    /// One edge of one picture is cut ([`Action::Cut`]): `hackenbush`.
    Cut,
    /// A vertex, an edge, a domino or a cell of one graph or board is
    /// taken ([`Action::Pick`]): `nodekayles`, `arckayles`, `cram`,
    /// `chomp`, `geography`; the ruleset reads and writes its names
    /// ([`Rules::named_move`](crate::Rules::named_move),
    /// [`Rules::write_move`](crate::Rules::write_move)).
    Pick,
    /// A move named by its number in the game's own list of moves
    /// ([`Action::Listed`]): a game given in code
    /// ([`Ruleset::from_game`](crate::Ruleset::from_game)).
    Listed,
}
