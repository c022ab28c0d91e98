//! Nim-product speed: the table method (`Nimber * Nimber`) against the plain
//! recursive method (`Nimber::mul_plain`), in the same run, plus inverse and
//! square root. Each benchmark runs over a fixed batch of random 64-bit pairs
//! and reports time per batch; criterion's throughput line gives the time per
//! element (`ns/product` = time / elements).
//!
//! Run: `cargo bench -p sprague --bench nimber`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sprague::Nimber;

/// Deterministic random 64-bit values (splitmix64).
fn random_values(n: usize, mut seed: u64) -> Vec<u64> {
    (0..n)
        .map(|_| {
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        })
        .collect()
}

fn products(c: &mut Criterion) {
    const N: usize = 4096;
    let a = random_values(N, 1);
    let b = random_values(N, 2);
    // Sanity: both methods agree on the benchmarked data.
    for (&x, &y) in a.iter().zip(&b).take(64) {
        assert_eq!(Nimber(x) * Nimber(y), Nimber(x).mul_plain(Nimber(y)));
    }

    let mut group = c.benchmark_group("nim-product");
    group.throughput(Throughput::Elements(N as u64));
    group.bench_function(BenchmarkId::new("table", N), |bench| {
        bench.iter(|| {
            let mut acc = 0u64;
            for (&x, &y) in black_box(&a).iter().zip(black_box(&b)) {
                acc ^= (Nimber(x) * Nimber(y)).0;
            }
            acc
        })
    });
    // A dependent chain: each product waits for the previous one (latency,
    // not throughput).
    group.bench_function(BenchmarkId::new("table-chained", N), |bench| {
        bench.iter(|| {
            let mut acc = Nimber(black_box(0x1234_5678_9abc_def0));
            for &y in black_box(&b) {
                acc = acc * Nimber(y) + Nimber(1);
            }
            acc
        })
    });
    group.finish();

    const M: usize = 64;
    let mut group = c.benchmark_group("nim-product");
    group.throughput(Throughput::Elements(M as u64));
    group.sample_size(20);
    group.bench_function(BenchmarkId::new("plain", M), |bench| {
        bench.iter(|| {
            let mut acc = 0u64;
            for (&x, &y) in black_box(&a[..M]).iter().zip(black_box(&b[..M])) {
                acc ^= Nimber(x).mul_plain(Nimber(y)).0;
            }
            acc
        })
    });
    group.finish();

    let mut group = c.benchmark_group("nim-field");
    group.throughput(Throughput::Elements(N as u64));
    group.bench_function(BenchmarkId::new("inv", N), |bench| {
        bench.iter(|| {
            let mut acc = 0u64;
            for &x in black_box(&a) {
                acc ^= Nimber(x).inv().map_or(0, |i| i.0);
            }
            acc
        })
    });
    group.bench_function(BenchmarkId::new("sqrt", N), |bench| {
        bench.iter(|| {
            let mut acc = 0u64;
            for &x in black_box(&a) {
                acc ^= Nimber(x).sqrt().0;
            }
            acc
        })
    });
    group.finish();
}

criterion_group!(benches, products);
criterion_main!(benches);
