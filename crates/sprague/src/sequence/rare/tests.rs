//! Unit tests of the rare-value method.

use super::batch::stamp_far_bits;
use super::*;
use crate::sequence::marks::FarPairs;
use crate::sequence::{far, simd};
use crate::sequence::{Engine, Method, NimSequence};
use crate::takebreak::{MoveSet, TakeBreakCode};

#[test]
fn mask_makes_rare_values_fewest() {
    // Values 1, 2 common under mask 3 (odd parity); 0 and 3 rare.
    assert_eq!(
        choose_mask(&[0u16, 1, 2, 1, 2, 1, 3], false, false),
        (3, false)
    );
    assert_eq!(choose_mask(&[0u16, 1, 1, 1, 0], false, false), (1, false));
    // Heaps 1..=6 with parity(G) = parity(x - 1) flipped: the domain form.
    assert_eq!(
        choose_mask(&[0u16, 1, 0, 1, 0, 1, 0], true, true),
        (1, true)
    );
    // The same in the wide width.
    assert_eq!(
        choose_mask(&[0u32, 1, 2, 1, 2, 1, 3], false, false),
        (3, false)
    );
}

/// Calls `f` with far pairs of many shapes whose values are below
/// `span`, for each span, and a name for the case.
fn far_cases(spans: &[usize], mut f: impl FnMut(usize, &FarPairs<'_, u16>, &str)) {
    let mut x = 0x2545_F491u32;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    for &span in spans {
        let n0 = 4096;
        let g: Vec<u16> = (0..n0).map(|_| (next() as usize % span) as u16).collect();
        // Rare heaps: every 5th heap or so, and those about n0 / 2 (the
        // splits into equal parts).
        let mut heaps: Vec<u32> = (1..n0 as u32)
            .filter(|&h| next() % 5 == 0 || (2 * h as usize).abs_diff(n0) < 40)
            .collect();
        heaps.dedup();
        let vals: Vec<u32> = heaps.iter().map(|&h| u32::from(g[h as usize])).collect();
        for (split_ks, unequal) in [
            (vec![1usize], false),
            (vec![0], true),
            (vec![2, 3], false),
            (vec![0, 1, 5, 31], true),
        ] {
            let (from, to) = (heaps.len() / 7, heaps.len() - 3);
            let (heaps, vals) = (&heaps[from..to], &vals[from..to]);
            for smalls in [0..0, 0..300, 40..70] {
                let far = FarPairs::new(&g, n0, heaps, vals, smalls.clone(), &split_ks, unequal);
                let case = format!(
                    "span {span}, splits {split_ks:?}, unequal {unequal}, small parts {smalls:?}"
                );
                f(span, &far, &case);
            }
        }
    }
}

/// The lanes of a batch of values below `span` with a mark already in
/// them (which must stay).
fn lanes_for(span: usize) -> Lanes {
    let mut lanes = Lanes::default();
    lanes.begin(2 * span);
    lanes.row_mut(3)[0] |= 1 << 5;
    lanes
}

#[test]
fn far_pairs_by_bytes_match_the_bits() {
    far_cases(&[64, 128, 512, 1024], |span, far, case| {
        let mut want = lanes_for(span);
        stamp_far_bits(&mut want, far);
        let mut got = lanes_for(span);
        let words = got.width / 64;
        if !<u16 as Value>::stamp_far_bytes(far, span, &mut got.bits, words) {
            assert!(!far::far_bytes_usable(span));
            return;
        }
        assert!(want.bits.iter().any(|&w| w != 0));
        assert!(want.bits == got.bits, "{case}");
        // The dispatch gives the same, and the scratch was left clear.
        let mut again = lanes_for(span);
        stamp_far(&mut again, far);
        assert_eq!(again.complete, usize::MAX);
        assert!(want.bits == again.bits, "dispatch, {case}");
    });
}

#[test]
fn far_pairs_in_registers_match_the_bits() {
    let _level = simd::LEVEL_LOCK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut checked = 0;
    far_cases(&[64, 128, 256, 512], |span, far, case| {
        for partial in [Partial::Off, Partial::Below256, Partial::Below192] {
            let far = FarPairs {
                partial,
                per_k: far.per_k.clone(),
                ..*far
            };
            let mut want = lanes_for(span);
            stamp_far_bits(&mut want, &far);
            let mut got = lanes_for(span);
            let words = got.width / 64;
            let Some(complete) =
                <u16 as Value>::stamp_far_regs(&far, span, partial, &mut got.bits, words)
            else {
                assert!(far::far_regs_bound(span, partial).is_none(), "{case}");
                continue;
            };
            let bound = if partial == Partial::Below192 && span >= 256 {
                far::PARTIAL_LOW
            } else {
                span.min(far::FAR_REGS_VALUES)
            };
            assert_eq!(far::far_regs_bound(span, partial), Some(bound), "{case}");
            let complete_want = if bound < span { bound } else { usize::MAX };
            assert_eq!(complete, complete_want, "{case}");
            // Every value below the bound, none from it on (but the
            // mark that was there).
            for j in 0..BATCH {
                for v in 0..2 * span {
                    let bit = |l: &Lanes| l.row(j)[v / 64] >> (v % 64) & 1;
                    let expect = if v < bound || (j, v) == (3, 5) {
                        bit(&want)
                    } else {
                        0
                    };
                    assert_eq!(bit(&got), expect, "row {j}, value {v}, {case}");
                }
            }
            let mut again = lanes_for(span);
            stamp_far(&mut again, &far);
            assert_eq!(again.complete, complete, "{case}");
            assert!(again.bits == got.bits, "dispatch, {case}");
            checked += 1;
        }
    });
    if simd::level() >= simd::Level::Avx512 {
        assert_eq!(
            checked,
            4 * 3 * (3 * 3 + 2),
            "spans to 256 at each level, 512 at both partial ones"
        );
    }
}

#[test]
fn small_parts_are_marked_where_many_values_are_left_to_confirm() {
    let octal = |code| TakeBreakCode::parse_octal(code).unwrap().move_set();
    for (name, moves, last, marked) in [
        ("0.6", octal("0.6"), 20_000, true),
        ("grundy", MoveSet::grundy(), 20_000, true),
        // Values left to confirm: 8 to 16 a heap here, a few by 10^7.
        ("0.354", octal("0.354"), 20_000, false),
        ("0.16", octal("0.16"), 20_000, false),
    ] {
        let mut fast = NimSequence::new(name, moves.clone());
        fast.extend_to(last, Method::Fast).unwrap();
        let mut plain = NimSequence::new(name, moves);
        plain.extend_to(last, Method::Plain).unwrap();
        assert_eq!(fast.values(), plain.values(), "{name}");
        let Engine::Narrow(core) = &fast.engine else {
            panic!("{name} has small values")
        };
        assert_eq!(core.rare.smalls > 0, marked, "{name}: {}", core.rare.smalls);
    }
}

/// With far pairs marked only below 64 or 128 (as they are below 256
/// for values up to 511), the heaps whose values were not marked are
/// computed from scratch, partial marks stop once such heaps are
/// common, and the values are those of the plain method.
#[test]
fn partial_marks_give_the_values_of_complete_ones() {
    let _level = simd::LEVEL_LOCK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let values = |method, cap, threads| {
        far::cap_partial(cap);
        let mut s = NimSequence::new("grundy", MoveSet::grundy());
        s.set_threads(threads);
        s.extend_to(20_000, method).unwrap();
        far::cap_partial(far::FAR_REGS_VALUES);
        let Engine::Narrow(core) = &s.engine else {
            panic!("Grundy's game has small values")
        };
        let missed = (core.rare.partial_misses, core.rare.partial_far());
        (s.into_values(), missed)
    };
    let (want, _) = values(Method::Plain, far::FAR_REGS_VALUES, 1);
    for (cap, threads) in [(64, 1), (128, 1), (64, 2), (128, 2)] {
        let (got, (misses, partial)) = values(Method::Fast, cap, threads);
        assert!(got == want, "bound {cap}, {threads} threads");
        if simd::level() >= simd::Level::Avx512 {
            // Values from 64 on are common from heap 4,019 on, from 128
            // on from heap 13,133 (when they stop partial marks).
            assert!(
                misses >= 64 && partial == Partial::Off,
                "bound {cap}, {threads} threads: {misses} heaps from scratch"
            );
        }
    }
}

/// Grundy's game to 2^20 with the first level of partial marks (values
/// below 192, heaps whose least common value not reached is not below
/// it computed from scratch): every heap with a value from 150 on, and
/// 2,000 more at random, equal the definition, G(n) = mex{G(a) ^
/// G(n - a) : 1 <= a < n - a}. Heavy (run in release: `cargo test
/// --release -p sprague low_partial -- --ignored`).
#[test]
#[ignore = "heavy: Grundy's game to 2^20 and 2,000+ heaps by the definition"]
fn low_partial_marks_give_the_values_of_the_definition() {
    let _level = simd::LEVEL_LOCK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let last: usize = 1 << 20;
    let mut s = NimSequence::new("grundy", MoveSet::grundy());
    s.extend_to(last as u64, Method::Fast).unwrap();
    let Engine::Narrow(core) = &s.engine else {
        panic!("Grundy's game has small values")
    };
    let (misses, level) = (core.rare.partial_misses, core.rare.partial_far());
    let g: Vec<usize> = s.into_values().iter().map(|&v| v as usize).collect();
    let mut x = 0x9E37_79B9u64;
    let mut heaps: Vec<usize> = (1..=last).filter(|&n| g[n] >= 150).collect();
    let big = heaps.len();
    heaps.extend((0..2_000).map(|_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % last as u64) as usize + 1
    }));
    let mut seen = vec![0usize; 1024];
    for (i, &n) in heaps.iter().enumerate() {
        for a in 1..n.div_ceil(2) {
            seen[g[a] ^ g[n - a]] = i + 1;
        }
        let mex = (0..).find(|&v| seen[v] != i + 1).unwrap();
        assert_eq!(g[n], mex, "heap {n}");
    }
    assert!(big > 100, "{big} heaps with a value from 150 on");
    if simd::level() >= simd::Level::Avx512 {
        // Values from 192 on are rare enough that the level stays.
        assert!(
            misses > 0 && level == Partial::Below192,
            "{misses} {level:?}"
        );
    }
}

#[test]
fn rare_heaps_are_few_for_a_sparse_game() {
    let moves = TakeBreakCode::parse_octal("0.6").unwrap().move_set();
    let mut s = NimSequence::new("0.6", moves);
    s.extend_to(40_000, Method::Fast).unwrap();
    let Engine::Narrow(core) = &s.engine else {
        panic!("0.6 has small values")
    };
    assert_ne!(core.rare.mask(), 0);
    // About 3% of the heaps are rare by heap 40,000.
    assert!(
        core.rare.heaps.len() < 2_000,
        "{} rare heaps",
        core.rare.heaps.len()
    );
}
