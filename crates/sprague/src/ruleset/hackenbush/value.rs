//! The value of a Green Hackenbush picture by the fusion and colon
//! principles (Winning Ways, ch. 7; Conway, On Numbers and Games, ch. 7),
//! and its cuts to a given value.
//!
//! The fusion principle: the vertices of a cycle may be fused into one
//! without changing the value, each edge between them becoming a loop, and
//! a loop is worth what a single edge is, 1. So every 2-edge-connected part
//! (the parts that stay connected whatever single edge is cut) fuses into
//! one vertex carrying as many loops as it has edges, and the bridges left
//! form a tree. The colon principle then values the tree from its leaves: a
//! vertex is worth the nim-sum of its loops (1 each) and of 1 + the value of
//! each branch above it; the ground's value is the picture's.
//!
//! Everything is linear in the size of the picture and iterative.

use super::picture::Picture;

/// The picture reduced by the fusion principle: the 2-edge-connected parts
/// (fused vertices), the tree of bridges between them, and each part's
/// loops.
pub(crate) struct Fused {
    /// The part of each vertex.
    pub part: Vec<u32>,
    /// For each edge: whether it is a bridge.
    pub bridge: Vec<bool>,
    /// For each part: the number of its own edges (loops once fused).
    pub loops: Vec<u64>,
    /// For each part: the value of the tree above it (itself included).
    pub value: Vec<u64>,
    /// The parts in an order where every part comes after its parent.
    pub order: Vec<u32>,
    /// The children of each part, with the bridge to each.
    pub children: Vec<Vec<(u32, usize)>>,
}

/// The bridges of a multigraph (an edge is a bridge when no cycle holds
/// it; a loop never is), by Tarjan's low-link numbers, iteratively.
fn bridges(picture: &Picture, adjacency: &[Vec<(u32, usize)>]) -> Vec<bool> {
    let n = picture.vertices as usize;
    let mut bridge = vec![false; picture.edges.len()];
    let mut order = vec![u32::MAX; n];
    let mut low = vec![0u32; n];
    let mut count = 0u32;
    for root in 0..n as u32 {
        if order[root as usize] != u32::MAX {
            continue;
        }
        order[root as usize] = count;
        low[root as usize] = count;
        count += 1;
        // (vertex, the edge it was reached by, next adjacency index)
        let mut stack: Vec<(u32, usize, usize)> = vec![(root, usize::MAX, 0)];
        while let Some(&mut (u, via, ref mut next)) = stack.last_mut() {
            if let Some(&(v, e)) = adjacency[u as usize].get(*next) {
                *next += 1;
                if e == via {
                    continue;
                }
                if order[v as usize] == u32::MAX {
                    order[v as usize] = count;
                    low[v as usize] = count;
                    count += 1;
                    stack.push((v, e, 0));
                } else {
                    low[u as usize] = low[u as usize].min(order[v as usize]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p as usize] = low[p as usize].min(low[u as usize]);
                    if low[u as usize] > order[p as usize] {
                        bridge[via] = true;
                    }
                }
            }
        }
    }
    bridge
}

/// Adjacency lists (neighbour, edge) of a picture, without edge `cut`.
fn adjacency(picture: &Picture, cut: Option<usize>) -> Vec<Vec<(u32, usize)>> {
    let mut adjacency: Vec<Vec<(u32, usize)>> = vec![Vec::new(); picture.vertices as usize];
    for (i, &(u, v)) in picture.edges.iter().enumerate() {
        if Some(i) == cut {
            continue;
        }
        adjacency[u as usize].push((v, i));
        if u != v {
            adjacency[v as usize].push((u, i));
        }
    }
    adjacency
}

impl Fused {
    /// Fuses `picture` (all of whose edges reach the ground).
    pub fn new(picture: &Picture) -> Fused {
        let adjacency = adjacency(picture, None);
        let bridge = bridges(picture, &adjacency);
        let n = picture.vertices as usize;
        // Parts: connected by edges that are not bridges.
        let mut part = vec![u32::MAX; n];
        let mut parts = 0u32;
        let mut stack = Vec::new();
        for s in 0..n as u32 {
            if part[s as usize] != u32::MAX {
                continue;
            }
            part[s as usize] = parts;
            stack.push(s);
            while let Some(u) = stack.pop() {
                for &(v, e) in &adjacency[u as usize] {
                    if !bridge[e] && part[v as usize] == u32::MAX {
                        part[v as usize] = parts;
                        stack.push(v);
                    }
                }
            }
            parts += 1;
        }
        let p = parts as usize;
        let mut loops = vec![0u64; p];
        let mut neighbours: Vec<Vec<(u32, usize)>> = vec![Vec::new(); p];
        for (i, &(u, v)) in picture.edges.iter().enumerate() {
            let (a, b) = (part[u as usize], part[v as usize]);
            if bridge[i] {
                neighbours[a as usize].push((b, i));
                neighbours[b as usize].push((a, i));
            } else {
                loops[a as usize] += 1;
            }
        }
        // The tree of parts from the ground's.
        let mut children: Vec<Vec<(u32, usize)>> = vec![Vec::new(); p];
        let mut seen = vec![false; p];
        let mut order = Vec::with_capacity(p);
        let ground = part[0];
        seen[ground as usize] = true;
        order.push(ground);
        let mut at = 0;
        while at < order.len() {
            let c = order[at];
            at += 1;
            for &(d, e) in &neighbours[c as usize] {
                if !seen[d as usize] {
                    seen[d as usize] = true;
                    children[c as usize].push((d, e));
                    order.push(d);
                }
            }
        }
        // The colon principle, from the leaves down.
        let mut value = vec![0u64; p];
        for &c in order.iter().rev() {
            let mut g = loops[c as usize] & 1;
            for &(d, _) in &children[c as usize] {
                g ^= value[d as usize] + 1;
            }
            value[c as usize] = g;
        }
        Fused {
            part,
            bridge,
            loops,
            value,
            order,
            children,
        }
    }

    /// The picture's value: that of the ground's part.
    pub fn total(&self) -> u64 {
        self.value[self.part[0] as usize]
    }
}

/// The value of a picture.
pub(crate) fn value(picture: &Picture) -> u64 {
    if picture.edges.is_empty() {
        return 0;
    }
    Fused::new(picture).total()
}

/// Every edge whose cut leaves the picture worth `target`, in increasing
/// order, passed to `f` until it returns false.
///
/// The target is pushed up the tree of parts (the colon principle in
/// reverse): a part of value g that must become t either loses a branch
/// worth exactly g ⊕ t (cutting its bridge), or has a branch of value b
/// become b' with b' + 1 = (b + 1) ⊕ g ⊕ t, or changes its own loops: a
/// loop cut (when g ⊕ t = 1) or another edge of the part, whose cut is
/// valued afresh. Each part gets at most one target, so the bridges and
/// loops cost linear time; other edges of a part cost a revaluation each.
pub(crate) fn cuts_to(picture: &Picture, target: u64) -> Vec<usize> {
    let mut found = Vec::new();
    if picture.edges.is_empty() {
        return found;
    }
    let fused = Fused::new(picture);
    let mut want: Vec<Option<u64>> = vec![None; fused.value.len()];
    let ground = fused.part[0];
    want[ground as usize] = Some(target);
    // Parts in order from the ground, each after its parent.
    let mut edges_of_part: Vec<Vec<usize>> = vec![Vec::new(); fused.value.len()];
    for (i, &(u, _)) in picture.edges.iter().enumerate() {
        if !fused.bridge[i] {
            edges_of_part[fused.part[u as usize] as usize].push(i);
        }
    }
    for &c in &fused.order {
        let Some(t) = want[c as usize] else { continue };
        let g = fused.value[c as usize];
        if g == t {
            continue;
        }
        let delta = g ^ t;
        for &(d, e) in &fused.children[c as usize] {
            let branch = fused.value[d as usize] + 1;
            if branch == delta {
                found.push(e);
            } else if branch ^ delta >= 1 {
                want[d as usize] = Some((branch ^ delta) - 1);
            }
        }
        for &e in &edges_of_part[c as usize] {
            let (u, v) = picture.edges[e];
            let works = if u == v {
                delta == 1
            } else {
                // A cut inside a cycle: value the picture after it.
                value_without(picture, e) == target
            };
            if works {
                found.push(e);
            }
        }
    }
    found.sort_unstable();
    found
}

/// The value of the picture with edge `cut` removed (and what falls with
/// it).
fn value_without(picture: &Picture, cut: usize) -> u64 {
    value(&picture.cut(cut))
}

/// The steps that reduce a picture to a stalk, in words, for `--explain`:
/// how many parts were fused and into how many loops, and the colon
/// principle at the ground.
pub(crate) fn steps(picture: &Picture) -> Vec<String> {
    if picture.edges.is_empty() {
        return vec!["nothing stands on the ground: worth 0".into()];
    }
    let fused = Fused::new(picture);
    let mut lines = Vec::new();
    let cycles: Vec<u32> = (0..fused.value.len() as u32)
        .filter(|&c| fused.loops[c as usize] > 0)
        .collect();
    let bridges = fused.bridge.iter().filter(|&&b| b).count();
    if cycles.is_empty() {
        lines.push(format!(
            "a tree of {} edges: no fusion needed",
            picture.edges.len()
        ));
    } else {
        let loops: u64 = cycles.iter().map(|&c| fused.loops[c as usize]).sum();
        let plural = |n: u64, one: &str, many: &str| {
            if n == 1 {
                format!("1 {one}")
            } else {
                format!("{n} {many}")
            }
        };
        lines.push(format!(
            "fusion: {} on cycles or loops fuse into {} at {} (a loop is worth 1, so \
             each such vertex keeps the parity of its loops); {} stay{}",
            plural(loops, "edge", "edges"),
            plural(loops, "loop", "loops"),
            plural(cycles.len() as u64, "vertex", "vertices"),
            plural(bridges as u64, "bridge", "bridges"),
            if bridges == 1 { "s" } else { "" }
        ));
    }
    let ground = fused.part[0] as usize;
    let terms: Vec<String> = fused.children[ground]
        .iter()
        .map(|&(d, _)| format!("(1 + {})", fused.value[d as usize]))
        .chain((fused.loops[ground] > 0).then(|| format!("{} loops", fused.loops[ground])))
        .collect();
    lines.push(format!(
        "colon principle: each branch is replaced by a stalk one longer than its value, \
         from the top down; at the ground {} = {}, so the picture is worth a stalk of {}",
        if terms.is_empty() {
            "nothing".to_string()
        } else {
            terms.join(" ⊕ ")
        },
        fused.total(),
        fused.total()
    ));
    lines
}
