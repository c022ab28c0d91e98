//! `sprague analyze --explain`: the teaching view, as a student reads it.

mod common;

fn explain(args: &[&str]) -> String {
    let text = common::stdout_of(&[&["analyze", "--explain"], args].concat());
    assert!(!text.contains('\u{1b}'), "no terminal codes in a pipe");
    text
}

#[test]
fn nim_3_4_5() {
    insta::assert_snapshot!(explain(&["nim", "3", "4", "5"]));
}

#[test]
fn misere_nim_1_1_1() {
    insta::assert_snapshot!(explain(&["nim 1 1 1", "--misere"]));
}

#[test]
fn staircase_3_1_2() {
    insta::assert_snapshot!(explain(&["staircase", "3", "1", "2"]));
}

#[test]
fn a_sum_shows_each_grundy_value_and_their_nim_sum() {
    insta::assert_snapshot!(explain(&["nim 3 + sub:1,3,4 9 + staircase 2 1 3"]));
}

#[test]
fn explain_and_json_do_not_mix() {
    common::sprague()
        .args(["analyze", "--explain", "--json", "nim", "3"])
        .assert()
        .code(2);
}
