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

use petgraph::graph::{NodeIndex, UnGraph};
use rustc_hash::FxHashMap as HashMap;

mod matching;

use matching::Local;

use super::rules::{Rules, Visit};
use super::undirected::{Bits, Part};
use super::{ArgumentError, MoveKind};
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm, Outcome, Place, Play};

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

/// The position of a `geography` component: its tokens, each on its own
/// graph, in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GeographyPosition(pub Vec<Token>);

crate::typed_position!(GeographyPosition, {
    fn argument_count(&self) -> usize {
        self.0.len()
    }
    /// The vertices not yet visited, over all tokens.
    fn size(&self) -> usize {
        self.0.iter().map(|t| t.part.alive.count()).sum()
    }
});

/// The vertices of `alive` reachable from `v` without passing `skip`
/// (`v` first), in time linear in what is reached.
fn component(part: &Part, alive: &Bits, v: u32, skip: Option<u32>) -> Vec<u32> {
    let mut seen = HashMap::default();
    seen.insert(v, ());
    let mut out = vec![v];
    let mut i = 0;
    while i < out.len() {
        let u = out[i];
        i += 1;
        for &w in part.graph.neighbours(u) {
            if alive.has(w) && Some(w) != skip && seen.insert(w, ()).is_none() {
                out.push(w);
            }
        }
    }
    out
}

/// A maximum matching of the graph induced on `verts` (less `skip`):
/// its size and, for each vertex of `verts`, whether it is matched.
fn matching(part: &Part, verts: &[u32], skip: Option<u32>) -> (usize, HashMap<u32, bool>) {
    let mut local: HashMap<u32, NodeIndex> = HashMap::default();
    let mut g: UnGraph<u32, ()> = UnGraph::with_capacity(verts.len(), verts.len() * 2);
    for &v in verts {
        if Some(v) != skip {
            local.insert(v, g.add_node(v));
        }
    }
    for &v in verts {
        let Some(&a) = local.get(&v) else { continue };
        for w in part.graph.neighbours(v) {
            if let Some(&b) = local.get(w) {
                if v < *w {
                    g.add_edge(a, b, ());
                }
            }
        }
    }
    let m = matching_with_stack(&g);
    let matched = local
        .iter()
        .map(|(&v, &i)| (v, m.contains_node(i)))
        .collect();
    (m.len(), matched)
}

/// Vertices past which [`matching_with_stack`] gives petgraph's search a
/// stack of its own.
const DEEP_MATCHING: usize = 4_096;

/// petgraph's maximum matching of `g`. Its search recurses once per vertex
/// of an augmenting path, so a long path (a graph of 10^5 vertices in a
/// line) would overflow the caller's stack: past [`DEEP_MATCHING`]
/// vertices it runs on a thread whose stack grows with the graph (1 KiB a
/// vertex; the memory is reserved, and used only as deep as the search
/// goes).
fn matching_with_stack(g: &UnGraph<u32, ()>) -> petgraph::algo::Matching<&UnGraph<u32, ()>> {
    if g.node_count() <= DEEP_MATCHING {
        return petgraph::algo::maximum_matching(g);
    }
    let stack = (8 << 20) + g.node_count().saturating_mul(1 << 10);
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("geography-matching".into())
            .stack_size(stack)
            .spawn_scoped(scope, || petgraph::algo::maximum_matching(g))
            .ok()
            .and_then(|h| h.join().ok())
    })
    // A thread that cannot start (or a search that panicked) gets one more
    // try on this thread's stack rather than an answer invented here.
    .unwrap_or_else(|| petgraph::algo::maximum_matching(g))
}

/// Whether the player to move wins `t`, by the theorem: the token's vertex
/// is in every maximum matching of its part, ν(C − v) < ν(C).
fn next_player_wins(t: &Token) -> bool {
    let local = Local::of(&t.part, &t.part.alive, t.at);
    if let Some(side) = &local.side {
        return matching::bipartite_answer(&local, side).is_some();
    }
    let comp = component(&t.part, &t.part.alive, t.at, None);
    if comp.len() == 1 {
        return false;
    }
    let (with, matched) = matching(&t.part, &comp, None);
    if !matched[&t.at] {
        return false;
    }
    let (without, _) = matching(&t.part, &comp, Some(t.at));
    without < with
}

/// A part's maximum matching: its size, which vertices it covers, and the
/// part's vertices.
type PartMatching = (usize, Arc<HashMap<u32, bool>>, Arc<Vec<u32>>);

/// Every winning move of `t` (the neighbours u not in every maximum
/// matching of C − v), in increasing order, to `f` until it breaks.
fn winning_moves(
    t: &Token,
    f: &mut dyn FnMut(u32) -> Result<ControlFlow<()>, Error>,
) -> Result<ControlFlow<()>, Error> {
    let local = Local::of(&t.part, &t.part.alive, t.at);
    if let Some(side) = &local.side {
        let mut wins: Vec<u32> = matching::bipartite_answer(&local, side)
            .unwrap_or_default()
            .into_iter()
            .map(|u| local.verts[u as usize])
            .collect();
        wins.sort_unstable();
        for u in wins {
            if f(u)?.is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        return Ok(ControlFlow::Continue(()));
    }
    let mut after = t.part.alive.clone();
    after.clear(t.at);
    // Each part of C − v holding a neighbour: its maximum matching.
    let mut done: HashMap<u32, PartMatching> = HashMap::default();
    let mut nbrs: Vec<u32> = t.moves().collect();
    nbrs.sort_unstable();
    for u in nbrs {
        crate::budget::check()?;
        let (size, matched, comp) = match done.get(&u) {
            Some((s, m, c)) => (*s, Arc::clone(m), Arc::clone(c)),
            None => {
                let comp = Arc::new(component(&t.part, &after, u, None));
                let (s, m) = matching(&t.part, &comp, None);
                let m = Arc::new(m);
                for &w in comp.iter() {
                    done.insert(w, (s, Arc::clone(&m), Arc::clone(&comp)));
                }
                (s, m, comp)
            }
        };
        let wins = if !matched[&u] {
            // Some maximum matching misses u.
            true
        } else if 2 * size == comp.len() {
            // A perfect matching: every maximum matching covers u.
            false
        } else {
            matching(&t.part, &comp, Some(u)).0 == size
        };
        if wins && f(u)?.is_break() {
            return Ok(ControlFlow::Break(()));
        }
    }
    Ok(ControlFlow::Continue(()))
}

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

/// One frame of the value search: a position, the moves still to try and
/// the values of those tried.
struct Frame {
    token: Token,
    moves: Vec<u32>,
    next: usize,
    values: Vec<u32>,
}

impl Frame {
    fn new(token: Token) -> Frame {
        let moves = token.moves().collect();
        Frame {
            token,
            moves,
            next: 0,
            values: Vec::new(),
        }
    }
}

fn mex(values: &[u32]) -> u32 {
    let mut seen = vec![false; values.len() + 1];
    for &v in values {
        if let Some(s) = seen.get_mut(v as usize) {
            *s = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(values.len()) as u32
}

/// The rules of `geography` and the search's table of tokens.
#[derive(Debug, Default)]
pub struct Geography {
    table: Mutex<HashMap<Token, u32>>,
}

impl Geography {
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
        if !next_player_wins(t) {
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
        let mut stack = vec![Frame::new(t.clone())];
        while let Some(top) = stack.last_mut() {
            if let Some(&u) = top.moves.get(top.next) {
                top.next += 1;
                let child = top.token.after(u);
                if let Some(&g) = table.get(&child) {
                    top.values.push(g);
                    continue;
                }
                crate::budget::check()?;
                if table.len() + stack.len() >= limits.max_states {
                    return Err(limit);
                }
                stack.push(Frame::new(child));
            } else {
                let Some(done) = stack.pop() else { break };
                let g = mex(&done.values);
                table.insert(done.token, g);
                match stack.last_mut() {
                    Some(parent) => parent.values.push(g),
                    None => return Ok((g, true)),
                }
            }
        }
        Err(Error::Internal(
            "the Geography search lost its frame".into(),
        ))
    }

    fn stored(&self) -> u64 {
        self.table.lock().map_or(0, |t| t.len()) as u64
    }
}

fn pick(part: usize, u: u32) -> Action {
    Action::Pick {
        part,
        at: u64::from(u),
        and: None,
    }
}

impl Rules for Geography {
    type Position = GeographyPosition;

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
        let parts = args
            .0
            .iter()
            .map(|t| crate::ruleset::network::network(&t.part, Some(t.at)));
        Some(crate::drawing::Shape::Network {
            parts: parts.collect::<Option<_>>()?,
        })
    }

    fn parse_position(&self, words: &[&str]) -> Result<GeographyPosition, (usize, ArgumentError)> {
        let mut tokens = Vec::with_capacity(words.len());
        for (i, w) in words.iter().enumerate() {
            tokens.push(Token::parse(w).map_err(|e| (i, ArgumentError::BadShape(e.into())))?);
        }
        Ok(GeographyPosition(tokens))
    }

    fn write_argument(
        &self,
        args: &GeographyPosition,
        index: usize,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        match args.0.get(index) {
            Some(t) => write!(f, "{t}"),
            None => Ok(()),
        }
    }

    fn argument_alone(&self, args: &GeographyPosition, index: usize) -> Option<GeographyPosition> {
        Some(GeographyPosition(vec![args.0.get(index)?.clone()]))
    }

    /// The nim-sum of the tokens' values: 0 by the theorem for a
    /// P-position, else by search.
    fn valued(&self, args: &GeographyPosition, limits: &Limits) -> Result<(u64, Basis), Error> {
        let mut g = 0;
        let mut searched = false;
        for t in &args.0 {
            let (v, s) = self.value(t, limits)?;
            g ^= u64::from(v);
            searched |= s;
        }
        let basis = if searched {
            Basis::Search {
                positions: self.stored(),
            }
        } else {
            MATCHING
        };
        Ok((g, basis))
    }

    fn closed_value(&self, _: &GeographyPosition) -> Option<u64> {
        None
    }

    /// A lone token under normal play, by the theorem.
    fn lone_outcome(&self, args: &GeographyPosition, play: Play) -> Option<(Outcome, Basis)> {
        match (&args.0[..], play) {
            ([t], Play::Normal) => Some((
                Outcome::from_next_player_wins(next_player_wins(t)),
                MATCHING,
            )),
            _ => None,
        }
    }

    fn lone_winning_moves(
        &self,
        args: &GeographyPosition,
        play: Play,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        match (&args.0[..], play) {
            ([t], Play::Normal) => winning_moves(t, &mut |u| Ok(f(pick(0, u)))),
            _ => Err(Error::Internal(
                "geography answers by its theorem only a lone token in normal play".into(),
            )),
        }
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    fn has_moves(&self, args: &GeographyPosition, _: &Limits) -> Result<bool, Error> {
        Ok(args.0.iter().any(|t| t.moves().next().is_some()))
    }

    fn moves(
        &self,
        args: &GeographyPosition,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let total: u64 = args.0.iter().map(|t| t.moves().count() as u64).sum();
        super::reserve(out, total, limits)?;
        for (i, t) in args.0.iter().enumerate() {
            out.extend(t.moves().map(|u| pick(i, u)));
        }
        Ok(())
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
        for (i, t) in args.0.iter().enumerate() {
            let want = u64::from(self.value(t, limits)?.0) ^ value ^ target;
            if want == 0 {
                if winning_moves(t, &mut |u| Ok(f(pick(i, u))))?.is_break() {
                    return Ok(ControlFlow::Break(()));
                }
                continue;
            }
            for u in t.moves() {
                let g = u64::from(self.value(&t.after(u), limits)?.0);
                if g == want && f(pick(i, u)).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn check(
        &self,
        word: &str,
        args: &GeographyPosition,
        action: &Action,
    ) -> Result<(), IllegalMoveKind> {
        let forbidden = || IllegalMoveKind::Forbidden {
            ruleset: word.into(),
            rule: SUMMARY,
        };
        let Action::Pick {
            part,
            at,
            and: None,
        } = *action
        else {
            return Err(forbidden());
        };
        let Some(t) = args.0.get(part) else {
            return Err(IllegalMoveKind::NoSuch {
                place: Place::Part,
                index: part,
                count: args.0.len(),
            });
        };
        match u32::try_from(at) {
            Ok(u) if t.moves().any(|w| w == u) => Ok(()),
            _ => Err(forbidden()),
        }
    }

    fn apply(&self, args: &mut GeographyPosition, action: &Action) {
        if let Action::Pick {
            part,
            at,
            and: None,
        } = *action
        {
            if let Some(t) = args.0.get_mut(part) {
                *t = t.after(at as u32);
            }
        }
    }

    /// Tokens with no move are nothing; the rest in the order of their
    /// notation.
    fn canonicalize(&self, args: &mut GeographyPosition) {
        args.0.retain(|t| t.moves().next().is_some());
        args.0.sort_by_cached_key(ToString::to_string);
    }

    fn write_move(
        &self,
        word: &str,
        args: &GeographyPosition,
        action: &Action,
        form: MoveForm,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let Action::Pick {
            part,
            at,
            and: None,
        } = *action
        else {
            return crate::ruleset::write_action(word, action, form, f);
        };
        let Some(t) = args.0.get(part) else {
            return crate::ruleset::write_action(word, action, form, f);
        };
        let Some(u) = u32::try_from(at)
            .ok()
            .filter(|&u| (u as usize) < t.part.graph.len())
        else {
            return crate::ruleset::write_action(word, action, form, f);
        };
        let name = t.part.graph.name(u);
        let left = t.after(u);
        let one = args.0.len() == 1;
        let n = part + 1;
        match form {
            MoveForm::Listed if one => write!(f, "{word} to {name} (-> {left})"),
            MoveForm::Listed => write!(f, "{word} token {n}: to {name} (-> {left})"),
            MoveForm::Short if one => write!(f, "{name}"),
            MoveForm::Short => write!(f, "{n} {name}"),
            _ if one => write!(f, "move the token to {name} ({t} -> {left})"),
            _ => write!(f, "move token {n} to {name} ({t} -> {left})"),
        }
    }

    fn named_move(&self, args: &GeographyPosition, place: usize, name: &str) -> Option<Action> {
        let t = args.0.get(place)?;
        Some(pick(place, t.part.graph.vertex(name)?))
    }

    fn actions_between(
        &self,
        before: &GeographyPosition,
        after: &GeographyPosition,
    ) -> Vec<Action> {
        if before.0.len() != after.0.len() {
            return Vec::new();
        }
        let changed: Vec<usize> = (0..before.0.len())
            .filter(|&i| before.0[i] != after.0[i])
            .collect();
        let [i] = changed[..] else {
            return Vec::new();
        };
        before.0[i]
            .moves()
            .filter(|&u| before.0[i].after(u) == after.0[i])
            .map(|u| pick(i, u))
            .collect()
    }

    /// The token's vertex before and after.
    fn pick_names(&self, args: &GeographyPosition, action: &Action) -> Option<super::PickNames> {
        let Action::Pick { part, at, .. } = *action else {
            return None;
        };
        let t = args.0.get(part)?;
        let to = u32::try_from(at)
            .ok()
            .filter(|&v| (v as usize) < t.part.graph.len())?;
        Some(super::PickNames::Token {
            token: part,
            before: t.part.graph.name(t.at).to_string(),
            after: t.part.graph.name(to).to_string(),
        })
    }

    fn value_note(&self, _: &str) -> String {
        NOTE.into()
    }

    fn move_summary(&self) -> Option<String> {
        Some(SUMMARY.into())
    }
}

parse_without_parameter!(
    "geography",
    "geography takes no parameter: write the graph and the token, e.g. geography grid:3x3@1",
    Geography::default()
);
