//! Tokens on a directed acyclic graph: a move slides one token along one
//! edge `u → v`; a player who cannot move loses. Every token is a game of
//! its own, so a position is worth the nim-sum of the values of the nodes
//! its tokens stand on, and the value of a node is the mex of the values
//! one edge away: the Sprague-Grundy function of the graph (Sprague 1935,
//! Grundy 1939; Winning Ways, ch. 2; Berlekamp, Conway & Guy call the
//! tokens "counters").
//!
//! The ruleset word is `digraph:SOURCE` (SPEC section 1). SOURCE holding a
//! `>` or a `,` is a list of edges written inline, `a>b,b>c`; otherwise it names a
//! file of edges, one `u v` per line, which the caller reads (the library
//! does no I/O) and gives to [`Digraph::from_edge_list`]. The arguments of
//! a component are the names of the nodes its tokens stand on, repeats
//! allowed: `digraph:a>b,b>c a a c`.
//!
//! The values of all nodes are computed once, when the ruleset is built,
//! in O(V + E) time and memory, without recursion (Kahn's order from the
//! sinks up), so a graph of a million edges costs well under a second. A
//! graph with a cycle is refused, naming one cycle: tokens on it could move
//! forever, and the values here are those of games that end.

use rustc_hash::FxHashMap as HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;

use super::rules::{Pick, Rules, Visit};
use super::{ArgumentError, MoveKind};
use crate::error::ParseErrorKind;
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm, Place};

/// The most nodes a graph may have (node indices are `u32`).
const MAX_NODES: usize = u32::MAX as usize;

/// A directed acyclic graph with named nodes and the Sprague-Grundy value
/// of every node: the rules of `digraph:SOURCE`.
///
/// ```
/// use sprague::ruleset::digraph::Digraph;
/// // a → b → c, and a → c: G(c) = 0, G(b) = 1, G(a) = mex{1, 0} = 2.
/// let g = Digraph::from_edge_list("a b\nb c\na c\n")?;
/// assert_eq!(g.value_of("a"), Some(2));
/// assert_eq!(g.value_of("c"), Some(0));
/// // The same graph inline, in a position: tokens on a and b, 2 ⊕ 1 = 3.
/// let p: sprague::Position = "digraph:a>b,b>c,a>c a b".parse()?;
/// assert_eq!(p.grundy_value()?, 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Digraph {
    names: Vec<Box<str>>,
    index: HashMap<Box<str>, u32>,
    /// Successors of node `u`: `targets[offsets[u]..offsets[u + 1]]`.
    offsets: Vec<u32>,
    targets: Vec<u32>,
    values: Vec<u32>,
    /// The source as written (a path or inline edges), for `canonical`.
    source: Box<str>,
    /// A hash of the nodes and edges, for `canonical`: two rulesets are
    /// equal only when their graphs are (the same file read twice after
    /// it changed gives two rulesets), so that equal node numbers in
    /// positions of equal rulesets name the same nodes.
    fingerprint: u64,
}

impl fmt::Debug for Digraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Digraph({} nodes, {} edges)",
            self.names.len(),
            self.targets.len()
        )
    }
}

/// Why a graph cannot be the board of a `digraph` ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GraphError {
    /// A line or an inline item that is not an edge `u v` (`u>v` inline)
    /// or a lone node name.
    BadEdge {
        /// The line (from 1) or the item (from 1, inline).
        number: usize,
        /// The text found there (shortened).
        text: String,
        /// Whether the edges were inline (`a>b,b>c`) rather than a file.
        inline: bool,
    },
    /// The graph has no node.
    Empty,
    /// The graph has a cycle, given as the nodes along it, the first
    /// repeated at the end.
    Cycle(Vec<String>),
    /// More nodes than the ruleset can index.
    TooManyNodes,
}

/// The most nodes of a cycle a message names; a longer cycle is named by
/// its first nodes and its length, so that the message stays short (a
/// cycle through 10^5 nodes would be a message of a megabyte).
const CYCLE_NODES_SHOWN: usize = 8;

/// The most characters of a node name a message shows.
const NAME_SHOWN: usize = 40;

/// A cycle (its nodes, the first repeated at the end) as a message names
/// it: `a -> b -> c -> a`, or for a long one its first
/// [`CYCLE_NODES_SHOWN`] nodes, `...`, the first again and its length.
fn cycle_text(nodes: &[String]) -> String {
    let name = |n: &String| -> String {
        if n.chars().count() > NAME_SHOWN {
            let cut: String = n.chars().take(NAME_SHOWN).collect();
            format!("{cut}...")
        } else {
            n.clone()
        }
    };
    let len = nodes.len().saturating_sub(1);
    if len <= CYCLE_NODES_SHOWN {
        return nodes.iter().map(name).collect::<Vec<_>>().join(" -> ");
    }
    let first: Vec<String> = nodes[..CYCLE_NODES_SHOWN].iter().map(name).collect();
    format!(
        "{} -> ... -> {} (through {len} nodes)",
        first.join(" -> "),
        name(&nodes[0])
    )
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::BadEdge {
                number,
                text,
                inline: true,
            } => write!(
                f,
                "edge {number} `{text}` is not an edge u>v (edges are separated by commas)"
            ),
            GraphError::BadEdge { number, text, .. } => write!(
                f,
                "line {number} `{text}` is not an edge `u v` (two node names) or a node name"
            ),
            GraphError::Empty => f.write_str("the graph has no node"),
            GraphError::Cycle(nodes) => write!(
                f,
                "the graph has a cycle, {}: a token on it could move forever, so the game \
                 can be drawn, which is outside Sprague-Grundy theory (it needs games that \
                 end); give a graph without cycles",
                cycle_text(nodes)
            ),
            GraphError::TooManyNodes => write!(f, "the graph has more than {MAX_NODES} nodes"),
        }
    }
}

impl std::error::Error for GraphError {}

/// The edges read from a source, node names interned in order of first
/// appearance.
#[derive(Default)]
struct Builder {
    names: Vec<Box<str>>,
    index: HashMap<Box<str>, u32>,
    edges: Vec<(u32, u32)>,
}

impl Builder {
    fn node(&mut self, name: &str) -> Result<u32, GraphError> {
        if let Some(&i) = self.index.get(name) {
            return Ok(i);
        }
        if self.names.len() >= MAX_NODES {
            return Err(GraphError::TooManyNodes);
        }
        let i = self.names.len() as u32;
        self.names.push(name.into());
        self.index.insert(name.into(), i);
        Ok(i)
    }
}

/// Shortens `text` to 40 characters for a message.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// Whether `name` can name a node: not empty, no space, no control
/// character (a NUL byte in a file is not part of a name), and none of the
/// characters the notations use (`>`, `,`, `+`, `#`, `:`).
fn is_node_name(name: &str) -> bool {
    !name.is_empty()
        && !name.chars().any(|c| {
            c.is_whitespace() || c.is_control() || matches!(c, '>' | ',' | '+' | '#' | ':')
        })
}

impl Digraph {
    /// The graph of a file of edges: one edge `u v` per line (two node
    /// names separated by spaces or tabs), or a lone node name (a node
    /// with no edge); `#` starts a comment; blank lines are skipped. Node
    /// names are any words without spaces, `>`, `,`, `+`, `#` or `:`.
    ///
    /// # Errors
    /// [`GraphError`]: a line that is not an edge (its number), no node at
    /// all, or a cycle (one of them, named).
    ///
    /// Time and memory O(V + E) for V nodes and E edges.
    pub fn from_edge_list(text: &str) -> Result<Digraph, GraphError> {
        let mut b = Builder::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("");
            let bad = || GraphError::BadEdge {
                number: i + 1,
                text: shorten(line.trim()),
                inline: false,
            };
            let mut words = line.split_whitespace();
            match (words.next(), words.next(), words.next()) {
                (None, _, _) => {}
                (Some(u), None, _) if is_node_name(u) => {
                    b.node(u)?;
                }
                (Some(u), Some(v), None) if is_node_name(u) && is_node_name(v) => {
                    let (u, v) = (b.node(u)?, b.node(v)?);
                    b.edges.push((u, v));
                }
                _ => return Err(bad()),
            }
        }
        Digraph::build(b, "")
    }

    /// The graph of inline edges `a>b,b>c` (a lone name is a node with no
    /// edge; a chain `a>b>c` is the edges a>b and b>c).
    ///
    /// # Errors
    /// As for [`Digraph::from_edge_list`].
    pub fn from_inline(text: &str) -> Result<Digraph, GraphError> {
        let mut b = Builder::default();
        for (i, item) in text.split(',').enumerate() {
            let bad = || GraphError::BadEdge {
                number: i + 1,
                text: shorten(item),
                inline: true,
            };
            let names: Vec<&str> = item.split('>').collect();
            if names.iter().any(|n| !is_node_name(n)) {
                return Err(bad());
            }
            let nodes = names
                .iter()
                .map(|n| b.node(n))
                .collect::<Result<Vec<u32>, _>>()?;
            b.edges.extend(nodes.windows(2).map(|w| (w[0], w[1])));
        }
        Digraph::build(b, text)
    }

    /// Sorts the edges into adjacency lists and computes every node's value.
    fn build(b: Builder, source: &str) -> Result<Digraph, GraphError> {
        let Builder {
            names,
            index,
            mut edges,
        } = b;
        if names.is_empty() {
            return Err(GraphError::Empty);
        }
        let n = names.len();
        edges.sort_unstable();
        edges.dedup();
        let mut offsets = vec![0u32; n + 1];
        for &(u, _) in &edges {
            offsets[u as usize + 1] += 1;
        }
        for u in 0..n {
            offsets[u + 1] += offsets[u];
        }
        let targets: Vec<u32> = edges.iter().map(|&(_, v)| v).collect();
        drop(edges);
        let mut g = Digraph {
            names,
            index,
            offsets,
            targets,
            values: Vec::new(),
            source: source.into(),
            fingerprint: 0,
        };
        g.values = g.sprague_grundy()?;
        let mut h = rustc_hash::FxHasher::default();
        (&g.names, &g.offsets, &g.targets).hash(&mut h);
        g.fingerprint = h.finish();
        Ok(g)
    }

    /// The successors of node `u`.
    fn successors(&self, u: u32) -> &[u32] {
        let u = u as usize;
        &self.targets[self.offsets[u] as usize..self.offsets[u + 1] as usize]
    }

    /// The Sprague-Grundy function: nodes in the order their successors
    /// are all done (Kahn's algorithm on the reversed graph, from the
    /// sinks), each the mex of its successors' values.
    fn sprague_grundy(&self) -> Result<Vec<u32>, GraphError> {
        let n = self.names.len();
        let mut left: Vec<u32> = (0..n)
            .map(|u| self.offsets[u + 1] - self.offsets[u])
            .collect();
        // Predecessor lists, in the same compressed form.
        let mut pred_offsets = vec![0u32; n + 1];
        for &v in &self.targets {
            pred_offsets[v as usize + 1] += 1;
        }
        for u in 0..n {
            pred_offsets[u + 1] += pred_offsets[u];
        }
        let mut fill = pred_offsets.clone();
        let mut preds = vec![0u32; self.targets.len()];
        for u in 0..n as u32 {
            for &v in self.successors(u) {
                preds[fill[v as usize] as usize] = u;
                fill[v as usize] += 1;
            }
        }
        drop(fill);
        const UNKNOWN: u32 = u32::MAX;
        let mut values = vec![UNKNOWN; n];
        let mut ready: Vec<u32> = (0..n as u32).filter(|&u| left[u as usize] == 0).collect();
        let mut seen: Vec<bool> = Vec::new();
        let mut done = 0usize;
        while let Some(u) = ready.pop() {
            let succ = self.successors(u);
            // The mex of at most deg(u) values is at most deg(u).
            seen.clear();
            seen.resize(succ.len() + 1, false);
            for &v in succ {
                let g = values[v as usize] as usize;
                if g < seen.len() {
                    seen[g] = true;
                }
            }
            values[u as usize] = seen.iter().position(|&s| !s).unwrap_or(succ.len()) as u32;
            done += 1;
            let (a, b) = (
                pred_offsets[u as usize] as usize,
                pred_offsets[u as usize + 1] as usize,
            );
            for &p in &preds[a..b] {
                left[p as usize] -= 1;
                if left[p as usize] == 0 {
                    ready.push(p);
                }
            }
        }
        if done < n {
            return Err(GraphError::Cycle(self.a_cycle(&values, UNKNOWN)));
        }
        Ok(values)
    }

    /// A cycle among the nodes left without a value (each has a successor
    /// left without one), walked until a node repeats.
    fn a_cycle(&self, values: &[u32], unknown: u32) -> Vec<String> {
        let start = values.iter().position(|&g| g == unknown).unwrap_or(0) as u32;
        let mut place: HashMap<u32, usize> = HashMap::default();
        let mut path = vec![start];
        let mut u = start;
        loop {
            place.insert(u, path.len() - 1);
            let next = self
                .successors(u)
                .iter()
                .copied()
                .find(|&v| values[v as usize] == unknown)
                .unwrap_or(start);
            if let Some(&at) = place.get(&next) {
                let mut cycle: Vec<String> = path[at..]
                    .iter()
                    .map(|&w| self.names[w as usize].to_string())
                    .collect();
                cycle.push(self.names[next as usize].to_string());
                return cycle;
            }
            path.push(next);
            u = next;
        }
    }

    /// The number of nodes.
    pub fn node_count(&self) -> usize {
        self.names.len()
    }

    /// The number of edges (repeated edges counted once).
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The Grundy value of a token on the node named `name`, if there is
    /// such a node.
    pub fn value_of(&self, name: &str) -> Option<u64> {
        self.index
            .get(name)
            .map(|&u| u64::from(self.values[u as usize]))
    }

    /// The name of node `node` (an argument of a component).
    fn name(&self, node: u64) -> &str {
        self.names.get(node as usize).map_or("?", |n| n)
    }

    fn value(&self, node: u64) -> u64 {
        u64::from(self.values[node as usize])
    }

    fn has_edge(&self, u: u64, v: u64) -> bool {
        self.successors(u as u32).binary_search(&(v as u32)).is_ok()
    }

    /// The action of sliding token `token` from `from` to `to`.
    fn slide(token: usize, from: u64, to: u32) -> Action {
        Action::Token {
            token,
            from,
            to: u64::from(to),
        }
    }
}

impl Rules for Digraph {
    type Position = crate::Numbers;

    /// Each heap (token) is a game of its own.
    fn argument_alone(&self, args: &crate::Numbers, index: usize) -> Option<crate::Numbers> {
        Some(vec![*args.get(index)?])
    }

    fn canonical(&self) -> String {
        format!("digraph:{}#{:016x}", self.source, self.fingerprint)
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Token
    }

    fn parse_argument(&self, word: &str) -> Result<u64, ArgumentError> {
        match self.index.get(word) {
            Some(&u) => Ok(u64::from(u)),
            None => Err(ArgumentError::UnknownNode {
                name: shorten(word),
                nodes: self.names.len(),
            }),
        }
    }

    /// Arguments built through the API are node indices below the
    /// number of nodes.
    fn check_arguments(&self, args: &crate::Numbers) -> Result<(), ArgumentError> {
        match args.iter().find(|&&u| u >= self.names.len() as u64) {
            Some(&u) => Err(ArgumentError::UnknownNode {
                name: format!("number {u}"),
                nodes: self.names.len(),
            }),
            None => Ok(()),
        }
    }

    fn write_number(&self, arg: u64, f: &mut dyn fmt::Write) -> fmt::Result {
        f.write_str(self.name(arg))
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    fn argument_values(&self) -> Option<Vec<(String, u64)>> {
        Some(
            self.names
                .iter()
                .zip(&self.values)
                .map(|(n, &g)| (n.to_string(), u64::from(g)))
                .collect(),
        )
    }

    fn valued(&self, args: &crate::Numbers, _: &Limits) -> Result<(u64, Basis), Error> {
        // The node values are a table computed once for the whole graph.
        Ok((args.iter().fold(0, |a, &u| a ^ self.value(u)), Basis::Table))
    }

    fn closed_value(&self, args: &crate::Numbers) -> Option<u64> {
        Some(args.iter().fold(0, |a, &u| a ^ self.value(u)))
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    fn has_moves(&self, args: &crate::Numbers, _: &Limits) -> Result<bool, Error> {
        Ok(args.iter().any(|&u| !self.successors(u as u32).is_empty()))
    }

    fn moves(
        &self,
        args: &crate::Numbers,
        limits: &Limits,
        out: &mut Vec<Action>,
    ) -> Result<(), Error> {
        let total: u64 = args
            .iter()
            .map(|&u| self.successors(u as u32).len() as u64)
            .sum();
        super::reserve(out, total, limits)?;
        for (token, &u) in args.iter().enumerate() {
            out.extend(
                self.successors(u as u32)
                    .iter()
                    .map(|&v| Digraph::slide(token, u, v)),
            );
        }
        Ok(())
    }

    /// A token on a node of value g must go to a node of value
    /// g ⊕ value ⊕ target.
    fn moves_to(
        &self,
        args: &crate::Numbers,
        value: u64,
        target: u64,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        for (token, &u) in args.iter().enumerate() {
            let want = self.value(u) ^ value ^ target;
            for &v in self.successors(u as u32) {
                if u64::from(self.values[v as usize]) == want
                    && f(Digraph::slide(token, u, v)).is_break()
                {
                    return Ok(ControlFlow::Break(()));
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn random_move(
        &self,
        args: &crate::Numbers,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let live: Vec<usize> = (0..args.len())
            .filter(|&t| !self.successors(args[t] as u32).is_empty())
            .collect();
        if live.is_empty() {
            return Ok(None);
        }
        let token = live[pick(live.len() as u64) as usize];
        let succ = self.successors(args[token] as u32);
        let v = succ[pick(succ.len() as u64) as usize];
        Ok(Some(Digraph::slide(token, args[token], v)))
    }

    fn check(
        &self,
        word: &str,
        args: &crate::Numbers,
        action: &Action,
    ) -> Result<(), IllegalMoveKind> {
        let Action::Token { token, from, to } = *action else {
            return Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "a move slides one token along one edge of the graph",
            });
        };
        let Some(&at) = args.get(token) else {
            return Err(IllegalMoveKind::NoSuch {
                place: Place::Token,
                index: token,
                count: args.len(),
            });
        };
        if at != from {
            return Err(IllegalMoveKind::TokenElsewhere {
                token,
                is: self.name(at).into(),
                claimed: self.name(from).into(),
            });
        }
        if (to as usize) >= self.names.len() || !self.has_edge(from, to) {
            return Err(IllegalMoveKind::NoEdge {
                ruleset: word.into(),
                edge: format!("{} > {}", self.name(from), self.name(to)),
            });
        }
        Ok(())
    }

    fn apply(&self, args: &mut Vec<u64>, action: &Action) {
        if let Action::Token { token, to, .. } = *action {
            args[token] = to;
        }
    }

    /// Tokens are interchangeable, and a token on a sink can never move.
    fn canonicalize(&self, args: &mut Vec<u64>) {
        args.retain(|&u| !self.successors(u as u32).is_empty());
        args.sort_unstable();
    }

    fn write_move(
        &self,
        word: &str,
        _: &crate::Numbers,
        action: &Action,
        form: MoveForm,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let Action::Token { token, from, to } = *action else {
            return crate::movetext::write_action(word, action, form, f);
        };
        let (n, u, v) = (token + 1, self.name(from), self.name(to));
        match form {
            MoveForm::Listed => write!(f, "{word} token {n}: {u} -> {v}"),
            MoveForm::Short => write!(f, "{n} {v}"),
            _ => write!(f, "move token {n} from {u} to {v}"),
        }
    }

    fn move_summary(&self) -> Option<String> {
        Some("slide one token along one edge".into())
    }

    fn node_name(&self, node: u64) -> Option<String> {
        self.names.get(node as usize).map(|n| n.to_string())
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "Each token of {word} is a game of its own; G(v), the value of a token on node v, \
             is the mex of the values of the nodes one edge away from v, computed once for \
             the whole graph from the sinks (value 0) up."
        )
    }
}

/// Parses `digraph:SOURCE` where SOURCE holds inline edges (`a>b,b>c`). A
/// SOURCE without `>` or `,` names a file, which the caller reads and defines
/// ([`PositionParser::define`](crate::PositionParser::define)); met here,
/// it is an error saying so.
pub(crate) fn parse(
    word: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn super::DynRules>, ParseErrorKind> {
    let _ = word;
    let source = match param {
        None | Some("") => {
            return Err(ParseErrorKind::BadRuleset(
                "digraph needs its graph: digraph:FILE (one edge `u v` per line) or inline \
                 edges, digraph:a>b,b>c"
                    .into(),
            ))
        }
        Some(source) => source,
    };
    if !source.contains(['>', ',']) {
        return Err(ParseErrorKind::BadRuleset(format!(
            "digraph:{source} names a graph file, which this parser does not read: the file \
             is read first and its text given to digraph::from_file_text (or write the edges \
             inline, as in digraph:a>b,b>c)"
        )));
    }
    Digraph::from_inline(source)
        .map(|g| Box::new(g) as Box<dyn super::DynRules>)
        .map_err(|e| ParseErrorKind::BadRuleset(e.to_string()))
}

/// A `digraph` ruleset named `word` with the graph of a file's text (one
/// edge `u v` per line): how a caller that read the file makes the ruleset.
///
/// # Errors
/// [`GraphError`] as for [`Digraph::from_edge_list`].
pub fn from_file_text(word: &str, text: &str) -> Result<super::Ruleset, GraphError> {
    let mut g = Digraph::from_edge_list(text)?;
    g.source = word.strip_prefix("digraph:").unwrap_or(word).into();
    Ok(super::Ruleset::with_rules(word, Box::new(g)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_by_hand() {
        // A path a → b → c → d and a shortcut a → d.
        let g = Digraph::from_inline("a>b>c>d,a>d").unwrap();
        assert_eq!(g.value_of("d"), Some(0));
        assert_eq!(g.value_of("c"), Some(1));
        assert_eq!(g.value_of("b"), Some(0));
        assert_eq!(g.value_of("a"), Some(1)); // mex{G(b)=0, G(d)=0}
        assert_eq!(g.value_of("x"), None);
        assert_eq!(g.edge_count(), 4);
    }

    #[test]
    fn cycles_are_named() {
        let e = Digraph::from_inline("s>a,a>b,b>c,c>a").unwrap_err();
        assert_eq!(
            e,
            GraphError::Cycle(vec!["a".into(), "b".into(), "c".into(), "a".into()])
        );
        let e = Digraph::from_edge_list("x x\n").unwrap_err();
        assert_eq!(e, GraphError::Cycle(vec!["x".into(), "x".into()]));
        assert!(e.to_string().contains("cycle, x -> x:"), "{e}");
    }

    #[test]
    fn a_long_cycle_is_named_in_a_short_message() {
        // A cycle through 10^5 nodes: its first nodes and its length.
        let n = 100_000;
        let edges: Vec<String> = (0..n).map(|i| format!("v{i}>v{}", (i + 1) % n)).collect();
        let e = Digraph::from_inline(&edges.join(",")).unwrap_err();
        let text = e.to_string();
        assert!(text.len() < 400, "{} bytes", text.len());
        assert!(text.contains(" -> ... -> "), "{text}");
        assert!(text.contains("(through 100000 nodes)"), "{text}");
        // Long node names are cut too.
        let long = "n".repeat(10_000);
        let e = Digraph::from_inline(&format!("{long}>b,b>{long}")).unwrap_err();
        assert!(e.to_string().len() < 400, "{e}");
    }

    #[test]
    fn bad_lines_are_named() {
        let e = Digraph::from_edge_list("a b\n# fine\n\na b c\n").unwrap_err();
        assert!(matches!(e, GraphError::BadEdge { number: 4, .. }), "{e:?}");
        assert!(matches!(
            Digraph::from_inline("a>b,,c").unwrap_err(),
            GraphError::BadEdge { number: 2, .. }
        ));
        assert_eq!(
            Digraph::from_edge_list("# nothing\n").unwrap_err(),
            GraphError::Empty
        );
    }

    #[test]
    fn a_long_path_needs_no_recursion() {
        let n = 200_000;
        let text: String = (0..n).map(|i| format!("{i} {}\n", i + 1)).collect();
        let g = Digraph::from_edge_list(&text).unwrap();
        assert_eq!(g.value_of("0"), Some(u64::from(n % 2 == 1)));
    }
}
