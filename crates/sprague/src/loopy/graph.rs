//! The two analyses of a finite game graph with cycles, each linear or
//! nearly so in the size of the graph: retrograde analysis (outcome and
//! remoteness of every node) and the generalized Sprague-Grundy function
//! (Smith 1966; Fraenkel & Yesha 1986).
//!
//! The graph is given in compressed form: the followers of node `u` are
//! `targets[offsets[u]..offsets[u + 1]]`, without repeats (a repeated edge
//! would be counted twice by both analyses).

use crate::Outcome;

/// The label of a node whose generalized Sprague-Grundy value is infinite.
pub const INFINITE: u32 = u32::MAX;

/// A node not yet labelled by [`generalized_values`].
const UNLABELLED: u32 = u32::MAX - 1;

/// A finite directed graph in compressed form, with its reversed edges:
/// the board of a game with cycles, nodes numbered `0..n`.
///
/// ```
/// use sprague::loopy::GameGraph;
/// // a → b, b → a, b → c: c is terminal.
/// let g = GameGraph::from_edges(3, &[(0, 1), (1, 0), (1, 2)]);
/// assert_eq!(g.followers(1), &[0, 2]);
/// ```
#[derive(Clone, Debug)]
pub struct GameGraph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
    pred_offsets: Vec<u32>,
    preds: Vec<u32>,
}

impl GameGraph {
    /// The graph of `n` nodes and the given edges `(u, v)`, `u → v`
    /// (repeats are dropped). Every node index must be below `n`, and `n`
    /// and the number of edges below 2^32 - 2. Time O(n + E log E).
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> GameGraph {
        let mut edges = edges.to_vec();
        edges.sort_unstable();
        edges.dedup();
        let mut offsets = vec![0u32; n + 1];
        for &(u, _) in &edges {
            offsets[u as usize + 1] += 1;
        }
        for u in 0..n {
            offsets[u + 1] += offsets[u];
        }
        let targets = edges.iter().map(|&(_, v)| v).collect();
        GameGraph::from_csr(offsets, targets)
    }

    /// The graph whose node `u` has the followers
    /// `targets[offsets[u]..offsets[u + 1]]`, which must hold no repeats.
    /// Builds the reversed edges in O(n + E).
    pub fn from_csr(offsets: Vec<u32>, targets: Vec<u32>) -> GameGraph {
        let n = offsets.len().saturating_sub(1);
        let mut pred_offsets = vec![0u32; n + 1];
        for &v in &targets {
            pred_offsets[v as usize + 1] += 1;
        }
        for u in 0..n {
            pred_offsets[u + 1] += pred_offsets[u];
        }
        let mut fill = pred_offsets.clone();
        let mut preds = vec![0u32; targets.len()];
        for u in 0..n {
            for &v in &targets[offsets[u] as usize..offsets[u + 1] as usize] {
                preds[fill[v as usize] as usize] = u as u32;
                fill[v as usize] += 1;
            }
        }
        GameGraph {
            offsets,
            targets,
            pred_offsets,
            preds,
        }
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Whether the graph has no node.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The followers (options) of node `u`.
    pub fn followers(&self, u: u32) -> &[u32] {
        let u = u as usize;
        &self.targets[self.offsets[u] as usize..self.offsets[u + 1] as usize]
    }

    /// The nodes with an edge to `u`.
    pub fn predecessors(&self, u: u32) -> &[u32] {
        let u = u as usize;
        &self.preds[self.pred_offsets[u] as usize..self.pred_offsets[u + 1] as usize]
    }

    /// The outcome (P, N or D) and, for P and N, the remoteness of every
    /// node under normal play, by retrograde analysis: a node without
    /// followers is P at remoteness 0; a node with a P follower is N, one
    /// more than the least remoteness of its P followers; a node all of
    /// whose followers are N is P, one more than the greatest remoteness of
    /// its followers; every other node is a draw (D), remoteness `None`
    /// (Smith 1966; Winning Ways, ch. 9 for remoteness). Nodes are settled
    /// in order of remoteness (a queue), so the first P follower found is
    /// the nearest and the last N follower the farthest.
    ///
    /// Time and memory O(n + E).
    pub fn retrograde(&self) -> Vec<(Outcome, Option<u32>)> {
        let n = self.len();
        const UNKNOWN: u8 = 0;
        const P: u8 = 1;
        const N: u8 = 2;
        let mut class = vec![UNKNOWN; n];
        let mut remote = vec![0u32; n];
        let mut left: Vec<u32> = (0..n)
            .map(|u| self.offsets[u + 1] - self.offsets[u])
            .collect();
        let mut queue: std::collections::VecDeque<u32> =
            (0..n as u32).filter(|&u| left[u as usize] == 0).collect();
        for &u in &queue {
            class[u as usize] = P;
        }
        while let Some(u) = queue.pop_front() {
            let r = remote[u as usize] + 1;
            let is_p = class[u as usize] == P;
            for &p in self.predecessors(u) {
                let p = p as usize;
                if class[p] != UNKNOWN {
                    continue;
                }
                if is_p {
                    class[p] = N;
                    remote[p] = r;
                    queue.push_back(p as u32);
                } else {
                    left[p] -= 1;
                    if left[p] == 0 {
                        class[p] = P;
                        remote[p] = r;
                        queue.push_back(p as u32);
                    }
                }
            }
        }
        class
            .iter()
            .zip(remote)
            .map(|(&c, r)| match c {
                P => (Outcome::P, Some(r)),
                N => (Outcome::N, Some(r)),
                _ => (Outcome::D, None),
            })
            .collect()
    }

    /// The generalized Sprague-Grundy function γ of every node: a number,
    /// or [`INFINITE`] (the set of finite values of its followers is then
    /// the `K` of ∞(K), read from the graph).
    ///
    /// The labelling algorithm of Fraenkel & Yesha (1986) after Smith
    /// (1966): for i = 0, 1, 2, ... label i every unlabelled node with no
    /// follower labelled i all of whose unlabelled or infinite followers
    /// have a follower labelled i, repeating while one is found; then label
    /// ∞ every unlabelled node with no follower labelled i. Each round is
    /// run as a retrograde analysis (a node labelled i makes its
    /// predecessors "answered"; a node whose unlabelled or infinite
    /// followers are all answered is labelled i), touching only the nodes
    /// next to those labelled i: a node is visited once per distinct finite
    /// value among its followers, so the time is O(n + E·d) with d the
    /// number of distinct values a node's followers take (E for a graph
    /// without cycles), and the memory O(n + E).
    pub fn generalized_values(&self) -> Vec<u32> {
        let n = self.len();
        let mut label = vec![UNLABELLED; n];
        // Followers not yet labelled with a number.
        let mut open: Vec<u32> = (0..n)
            .map(|u| self.offsets[u + 1] - self.offsets[u])
            .collect();
        // The round in which a node was last found to have a follower
        // labelled with that round's number, and the count of its open
        // followers not yet so found, valid in the round of `wait_round`.
        let mut answered = vec![UNLABELLED; n];
        let mut wait = vec![0u32; n];
        let mut wait_round = vec![UNLABELLED; n];
        let mut unlabelled: Vec<u32> = (0..n as u32).collect();
        let mut ready: Vec<u32> = (0..n as u32).filter(|&u| open[u as usize] == 0).collect();
        let mut round: u32 = 0;
        let mut queue = Vec::new();
        while !unlabelled.is_empty() {
            let i = round;
            let mut next_ready = Vec::new();
            queue.clear();
            // Nodes whose followers all have numbers below i (each of
            // 0..i among them) are labelled i now.
            queue.append(&mut ready);
            while let Some(u) = queue.pop() {
                label[u as usize] = i;
                for &p in self.predecessors(u) {
                    let pi = p as usize;
                    if label[pi] != UNLABELLED && label[pi] != INFINITE {
                        continue;
                    }
                    open[pi] -= 1;
                    if open[pi] == 0 && label[pi] == UNLABELLED {
                        next_ready.push(p);
                    }
                    if answered[pi] == i {
                        continue;
                    }
                    answered[pi] = i;
                    for &q in self.predecessors(p) {
                        let qi = q as usize;
                        if label[qi] != UNLABELLED {
                            continue;
                        }
                        if wait_round[qi] != i {
                            wait_round[qi] = i;
                            wait[qi] = open[qi];
                        }
                        wait[qi] -= 1;
                        if wait[qi] == 0 && answered[qi] != i {
                            queue.push(q);
                        }
                    }
                }
            }
            // An unlabelled node with no follower labelled i is infinite.
            unlabelled.retain(|&u| {
                let u = u as usize;
                if label[u] != UNLABELLED {
                    return false;
                }
                if answered[u] != i {
                    label[u] = INFINITE;
                    return false;
                }
                true
            });
            ready = next_ready;
            round += 1;
        }
        label
    }

    /// The sorted set of finite values among the followers of `u`: the `K`
    /// of an infinite value ∞(K).
    pub fn reachable_values(&self, labels: &[u32], u: u32) -> Vec<u64> {
        let mut k: Vec<u64> = self
            .followers(u)
            .iter()
            .map(|&v| labels[v as usize])
            .filter(|&g| g != INFINITE)
            .map(u64::from)
            .collect();
        k.sort_unstable();
        k.dedup();
        k
    }
}
