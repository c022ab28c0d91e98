//! Undirected graphs and boards as the position of a game played on them
//! (Node Kayles, Arc Kayles, Cram, Geography): the notation people type,
//! and the position, a graph with some of its vertices gone.
//!
//! | notation | graph |
//! |---|---|
//! | `path:N` | the path of N vertices `1 - 2 - ... - N` |
//! | `cycle:N` | the cycle of N vertices (N >= 1; `cycle:1` is one vertex, `cycle:2` one edge) |
//! | `complete:N` | the complete graph K_N |
//! | `grid:RxC` | the R by C grid, vertices numbered row by row from 1 |
//! | `steps:RxC:STEPS` | the R by C board, each cell joined to those a step away: `1,2/2,1` (steps `dr,dc`), `king`, `king:K` (K rows and columns around), `knight` |
//! | `intervals:1..3,2..5,4-6` | the interval graph: a vertex for each interval (`L..R` half-open, `L-R` closed), named 1, 2, ... as written, joined when two share an integer ([`intervals`]) |
//! | `petersen` | the Petersen graph: outer cycle 1..5, spokes i - i+5, inner pentagram 6..10 |
//! | `a-b,b-c,d` | inline edges (and lone vertices), named as written |
//! | `file:PATH` | a graph file, one edge `u v` a line, read by the caller ([`define_file`]) |
//! | `...#/..../....` | a board, rows from the top, `#` a filled cell; cells named `R.C` from 1 |
//! | `RxC` (a board ruleset) | the empty R by C board |
//!
//! A position is the graph as written followed by `~` and the vertices
//! gone (`grid:3x5~1,2,6`); a board writes gone cells as `#`. Positions
//! print back in the notation they were read in.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use rustc_hash::FxHashMap as HashMap;

mod file;
pub use file::{define_file, FileError, MAX_FILE_EDGES};
pub mod intervals;

/// The most vertices a graph may have.
pub const MAX_VERTICES: usize = 1 << 20;

/// How a graph was written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Shape {
    /// A family or inline edges, printed as written.
    Graph,
    /// A board of `rows` by `cols` cells; vertex `r * cols + c` is the cell
    /// at row `r`, column `c` (from 0); `filled` cells are not vertices of
    /// any move (they are gone from the start).
    Board { rows: usize, cols: usize },
}

/// An undirected simple graph with named vertices, as written.
#[derive(Debug)]
pub struct Graph {
    /// The notation as written (without the gone vertices).
    notation: Box<str>,
    shape: Shape,
    names: Vec<Box<str>>,
    index: HashMap<Box<str>, u32>,
    /// Sorted neighbours of each vertex.
    adj: Vec<Vec<u32>>,
    /// Vertices gone from the start (the filled cells of a board).
    filled: Vec<u32>,
    /// The closed interval `[l, r]` of each vertex, for a graph written
    /// `intervals:` ([`intervals`]).
    intervals: Option<Arc<[(u64, u64)]>>,
}

impl PartialEq for Graph {
    fn eq(&self, other: &Graph) -> bool {
        self.notation == other.notation
    }
}

impl Eq for Graph {}

impl Hash for Graph {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.notation.hash(state);
    }
}

impl Graph {
    /// The number of vertices (cells, for a board).
    pub fn len(&self) -> usize {
        self.adj.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.adj.is_empty()
    }

    /// The sorted neighbours of vertex `v`.
    pub fn neighbours(&self, v: u32) -> &[u32] {
        &self.adj[v as usize]
    }

    /// The name of vertex `v`.
    pub fn name(&self, v: u32) -> &str {
        &self.names[v as usize]
    }

    /// The vertex named `name`.
    pub fn vertex(&self, name: &str) -> Option<u32> {
        self.index.get(name).copied()
    }

    /// The graph as written, without the vertices gone (`grid:3x5`).
    pub fn notation(&self) -> &str {
        &self.notation
    }

    /// The closed interval `[l, r]` of each vertex, when the graph was
    /// written `intervals:` (an interval graph).
    pub fn intervals(&self) -> Option<&[(u64, u64)]> {
        self.intervals.as_deref()
    }

    /// Whether the graph is a board (cells in rows).
    pub fn is_board(&self) -> bool {
        matches!(self.shape, Shape::Board { .. })
    }

    /// The number of rows and columns of a board.
    pub fn board_size(&self) -> Option<(usize, usize)> {
        match self.shape {
            Shape::Board { rows, cols } => Some((rows, cols)),
            Shape::Graph => None,
        }
    }

    fn build(notation: &str, shape: Shape, names: Vec<Box<str>>) -> Graph {
        let index = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i as u32))
            .collect();
        let n = names.len();
        Graph {
            notation: notation.into(),
            shape,
            names,
            index,
            adj: vec![Vec::new(); n],
            filled: Vec::new(),
            intervals: None,
        }
    }

    fn add_edge(&mut self, u: u32, v: u32) {
        self.adj[u as usize].push(v);
        self.adj[v as usize].push(u);
    }

    fn finish(mut self) -> Graph {
        for a in &mut self.adj {
            a.sort_unstable();
            a.dedup();
        }
        self
    }

    fn numbered(notation: &str, n: usize, shape: Shape) -> Graph {
        let names = (1..=n).map(|i| i.to_string().into()).collect();
        Graph::build(notation, shape, names)
    }

    /// Reads a graph written as a family (`path:N`, `cycle:N`,
    /// `complete:N`, `grid:RxC`, `petersen`) or as inline edges
    /// (`a-b,b-c,d`).
    ///
    /// # Errors
    /// What is wrong with the text, in words.
    pub fn parse(text: &str) -> Result<Graph, String> {
        let (family, param) = match text.split_once(':') {
            Some((f, p)) => (f, Some(p)),
            None => (text, None),
        };
        let count = |p: Option<&str>, least: usize| -> Result<usize, String> {
            let p = p.ok_or_else(|| format!("{family} needs its size, `{family}:N`"))?;
            let n: usize = p
                .parse()
                .map_err(|_| format!("`{p}` in {text} is not a number of vertices"))?;
            if n < least || n > MAX_VERTICES {
                return Err(format!(
                    "{text}: {family} takes from {least} to {MAX_VERTICES} vertices"
                ));
            }
            Ok(n)
        };
        match family {
            "path" => {
                let n = count(param, 0)?;
                let mut g = Graph::numbered(text, n, Shape::Graph);
                for i in 1..n {
                    g.add_edge(i as u32 - 1, i as u32);
                }
                Ok(g.finish())
            }
            // cycle:1 is one vertex and cycle:2 one edge (a graph has no
            // loops and no double edges): what a cycle of n leaves once
            // n - 1 or n - 2 of its vertices are gone is what these are.
            "cycle" => {
                let n = count(param, 1)?;
                let mut g = Graph::numbered(text, n, Shape::Graph);
                let edges = if n >= 3 { n } else { n - 1 };
                for i in 0..edges {
                    g.add_edge(i as u32, ((i + 1) % n) as u32);
                }
                Ok(g.finish())
            }
            "complete" => {
                let n = count(param, 0)?;
                if n > 2000 {
                    return Err(format!(
                        "{text}: complete graphs take at most 2000 vertices"
                    ));
                }
                let mut g = Graph::numbered(text, n, Shape::Graph);
                for u in 0..n {
                    for v in u + 1..n {
                        g.add_edge(u as u32, v as u32);
                    }
                }
                Ok(g.finish())
            }
            "grid" => {
                let (rows, cols) = size(param.unwrap_or(""), text)?;
                let mut g = Graph::numbered(text, rows * cols, Shape::Graph);
                grid_edges(&mut g, rows, cols);
                Ok(g.finish())
            }
            "steps" => steps(text, param.unwrap_or("")),
            "intervals" => intervals::parse(text, param.unwrap_or("")),
            "petersen" if param.is_none() => {
                let mut g = Graph::numbered(text, 10, Shape::Graph);
                for i in 0..5u32 {
                    g.add_edge(i, (i + 1) % 5);
                    g.add_edge(i, i + 5);
                    g.add_edge(i + 5, (i + 2) % 5 + 5);
                }
                Ok(g.finish())
            }
            "file" => Err(format!(
                "{text} is a graph file, which only a position reads (once its text is \
                 given to define_file)"
            )),
            _ if param.is_some() => Err(format!(
                "unknown graph family `{family}` in {text}: write path:N, cycle:N, complete:N, \
                 grid:RxC, steps:RxC:STEPS, intervals:L..R,..., petersen, file:PATH, or edges \
                 a-b,b-c"
            )),
            _ => inline(text),
        }
    }

    /// Reads a board: rows from the top separated by `/`, `.` an empty
    /// cell and `#` a filled one (`..#/...`), or a size `RxC` (empty). A
    /// lone `#` is refused: it is a comment in line-oriented input
    /// ([`crate::comment`]), so no position holds it as a word.
    ///
    /// # Errors
    /// What is wrong with the text, in words.
    pub fn parse_board(text: &str) -> Result<Graph, String> {
        if text == "#" {
            // A lone `#` word starts a comment wherever lines are read
            // (`crate::comment`): as a board it could not be read the same
            // in a file as on the command line.
            return Err(
                "`#` alone is not a board (in batch input and files it starts a \
                        comment): a board of one filled cell has no move and is worth 0, \
                        so leave it out"
                    .into(),
            );
        }
        if !text.contains(['.', '#', '/']) {
            let (rows, cols) = size(text, text)?;
            let mut g = board_graph(text, rows, cols);
            grid_edges(&mut g, rows, cols);
            return Ok(g.finish());
        }
        let lines: Vec<&str> = text.split('/').collect();
        let cols = lines[0].chars().count();
        for (r, line) in lines.iter().enumerate() {
            if line.chars().count() != cols {
                return Err(format!(
                    "row {} of {text} has {} cells, row 1 has {cols}: every row of a board \
                     is as long",
                    r + 1,
                    line.chars().count()
                ));
            }
            if let Some(c) = line.chars().find(|&c| c != '.' && c != '#') {
                return Err(format!(
                    "row {} of {text} holds `{c}`: a board is `.` (empty) and `#` (filled) \
                     cells, rows separated by `/`",
                    r + 1
                ));
            }
        }
        if cols == 0 || lines.len() * cols > MAX_VERTICES {
            return Err(format!(
                "{text}: a board has from 1 to {MAX_VERTICES} cells"
            ));
        }
        let rows = lines.len();
        let mut g = board_graph(text, rows, cols);
        grid_edges(&mut g, rows, cols);
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if ch == '#' {
                    g.filled.push((r * cols + c) as u32);
                }
            }
        }
        Ok(g.finish())
    }

    /// The vertices gone from the start (a board's filled cells).
    pub fn filled(&self) -> &[u32] {
        &self.filled
    }

    /// Writes the graph with the vertices not in `alive` gone: the
    /// notation as written, then `~` and their names; a board as rows.
    pub fn write(&self, alive: &Bits, f: &mut dyn fmt::Write) -> fmt::Result {
        if let Shape::Board { rows, cols } = self.shape {
            if self.filled.is_empty() && alive.count() == self.len() && !self.notation.contains('.')
            {
                return f.write_str(&self.notation);
            }
            for r in 0..rows {
                if r > 0 {
                    f.write_char('/')?;
                }
                for c in 0..cols {
                    let v = (r * cols + c) as u32;
                    f.write_char(if alive.has(v) { '.' } else { '#' })?;
                }
            }
            return Ok(());
        }
        f.write_str(&self.notation)?;
        let mut sep = '~';
        for v in 0..self.len() as u32 {
            if !alive.has(v) {
                f.write_char(sep)?;
                f.write_str(self.name(v))?;
                sep = ',';
            }
        }
        Ok(())
    }

    /// All vertices but the filled cells.
    pub fn all_alive(&self) -> Bits {
        let mut b = Bits::full(self.len());
        for &v in &self.filled {
            b.clear(v);
        }
        b
    }
}

fn board_graph(text: &str, rows: usize, cols: usize) -> Graph {
    let names = (0..rows * cols)
        .map(|i| format!("{}.{}", i / cols + 1, i % cols + 1).into())
        .collect();
    Graph::build(text, Shape::Board { rows, cols }, names)
}

fn grid_edges(g: &mut Graph, rows: usize, cols: usize) {
    for r in 0..rows {
        for c in 0..cols {
            let v = (r * cols + c) as u32;
            if c + 1 < cols {
                g.add_edge(v, v + 1);
            }
            if r + 1 < rows {
                g.add_edge(v, v + cols as u32);
            }
        }
    }
}

/// The most edges a `steps:` board may have.
pub const MAX_STEP_EDGES: usize = MAX_VERTICES * 8;

/// Reads `steps:RxC:STEPS`: the R by C board (cells numbered row by row
/// from 1, as `grid:RxC`), each cell joined to the cells one of the steps
/// away, a step `dr,dc` (rows down, columns right) joining both ways.
/// STEPS is steps joined by `/` (`1,2/2,1` is a knight's), `king` (the
/// eight cells around), `king:K` (every cell at most K rows and K
/// columns away: `king:2` is the 5 x 5 square around a cell) or
/// `knight`.
///
/// # Errors
/// A size or step that cannot be read, a step of (0, 0), or more than
/// [`MAX_STEP_EDGES`] edges.
fn steps(text: &str, param: &str) -> Result<Graph, String> {
    let example = "e.g. steps:8x8:knight, steps:5x5:king:2 or steps:4x6:1,2/2,1";
    let (dims, list) = param
        .split_once(':')
        .ok_or_else(|| format!("{text}: a board of steps is steps:RxC:STEPS ({example})"))?;
    let (rows, cols) = size(dims, text)?;
    let mut deltas: Vec<(i64, i64)> = Vec::new();
    let reach = |k: i64| {
        let mut d = Vec::new();
        for dr in -k..=k {
            for dc in -k..=k {
                d.push((dr, dc));
            }
        }
        d
    };
    if list == "king" {
        deltas = reach(1);
    } else if let Some(k) = list.strip_prefix("king:") {
        let k: i64 = k
            .parse()
            .ok()
            .filter(|k| (1..=64).contains(k))
            .ok_or_else(|| format!("`{k}` in {text} is not a king's reach from 1 to 64"))?;
        deltas = reach(k);
    } else if list == "knight" {
        deltas = vec![(1, 2), (2, 1), (1, -2), (2, -1)];
    } else {
        for step in list.split('/') {
            let bad = || {
                format!(
                    "`{step}` in {text} is not a step dr,dc (rows down, columns right; {example})"
                )
            };
            let (dr, dc) = step.split_once(',').ok_or_else(bad)?;
            let (dr, dc): (i64, i64) = (
                dr.trim().parse().map_err(|_| bad())?,
                dc.trim().parse().map_err(|_| bad())?,
            );
            if (dr, dc) == (0, 0) {
                return Err(format!("{text}: the step 0,0 goes nowhere"));
            }
            deltas.push((dr, dc));
        }
    }
    // Each step once, one way (the edge joins both).
    let mut one_way: Vec<(i64, i64)> = deltas
        .into_iter()
        .filter(|&d| d != (0, 0))
        .map(|(dr, dc)| {
            if (dr, dc) < (0, 0) {
                (-dr, -dc)
            } else {
                (dr, dc)
            }
        })
        .collect();
    one_way.sort_unstable();
    one_way.dedup();
    let edges = rows.saturating_mul(cols).saturating_mul(one_way.len());
    if edges > MAX_STEP_EDGES {
        return Err(format!(
            "{text}: up to {edges} edges, more than the {MAX_STEP_EDGES} a board of steps may have"
        ));
    }
    let mut g = Graph::numbered(text, rows * cols, Shape::Graph);
    let (r_max, c_max) = (rows as i64, cols as i64);
    for r in 0..r_max {
        for c in 0..c_max {
            for &(dr, dc) in &one_way {
                let (r2, c2) = (r + dr, c + dc);
                if (0..r_max).contains(&r2) && (0..c_max).contains(&c2) {
                    g.add_edge((r * c_max + c) as u32, (r2 * c_max + c2) as u32);
                }
            }
        }
    }
    Ok(g.finish())
}

/// Reads `RxC` (both at least 1, at most [`MAX_VERTICES`] cells).
fn size(p: &str, text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{p}` in {text} is not a size RxC (rows x columns, e.g. 3x5)");
    let (r, c) = p
        .to_ascii_lowercase()
        .split_once('x')
        .map(|(r, c)| (r.to_string(), c.to_string()))
        .ok_or_else(bad)?;
    let (rows, cols): (usize, usize) =
        (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_VERTICES {
        return Err(format!(
            "{text}: a grid has at least 1 row and 1 column and at most {MAX_VERTICES} cells"
        ));
    }
    Ok((rows, cols))
}

/// Inline edges and lone vertices: `a-b,b-c,d`.
fn inline(text: &str) -> Result<Graph, String> {
    let mut names: Vec<Box<str>> = Vec::new();
    let mut index: HashMap<Box<str>, u32> = HashMap::default();
    let mut edges = Vec::new();
    let mut id = |name: &str, item: &str| -> Result<u32, String> {
        if text.is_empty() {
            return Err("the graph is missing (write edges u-v, e.g. a-b,b-c)".into());
        }
        if name.is_empty() {
            return Err(format!(
                "`{item}` in {text} has an empty vertex name (an edge is u-v, edges are \
                 separated by `,`)"
            ));
        }
        if name.contains(['-', '~', ':', '@', '/', '#']) {
            return Err(format!(
                "`{item}` in {text} is not an edge u-v or a vertex name (names hold no \
                 `- ~ : @ / #`; a path a-b-c is written a-b,b-c)"
            ));
        }
        if let Some(&i) = index.get(name) {
            return Ok(i);
        }
        let i = names.len() as u32;
        names.push(name.into());
        index.insert(name.into(), i);
        Ok(i)
    };
    for item in text.split(',') {
        match item.split_once('-') {
            Some((u, v)) => {
                let (a, b) = (id(u, item)?, id(v, item)?);
                if a == b {
                    return Err(format!(
                        "`{item}` in {text} is a loop: a vertex is not its own neighbour"
                    ));
                }
                edges.push((a, b));
            }
            None => {
                id(item, item)?;
            }
        }
        if edges.len() > MAX_VERTICES * 4 {
            return Err(format!("{text}: at most {} edges", MAX_VERTICES * 4));
        }
    }
    if names.len() > MAX_VERTICES {
        return Err(format!("{text}: at most {MAX_VERTICES} vertices"));
    }
    let mut g = Graph::build(text, Shape::Graph, names);
    for (a, b) in edges {
        g.add_edge(a, b);
    }
    Ok(g.finish())
}

/// A set of vertices, as bits.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Bits(Vec<u64>);

impl Bits {
    /// The set of vertices `0..n`.
    pub fn full(n: usize) -> Bits {
        let mut words = vec![u64::MAX; n.div_ceil(64)];
        if !n.is_multiple_of(64) {
            if let Some(last) = words.last_mut() {
                *last = (1u64 << (n % 64)) - 1;
            }
        }
        Bits(words)
    }

    /// Whether `v` is in the set.
    pub fn has(&self, v: u32) -> bool {
        self.0
            .get(v as usize / 64)
            .is_some_and(|w| w >> (v % 64) & 1 == 1)
    }

    /// Takes `v` out of the set.
    pub fn clear(&mut self, v: u32) {
        if let Some(w) = self.0.get_mut(v as usize / 64) {
            *w &= !(1u64 << (v % 64));
        }
    }

    /// Puts `v` (a vertex of the set's graph) back into the set.
    pub fn insert(&mut self, v: u32) {
        if let Some(w) = self.0.get_mut(v as usize / 64) {
            *w |= 1u64 << (v % 64);
        }
    }

    /// The number of vertices in the set.
    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The vertices in the set, increasing.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros();
                w &= w - 1;
                Some(i as u32 * 64 + b)
            })
        })
    }
}

/// One graph or board of a position and the vertices still in play.
/// Two graphs are equal when written the same (the notation and the
/// vertices gone); two boards when they have the same size and the same
/// empty cells (`3x3` is `.../.../...`).
#[derive(Clone, Debug)]
pub struct Part {
    /// The graph as written.
    pub graph: Arc<Graph>,
    /// The vertices still in play.
    pub alive: Bits,
}

impl Part {
    /// Reads `NOTATION[~v,w,...]`: a graph (or with `board`, a board) and
    /// the vertices gone from it.
    ///
    /// # Errors
    /// What is wrong with the text.
    pub fn parse(word: &str, board: bool) -> Result<Part, String> {
        if board {
            let graph = Graph::parse_board(word)?;
            let alive = graph.all_alive();
            return Ok(Part {
                graph: Arc::new(graph),
                alive,
            });
        }
        let (base, gone) = match word.split_once('~') {
            Some((b, g)) => (b, Some(g)),
            None => (word, None),
        };
        let graph = match base.strip_prefix("file:") {
            Some(path) => file::lookup(path)?,
            None => Arc::new(Graph::parse(base)?),
        };
        let mut alive = graph.all_alive();
        for name in gone.into_iter().flat_map(|g| g.split(',')) {
            let v = graph
                .vertex(name)
                .ok_or_else(|| format!("`{name}` after `~` in {word} is not a vertex of {base}"))?;
            if !alive.has(v) {
                return Err(format!("vertex {name} is gone twice in {word}"));
            }
            alive.clear(v);
        }
        Ok(Part { graph, alive })
    }

    /// The alive neighbours of alive vertex `v`.
    pub fn live_neighbours(&self, v: u32) -> impl Iterator<Item = u32> + '_ {
        self.graph
            .neighbours(v)
            .iter()
            .copied()
            .filter(|&w| self.alive.has(w))
    }

    /// The connected components of the alive vertices, each as its vertex
    /// list (increasing first vertex), in time linear in the graph.
    pub fn components(&self) -> Vec<Vec<u32>> {
        let mut seen = Bits::full(self.graph.len());
        let mut out = Vec::new();
        for s in self.alive.iter() {
            if !seen.has(s) {
                continue;
            }
            seen.clear(s);
            let mut comp = vec![s];
            let mut i = 0;
            while i < comp.len() {
                let u = comp[i];
                i += 1;
                for w in self.live_neighbours(u) {
                    if seen.has(w) {
                        seen.clear(w);
                        comp.push(w);
                    }
                }
            }
            out.push(comp);
        }
        out
    }
}

impl Part {
    /// What equality and hashing look at: the board's size, or the
    /// graph's notation.
    fn identity(&self) -> (Option<(usize, usize)>, &str) {
        match self.graph.board_size() {
            Some(size) => (Some(size), ""),
            None => (None, &self.graph.notation),
        }
    }
}

impl PartialEq for Part {
    fn eq(&self, other: &Part) -> bool {
        self.identity() == other.identity() && self.alive == other.alive
    }
}

impl Eq for Part {}

impl Hash for Part {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.identity().hash(state);
        self.alive.hash(state);
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.graph.write(&self.alive, f)
    }
}
