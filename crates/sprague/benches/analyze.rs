//! Analysis throughput: one Nim position of 100,000 random 64-bit heaps,
//! against the bare nim-sum of the same heaps as the baseline.
//!
//! Run with `cargo bench -p sprague --bench analyze`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use sprague::{Analyzer, Play, Position};

fn random_heaps(n: usize) -> Vec<u64> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    (0..n).map(|_| rng.random()).collect()
}

fn nim_100k(c: &mut Criterion) {
    let heaps = random_heaps(100_000);
    let text = format!(
        "nim {}",
        heaps
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
    let position = Position::nim(&heaps);
    let analyzer = Analyzer::default();
    let mut group = c.benchmark_group("nim 100,000 random u64 heaps");
    group.bench_function("baseline: nim-sum only", |b| {
        b.iter(|| black_box(&heaps).iter().fold(0u64, |a, &h| a ^ h))
    });
    group.bench_function("analyze: value and all winning moves", |b| {
        b.iter(|| {
            analyzer
                .analyze(black_box(&position), Play::Normal, None)
                .unwrap()
        })
    });
    // As `batch` analyses: one move, no count of the others.
    let batch = Analyzer::default().with_total_count(false);
    group.bench_function("analyze: value and one winning move", |b| {
        b.iter(|| {
            batch
                .analyze(black_box(&position), Play::Normal, Some(1))
                .unwrap()
        })
    });
    group.bench_function("parse the position text", |b| {
        b.iter(|| black_box(&text).parse::<Position>().unwrap())
    });
    group.finish();
}

criterion_group!(benches, nim_100k);
criterion_main!(benches);
