//! Misère play beyond Nim: the genus table of Kayles, misère quotients
//! (Kayles to 12 and 20, Dawson's Kayles to 24, octal:0.75 to 200), and
//! analyses decided by them (100 Kayles heaps in the quotient, a tame sum).
//!
//! Run with `cargo bench -p sprague --bench misere`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use sprague::misere::{genus_table, Quotient, QuotientLimits};
use sprague::{Analyzer, Limits, Play, Position, Ruleset};

fn genus(c: &mut Criterion) {
    let kayles: Ruleset = "kayles".parse().unwrap();
    c.bench_function("genus table: kayles to 16", |b| {
        b.iter(|| genus_table(black_box(&kayles), 16, &Limits::default()).unwrap())
    });
}

fn quotients(c: &mut Criterion) {
    let mut group = c.benchmark_group("misère quotient");
    group.sample_size(10);
    for (word, bound) in [
        ("kayles", 12),
        ("kayles", 20),
        ("dawson", 24),
        ("octal:0.75", 200),
    ] {
        let r: Ruleset = word.parse().unwrap();
        group.bench_function(format!("{word} to {bound}"), |b| {
            b.iter(|| Quotient::compute(black_box(&r), bound, &QuotientLimits::default()).unwrap())
        });
    }
    group.finish();
}

fn analyses(c: &mut Criterion) {
    let heaps: Vec<String> = (0..100).map(|i| ((i * 7) % 13).to_string()).collect();
    let kayles: Position = format!("kayles {}", heaps.join(" ")).parse().unwrap();
    let tame: Position = "sub:1,2 1000 999 998 + nim 5 7".parse().unwrap();
    let analyzer = Analyzer::default();
    // The first analysis builds and keeps the quotient; later ones reuse it.
    analyzer.analyze(&kayles, Play::Misere, None).unwrap();
    c.bench_function(
        "analyze --misere: 100 kayles heaps up to 12 (quotient)",
        |b| {
            b.iter(|| {
                analyzer
                    .analyze(black_box(&kayles), Play::Misere, None)
                    .unwrap()
            })
        },
    );
    c.bench_function(
        "analyze --misere: sub:1,2 heaps near 1000 + nim (genus)",
        |b| {
            b.iter(|| {
                analyzer
                    .analyze(black_box(&tame), Play::Misere, None)
                    .unwrap()
            })
        },
    );
}

criterion_group!(benches, genus, quotients, analyses);
criterion_main!(benches);
