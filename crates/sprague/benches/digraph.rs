//! A graph of 10^6 edges: reading it and computing the Sprague-Grundy
//! function of every node (`Digraph::from_edge_list`), against the bare
//! cost of reading the same text (splitting it into words and interning the
//! node names in a hash map), measured in the same run.
//!
//! The graph: 200,000 nodes `0..200000`, each with 5 edges to random nodes
//! of higher number (a DAG), written one edge `u v` per line as a graph
//! file is.
//!
//! `cargo bench -p sprague --bench digraph`

use std::collections::HashMap;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use sprague::ruleset::digraph::Digraph;

const NODES: u32 = 200_000;
const OUT_DEGREE: u32 = 5;

fn graph_text() -> String {
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let mut text = String::new();
    for u in 0..NODES - 1 {
        for _ in 0..OUT_DEGREE {
            let v = rng.random_range(u + 1..NODES);
            text.push_str(&format!("{u} {v}\n"));
        }
    }
    text
}

fn bench(c: &mut Criterion) {
    let text = graph_text();
    let g = Digraph::from_edge_list(&text).unwrap();
    eprintln!(
        "graph: {} nodes, {} distinct edges of {} lines; G(0) = {:?}",
        g.node_count(),
        g.edge_count(),
        text.lines().count(),
        g.value_of("0")
    );
    let mut group = c.benchmark_group("digraph_1e6_edges");
    group.sample_size(10);
    group.bench_function("read_words_baseline", |b| {
        b.iter(|| {
            let mut names: HashMap<&str, u32> = HashMap::new();
            let mut edges = 0u64;
            for w in black_box(&text).split_whitespace() {
                let n = names.len() as u32;
                edges += u64::from(*names.entry(w).or_insert(n));
            }
            black_box(edges)
        })
    });
    group.bench_function("from_edge_list", |b| {
        b.iter(|| black_box(Digraph::from_edge_list(black_box(&text)).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
