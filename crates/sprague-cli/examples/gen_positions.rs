//! Writes random Nim positions for benchmarks: `LINES` lines of `HEAPS`
//! random 64-bit heap sizes each, deterministic for a given seed.
//!
//! Usage: `cargo run --release --example gen_positions -- LINES HEAPS [SEED] > file`

use std::io::{self, BufWriter, Write};

use rand::{Rng, SeedableRng};

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> u64 {
        args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default)
    };
    let (lines, heaps, seed) = (number(0, 1_000_000), number(1, 8), number(2, 1));
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut buf = itoa::Buffer::new();
    for _ in 0..lines {
        out.write_all(b"nim")?;
        for _ in 0..heaps {
            out.write_all(b" ")?;
            out.write_all(buf.format(rng.random::<u64>()).as_bytes())?;
        }
        out.write_all(b"\n")?;
    }
    out.flush()
}
