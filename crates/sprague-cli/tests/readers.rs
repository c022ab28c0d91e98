//! Every reader of lines reads a position as `analyze` reads it whole.
//!
//! A `#` standing alone as a word starts a comment (`sprague::comment`);
//! a `#` inside a word is part of it, such as a filled cell of a Cram
//! board. Issue 53: `batch` once cut `cram .....#....` at its `#` and
//! answered for the board `.....` with exit 0.
//!
//! Here positions of every ruleset, boards with `#` cells among them, are
//! generated at random (seeded), written to `batch` (plain and `--json`,
//! with comments, blanks and CRLF around them), to the API's `analyze`
//! and `batch`, and held against `analyze --json` of the same text: the
//! differential check of issue 61. `count --sizes-file` and the graph
//! files (`digraph:FILE`, `file:PATH`) are held against the same rule.

mod common;

use common::server::Server;
use common::sprague;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use sprague_cli::web::Settings;

/// A random board of `.` and `#`, rows joined by `/` (never a lone `#`,
/// which no notation holds: it is a comment).
fn board(rng: &mut StdRng, max_rows: u32, max_cols: u32) -> String {
    loop {
        let b = any_board(rng, max_rows, max_cols);
        if b != "#" {
            return b;
        }
    }
}

fn any_board(rng: &mut StdRng, max_rows: u32, max_cols: u32) -> String {
    let rows = rng.random_range(1..=max_rows);
    let cols = rng.random_range(1..=max_cols);
    (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| if rng.random_bool(0.3) { '#' } else { '.' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn heaps(rng: &mut StdRng, count: std::ops::RangeInclusive<u32>, max: u64) -> String {
    let n = rng.random_range(count);
    (0..n)
        .map(|_| rng.random_range(0..=max).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn coins(rng: &mut StdRng) -> String {
    let n = rng.random_range(1..=9);
    (0..n)
        .map(|_| if rng.random_bool(0.5) { 'H' } else { 'T' })
        .collect()
}

/// One component of a random ruleset, small enough for a quick search.
fn component(rng: &mut StdRng) -> String {
    match rng.random_range(0..27) {
        0 => format!("nim {}", heaps(rng, 1..=4, 40)),
        1 => format!("moore:2 {}", heaps(rng, 1..=3, 6)),
        2 => format!("staircase {}", heaps(rng, 1..=4, 9)),
        3 => format!("sub:1,3,4 {}", heaps(rng, 1..=3, 60)),
        4 => format!("sub:squares {}", heaps(rng, 1..=2, 50)),
        5 => format!("kayles {}", heaps(rng, 1..=3, 30)),
        6 => format!("dawson {}", heaps(rng, 1..=3, 30)),
        7 => format!("octal:0.137 {}", heaps(rng, 1..=2, 30)),
        8 => format!("grundy {}", heaps(rng, 1..=2, 30)),
        9 => format!("wythoff {}", heaps(rng, 2..=2, 20)),
        10 => {
            let nodes = ["a", "b", "c"];
            let from = nodes[rng.random_range(0..3)];
            format!("digraph:a>b,b>c,a>c {from}")
        }
        11 => [
            "hackenbush 0-1,1-2,2-0,1-3",
            "hackenbush 0-1,1-2",
            "hackenbush 0-1,0-2,2-3",
        ][rng.random_range(0..3)]
        .to_string(),
        12 => format!("nodekayles path:{}", rng.random_range(1..=9)),
        13 => format!("arckayles cycle:{}", rng.random_range(3..=7)),
        14 => format!("cram {}", board(rng, 3, 4)),
        15 => format!("cram {} {}", board(rng, 2, 3), board(rng, 2, 3)),
        16 => format!(
            "chomp {}x{}",
            rng.random_range(1..=3),
            rng.random_range(1..=4)
        ),
        17 => format!("turtles {}", coins(rng)),
        18 => format!("mock {}", coins(rng)),
        19 => format!("ruler {}", heaps(rng, 1..=3, 100)),
        20 => format!(
            "corners {},{}",
            rng.random_range(1..=6),
            rng.random_range(1..=6)
        ),
        21 => format!(
            "fibnim {} {}",
            rng.random_range(1..=30),
            rng.random_range(1..=30)
        ),
        22 => format!(
            "euclid {} {}",
            rng.random_range(1..=40),
            rng.random_range(1..=40)
        ),
        23 => format!("welter {}", heaps(rng, 1..=3, 12)),
        24 => format!("divisor {}", heaps(rng, 1..=2, 60)),
        25 => format!("rule:n-1,n-2,n/2&n/2:even {}", heaps(rng, 1..=2, 30)),
        _ => format!(
            "geography grid:{}x{}@1",
            rng.random_range(1..=3),
            rng.random_range(2..=3)
        ),
    }
}

/// A random position: one to three components joined by `+`.
fn position(rng: &mut StdRng) -> String {
    let n = rng.random_range(1..=3);
    (0..n)
        .map(|_| component(rng))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// `analyze --json --max-moves 3 TEXT`, or its error and exit status.
fn analyze(text: &str) -> Result<Value, (String, i32)> {
    let out = sprague()
        .args(["analyze", "--json", "--max-moves", "3", text])
        .output()
        .unwrap();
    if out.status.success() {
        Ok(serde_json::from_slice(&out.stdout).unwrap())
    } else {
        Err((
            String::from_utf8_lossy(&out.stderr).into_owned(),
            out.status.code().unwrap(),
        ))
    }
}

/// The fields every reader answers alike.
fn essence(v: &Value) -> Value {
    json!({
        "position": v["position"],
        "outcome": v["outcome"],
        "value": v["value"],
        "basis": v["basis"],
        "winning_moves": v["winning_moves"],
    })
}

/// The lines written to `batch` for `positions`: each with a comment, a
/// lone `#`, CRLF or spaces around it, and comment lines between.
fn batch_input(rng: &mut StdRng, positions: &[String]) -> String {
    let mut input = String::from("# positions of every ruleset\n\n");
    for p in positions {
        match rng.random_range(0..5) {
            0 => input.push_str(&format!("{p}\n")),
            1 => input.push_str(&format!("{p}   # a note with # and #.# in it\n")),
            2 => input.push_str(&format!("  {p}\t#\n")),
            3 => input.push_str(&format!("{p}\r\n")),
            _ => input.push_str(&format!("{p} #\r\n#\n")),
        }
    }
    input
}

/// `batch --json --max-moves 3` of `input`: one JSON line an answer.
fn batch_json(input: &str) -> Vec<Value> {
    let out = sprague()
        .args(["batch", "--json", "--max-moves", "3"])
        .write_stdin(input)
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The 150 random Cram boards of issue 53: `batch` answers each as
/// `analyze` does (58 of them were wrong when `#` cut the line).
#[test]
fn one_hundred_fifty_cram_boards_in_batch_equal_analyze() {
    let mut rng = StdRng::seed_from_u64(53);
    let boards: Vec<String> = (0..150)
        .map(|_| format!("cram {}", board(&mut rng, 3, 5)))
        .collect();
    assert!(boards.iter().filter(|b| b.contains('#')).count() > 100);
    let input = batch_input(&mut rng, &boards);
    let answers = batch_json(&input);
    assert_eq!(answers.len(), boards.len(), "{input}");
    let mut equal = 0;
    for (text, answer) in boards.iter().zip(&answers) {
        let whole = analyze(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert_eq!(essence(answer), essence(&whole), "{text}");
        equal += 1;
    }
    assert_eq!(equal, 150);
    // The plain output too: the first word of each answer is the outcome.
    let out = sprague().arg("batch").write_stdin(input).output().unwrap();
    let plain = String::from_utf8(out.stdout).unwrap();
    let outcomes: Vec<&str> = plain.lines().map(|l| &l[..1]).collect();
    let expected: Vec<String> = answers
        .iter()
        .map(|a| a["outcome"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(outcomes, expected);
}

/// Positions of every ruleset, 1 to 3 components each: `batch --json`
/// (comments, CRLF and blanks around the lines), the API's `analyze` and
/// `batch` and `analyze --json` agree on each (the differential check;
/// `SPRAGUE_DIFFERENTIAL_CASES` sets how many, 300 by default).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_reader_reads_positions_of_every_ruleset_as_analyze() {
    let cases: usize = std::env::var("SPRAGUE_DIFFERENTIAL_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut rng = StdRng::seed_from_u64(61);
    let positions: Vec<String> = (0..cases).map(|_| position(&mut rng)).collect();
    let input = batch_input(&mut rng, &positions);
    let from_batch = batch_json(&input);
    assert_eq!(from_batch.len(), positions.len());
    let server = Server::start(Settings::default());
    let (status, from_api_batch) = server
        .post("batch", &json!({"positions": positions, "max_moves": 3}))
        .await;
    assert_eq!(status, 200, "{from_api_batch}");
    let from_api_batch = from_api_batch["results"].as_array().unwrap().clone();
    let mut disagreements = Vec::new();
    let mut answered = 0;
    for (i, text) in positions.iter().enumerate() {
        let whole = tokio::task::block_in_place(|| analyze(text));
        let (status, api) = server
            .post("analyze", &json!({"position": text, "max_moves": 3}))
            .await;
        match whole {
            Ok(whole) => {
                answered += 1;
                let want = essence(&whole);
                for (reader, got) in [
                    ("batch --json", &from_batch[i]),
                    ("API batch", &from_api_batch[i]),
                    ("API analyze", &api),
                ] {
                    if essence(got) != want {
                        disagreements.push(format!("{reader}: {text}: {got} != {want}"));
                    }
                }
                assert_eq!(status, 200, "{text}: {api}");
            }
            Err((message, code)) => {
                // Refused whole: refused by every reader (a line error).
                assert!(matches!(code, 2 | 3), "{text}: exit {code}: {message}");
                for (reader, got) in [
                    ("batch --json", &from_batch[i]),
                    ("API batch", &from_api_batch[i]),
                ] {
                    if got.get("error").is_none() {
                        disagreements.push(format!(
                            "{reader}: {text}: answered {got}, analyze refused: {message}"
                        ));
                    }
                }
            }
        }
    }
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
    assert!(
        answered * 10 >= cases * 9,
        "only {answered} of {cases} answered"
    );
    eprintln!("differential: {cases} positions, {answered} answered, 0 disagreements");
}

/// A lone `#`, the one word that could be a board or a comment, is no
/// board: `analyze` refuses it by name, so no position read whole holds
/// what a line reader takes for a comment.
#[test]
fn a_lone_hash_is_never_a_board() {
    for text in ["cram #", "cram .. #", "cram # ..", "nim 3 + cram #"] {
        let (err, code) = analyze(text).unwrap_err();
        assert_eq!(code, 2, "{text}: {err}");
        assert!(err.contains("`#` alone is not a board"), "{text}: {err}");
    }
    assert!(analyze("cram #/#").is_ok());
    assert!(analyze("cram ## .#").is_ok());
}

/// `count --sizes-file`: `5 # note` is 5, lines of `#` comments are
/// skipped, and `#5` is neither (a clear error that says how to write a
/// comment).
#[test]
fn sizes_files_read_comments_by_the_same_rule() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sizes.txt");
    std::fs::write(&path, "# the sizes\n1 # one\n2\t#\n#\n\n3\n").unwrap();
    let path = path.to_str().unwrap();
    let with_file = common::stdout_of(&["count", "nim", "--heaps", "3", "--sizes-file", path]);
    let listed = common::stdout_of(&["count", "nim", "--heaps", "3", "--sizes", "1,2,3"]);
    assert_eq!(with_file, listed);
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "1\n#2\n").unwrap();
    let (err, code) = common::cli_error(&[
        "count",
        "nim",
        "--heaps",
        "3",
        "--sizes-file",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("line 2") && err.contains("`#` standing alone"),
        "{err}"
    );
}

/// Graph files: `a b # c d` is the edge a-b and a comment; a `#` inside a
/// word is refused by name, for `digraph:FILE` and `file:PATH` alike.
#[test]
fn graph_files_read_comments_by_the_same_rule() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("g.txt");
    std::fs::write(&good, "# a path a-b-c\na b # c d\nb c\t#\n").unwrap();
    let good = good.to_str().unwrap();
    let from_file = analyze(&format!("digraph:{good} a")).unwrap();
    let inline = analyze("digraph:a>b,b>c a").unwrap();
    assert_eq!(from_file["value"], inline["value"]);
    assert_eq!(from_file["value"], json!(0));
    let undirected = analyze(&format!("nodekayles file:{good}")).unwrap();
    let path = analyze("nodekayles path:3").unwrap();
    assert_eq!(undirected["value"], path["value"]);
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "a b\nb#c d\n").unwrap();
    let bad = bad.to_str().unwrap();
    for text in [format!("digraph:{bad} a"), format!("nodekayles file:{bad}")] {
        let (err, code) = analyze(&text).unwrap_err();
        assert_eq!(code, 2, "{text}: {err}");
        assert!(err.contains("line 2"), "{text}: {err}");
    }
}
