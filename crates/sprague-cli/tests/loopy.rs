//! Games with draws through the real binary: `digraph:` boards with
//! cycles answered (outcome D, ∞ values, drawing moves), `--remoteness`,
//! JSON fields, misère refused, batch lines, and `play` ending in a draw
//! by agreement or at the move limit.

mod common;
use common::sprague;

fn run(args: &[&str]) -> (i32, String, String) {
    run_with(args, "")
}

fn run_with(args: &[&str], input: &str) -> (i32, String, String) {
    let out = sprague().args(args).write_stdin(input).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn the_issues_examples_are_answered() {
    let (code, out, err) = run(&["analyze", "digraph:a>b,b>a,b>c a"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("outcome:  P"), "{out}");
    let (code, out, _) = run(&["analyze", "digraph:a>b,b>a a", "--remoteness"]);
    assert_eq!(code, 0);
    assert!(out.contains("value:    ∞(∅)"), "{out}");
    assert!(out.contains("outcome:  D (a draw"), "{out}");
    assert!(
        out.contains("moves that keep the draw (1; every other move loses):"),
        "{out}"
    );
    assert!(out.contains("remoteness: none (a draw"), "{out}");
}

#[test]
fn json_has_the_draw_fields_and_fits_the_schema() {
    let (code, out, _) = run(&[
        "analyze",
        "digraph:a>b,b>a,b>c,d>e,e>d a d",
        "--json",
        "--remoteness",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    // a is worth 0 and d ⇄ e is ∞(∅): the sum is ∞(∅), a draw.
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["value"], serde_json::Value::Null);
    assert_eq!(v["generalized_value"], "∞(∅)");
    assert_eq!(v["component_values"], serde_json::json!(["∞(∅)"]));
    assert_eq!(v["remoteness"], serde_json::Value::Null);
    // Both a → b (to b, worth 1 beside ∞: still a draw) and d → e keep the draw.
    assert_eq!(v["drawing_moves"].as_array().unwrap().len(), 2, "{out}");
    common::schema::check_output(&["analyze", "--json"], &out);
    // A token on a ⇄ b (both may exit to c, worth 0, so both are ∞(0))
    // beside nim 3: ∞(0 ⊕ 3) = ∞(3), a draw.
    let (code, out, _) = run(&["analyze", "digraph:a>b,b>a,a>c,b>c a + nim 3", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["outcome"], "D", "{out}");
    assert_eq!(v["generalized_value"], "∞(3)");
    let (code, out, _) = run(&[
        "analyze",
        "digraph:a>b,b>a,b>c,c>d a",
        "--json",
        "--remoteness",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    // d is P, c is N; neither a nor b can reach a P-position in one move
    // and each can avoid losing by moving to the other: a draw.
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["remoteness"], serde_json::Value::Null);
}

#[test]
fn misere_of_a_game_with_cycles_is_refused_clearly() {
    let (code, _, err) = run(&["analyze", "digraph:a>b,b>a a", "--misere"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("misère play of games with draws is not implemented"),
        "{err}"
    );
    // A cycle the tokens cannot reach changes nothing.
    let (code, out, _) = run(&["analyze", "digraph:a>b,c>d,d>c a", "--misere"]);
    assert_eq!(code, 0);
    assert!(out.contains("outcome:  P"), "{out}");
}

#[test]
fn batch_writes_d_and_a_move_that_keeps_the_draw() {
    let (code, out, _) = run_with(
        &["batch"],
        "digraph:a>b,b>a a\ndigraph:a>b,b>a,b>c b\ndigraph:a>b,b>a,b>c a\n",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out, "D\tdigraph:a>b,b>a b\nN\tdigraph:a>b,b>a,b>c a\nP\n",
        "{out}"
    );
}

#[test]
fn a_graph_file_with_cycles() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cycles.txt");
    // A 3-cycle x → y → z → x with an exit z → end.
    std::fs::write(&file, "x y\ny z\nz x\nz end\n").unwrap();
    let word = format!("digraph:{}", file.display());
    // z wins at once (to end); y must move to z: P; x must move to y: N.
    for (node, outcome, remoteness) in [("z", "N", "1"), ("y", "P", "2"), ("x", "N", "3")] {
        let (code, out, _) = run(&["analyze", &word, node, "--remoteness"]);
        assert_eq!(code, 0);
        assert!(
            out.contains(&format!("outcome:  {outcome}")),
            "{node}: {out}"
        );
        assert!(
            out.contains(&format!("remoteness: {remoteness} ")),
            "{node}: {out}"
        );
    }
    // Every node of this graph has a number for its value: listed.
    let (code, out, _) = run(&["sequence", &word, "--format", "csv"]);
    assert_eq!(code, 0);
    // z → x (1), end (0): 2; y → z: 0; x → y: 1.
    assert_eq!(out, "node,g\nx,1\ny,0\nz,2\nend,0\n");
    // A node worth ∞ has no number: `sequence` says so.
    let (code, _, err) = run(&["sequence", "digraph:a>b,b>a"]);
    assert_eq!(code, 2);
    assert!(err.contains("the graph has cycles"), "{err}");
}

#[test]
fn play_ends_in_a_draw_by_agreement_or_at_the_move_limit() {
    // A bare 2-cycle: a draw; the computer agrees to one.
    let (code, out, _) = run_with(&["play", "digraph:a>b,b>a a", "--seed", "1"], "draw\n");
    assert_eq!(code, 0);
    assert!(out.contains("This game can go on forever"), "{out}");
    assert!(out.contains("the computer agrees"), "{out}");
    assert!(out.trim_end().ends_with("draw agreed"), "{out}");
    // It declines where the player to move can win.
    let (_, out, _) = run_with(&["play", "digraph:a>b,b>a,b>c b", "--seed", "1"], "draw\n");
    assert!(out.contains("the computer declines"), "{out}");
    // At the move limit the game ends in a draw.
    let (code, out, _) = run_with(
        &[
            "play",
            "digraph:a>b,b>a a",
            "--seed",
            "1",
            "--move-limit",
            "3",
        ],
        "1 b\n1 b\n",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("move limit: 3 moves have been played, and the game ends here"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("draw"), "{out}");
}

#[test]
fn the_computer_wins_fast_and_loses_slowly() {
    // From b the computer can win at once (b → c) or by b → a, after
    // which the human must return to b... a → b is the only move from a,
    // so b → a is also winning (a is P) but slower: it takes b → c.
    let (_, out, _) = run_with(
        &[
            "play",
            "digraph:a>b,b>a,b>c b",
            "--first",
            "computer",
            "--seed",
            "7",
        ],
        "",
    );
    assert!(out.contains("computer: move token 1 from b to c"), "{out}");
    assert!(out.contains("computer wins"), "{out}");
    // From p (a P-position; the cycle t ⇄ u makes the game loopy) the
    // computer loses whatever it does: p → q leaves remoteness 1 (q → end),
    // p → r remoteness 3 (r → s → t → end); it picks r, the slower loss.
    let (_, out, _) = run_with(
        &[
            "play",
            "digraph:p>q,q>end,p>r,r>s,s>t,t>end,t>u,u>t p",
            "--first",
            "computer",
            "--seed",
            "7",
        ],
        "",
    );
    assert!(out.contains("computer: move token 1 from p to r"), "{out}");
}

#[test]
fn explain_gives_the_generalized_values_and_smiths_rule() {
    // A lone draw: b is worth ∞(1) (c is worth 1), and the move back to a
    // keeps the draw.
    let (code, out, err) = run(&["analyze", "--explain", "digraph:a>b,b>a,b>c,c>d b"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("digraph:a>b,b>a,b>c,c>d b: ∞(1)"), "{out}");
    assert!(out.contains("0 is not in K"), "{out}");
    assert!(out.contains("moves that keep the draw"), "{out}");
    assert!(out.contains("1 a: move token 1 from b to a"), "{out}");
    // Beside nim 1 the sum is ∞(1 ⊕ 1) = ∞(0): won by moving to c.
    let (code, out, _) = run(&["analyze", "--explain", "digraph:a>b,b>a,b>c,c>d b + nim 1"]);
    assert_eq!(code, 0);
    assert!(out.contains("c1: ∞(1)") && out.contains("c2: 1"), "{out}");
    assert!(out.contains("= ∞(0)"), "{out}");
    assert!(out.contains("nim-sum 1 ⊕ 1 = 0, a P-position"), "{out}");
    // Two infinite components: a draw whatever is played.
    let (_, out, _) = run(&[
        "analyze",
        "--explain",
        "digraph:a>b,b>a a + digraph:x>y,y>x x",
    ]);
    assert!(out.contains("2 components are worth ∞"), "{out}");
    // Every component a number: the nim-sum, as in Sprague-Grundy.
    let (_, out, _) = run(&["analyze", "--explain", "digraph:a>b,b>a,b>c b + nim 2"]);
    assert!(out.contains("nim-sum 1 ⊕ 2 = 3"), "{out}");
}
