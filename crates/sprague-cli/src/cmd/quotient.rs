//! `sprague quotient RULESET --to N`: the misère quotient of a heap game
//! restricted to heaps 0..=N.

use std::io::{self, Write};

use anyhow::Result;
use serde::Serialize;
use sprague::misere::{Quotient, QuotientLimits, DEFAULT_MAX_CYCLE, DEFAULT_MAX_ORDER, NO_REPEAT};
use sprague::{Ruleset, DEFAULT_MAX_STATES};

use super::LibError;
use crate::exit::Exit;

/// The misère quotient (Plambeck & Siegel 2008) of a heap game restricted
/// to heaps 0..=N: its order, a presentation (generators and relations),
/// its P-portion and the pretending function (heap → element).
///
/// Sums of heaps 0..=N are indistinguishable when adding any such sum to
/// each gives the same misère outcome; the classes form a commutative
/// monoid, the quotient, in which a sum is worth the product of its heaps'
/// elements and is a misère P-position exactly when that product is in the
/// P-portion. The order of every quotient of impartial games is even.
///
/// The quotient is built heap by heap: each new heap is tested against
/// every element (it must give the same outcomes in every sum); when none
/// fits, it becomes a new generator t with t^(i+p) = t^i and the monoid is
/// reduced. Every step is proven by a check over all sums (a finite walk
/// over what the outcome rule looks at), so nothing is guessed. Where a new
/// heap h tells apart sums that smaller heaps did not (Kayles heap 9,
/// Dawson's Kayles heap 25), the quotient is built again from heap 0 by
/// refinement: whether Y + k copies of h is a P-position is, for each k, a
/// game on the smaller heaps Y with a monoid of its own, built and proven
/// the same way, until it repeats in k (Dawson's Kayles to heap 30: order
/// 360, as Siegel found, in about 12 seconds with --max-states 5000000).
/// Where that fails too, an older construction that keeps more apart is
/// tried; where nothing passes, the command says so (exit status 2).
///
/// Elements are written as products of generators in normal form (`1` the
/// identity, `ab^2`); each relation equates a least product not in normal
/// form with its normal form.
///
/// JSON: `{"ruleset": ..., "to": N, "order": 8, "generators": [{"name":
/// "a", "heap": 1}, ...], "relations": ["a^2 = 1", ...], "elements": [...],
/// "p_portion": [...], "pretend": ["1", "a", ...]}` (`pretend[n]` is heap
/// n's element).
///
/// Example: `sprague quotient octal:0.75 --to 20`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The ruleset word (a heap game), e.g. `kayles`, `octal:0.75`.
    #[arg(value_name = "RULESET")]
    pub ruleset: String,
    /// The largest heap.
    #[arg(long, value_name = "N")]
    pub to: u64,
    /// The largest order accepted (exit status 3 beyond it).
    #[arg(long, value_name = "Q", default_value_t = DEFAULT_MAX_ORDER)]
    pub max_order: usize,
    /// The most tuples one proof check may explore, and half the most
    /// options of heaps kept (exit status 3 beyond either).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES)]
    pub max_states: usize,
    /// The longest cycle t^(i+p) = t^i (i + p) tried for the powers of a
    /// heap. Where they do not repeat within it, the construction stops
    /// (exit status 2) and says so; a longer cycle may find the quotient
    /// (octal:0.57 to heap 40 needs 32), and takes longer, also where it
    /// finds none.
    #[arg(long, value_name = "L", default_value_t = DEFAULT_MAX_CYCLE as u16,
          value_parser = clap::value_parser!(u16).range(2..=256))]
    pub max_cycle: u16,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// A generator in `quotient --json`.
#[derive(Debug, Serialize)]
pub struct JsonGenerator {
    /// Its name, a letter (`a`, `b`, ...).
    pub name: String,
    /// The heap it stands for.
    pub heap: u64,
}

/// The object printed by `quotient --json` (and answered by the web API's
/// `/api/quotient`).
#[derive(Debug, Serialize)]
pub struct JsonQuotient {
    /// The ruleset word, as the library writes it.
    pub ruleset: String,
    /// The largest heap.
    pub to: u64,
    /// The number of elements.
    pub order: usize,
    /// The generators, each with its heap.
    pub generators: Vec<JsonGenerator>,
    /// The relations, `product = normal form`.
    pub relations: Vec<String>,
    /// Every element in normal form (`1` the identity).
    pub elements: Vec<String>,
    /// The elements whose sums are misère P-positions.
    pub p_portion: Vec<String>,
    /// `pretend[n]`: heap n's element.
    pub pretend: Vec<String>,
}

/// Computes what `quotient` prints: the misère quotient of heaps
/// `0..=args.to`, within `args.max_order` and `args.max_states`, calling
/// `progress(heap, order)` with each heap reached (a smaller one when the
/// construction starts again from heap 0) and the order of the monoid
/// built so far.
///
/// # Errors
/// A [`super::UsageError`] for a ruleset that is not a heap game or a bad
/// word; a [`LibError`] for a limit of the library (exit status 3) or a
/// game whose quotient cannot be proven (exit status 2).
pub fn compute(args: &Args, progress: &mut dyn FnMut(u64, usize)) -> Result<JsonQuotient> {
    let ruleset: Ruleset = super::ruleset_from_word(&args.ruleset)?;
    if ruleset.heap_rules().is_none() {
        return Err(super::UsageError(format!(
            "{} is not a heap game: quotient needs a ruleset whose every heap is a game of its \
             own (nim, sub:S, octal:CODE, hex:CODE, kayles, dawson, grundy)",
            ruleset.word()
        ))
        .into());
    }
    let limits = QuotientLimits {
        max_order: args.max_order,
        max_states: args.max_states,
        max_cycle: usize::from(args.max_cycle),
        ..QuotientLimits::default()
    };
    let q = Quotient::compute_with_status(&ruleset, args.to, &limits, progress).map_err(|e| {
        // Powers that did not repeat within the cycle: say how to ask for a
        // longer one.
        match e {
            sprague::Error::Unsupported(why) if why.contains(NO_REPEAT) => {
                LibError(sprague::Error::Unsupported(format!(
                    "{why}; a longer cycle may find it: --max-cycle L (now {}; time grows with it)",
                    args.max_cycle
                )))
            }
            e => LibError(e),
        }
    })?;
    Ok(JsonQuotient {
        ruleset: ruleset.word().to_string(),
        to: args.to,
        order: q.order(),
        generators: q
            .generators()
            .into_iter()
            .map(|(name, heap)| JsonGenerator { name, heap })
            .collect(),
        relations: q.relations(),
        elements: q.elements(),
        p_portion: q.p_portion(),
        pretend: (0..=args.to).map(|h| q.pretend_word(h)).collect(),
    })
}

/// Runs `quotient`.
pub fn run(args: Args) -> Result<Exit> {
    // The elapsed time ticks on its own: a heap that splits a class is
    // added by rebuilding levels over every smaller heap, which can take a
    // while at one position (Dawson's Kayles heap 30: about 30 s).
    // Heaps 0..=to: `to + 1` of them, which saturates at --to 2^64 - 1 (the
    // computation itself refuses such a bound, naming its limit).
    let bar = super::progress_bar(
        args.to >= 16,
        args.to.saturating_add(1),
        "{bar:30} heap {pos}/{len}, {elapsed} {msg}",
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(500));
    let mut last = 0;
    let mut restarted = false;
    let start = std::time::Instant::now();
    let q = compute(&args, &mut |n, order| {
        if n < last {
            // The construction starts again from heap 0.
            restarted = true;
        }
        last = n;
        bar.set_position(n);
        let secs = start.elapsed().as_secs_f64();
        let rate = if secs > 0.0 { n as f64 / secs } else { 0.0 };
        bar.set_message(format!(
            "order {order}{}, {rate:.1} heaps/s",
            if restarted {
                " (a class split: built again from heap 0)"
            } else {
                ""
            }
        ));
    });
    bar.finish_and_clear();
    let q = q?;
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &q)?;
        writeln!(out)?;
    } else {
        let gens: Vec<String> = q
            .generators
            .iter()
            .map(|g| format!("{} = heap {}", g.name, g.heap))
            .collect();
        let none = |v: &[String]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(", ")
            }
        };
        writeln!(out, "ruleset:    {}", q.ruleset)?;
        writeln!(out, "heaps:      0..={}", args.to)?;
        writeln!(out, "order:      {}", q.order)?;
        writeln!(out, "generators: {}", none(&gens))?;
        writeln!(out, "relations:  {}", none(&q.relations))?;
        writeln!(out, "elements:   {}", q.elements.join(", "))?;
        writeln!(out, "P-portion:  {}", none(&q.p_portion))?;
        writeln!(out, "pretending function (heap: element):")?;
        let cells: Vec<String> = q
            .pretend
            .iter()
            .enumerate()
            .map(|(h, e)| format!("{h}: {e}"))
            .collect();
        for line in cells.chunks(8) {
            writeln!(out, "  {}", line.join("  "))?;
        }
    }
    out.flush()?;
    Ok(Exit::Success)
}
