//! A Hackenbush picture: a multigraph standing on the ground, read from and
//! written in its two notations (SPEC section 1).
//!
//! - **String notation** (as in CGSuite, green edges only): each `e` is an
//!   edge from the current vertex to a new one, which becomes current;
//!   `(a;b;c)` starts each branch at the current vertex (and the vertex
//!   after the group is the one it started at); `:A` or `:{name}` labels
//!   the current vertex, and a label used again makes the current vertex
//!   the labelled one (`:Aeee:A` is a triangle on the ground, `:Ae:A` a
//!   loop). The first vertex is on the ground. `0` is the empty picture.
//! - **Edge list**: `u-v` separated by commas, vertices numbers, vertex 0
//!   the ground (`0-1,1-2,2-0,1-3`); loops and repeated edges allowed.
//!
//! Reading and writing never recurse, so a stalk of a million edges is as
//! safe as a short one.

use std::collections::HashMap;
use std::sync::Arc;

use super::file::Source;
use std::fmt::Write as _;

/// Which notation a picture was written in (it is printed back in the
/// same one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// CGSuite's string notation, `e(ee;e)`.
    String,
    /// An edge list, `0-1,1-2`.
    EdgeList,
    /// A picture file and the edges cut, `file:tree.txt~3,17` (see
    /// [`define_file`](super::define_file)).
    File,
}

/// A picture: vertices `0..vertices` (0 the ground), edges in the order of
/// the notation (the k-th `e`, or the k-th `u-v`), and for an edge list the
/// number each vertex was written with.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Picture {
    pub(crate) notation: Notation,
    pub(crate) vertices: u32,
    pub(crate) edges: Vec<(u32, u32)>,
    /// For an edge list: the number written for each vertex (`labels[0]`
    /// is 0); for a file, each vertex's number in the file. Empty for the
    /// string notation.
    pub(crate) labels: Vec<u32>,
    /// For a picture read from a file: the file and its edges kept.
    pub(crate) source: Option<Arc<Source>>,
}

/// Why a word is not a Hackenbush picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureError {
    /// What is wrong.
    pub why: String,
    /// The character (from 1) where it was found, if at one.
    pub column: Option<usize>,
}

impl std::fmt::Display for PictureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.column {
            Some(c) => write!(f, "at character {c}: {}", self.why),
            None => f.write_str(&self.why),
        }
    }
}

fn error(why: impl Into<String>, column: Option<usize>) -> PictureError {
    PictureError {
        why: why.into(),
        column,
    }
}

/// The most edges a picture may have (edge and vertex numbers are `u32`).
const MAX_EDGES: usize = (u32::MAX - 1) as usize;

impl Picture {
    /// The empty picture (nothing on the ground), written `0`.
    pub fn empty(notation: Notation) -> Picture {
        Picture {
            notation,
            vertices: 1,
            edges: Vec::new(),
            labels: if notation == Notation::EdgeList {
                vec![0]
            } else {
                Vec::new()
            },
            source: None,
        }
    }

    /// Reads a picture in the string notation or as an edge list (an edge
    /// list when the word holds a `-`); `0` is the empty picture.
    /// [`Picture::parse`] reads `file:` words too.
    pub(super) fn parse_notation(word: &str) -> Result<Picture, PictureError> {
        if word == "0" {
            return Ok(Picture::empty(Notation::String));
        }
        if word.contains('-') {
            Picture::parse_edge_list(word)
        } else {
            Picture::parse_string(word)
        }
    }

    fn parse_edge_list(word: &str) -> Result<Picture, PictureError> {
        let mut index: HashMap<u32, u32> = HashMap::new();
        let mut labels = vec![0u32];
        index.insert(0, 0);
        let mut edges = Vec::new();
        let mut column = 1;
        for item in word.split(',') {
            let bad = || {
                error(
                    format!("`{item}` is not an edge u-v (two vertex numbers, 0 the ground)"),
                    Some(column),
                )
            };
            if item.is_empty() {
                return Err(error(
                    "an empty edge (a comma at the end, or two commas together)",
                    Some(column),
                ));
            }
            let (u, v) = item.split_once('-').ok_or_else(bad)?;
            let number = |s: &str| -> Result<u32, PictureError> {
                if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad());
                }
                s.parse::<u32>().map_err(|_| {
                    error(
                        format!("vertex {s} is past 4294967295, the largest vertex number"),
                        Some(column),
                    )
                })
            };
            let (u, v) = (number(u)?, number(v)?);
            let mut vertex = |n: u32| {
                *index.entry(n).or_insert_with(|| {
                    labels.push(n);
                    labels.len() as u32 - 1
                })
            };
            let (a, b) = (vertex(u), vertex(v));
            edges.push((a, b));
            if edges.len() > MAX_EDGES {
                return Err(error("too many edges", None));
            }
            column += item.chars().count() + 1;
        }
        let picture = Picture {
            notation: Notation::EdgeList,
            vertices: labels.len() as u32,
            edges,
            labels,
            source: None,
        };
        picture.check_grounded()?;
        Ok(picture)
    }

    fn parse_string(word: &str) -> Result<Picture, PictureError> {
        // Vertices merged by labels, in a union-find with path halving.
        let mut parent: Vec<u32> = vec![0];
        fn find(parent: &mut [u32], mut v: u32) -> u32 {
            while parent[v as usize] != v {
                let p = parent[v as usize];
                parent[v as usize] = parent[p as usize];
                v = p;
            }
            v
        }
        let mut labels: HashMap<&str, u32> = HashMap::new();
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut groups: Vec<(u32, usize)> = Vec::new();
        let mut current = 0u32;
        let chars: Vec<(usize, char)> = word.char_indices().collect();
        let mut i = 0;
        while i < chars.len() {
            let (at, c) = chars[i];
            let column = Some(i + 1);
            match c {
                'e' => {
                    let v = parent.len() as u32;
                    if edges.len() >= MAX_EDGES {
                        return Err(error("too many edges", None));
                    }
                    parent.push(v);
                    edges.push((current, v));
                    current = v;
                }
                '(' => groups.push((current, i + 1)),
                ';' => match groups.last() {
                    Some(&(start, _)) => current = start,
                    None => return Err(error("`;` outside parentheses", column)),
                },
                ')' => match groups.pop() {
                    Some((start, _)) => current = start,
                    None => return Err(error("`)` without its `(`", column)),
                },
                ':' => {
                    let (name, next) = match chars.get(i + 1) {
                        Some(&(from, '{')) => {
                            let close = chars[i + 2..]
                                .iter()
                                .position(|&(_, c)| c == '}')
                                .ok_or_else(|| error("`:{` without its `}`", column))?;
                            let end = chars[i + 2 + close].0;
                            let name = &word[from + 1..end];
                            if name.is_empty() {
                                return Err(error("an empty label `:{}`", column));
                            }
                            (name, i + 3 + close)
                        }
                        Some(&(from, c)) if c.is_ascii_alphabetic() => {
                            (&word[from..from + 1], i + 2)
                        }
                        _ => {
                            return Err(error(
                                "`:` must be followed by a label, a letter or `{name}`",
                                column,
                            ))
                        }
                    };
                    match labels.get(name) {
                        Some(&v) => {
                            let (a, b) = (find(&mut parent, current), find(&mut parent, v));
                            if a != b {
                                // Keep the lower number as the root, so the
                                // ground stays 0.
                                let (lo, hi) = (a.min(b), a.max(b));
                                parent[hi as usize] = lo;
                            }
                            current = find(&mut parent, v);
                        }
                        None => {
                            labels.insert(name, current);
                        }
                    }
                    i = next;
                    continue;
                }
                c if c.is_alphabetic() => {
                    return Err(error(
                        format!(
                            "`{c}` is not a green edge: only green edges (`e`) are supported \
                             (red and blue edges make the game partizan)"
                        ),
                        column,
                    ))
                }
                c => {
                    return Err(error(
                        format!(
                            "`{c}` has no meaning here (a picture is written with e, ( ; ), \
                             :A or :{{name}}, or as an edge list 0-1,1-2)"
                        ),
                        column,
                    ))
                }
            }
            let _ = at;
            i += 1;
        }
        if let Some(&(_, column)) = groups.last() {
            return Err(error("`(` without its `)`", Some(column)));
        }
        // Number the merged vertices densely, the ground first.
        let mut number = vec![u32::MAX; parent.len()];
        let mut vertices = 0u32;
        for v in 0..parent.len() as u32 {
            let r = find(&mut parent, v);
            if number[r as usize] == u32::MAX {
                number[r as usize] = vertices;
                vertices += 1;
            }
        }
        let edges = edges
            .iter()
            .map(|&(a, b)| {
                (
                    number[find(&mut parent, a) as usize],
                    number[find(&mut parent, b) as usize],
                )
            })
            .collect();
        Ok(Picture {
            notation: Notation::String,
            vertices,
            edges,
            labels: Vec::new(),
            source: None,
        })
    }

    /// Refuses an edge list with edges not connected to the ground.
    fn check_grounded(&self) -> Result<(), PictureError> {
        let grounded = self.grounded_vertices(None);
        match self.edges.iter().find(|&&(u, _)| !grounded[u as usize]) {
            Some(&(u, v)) => Err(error(
                format!(
                    "edge {}-{} does not reach the ground (vertex 0); it would fall at once",
                    self.labels[u as usize], self.labels[v as usize]
                ),
                None,
            )),
            None => Ok(()),
        }
    }

    /// The vertices connected to the ground, without edge `cut` if given.
    pub(crate) fn grounded_vertices(&self, cut: Option<usize>) -> Vec<bool> {
        let n = self.vertices as usize;
        let adjacency = Adjacency::new(self);
        let cut = cut.map_or(u32::MAX, |e| e as u32);
        let mut seen = vec![false; n];
        seen[0] = true;
        let mut stack = vec![0u32];
        while let Some(u) = stack.pop() {
            for &(v, e) in adjacency.at(u) {
                if e != cut && !seen[v as usize] {
                    seen[v as usize] = true;
                    stack.push(v);
                }
            }
        }
        seen
    }

    /// The picture after cutting edge `cut`: parts no longer connected to
    /// the ground fall away. A string picture is written again and read
    /// back, so that its edges are numbered as its new text shows them.
    pub fn cut(&self, cut: usize) -> Picture {
        let grounded = self.grounded_vertices(Some(cut));
        let kept: Vec<usize> = (0..self.edges.len())
            .filter(|&i| i != cut && grounded[self.edges[i].0 as usize])
            .collect();
        // Renumber the vertices left, in order (the ground stays 0).
        let mut number = vec![u32::MAX; self.vertices as usize];
        let mut labels = Vec::new();
        let mut vertices = 0u32;
        for v in 0..self.vertices as usize {
            if grounded[v] {
                number[v] = vertices;
                vertices += 1;
                if let Some(&l) = self.labels.get(v) {
                    labels.push(l);
                }
            }
        }
        let after = Picture {
            notation: self.notation,
            vertices,
            edges: kept
                .iter()
                .map(|&i| self.edges[i])
                .map(|(u, v)| (number[u as usize], number[v as usize]))
                .collect(),
            labels,
            source: self.source.as_ref().map(|s| Arc::new(s.keep(&kept))),
        };
        match self.notation {
            Notation::EdgeList | Notation::File => after,
            // Written by the same rules it is read by: never fails.
            Notation::String => Picture::parse_string(&after.to_string())
                .unwrap_or_else(|_| Picture::empty(Notation::String)),
        }
    }

    /// The name of edge `i` as a person finds it: its number (the i-th
    /// `e`, from 1) in the string notation, `u-v` in an edge list or a
    /// file (with the file's names).
    pub fn edge_name(&self, i: usize) -> String {
        let (u, v) = self.edges[i];
        match (self.notation, &self.source) {
            (Notation::File, Some(s)) => format!(
                "{}-{}",
                s.name(self.labels[u as usize]),
                s.name(self.labels[v as usize])
            ),
            (Notation::String, _) => (i + 1).to_string(),
            _ => format!("{}-{}", self.labels[u as usize], self.labels[v as usize]),
        }
    }

    /// The number a person gives edge `i`: its place in the picture
    /// (from 1), or for a picture file its line's place among the file's
    /// edges.
    pub fn edge_number(&self, i: usize) -> usize {
        match &self.source {
            Some(s) => s.number(i),
            None => i + 1,
        }
    }

    /// The edge a person named: a number (from 1) in the string notation,
    /// `u-v` (either way round; the first such edge) in an edge list, or a
    /// number in an edge list too; in a picture file, the file's edge
    /// number or `u-v` with the file's names.
    pub fn find_edge(&self, name: &str) -> Option<usize> {
        if let Ok(k) = name.parse::<usize>() {
            if let Some(s) = &self.source {
                return s.edge_numbered(k);
            }
            return (k >= 1 && k <= self.edges.len()).then(|| k - 1);
        }
        let (u, v) = name.split_once('-')?;
        let (u, v) = match &self.source {
            Some(s) => (s.vertex(u)?, s.vertex(v)?),
            None => (u.parse::<u32>().ok()?, v.parse::<u32>().ok()?),
        };
        let label = |x: u32| self.labels.iter().position(|&l| l == x);
        let (a, b) = (label(u)? as u32, label(v)? as u32);
        self.edges
            .iter()
            .position(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
    }

    /// The same graph written in `notation` (an edge list numbers the
    /// vertices 0, 1, ... from the ground; the string notation is written
    /// afresh and read back, so its edges are numbered as its text shows;
    /// [`Notation::File`] leaves the picture as it is).
    pub fn with_notation(&self, notation: Notation) -> Picture {
        match notation {
            // A file is where a picture is read from, not a way to write
            // one: the picture as it is.
            Notation::File => self.clone(),
            Notation::EdgeList => Picture {
                notation,
                vertices: self.vertices,
                edges: self.edges.clone(),
                labels: (0..self.vertices).collect(),
                source: None,
            },
            Notation::String => {
                let mut text = String::new();
                self.write_string(&mut text);
                if text == "0" {
                    Picture::empty(Notation::String)
                } else {
                    Picture::parse_string(&text).unwrap_or_else(|_| Picture::empty(notation))
                }
            }
        }
    }

    /// When the picture is a stalk (a path of edges up from the ground,
    /// a Nim heap of its length): its edges from the ground up; `None`
    /// otherwise. Linear time.
    pub fn stalk(&self) -> Option<Vec<usize>> {
        let n = self.vertices as usize;
        if self.edges.len() + 1 != n {
            return None;
        }
        let mut degree = vec![0u32; n];
        for &(u, v) in &self.edges {
            if u == v {
                return None;
            }
            degree[u as usize] += 1;
            degree[v as usize] += 1;
        }
        if degree[0] > 1 || degree.iter().any(|&d| d > 2) {
            return None;
        }
        let adjacency = Adjacency::new(self);
        let mut order = Vec::with_capacity(self.edges.len());
        let (mut at, mut via) = (0u32, u32::MAX);
        while let Some(&(next, e)) = adjacency.at(at).iter().find(|&&(_, e)| e != via) {
            order.push(e as usize);
            (at, via) = (next, e);
        }
        (order.len() == self.edges.len()).then_some(order)
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The string notation of the graph: a depth-first walk from the
    /// ground, `e` for each edge to a new vertex, a label on each vertex
    /// that an edge returns to, branches in parentheses.
    fn write_string(&self, out: &mut String) {
        if self.edges.is_empty() {
            out.push('0');
            return;
        }
        let n = self.vertices as usize;
        let adjacency = Adjacency::new(self);
        // A spanning tree by depth-first search, in preorder.
        let mut order = vec![u32::MAX; n];
        let mut tree_edge = vec![false; self.edges.len()];
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        order[0] = 0;
        let mut count = 1;
        while let Some(&mut (u, ref mut next)) = stack.last_mut() {
            if let Some(&(v, i)) = adjacency.at(u).get(*next) {
                let i = i as usize;
                *next += 1;
                if order[v as usize] == u32::MAX {
                    order[v as usize] = count;
                    count += 1;
                    tree_edge[i] = true;
                    stack.push((v, 0));
                }
            } else {
                stack.pop();
            }
        }
        // Each vertex's items: tree edges to children, and the other edges
        // at whichever end comes later (pointing back to a label).
        enum Item {
            Child(u32),
            Back(u32),
        }
        let mut items: Vec<Vec<Item>> = (0..n).map(|_| Vec::new()).collect();
        let mut labelled = vec![false; n];
        for (i, &(u, v)) in self.edges.iter().enumerate() {
            let (first, later) = if order[u as usize] <= order[v as usize] {
                (u, v)
            } else {
                (v, u)
            };
            if tree_edge[i] {
                items[first as usize].push(Item::Child(later));
            } else {
                labelled[first as usize] = true;
                items[later as usize].push(Item::Back(first));
            }
        }
        // Labels in the order the vertices are written (the preorder of the
        // search, which the writing follows), so each comes before any
        // edge that returns to it.
        let mut by_order: Vec<u32> = (0..n as u32).collect();
        by_order.sort_unstable_by_key(|&v| order[v as usize]);
        let mut names = vec![0u32; n];
        let mut next_name = 0u32;
        for &v in &by_order {
            if labelled[v as usize] {
                names[v as usize] = next_name;
                next_name += 1;
            }
        }
        let label = |out: &mut String, k: u32| {
            if k < 26 {
                out.push(':');
                out.push((b'A' + k as u8) as char);
            } else {
                let _ = write!(out, ":{{{}}}", k + 1);
            }
        };
        // Emit: a frame per vertex being written, with its next item.
        let mut frames: Vec<(u32, usize)> = Vec::new();
        let enter = |out: &mut String, v: u32, frames: &mut Vec<(u32, usize)>| {
            if labelled[v as usize] {
                label(out, names[v as usize]);
            }
            if items[v as usize].len() > 1 {
                out.push('(');
            }
            frames.push((v, 0));
        };
        enter(out, 0, &mut frames);
        while let Some(&mut (v, ref mut next)) = frames.last_mut() {
            let list = &items[v as usize];
            if *next < list.len() {
                if *next > 0 {
                    out.push(';');
                }
                let item = &list[*next];
                *next += 1;
                out.push('e');
                match *item {
                    Item::Child(c) => enter(out, c, &mut frames),
                    Item::Back(w) => label(out, names[w as usize]),
                }
            } else {
                if list.len() > 1 {
                    out.push(')');
                }
                frames.pop();
            }
        }
    }
}

impl std::fmt::Display for Picture {
    /// The picture in its notation; `0` when nothing is left.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.notation {
            Notation::String => {
                let mut out = String::new();
                self.write_string(&mut out);
                f.write_str(&out)
            }
            Notation::File => match &self.source {
                Some(source) => source.write(&self.labels, f),
                None => f.write_str("0"),
            },
            Notation::EdgeList if self.edges.is_empty() => f.write_str("0"),
            Notation::EdgeList => {
                for (i, &(u, v)) in self.edges.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{}-{}", self.labels[u as usize], self.labels[v as usize])?;
                }
                Ok(())
            }
        }
    }
}

/// Adjacency lists in one array: the (neighbour, edge) pairs of vertex `v`
/// are `items[offsets[v]..offsets[v + 1]]`; a loop is listed once.
pub(crate) struct Adjacency {
    offsets: Vec<u32>,
    items: Vec<(u32, u32)>,
}

impl Adjacency {
    pub(crate) fn new(picture: &Picture) -> Adjacency {
        let n = picture.vertices as usize;
        let mut offsets = vec![0u32; n + 1];
        for &(u, v) in &picture.edges {
            offsets[u as usize + 1] += 1;
            if u != v {
                offsets[v as usize + 1] += 1;
            }
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets.clone();
        let mut items = vec![(0u32, 0u32); offsets[n] as usize];
        for (i, &(u, v)) in picture.edges.iter().enumerate() {
            items[fill[u as usize] as usize] = (v, i as u32);
            fill[u as usize] += 1;
            if u != v {
                items[fill[v as usize] as usize] = (u, i as u32);
                fill[v as usize] += 1;
            }
        }
        Adjacency { offsets, items }
    }

    pub(crate) fn at(&self, v: u32) -> &[(u32, u32)] {
        &self.items[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }
}
