//! `sprague period rule:OPTIONS`: the period of a rule-language game,
//! proven by the rule's Guy–Smith-style argument where it applies
//! (`sprague::ruleset::rule::theory`), else the period its values show,
//! said plainly to be unproven.

use std::io::{self, IsTerminal, Write};

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use sprague::ruleset::rule::PeriodClaim;
use sprague::Ruleset;

use super::{Apparent, Args, JsonPeriod};
use crate::cmd::LibError;
use crate::exit::Exit;

/// How far values are computed for a rule no argument covers, without
/// `--limit`: enough to show a period repeating three times, if a short
/// one is there.
const APPARENT_TO: u64 = (1 << 16) - 1;

/// Runs `period` for a ruleset that keeps its own table.
pub fn run(ruleset: &Ruleset, args: &Args) -> Result<Exit> {
    let Some(own) = ruleset.own_sequence() else {
        return Err(sprague::Error::Internal("a rule without its own table".into()).into());
    };
    let mut limits = args.limits.limits();
    let table_end = limits.max_table.min(sprague::sequence::MAX_TABLE_LEN) - 1;
    let last = match args.limit {
        Some(l) => l.min(table_end),
        // Bounded by the period search limit, counted in options.
        None if own.theorem_applies() => {
            limits.max_table_work = args.limits.max_period_search;
            table_end
        }
        None => {
            limits.max_table_work = args.limits.max_period_search;
            APPARENT_TO.min(table_end)
        }
    };
    let bar = if io::stderr().is_terminal() && last >= 1 << 14 {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} computing values: {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    bar.set_message(format!("up to heap {last}"));
    let found = sprague::ruleset::rule::search_period(own, last, &limits).map_err(LibError)?;
    bar.finish_and_clear();
    let (claim, checked_to, stopped) = (found.claim, found.checked_to, found.stopped);
    let mut out = io::stdout().lock();
    if args.json {
        let (pre, per, proven, apparent) = match &claim {
            PeriodClaim::Proven(p) => (Some(p.period.preperiod), Some(p.period.period), true, None),
            PeriodClaim::NotYet => (None, None, false, None),
            PeriodClaim::NoTheorem { apparent, .. } => (
                None,
                None,
                false,
                apparent.map(|a| Apparent {
                    saltus: None,
                    preperiod: a.preperiod,
                    period: a.period,
                }),
            ),
        };
        let json = JsonPeriod {
            ruleset: ruleset.word().to_string(),
            preperiod: pre,
            period: per.map(u128::from),
            proven,
            checked_to,
            apparent,
            saltus: None,
        };
        serde_json::to_writer(&mut out, &json)?;
        writeln!(out)?;
    } else {
        let word = ruleset.word();
        let mut s = format!("ruleset:    {word}\n");
        match &claim {
            PeriodClaim::Proven(p) => {
                let (a, b) = p.window;
                s += &format!(
                    "preperiod:  {}\nperiod:     {}\n",
                    p.period.preperiod, p.period.period
                );
                let why = format!(
                    "yes, by the periodicity argument of Guy and Smith for the rule: \
                     G(n + {q}) = G(n) checked for {a} <= n < {b}, a window past which every \
                     option of n + {q} matches one of n of the same value{least}",
                    q = p.proven_with,
                    least = if p.proven_with == p.period.period {
                        String::new()
                    } else {
                        format!(
                            " (the options repeat every {} heaps; the values repeat every {}, \
                             checked over a whole period of {} past the preperiod)",
                            p.proven_with, p.period.period, p.proven_with
                        )
                    }
                );
                sprague::explain::wrap(&mut s, "proven:     ", "            ", &why);
            }
            PeriodClaim::NotYet => {
                let why = match &stopped {
                    Some(e) => format!(
                        "none proven up to heap {checked_to}, where the search stopped: {}",
                        stop_text(e)
                    ),
                    None => {
                        format!("none proven up to heap {checked_to} (look further with --limit N)")
                    }
                };
                sprague::explain::wrap(&mut s, "period:     ", "            ", &why);
                s += "proven:     no\n";
            }
            PeriodClaim::NoTheorem { why, apparent } => {
                let text = format!(
                    "none can be proven: no periodicity argument applies to the rule ({why})"
                );
                sprague::explain::wrap(&mut s, "period:     ", "            ", &text);
                let seen = match apparent {
                    Some(a) => format!(
                        "preperiod {}, period {} in the values to heap {checked_to} (seen at \
                         least three times; nothing is proven, the values may change past \
                         heap {checked_to})",
                        a.preperiod, a.period
                    ),
                    None => format!(
                        "none in the values to heap {checked_to} (no period repeats three \
                         times)"
                    ),
                };
                let seen = match &stopped {
                    Some(e) => format!("{seen}; the values stop there: {}", stop_text(e)),
                    None => seen,
                };
                sprague::explain::wrap(&mut s, "apparent:   ", "            ", &seen);
                s += "proven:     no\n";
            }
        }
        s += &format!("checked to: heap {checked_to}\n");
        out.write_all(s.as_bytes())?;
    }
    out.flush()?;
    Ok(Exit::Success)
}

/// Why the values stopped, with the flag of `period` that goes further.
fn stop_text(e: &sprague::Error) -> String {
    match e {
        sprague::Error::RuleWorkLimit { .. } => format!(
            "{e}; look further with --max-period-search N (the options examined, here) or \
             --limit N"
        ),
        _ => LibError(e.clone()).to_string(),
    }
}
