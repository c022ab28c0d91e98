//! The theorem of Fraenkel, Scheinerman and Ullman applied to one token:
//! whether the player to move wins and every winning move, by the grid's
//! closed form for a whole grid, by [`matching`](super::matching) for a
//! part without an odd cycle, else by Edmonds' blossoms
//! ([`petgraph::algo::maximum_matching`]).

use std::sync::Arc;

use petgraph::graph::{NodeIndex, UnGraph};
use rustc_hash::FxHashMap as HashMap;

use super::super::undirected::{Bits, Part};
use super::matching::{self, Local};
use super::{grid, Token};
use crate::Error;

/// The theorem's answer for a lone token: `None` when the player to move
/// loses, else the winning moves (the graph's vertices, increasing).
pub(super) type Answer = Option<Vec<u32>>;

/// The theorem's answer for `t`: O(1) on a whole grid, O(E·√V) on a part
/// without an odd cycle, else up to 2d + 2 blossom matchings (d the
/// token's neighbours).
///
/// # Errors
/// The time and memory limits ([`crate::budget`]).
pub(super) fn answer(t: &Token) -> Result<Answer, Error> {
    if let Some(answer) = whole_grid(t) {
        return Ok(answer.map(|w| w.into_iter().map(|u| u as u32).collect()));
    }
    let local = Local::of(&t.part, &t.part.alive, t.at);
    if let Some(side) = &local.side {
        return Ok(matching::bipartite_answer(&local, side).map(|w| {
            let mut w: Vec<u32> = w.into_iter().map(|u| local.verts[u as usize]).collect();
            w.sort_unstable();
            w
        }));
    }
    if !next_player_wins(t) {
        return Ok(None);
    }
    winning_moves(t).map(Some)
}

/// The vertices of `alive` reachable from `v` without passing `skip`
/// (`v` first), in time linear in what is reached.
pub(super) fn component(part: &Part, alive: &Bits, v: u32, skip: Option<u32>) -> Vec<u32> {
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

/// The grid's closed form ([`grid`]) for a token on a whole `grid:RxC`
/// (no vertex visited): `Some(None)` for a P-position, `Some(Some(moves))`
/// for an N-position; `None` for any other graph.
fn whole_grid(t: &Token) -> Option<Option<Vec<u64>>> {
    let (r, c) = t
        .part
        .graph
        .notation()
        .strip_prefix("grid:")?
        .split_once('x')?;
    let (rows, cols) = (r.parse::<u64>().ok()?, c.parse::<u64>().ok()?);
    (t.part.alive.count() == t.part.graph.len())
        .then(|| grid::whole_grid(rows, cols, u64::from(t.at)))
}

/// Whether the player to move wins `t`, by the theorem: the token's vertex
/// is in every maximum matching of its part, ν(C − v) < ν(C).
fn next_player_wins(t: &Token) -> bool {
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
/// matching of C − v), in increasing order.
fn winning_moves(t: &Token) -> Result<Vec<u32>, Error> {
    let mut after = t.part.alive.clone();
    after.clear(t.at);
    // Each part of C − v holding a neighbour: its maximum matching.
    let mut done: HashMap<u32, PartMatching> = HashMap::default();
    let mut nbrs: Vec<u32> = t.moves().collect();
    nbrs.sort_unstable();
    let mut out = Vec::new();
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
        if wins {
            out.push(u);
        }
    }
    Ok(out)
}
