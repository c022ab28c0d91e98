//! Moves: what a player does, in the player's terms.

use std::fmt;

use crate::Position;

/// The heaps left in place of one heap by a move: none, one, two or three
/// non-empty heaps (three only in hexadecimal games), in increasing order.
///
/// ```
/// use sprague::Parts;
/// let p = Parts::new(&[5, 3]).unwrap();
/// assert_eq!(p.as_slice(), &[3, 5]);
/// assert_eq!(p.total(), 8);
/// assert!(Parts::new(&[1, 2, 3, 4]).is_none());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Parts {
    len: u8,
    heaps: [u64; 3],
}

impl Parts {
    /// No heap left.
    pub const NONE: Parts = Parts {
        len: 0,
        heaps: [0; 3],
    };

    /// The parts `heaps` (at most three), sorted; `None` for more than three.
    pub fn new(heaps: &[u64]) -> Option<Parts> {
        if heaps.len() > 3 {
            return None;
        }
        let mut parts = Parts {
            len: heaps.len() as u8,
            heaps: [0; 3],
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
        }
    }

    /// The heaps, in increasing order.
    pub fn as_slice(&self) -> &[u64] {
        &self.heaps[..self.len as usize]
    }

    /// The number of tokens in all parts together (saturating at `u64::MAX`).
    pub fn total(&self) -> u64 {
        self.as_slice()
            .iter()
            .fold(0u64, |a, &b| a.saturating_add(b))
    }
}

impl fmt::Display for Parts {
    /// The sizes separated by `, `, or `0` when no heap is left.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 0 {
            return f.write_str("0");
        }
        for (i, h) in self.as_slice().iter().enumerate() {
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

    /// The move as `analyze` prints it, played in `position` (the position
    /// it was listed for or parsed in): `nim heap 1: 3 -> 1`, prefixed by
    /// `component 2: ` when `position` has several components.
    ///
    /// A move that does not belong to `position` (its component is
    /// missing) is written with the component's number only.
    pub fn display<'a>(&'a self, position: &'a Position) -> MoveText<'a> {
        MoveText {
            mv: self,
            position,
            form: MoveForm::Listed,
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

/// A move written in one of its [`MoveForm`]s, for the position it is
/// played in; made by [`Move::display`],
/// [`movetext::write`](crate::movetext::write) and
/// [`movetext::describe`](crate::movetext::describe).
#[derive(Clone, Copy, Debug)]
pub struct MoveText<'a> {
    pub(crate) mv: &'a Move,
    pub(crate) position: &'a Position,
    pub(crate) form: MoveForm,
}

impl fmt::Display for MoveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let components = self.position.components();
        let in_sum = components.len() > 1;
        let number = self.mv.component + 1;
        let Some(c) = components.get(self.mv.component) else {
            return write!(f, "component {number}: (no such component)");
        };
        match (self.form, in_sum) {
            (MoveForm::Listed, true) => write!(f, "component {number}: ")?,
            (MoveForm::Short, true) => write!(f, "c{number} ")?,
            (MoveForm::Words, true) => write!(f, "in c{number} ({}): ", c.ruleset())?,
            _ => {}
        }
        c.ruleset()
            .rules()
            .write_move(c.ruleset().word(), c.args(), &self.mv.action, self.form, f)
    }
}
