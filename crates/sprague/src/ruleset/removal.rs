//! The search for games in which a move removes vertices of a graph: Node
//! Kayles (a vertex and its neighbours go), Arc Kayles (the two ends of an
//! edge go), and Cram, which is Arc Kayles on the graph of a board's empty
//! cells (a domino covers two adjacent cells: an edge whose ends go).
//!
//! A position falls apart into its connected components, each a game of
//! its own (the Sprague-Grundy theorem: the value is their nim-sum). A
//! component that is a path, a cycle or a complete graph is valued by the
//! reduction the theory gives (Node Kayles on a path of n vertices is
//! Dawson's chess, octal 0.137, at heap n; Arc Kayles on a path is Dawson's
//! Kayles, octal 0.07; a cycle's only option is a path; the complete graph
//! is decided by its order). Any other component is searched by the
//! definition: relabelled in a canonical order (colour refinement of the
//! vertices by degree, then individualisation of the vertices of the
//! smallest tied class while a budget of orderings lasts, the least
//! encoding kept), so that isomorphic components (a board region and its
//! mirror image) share one entry of a transposition table kept across the
//! positions of a run.

use std::sync::{Mutex, MutexGuard};

use rustc_hash::FxHashMap as HashMap;

use super::undirected::Part;
use crate::{Basis, Error, Limits, Ruleset};

/// The most vertices of a connected part the search takes (its vertex sets
/// are 128-bit masks).
pub const MAX_SEARCHED: usize = 128;

/// The most orderings the canonical labelling tries for one component.
const LEAVES: usize = 24;

/// What a move removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Node Kayles: a vertex and its neighbours.
    Node,
    /// Arc Kayles (and Cram): the two ends of an edge.
    Arc,
}

/// How a part was valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct How {
    /// Some component was a path or a cycle valued by its octal game.
    pub octal: bool,
    /// Some component was searched.
    pub searched: bool,
    /// Some component was an interval graph valued by its window table
    /// (Node Kayles).
    pub intervals: bool,
    /// The components the search valued or looked up, each weighing
    /// (1 + k / [`WEIGHT_UNIT`](crate::WEIGHT_UNIT))² for its k vertices
    /// (relabelling it, the most of the cost, grows as k²): the work is
    /// bounded at [`DEFAULT_WORK_PER_STATE`](crate::DEFAULT_WORK_PER_STATE)
    /// a state of `limits.max_states` ([`Error::WorkLimit`]), since a
    /// search that stores few positions may still relabel many.
    pub work: u64,
}

/// The search and its table, shared by the positions of a ruleset.
#[derive(Debug)]
pub struct Engine {
    kind: Kind,
    /// The octal game of paths (0.137 or 0.07).
    octal: Ruleset,
    table: Mutex<HashMap<Box<[u64]>, u32>>,
}

impl Engine {
    /// The engine for games of `kind`.
    pub fn new(kind: Kind) -> Engine {
        let code = match kind {
            Kind::Node => "octal:0.137",
            Kind::Arc => "octal:0.07",
        };
        Engine {
            kind,
            octal: Ruleset::parse(code).unwrap_or_else(|_| Ruleset::nim()),
            table: Mutex::new(HashMap::default()),
        }
    }

    /// The number of positions in the table.
    pub fn stored(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<Box<[u64]>, u32>> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The octal game's value at `n` (a path of n vertices).
    fn path(&self, n: u64, limits: &Limits) -> Result<u64, Error> {
        self.octal.heap_value(n, limits)
    }

    /// The Grundy value of `part`, and how it was found.
    ///
    /// # Errors
    /// [`Error::StateLimit`] past `limits.max_states` positions in the
    /// table, [`Error::TimeLimit`] past a deadline, [`Error::Unsupported`]
    /// for a connected part of more than [`MAX_SEARCHED`] vertices without a
    /// reduction.
    pub fn part_value(&self, part: &Part, limits: &Limits) -> Result<(u64, How), Error> {
        let mut how = How::default();
        let mut g = 0;
        for comp in part.components() {
            g ^= self.component_value(part, &comp, limits, &mut how)?;
        }
        Ok((g, how))
    }

    /// The value of one connected component (its vertex list) of `part`,
    /// noting in `how` how it was found.
    pub(crate) fn component_value(
        &self,
        part: &Part,
        comp: &[u32],
        limits: &Limits,
        how: &mut How,
    ) -> Result<u64, Error> {
        let k = comp.len();
        let mut edges = 0usize;
        let mut max_degree = 0usize;
        for &v in comp {
            let d = part.live_neighbours(v).count();
            edges += d;
            max_degree = max_degree.max(d);
        }
        let edges = edges / 2;
        if let Some(g) = self.reduced(k as u64, edges as u64, max_degree as u64, limits, how)? {
            return Ok(g);
        }
        if let Some(spans) = self.interval_spans(part, comp) {
            how.intervals = true;
            return Ok(super::undirected::intervals::node_kayles(&spans, limits)?.value);
        }
        if k > MAX_SEARCHED {
            return Err(Error::Unsupported(format!(
                "a connected part of {k} vertices that is not a path, a cycle or a complete \
                 graph: the search takes parts of at most {MAX_SEARCHED} vertices"
            )));
        }
        let mut local = HashMap::default();
        for (i, &v) in comp.iter().enumerate() {
            local.insert(v, i);
        }
        let rows: Vec<u128> = comp
            .iter()
            .map(|&v| {
                part.live_neighbours(v)
                    .fold(0u128, |r, w| r | 1u128 << local[&w])
            })
            .collect();
        how.searched = true;
        let mut table = self.lock();
        let full = mask_of(k);
        Ok(u64::from(
            self.search(&mut table, &rows, full, limits, how)?,
        ))
    }

    /// Every move inside the connected component `comp` of `part` after
    /// which what is left of the component is worth `need`, as the vertex
    /// taken (Node Kayles) or the edge's two ends, lower first (Arc
    /// Kayles), increasing.
    ///
    /// A path, a cycle or a complete graph is answered by its reduction
    /// (a move at the i-th vertex of a path of k leaves paths of i - 1 and
    /// k - i - 2 vertices in Node Kayles, an edge at i leaves i and
    /// k - i - 2 in Arc Kayles; each is valued by the octal game), in time
    /// linear in k; any other component by searching each option in the
    /// shared table.
    ///
    /// # Errors
    /// As [`Engine::part_value`].
    pub(crate) fn moves_in_component(
        &self,
        part: &Part,
        comp: &[u32],
        need: u64,
        limits: &Limits,
    ) -> Result<Vec<(u32, Option<u32>)>, Error> {
        let k = comp.len() as u64;
        let mut edges = 0u64;
        let mut max_degree = 0u64;
        for &v in comp {
            let d = part.live_neighbours(v).count() as u64;
            edges += d;
            max_degree = max_degree.max(d);
        }
        let edges = edges / 2;
        let mut out = Vec::new();
        let every = |out: &mut Vec<(u32, Option<u32>)>| {
            for &u in comp {
                match self.kind {
                    Kind::Node => out.push((u, None)),
                    Kind::Arc => out.extend(
                        part.live_neighbours(u)
                            .filter(|&v| v > u)
                            .map(|v| (u, Some(v))),
                    ),
                }
            }
        };
        match shape(k, edges, max_degree) {
            Shape::Path => {
                let order = path_order(part, comp);
                let k = order.len();
                for i in 0..k {
                    let (left, right, and) = match self.kind {
                        Kind::Node => (i.saturating_sub(1), (k - i - 1).saturating_sub(1), None),
                        Kind::Arc if i + 1 < k => (i, k - i - 2, Some(order[i + 1])),
                        Kind::Arc => continue,
                    };
                    let g = self.path(left as u64, limits)? ^ self.path(right as u64, limits)?;
                    if g == need {
                        let (a, b) = match and {
                            Some(b) => (order[i].min(b), Some(order[i].max(b))),
                            None => (order[i], None),
                        };
                        out.push((a, b));
                    }
                }
            }
            Shape::Cycle => {
                let left = match self.kind {
                    Kind::Node => k - 3,
                    Kind::Arc => k - 2,
                };
                if self.path(left, limits)? == need {
                    every(&mut out);
                }
            }
            Shape::Complete => {
                let left = match self.kind {
                    Kind::Node => 0,
                    Kind::Arc => (k.saturating_sub(2) / 2) % 2,
                };
                if left == need {
                    every(&mut out);
                }
            }
            Shape::Other if self.interval_spans(part, comp).is_some() => {
                let spans = self.interval_spans(part, comp).unwrap_or_default();
                let values = super::undirected::intervals::node_kayles(&spans, limits)?;
                out.extend(
                    comp.iter()
                        .zip(&values.after)
                        .filter(|&(_, &g)| g == need)
                        .map(|(&v, _)| (v, None)),
                );
            }
            Shape::Other => {
                if comp.len() > MAX_SEARCHED {
                    // The value of the component says why.
                    self.component_value(part, comp, limits, &mut How::default())?;
                }
                let mut local = HashMap::default();
                for (i, &v) in comp.iter().enumerate() {
                    local.insert(v, i);
                }
                let rows: Vec<u128> = comp
                    .iter()
                    .map(|&v| {
                        part.live_neighbours(v)
                            .fold(0u128, |r, w| r | 1u128 << local[&w])
                    })
                    .collect();
                let full = mask_of(comp.len());
                let mut how = How::default();
                let mut table = self.lock();
                for i in 0..comp.len() {
                    let options: Vec<(u128, Option<usize>)> = match self.kind {
                        Kind::Node => vec![(full & !(rows[i] | 1u128 << i), None)],
                        Kind::Arc => bits(rows[i] & !mask_of(i + 1))
                            .map(|j| (full & !(1u128 << i | 1u128 << j), Some(j)))
                            .collect(),
                    };
                    for (o, j) in options {
                        if u64::from(self.search(&mut table, &rows, o, limits, &mut how)?) == need {
                            let (a, b) = (comp[i], j.map(|j| comp[j]));
                            out.push(match b {
                                Some(b) => (a.min(b), Some(a.max(b))),
                                None => (a, None),
                            });
                        }
                    }
                }
            }
        }
        out.sort_unstable();
        Ok(out)
    }

    /// The intervals of the component `comp` of `part`, in the order of
    /// `comp`, when the game is Node Kayles on a graph written
    /// `intervals:` (valued by the window table of
    /// [`intervals`](super::undirected::intervals)).
    fn interval_spans(&self, part: &Part, comp: &[u32]) -> Option<Vec<(u64, u64)>> {
        let spans = part.graph.intervals()?;
        (self.kind == Kind::Node).then(|| comp.iter().map(|&v| spans[v as usize]).collect())
    }

    /// The value of a connected graph of `k` vertices, `edges` edges and
    /// largest degree `max_degree` by a reduction, where one applies.
    fn reduced(
        &self,
        k: u64,
        edges: u64,
        max_degree: u64,
        limits: &Limits,
        how: &mut How,
    ) -> Result<Option<u64>, Error> {
        let s = shape(k, edges, max_degree);
        let (path, cycle, complete) = (s == Shape::Path, s == Shape::Cycle, s == Shape::Complete);
        Ok(Some(match self.kind {
            _ if path => {
                how.octal = true;
                self.path(k, limits)?
            }
            // A cycle's every move leaves a path (n - 3 vertices in Node
            // Kayles, n - 2 in Arc Kayles).
            Kind::Node if cycle => {
                how.octal = true;
                u64::from(self.path(k - 3, limits)? == 0)
            }
            Kind::Arc if cycle => {
                how.octal = true;
                u64::from(self.path(k - 2, limits)? == 0)
            }
            // Every move in K_n takes all of it (Node Kayles) or leaves
            // K_(n-2) (Arc Kayles).
            Kind::Node if complete => 1,
            Kind::Arc if complete => (k / 2) % 2,
            _ => return Ok(None),
        }))
    }

    /// The value of the subgraph of `rows` on `mask`: the nim-sum of its
    /// components' values.
    fn search(
        &self,
        table: &mut HashMap<Box<[u64]>, u32>,
        rows: &[u128],
        mask: u128,
        limits: &Limits,
        how: &mut How,
    ) -> Result<u32, Error> {
        let mut g = 0;
        let mut rest = mask;
        while rest != 0 {
            let comp = flood(rows, rest);
            rest &= !comp;
            g ^= self.searched_component(table, rows, comp, limits, how)?;
        }
        Ok(g)
    }

    fn searched_component(
        &self,
        table: &mut HashMap<Box<[u64]>, u32>,
        rows: &[u128],
        comp: u128,
        limits: &Limits,
        how: &mut How,
    ) -> Result<u32, Error> {
        let verts: Vec<usize> = bits(comp).collect();
        let k = verts.len() as u64;
        let degrees: Vec<u32> = verts
            .iter()
            .map(|&v| (rows[v] & comp).count_ones())
            .collect();
        let edges = degrees.iter().map(|&d| u64::from(d)).sum::<u64>() / 2;
        let max_degree = degrees.iter().copied().max().unwrap_or(0);
        if let Some(g) = self.reduced(k, edges, u64::from(max_degree), limits, how)? {
            return Ok(g as u32);
        }
        // Relabelling a component is most of the cost, table hit or not,
        // and it grows as the square of the component's vertices.
        how.work += (1 + k / crate::WEIGHT_UNIT as u64).pow(2);
        let allowed = (limits.max_states as u64).saturating_mul(crate::DEFAULT_WORK_PER_STATE);
        if how.work > allowed {
            return Err(Error::WorkLimit {
                options: how.work,
                states: limits.max_states,
                per_state: crate::DEFAULT_WORK_PER_STATE,
            });
        }
        let (key, canon) = canonical(rows, &verts, comp);
        if let Some(&g) = table.get(&key) {
            return Ok(g);
        }
        crate::budget::check()?;
        if table.len() >= limits.max_states {
            return Err(Error::StateLimit {
                limit: limits.max_states,
            });
        }
        let full = mask_of(verts.len());
        let mut options: Vec<u128> = match self.kind {
            Kind::Node => (0..verts.len())
                .map(|v| full & !(canon[v] | 1u128 << v))
                .collect(),
            Kind::Arc => (0..verts.len())
                .flat_map(|u| {
                    bits(canon[u] & mask_of(u)).map(move |v| full & !(1u128 << u | 1u128 << v))
                })
                .collect(),
        };
        options.sort_unstable();
        options.dedup();
        let mut seen = vec![false; options.len() + 1];
        for o in options {
            let g = self.search(table, &canon, o, limits, how)? as usize;
            if g < seen.len() {
                seen[g] = true;
            }
        }
        let g = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        table.insert(key, g);
        Ok(g)
    }

    /// The basis of a part valued `how`.
    pub fn basis(&self, how: How, stored: usize) -> Basis {
        if how.searched {
            Basis::Search {
                positions: stored as u64,
            }
        } else if how.intervals {
            NODE_INTERVALS
        } else if how.octal {
            match self.kind {
                Kind::Node => NODE_PATHS,
                Kind::Arc => ARC_PATHS,
            }
        } else {
            COMPLETE
        }
    }
}

/// Node Kayles on a path is Dawson's chess.
pub const NODE_PATHS: Basis = Basis::Rule {
    word: "octal",
    name: "Node Kayles on a path of n vertices is Dawson's chess, octal 0.137, at heap n \
           (a cycle of n moves to a path of n - 3; Winning Ways, ch. 4)",
};

/// Node Kayles on an interval graph is a take-and-break game on the line.
pub const NODE_INTERVALS: Basis = Basis::Rule {
    word: "intervals",
    name: "Node Kayles on intervals: taking [a, b] leaves the intervals left of a and those \
           right of b, two games apart, so every position is the intervals inside a window \
           of the line and the windows' values fill a table (O(n^3) for n intervals)",
};

/// Arc Kayles on a path is Dawson's Kayles.
pub const ARC_PATHS: Basis = Basis::Rule {
    word: "octal",
    name: "Arc Kayles on a path of n vertices (Cram on a 1 x n strip) is Dawson's Kayles, \
           octal 0.07, at heap n (a cycle of n moves to a path of n - 2; Winning Ways, ch. 4)",
};

/// Complete graphs and single vertices.
const COMPLETE: Basis = Basis::Rule {
    word: "complete",
    name: "every move on a complete graph K_n takes all of it (Node Kayles) or leaves \
           K_(n-2) (Arc Kayles)",
};

/// What a connected graph is, for the reductions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Path,
    Cycle,
    Complete,
    Other,
}

/// The shape of a connected graph of `k` vertices, `edges` edges and
/// largest degree `max_degree` (a path first: K_1 and K_2 are paths, K_3
/// a cycle).
fn shape(k: u64, edges: u64, max_degree: u64) -> Shape {
    if max_degree <= 2 && edges + 1 == k {
        Shape::Path
    } else if max_degree == 2 && edges == k && k >= 3 {
        Shape::Cycle
    } else if k > 0 && edges == k * (k - 1) / 2 {
        Shape::Complete
    } else {
        Shape::Other
    }
}

/// The vertices of the path `comp` of `part` in order from one end.
fn path_order(part: &Part, comp: &[u32]) -> Vec<u32> {
    let Some(&start) = comp
        .iter()
        .find(|&&v| part.live_neighbours(v).nth(1).is_none())
    else {
        return comp.to_vec();
    };
    let mut order = Vec::with_capacity(comp.len());
    let (mut prev, mut cur) = (None, Some(start));
    while let Some(v) = cur {
        order.push(v);
        let next = part.live_neighbours(v).find(|&w| Some(w) != prev);
        prev = Some(v);
        cur = next;
    }
    order
}

/// The mask of vertices `0..k`.
fn mask_of(k: usize) -> u128 {
    if k >= 128 {
        u128::MAX
    } else {
        (1u128 << k) - 1
    }
}

/// The vertices of a mask, increasing.
fn bits(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let b = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(b)
    })
}

/// The connected component of the lowest vertex of `mask`.
fn flood(rows: &[u128], mask: u128) -> u128 {
    let mut comp = mask & mask.wrapping_neg();
    let mut frontier = comp;
    while frontier != 0 {
        let mut next = 0;
        for v in bits(frontier) {
            next |= rows[v];
        }
        next &= mask & !comp;
        comp |= next;
        frontier = next;
    }
    comp
}

/// A canonical key of the subgraph of `rows` on `verts` (= the bits of
/// `comp`) and its adjacency rows in that order: colour refinement, then
/// individualisation within [`LEAVES`] orderings, the least encoding kept.
/// Any ordering encodes the graph exactly, so the key is sound even when
/// the budget cuts the search for the least one.
fn canonical(rows: &[u128], verts: &[usize], comp: u128) -> (Box<[u64]>, Vec<u128>) {
    let k = verts.len();
    let mut pos = [0usize; 128];
    for (i, &v) in verts.iter().enumerate() {
        pos[v] = i;
    }
    let local: Vec<u128> = verts
        .iter()
        .map(|&v| bits(rows[v] & comp).fold(0u128, |r, w| r | 1u128 << pos[w]))
        .collect();
    let colors: Vec<u32> = local.iter().map(|r| r.count_ones()).collect();
    let colors = refine(&local, colors);
    let mut best: Option<(Box<[u64]>, Vec<usize>)> = None;
    let mut budget = LEAVES;
    search_leaves(&local, colors, &mut budget, &mut best);
    let order = best.map(|(_, o)| o).unwrap_or_else(|| (0..k).collect());
    let mut inverse = vec![0usize; k];
    for (new, &old) in order.iter().enumerate() {
        inverse[old] = new;
    }
    let canon: Vec<u128> = order
        .iter()
        .map(|&old| bits(local[old]).fold(0u128, |r, w| r | 1u128 << inverse[w]))
        .collect();
    (encode(&canon), canon)
}

/// Explores the orderings below a partition `colors`, keeping the least
/// encoding in `best`.
fn search_leaves(
    local: &[u128],
    colors: Vec<u32>,
    budget: &mut usize,
    best: &mut Option<(Box<[u64]>, Vec<usize>)>,
) {
    let k = local.len();
    // The smallest class of two or more vertices (least colour on ties).
    let mut count: HashMap<u32, usize> = HashMap::default();
    for &c in &colors {
        *count.entry(c).or_default() += 1;
    }
    let tied = count
        .iter()
        .filter(|(_, &n)| n > 1)
        .min_by_key(|(&c, &n)| (n, c))
        .map(|(&c, _)| c);
    let Some(class) = tied else {
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by_key(|&v| colors[v]);
        let mut inverse = vec![0usize; k];
        for (new, &old) in order.iter().enumerate() {
            inverse[old] = new;
        }
        let canon: Vec<u128> = order
            .iter()
            .map(|&old| bits(local[old]).fold(0u128, |r, w| r | 1u128 << inverse[w]))
            .collect();
        let key = encode(&canon);
        *budget = budget.saturating_sub(1);
        if best.as_ref().is_none_or(|(b, _)| key < *b) {
            *best = Some((key, order));
        }
        return;
    };
    let members: Vec<usize> = (0..k).filter(|&v| colors[v] == class).collect();
    for (i, &v) in members.iter().enumerate() {
        if i > 0 && *budget == 0 {
            break;
        }
        let split: Vec<u32> = colors
            .iter()
            .enumerate()
            .map(|(w, &c)| 2 * c + u32::from(w != v))
            .collect();
        search_leaves(local, refine(local, split), budget, best);
    }
}

/// Colour refinement: each vertex's colour becomes the rank of (its
/// colour, the sorted colours of its neighbours), until the number of
/// colours stops growing. Ranks depend only on those signatures, so
/// isomorphic graphs get the same colours.
fn refine(local: &[u128], mut colors: Vec<u32>) -> Vec<u32> {
    let k = local.len();
    let mut classes = distinct(&colors);
    loop {
        let mut sigs: Vec<(u32, Vec<u32>, usize)> = (0..k)
            .map(|v| {
                let mut n: Vec<u32> = bits(local[v]).map(|w| colors[w]).collect();
                n.sort_unstable();
                (colors[v], n, v)
            })
            .collect();
        sigs.sort_unstable();
        let mut next = vec![0u32; k];
        let mut rank = 0u32;
        for i in 0..k {
            if i > 0 && (sigs[i].0 != sigs[i - 1].0 || sigs[i].1 != sigs[i - 1].1) {
                rank += 1;
            }
            next[sigs[i].2] = rank;
        }
        colors = next;
        let now = rank as usize + usize::from(k > 0);
        if now == classes {
            return colors;
        }
        classes = now;
    }
}

fn distinct(colors: &[u32]) -> usize {
    let mut c = colors.to_vec();
    c.sort_unstable();
    c.dedup();
    c.len()
}

/// The number of vertices, then the lower triangle of the adjacency
/// matrix, row by row, in 64-bit words.
fn encode(canon: &[u128]) -> Box<[u64]> {
    let k = canon.len();
    let mut out = vec![k as u64];
    let (mut word, mut used) = (0u64, 0u32);
    for (i, &row) in canon.iter().enumerate() {
        for j in 0..i {
            word |= ((row >> j & 1) as u64) << used;
            used += 1;
            if used == 64 {
                out.push(word);
                word = 0;
                used = 0;
            }
        }
    }
    if used > 0 {
        out.push(word);
    }
    out.into_boxed_slice()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows_of(k: usize, edges: &[(usize, usize)]) -> Vec<u128> {
        let mut rows = vec![0u128; k];
        for &(u, v) in edges {
            rows[u] |= 1 << v;
            rows[v] |= 1 << u;
        }
        rows
    }

    #[test]
    fn relabelled_graphs_get_one_key() {
        // A path with a pendant (a "chair") written two ways.
        let a = rows_of(5, &[(0, 1), (1, 2), (2, 3), (1, 4)]);
        let b = rows_of(5, &[(4, 3), (3, 2), (2, 1), (3, 0)]);
        let all: Vec<usize> = (0..5).collect();
        assert_eq!(canonical(&a, &all, 31).0, canonical(&b, &all, 31).0);
        let c = rows_of(5, &[(0, 1), (1, 2), (2, 3), (3, 4)]);
        assert_ne!(canonical(&a, &all, 31).0, canonical(&c, &all, 31).0);
    }
}
