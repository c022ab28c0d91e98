//! Tokens on a directed graph: a move slides one token along one edge
//! `u → v`; a player who cannot move loses. Every token is a game of its
//! own, so a position is worth the nim-sum of the values of the nodes its
//! tokens stand on, and on a graph without cycles the value of a node is
//! the mex of the values one edge away: the Sprague-Grundy function of the
//! graph (Sprague 1935, Grundy 1939; Winning Ways, ch. 2; Berlekamp, Conway
//! & Guy call the tokens "counters").
//!
//! A graph with cycles is a game with draws: tokens on a cycle may move
//! forever. Its nodes get Smith's generalized Sprague-Grundy values (a
//! number, or ∞(K)), by the labelling algorithm of Fraenkel & Yesha
//! ([`loopy`](crate::loopy)); positions whose tokens cannot reach a cycle
//! are valued as before, and the others are analysed by Smith's rule for
//! sums (outcome P, N or D).
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
//! sinks up), so a graph of a million edges costs well under a second.
//! The nodes Kahn's order leaves (those that can reach a cycle) are then
//! labelled by [`GameGraph::generalized_values`], nearly linear too; the
//! remoteness of every node (retrograde analysis, O(V + E)) is found the
//! first time one is asked for.

use rustc_hash::FxHashMap as HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::OnceLock;

use super::rules::{Pick, Rules, Visit};
use super::{ArgumentError, MoveKind};
use crate::error::ParseErrorKind;
use crate::loopy::{GameGraph, GenValue, INFINITE};
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm, Outcome, Place};

mod read;
use read::{is_node_name, shorten, Builder};
pub use read::{split_targets, GraphError};

/// The most nodes a graph may have (node indices are `u32`).
const MAX_NODES: usize = u32::MAX as usize;

/// A directed graph with named nodes and the (generalized) Sprague-Grundy
/// value of every node: the rules of `digraph:SOURCE`.
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
/// // With a cycle a ⇄ b: b → c wins, so b is worth 1 and a, whose one move
/// // is to b, is worth 0; d ⇄ e alone is a draw, ∞(∅).
/// let g = Digraph::from_inline("a>b,b>a,b>c,d>e,e>d")?;
/// assert_eq!(g.value_of("a"), Some(0));
/// assert_eq!(g.generalized_value_of("d").map(|v| v.to_string()), Some("∞(∅)".into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Digraph {
    names: Vec<Box<str>>,
    index: HashMap<Box<str>, u32>,
    /// Successors of node `u`, and predecessors.
    graph: GameGraph,
    /// The value of each node ([`INFINITE`] for ∞(K), K the numbers among
    /// its successors' values).
    values: Vec<u32>,
    /// Whether a cycle can be reached from each node; empty when the graph
    /// has no cycle.
    loopy: Vec<bool>,
    /// The outcome and remoteness of every node, found when first asked.
    remoteness: OnceLock<Vec<(Outcome, Option<u32>)>>,
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
            self.graph.edge_count()
        )
    }
}

impl Digraph {
    /// The graph of a file of edges: one edge `u v` per line (two node
    /// names separated by spaces or tabs), or a lone node name (a node
    /// with no edge); a `#` standing alone as a word starts a comment
    /// ([`crate::comment`]); blank lines are skipped. Node
    /// names are any words without spaces, `>`, `,`, `+`, `#` or `:`.
    ///
    /// # Errors
    /// [`GraphError`]: a line that is not an edge (its number), or no node
    /// at all.
    ///
    /// Time and memory O(V + E) for V nodes and E edges.
    pub fn from_edge_list(text: &str) -> Result<Digraph, GraphError> {
        Digraph::build(Digraph::file_edges(text)?, "")
    }

    /// The nodes and edges of a file's text.
    fn file_edges(text: &str) -> Result<Builder, GraphError> {
        let mut b = Builder::default();
        for (i, line) in text.lines().enumerate() {
            let line = crate::comment::strip(line);
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
        Ok(b)
    }

    /// The graph of inline edges `a>b,b>c` (a lone name is a node with no
    /// edge; a chain `a>b>c` is the edges a>b and b>c), and after a last
    /// `@` the target nodes, whose edges out are taken away: a token that
    /// reaches a target stops there, so with one token the player who
    /// moves it onto a target wins (`a>b,b>c,c>a@c`).
    ///
    /// # Errors
    /// As for [`Digraph::from_edge_list`], and
    /// [`GraphError::UnknownTarget`].
    pub fn from_inline(text: &str) -> Result<Digraph, GraphError> {
        let (edges, targets) = split_targets(text);
        let mut b = Builder::default();
        for (i, item) in edges.split(',').enumerate() {
            let bad = || GraphError::BadEdge {
                number: i + 1,
                text: shorten(item),
                inline: true,
            };
            // Inline, an `@` starts the targets: one left before the last
            // is a mistyped list of targets (`@c@a`), not part of a name.
            if item.contains('@') {
                return Err(bad());
            }
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
        b.sink(targets)?;
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
        let mut h = rustc_hash::FxHasher::default();
        (&names, &offsets, &targets).hash(&mut h);
        let mut g = Digraph {
            names,
            index,
            graph: GameGraph::from_csr(offsets, targets),
            values: Vec::new(),
            loopy: Vec::new(),
            remoteness: OnceLock::new(),
            source: source.into(),
            fingerprint: h.finish(),
        };
        g.values = g.sprague_grundy();
        Ok(g)
    }

    /// The successors of node `u`.
    fn successors(&self, u: u32) -> &[u32] {
        self.graph.followers(u)
    }

    /// The Sprague-Grundy function: nodes in the order their successors
    /// are all done (Kahn's algorithm on the reversed graph, from the
    /// sinks), each the mex of its successors' values. When nodes are left
    /// (they can reach a cycle), the generalized values of the whole graph
    /// by the labelling algorithm, which agree with these on the others.
    fn sprague_grundy(&mut self) -> Vec<u32> {
        let n = self.names.len();
        let mut left: Vec<u32> = (0..n as u32)
            .map(|u| self.successors(u).len() as u32)
            .collect();
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
            for &p in self.graph.predecessors(u) {
                left[p as usize] -= 1;
                if left[p as usize] == 0 {
                    ready.push(p);
                }
            }
        }
        if done < n {
            self.loopy = values.iter().map(|&g| g == UNKNOWN).collect();
            return self.graph.generalized_values();
        }
        values
    }

    /// The outcome and remoteness of every node, by retrograde analysis
    /// once for the whole graph.
    fn classes(&self) -> &[(Outcome, Option<u32>)] {
        self.remoteness.get_or_init(|| self.graph.retrograde())
    }

    /// The generalized value of node `u`.
    fn generalized(&self, u: u64) -> GenValue {
        match self.values[u as usize] {
            INFINITE => GenValue::Infinite(self.graph.reachable_values(&self.values, u as u32)),
            g => GenValue::Finite(u64::from(g)),
        }
    }

    /// Whether the graph has a cycle.
    pub fn has_cycle(&self) -> bool {
        !self.loopy.is_empty()
    }

    /// The generalized Sprague-Grundy value of a token on the node named
    /// `name` (a number, or ∞(K) when it can move forever), if there is
    /// such a node.
    pub fn generalized_value_of(&self, name: &str) -> Option<GenValue> {
        self.index
            .get(name)
            .map(|&u| self.generalized(u64::from(u)))
    }

    /// The outcome (P, N or D) and remoteness (`None` for a draw) of a lone
    /// token on the node named `name`, if there is such a node.
    pub fn remoteness_of(&self, name: &str) -> Option<(Outcome, Option<u64>)> {
        self.index.get(name).map(|&u| {
            let (o, r) = self.classes()[u as usize];
            (o, r.map(u64::from))
        })
    }

    /// The number of nodes.
    pub fn node_count(&self) -> usize {
        self.names.len()
    }

    /// The number of edges (repeated edges counted once).
    pub fn edge_count(&self) -> usize {
        self.graph.edge_count()
    }

    /// The Grundy value of a token on the node named `name`, if there is
    /// such a node and its value is a number (not ∞, see
    /// [`generalized_value_of`](Digraph::generalized_value_of)).
    pub fn value_of(&self, name: &str) -> Option<u64> {
        self.index
            .get(name)
            .and_then(|&u| self.generalized(u64::from(u)).finite())
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

    /// The graph and its tokens, for a graph small enough to draw
    /// ([`MAX_DRAWN`](crate::drawing::MAX_DRAWN) nodes).
    fn shape(&self, args: &crate::Numbers) -> Option<crate::drawing::Shape> {
        if self.names.len() as u64 > crate::drawing::MAX_DRAWN {
            return None;
        }
        let nodes = self.names.iter().map(|n| n.to_string()).collect();
        let edges = (0..self.names.len() as u32)
            .flat_map(|u| {
                self.successors(u)
                    .iter()
                    .map(move |&v| [u64::from(u), u64::from(v)])
            })
            .collect();
        Some(crate::drawing::Shape::Graph {
            nodes,
            edges,
            tokens: args.clone(),
        })
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
        if self.values.contains(&INFINITE) {
            return None;
        }
        Some(
            self.names
                .iter()
                .zip(&self.values)
                .map(|(n, &g)| (n.to_string(), u64::from(g)))
                .collect(),
        )
    }

    /// The nim-sum of the tokens' values; a token that can move forever
    /// (∞) has no Grundy value.
    fn valued(&self, args: &crate::Numbers, _: &Limits) -> Result<(u64, Basis), Error> {
        // The node values are a table computed once for the whole graph.
        match self.closed_value(args) {
            Some(g) => Ok((g, Basis::Table)),
            None => Err(Error::Unsupported(format!(
                "a token on {} can move forever (its generalized Sprague-Grundy value is {}), \
                 so it has no Grundy value; analyse the position for its outcome (P, N or D)",
                args.iter()
                    .find(|&&u| self.values[u as usize] == INFINITE)
                    .map_or("?", |&u| self.name(u)),
                self.generalized_value(args, &Limits::default())
                    .map_or_else(|_| "∞".into(), |v| v.to_string()),
            ))),
        }
    }

    fn closed_value(&self, args: &crate::Numbers) -> Option<u64> {
        args.iter()
            .try_fold(0, |a, &u| match self.values[u as usize] {
                INFINITE => None,
                g => Some(a ^ u64::from(g)),
            })
    }

    fn is_loopy(&self, args: &crate::Numbers) -> bool {
        !self.loopy.is_empty() && args.iter().any(|&u| self.loopy[u as usize])
    }

    /// Smith's sum of the tokens' generalized values.
    fn generalized_value(&self, args: &crate::Numbers, _: &Limits) -> Result<GenValue, Error> {
        Ok(GenValue::sum(args.iter().map(|&u| self.generalized(u))))
    }

    /// A lone token's remoteness, from the retrograde analysis of the
    /// whole graph; no token at all is over (remoteness 0).
    fn known_remoteness(&self, args: &crate::Numbers) -> Option<Option<u64>> {
        match args[..] {
            [] => Some(Some(0)),
            [u] => Some(self.classes()[u as usize].1.map(u64::from)),
            _ => None,
        }
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
            if self.values[u as usize] == INFINITE {
                continue;
            }
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
            return crate::ruleset::write_action(word, action, form, f);
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
        if self.has_cycle() {
            return format!(
                "Each token of {word} is a game of its own; the graph has cycles, so a token \
                 may move forever and G(v) is Smith's generalized Sprague-Grundy value: a \
                 number, or ∞(K) with K the numbers one edge away, found for the whole graph \
                 by the labelling of Fraenkel and Yesha."
            );
        }
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
    if !split_targets(source).0.contains(['>', ',']) {
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
/// A `word` ending `@t` (after its path) names target nodes, whose edges
/// out are taken away ([`Digraph::from_inline`]).
///
/// # Errors
/// [`GraphError`] as for [`Digraph::from_edge_list`].
pub fn from_file_text(word: &str, text: &str) -> Result<super::Ruleset, GraphError> {
    let source = word.strip_prefix("digraph:").unwrap_or(word);
    let mut b = Digraph::file_edges(text)?;
    b.sink(split_targets(source).1)?;
    let g = Digraph::build(b, source)?;
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
    fn cycles_are_valued() {
        // s → a → b → c → a: a 3-cycle with no exit, a draw throughout.
        let g = Digraph::from_inline("s>a,a>b,b>c,c>a").unwrap();
        assert!(g.has_cycle());
        for n in ["s", "a", "b", "c"] {
            assert_eq!(g.generalized_value_of(n), Some(GenValue::Infinite(vec![])));
            assert_eq!(g.remoteness_of(n), Some((Outcome::D, None)));
        }
        let g = Digraph::from_edge_list("x x\n").unwrap();
        assert_eq!(
            g.generalized_value_of("x"),
            Some(GenValue::Infinite(vec![]))
        );
    }

    #[test]
    fn a_long_cycle_costs_linear_time() {
        // A cycle through 10^5 nodes, each with an exit to a sink: ∞(0).
        let n = 100_000;
        let mut edges: Vec<String> = (0..n).map(|i| format!("v{i}>v{}", (i + 1) % n)).collect();
        edges.extend((0..n).map(|i| format!("v{i}>w{i}")));
        let g = Digraph::from_inline(&edges.join(",")).unwrap();
        assert_eq!(
            g.generalized_value_of("v7"),
            Some(GenValue::Infinite(vec![0]))
        );
        assert_eq!(g.remoteness_of("v7"), Some((Outcome::N, Some(1))));
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
