//! `sequence --format packed --check-prefix N / --check-random K`: the
//! read-only checks of a packed file.

use std::io::Write;
use std::time::Instant;

use anyhow::Result;
use sprague::sequence::stream::{value_by_definition_from, ValueStore};
use sprague::sequence::{Method, NimSequence};
use sprague::Ruleset;

use super::super::{Args, LibError, UsageError};
use super::file::Packed;
use super::stream_error;
use crate::exit::Exit;

/// Runs `sequence --format packed --check-prefix N / --check-random K`:
/// checks the file (read only; a run may be writing it) and prints one
/// line a check.
pub(crate) fn check(args: &Args, ruleset: &Ruleset) -> Result<Exit> {
    let word = ruleset.word();
    // Without --output: the run kept in the checkpoint folder.
    let path = match args.output.as_deref() {
        Some(path) => path.to_path_buf(),
        None => {
            let dir = super::checkpoint::folder(args.checkpoint_dir.as_deref())?;
            super::checkpoint::packed_path(&dir, word)?
        }
    };
    let path = path.as_path();
    if !path.exists() {
        return Err(UsageError(format!(
            "--check-prefix and --check-random read a packed file, and {} does not exist \
             (give the run's --output FILE)",
            path.display()
        ))
        .into());
    }
    let moves = super::super::super::engine_moves(ruleset, "sequence --format packed")?.clone();
    let (mut store, note) = Packed::open(path, word, false)?;
    if let Some(note) = note {
        eprintln!("{}: {note}", path.display());
    }
    let len = store.len();
    writeln!(
        std::io::stdout(),
        "{}: {len} values of {word}",
        path.display()
    )?;
    let mut all_agree = true;
    if let Some(n) = args.check_prefix {
        if n >= len {
            let held = match len {
                0 => "no value".to_string(),
                _ => format!("G(0..={})", len - 1),
            };
            return Err(UsageError(format!(
                "--check-prefix {n}: {} holds {held}",
                path.display()
            ))
            .into());
        }
        let began = Instant::now();
        let mut seq = NimSequence::new(word, moves.clone());
        seq.set_threads(args.limits.threads());
        seq.reserve(n);
        seq.extend_to(n, Method::Fast).map_err(LibError)?;
        let computed = began.elapsed().as_secs_f64();
        let values = seq.values();
        let mut chunk = vec![0u16; 1 << 20];
        let mut x = 0u64;
        let mut first_difference = None;
        while x <= n && first_difference.is_none() {
            let c = (n + 1 - x).min(chunk.len() as u64) as usize;
            store.read(x, &mut chunk[..c])?;
            first_difference = (0..c)
                .find(|&i| u64::from(chunk[i]) != values.value(x as usize + i))
                .map(|i| (x + i as u64, chunk[i], values.value(x as usize + i)));
            x += c as u64;
        }
        match first_difference {
            None => {
                let threads = args.limits.threads().min(2);
                writeln!(
                    std::io::stdout(),
                    "prefix: G(0..={n}) of the file equal the in-memory engine's \
                     (computed in {computed:.1} s, {threads} thread{})",
                    if threads == 1 { "" } else { "s" }
                )?;
            }
            Some((h, file, engine)) => {
                all_agree = false;
                writeln!(
                    std::io::stdout(),
                    "prefix: DIFFERS at heap {h}: the file has {file}, the engine {engine}"
                )?;
            }
        }
    }
    if let Some(k) = args.check_random {
        let mut state = args.seed;
        let mut next = || {
            // splitmix64
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut heaps: Vec<u64> = (0..k).map(|_| next() % len).collect();
        heaps.push(len - 1);
        for n in heaps {
            let began = Instant::now();
            let mut one = [0u16];
            store.read(n, &mut one)?;
            let by_definition =
                value_by_definition_from(&moves, n, &mut store).map_err(stream_error)?;
            let agree = by_definition == u64::from(one[0]);
            all_agree &= agree;
            writeln!(
                std::io::stdout(),
                "heap {n}: file {}, definition {by_definition}: {} ({:.1} s)",
                one[0],
                if agree { "ok" } else { "DIFFERS" },
                began.elapsed().as_secs_f64()
            )?;
        }
    }
    Ok(if all_agree {
        Exit::Success
    } else {
        Exit::Other
    })
}
