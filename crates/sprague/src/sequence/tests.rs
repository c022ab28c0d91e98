//! Tests of the engine against the definition and known sequences.

use super::*;
use crate::takebreak::TakeBreakCode;

#[test]
fn value_by_definition_equals_the_engine() {
    for code in ["0.77", "0.6", "0.f", "8.1", "0.37", "4.07"] {
        let moves = TakeBreakCode::parse_hex(code).unwrap().move_set();
        let values = seq(code, 300, Method::Fast);
        for n in 0..=300 {
            assert_eq!(
                value_by_definition(&moves, &values, n),
                Some(values[n]),
                "{code} heap {n}"
            );
        }
        assert_eq!(value_by_definition(&moves, &values[..10], 11), None);
    }
    let grundy = MoveSet::grundy();
    let mut s = NimSequence::new("grundy", grundy.clone());
    s.extend_to(300, Method::Fast).unwrap();
    for n in 0..=300 {
        assert_eq!(
            value_by_definition(&grundy, &s.values().to_vec(), n),
            s.get(n as u64)
        );
    }
}

fn seq(code: &str, to: u64, method: Method) -> Vec<u64> {
    let moves = TakeBreakCode::parse_hex(code).unwrap().move_set();
    let mut s = NimSequence::new(code, moves);
    s.extend_to(to, method).unwrap();
    s.into_values()
}

/// G(n) straight from the definition, with options listed one by one.
fn by_definition(code: &str, to: usize) -> Vec<u64> {
    let c = TakeBreakCode::parse_hex(code).unwrap();
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=to {
        let mut seen = std::collections::BTreeSet::new();
        for k in 0..=n {
            let d = c.digit(k as u64);
            let r = n - k;
            if d & 1 != 0 && r == 0 && k > 0 {
                seen.insert(0);
            }
            if d & 2 != 0 && r >= 1 && k > 0 {
                seen.insert(g[r]);
            }
            if d & 4 != 0 {
                for a in 1..r {
                    seen.insert(g[a] ^ g[r - a]);
                }
            }
            if d & 8 != 0 {
                for a in 1..r {
                    for b in 1..r - a {
                        seen.insert(g[a] ^ g[b] ^ g[r - a - b]);
                    }
                }
            }
        }
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

#[test]
fn known_sequences() {
    let kayles = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
    ];
    assert_eq!(seq("0.77", 20, Method::Plain), kayles);
    assert_eq!(seq("0.77", 20, Method::Fast), kayles);
    let mut grundy = NimSequence::new("grundy", MoveSet::grundy());
    grundy.extend_to(20, Method::Plain).unwrap();
    assert_eq!(
        &grundy.into_values()[1..],
        &[0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    );
}

#[test]
fn engine_matches_the_definition() {
    for code in [
        "0.77", "0.07", "0.137", "4.07", "0.6", "0.16", "0.4", "0.007", "0.f", "8.1", "4.", "0.31",
        "0.3...", "0.14...", "0.",
    ] {
        let want = by_definition(code, 100);
        assert_eq!(seq(code, 100, Method::Plain), want, "{code} plain");
        assert_eq!(seq(code, 100, Method::Fast), want, "{code} fast");
    }
}

/// Every SIMD level computes the same values (the scalar one is the
/// reference), by both methods, past the heaps where SIMD starts.
#[test]
fn every_simd_level_gives_the_same_values() {
    let _level = simd::LEVEL_LOCK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let codes = ["0.77", "0.6", "0.007", "4.07", "0.16", "0.354"];
    let run = |level| {
        simd::cap_level(level);
        let mut all = Vec::new();
        for code in codes {
            for method in [Method::Plain, Method::Fast] {
                all.push(seq(code, 1500, method));
            }
            let mut g = NimSequence::new("grundy", MoveSet::grundy());
            g.extend_to(1500, method_for(code)).unwrap();
            all.push(g.into_values());
        }
        all
    };
    fn method_for(code: &str) -> Method {
        if code.len().is_multiple_of(2) {
            Method::Plain
        } else {
            Method::Fast
        }
    }
    let scalar = run(simd::Level::Scalar);
    let avx2 = run(simd::Level::Avx2);
    let avx512 = run(simd::Level::Avx512);
    assert!(scalar == avx2 && scalar == avx512);
    let want = by_definition("0.6", 150);
    assert_eq!(&scalar[3][..=150], &want[..]); // 0.6, plain
}

#[test]
fn nim_as_a_code_is_nim() {
    let v = seq("0.3...", 300, Method::Plain);
    assert!(v.iter().enumerate().all(|(n, &g)| g as usize == n));
}

/// The engine for 4-byte values (scalar kernels, rare-value method and
/// batches, three-heap sets) gives the values of the 2-byte one.
#[test]
fn the_wide_engine_gives_the_narrow_values() {
    // Three-heap splits (8.1, 0.f) cost O(n^3) by the plain method.
    for (code, to) in [
        ("0.77", 1200),
        ("0.6", 1200),
        ("0.007", 1200),
        ("4.07", 1200),
        ("0.16", 1200),
        ("0.354", 1200),
        ("8.1", 300),
        ("0.f", 300),
    ] {
        for method in [Method::Plain, Method::Fast] {
            let moves = TakeBreakCode::parse_hex(code).unwrap().move_set();
            let mut wide = NimSequence::new_wide(code, moves);
            wide.extend_to(to, method).unwrap();
            assert_eq!(wide.bytes_per_value(), 4);
            assert_eq!(
                wide.into_values(),
                seq(code, to, method),
                "{code} {method:?}"
            );
        }
    }
    let mut wide = NimSequence::new_wide("grundy", MoveSet::grundy());
    wide.extend_to(1500, Method::Fast).unwrap();
    let mut narrow = NimSequence::new("grundy", MoveSet::grundy());
    narrow.extend_to(1500, Method::Fast).unwrap();
    assert_eq!(wide.values(), narrow.values());
}

/// G(n) of Lasker's Nim (`4.3...`: take any number, or split a heap
/// in two): n for n = 1, 2 (mod 4), n + 1 for 3, n - 1 for 0.
fn lasker(n: u64) -> u64 {
    match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

#[test]
fn lasker_closed_form_is_the_definition() {
    assert_eq!(
        by_definition("4.3...", 100),
        (0..=100).map(lasker).collect::<Vec<_>>()
    );
}

#[test]
fn values_past_65535_widen_transparently() {
    // 0.3... is Nim: G(n) = n, which passes 65,535 at heap 65,536.
    let moves = TakeBreakCode::parse_octal("0.3...").unwrap().move_set();
    for method in [Method::Fast, Method::Plain] {
        let mut s = NimSequence::from_values("nim-code", moves.clone(), 0..65_500u64).unwrap();
        assert_eq!(s.bytes_per_value(), 2);
        s.extend_to(65_535, method).unwrap();
        assert_eq!(s.bytes_per_value(), 2);
        s.extend_to(65_600, method).unwrap();
        assert_eq!(s.bytes_per_value(), 4);
        assert_eq!(s.len(), 65_601);
        assert!(s.values().iter().enumerate().all(|(n, g)| g == n as u64));
    }
    // Resuming from values above 65,535 starts wide.
    let s = NimSequence::from_values("nim-code", moves, 0..70_000u32).unwrap();
    assert_eq!((s.bytes_per_value(), s.get(69_999)), (4, Some(69_999)));
}

#[test]
fn a_value_past_u32_is_an_error_not_a_wrap() {
    let moves = TakeBreakCode::parse_octal("0.3...").unwrap().move_set();
    let values = [0, 1, u64::from(u32::MAX), u64::from(u32::MAX) + 1];
    assert_eq!(
        NimSequence::from_values("nim-code", moves.clone(), values).err(),
        Some(Error::ValueOverflow {
            ruleset: "nim-code".into(),
            heap: 3
        })
    );
    let s = NimSequence::from_values("nim-code", moves, values[..3].to_vec()).unwrap();
    assert_eq!(s.get(2), Some(u64::from(u32::MAX)));
}

proptest::proptest! {
    /// Subtraction games with wide ranges (computed from counted
    /// windows by the fast method) equal the plain method, heap by heap
    /// and in chunks of any size, and when resumed from values.
    #[test]
    fn counted_windows_equal_the_plain_method(
        ranges in proptest::collection::vec((1u64..200, 0u64..150), 1..4),
        singles in proptest::collection::vec(1u64..300, 0..4),
        chunks in proptest::collection::vec(1u64..120, 1..8),
        to in 0u64..700,
    ) {
        let mut parts: Vec<String> = ranges
            .iter()
            .map(|&(lo, w)| format!("{lo}-{}", lo + w))
            .collect();
        parts.extend(singles.iter().map(|k| k.to_string()));
        let text = parts.join(",");
        let set = crate::SubtractionSet::parse(&text).unwrap();
        let moves = MoveSet::subtraction(&set);
        let mut plain = NimSequence::new(&text, moves.clone());
        plain.extend_to(to, Method::Plain).unwrap();
        let want = plain.into_values();
        let mut fast = NimSequence::new(&text, moves.clone());
        let mut last = 0u64;
        for c in chunks.iter().cycle() {
            last = (last + c).min(to);
            fast.extend_to(last, Method::Fast).unwrap();
            if last == to {
                break;
            }
        }
        let got = fast.into_values();
        proptest::prop_assert_eq!(&got, &want, "sub:{}", text);
        let half = want.len() / 2;
        let mut resumed =
            NimSequence::from_values(&text, moves, want[..half].iter().copied()).unwrap();
        resumed.extend_to(to, Method::Fast).unwrap();
        proptest::prop_assert_eq!(&resumed.into_values(), &want, "sub:{} resumed", text);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]
    /// Sequences that cross 65,535 (Nim and Lasker's Nim as octal
    /// codes, resumed just below the boundary) equal their closed forms
    /// and the plain computation by the definition, by both methods.
    #[test]
    fn crossing_the_16_bit_boundary_equals_the_definition(
        lasker_nim in proptest::bool::ANY,
        start in 65_300u64..65_537,
        extra in 1u64..100,
        plain in proptest::bool::ANY,
    ) {
        let (code, form): (&str, fn(u64) -> u64) = if lasker_nim {
            ("4.3...", lasker)
        } else {
            ("0.3...", |n| n)
        };
        let moves = TakeBreakCode::parse_octal(code).unwrap().move_set();
        let method = if plain { Method::Plain } else { Method::Fast };
        let mut s =
            NimSequence::from_values(code, moves.clone(), (0..start).map(form)).unwrap();
        s.extend_to(start + extra, method).unwrap();
        let got = s.into_values();
        for n in start..=start + extra {
            proptest::prop_assert_eq!(got[n as usize], form(n), "{} heap {}", code, n);
            proptest::prop_assert_eq!(
                value_by_definition(&moves, &got, n as usize),
                Some(got[n as usize])
            );
        }
    }
}
