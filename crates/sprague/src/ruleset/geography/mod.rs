//! Undirected vertex Geography: a token stands on a vertex of a graph; a
//! move slides it to a neighbour not yet visited, and the vertex it left
//! counts as visited; a player who cannot move loses.
//!
//! The theorem of Fraenkel, Scheinerman and Ullman (1993, "Undirected edge
//! geography", Theoretical Computer Science 112) decides it in polynomial
//! time: with G' the graph of the vertices not yet visited (the token's
//! vertex v among them), the player to move wins exactly when v is in
//! every maximum matching of G', that is when ν(G' − v) < ν(G'); and a
//! move to a neighbour u wins exactly when u is not in every maximum
//! matching of G' − v (ν(G' − v − u) = ν(G' − v)), which makes the
//! position left a P-position by the same theorem. Only the connected part
//! of v matters. A part without an odd cycle (a tree, a grid, a board,
//! an even cycle) takes one maximum matching by Hopcroft and Karp and two
//! searches over its alternating paths (module `matching`): O(E·√V) for the
//! outcome and every winning move together. A part with an odd cycle
//! takes maximum matchings from [`petgraph::algo::maximum_matching`]
//! (Gabow's form of Edmonds' blossom algorithm, O(|V|³) at worst); the
//! winning moves of a token with d neighbours take at most 2d + 2 of
//! them, and fewer where the matching already answers (a neighbour the
//! matching leaves free wins, and none wins in a part the matching
//! covers).
//!
//! A position is `GRAPH[~visited]@v`: a graph as
//! [`undirected`](super::undirected) reads it (`grid:3x5`, `path:9`,
//! `cycle:7`, `complete:4`, `petersen`, `a-b,b-c`), the vertices already
//! visited after `~`, and the token's vertex after `@`. A component
//! `geography A B ...` is the sum of its tokens, each on its own graph.
//! The Grundy value a sum needs comes from a memoised search over (visited
//! vertices, token vertex), with a table shared by every position of the
//! ruleset and bounded by `max_states`.
//!
//! ```
//! use sprague::Position;
//! // From an end of a path of 3 the token must move to the middle, and
//! // the opponent on to the far end: the end vertex is missed by the
//! // maximum matching {2-3}, so the player to move loses.
//! let p: Position = "geography path:3@1".parse()?;
//! assert_eq!(p.grundy_value()?, 0);
//! // From the middle, which every maximum matching covers, either move
//! // wins (it leaves the opponent on an end with nowhere to go).
//! let q: Position = "geography path:3@2".parse()?;
//! assert_eq!(q.grundy_value()?, 1);
//! # Ok::<(), sprague::Error>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap as HashMap;

mod grid;
mod matching;
mod theorem;

pub use grid::LargeGrid;
use theorem::{component, Answer};

use super::rules::{Rules, Visit};
use super::token_games::{self, GraphToken};
use super::undirected::Part;
use super::{ArgumentError, MoveKind};
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm, Outcome, Play};

/// The basis of an answer by the theorem of Fraenkel, Scheinerman and
/// Ullman (1993).
pub const MATCHING: Basis = Basis::Theorem {
    word: "matching",
    name: "the theorem of Fraenkel, Scheinerman and Ullman (the player to move wins exactly \
           when the token's vertex is in every maximum matching of the vertices not yet \
           visited)",
};

/// Components of at most this many vertices are searched whatever the
/// number of paths from the token (the table's keys then merge paths).
const SMALL_PART: usize = 64;

/// One token on its graph: the vertices not yet visited (the token's
/// among them) and the token's vertex.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    /// The graph and its vertices not yet visited.
    pub part: Part,
    /// The token's vertex (never visited).
    pub at: u32,
}

impl Token {
    /// Reads `GRAPH[~visited]@v`.
    fn parse(word: &str) -> Result<Token, String> {
        let Some((graph, at)) = word.rsplit_once('@') else {
            return Err(format!(
                "`{word}` has no token: a Geography position is GRAPH@v, the vertex the token \
                 stands on after `@` (e.g. grid:3x3@1, path:9~1,2@3)"
            ));
        };
        let part = Part::parse(graph, false)?;
        let v = part.graph.vertex(at).ok_or_else(|| {
            format!("the token's vertex `{at}` in {word} is not a vertex of the graph")
        })?;
        if !part.alive.has(v) {
            return Err(format!(
                "the token's vertex {at} in {word} is among the visited vertices after `~`"
            ));
        }
        Ok(Token { part, at: v })
    }

    /// The neighbours the token may move to.
    fn moves(&self) -> impl Iterator<Item = u32> + '_ {
        self.part.live_neighbours(self.at)
    }

    /// The token after moving to `u`.
    fn after(&self, u: u32) -> Token {
        let mut part = self.part.clone();
        part.alive.clear(self.at);
        Token { part, at: u }
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.part, self.part.graph.name(self.at))
    }
}

impl GraphToken for Token {
    fn targets(&self) -> Vec<u64> {
        let mut m: Vec<u64> = self.moves().map(u64::from).collect();
        m.sort_unstable();
        m
    }

    fn moved(&self, u: u64) -> Token {
        self.after(u as u32)
    }

    fn vertex_name(&self, u: u64) -> Option<String> {
        u32::try_from(u)
            .ok()
            .filter(|&u| (u as usize) < self.part.graph.len())
            .map(|u| self.part.graph.name(u).to_string())
    }

    fn vertex_named(&self, name: &str) -> Option<u64> {
        self.part.graph.vertex(name).map(u64::from)
    }

    fn vertex(&self) -> u64 {
        u64::from(self.at)
    }
}

/// One token of a `geography` component: on a graph held as one, or on
/// a grid too large for that.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A token on a graph of at most 2^20 vertices.
    Graph(Token),
    /// A token on a grid of more than 2^20 cells, answered by the grid's
    /// closed form while no cell is visited.
    Grid(LargeGrid),
}

impl Piece {
    /// Reads `GRAPH[~visited]@v`.
    fn parse(word: &str) -> Result<Piece, String> {
        match LargeGrid::parse(word) {
            Some(grid) => grid.map(Piece::Grid),
            None => Token::parse(word).map(Piece::Graph),
        }
    }
}

impl GraphToken for Piece {
    fn targets(&self) -> Vec<u64> {
        match self {
            Piece::Graph(t) => t.targets(),
            Piece::Grid(g) => g.moves(),
        }
    }

    fn moved(&self, u: u64) -> Piece {
        match self {
            Piece::Graph(t) => Piece::Graph(t.moved(u)),
            Piece::Grid(g) => Piece::Grid(g.after(u)),
        }
    }

    fn vertex_name(&self, u: u64) -> Option<String> {
        match self {
            Piece::Graph(t) => t.vertex_name(u),
            Piece::Grid(g) => (u < g.rows * g.cols).then(|| (u + 1).to_string()),
        }
    }

    fn vertex_named(&self, name: &str) -> Option<u64> {
        match self {
            Piece::Graph(t) => t.vertex_named(name),
            Piece::Grid(g) => name
                .parse::<u64>()
                .ok()
                .filter(|v| (1..=g.rows * g.cols).contains(v))
                .map(|v| v - 1),
        }
    }

    fn vertex(&self) -> u64 {
        match self {
            Piece::Graph(t) => u64::from(t.at),
            Piece::Grid(g) => g.at,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Piece::Graph(t) => t.fmt(f),
            Piece::Grid(g) => g.fmt(f),
        }
    }
}

/// The position of a `geography` component: its tokens, each on its own
/// graph, in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GeographyPosition(pub Vec<Piece>);

impl From<Vec<Piece>> for GeographyPosition {
    fn from(tokens: Vec<Piece>) -> GeographyPosition {
        GeographyPosition(tokens)
    }
}

crate::typed_position!(GeographyPosition, {
    fn argument_count(&self) -> usize {
        self.0.len()
    }
    /// The vertices not yet visited, over all tokens.
    fn size(&self) -> usize {
        self.0
            .iter()
            .map(|t| match t {
                Piece::Graph(t) => t.part.alive.count(),
                Piece::Grid(g) => {
                    usize::try_from(g.rows * g.cols - g.visited.len() as u64).unwrap_or(usize::MAX)
                }
            })
            .fold(0usize, usize::saturating_add)
    }
});

/// The number of simple paths from the token (the token alone counts as
/// one), counted up to `cap + 1`: a bound on the positions a search from
/// it can store.
fn paths_from(t: &Token, cap: usize) -> usize {
    let mut on_path = t.part.alive.clone();
    let mut count = 1;
    // (vertex, index of its next neighbour to try)
    let mut stack: Vec<(u32, usize)> = vec![(t.at, 0)];
    on_path.clear(t.at);
    while let Some(&mut (v, ref mut i)) = stack.last_mut() {
        let nbrs = t.part.graph.neighbours(v);
        if let Some(&w) = nbrs.get(*i) {
            *i += 1;
            if on_path.has(w) {
                count += 1;
                if count > cap {
                    return count;
                }
                on_path.clear(w);
                stack.push((w, 0));
            }
        } else {
            stack.pop();
            // v is free again for other paths (it was alive).
            if stack.is_empty() {
                break;
            }
            on_path.insert(v);
        }
    }
    count
}

/// What a ruleset says a move does.
const SUMMARY: &str = "move the token to a neighbour not yet visited";

/// How a token's value is found, for `--explain`.
const NOTE: &str = "Each Geography token is a game of its own. By the theorem of Fraenkel, \
    Scheinerman and Ullman (1993) the player to move wins exactly when the token's vertex is \
    in every maximum matching of the vertices not yet visited, so a P-position is worth 0 \
    at once; the Grundy value of any other is the mex of the values of the positions its \
    moves leave, found by search over (visited vertices, token vertex).";

/// The rules of `geography`, the search's table of tokens, and the
/// theorem's last answer (an analysis asks for the outcome, the value and
/// the winning moves of the same token in turn).
#[derive(Debug, Default)]
pub struct Geography {
    table: Mutex<HashMap<Token, u32>>,
    last: Mutex<Option<(Token, Arc<Answer>)>>,
}

impl Geography {
    /// The theorem's answer for a lone token ([`theorem::answer`]),
    /// remembered for the next question about the same token.
    ///
    /// # Errors
    /// The time and memory limits.
    fn answer(&self, t: &Token) -> Result<Arc<Answer>, Error> {
        if let Some((token, answer)) = &*self.last.lock().unwrap_or_else(|e| e.into_inner()) {
            if token == t {
                return Ok(Arc::clone(answer));
            }
        }
        let answer = Arc::new(theorem::answer(t)?);
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) =
            Some((t.clone(), Arc::clone(&answer)));
        Ok(answer)
    }

    /// Whether the player to move wins a lone token, by the theorem
    /// (`Ok(None)` for a token on a large grid with a cell visited: no
    /// closed form).
    ///
    /// # Errors
    /// The time and memory limits.
    fn piece_wins(&self, p: &Piece) -> Result<Option<bool>, Error> {
        Ok(match p {
            Piece::Graph(t) => Some(self.answer(t)?.is_some()),
            Piece::Grid(g) => g.answer().ok().map(|a| a.is_some()),
        })
    }

    /// Every winning move of a lone token, in increasing order, to `f`
    /// until it breaks.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a token on a large grid with a cell
    /// visited (no closed form, and far too many positions to search);
    /// the time and memory limits; those of `f`.
    fn piece_winning_moves(
        &self,
        p: &Piece,
        _: &Limits,
        f: &mut dyn FnMut(u64) -> Result<ControlFlow<()>, Error>,
    ) -> Result<ControlFlow<()>, Error> {
        let wins: Vec<u64> = match p {
            Piece::Graph(t) => self
                .answer(t)?
                .iter()
                .flatten()
                .map(|&u| u64::from(u))
                .collect(),
            Piece::Grid(g) => g
                .answer()
                .map_err(|()| g.no_closed_form())?
                .unwrap_or_default(),
        };
        for u in wins {
            if f(u)?.is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// The Grundy value of one token, and whether a search gave it (else
    /// the theorem: a P-position is worth 0).
    ///
    /// # Errors
    /// [`Error::StateLimit`] when the search would store more than
    /// `limits.max_states` positions: refused at once for a part of more
    /// than 64 vertices with more simple paths from the token than that
    /// (each path ends in a position of the search), else when the table
    /// fills; time and memory limits.
    fn value(&self, t: &Token, limits: &Limits) -> Result<(u32, bool), Error> {
        if self.answer(t)?.is_none() {
            return Ok((0, false));
        }
        let limit = Error::StateLimit {
            limit: limits.max_states,
        };
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&g) = table.get(t) {
            return Ok((g, true));
        }
        if component(&t.part, &t.part.alive, t.at, None).len() > SMALL_PART
            && paths_from(t, limits.max_states) > limits.max_states
        {
            return Err(limit);
        }
        token_games::searched_value(&mut table, t, limits).map(|g| (g, true))
    }

    /// The Grundy value of one token of any kind ([`Geography::value`]);
    /// on a large grid only a P-position's (0): an N-position's is refused
    /// with [`Error::StateLimit`] (its search would store far more
    /// positions than any limit allows), and a grid with a cell visited
    /// with [`Error::Unsupported`] (no closed form).
    fn piece_value(&self, p: &Piece, limits: &Limits) -> Result<(u32, bool), Error> {
        match p {
            Piece::Graph(t) => self.value(t, limits),
            Piece::Grid(g) => match g.answer() {
                Ok(None) => Ok((0, false)),
                Ok(Some(_)) => Err(Error::StateLimit {
                    limit: limits.max_states,
                }),
                Err(()) => Err(g.no_closed_form()),
            },
        }
    }

    fn stored(&self) -> u64 {
        self.table.lock().map_or(0, |t| t.len()) as u64
    }
}

impl Rules for Geography {
    type Position = GeographyPosition;

    token_games::token_rules!(GeographyPosition, SUMMARY, "token", "move");

    fn canonical(&self) -> String {
        "geography".into()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Pick
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    /// Each graph laid out, the visited vertices gone, the token on its
    /// vertex; a move is a click on a neighbour. `None` when a graph is too
    /// large to draw.
    fn shape(&self, args: &GeographyPosition) -> Option<crate::drawing::Shape> {
        let parts = args.0.iter().map(|t| match t {
            Piece::Graph(t) => crate::ruleset::network::network(&t.part, Some(t.at)),
            Piece::Grid(_) => None,
        });
        Some(crate::drawing::Shape::Network {
            parts: parts.collect::<Option<_>>()?,
        })
    }

    fn parse_position(&self, words: &[&str]) -> Result<GeographyPosition, (usize, ArgumentError)> {
        token_games::parse_tokens(words, Piece::parse).map(GeographyPosition)
    }

    /// The nim-sum of the tokens' values: 0 by the theorem for a
    /// P-position, else by search.
    fn valued(&self, args: &GeographyPosition, limits: &Limits) -> Result<(u64, Basis), Error> {
        let value_of = |t: &Piece| self.piece_value(t, limits);
        token_games::valued(&args.0, &value_of, &|| self.stored(), MATCHING)
    }

    fn closed_value(&self, _: &GeographyPosition) -> Option<u64> {
        None
    }

    /// A lone token under normal play, by the theorem.
    fn lone_outcome(&self, args: &GeographyPosition, play: Play) -> Option<(Outcome, Basis)> {
        match (&args.0[..], play) {
            ([t], Play::Normal) => {
                // A limit met here leaves the outcome to the caller's search,
                // which meets it again and names it.
                let wins = self.piece_wins(t).ok().flatten()?;
                Some((Outcome::from_next_player_wins(wins), MATCHING))
            }
            _ => None,
        }
    }

    fn lone_winning_moves(
        &self,
        args: &GeographyPosition,
        play: Play,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        match (&args.0[..], play) {
            ([t], Play::Normal) => {
                self.piece_winning_moves(t, limits, &mut |u| Ok(f(token_games::pick(0, u))))
            }
            _ => Err(Error::Internal(
                "geography answers by its theorem only a lone token in normal play".into(),
            )),
        }
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    /// A token worth g must become worth g ⊕ value ⊕ target; a move to 0
    /// is found by the theorem, any other by valuing what each move leaves.
    fn moves_to(
        &self,
        args: &GeographyPosition,
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        token_games::moves_to(
            &args.0,
            value,
            target,
            &|t| Ok(self.piece_value(t, limits)?.0),
            &|t, g| self.piece_winning_moves(t, limits, &mut |u| Ok(g(u))),
            f,
        )
    }

    fn value_note(&self, _: &str) -> String {
        NOTE.into()
    }
}

parse_without_parameter!(
    "geography",
    "geography takes no parameter: write the graph and the token, e.g. geography grid:3x3@1",
    Geography::default()
);
