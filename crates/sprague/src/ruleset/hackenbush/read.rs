//! Reading a picture's word in any notation, a picture file's included:
//! [`Picture::parse`]. It sits above both the picture ([`super::picture`])
//! and the file store ([`super::file`]), which builds no picture itself.

use std::sync::Arc;

use super::file::{lookup, PictureFile, Source};
use super::picture::{Notation, Picture, PictureError};

impl Picture {
    /// Reads a picture in either notation: a picture file when the word
    /// starts `file:` (once its text is given to
    /// [`define_file`](super::define_file)),
    /// an edge list when it holds a `-`, else the string notation.
    ///
    /// # Errors
    /// [`PictureError`] naming what is wrong and where: a letter other than
    /// `e` (red and blue edges are partizan), unbalanced parentheses, a bad
    /// label, a bad edge, an edge that does not reach the ground.
    pub fn parse(word: &str) -> Result<Picture, PictureError> {
        match word.strip_prefix("file:") {
            Some(rest) => parse_word(rest),
            None => Picture::parse_notation(word),
        }
    }
}

/// Reads the picture of a word `file:PATH[~CUTS][@GROUND]` (the text after
/// `file:`).
fn parse_word(rest: &str) -> Result<Picture, PictureError> {
    let fail = |why: String| PictureError { why, column: None };
    let end = rest.find(['~', '@']).unwrap_or(rest.len());
    let (path, mut tail) = rest.split_at(end);
    if path.is_empty() {
        return Err(fail(
            "the picture file's path is empty: write file:PATH (a path ends at its first `~` \
             or `@`)"
                .into(),
        ));
    }
    let file = lookup(path).ok_or_else(|| {
        fail(format!(
            "the picture file {path} has not been read: the library reads no files; the \
             command line reads file:PATH itself (sprague::ruleset::hackenbush::define_file)"
        ))
    })?;
    let mut cut = vec![false; file.edges.len()];
    let mut any_cut = false;
    if let Some(list) = tail.strip_prefix('~') {
        let end = list.find('@').unwrap_or(list.len());
        for item in list[..end].split(',') {
            let k = item.parse::<usize>().ok().filter(|&k| k >= 1);
            match k {
                Some(k) if k <= cut.len() => cut[k - 1] = true,
                _ => {
                    return Err(fail(format!(
                        "`~{}`: `{item}` is not an edge of {path}: the edges cut are numbers \
                         from 1 to {}, in the order of the file, separated by single commas",
                        &list[..end],
                        cut.len()
                    )))
                }
            }
        }
        any_cut = true;
        tail = &list[end..];
    }
    let ground_name = match tail.strip_prefix('@') {
        Some(name) => name,
        None if tail.is_empty() => "0",
        None => {
            return Err(fail(format!(
                "`{tail}` after the path: write the edges cut first, then the ground, as in \
                 file:{path}~3,17@1"
            )))
        }
    };
    if ground_name.contains('~') {
        return Err(fail(format!(
            "`@{ground_name}`: write the edges cut first, then the ground, as in \
             file:{path}~3,17@1"
        )));
    }
    let ground = file.index.get(ground_name).copied().ok_or_else(|| {
        fail(format!(
            "the ground, vertex `{ground_name}`, is not in {path}: name the ground as \
             file:{path}@v with v a vertex of the file"
        ))
    })?;
    build(&file, ground, &cut, any_cut)
}

/// The picture of `file` with the edges marked in `cut` gone and what no
/// longer reaches the ground fallen. Without cuts, an edge that does not
/// reach the ground is an error naming its line.
fn build(
    file: &Arc<PictureFile>,
    ground: u32,
    cut: &[bool],
    any_cut: bool,
) -> Result<Picture, PictureError> {
    let n = file.names.len();
    // What stands: the file's edges left, as a picture whose vertex 0 is
    // the ground (the ground and vertex 0 swap numbers), searched from it.
    let swap = |v: u32| match v {
        _ if v == ground => 0,
        0 => ground,
        _ => v,
    };
    let left = Picture {
        notation: Notation::EdgeList,
        vertices: n as u32,
        edges: (file.edges.iter().enumerate())
            .filter(|&(e, _)| !cut[e])
            .map(|(_, &(u, v))| (swap(u), swap(v)))
            .collect(),
        labels: Vec::new(),
        source: None,
    };
    let reached = left.grounded_vertices(None);
    drop(left);
    let grounded: Vec<bool> = (0..n as u32).map(|v| reached[swap(v) as usize]).collect();
    // The ground is vertex 0 of the picture, the others follow in the
    // order of the file.
    let mut number = vec![u32::MAX; n];
    let mut labels = vec![ground];
    number[ground as usize] = 0;
    for v in 0..n as u32 {
        if grounded[v as usize] && v != ground {
            number[v as usize] = labels.len() as u32;
            labels.push(v);
        }
    }
    let mut edges = Vec::new();
    let mut origin = Vec::new();
    for (e, &(u, v)) in file.edges.iter().enumerate() {
        if cut[e] {
            continue;
        }
        if !grounded[u as usize] {
            if !any_cut {
                return Err(PictureError {
                    why: format!(
                        "edge {} {} (line {} of {}) does not reach the ground (vertex {}); it \
                         would fall at once",
                        file.names[u as usize],
                        file.names[v as usize],
                        file.lines[e],
                        file.path,
                        file.names[ground as usize]
                    ),
                    column: None,
                });
            }
            continue;
        }
        edges.push((number[u as usize], number[v as usize]));
        origin.push(e as u32);
    }
    Ok(Picture {
        notation: Notation::File,
        vertices: labels.len() as u32,
        edges,
        labels,
        source: Some(Arc::new(Source {
            file: file.clone(),
            ground,
            origin,
        })),
    })
}
