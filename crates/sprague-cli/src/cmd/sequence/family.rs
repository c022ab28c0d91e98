//! `sequence 'RULESET ...N...' --to M`: the values of a family of
//! positions, N = 1, ..., M substituted for the capital `N` of the
//! template (`'nodekayles grid:3xN'`, `'cram 4xN'`, `'nodekayles cycle:N'`).
//! The positions are read by one parser, so they share one ruleset and a
//! search's table serves the whole run.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use anyhow::Result;
use sprague::{Analyzer, Play, PositionParser};

use super::{Args, Format};
use crate::cmd::{LibError, UsageError};
use crate::exit::Exit;

/// Whether the RULESET argument is a family template: a position with a
/// capital `N` in it.
pub(super) fn is_family(word: &str) -> bool {
    word.contains(char::is_whitespace) && word.contains('N')
}

/// Runs a family's sequence.
pub(super) fn run(args: &Args) -> Result<Exit> {
    let template = args.ruleset.trim();
    let Some(to) = args.to else {
        return Err(UsageError(format!(
            "sequence '{template}' needs --to M (the last N to value)"
        ))
        .into());
    };
    if args.output.is_some() || args.plot.is_some() || args.format == Some(Format::Packed) {
        return Err(UsageError(
            "a family of positions prints to standard output in table, raw, csv or json \
             (no --output, --plot or --format packed)"
                .into(),
        )
        .into());
    }
    // Every position is read before any is valued: a template that does
    // not read is refused at once, naming N.
    // One parser: one ruleset, one search table for the whole family.
    let mut parser = PositionParser::new();
    let mut positions = Vec::new();
    for n in 1..=to {
        let text = template.replace('N', &n.to_string());
        let p = parser
            .parse(&text)
            .map_err(|e| UsageError(format!("'{template}' with N = {n} is not a position: {e}")))?;
        positions.push((n, p));
        if positions.len() > 100_000 {
            return Err(UsageError("a family takes --to at most 100000".into()).into());
        }
    }
    let began = Instant::now();
    let limits = sprague::Limits {
        max_states: args.max_states,
        ..args.limits.limits()
    };
    let format = args.format.unwrap_or(Format::Table);
    let mut out = BufWriter::new(io::stdout().lock());
    let bar = crate::cmd::progress_bar(
        true,
        to,
        "{bar:40} {human_pos}/{human_len} positions, {elapsed}",
    );
    match format {
        Format::Csv => writeln!(out, "n,g")?,
        Format::Json => write!(
            out,
            "{{\"family\": {}, \"values\": [",
            serde_json::to_string(template)?
        )?,
        _ => {}
    }
    for (i, (n, p)) in positions.iter().enumerate() {
        let analysis = Analyzer::new(limits).analyze(p, Play::Normal, Some(0));
        let g = match analysis {
            Ok(a) => a.value.unwrap_or(0),
            Err(e) => {
                bar.finish_and_clear();
                if format == Format::Json {
                    writeln!(out, "]}}")?;
                }
                out.flush()?;
                return Err(LibError(e).into());
            }
        };
        match format {
            Format::Csv => writeln!(out, "{n},{g}")?,
            Format::Json if i == 0 => write!(out, "{g}")?,
            Format::Json => write!(out, ", {g}")?,
            Format::Raw => writeln!(out, "{g}")?,
            _ => writeln!(out, "{}: {g}", template.replace('N', &n.to_string()))?,
        }
        out.flush()?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    if format == Format::Json {
        writeln!(out, "]}}")?;
    }
    out.flush()?;
    if args.stats {
        eprintln!(
            "{to} positions valued in {:.2} s",
            began.elapsed().as_secs_f64()
        );
    }
    Ok(Exit::Success)
}
