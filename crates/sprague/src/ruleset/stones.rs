//! Geography with stones (the "Tree Game" of AtCoder AGC010 F): a graph
//! with a number of stones on each vertex and a piece on one vertex; a
//! move removes one stone from the piece's vertex and slides the piece to
//! a neighbour (any neighbour, with stones or not). A player who cannot
//! move — no stone under the piece, or no neighbour — loses. With one
//! stone on every vertex it is vertex Geography in which moving back onto
//! a visited vertex loses at once.
//!
//! **The theorem on trees** (the AGC010 F editorial, 2017): the player to
//! move at v wins exactly when v has a neighbour u with fewer stones
//! (a_u < a_v) that is a P-position for the piece on u in the tree with v
//! removed. (If such a u exists, move there, and answer every return to v
//! by moving back to u, which runs out first; if none does, every move
//! to u can be answered so by the opponent.) One depth-first pass from
//! the piece's vertex gives the outcome; the winning moves are the
//! neighbours u after which the position (a_v − 1 stones on v, the piece
//! on u) is a P-position by the same theorem, read off that one pass:
//! O(V) for the outcome and every winning move. Only the piece's
//! connected part matters; a part with a cycle, and the Grundy values a
//! sum needs, are searched over (stones, piece) within `max_states`.
//!
//! A position is `GRAPH=COUNTS@v`: a graph as
//! [`undirected`](super::undirected) reads it (`path:5`, `grid:3x3`,
//! `a-b,b-c`, `file:PATH`), the stones on each vertex after `=` (as many
//! counts as vertices, the k-th on the vertex named k: `path:3=2,1,3`; or
//! `name:count` pairs, the vertices not named holding none:
//! `a-b,b-c=a:2,c:1`), and the piece's vertex after `@`. A component
//! `stones A B ...` is the sum of its pieces, each on its own graph.
//!
//! ```
//! use sprague::Position;
//! // A path of three with 2, 1, 3 stones, the piece on vertex 1: moving
//! // to vertex 2 (fewer stones, and a dead end once vertex 1 is gone)
//! // wins.
//! let p: Position = "stones path:3=2,1,3@1".parse()?;
//! assert_ne!(p.grundy_value()?, 0);
//! // On vertex 2 with one stone: either move leaves the opponent on a
//! // vertex with more stones, who comes back to an empty vertex 2.
//! let q: Position = "stones path:3=2,1,3@2".parse()?;
//! assert_eq!(q.grundy_value()?, 0);
//! # Ok::<(), sprague::Error>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap as HashMap;

use super::rules::{Rules, Visit};
use super::token_games::{self, GraphToken};
use super::undirected::{Graph, Part};
use super::{ArgumentError, MoveKind};
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm, Outcome, Play};

/// The basis of an answer by the theorem on trees.
pub const TREE: Basis = Basis::Theorem {
    word: "tree-stones",
    name: "the theorem of the Tree Game (AtCoder AGC010 F: the player to move wins exactly \
           when the piece's vertex has a neighbour with fewer stones that is a P-position once \
           the piece's vertex is removed)",
};

/// A piece on its graph with the stones on each vertex.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The graph as written.
    pub graph: Arc<Graph>,
    /// The stones on each vertex, by the graph's vertex index.
    pub counts: Vec<u64>,
    /// The piece's vertex.
    pub at: u32,
}

impl Piece {
    /// Reads `GRAPH=COUNTS@v`.
    fn parse(word: &str) -> Result<Piece, String> {
        let example = "e.g. path:3=2,1,3@1 or a-b,b-c=a:2,c:1@a";
        let Some((rest, at)) = word.rsplit_once('@') else {
            return Err(format!(
                "`{word}` has no piece: a stones position is GRAPH=COUNTS@v, the piece's vertex \
                 after `@` ({example})"
            ));
        };
        let Some((graph, counts)) = rest.rsplit_once('=') else {
            return Err(format!(
                "`{word}` gives no stones: a stones position is GRAPH=COUNTS@v, the stones on \
                 each vertex after `=` ({example})"
            ));
        };
        if graph.contains('=') {
            return Err(format!(
                "`{word}` has more than one `=`: the stones follow the only `=`, and no vertex \
                 name may hold one ({example})"
            ));
        }
        if graph.contains('~') {
            return Err(format!(
                "`{word}`: stones has no visited vertices (`~`); a vertex without stones is \
                 written with 0"
            ));
        }
        let part = Part::parse(graph, false)?;
        let graph = part.graph;
        let n = graph.len();
        let count = |text: &str| {
            text.parse::<u64>().map_err(|_| {
                format!("`{text}` in {word} is not a number of stones (0 to 2^64 - 1)")
            })
        };
        let mut stones = vec![0u64; n];
        let items: Vec<&str> = counts.split(',').collect();
        if items.iter().any(|i| i.contains(':')) {
            let mut seen = vec![false; n];
            for item in items {
                let Some((name, c)) = item.split_once(':') else {
                    return Err(format!(
                        "`{item}` in {word}: write every count as name:count, or all of them \
                         in the order of the vertices"
                    ));
                };
                let v = graph.vertex(name).ok_or_else(|| {
                    format!("`{name}` after `=` in {word} is not a vertex of the graph")
                })? as usize;
                if std::mem::replace(&mut seen[v], true) {
                    return Err(format!("vertex {name} is given stones twice in {word}"));
                }
                stones[v] = count(c)?;
            }
        } else {
            if items.len() != n {
                return Err(format!(
                    "{word} gives {} for a graph of {n} vertices (the k-th count is the stones \
                     on vertex k; or write name:count pairs)",
                    match items.len() {
                        1 => "1 count".to_string(),
                        k => format!("{k} counts"),
                    }
                ));
            }
            for (k, c) in items.iter().enumerate() {
                let name = (k + 1).to_string();
                let v = graph.vertex(&name).ok_or_else(|| {
                    format!(
                        "{word}: the graph has no vertex named {name}, so its counts are \
                         written as name:count pairs"
                    )
                })? as usize;
                stones[v] = count(c)?;
            }
        }
        let at = graph.vertex(at).ok_or_else(|| {
            format!("the piece's vertex `{at}` in {word} is not a vertex of the graph")
        })?;
        Ok(Piece {
            graph,
            counts: stones,
            at,
        })
    }

    /// The vertices the piece may move to, in increasing order.
    fn moves(&self) -> Vec<u32> {
        if self.counts[self.at as usize] == 0 {
            return Vec::new();
        }
        let mut m = self.graph.neighbours(self.at).to_vec();
        m.sort_unstable();
        m
    }

    /// The piece after moving to `u`.
    fn after(&self, u: u32) -> Piece {
        let mut counts = self.counts.clone();
        counts[self.at as usize] -= 1;
        Piece {
            graph: Arc::clone(&self.graph),
            counts,
            at: u,
        }
    }

    /// Whether the graph's vertices are named 1..n, so that the counts are
    /// written in their order.
    fn numbered(&self) -> bool {
        (1..=self.graph.len()).all(|k| self.graph.vertex(&k.to_string()).is_some())
    }

    /// The theorem's answer when the piece's part is a tree: `None` for a
    /// part with a cycle, else `Some(None)` for a P-position and
    /// `Some(Some(moves))` (the winning moves, increasing) for an
    /// N-position. One pass: O(V).
    fn tree_answer(&self) -> Option<Option<Vec<u32>>> {
        let g = &*self.graph;
        let a = &self.counts;
        let root = self.at;
        // Breadth-first order from the piece, with parents; a second
        // route to a vertex is a cycle.
        const NONE: u32 = u32::MAX;
        let mut parent = vec![NONE; g.len()];
        parent[root as usize] = root;
        let mut order = vec![root];
        let mut i = 0;
        while i < order.len() {
            let u = order[i];
            i += 1;
            for &w in g.neighbours(u) {
                if parent[u as usize] == w && u != root {
                    continue;
                }
                if parent[w as usize] != NONE {
                    return None;
                }
                parent[w as usize] = u;
                order.push(w);
            }
        }
        // Whether the piece arriving on x from its parent wins for the
        // player to move, the parent removed: some child with fewer
        // stones loses.
        let mut wins = vec![false; g.len()];
        for &x in order.iter().rev() {
            wins[x as usize] = g.neighbours(x).iter().any(|&c| {
                c != root
                    && parent[c as usize] == x
                    && a[c as usize] < a[x as usize]
                    && !wins[c as usize]
            });
        }
        if !wins[root as usize] {
            return Some(None);
        }
        // After a move to u: the root keeps a_root − 1 stones. The piece
        // on u loses exactly when neither a child of u below (the same as
        // from the root) nor the root itself is a win for it: the root is
        // one when it has fewer stones than u now and, u removed, has no
        // losing child with fewer stones than its own.
        let left = a[root as usize] - 1;
        let good = |c: u32| a[c as usize] < left && !wins[c as usize];
        let good_count = g.neighbours(root).iter().filter(|&&c| good(c)).count();
        let mut moves: Vec<u32> = g
            .neighbours(root)
            .iter()
            .copied()
            .filter(|&u| {
                let root_wins = good_count - usize::from(good(u)) > 0;
                let back = left < a[u as usize] && !root_wins;
                !wins[u as usize] && !back
            })
            .collect();
        moves.sort_unstable();
        Some(Some(moves))
    }
}

impl GraphToken for Piece {
    fn targets(&self) -> Vec<u64> {
        self.moves().into_iter().map(u64::from).collect()
    }

    fn moved(&self, u: u64) -> Piece {
        self.after(u as u32)
    }

    fn vertex_name(&self, u: u64) -> Option<String> {
        u32::try_from(u)
            .ok()
            .filter(|&u| (u as usize) < self.graph.len())
            .map(|u| self.graph.name(u).to_string())
    }

    fn vertex_named(&self, name: &str) -> Option<u64> {
        self.graph.vertex(name).map(u64::from)
    }

    fn vertex(&self) -> u64 {
        u64::from(self.at)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}=", self.graph.notation())?;
        if self.numbered() {
            for k in 1..=self.graph.len() {
                let v = self.graph.vertex(&k.to_string()).unwrap_or(0);
                let sep = if k == 1 { "" } else { "," };
                write!(f, "{sep}{}", self.counts[v as usize])?;
            }
        } else {
            let mut first = true;
            for (v, &c) in self.counts.iter().enumerate() {
                if c > 0 {
                    let sep = if first { "" } else { "," };
                    write!(f, "{sep}{}:{c}", self.graph.name(v as u32))?;
                    first = false;
                }
            }
            if first {
                // No stone anywhere: the token's vertex with none.
                write!(f, "{}:0", self.graph.name(self.at))?;
            }
        }
        write!(f, "@{}", self.graph.name(self.at))
    }
}

/// The position of a `stones` component: its pieces, each on its own
/// graph with its stones, in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StonesPosition(pub Vec<Piece>);

impl From<Vec<Piece>> for StonesPosition {
    fn from(tokens: Vec<Piece>) -> StonesPosition {
        StonesPosition(tokens)
    }
}

crate::typed_position!(StonesPosition, {
    fn argument_count(&self) -> usize {
        self.0.len()
    }
    /// The stones, over all pieces (at most `usize::MAX`).
    fn size(&self) -> usize {
        self.0
            .iter()
            .flat_map(|p| p.counts.iter())
            .fold(0usize, |s, &c| {
                s.saturating_add(usize::try_from(c).unwrap_or(usize::MAX))
            })
    }
});

/// What a move does.
const SUMMARY: &str = "remove a stone from the piece's vertex and move the piece to a neighbour";

/// How a piece's value is found, for `--explain`.
const NOTE: &str = "Each piece is a game of its own. On a tree, the theorem of AtCoder AGC010 F \
    gives the outcome: the player to move wins exactly when the piece's vertex has a neighbour \
    with fewer stones that loses once the piece's vertex is removed, so a P-position is worth 0 \
    at once; any other Grundy value is the mex of the values of the positions its moves leave, \
    found by search over (stones, piece).";

/// The rules of `stones` and the search's table of pieces.
#[derive(Debug, Default)]
pub struct Stones {
    table: Mutex<HashMap<Piece, u32>>,
}

impl Stones {
    /// The Grundy value of one piece, and whether a search gave it (else
    /// the theorem: a P-position on a tree is worth 0).
    ///
    /// # Errors
    /// [`Error::StateLimit`] when the search would store more than
    /// `limits.max_states` positions: at once when the piece and a
    /// neighbour both hold that many stones; the time and memory limits.
    fn value(&self, p: &Piece, limits: &Limits) -> Result<(u32, bool), Error> {
        if let Some(None) = p.tree_answer() {
            return Ok((0, false));
        }
        // Going back and forth between the piece's vertex and a neighbour
        // u passes min(a_v, a_u) positions that differ in their stones:
        // past the state limit, the search is refused at once.
        let a = &p.counts;
        let back_and_forth = p
            .graph
            .neighbours(p.at)
            .iter()
            .map(|&u| a[p.at as usize].min(a[u as usize]))
            .max()
            .unwrap_or(0);
        if back_and_forth >= limits.max_states as u64 {
            return Err(Error::StateLimit {
                limit: limits.max_states,
            });
        }
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        token_games::searched_value(&mut table, p, limits).map(|g| (g, true))
    }

    fn stored(&self) -> u64 {
        self.table.lock().map_or(0, |t| t.len()) as u64
    }
}

impl Rules for Stones {
    type Position = StonesPosition;

    token_games::token_rules!(StonesPosition, SUMMARY, "piece", "take a stone and move");

    fn canonical(&self) -> String {
        "stones".into()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Pick
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    fn parse_position(&self, words: &[&str]) -> Result<StonesPosition, (usize, ArgumentError)> {
        token_games::parse_tokens(words, Piece::parse).map(StonesPosition)
    }

    /// The nim-sum of the pieces' values: 0 by the theorem for a
    /// P-position on a tree, else by search.
    fn valued(&self, args: &StonesPosition, limits: &Limits) -> Result<(u64, Basis), Error> {
        let value_of = |t: &Piece| self.value(t, limits);
        token_games::valued(&args.0, &value_of, &|| self.stored(), TREE)
    }

    fn closed_value(&self, _: &StonesPosition) -> Option<u64> {
        None
    }

    /// A lone piece on a tree under normal play, by the theorem.
    fn lone_outcome(&self, args: &StonesPosition, play: Play) -> Option<(Outcome, Basis)> {
        match (&args.0[..], play) {
            ([p], Play::Normal) => {
                let wins = p.tree_answer()?.is_some();
                Some((Outcome::from_next_player_wins(wins), TREE))
            }
            _ => None,
        }
    }

    fn lone_winning_moves(
        &self,
        args: &StonesPosition,
        play: Play,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        let answer = match (&args.0[..], play) {
            ([p], Play::Normal) => p.tree_answer(),
            _ => None,
        };
        let Some(answer) = answer else {
            return Err(Error::Internal(
                "stones answers by its theorem only a lone piece on a tree in normal play".into(),
            ));
        };
        for u in answer.unwrap_or_default() {
            if f(token_games::pick(0, u64::from(u))).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    /// A piece worth g must become worth g ⊕ value ⊕ target: a move to 0
    /// on a tree by the theorem, any other by valuing what each of its
    /// moves leaves.
    fn moves_to(
        &self,
        args: &StonesPosition,
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        token_games::moves_to(
            &args.0,
            value,
            target,
            &|p| Ok(self.value(p, limits)?.0),
            &|p, g| {
                let wins: Vec<u64> = match p.tree_answer() {
                    Some(answer) => answer
                        .unwrap_or_default()
                        .into_iter()
                        .map(u64::from)
                        .collect(),
                    None => {
                        let mut w = Vec::new();
                        for u in p.targets() {
                            if self.value(&p.moved(u), limits)?.0 == 0 {
                                w.push(u);
                            }
                        }
                        w
                    }
                };
                for u in wins {
                    if g(u).is_break() {
                        return Ok(ControlFlow::Break(()));
                    }
                }
                Ok(ControlFlow::Continue(()))
            },
            f,
        )
    }

    fn value_note(&self, _: &str) -> String {
        NOTE.into()
    }
}

parse_without_parameter!(
    "stones",
    "stones takes no parameter: write the graph, the stones and the piece, e.g. \
     stones path:3=2,1,3@1",
    Stones::default()
);
