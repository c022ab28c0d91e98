//! Maximum matchings of bipartite parts and the vertices some maximum
//! matching misses, in near-linear time: what Geography's theorem needs
//! on trees, grids, boards and every other graph without an odd cycle.
//!
//! - [`Local`] renumbers the connected part of a token (0..n, adjacency
//!   in one array) and 2-colours it, or finds an odd cycle.
//! - [`hopcroft_karp`] finds a maximum matching of a bipartite part in
//!   O(E·√V) (Hopcroft & Karp, "An n^{5/2} algorithm for maximum
//!   matchings in bipartite graphs", SIAM J. Comput. 2, 1973).
//! - [`missed`] marks the vertices some maximum matching misses (the set
//!   D of the Gallai–Edmonds decomposition): given a maximum matching,
//!   they are the vertices an alternating path of even length joins to a
//!   vertex it leaves free. In a bipartite graph no blossom can form, so
//!   one breadth-first search over the alternating paths from every free
//!   vertex at once finds them all, in O(V + E) (Lovász & Plummer,
//!   Matching Theory, 1986, ch. 3).
//!
//! Graphs with an odd cycle are left to the caller (Edmonds' blossoms).

use super::super::undirected::{Bits, Part};

/// No vertex: a vertex the matching leaves free.
pub(super) const FREE: u32 = u32::MAX;

/// The connected part of a token's vertex, renumbered: vertex `i` here is
/// `verts[i]` of the graph, and vertex 0 is the token's.
pub(super) struct Local {
    /// The graph's vertex of each local vertex.
    pub verts: Vec<u32>,
    /// Neighbours of local vertex `i`: `adj[start[i]..start[i + 1]]`.
    start: Vec<u32>,
    adj: Vec<u32>,
    /// The side of each vertex, if the part is bipartite.
    pub side: Option<Vec<bool>>,
}

impl Local {
    /// The part of the alive vertices of `part` reachable from `v` (`v`
    /// first), in time linear in what is reached (and one array of the
    /// graph's size).
    pub fn of(part: &Part, alive: &Bits, v: u32) -> Local {
        let mut index = vec![FREE; part.graph.len()];
        index[v as usize] = 0;
        let mut verts = vec![v];
        let mut start = vec![0u32];
        let mut adj = Vec::new();
        let mut i = 0;
        while i < verts.len() {
            let u = verts[i];
            i += 1;
            for &w in part.graph.neighbours(u) {
                if !alive.has(w) {
                    continue;
                }
                if index[w as usize] == FREE {
                    index[w as usize] = verts.len() as u32;
                    verts.push(w);
                }
                adj.push(index[w as usize]);
            }
            start.push(adj.len() as u32);
        }
        let mut local = Local {
            verts,
            start,
            adj,
            side: None,
        };
        local.side = local.colour();
        local
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.verts.len()
    }

    /// The neighbours of local vertex `i`.
    pub fn neighbours(&self, i: u32) -> &[u32] {
        &self.adj[self.start[i as usize] as usize..self.start[i as usize + 1] as usize]
    }

    /// A 2-colouring by breadth-first search (the part is connected), or
    /// `None` at an edge inside one colour (an odd cycle).
    fn colour(&self) -> Option<Vec<bool>> {
        let mut side = vec![false; self.len()];
        let mut seen = vec![false; self.len()];
        seen[0] = true;
        let mut queue = vec![0u32];
        let mut i = 0;
        while i < queue.len() {
            let u = queue[i];
            i += 1;
            for &w in self.neighbours(u) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    side[w as usize] = !side[u as usize];
                    queue.push(w);
                } else if side[w as usize] == side[u as usize] {
                    return None;
                }
            }
        }
        Some(side)
    }
}

/// A maximum matching of the bipartite `g` (`side` its colouring), as the
/// mate of each vertex ([`FREE`] if none), leaving out vertex `skip`.
/// Greedy first, then Hopcroft and Karp's phases: a breadth-first search
/// from every free vertex of one side builds the layers of shortest
/// augmenting paths, and a depth-first search (iterative, so a path of
/// 10^6 vertices needs no deep stack) augments along disjoint ones.
/// O(E·√V) time, O(V) memory besides the graph.
pub(super) fn hopcroft_karp(g: &Local, side: &[bool], skip: Option<u32>) -> Vec<u32> {
    let n = g.len();
    let mut mate = vec![FREE; n];
    let skipped = |v: u32| Some(v) == skip;
    for u in 0..n as u32 {
        if side[u as usize] || skipped(u) || mate[u as usize] != FREE {
            continue;
        }
        if let Some(&w) = g
            .neighbours(u)
            .iter()
            .find(|&&w| mate[w as usize] == FREE && !skipped(w))
        {
            mate[u as usize] = w;
            mate[w as usize] = u;
        }
    }
    const INF: u32 = u32::MAX;
    let mut dist = vec![INF; n];
    let mut queue = Vec::with_capacity(n);
    let mut next = vec![0u32; n];
    let mut stack: Vec<u32> = Vec::new();
    loop {
        // Layers from the free vertices of the left side (`side` false).
        queue.clear();
        for u in 0..n as u32 {
            dist[u as usize] = INF;
            if !side[u as usize] && !skipped(u) && mate[u as usize] == FREE {
                dist[u as usize] = 0;
                queue.push(u);
            }
        }
        let mut found = false;
        let mut i = 0;
        while i < queue.len() {
            let u = queue[i];
            i += 1;
            for &w in g.neighbours(u) {
                if skipped(w) {
                    continue;
                }
                let m = mate[w as usize];
                if m == FREE {
                    found = true;
                } else if dist[m as usize] == INF {
                    dist[m as usize] = dist[u as usize] + 1;
                    queue.push(m);
                }
            }
        }
        if !found {
            return mate;
        }
        // Augment along vertex-disjoint shortest paths.
        for (i, s) in next.iter_mut().enumerate() {
            *s = g.start[i];
        }
        for root in 0..n as u32 {
            if side[root as usize]
                || skipped(root)
                || mate[root as usize] != FREE
                || dist[root as usize] != 0
            {
                continue;
            }
            stack.clear();
            stack.push(root);
            while let Some(&u) = stack.last() {
                let end = g.start[u as usize + 1];
                let mut advanced = false;
                while next[u as usize] < end {
                    let w = g.adj[next[u as usize] as usize];
                    next[u as usize] += 1;
                    if skipped(w) {
                        continue;
                    }
                    let m = mate[w as usize];
                    if m == FREE {
                        // An augmenting path: the stack, then w.
                        let mut right = w;
                        for &left in stack.iter().rev() {
                            let old = mate[left as usize];
                            mate[left as usize] = right;
                            mate[right as usize] = left;
                            right = old;
                        }
                        stack.clear();
                        advanced = true;
                        break;
                    }
                    if dist[m as usize] == dist[u as usize] + 1 {
                        stack.push(m);
                        advanced = true;
                        break;
                    }
                }
                if !advanced {
                    // A dead end for this phase.
                    dist[u as usize] = INF;
                    stack.pop();
                }
            }
        }
    }
}

/// The vertices some maximum matching misses, given a maximum matching
/// `mate` of the bipartite `g` (vertex `skip` left out): every vertex an
/// even alternating path joins to a free vertex, the free ones included.
/// O(V + E).
pub(super) fn missed(g: &Local, mate: &[u32], skip: Option<u32>) -> Vec<bool> {
    let n = g.len();
    let mut even = vec![false; n];
    let mut queue = Vec::new();
    for v in 0..n as u32 {
        if Some(v) != skip && mate[v as usize] == FREE {
            even[v as usize] = true;
            queue.push(v);
        }
    }
    let mut i = 0;
    while i < queue.len() {
        let x = queue[i];
        i += 1;
        for &y in g.neighbours(x) {
            if Some(y) == skip || y == mate[x as usize] {
                continue;
            }
            // y is reached by an edge out of the matching; its mate by one
            // in it (a free y would make an augmenting path: none, as the
            // matching is maximum).
            let m = mate[y as usize];
            if m != FREE && !even[m as usize] {
                even[m as usize] = true;
                queue.push(m);
            }
        }
    }
    even
}

/// Geography's answer for a token on the bipartite part `g` (the token on
/// local vertex 0): `None` when the player to move loses (some maximum
/// matching misses the token's vertex), else the local vertices of the
/// winning moves (the neighbours some maximum matching of the part less
/// the token's vertex misses). Two searches over the alternating paths
/// and one maximum matching: O(E·√V).
pub(super) fn bipartite_answer(g: &Local, side: &[bool]) -> Option<Vec<u32>> {
    let mut mate = hopcroft_karp(g, side, None);
    if missed(g, &mate, None)[0] {
        return None;
    }
    // The token's vertex is in every maximum matching, so the matching
    // less its edge is a maximum matching of the part less the vertex.
    let m = mate[0];
    mate[0] = FREE;
    mate[m as usize] = FREE;
    let after = missed(g, &mate, Some(0));
    Some(
        g.neighbours(0)
            .iter()
            .copied()
            .filter(|&u| after[u as usize])
            .collect(),
    )
}
