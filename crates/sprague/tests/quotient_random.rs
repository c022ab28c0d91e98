//! Misère quotients of random octal games against the definition: for
//! random codes `0.d1d2d3` and heap bounds up to 12, every sum of up to
//! three heaps up to the bound is a misère P-position exactly when its
//! product in the quotient lies in the P-portion. The outcomes come from a
//! plain search of the sums written here from the definition of octal games
//! (digit `d_k`: taking `k` tokens may leave nothing if bit 1 is set, one
//! heap if bit 2, two nonempty heaps if bit 4) and of misère play (a
//! position with no move is won by the player to move), sharing nothing
//! with the library but the ruleset's word.

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use sprague::misere::{Quotient, QuotientLimits};
use sprague::Ruleset;

/// The options of heap `n` of the octal game with digits `digits` (`d1`
/// first): each a sorted list of the nonempty heaps left.
fn options(digits: &[u8], n: u64) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = Vec::new();
    for (k, &d) in digits.iter().enumerate() {
        let k = k as u64 + 1;
        if k > n {
            break;
        }
        let r = n - k;
        if d & 1 != 0 && r == 0 {
            out.push(Vec::new());
        }
        if d & 2 != 0 && r > 0 {
            out.push(vec![r]);
        }
        if d & 4 != 0 {
            for a in 1..=r / 2 {
                out.push(vec![a, r - a]);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Whether the sum `heaps` (sorted, no zeros) is a misère P-position:
/// it has a move, and every move leads to a position that is not one.
fn misere_p(digits: &[u8], heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&p) = memo.get(heaps) {
        return p;
    }
    let mut has_move = false;
    let mut to_p = false;
    for i in 0..heaps.len() {
        if i > 0 && heaps[i] == heaps[i - 1] {
            continue;
        }
        for o in options(digits, heaps[i]) {
            has_move = true;
            let mut next: Vec<u64> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
            next.extend(o);
            next.sort_unstable();
            if misere_p(digits, &next, memo) {
                to_p = true;
                break;
            }
        }
        if to_p {
            break;
        }
    }
    let p = has_move && !to_p;
    memo.insert(heaps.to_vec(), p);
    p
}

#[test]
fn quotients_of_random_octal_games_agree_with_a_search_of_sums() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(54);
    let limits = QuotientLimits::default();
    let mut compared = 0;
    for _ in 0..40 {
        let len = rng.random_range(1..=3);
        let mut digits: Vec<u8> = (0..len).map(|_| rng.random_range(0..=7)).collect();
        if digits[len - 1] == 0 {
            digits[len - 1] = rng.random_range(1..=7);
        }
        let bound = rng.random_range(1..=12u64);
        let code: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
        let word = format!("octal:0.{code}");
        let ruleset: Ruleset = word.parse().unwrap_or_else(|e| panic!("{word}: {e}"));
        let q = match Quotient::compute(&ruleset, bound, &limits) {
            Ok(q) => q,
            // A quotient the construction cannot prove, or past a limit,
            // is reported as such, never as a wrong answer.
            Err(e) => {
                eprintln!("{word} to {bound}: {e}");
                continue;
            }
        };
        // Even order, unless no heap has a move (the trivial quotient).
        let trivial = (0..=bound).all(|h| options(&digits, h).is_empty());
        assert_eq!(
            q.order() % 2,
            usize::from(trivial),
            "{word} to {bound}: order {}",
            q.order()
        );
        eprintln!("{word} to {bound}: order {}", q.order());
        let mut memo = HashMap::new();
        for a in 0..=bound {
            for b in a..=bound {
                for c in b..=bound {
                    for sum in [vec![a], vec![a, b], vec![a, b, c]] {
                        let heaps: Vec<u64> = sum.iter().copied().filter(|&h| h > 0).collect();
                        let e = q.element_of(&sum).expect("heaps within the bound");
                        assert_eq!(
                            q.is_p(e),
                            misere_p(&digits, &heaps, &mut memo),
                            "{word} to {bound}: {sum:?} (element {})",
                            q.element_word(e)
                        );
                    }
                }
            }
        }
        compared += 1;
    }
    assert!(compared >= 36, "only {compared} quotients were compared");
}
