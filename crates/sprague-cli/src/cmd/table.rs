//! `sprague table RULESET --to N`: the Grundy values (or outcomes) of every
//! two-number position `R a b`, 0 <= a, b <= N, as a grid, CSV or JSON.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use anyhow::Result;
use clap::ValueEnum;
use sprague::grid::{Grid, DEFAULT_MAX_CELLS};
use sprague::{Play, Ruleset};

use super::LibError;
use crate::exit::Exit;
use crate::plot;

/// Print the table of every two-number position (a, b), 0 <= a, b <= N:
/// the grid the textbooks advise drawing by hand to find a pattern.
///
/// Rulesets whose components take two numbers: wythoff (a pair), moore:K
/// (two heaps), staircase (coins on steps 1 and 2); and two heaps of any
/// heap game (sub:S, sub:squares, octal:CODE, kayles, grundy, nim, ...),
/// whose value is G(a) xor G(b).
///
/// Cells are the Grundy values of `RULESET a b`, or with --outcome only P
/// (the player who just moved wins) or N (the player to move wins).
/// --misere tables misère play, which has no Grundy values: outcomes only.
///
/// Formats:
///
/// - `table`: rows a = 0..=N down, columns b = 0..=N across (the corner
///   says `a\b`); a value followed by `*` is a P-position.
///
/// - `csv`: a header `a,b,value` (`a,b,outcome` for outcomes), then one
///   line per cell, row by row.
///
/// - `json`: `{"ruleset": ..., "to": N, "play": "normal", "cells": "value",
///   "rows": [[G(0,0), G(0,1), ...], ...]}`, `rows[a][b]`; with outcomes
///   `"cells": "outcome"` and the cells are "P" or "N".
///
/// The grid holds (N + 1)^2 cells of 8 bytes; past --max-cells it is
/// refused before any work (exit status 3).
///
/// Example: `sprague table wythoff --to 10 --outcome`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The ruleset word, e.g. `wythoff`, `moore:2`, `sub:1,3,4`.
    #[arg(value_name = "RULESET")]
    pub ruleset: String,
    /// The largest number of each axis: positions (a, b) with 0 <= a, b <= N.
    #[arg(long, value_name = "N")]
    pub to: u64,
    /// Print only the outcome of each cell, P or N.
    #[arg(long)]
    pub outcome: bool,
    /// Misère play (the player who makes the last move loses): outcomes
    /// only, as misère play has no Grundy values.
    #[arg(long)]
    pub misere: bool,
    /// Output format (default `table`). With --plot and no --format, only
    /// the picture is made.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Draw the grid into FILE (`.svg` or `.png`, chosen by the extension):
    /// a heat map of the values, P-positions black (with --outcome or
    /// --misere: P black, N light), a down, b across.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// The most cells, (N + 1)^2, the table may hold (8 bytes each).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_CELLS)]
    pub max_cells: u64,
    #[command(flatten)]
    pub limits: super::LimitArgs,
}

/// Output formats of `table`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Aligned rows and columns, `*` after the value of a P-position.
    Table,
    /// `a,b,value` (or `a,b,outcome`) lines with a header.
    Csv,
    /// One JSON object with the rows.
    Json,
}

/// Runs `table`.
pub fn run(args: Args) -> Result<Exit> {
    if let Some(path) = &args.plot {
        // A bad extension or folder is refused before any work.
        plot::check_target(path)?;
    }
    let grid = super::with_progress(|| grid(&args))?;
    // Each format is one view of the grid, and the plot one more.
    if let Some(path) = &args.plot {
        draw(&grid, path)?;
    }
    let format = match (args.format, &args.plot) {
        (Some(format), _) => format,
        (None, Some(_)) => return Ok(Exit::Success),
        (None, None) => Format::Table,
    };
    let mut out = BufWriter::new(io::stdout().lock());
    match format {
        Format::Table => human(&grid, &mut out)?,
        Format::Csv => csv(&grid, &mut out)?,
        Format::Json => write_json(&grid, &mut out)?,
    }
    out.flush()?;
    Ok(Exit::Success)
}

/// Draws the grid as a heat map into `path`: values (0, a P-position,
/// black), or outcomes only.
/// The grid `args` ask for: what every format of `table` shows, and the
/// web API's `/api/table` answers (as [`write_json`] writes it).
///
/// # Errors
/// A bad ruleset or a limit.
pub fn grid(args: &Args) -> Result<Grid> {
    let ruleset: Ruleset = super::ruleset_from_word(&args.ruleset)?;
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let values = !args.outcome && !args.misere;
    Ok(Grid::compute(
        &ruleset,
        args.to,
        play,
        values,
        &args.limits.limits(),
        args.max_cells,
    )
    .map_err(LibError)?)
}

fn draw(grid: &Grid, path: &std::path::Path) -> Result<()> {
    let n = grid.to() + 1;
    let outcome_only = grid.value(0, 0).is_none();
    let mut cells = Vec::with_capacity((n * n) as usize);
    for a in 0..n {
        for b in 0..n {
            cells.push(match grid.value(a, b) {
                Some(v) => v,
                None => u64::from(grid.outcome(a, b) == sprague::Outcome::N),
            });
        }
    }
    let what = if outcome_only {
        format!("outcomes ({} play; P black)", play_word(grid.play()))
    } else {
        "Grundy values (P-positions black)".to_string()
    };
    let title = format!("{} a b: {what}", grid.ruleset().word());
    plot::plot_grid(
        path,
        &plot::GridPlot {
            title: &title,
            x_label: "b",
            y_label: "a",
            columns: n as usize,
            rows: n as usize,
            values: &cells,
            outcome_only,
        },
    )
}

/// The text of one cell: its value, or its outcome.
fn cell(grid: &Grid, a: u64, b: u64) -> String {
    match grid.value(a, b) {
        Some(v) => v.to_string(),
        None => grid.outcome(a, b).to_string(),
    }
}

fn play_word(play: Play) -> &'static str {
    match play {
        Play::Normal => "normal",
        Play::Misere => "misere",
    }
}

/// Rows a down, columns b across, right-aligned; `*` after a P-position's
/// value (outcome tables say P themselves).
fn human(grid: &Grid, out: &mut impl Write) -> io::Result<()> {
    let to = grid.to();
    let digits = |n: u64| n.to_string().len();
    let largest = (0..=to)
        .flat_map(|a| (0..=to).map(move |b| (a, b)))
        .filter_map(|(a, b)| grid.value(a, b))
        .max()
        .unwrap_or(0);
    let width = digits(to).max(digits(largest));
    let label = digits(to).max(3);
    let what = if grid.has_values() {
        "Grundy values; * marks a P-position"
    } else {
        "outcomes: P the player who just moved wins, N the player to move wins"
    };
    let play = match grid.play() {
        Play::Normal => "normal play",
        Play::Misere => "misère play",
    };
    writeln!(
        out,
        "{} a b for 0 <= a, b <= {to} ({play}; {what}; a down, b across)",
        grid.ruleset().word()
    )?;
    let mut line = format!("{:>label$}", "a\\b");
    for b in 0..=to {
        line.push_str(&format!(" {b:>width$} "));
    }
    writeln!(out, "{}", line.trim_end())?;
    for a in 0..=to {
        let mut line = format!("{a:>label$}");
        for b in 0..=to {
            let mark = if grid.has_values() && grid.outcome(a, b) == sprague::Outcome::P {
                '*'
            } else {
                ' '
            };
            line.push_str(&format!(" {:>width$}{mark}", cell(grid, a, b)));
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

/// `a,b,value` (or `a,b,outcome`), one line per cell.
fn csv(grid: &Grid, out: &mut impl Write) -> io::Result<()> {
    let column = if grid.has_values() {
        "value"
    } else {
        "outcome"
    };
    writeln!(out, "a,b,{column}")?;
    for a in 0..=grid.to() {
        for b in 0..=grid.to() {
            writeln!(out, "{a},{b},{}", cell(grid, a, b))?;
        }
    }
    Ok(())
}

/// The JSON of `table --format json` (and of the web API's `/api/table`):
/// one object: ruleset, to, play, what the cells are (`value` or
/// `outcome`), and the rows (row a holds the cells (a, 0..=to)).
///
/// # Errors
/// A failed write.
pub fn write_json(grid: &Grid, out: &mut impl Write) -> io::Result<()> {
    let name = serde_json::to_string(grid.ruleset().word()).map_err(io::Error::other)?;
    let cells = if grid.has_values() {
        "value"
    } else {
        "outcome"
    };
    write!(
        out,
        "{{\"ruleset\":{name},\"to\":{},\"play\":\"{}\",\"cells\":\"{cells}\",\"rows\":[",
        grid.to(),
        play_word(grid.play())
    )?;
    for a in 0..=grid.to() {
        if a > 0 {
            out.write_all(b",")?;
        }
        out.write_all(b"[")?;
        for b in 0..=grid.to() {
            if b > 0 {
                out.write_all(b",")?;
            }
            match grid.value(a, b) {
                Some(v) => write!(out, "{v}")?,
                None => write!(out, "\"{}\"", grid.outcome(a, b))?,
            }
        }
        out.write_all(b"]")?;
    }
    writeln!(out, "]}}")
}
