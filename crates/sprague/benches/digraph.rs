//! A graph of 10^6 edges: reading it and computing the Sprague-Grundy
//! function of every node (`Digraph::from_edge_list`), against the bare
//! cost of reading the same text (splitting it into words and interning the
//! node names in a hash map), measured in the same run.
//!
//! The graph: 200,000 nodes `0..200000`, each with 5 edges to random nodes
//! of higher number (a DAG), written one edge `u v` per line as a graph
//! file is.
//!
//! The same number of edges with cycles (each node's 5 edges to random
//! nodes of any number): Kahn's order stops at once and the whole graph is
//! labelled by the generalized Sprague-Grundy algorithm (Fraenkel & Yesha),
//! measured in the same run as the graph without cycles.
//!
//! `cargo bench -p sprague --bench digraph`

use std::collections::HashMap;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use sprague::ruleset::digraph::Digraph;

const NODES: u32 = 200_000;
const OUT_DEGREE: u32 = 5;

fn graph_text(cycles: bool) -> String {
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let mut text = String::new();
    for u in 0..NODES - 1 {
        for _ in 0..OUT_DEGREE {
            let low = if cycles { 0 } else { u + 1 };
            let v = rng.random_range(low..NODES);
            text.push_str(&format!("{u} {v}\n"));
        }
    }
    text
}

fn bench(c: &mut Criterion) {
    let text = graph_text(false);
    let cyclic = graph_text(true);
    let g = Digraph::from_edge_list(&cyclic).unwrap();
    eprintln!(
        "with cycles: {} nodes, {} distinct edges; G(0) = {:?}",
        g.node_count(),
        g.edge_count(),
        g.generalized_value_of("0").map(|v| v.to_string())
    );
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
    group.bench_function("from_edge_list_with_cycles", |b| {
        b.iter(|| black_box(Digraph::from_edge_list(black_box(&cyclic)).unwrap()))
    });
    group.bench_function("with_cycles_remoteness_of_every_node", |b| {
        b.iter(|| {
            let g = Digraph::from_edge_list(black_box(&cyclic)).unwrap();
            black_box(g.remoteness_of("0"))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
