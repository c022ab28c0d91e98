//! Project Euler 325: the sum of x + y over the losing positions of
//! Euclid's game with 0 < x < y <= N, by theory
//! (`sprague::count::pairs`) against the game's definition searched here
//! over every small position, and the problem's published values.

use std::collections::HashMap;

use sprague::count::pairs::{euclid_losing_sum, euclid_sum};
use sprague::Outcome;

/// Whether the player to move from (a, b), a <= b, wins: a move takes a
/// positive multiple of the smaller number from the larger; a player
/// facing a zero cannot move and loses.
fn wins(a: u64, b: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
    if a == 0 {
        return false;
    }
    if let Some(&w) = memo.get(&(a, b)) {
        return w;
    }
    let mut w = false;
    let mut left = b;
    while left >= a {
        left -= a;
        let (x, y) = if left < a { (left, a) } else { (a, left) };
        if !wins(x, y, memo) {
            w = true;
            break;
        }
    }
    memo.insert((a, b), w);
    w
}

#[test]
fn sums_agree_with_the_search_for_every_small_bound() {
    let mut memo = HashMap::new();
    let (mut losing, mut winning) = (0u64, 0u64);
    for n in 0..=250u64 {
        if n >= 2 {
            for x in 1..n {
                if wins(x, n, &mut memo) {
                    winning += x + n;
                } else {
                    losing += x + n;
                }
            }
        }
        assert_eq!(euclid_losing_sum(n), losing.into(), "S({n})");
        assert_eq!(euclid_sum(n, Outcome::N), winning.into(), "N-sum at {n}");
    }
}

#[test]
fn the_published_values_and_the_top_of_the_range() {
    assert_eq!(euclid_losing_sum(10), 211u32.into());
    assert_eq!(euclid_losing_sum(10_000), 230_312_207_313u64.into());
    // At 2^64 - 1 the sum is below the sum over all pairs.
    let top = euclid_losing_sum(u64::MAX);
    assert!(top > euclid_losing_sum(u64::MAX - 1));
    assert!(euclid_sum(u64::MAX, Outcome::N) > top);
}
