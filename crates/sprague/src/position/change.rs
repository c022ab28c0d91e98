//! What a move changes in its component, as plain data ([`MoveChange`]):
//! the fields the CLI's JSON (`winning_moves[].change`,
//! docs/schema/analysis.schema.json), the web API and the Python
//! `WinningMove.change` all write, built here once.

use serde::Serialize;

use crate::{Action, Component, Move, Position};

/// What a move changes in its component, by the kind of move its ruleset
/// has (the same fields for every ruleset of a kind; `kind` says which).
/// Indices count from 0.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MoveChange {
    /// Heap games (Nim, subtraction, octal and hexadecimal games, Grundy's
    /// game): heap `heap` of size `before` loses `removed` tokens and is
    /// replaced by `parts` (increasing; `[]` when it is taken away, `[0]`
    /// for a Nim heap left empty in place).
    Heap {
        /// The heap's index in its component.
        heap: usize,
        /// Its size before.
        before: u64,
        /// Tokens removed (0 for a pure split).
        removed: u64,
        /// The heaps left in its place.
        parts: Vec<u64>,
    },
    /// Moore's Nim_k and Wythoff's game: the heaps reduced, in increasing
    /// order of index.
    Heaps {
        /// Each heap changed: `heap`, `before`, `after`.
        changes: Vec<ChangedHeap>,
    },
    /// `digraph`: token `token` slides from node `before` to node `after`
    /// (node names).
    Token {
        /// The token's index in its component.
        token: usize,
        /// The node it stood on.
        before: String,
        /// The node it moves to.
        after: String,
    },
    /// Staircase Nim: `coins` carried from step `step` (from 0: step 1 of
    /// the text, next to the ground), which held `before` and keeps
    /// `after`, down to the step below (to the ground from step 0).
    Stair {
        /// The step's index.
        step: usize,
        /// Coins on it before.
        before: u64,
        /// Coins carried down.
        coins: u64,
        /// Coins left on it.
        after: u64,
    },
    /// Green Hackenbush: edge `edge` of picture `picture` is cut (edges
    /// numbered from 0 in the order of the picture's notation; for a
    /// picture read from a file, in the order of the file).
    Cut {
        /// The picture's index in its component.
        picture: usize,
        /// The edge cut.
        edge: usize,
    },
    /// A game given in code: the move at `index` of its list of moves.
    Listed {
        /// The move's place in the game's list.
        index: usize,
    },
    /// Coin-turning games (`turtles`, `ruler`, `coins:SPEC`, ...) and
    /// their products on a grid (`corners`, `product:A*B`): the coins
    /// turned, as inclusive runs `[from, to]`, increasing and apart, the
    /// largest going from heads to tails. On a row `coins` are the coins
    /// and `across` is `[]`; on a grid every coin (r, c) with r in `coins`
    /// (its rows) and c in `across` (its columns) is turned, so a move
    /// turning a rectangle of 10^17 coins is two runs.
    Turn {
        /// The coins (a row) or the rows (a grid) turned.
        coins: Vec<[u64; 2]>,
        /// The columns turned (a grid); empty for a row.
        across: Vec<[u64; 2]>,
    },
    /// Games on graphs and boards (`nodekayles`, `arckayles`, `cram`,
    /// `chomp`): what graph or board `part` loses, by name: the vertex
    /// taken (Node Kayles), the edge's two ends (Arc Kayles), the domino's
    /// two cells `R.C` (Cram), the square `R.C` (Chomp). A Geography
    /// token's move is a [`MoveChange::Token`].
    Pick {
        /// The graph's or board's index in its component.
        part: usize,
        /// The names of what the move takes.
        taken: Vec<String>,
    },
    /// A kind of move newer than this list: the move's text says it.
    Other,
}

/// One heap of a [`MoveChange::Heaps`] move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChangedHeap {
    /// The heap's index in its component.
    pub heap: usize,
    /// Its size before.
    pub before: u64,
    /// Its size after.
    pub after: u64,
}

impl MoveChange {
    /// The change of a move its ruleset names ([`crate::PickNames`]).
    fn from_pick(names: crate::PickNames) -> MoveChange {
        match names {
            crate::PickNames::Taken { part, names } => MoveChange::Pick { part, taken: names },
            crate::PickNames::Token {
                token,
                before,
                after,
            } => MoveChange::Token {
                token,
                before,
                after,
            },
        }
    }

    /// The change of `mv`, a move of `position`; [`MoveChange::Other`] for
    /// a move whose component `position` lacks.
    pub fn of(position: &Position, mv: &Move) -> MoveChange {
        MoveChange::new(position.components().get(mv.component()), mv.action())
    }

    /// The change of `action`, a move of `component` (`None`: a component
    /// not at hand, whose graph's nodes are written as numbers). A ruleset
    /// that names its moves itself (graphs, boards:
    /// [`Rules::pick_names`](crate::Rules::pick_names)) gives its names.
    pub fn new(component: Option<&Component>, action: &Action) -> MoveChange {
        // A Hackenbush picture read from a file numbers its edges as the
        // file does, whichever have been cut: the edge cut is the file's.
        if let (Some(c), Action::Cut { part, edge }) = (component, action) {
            use crate::args::PositionData;
            let pictures = crate::ruleset::hackenbush::Pictures::from_args(c.args());
            if let Some(p) = pictures.and_then(|p| p.get(*part)) {
                if *edge < p.edge_count() {
                    return MoveChange::Cut {
                        picture: *part,
                        edge: p.edge_number(*edge) - 1,
                    };
                }
            }
        }
        match component.and_then(|c| c.ruleset().rules().pick_names(c.args(), action)) {
            Some(names) => MoveChange::from_pick(names),
            None => MoveChange::from_action(component.map(Component::ruleset), action),
        }
    }

    /// The change of `action` by its kind, the nodes named by `ruleset`.
    fn from_action(ruleset: Option<&crate::Ruleset>, action: &Action) -> MoveChange {
        let node = |v: u64| {
            ruleset
                .and_then(|r| r.node_name(v))
                .unwrap_or_else(|| v.to_string())
        };
        match action {
            Action::Heap {
                heap,
                from,
                removed,
                parts,
            } => MoveChange::Heap {
                heap: *heap,
                before: *from,
                removed: *removed,
                parts: parts.to_vec(),
            },
            Action::Heaps { changes } => MoveChange::Heaps {
                changes: changes
                    .iter()
                    .map(|c| ChangedHeap {
                        heap: c.heap,
                        before: c.from,
                        after: c.to,
                    })
                    .collect(),
            },
            Action::Token { token, from, to } => MoveChange::Token {
                token: *token,
                before: node(*from),
                after: node(*to),
            },
            Action::Stair { step, from, coins } => MoveChange::Stair {
                step: *step,
                before: *from,
                coins: *coins,
                after: from.saturating_sub(*coins),
            },
            Action::Cut { part, edge } => MoveChange::Cut {
                picture: *part,
                edge: *edge,
            },
            Action::Listed { index } => MoveChange::Listed { index: *index },
            Action::Turn { coins, across, .. } => MoveChange::Turn {
                coins: coins.iter().map(|&(a, b)| [a, b]).collect(),
                across: across.iter().map(|&(a, b)| [a, b]).collect(),
            },
            // A kind newer than this code (Action is non-exhaustive): the
            // move's text says it.
            _ => MoveChange::Other,
        }
    }
}
