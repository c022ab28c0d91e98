//! Graph files named in positions and ruleset words: `digraph:FILE`, the
//! undirected `file:PATH` of `nodekayles`, `arckayles` and `geography`, and
//! the picture files `file:PATH` of `hackenbush`.
//! The library reads no files: the command line reads each one here, within
//! [`MAX_GRAPH_FILE`] bytes, and hands its text to the library; the web
//! server refuses them ([`refuse_graph_files`]).

use sprague::ruleset::digraph;

use super::*;

/// The largest graph file `digraph:FILE` reads: 32 MiB. Memory for a graph
/// is a small multiple of its file (each edge costs at least 4 bytes of
/// text, and 12 bytes once built), so this bounds it to a few hundred MB; a
/// larger file is refused before it is read to its end (a file of 10^7
/// edges `a b` is 40 MB, one with real node names over 100 MB).
pub const MAX_GRAPH_FILE: u64 = 32 << 20;

/// The largest graph file this run reads: `--max-graph-file`, else
/// [`MAX_GRAPH_FILE`].
static GRAPH_FILE_LIMIT: std::sync::OnceLock<u64> = std::sync::OnceLock::new();

/// Sets the largest graph file this run reads (`--max-graph-file`, bytes);
/// the first call wins.
pub fn set_max_graph_file(bytes: u64) {
    let _ = GRAPH_FILE_LIMIT.set(bytes);
}

/// The largest graph file this run reads, in bytes.
pub fn max_graph_file() -> u64 {
    *GRAPH_FILE_LIMIT.get_or_init(|| MAX_GRAPH_FILE)
}

/// Refuses any `digraph:FILE` word in `text` (a position or a ruleset word)
/// for a front end that reads no files, the web server: its graphs must be
/// written inline (`digraph:a>b,b>c`).
///
/// # Errors
/// A [`UsageError`] naming the word.
pub fn refuse_graph_files(text: &str) -> Result<(), UsageError> {
    if text.contains('\0') {
        return Err(UsageError(
            "the text holds a NUL character, which no position has".into(),
        ));
    }
    for word in text.split(|c: char| c.is_whitespace() || c == '+') {
        if graph_file(word).is_some() {
            return Err(UsageError(format!(
                "{word}: the server reads no graph files; write the edges inline, as in \
                 digraph:a>b,b>c"
            )));
        }
        if undirected_file(word).is_some() {
            return Err(UsageError(format!(
                "{word}: the server reads no graph files; write the edges inline, as in \
                 nodekayles a-b,b-c"
            )));
        }
    }
    Ok(())
}

/// The file a `digraph:FILE` word names (a source without `>` or `,`;
/// with them the edges are inline), up to the last `@` (after which come
/// the target nodes, `digraph:g.txt@end`).
pub(super) fn graph_file(word: &str) -> Option<&str> {
    word.strip_prefix("digraph:")
        .map(|source| digraph::split_targets(source).0)
        .filter(|source| !source.is_empty() && !source.contains(['>', ',']))
}

/// Reads the graph file of `digraph:FILE` and builds its ruleset.
/// Refuses a file over [`max_graph_file`] bytes (exit 3) without reading
/// past the limit.
pub(super) fn read_graph(word: &str, path: &str) -> anyhow::Result<Ruleset> {
    let text = read_graph_text(word, path)?;
    Ok(digraph::from_file_text(word, &text)
        .map_err(|e| UsageError(format!("{word}: in the graph file {path}: {e}")))?)
}

/// The file an undirected graph word `file:PATH[~gone][@v]` names (of
/// `nodekayles`, `arckayles`, `geography`; `file:PATH=stones@v` of
/// `stones`): PATH up to the first `~`, `@` or `=`.
fn undirected_file(word: &str) -> Option<&str> {
    let rest = word.strip_prefix("file:")?;
    let path = rest.split(['~', '@', '=']).next().unwrap_or("");
    (!path.is_empty()).then_some(path)
}

/// The text of the graph file `path` named by `word`, refused past
/// [`max_graph_file`] bytes (exit 3) without reading past the limit.
fn read_graph_text(word: &str, path: &str) -> anyhow::Result<String> {
    use std::io::Read;
    // A path cut at a `~` or `@` it held says so.
    let cut = word
        .find(path)
        .map(|i| &word[i + path.len()..])
        .is_some_and(|after| after.starts_with(['~', '@', '=']));
    let hint = if cut {
        " (a path ends at its first `~`, `@` or `=`, which mark the vertices gone, the token \
         and the stones, or the edges cut and the ground; a digraph's at its last `@`, which \
         names its targets: rename a file whose name holds them)"
    } else {
        ""
    };
    let cannot = |e: std::io::Error| {
        UsageError(format!(
            "{word}: cannot read the graph file {path}: {e}{hint}"
        ))
    };
    let mut bytes = Vec::new();
    let limit = max_graph_file();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit.saturating_add(1)).read_to_end(&mut bytes))
        .map_err(cannot)?;
    if bytes.len() as u64 > limit {
        return Err(TooLarge(format!(
            "{word}: the graph file {path} is larger than {limit} bytes, the most this run \
             reads; raise it with --max-graph-file SIZE (memory grows with it, about ten \
             times the file: --max-memory bounds it too)"
        ))
        .into());
    }
    Ok(String::from_utf8(bytes).map_err(|e| {
        UsageError(format!(
            "{word}: the graph file {path} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?)
}

/// Reads the graph file of every `digraph:FILE` word in `text` that
/// `parser` does not know yet, and gives the parser its graph (the library
/// reads no files). Cheap when `text` names no graph file.
///
/// # Errors
/// A file that cannot be read or is not a graph without cycles
/// ([`UsageError`]), or one too large ([`TooLarge`]).
pub fn define_graph_files(parser: &mut PositionParser, text: &str) -> anyhow::Result<()> {
    if text.contains("file:") {
        // Files named by `file:PATH` words, each read once a run: a
        // picture file in a `hackenbush` component, else an undirected
        // graph file (`nodekayles file:g.txt`).
        static READ: std::sync::Mutex<Vec<(bool, String)>> = std::sync::Mutex::new(Vec::new());
        for component in text.split('+') {
            let mut words = component.split_whitespace();
            let picture = words.next() == Some("hackenbush");
            for word in words {
                if word
                    .strip_prefix("file:")
                    .is_some_and(|r| r.starts_with(['~', '@', '=']))
                {
                    return Err(UsageError(format!(
                        "{word}: the file's path is empty: `~` and `@` end it (they mark the \
                         vertices gone and the token, or the edges cut and the ground, \
                         file:PATH~a,b@c), and `~/` is not your home folder here; write the \
                         path without them, e.g. $HOME/g.txt"
                    ))
                    .into());
                }
                let Some(path) = undirected_file(word) else {
                    continue;
                };
                let mut read = READ.lock().unwrap_or_else(|e| e.into_inner());
                if read.iter().any(|(p, q)| *p == picture && q == path) {
                    continue;
                }
                let text = read_graph_text(word, path)?;
                let defined = if picture {
                    sprague::ruleset::hackenbush::define_file(path, &text)
                } else {
                    sprague::ruleset::undirected::define_file(path, &text)
                };
                let kind = if picture { "picture" } else { "graph" };
                defined
                    .map_err(|e| UsageError(format!("{word}: in the {kind} file {path}: {e}")))?;
                read.push((picture, path.to_string()));
            }
        }
    }
    if !text.contains("digraph:") {
        return Ok(());
    }
    for word in text.split(|c: char| c.is_whitespace() || c == '+') {
        if let Some(path) = graph_file(word) {
            if !parser.is_defined(word) {
                parser.define(read_graph(word, path)?);
            }
        }
    }
    Ok(())
}
