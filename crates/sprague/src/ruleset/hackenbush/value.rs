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

use super::picture::{Adjacency, Picture};

const NONE: u32 = u32::MAX;

/// The picture reduced by the fusion principle, from the ground: the
/// 2-edge-connected parts (the parts that stay connected whatever single
/// edge is cut) of what reaches the ground, the tree of bridges between
/// them, each part's loops once fused, and the values by the colon
/// principle. Vertices and edges that do not reach the ground (with edge
/// `skip` cut) have no part. The buffers are kept between uses, so that
/// valuing many cuts of one picture allocates nothing.
#[derive(Default)]
pub(crate) struct Fused {
    /// The part of each vertex (`NONE` when it does not reach the ground).
    pub part: Vec<u32>,
    /// For each edge: whether it is a bridge.
    pub bridge: Vec<bool>,
    /// For each part: its parent part and the bridge to it (`NONE` for the
    /// ground's part).
    pub up: Vec<(u32, u32)>,
    /// For each part: the number of its own edges (loops once fused).
    pub loops: Vec<u64>,
    /// For each part: the value of the tree above it (itself included).
    pub value: Vec<u64>,
    /// The parts in an order where every part comes after its parent.
    pub order: Vec<u32>,
    /// Preorder numbers and low links of the bridge search.
    number: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<(u32, u32, u32)>,
    queue: Vec<u32>,
}

impl Fused {
    /// Fuses `picture` (all of whose edges reach the ground).
    pub fn new(picture: &Picture) -> Fused {
        let mut fused = Fused::default();
        fused.run(picture, &Adjacency::new(picture), None);
        fused
    }

    /// Fuses `picture` with edge `skip` cut, reusing the buffers.
    pub fn run(&mut self, picture: &Picture, adjacency: &Adjacency, skip: Option<usize>) {
        let n = picture.vertices as usize;
        if skip.is_none() && picture.edges.len() + 1 == n {
            // A connected graph with one edge fewer than vertices is a
            // tree: every edge is a bridge and every vertex its own part.
            self.tree(picture, adjacency, n);
            return;
        }
        let skip = skip.map_or(NONE, |e| e as u32);
        self.bridges(picture, adjacency, skip, n);
        // Parts: connected by edges that are not bridges, from reached
        // vertices only.
        self.part.clear();
        self.part.resize(n, NONE);
        let mut parts = 0u32;
        for s in 0..n as u32 {
            if self.number[s as usize] == NONE || self.part[s as usize] != NONE {
                continue;
            }
            self.part[s as usize] = parts;
            self.queue.clear();
            self.queue.push(s);
            while let Some(u) = self.queue.pop() {
                for &(v, e) in adjacency.at(u) {
                    if e != skip && !self.bridge[e as usize] && self.part[v as usize] == NONE {
                        self.part[v as usize] = parts;
                        self.queue.push(v);
                    }
                }
            }
            parts += 1;
        }
        let p = parts as usize;
        self.loops.clear();
        self.loops.resize(p, 0);
        for (i, &(u, _)) in picture.edges.iter().enumerate() {
            let a = self.part[u as usize];
            if i as u32 != skip && a != NONE && !self.bridge[i] {
                self.loops[a as usize] += 1;
            }
        }
        // The tree of parts from the ground's, breadth first.
        self.up.clear();
        self.up.resize(p, (NONE, NONE));
        let ground = self.part[0];
        self.order.clear();
        self.order.push(ground);
        let mut seen = std::mem::take(&mut self.queue);
        seen.clear();
        seen.resize(p, 0);
        seen[ground as usize] = 1;
        // Bridges from each part, in one array by part.
        let mut offsets = vec![0u32; p + 1];
        for (i, &(u, v)) in picture.edges.iter().enumerate() {
            if self.bridge[i] && i as u32 != skip {
                offsets[self.part[u as usize] as usize + 1] += 1;
                offsets[self.part[v as usize] as usize + 1] += 1;
            }
        }
        for c in 0..p {
            offsets[c + 1] += offsets[c];
        }
        let mut fill = offsets.clone();
        let mut across = vec![(0u32, 0u32); offsets[p] as usize];
        for (i, &(u, v)) in picture.edges.iter().enumerate() {
            if self.bridge[i] && i as u32 != skip {
                let (a, b) = (self.part[u as usize], self.part[v as usize]);
                across[fill[a as usize] as usize] = (b, i as u32);
                fill[a as usize] += 1;
                across[fill[b as usize] as usize] = (a, i as u32);
                fill[b as usize] += 1;
            }
        }
        let mut at = 0;
        while at < self.order.len() {
            let c = self.order[at];
            at += 1;
            for &(d, e) in &across[offsets[c as usize] as usize..offsets[c as usize + 1] as usize] {
                if seen[d as usize] == 0 {
                    seen[d as usize] = 1;
                    self.up[d as usize] = (c, e);
                    self.order.push(d);
                }
            }
        }
        self.queue = seen;
        // The colon principle, from the leaves down.
        self.value.clear();
        self.value.extend(self.loops.iter().map(|&l| l & 1));
        for &d in self.order.iter().rev() {
            let (c, _) = self.up[d as usize];
            if c != NONE {
                self.value[c as usize] ^= self.value[d as usize] + 1;
            }
        }
    }

    /// The fusion of a tree (all of whose edges reach the ground): one
    /// breadth-first walk from the ground gives the order and the parents,
    /// then the colon principle.
    fn tree(&mut self, picture: &Picture, adjacency: &Adjacency, n: usize) {
        self.bridge.clear();
        self.bridge.resize(picture.edges.len(), true);
        self.part.clear();
        self.part.extend(0..n as u32);
        self.loops.clear();
        self.loops.resize(n, 0);
        self.up.clear();
        self.up.resize(n, (NONE, NONE));
        self.order.clear();
        self.order.push(0);
        let mut at = 0;
        while at < self.order.len() {
            let c = self.order[at];
            at += 1;
            let via = self.up[c as usize].1;
            for &(d, e) in adjacency.at(c) {
                if e != via {
                    self.up[d as usize] = (c, e);
                    self.order.push(d);
                }
            }
        }
        self.value.clear();
        self.value.resize(n, 0);
        for &d in self.order.iter().rev() {
            let (c, _) = self.up[d as usize];
            if c != NONE {
                self.value[c as usize] ^= self.value[d as usize] + 1;
            }
        }
    }

    /// Marks the bridges among the edges reached from the ground (without
    /// `skip`), by Tarjan's low-link numbers, iteratively; unreached
    /// vertices keep the number `NONE`.
    fn bridges(&mut self, picture: &Picture, adjacency: &Adjacency, skip: u32, n: usize) {
        self.bridge.clear();
        self.bridge.resize(picture.edges.len(), false);
        self.number.clear();
        self.number.resize(n, NONE);
        self.low.clear();
        self.low.resize(n, 0);
        let mut count = 0u32;
        self.number[0] = 0;
        count += 1;
        self.stack.clear();
        // (vertex, the edge it was reached by, next adjacency index)
        self.stack.push((0, NONE, 0));
        while let Some(&mut (u, via, ref mut next)) = self.stack.last_mut() {
            if let Some(&(v, e)) = adjacency.at(u).get(*next as usize) {
                *next += 1;
                if e == via || e == skip {
                    continue;
                }
                if self.number[v as usize] == NONE {
                    self.number[v as usize] = count;
                    self.low[v as usize] = count;
                    count += 1;
                    self.stack.push((v, e, 0));
                } else {
                    self.low[u as usize] = self.low[u as usize].min(self.number[v as usize]);
                }
            } else {
                self.stack.pop();
                if let Some(&(p, _, _)) = self.stack.last() {
                    self.low[p as usize] = self.low[p as usize].min(self.low[u as usize]);
                    if self.low[u as usize] > self.number[p as usize] {
                        self.bridge[via as usize] = true;
                    }
                }
            }
        }
    }

    /// The children of every part in the tree of parts, with the bridge
    /// to each: `(offsets, items)`, part c's children being
    /// `items[offsets[c]..offsets[c + 1]]`.
    pub fn children(&self) -> (Vec<u32>, Vec<(u32, usize)>) {
        let p = self.value.len();
        let mut offsets = vec![0u32; p + 1];
        for &d in &self.order {
            let (c, _) = self.up[d as usize];
            if c != NONE {
                offsets[c as usize + 1] += 1;
            }
        }
        for c in 0..p {
            offsets[c + 1] += offsets[c];
        }
        let mut fill = offsets.clone();
        let mut items = vec![(0u32, 0usize); offsets[p] as usize];
        for &d in &self.order {
            let (c, e) = self.up[d as usize];
            if c != NONE {
                items[fill[c as usize] as usize] = (d, e as usize);
                fill[c as usize] += 1;
            }
        }
        (offsets, items)
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
///
/// # Errors
/// `Err(())` when the revaluations would pass `budget` edge-steps.
pub(crate) fn cuts_to(picture: &Picture, target: u64, budget: u64) -> Result<Vec<usize>, ()> {
    let mut found = Vec::new();
    if picture.edges.is_empty() {
        return Ok(found);
    }
    let mut spent = 0u64;
    let adjacency = Adjacency::new(picture);
    let mut fused = Fused::default();
    fused.run(picture, &adjacency, None);
    let (offsets, children) = fused.children();
    let p = fused.value.len();
    let mut want: Vec<Option<u64>> = vec![None; p];
    want[fused.part[0] as usize] = Some(target);
    // Each part's own edges (fused into loops), in one array by part.
    let mut part_offsets = vec![0u32; p + 1];
    for (i, &(u, _)) in picture.edges.iter().enumerate() {
        if !fused.bridge[i] {
            part_offsets[fused.part[u as usize] as usize + 1] += 1;
        }
    }
    for c in 0..p {
        part_offsets[c + 1] += part_offsets[c];
    }
    let mut fill = part_offsets.clone();
    let mut own = vec![0usize; part_offsets[p] as usize];
    for (i, &(u, _)) in picture.edges.iter().enumerate() {
        if !fused.bridge[i] {
            let c = fused.part[u as usize] as usize;
            own[fill[c] as usize] = i;
            fill[c] += 1;
        }
    }
    let mut work = Fused::default();
    for &c in &fused.order {
        let Some(t) = want[c as usize] else { continue };
        let g = fused.value[c as usize];
        if g == t {
            continue;
        }
        let delta = g ^ t;
        let c = c as usize;
        for &(d, e) in &children[offsets[c] as usize..offsets[c + 1] as usize] {
            let branch = fused.value[d as usize] + 1;
            if branch == delta {
                found.push(e);
            } else if branch ^ delta >= 1 {
                want[d as usize] = Some((branch ^ delta) - 1);
            }
        }
        for &e in &own[part_offsets[c] as usize..part_offsets[c + 1] as usize] {
            let (u, v) = picture.edges[e];
            let works = if u == v {
                delta == 1
            } else {
                // A cut inside a cycle: value the picture after it.
                spent = spent.saturating_add(picture.edges.len() as u64);
                if spent > budget {
                    return Err(());
                }
                work.run(picture, &adjacency, Some(e));
                work.total() == target
            };
            if works {
                found.push(e);
            }
        }
    }
    found.sort_unstable();
    Ok(found)
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
    let (offsets, children) = fused.children();
    let terms: Vec<String> = children[offsets[ground] as usize..offsets[ground + 1] as usize]
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
