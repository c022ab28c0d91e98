//! The layers of ARCHITECTURE.md, checked: every module of the library
//! belongs to a layer, and a `use` line or a `crate::`/`super::` path may
//! only name a module of its own layer or of one below; and no modules of
//! the workspace's crates name each other in a circle. A failure names the
//! file and the line of each import at fault.
//!
//! The imports are read as text: comments, string literals and
//! `#[cfg(test)] mod … { … }` blocks are left out (a test may reach where
//! the code may not), and a path counts as naming the longest module
//! prefix of it that is a file of the crate. A module's own file (`mod.rs`
//! or `name.rs`) declaring and re-exporting its children is how Rust
//! modules are built, so an arrow from a module to one of its own
//! descendants is no arrow here; an arrow from a child up to its parent is.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The library's top-level modules, layer by layer, bottom first. A module
/// may name modules of its own layer (without a circle) and of the layers
/// below; never one above. Keep in step with ARCHITECTURE.md.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "vocabulary",
        &[
            "nimber", "outcome", "basis", "comment", "progress", "budget", "limits", "illegal",
            "args", "moves", "error", "wrap", "drawing",
        ],
    ),
    ("game core", &["game", "takebreak"]),
    ("generic engines", &["solver", "loopy", "sequence"]),
    ("rules", &["ruleset"]),
    ("positions", &["position", "movetext", "board"]),
    ("ruleset engines", &["misere", "count"]),
    (
        "analysis",
        &["analysis", "grid", "explain", "verify", "session"],
    ),
];

/// Circles known and left for now, each with why: a crate, and the
/// modules of the circle as the failure names them. A circle not on this
/// list fails the test; take a line out when its circle is broken.
const KNOWN_CIRCLES: &[(&str, &str, &str)] = &[(
    "sprague-cli",
    "cmd, web",
    "`serve` starts the server, whose answers call the commands' functions",
)];

/// One source file: its module path (`["ruleset", "coins"]`), its path and
/// its text with comments and strings blanked out.
struct Source {
    module: Vec<String>,
    path: PathBuf,
    code: String,
}

/// One import: from a module to the module a path names, at a line.
struct Arrow {
    from: Vec<String>,
    to: Vec<String>,
    path: PathBuf,
    line: usize,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module a file is: `src/ruleset/coins/mod.rs` is `ruleset::coins`,
/// `src/lib.rs` and `src/main.rs` the crate root.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") || parts == ["lib"] || parts == ["main"] {
        parts.pop();
    }
    parts
}

/// The text with comments, string and character literals blanked (line
/// breaks kept, so line numbers hold).
fn blank_comments_and_strings(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && (i == 0 || !(b[i - 1].is_alphanumeric() || b[i - 1] == '_'))
        {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.extend(b[i..j.min(b.len())].iter().map(|&c| blank(c)));
            i = j;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{1F600}') or a lifetime.
            let close = if next == Some('\\') {
                (i + 2..b.len().min(i + 12)).find(|&j| b[j] == '\'')
            } else if b.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match close {
                Some(j) => {
                    out.extend(std::iter::repeat_n(' ', j + 1 - i));
                    i = j + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The code with every `#[cfg(test)]` item blanked (its braces matched).
fn blank_test_items(code: &str) -> String {
    let mut out: Vec<char> = code.chars().collect();
    let pattern: Vec<char> = "#[cfg(test)]".chars().collect();
    let mut i = 0;
    while i + pattern.len() <= out.len() {
        if out[i..i + pattern.len()] != pattern[..] {
            i += 1;
            continue;
        }
        // Blank through the end of the item: a `;` before any `{`, or the
        // matching `}`.
        let start = i;
        let mut j = i + pattern.len();
        let mut depth = 0usize;
        while j < out.len() {
            match out[j] {
                ';' if depth == 0 => break,
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            j += 1;
        }
        let end = (j + 1).min(out.len());
        for c in &mut out[start..end] {
            if *c != '\n' {
                *c = ' ';
            }
        }
        i = j + 1;
    }
    out.into_iter().collect()
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The paths a `use` tree names, each as its list of segments
/// (`a::{b, c::d}` is `a::b` and `a::c::d`).
fn expand_use_tree(tree: &str) -> Vec<Vec<String>> {
    fn walk(s: &[char], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut segments = prefix.to_vec();
        loop {
            while *i < s.len() && s[*i].is_whitespace() {
                *i += 1;
            }
            if *i >= s.len() {
                break;
            }
            if s[*i] == '{' {
                *i += 1;
                loop {
                    walk(s, i, &segments, out);
                    while *i < s.len() && s[*i].is_whitespace() {
                        *i += 1;
                    }
                    if *i < s.len() && s[*i] == ',' {
                        *i += 1;
                        continue;
                    }
                    if *i < s.len() && s[*i] == '}' {
                        *i += 1;
                    }
                    return;
                }
            }
            let start = *i;
            while *i < s.len() && (is_ident(s[*i]) || s[*i] == '*') {
                *i += 1;
            }
            if start == *i {
                // `,` or `}`: the end of this branch.
                out.push(segments);
                return;
            }
            segments.push(s[start..*i].iter().collect());
            while *i < s.len() && s[*i].is_whitespace() {
                *i += 1;
            }
            if s[*i..].starts_with(&[':', ':']) {
                *i += 2;
                continue;
            }
            // `as name`, `,` or `}` or the end.
            if s[*i..].starts_with(&['a', 's']) {
                *i += 2;
                while *i < s.len() && (s[*i].is_whitespace() || is_ident(s[*i])) {
                    *i += 1;
                }
            }
            out.push(segments);
            return;
        }
        out.push(segments);
    }
    let chars: Vec<char> = tree.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    walk(&chars, &mut i, &[], &mut out);
    out
}

/// Every path of the code that may name a module of its crate, with its
/// line: the trees of `use` items, and `crate::…`, `super::…` and
/// `self::…` paths anywhere.
fn paths_in(code: &str) -> Vec<(Vec<String>, usize)> {
    let chars: Vec<char> = code.chars().collect();
    let line_at = |i: usize| chars[..i].iter().filter(|&&c| c == '\n').count() + 1;
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let at_word = i == 0 || !is_ident(chars[i - 1]);
        if at_word
            && chars[i..].starts_with(&['u', 's', 'e'])
            && chars.get(i + 3).is_some_and(|c| c.is_whitespace())
        {
            let end = (i..chars.len())
                .find(|&j| chars[j] == ';')
                .unwrap_or(chars.len());
            let tree: String = chars[i + 3..end].iter().collect();
            let line = line_at(i);
            out.extend(expand_use_tree(&tree).into_iter().map(|p| (p, line)));
            i = end;
            continue;
        }
        for root in ["crate::", "super::", "self::"] {
            let r: Vec<char> = root.chars().collect();
            if at_word && chars[i..].starts_with(&r) {
                let start = i;
                let mut j = i;
                while j < chars.len() && (is_ident(chars[j]) || chars[j..].starts_with(&[':', ':']))
                {
                    j += if chars[j] == ':' { 2 } else { 1 };
                }
                let text: String = chars[start..j].iter().collect();
                let segments = text
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect();
                out.push((segments, line_at(start)));
                i = j;
                break;
            }
        }
        i += 1;
    }
    out
}

/// The module a path names, from the module `here`: the longest prefix of
/// it that is a module of `modules`; `None` for another crate's path.
fn resolve(
    here: &[String],
    path: &[String],
    modules: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    let mut base: Vec<String>;
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => {
            base = Vec::new();
            rest = &path[1..];
        }
        Some("self") => {
            base = here.to_vec();
            rest = &path[1..];
        }
        Some("super") => {
            base = here.to_vec();
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
        }
        Some(first) => {
            // A bare path: a child module of this one (2018 paths).
            let mut child = here.to_vec();
            child.push(first.to_owned());
            if !modules.contains(&child) {
                return None;
            }
            base = here.to_vec();
        }
        None => return None,
    }
    for segment in rest {
        let mut longer = base.clone();
        longer.push(segment.clone());
        if !modules.contains(&longer) {
            break;
        }
        base = longer;
    }
    Some(base)
}

fn read_crate(src: &Path) -> Vec<Source> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files
        .into_iter()
        .filter(|f| f.file_name().is_none_or(|n| n != "tests.rs"))
        .map(|path| {
            let text = fs::read_to_string(&path).unwrap();
            Source {
                module: module_of(src, &path),
                code: blank_test_items(&blank_comments_and_strings(&text)),
                path,
            }
        })
        .collect()
}

/// The names each module hands on with `pub use` (or `pub(crate) use`),
/// and the path each stands for, resolved from that module.
fn re_exports(
    sources: &[Source],
    modules: &BTreeSet<Vec<String>>,
) -> BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>> {
    let mut out: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for source in sources {
        let code = &source.code;
        let mut from = 0;
        while let Some(at) = code[from..].find("pub") {
            let start = from + at;
            from = start + 3;
            let rest = code[from..].trim_start();
            let rest = match rest.strip_prefix("(crate)") {
                Some(r) => r.trim_start(),
                None => rest,
            };
            let Some(tree) = rest.strip_prefix("use ") else {
                continue;
            };
            let tree = &tree[..tree.find(';').unwrap_or(tree.len())];
            for path in expand_use_tree(tree) {
                let (Some(name), Some(module)) =
                    (path.last(), resolve(&source.module, &path, modules))
                else {
                    continue;
                };
                if module != source.module && name != "*" {
                    out.entry(source.module.clone())
                        .or_default()
                        .insert(name.clone(), path.clone());
                }
            }
        }
    }
    out
}

/// The module a path names, following the re-exports of the module it
/// first reaches (`crate::Limits` is `analysis`, where `Limits` is).
fn resolve_through(
    here: &[String],
    path: &[String],
    modules: &BTreeSet<Vec<String>>,
    exports: &BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>>,
) -> Option<Vec<String>> {
    let mut here = here.to_vec();
    let mut path = path.to_vec();
    let mut module = resolve(&here, &path, modules)?;
    for _ in 0..8 {
        // The segment after the module's own: a name it may hand on.
        let consumed = segments_to(&here, &path, &module)?;
        let Some(name) = path.get(consumed) else {
            break;
        };
        let Some(next) = exports.get(&module).and_then(|e| e.get(name)) else {
            break;
        };
        here = module.clone();
        path = next.clone();
        module = resolve(&here, &path, modules)?;
    }
    Some(module)
}

/// How many segments of `path` (read from `here`) lead to `module`.
fn segments_to(here: &[String], path: &[String], module: &[String]) -> Option<usize> {
    let (base, skipped): (Vec<String>, usize) = match path.first().map(String::as_str) {
        Some("crate") => (Vec::new(), 1),
        Some("self") => (here.to_vec(), 1),
        Some("super") => {
            let n = path.iter().take_while(|s| *s == "super").count();
            (here[..here.len().saturating_sub(n)].to_vec(), n)
        }
        _ => (here.to_vec(), 0),
    };
    Some(skipped + module.len().checked_sub(base.len())?)
}

fn arrows(sources: &[Source]) -> Vec<Arrow> {
    let modules: BTreeSet<Vec<String>> = sources.iter().map(|s| s.module.clone()).collect();
    let exports = re_exports(sources, &modules);
    let mut out = Vec::new();
    for source in sources {
        for (path, line) in paths_in(&source.code) {
            let Some(to) = resolve_through(&source.module, &path, &modules, &exports) else {
                continue;
            };
            // A module naming itself or its own descendants is no arrow.
            if to.starts_with(&source.module) {
                continue;
            }
            out.push(Arrow {
                from: source.module.clone(),
                to,
                path: source.path.clone(),
                line,
            });
        }
    }
    out
}

fn show(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_owned()
    } else {
        module.join("::")
    }
}

/// The circles among the modules: for every module with children, its
/// children (each with its descendants) and its own file as nodes, and the
/// arrows between them; each circle with the arrows that make it.
fn circles(arrows: &[Arrow], known: &[&str]) -> Vec<String> {
    // The parents: every proper prefix of a module that appears.
    let mut parents: BTreeSet<Vec<String>> = BTreeSet::new();
    for a in arrows {
        for m in [&a.from, &a.to] {
            for k in 0..m.len() {
                parents.insert(m[..k].to_vec());
            }
        }
    }
    let mut found = Vec::new();
    for parent in &parents {
        // Node of a module under `parent`: the child it lies in, or the
        // parent's own file ("").
        let node = |m: &[String]| -> Option<String> {
            if !m.starts_with(parent) {
                return None;
            }
            Some(m.get(parent.len()).cloned().unwrap_or_default())
        };
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for a in arrows {
            let (Some(f), Some(t)) = (node(&a.from), node(&a.to)) else {
                continue;
            };
            if f != t && !f.is_empty() {
                edges.entry(f).or_default().insert(t);
            }
        }
        for component in strongly_connected(&edges) {
            let members = component
                .iter()
                .map(|c| {
                    let mut m = parent.clone();
                    if !c.is_empty() {
                        m.push(c.clone());
                    }
                    show(&m)
                })
                .collect::<Vec<_>>()
                .join(", ");
            if known.contains(&members.as_str()) {
                continue;
            }
            let mut lines = vec![format!(
                "circle among the modules of {}: {members}",
                show(parent),
            )];
            for a in arrows {
                let (Some(f), Some(t)) = (node(&a.from), node(&a.to)) else {
                    continue;
                };
                if f != t && !f.is_empty() && component.contains(&f) && component.contains(&t) {
                    lines.push(format!(
                        "  {}:{}: {} names {}",
                        a.path.display(),
                        a.line,
                        show(&a.from),
                        show(&a.to)
                    ));
                }
            }
            found.push(lines.join("\n"));
        }
    }
    found
}

/// Tarjan's strongly connected components of more than one node.
fn strongly_connected(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        if let Some(next) = s.edges.get(v) {
            for w in next {
                if !s.index.contains_key(w.as_str()) {
                    visit(s, w);
                    let lw = s.low[w.as_str()];
                    let lv = s.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if s.on_stack.contains(w.as_str()) {
                    let iw = s.index[w.as_str()];
                    let lv = s.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on_stack.remove(w);
                component.push(w.to_owned());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn library_imports_point_down_the_layers() {
    let src = workspace().join("crates/sprague/src");
    let sources = read_crate(&src);
    let layer_of = |m: &[String]| -> Option<usize> {
        let top = m.first()?;
        LAYERS
            .iter()
            .position(|(_, mods)| mods.contains(&top.as_str()))
    };
    let mut faults = Vec::new();
    for source in &sources {
        if !source.module.is_empty() && layer_of(&source.module).is_none() {
            faults.push(format!(
                "{}: module {} is on no layer: add it to LAYERS and to ARCHITECTURE.md",
                source.path.display(),
                show(&source.module)
            ));
        }
    }
    for a in arrows(&sources) {
        let (Some(from), Some(to)) = (layer_of(&a.from), layer_of(&a.to)) else {
            continue;
        };
        if to > from {
            faults.push(format!(
                "{}:{}: {} ({}) names {} ({}), a higher layer",
                a.path.display(),
                a.line,
                show(&a.from),
                LAYERS[from].0,
                show(&a.to),
                LAYERS[to].0
            ));
        }
    }
    assert!(
        faults.is_empty(),
        "imports running up the layers:\n{}",
        faults.join("\n")
    );
}

#[test]
fn no_circles_between_modules() {
    let mut faults = Vec::new();
    for krate in ["sprague", "sprague-cli", "sprague-py", "sprague-plot"] {
        let src = workspace().join("crates").join(krate).join("src");
        let sources = read_crate(&src);
        let known: Vec<&str> = KNOWN_CIRCLES
            .iter()
            .filter(|(k, _, _)| *k == krate)
            .map(|(_, members, _)| *members)
            .collect();
        faults.extend(circles(&arrows(&sources), &known));
    }
    assert!(
        faults.is_empty(),
        "{} circles:\n{}",
        faults.len(),
        faults.join("\n")
    );
}

#[test]
fn the_reader_sees_use_trees_and_paths() {
    let code = blank_test_items(&blank_comments_and_strings(
        "use crate::a::{b, c::{d, e as f}};\n// use crate::x;\nlet s = \"crate::y\";\nfn g() { crate::h::i(); }\n#[cfg(test)]\nmod tests { use crate::z; }\n",
    ));
    let paths: Vec<String> = paths_in(&code)
        .into_iter()
        .map(|(p, line)| format!("{}@{line}", p.join("::")))
        .collect();
    assert_eq!(
        paths,
        [
            "crate::a::b@1",
            "crate::a::c::d@1",
            "crate::a::c::e@1",
            "crate::h::i@4"
        ]
    );
}
