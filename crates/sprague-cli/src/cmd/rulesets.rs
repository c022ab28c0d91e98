//! `sprague rulesets`: every registered ruleset, how it is written, its
//! rule, an example and the theorem that decides it.

use std::io::Write;

use anyhow::Result;
use serde::Serialize;
use sprague::ruleset::{registered, RulesetInfo};

use crate::exit::Exit;

/// List every ruleset sprague knows: how it is written, its rule in one
/// line, an example position and the theorem (or method) that decides it.
///
/// Example: `sprague rulesets`, `sprague rulesets --json`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print one JSON object, `{"rulesets": [{"notation", "names", "rule",
    /// "example", "theorem"}, ...]}`.
    #[arg(long)]
    pub json: bool,
}

/// The JSON object of `rulesets --json`.
#[derive(Serialize)]
struct All<'a> {
    rulesets: Vec<Entry<'a>>,
}

/// One ruleset in JSON.
#[derive(Serialize)]
struct Entry<'a> {
    notation: &'a str,
    names: &'a [&'a str],
    rule: &'a str,
    example: &'a str,
    theorem: &'a str,
}

impl<'a> From<&'a RulesetInfo> for Entry<'a> {
    fn from(r: &'a RulesetInfo) -> Entry<'a> {
        Entry {
            notation: r.notation,
            names: r.names,
            rule: r.rule,
            example: r.example,
            theorem: r.theorem,
        }
    }
}

/// The object `rulesets --json` prints (and `/api/rulesets` answers).
pub fn json() -> impl Serialize {
    All {
        rulesets: registered().map(Entry::from).collect(),
    }
}

/// The text `rulesets` prints.
pub fn text() -> String {
    let mut out = String::new();
    for r in registered() {
        out.push_str(r.notation);
        out.push('\n');
        for (label, body) in [
            ("rule:    ", r.rule.to_string()),
            ("example: ", format!("sprague analyze '{}'", r.example)),
            ("decided: ", r.theorem.to_string()),
        ] {
            let opts = textwrap::Options::new(78)
                .initial_indent("")
                .subsequent_indent("           ");
            let wrapped = textwrap::fill(&body, opts.initial_indent(&format!("  {label}")));
            out.push_str(&wrapped);
            out.push('\n');
        }
    }
    out.push_str("\nEvery ruleset works in sums with the others: `kayles 10 + nim 3`.\n");
    out
}

/// Runs `rulesets`.
pub fn run(args: Args) -> Result<Exit> {
    let mut out = std::io::stdout().lock();
    if args.json {
        let text = serde_json::to_string(&json())?;
        out.write_all(text.as_bytes())?;
        out.write_all(b"\n")?;
    } else {
        out.write_all(text().as_bytes())?;
    }
    out.flush()?;
    Ok(Exit::Success)
}
