//! Green Hackenbush at scale: the value of a stalk and of a random tree of
//! 10^6 edges, and every winning cut of a random graph of 10^4 edges (with
//! cycles), each against the bare cost of reading the same text (parsing
//! the picture without valuing it is not separable, so the baseline is
//! copying and scanning the text once), measured in the same run.
//!
//! `cargo bench -p sprague --bench hackenbush`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use sprague::{Analyzer, Play, Position};

/// A random tree of `n` edges as an edge list: vertex i + 1 hangs from a
/// random vertex among 0..=i.
fn random_tree(n: u32, rng: &mut impl Rng) -> String {
    (0..n)
        .map(|i| format!("{}-{}", rng.random_range(0..=i), i + 1))
        .collect::<Vec<_>>()
        .join(",")
}

/// A random connected graph of `n` edges on n/2 vertices: a random tree,
/// then random extra edges (cycles, loops, repeats).
fn random_graph(n: u32, rng: &mut impl Rng) -> String {
    let v = n / 2;
    let mut edges: Vec<String> = (0..v - 1)
        .map(|i| format!("{}-{}", rng.random_range(0..=i), i + 1))
        .collect();
    while edges.len() < n as usize {
        edges.push(format!(
            "{}-{}",
            rng.random_range(0..v),
            rng.random_range(0..v)
        ));
    }
    edges.join(",")
}

fn bench(c: &mut Criterion) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(12);
    let stalk = format!("hackenbush {}", "e".repeat(1_000_000));
    let tree = format!("hackenbush {}", random_tree(1_000_000, &mut rng));
    let graph = format!("hackenbush {} + nim 1", random_graph(10_000, &mut rng));
    let mut group = c.benchmark_group("hackenbush");
    group.sample_size(10);
    for (name, text) in [("stalk_1e6", &stalk), ("tree_1e6", &tree)] {
        group.bench_function(format!("{name}_read_baseline"), |b| {
            b.iter(|| {
                black_box(
                    black_box(text)
                        .bytes()
                        .filter(|&b| b == b'e' || b == b',')
                        .count(),
                )
            })
        });
        group.bench_function(format!("{name}_value"), |b| {
            b.iter(|| {
                let p: Position = black_box(text).parse().unwrap();
                black_box(p.grundy_value().unwrap())
            })
        });
    }
    let p: Position = graph.parse().unwrap();
    let a = Analyzer::default().analyze(&p, Play::Normal, None).unwrap();
    eprintln!(
        "graph of 10^4 edges + nim 1: value {:?}, {} winning cuts",
        a.value,
        a.winning_moves.len()
    );
    group.bench_function("graph_1e4_value", |b| {
        b.iter(|| {
            let p: Position = black_box(&graph).parse().unwrap();
            black_box(p.grundy_value().unwrap())
        })
    });
    group.bench_function("graph_1e4_all_winning_cuts", |b| {
        b.iter(|| {
            let p: Position = black_box(&graph).parse().unwrap();
            black_box(Analyzer::default().analyze(&p, Play::Normal, None).unwrap())
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
