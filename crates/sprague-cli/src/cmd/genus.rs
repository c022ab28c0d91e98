//! `sprague genus RULESET --to N`: Conway's genus of each heap, and where the
//! game turns wild.

use std::io::{self, Write};

use anyhow::Result;
use serde::Serialize;
use sprague::misere::genus_table;
use sprague::{Limits, Ruleset};

use super::LibError;
use crate::exit::Exit;

/// Conway's genus g^(γ0 γ1 ...) of every heap 0..=N of a heap game, and
/// whether the game is tame.
///
/// g is the Grundy value under normal play; γk is the misère Grundy value
/// of the heap plus k copies of the Nim heap *2. The sequence ends by
/// alternating between two values and is written up to there, the two
/// alternating values last: 0^120 means γ = 1, 2, 0, 2, 0, ...; values of
/// two digits or more are separated by commas (8^8,10).
///
/// A heap is tame when its genus is that of a Nim position (0^120, 1^031,
/// or g^(g, g⊕2)) and every option is made of tame heaps; a sum of tame
/// heaps plays misère Nim on the genus values, which is how
/// `analyze --misere` decides such sums (basis `genus`). The first heap that
/// is not tame is where the game turns wild.
///
/// JSON: `{"ruleset": ..., "to": N, "heaps": [{"heap": 0, "genus": "0^120",
/// "normal": 0, "misere": [1, 2, 0], "tame": true}, ...], "first_wild": 5}`
/// (`first_wild` null when every heap is tame).
///
/// Example: `sprague genus kayles --to 20`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The ruleset word (a heap game), e.g. `kayles`, `dawson`, `sub:1,2`.
    #[arg(value_name = "RULESET")]
    pub ruleset: String,
    /// The largest heap.
    #[arg(long, value_name = "N")]
    pub to: u64,
    /// The most sums of heaps with a wild heap whose genus is computed on
    /// the way (their number grows about as the partitions of the heap;
    /// exit status 3 beyond it).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_states)]
    pub max_states: usize,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// One heap in `genus --json`.
#[derive(Debug, Serialize)]
pub struct JsonHeap {
    /// The heap size.
    pub heap: u64,
    /// Its genus as written, e.g. `0^120`.
    pub genus: String,
    /// g, its Grundy value under normal play.
    pub normal: u64,
    /// γ0 γ1 ..., the misère Grundy values of the heap plus k copies of *2,
    /// up to the two alternating values.
    pub misere: Vec<u64>,
    /// Whether the heap is tame.
    pub tame: bool,
}

/// The object printed by `genus --json` (and answered by the web API's
/// `/api/genus`).
#[derive(Debug, Serialize)]
pub struct JsonGenus {
    /// The ruleset word, as the library writes it.
    pub ruleset: String,
    /// The largest heap.
    pub to: u64,
    /// Every heap 0..=to.
    pub heaps: Vec<JsonHeap>,
    /// The first heap that is not tame, if any.
    pub first_wild: Option<u64>,
}

/// Computes what `genus` prints: the genus of every heap `0..=args.to`,
/// within `args.max_states`.
///
/// # Errors
/// A [`super::UsageError`] for a ruleset that is not a heap game or a bad
/// word; a [`LibError`] for a limit of the library (exit status 3).
pub fn compute(args: &Args) -> Result<JsonGenus> {
    let ruleset: Ruleset = super::ruleset_from_word(&args.ruleset)?;
    if ruleset.heap_rules().is_none() {
        return Err(super::UsageError(format!(
            "{} is not a heap game: genus needs a ruleset whose every heap is a game of its own \
             (nim, sub:S, octal:CODE, hex:CODE, kayles, dawson, grundy)",
            ruleset.word()
        ))
        .into());
    }
    let limits = Limits {
        max_states: args.max_states,
        ..Limits::default()
    };
    let table = genus_table(&ruleset, args.to, &limits).map_err(LibError)?;
    Ok(JsonGenus {
        ruleset: ruleset.word().to_string(),
        to: args.to,
        heaps: table
            .heaps
            .iter()
            .map(|h| JsonHeap {
                heap: h.heap,
                genus: h.genus.to_string(),
                normal: h.genus.normal(),
                misere: h.genus.superscript().to_vec(),
                tame: h.tame,
            })
            .collect(),
        first_wild: table.first_wild(),
    })
}

/// Runs `genus`.
pub fn run(args: Args) -> Result<Exit> {
    let table = compute(&args)?;
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &table)?;
        writeln!(out)?;
    } else {
        let width = table
            .heaps
            .iter()
            .map(|h| h.genus.len())
            .max()
            .unwrap_or(5)
            .max(5);
        writeln!(out, "ruleset: {}", table.ruleset)?;
        writeln!(out, "heap  {:<width$}  tame", "genus")?;
        for h in &table.heaps {
            writeln!(
                out,
                "{:<4}  {:<width$}  {}",
                h.heap,
                h.genus,
                if h.tame { "tame" } else { "wild" }
            )?;
        }
        match table.first_wild {
            None => writeln!(out, "tame up to heap {}", args.to)?,
            Some(0) => writeln!(out, "wild from heap 0")?,
            Some(w) => writeln!(out, "tame up to heap {}; first wild heap: {w}", w - 1)?,
        }
    }
    out.flush()?;
    Ok(Exit::Success)
}
