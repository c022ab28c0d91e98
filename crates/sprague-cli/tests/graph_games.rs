//! The games on graphs and boards from the command line (issue 35): a lone
//! Geography token answered at once by its theorem, its Grundy value
//! searched only within a small budget unless asked for; sums that need
//! the value stopped by the limit with exit status 3.

mod common;
use common::sprague;
use serde_json::Value;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = sprague().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The positions each listed winning move leaves (`leaving ...`).
fn leaving(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| {
            l.split_once(", leaving ")
                .map(|(_, p)| p.trim().to_string())
        })
        .collect()
}

#[test]
fn a_lone_token_on_a_6_by_6_grid_is_answered_without_its_value() {
    // Was a search of 2,000,000 positions (31 s in a debug build) for a
    // value the theorem does not need.
    let (code, out, err) = run(&["analyze", "geography grid:6x6@1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("outcome:  N"), "{out}");
    assert!(
        out.contains("value:    unknown, the outcome needs no value (not computed: its search stopped at 10000 positions"),
        "{out}"
    );
    assert!(
        out.contains("--value searches within --max-states"),
        "{out}"
    );
    let after = leaving(&out);
    assert_eq!(after, ["geography grid:6x6~1@2", "geography grid:6x6~1@7"]);
    for p in after {
        let (code, out, _) = run(&["analyze", &p]);
        assert_eq!(code, 0);
        assert!(out.contains("outcome:  P"), "{p}: {out}");
    }
    // The JSON says why the value is null.
    let (code, out, _) = run(&["analyze", "geography grid:6x6@1", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    common::schema::check("analysis.schema.json", &v);
    assert_eq!(v["value"], Value::Null);
    assert_eq!(v["value_unknown"], "budget");
    // A small value is still found within the budget.
    let (_, out, _) = run(&["analyze", "geography grid:3x3@2", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], 1);
    assert_eq!(v.get("value_unknown"), None);
}

#[test]
fn a_value_asked_for_or_needed_by_a_sum_is_searched_within_the_limit() {
    for args in [
        &[
            "analyze",
            "geography grid:6x6@1",
            "--value",
            "--max-states",
            "20000",
        ][..],
        &[
            "analyze",
            "geography grid:6x6@1 + nim 1",
            "--max-states",
            "20000",
        ][..],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 3, "{args:?}: {out}{err}");
        assert!(err.contains("--max-states"), "{err}");
        assert!(out.is_empty(), "{out}");
    }
    // Asked for and found.
    let (code, out, err) = run(&["analyze", "geography grid:3x4@1", "--value"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:    "), "{out}");
    assert!(!out.contains("unknown"), "{out}");
}

/// A graph file of 1,000 vertices and 1,500 distinct random edges (a fixed
/// linear congruential generator), one edge `u v` a line.
fn sparse_graph_file(dir: &std::path::Path) -> std::path::PathBuf {
    let mut x: u64 = 35;
    let mut next = || {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 33) % 1000 + 1
    };
    let mut edges = std::collections::BTreeSet::new();
    while edges.len() < 1500 {
        let (a, b) = (next(), next());
        if a != b {
            edges.insert((a.min(b), a.max(b)));
        }
    }
    let mut text = String::from("# 1,000 vertices, 1,500 edges\n");
    for v in 1..=1000 {
        text.push_str(&format!("{v}\n"));
    }
    for (a, b) in edges {
        text.push_str(&format!("{a} {b}\n"));
    }
    let path = dir.join("sparse1000.txt");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn geography_on_a_graph_file_of_1000_vertices_with_its_winning_moves() {
    let dir = tempfile::tempdir().unwrap();
    let path = sparse_graph_file(dir.path());
    let file = path.to_str().unwrap();
    let mut answered = 0;
    for v in [1, 2, 3, 500, 1000] {
        let position = format!("geography file:{file}@{v}");
        let (code, out, err) = run(&["analyze", &position]);
        assert_eq!(code, 0, "{err}");
        let after = leaving(&out);
        if out.contains("outcome:  N") {
            answered += 1;
            assert!(!after.is_empty(), "{out}");
        } else {
            assert!(out.contains("outcome:  P"), "{out}");
            assert!(after.is_empty(), "{out}");
        }
        // Every winning move leaves a P-position, read back from the file.
        for p in after {
            let (code, out, err) = run(&["analyze", &p]);
            assert_eq!(code, 0, "{err}");
            assert!(out.contains("outcome:  P"), "{p}: {out}");
        }
    }
    assert!(answered > 0, "no N-position among the tokens tried");
    // Node Kayles reads the same file, undirected.
    let (code, out, err) = run(&[
        "analyze",
        &format!(
            "nodekayles file:{file}~{}",
            (1..=990)
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(",")
        ),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:    "), "{out}");
}

#[test]
fn graph_files_name_the_line_and_column_of_a_bad_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "a b\n# a comment\nb c d\n").unwrap();
    let bad = bad.to_str().unwrap();
    let (code, _, err) = run(&["analyze", &format!("geography file:{bad}@a")]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "in the graph file {bad}: line 3, column 5: `d` is a third word"
        )),
        "{err}"
    );
    std::fs::write(dir.path().join("loop.txt"), "a a\n").unwrap();
    let lp = dir.path().join("loop.txt");
    let (code, _, err) = run(&["analyze", &format!("arckayles file:{}", lp.display())]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("line 1, column 3") && err.contains("loop"),
        "{err}"
    );
    let (code, _, err) = run(&["analyze", "nodekayles file:/no/such/graph.txt"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("cannot read the graph file /no/such/graph.txt"),
        "{err}"
    );
    // A vertex of the file that is not there.
    let good = dir.path().join("p3.txt");
    std::fs::write(&good, "a b\nb c\n").unwrap();
    let (code, _, err) = run(&["analyze", &format!("geography file:{}@z", good.display())]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`z`"), "{err}");
}

/// The vertices gone from a graph word `G~a,b,...` (or `G~a,b@v`).
fn gone(word: &str) -> Vec<String> {
    let word = word.split('@').next().unwrap();
    word.split_once('~')
        .map(|(_, g)| g.split(',').map(str::to_string).collect())
        .unwrap_or_default()
}

#[test]
fn graph_game_moves_in_json_name_what_they_take() {
    let json = |position: &str| -> Value {
        let (code, out, err) = run(&["analyze", position, "--json", "--max-moves", "all"]);
        assert_eq!(code, 0, "{err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        common::schema::check("analysis.schema.json", &v);
        assert!(
            !v["winning_moves"].as_array().unwrap().is_empty(),
            "{position}"
        );
        v
    };
    // Node Kayles: the vertex taken is among the vertices gone after it
    // (with its neighbours); Arc Kayles: exactly the edge's two ends go.
    for (position, arc) in [
        ("nodekayles path:10~1", false),
        ("nodekayles grid:2x2 grid:1x3", false),
        ("arckayles cycle:5 + nim 1", true),
        ("arckayles petersen~1,2", true),
    ] {
        let v = json(position);
        for m in v["winning_moves"].as_array().unwrap() {
            let c = &m["change"];
            if m["ruleset"] == "nim" {
                continue;
            }
            assert_eq!(c["kind"], "pick", "{m}");
            let part = c["part"].as_u64().unwrap() as usize;
            let taken: Vec<String> = c["taken"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap().to_string())
                .collect();
            assert_eq!(taken.len(), if arc { 2 } else { 1 }, "{m}");
            let words = |p: &str| -> Vec<String> {
                p.split(" + ")
                    .next()
                    .unwrap()
                    .split(' ')
                    .skip(1)
                    .map(str::to_string)
                    .collect()
            };
            let (before, after) = (
                gone(&words(position)[part]),
                gone(&words(m["after"].as_str().unwrap())[part]),
            );
            let new: Vec<&String> = after.iter().filter(|g| !before.contains(g)).collect();
            for t in &taken {
                assert!(new.contains(&t), "{m}: {t} not gone");
            }
            if arc {
                assert_eq!(new.len(), 2, "{m}");
            }
        }
    }
    // Cram: the two cells were empty and are covered after.
    let v = json("cram 2x3");
    for m in v["winning_moves"].as_array().unwrap() {
        let c = &m["change"];
        assert_eq!(c["kind"], "pick", "{m}");
        let after = m["after"].as_str().unwrap().strip_prefix("cram ").unwrap();
        let rows: Vec<&str> = after.split('/').collect();
        let taken = c["taken"].as_array().unwrap();
        assert_eq!(taken.len(), 2, "{m}");
        for cell in taken {
            let (r, col) = cell.as_str().unwrap().split_once('.').unwrap();
            let (r, col): (usize, usize) = (r.parse().unwrap(), col.parse().unwrap());
            assert_eq!(rows[r - 1].as_bytes()[col - 1], b'#', "{m}");
        }
        assert_eq!(after.matches('#').count(), 2, "{m}");
    }
    // Chomp: the square R.C goes with every square above and to its right.
    let v = json("chomp 4,3,3");
    for m in v["winning_moves"].as_array().unwrap() {
        let c = &m["change"];
        assert_eq!(c["kind"], "pick", "{m}");
        let (r, col) = c["taken"][0].as_str().unwrap().split_once('.').unwrap();
        let (r, col): (usize, u64) = (r.parse().unwrap(), col.parse().unwrap());
        let mut rows = [4u64, 3, 3];
        for row in rows.iter_mut().skip(r - 1) {
            *row = (*row).min(col - 1);
        }
        let want: Vec<String> = rows
            .iter()
            .filter(|&&n| n > 0)
            .map(u64::to_string)
            .collect();
        assert_eq!(m["after"], format!("chomp {}", want.join(",")), "{m}");
    }
    // Geography: a token move, as digraph's.
    let v = json("geography grid:3x3@2");
    for m in v["winning_moves"].as_array().unwrap() {
        let c = &m["change"];
        assert_eq!(c["kind"], "token", "{m}");
        assert_eq!(c["before"], "2", "{m}");
        let to = c["after"].as_str().unwrap();
        assert_eq!(m["after"], format!("geography grid:3x3~2@{to}"), "{m}");
    }
}

/// A graph file's path ends at `~` or `@` (they mark the vertices gone and
/// the token): `file:~/g.txt` and a name holding `~` say so.
#[test]
fn a_path_cut_at_a_tilde_says_why() {
    let (code, _, err) = run(&["analyze", "nodekayles file:~/g.txt"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("path is empty") && err.contains("$HOME"),
        "{err}"
    );
    let dir = std::env::temp_dir().join(format!("sprague-tilde-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g~1.txt");
    std::fs::write(&file, "a b\nb c\n").unwrap();
    let word = format!("nodekayles file:{}", file.display());
    let (code, _, err) = run(&["analyze", &word]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a path ends at its first `~`"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `hackenbush file:PATH` (issue 53): a tree of 10^5 edges from a file is
/// answered, its winning move leaves a short word (the file and the cut)
/// that reads back to a P-position, and the same file path in a
/// `nodekayles` component of the same batch is read as a graph.
#[test]
fn hackenbush_reads_a_picture_file_of_a_hundred_thousand_edges() {
    let dir = tempfile::tempdir().unwrap();
    // A caterpillar: a spine 1-2-...-50000 on the ground 1, a leaf on each.
    let path = dir.path().join("tree.txt");
    let mut text = String::from("# rooted at 1\n");
    for v in 1..50_000 {
        text += &format!("{v} {}\n", v + 1);
    }
    for v in 1..=50_000 {
        text += &format!("{v} leaf{v}\n");
    }
    std::fs::write(&path, &text).unwrap();
    let word = format!("hackenbush file:{}@1", path.display());
    let (code, out, err) = run(&["analyze", &word]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("outcome:  N"), "{out}");
    let after = leaving(&out);
    assert!(!after.is_empty(), "{out}");
    for p in &after {
        assert!(p.len() < word.len() + 20, "the word grew: {p}");
        let (code, out, err) = run(&["analyze", p]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("outcome:  P"), "{p}: {out}");
    }
    // In a batch, beside a graph file read by Node Kayles.
    let graph = dir.path().join("p3.txt");
    std::fs::write(&graph, "a b\nb c\n").unwrap();
    let input = format!(
        "{word}\n{}  # cut\nnodekayles file:{}\n",
        after[0],
        graph.display()
    );
    let out = common::sprague()
        .arg("batch")
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let out = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("N\thackenbush file:"), "{out}");
    assert_eq!(lines[1], "P", "{out}");
    assert!(lines[2].starts_with("N\tnodekayles file:"), "{out}");
    // Bad files and words name what is wrong.
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "0 a\na b c\n").unwrap();
    let (code, _, err) = run(&["analyze", &format!("hackenbush file:{}", bad.display())]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("in the picture file") && err.contains("line 2, column 5"),
        "{err}"
    );
    let (code, _, err) = run(&["analyze", &format!("hackenbush file:{}~1", graph.display())]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("vertex `0`, is not in"), "{err}");
}
