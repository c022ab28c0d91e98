//! The slowest line of a batch: analyses each line of a file (default: a
//! generated 100,000-line mix of nim, kayles, dawson, octal:0.137, sub:S,
//! moore:2, grundy and sums, u64 heaps where the ruleset answers them) as
//! `batch --json --max-moves 1` does, after one warm-up pass (tables and
//! periods computed once per ruleset, as in a batch), and prints the
//! slowest lines.
//!
//! `cargo bench -p sprague --bench slowest_line [-- FILE]`

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use sprague::{Analyzer, Limits, Play, PositionParser};

fn generated() -> Vec<String> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(19);
    let heaps = |rng: &mut rand::rngs::StdRng, n: usize, max: Option<u64>| {
        (0..n)
            .map(|_| match max {
                Some(m) => rng.random_range(0..=m).to_string(),
                None => rng.random::<u64>().to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    (0..100_000)
        .map(|_| {
            let n = rng.random_range(1..=4);
            match rng.random_range(0..8) {
                0 => format!("nim {}", heaps(&mut rng, 2 * n, None)),
                1 => format!("kayles {}", heaps(&mut rng, n, None)),
                2 => format!("dawson {}", heaps(&mut rng, n, None)),
                3 => format!("octal:0.137 {}", heaps(&mut rng, n, None)),
                4 => format!("sub:1,3,4 {}", heaps(&mut rng, n, None)),
                5 => format!("moore:2 {}", heaps(&mut rng, n, None)),
                6 => format!("grundy {}", heaps(&mut rng, n, Some(100_000))),
                _ => format!(
                    "nim {} + kayles {} + sub:1-5 {}",
                    heaps(&mut rng, 1, None),
                    heaps(&mut rng, 1, None),
                    heaps(&mut rng, 1, None)
                ),
            }
        })
        .collect()
}

fn main() {
    let lines: Vec<String> = match std::env::args().skip(1).find(|a| !a.starts_with('-')) {
        Some(path) => std::fs::read_to_string(path)
            .expect("readable file")
            .lines()
            .map(str::to_string)
            .collect(),
        None => generated(),
    };
    let analyzer = Analyzer::new(Limits::default())
        .with_total_count(false)
        .with_value(true);
    let mut parser = PositionParser::new();
    let mut times: Vec<(Duration, &str)> = Vec::with_capacity(lines.len());
    for pass in 0..2 {
        times.clear();
        let start = Instant::now();
        for line in &lines {
            let t = Instant::now();
            if let Ok(p) = parser.parse(line) {
                let _ = analyzer.analyze(&p, Play::Normal, Some(1));
            }
            times.push((t.elapsed(), line));
        }
        if pass == 1 {
            times.sort_by_key(|t| std::cmp::Reverse(t.0));
            println!(
                "{} lines in {:.3} s; slowest: {:.2} ms ({}); 10th slowest: {:.2} ms",
                lines.len(),
                start.elapsed().as_secs_f64(),
                times[0].0.as_secs_f64() * 1e3,
                &times[0].1[..times[0].1.len().min(60)],
                times[9.min(times.len() - 1)].0.as_secs_f64() * 1e3,
            );
        }
    }
}
