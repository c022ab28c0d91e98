//! `sprague analyze --explain`: the teaching view, as a student reads it.

mod common;
use common::sprague;

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

/// A lone heap under misère play is not "a sum" (a searched one: misère
/// play of heap games is mostly decided by genus or quotients now); Moore's column counts
/// read as a list ("2 and 2"), not "2, 2".
#[test]
fn words_fit_the_position() {
    let out = sprague()
        .args(["analyze", "--explain", "--misere", "staircase", "5"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("a sum"), "{text}");
    assert!(text.contains("a Grundy value does not decide"), "{text}");
    let out = sprague()
        .args(["analyze", "--explain", "--misere", "kayles 9 + dawson 3"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("a sum is not worth"), "{text}");
    let out = sprague()
        .args(["analyze", "--explain", "moore:2 3 3 1"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("hold 2 and 3 ones"), "{text}");
}

/// A sum with one heap far above the rest, decided in the quotient of the
/// small heaps refined by the large ones: the view says what the large
/// part and the small heaps are and why each winning move wins.
#[test]
fn misere_dawson_40_3_in_the_refined_quotient() {
    insta::assert_snapshot!(explain(&["dawson 40 3", "--misere"]));
}
