//! `sprague period RULESET`: preperiod and period of a nim-sequence, and
//! whether they are proven.

mod arith;
mod rule;

use std::io::{self, IsTerminal, Write};

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use sprague::sequence::{store, PeriodReport, Store};
use sprague::Ruleset;

use super::sequence::MethodArg;
use super::LibError;
use crate::exit::Exit;

/// Find the preperiod and period of a heap game's nim-sequence, and prove
/// them.
///
/// The values are computed in doubling steps from 1,024 up to --limit,
/// and after each step every period p = 1, 2, ... is tried. A period is
/// reported only when proven:
///
/// - octal and hexadecimal codes, by the periodicity theorem of Guy and
///   Smith: if G(n + p) = G(n) for all n0 <= n < W, with
///   W = q·max(n0, 1) + (q - 1)·p + t, then G(n + p) = G(n) for all n >= n0.
///   Here t is the most tokens one move removes (the index of the last
///   nonzero digit) and q the most heaps a move leaves (2; 3 for hex codes
///   with a digit of 8 or more; 1 for codes that never split). So for
///   Kayles (t = 2) the window is 71 <= n < 2·71 + 12 + 2 = 156, which
///   needs G up to heap 167.
///
/// - sub:S, by repetition of a window of max(S) values: G(n + p) = G(n) for
///   n0 <= n < n0 + max(S) (the same theorem with q = 1, t = max(S)).
///
/// - take-any codes ending in `...` (every smaller heap an option, plus
///   splits after a few amounts: Lasker's Nim octal:4.3..., hex:8.3...),
///   by an arithmetic period G(n + p) = G(n) + s with saltus s, proven by
///   an induction whose base is checked from 512 values (the output states
///   it; JSON adds `"saltus"`).
///
/// An arithmetic period the values show where nothing proves it is given
/// as `apparent` (with its saltus), not proven.
///
/// No period is claimed (`proven: false`, period null) where no theorem
/// applies: Grundy's game (its two heaps must differ), other codes whose
/// last digit repeats (written with `...`: they allow removing
/// arbitrarily many tokens), the infinite subtraction sets
/// sub:squares, sub:primes, sub:pow2 and sub:fib (no max(S) to bound the
/// window; a repetition seen in their values proves nothing), and Nim
/// (G(n) = n). Nothing is computed for them (`checked_to` is 0).
///
/// JSON: `{"ruleset": ..., "preperiod": 71, "period": 12, "proven": true,
/// "checked_to": N}`, where N is the last heap computed; `period` and
/// `preperiod` are null when no period was proven by the limit.
///
/// Example: `sprague period kayles`, `sprague period octal:0.16 --json`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The ruleset word (a heap game), e.g. `kayles`, `octal:0.16`, `sub:2,5,6`.
    #[arg(value_name = "RULESET")]
    pub ruleset: String,
    /// Compute values up to heap N at most. Without it, look as far as the
    /// work limit --max-period-search (a count of work, heaps computed ×
    /// (largest value + 1), not a heap: by default 2^27, which proves
    /// octal:0.56's period from heap 326,640 in about half a second and
    /// stops octal:0.6, which has no known period, near heap 440,000) and
    /// the table limit --max-table allow; the output says which stopped it.
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    #[command(flatten)]
    pub limits: super::TableArgs,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// How to compute the values.
    #[arg(long, value_enum, default_value_t = MethodArg::Fast)]
    pub method: MethodArg,
}

/// The JSON object printed by `period --json`.
#[derive(Debug, Serialize)]
pub struct JsonPeriod {
    /// The ruleset word as written.
    pub ruleset: String,
    /// The preperiod n0, or null.
    pub preperiod: Option<u64>,
    /// The period p, or null (a number past 2^64 - 1 for a closed form
    /// such as `sub:1,2,18446744073709551615`'s 2^64).
    pub period: Option<u128>,
    /// Whether the period is proven (false whenever it is null).
    pub proven: bool,
    /// The last heap whose value was computed.
    pub checked_to: u64,
    /// For a `rule:` game no periodicity argument covers, or a game whose
    /// values to `--limit` show a period whose proof needs more values
    /// than the memory budget holds: the preperiod and period its values
    /// show (not proven); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub apparent: Option<Apparent>,
    /// The saltus s of an arithmetic period, G(n + p) = G(n) + s for
    /// n >= n0 (with `proven` as for a period); absent for an ordinary
    /// period or none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saltus: Option<u64>,
}

/// A period the values show without proof.
#[derive(Debug, Serialize)]
pub struct Apparent {
    /// The preperiod the values show.
    pub preperiod: u64,
    /// The period the values show.
    pub period: u64,
    /// The saltus the values show, for an arithmetic period; absent for
    /// an ordinary one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saltus: Option<u64>,
}

/// Runs `period`.
pub fn run(args: Args) -> Result<Exit> {
    let ruleset: Ruleset = super::ruleset_from_word(&args.ruleset)?;
    if let Some(why) = ruleset.no_period() {
        return no_period(&ruleset, &why, args.json);
    }
    if let Some((n0, p)) = ruleset.closed_period_wide() {
        if p > u128::from(u64::MAX) {
            return closed_form(&ruleset, n0, p, args.json);
        }
    }
    if let Some((n0, p)) = ruleset.closed_period() {
        // A range a..=b whose table would be too long or its values too
        // large for the table proof: the closed form proves the period.
        // (The largest value is G(p - 1).)
        // A set with a huge amount (sub:1,2,1000000000) would need a table
        // past that amount to prove what the closed form says.
        let largest = ruleset.closed_heap_value(p - 1).unwrap_or(0);
        let huge_amount = ruleset
            .move_set()
            .and_then(|m| m.max_removal())
            .is_some_and(|m| m > 1 << 20);
        if p > 1 << 20 || largest > u64::from(u16::MAX) || huge_amount {
            return closed_form(&ruleset, n0, u128::from(p), args.json);
        }
    }
    if ruleset.own_sequence().is_some() {
        return rule::run(&ruleset, &args);
    }
    // What stopped the search, when it found no period.
    let mut stop = Stop::Unknown;
    let report = if ruleset.single_heap_is_nim() {
        PeriodReport {
            found: None,
            checked_to: 0,
            theorem_applies: false,
            arithmetic: None,
        }
    } else {
        let moves = super::engine_moves(&ruleset, "period")?;
        let limits = args.limits.limits();
        let limit = args
            .limit
            .unwrap_or_else(|| store::table_limit(moves, &limits));
        let mut store = Store::new(ruleset.word(), moves.clone(), args.method.into());
        store.set_threads(args.limits.threads());
        let bar = if io::stderr().is_terminal() && limit >= 1 << 14 {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} computing values: {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar
        } else {
            ProgressBar::hidden()
        };
        let report = match args.limit {
            Some(limit) => {
                stop = Stop::Limit;
                let mut progress = |n| bar.set_message(format!("up to heap {n}"));
                let report = store
                    .search_period(limit, &mut progress)
                    .map_err(LibError)?;
                // A period the values show, whose proof needs values a
                // little past the limit: computed on to that heap when the
                // memory budget holds them (issue 59).
                let seen = report.period().is_none().then(|| {
                    let values = store.sequence().values();
                    sprague::sequence::period::find_apparent_unproven(values, moves)
                });
                match seen.flatten() {
                    Some((period, need)) => {
                        let bytes = u128::from(need.saturating_add(1))
                            * store.sequence().bytes_per_value() as u128;
                        let budget = u128::from(super::memory_budget());
                        // The values and the engine's own tables: a quarter more.
                        if bytes + bytes / 4 <= budget {
                            stop = Stop::Extended { period, need };
                            store.search_period(need, &mut progress).map_err(LibError)?
                        } else {
                            stop = Stop::Unproven {
                                period,
                                need,
                                bytes: u64::try_from(bytes).unwrap_or(u64::MAX),
                            };
                            report
                        }
                    }
                    None => report,
                }
            }
            // As analyze looks for the period that answers a huge heap,
            // within the work limit and the table limit.
            None => match store.ensure(u64::MAX, &limits) {
                Ok(()) => store.report(),
                Err(sprague::Error::PeriodSearchLimit { divisor, .. }) => {
                    stop = Stop::Work(divisor);
                    store.report()
                }
                Err(sprague::Error::TableLimit { divisor, .. }) => {
                    stop = Stop::Table(divisor);
                    store.report()
                }
                Err(e) if e.is_limit() => store.report(),
                Err(e) => return Err(LibError(e).into()),
            },
        };
        bar.finish_and_clear();
        report
    };
    // A proven arithmetic period has its own report; an apparent one is a
    // line (and an `apparent` record) added to the report of the search.
    let seen = match (report.period(), report.arithmetic) {
        (None, Some(found)) if found.proof.is_some() => {
            return arith::report(&ruleset, &report, found, args.json);
        }
        (None, Some(found)) => Some(found.period),
        _ => None,
    };
    emit(
        args.json,
        || JsonPeriod {
            ruleset: ruleset.word().to_string(),
            preperiod: report.period().map(|p| p.preperiod),
            period: report.period().map(|p| u128::from(p.period)),
            proven: report.proven(),
            checked_to: report.checked_to,
            apparent: match stop {
                Stop::Unproven { period, .. } if report.period().is_none() => Some(Apparent {
                    preperiod: period.preperiod,
                    period: period.period,
                    saltus: None,
                }),
                _ => seen.map(|a| Apparent {
                    preperiod: a.preperiod,
                    period: a.period,
                    saltus: Some(a.saltus),
                }),
            },
            saltus: None,
        },
        || {
            let flags = Flags {
                max_table: args.limits.max_table,
                max_period_search: args.limits.max_period_search,
            };
            let text = human(&ruleset, &report, stop, &flags);
            match seen {
                Some(a) => arith::with_apparent(text, a, report.checked_to),
                None => text,
            }
        },
    )
}

/// Prints `record` as one JSON line with `json`, else `text`, to standard
/// output.
fn emit(
    json: bool,
    record: impl FnOnce() -> JsonPeriod,
    text: impl FnOnce() -> String,
) -> Result<Exit> {
    let mut out = io::stdout().lock();
    if json {
        serde_json::to_writer(&mut out, &record())?;
        writeln!(out)?;
    } else {
        out.write_all(text().as_bytes())?;
    }
    out.flush()?;
    Ok(Exit::Success)
}

/// Reports a ruleset whose nim-sequence a theorem shows has no period;
/// nothing is computed.
fn no_period(ruleset: &Ruleset, why: &str, json: bool) -> Result<Exit> {
    let word = ruleset.word();
    emit(
        json,
        || JsonPeriod {
            ruleset: word.to_string(),
            preperiod: None,
            period: None,
            proven: false,
            checked_to: 0,
            apparent: None,
            saltus: None,
        },
        || {
            format!(
                "ruleset:    {word}\nperiod:     none: {why}\nproven:     no (there is no period \
                 to prove)\nchecked to: nothing computed (the theorem says it; `sprague sequence \
                 {word} --to N` prints the values)\n"
            )
        },
    )
}

/// Reports a period proven by a closed form (a subtraction set that is one
/// range `a..=b`: G(n) = floor((n mod (a + b)) / a)); nothing is computed.
fn closed_form(ruleset: &Ruleset, n0: u64, p: u128, json: bool) -> Result<Exit> {
    let word = ruleset.word();
    emit(
        json,
        || JsonPeriod {
            ruleset: word.to_string(),
            preperiod: Some(n0),
            period: Some(p),
            proven: true,
            checked_to: 0,
            apparent: None,
            saltus: None,
        },
        || {
            format!(
                "ruleset:    {word}\npreperiod:  {n0}\nperiod:     {p}\nproven:     yes, by the \
                 closed form of the subtraction set (one range a..=b: G(n) = floor((n mod (a + \
                 b)) / a); two or three amounts: the theorems of the guide's Classic games \
                 chapter)\nchecked to: nothing computed (the closed form needs no table)\n"
            )
        },
    )
}

/// What stopped a search that found no period.
#[derive(Clone, Copy, Debug)]
enum Stop {
    /// The heap given by --limit.
    Limit,
    /// The work limit, --max-period-search divided by this for the game.
    Work(u64),
    /// The table limit, --max-table divided by this for the game.
    Table(u64),
    /// Nothing said (no search, or a period was found).
    Unknown,
    /// The values to --limit showed `period`, whose proof needed them to
    /// heap `need`: computed on to there.
    Extended {
        period: sprague::sequence::period::Period,
        need: u64,
    },
    /// The values to --limit showed `period`, whose proof needs them to
    /// heap `need`, `bytes` of values past the memory budget.
    Unproven {
        period: sprague::sequence::period::Period,
        need: u64,
        bytes: u64,
    },
}

/// The values of the flags that bound the search, as given.
struct Flags {
    max_table: u64,
    max_period_search: u64,
}

/// "a 500th of it for a game that ...", or nothing for a divisor of 1.
fn fraction(divisor: u64, game: &str) -> String {
    if divisor > 1 {
        format!(", a {divisor}th of it for a game that {game}")
    } else {
        String::new()
    }
}

/// The largest preperiod + period that the values G(0..=n) could have
/// proven by the periodicity theorem (so none that short exists), with the
/// theorem's q and q·floor + t: a period (n0, p) is proven from the values
/// to q·max(n0, floor) + q·p + t − 1 <= q·(n0 + p) + (q·floor + t) − 1
/// (Guy & Smith 1956; Winning Ways, ch. 4). `None` when the theorem does
/// not apply or the values are too few to prove any.
fn ruled_out(ruleset: &Ruleset, n: u64) -> Option<(u64, u64, u64)> {
    use sprague::sequence::period::window_end;
    let moves = ruleset.move_set()?;
    let w0 = window_end(moves, 0, 0)?;
    let q = window_end(moves, 10, 0)?.checked_sub(window_end(moves, 9, 0)?)?;
    let most = n.checked_add(1)?.checked_sub(w0)? / q.max(1);
    (most > 0).then_some((most, q, w0))
}

/// The human view of a period report.
fn human(ruleset: &Ruleset, r: &PeriodReport, stop: Stop, flags: &Flags) -> String {
    let word = ruleset.word();
    let mut s = format!("ruleset:    {word}\n");
    match (r.period(), r.proof()) {
        (Some(p), Some(proof)) => {
            s += &format!("preperiod:  {}\nperiod:     {}\n", p.preperiod, p.period);
            if let Stop::Extended { need, .. } = stop {
                sprague::explain::wrap(
                    &mut s,
                    "note:       ",
                    "            ",
                    &format!(
                        "the values to the --limit showed this period without proving it; \
                         computed on to heap {need}, where the theorem proves it"
                    ),
                );
            }
            let (a, b) = proof.window;
            let formula = proof.window_formula();
            s += &format!(
                "proven:     yes, by the periodicity theorem of Guy and Smith: G(n + {p}) = G(n) \
                 checked for {a} <= n < {b}\n            (window end {formula}, with t = {t}, \
                 the most tokens one move removes)\n",
                p = p.period,
                t = proof.max_removal,
            );
        }
        _ if ruleset.single_heap_is_nim() => {
            s += "period:     none (a lone heap is a Nim heap: G(n) = n grows without bound)\nproven:     no period claimed\n";
        }
        _ if !r.theorem_applies => {
            let moves = ruleset.move_set();
            let unbounded = moves.is_some_and(|m| m.max_removal().is_none());
            let why = if moves.is_some_and(|m| m.named_set().is_some()) {
                "its subtraction set is infinite: the proof for sub:S checks a window of max(S) \
                 values, and an infinite set has no maximum"
            } else if unbounded {
                "the code allows removing arbitrarily many tokens"
            } else {
                "the two heaps of a split must differ"
            };
            s += &format!(
                "period:     none claimed: no periodicity theorem applies to {word} ({why})\n\
                 proven:     no\n"
            );
        }
        _ => {
            let n = r.checked_to;
            // (Only games of two- or three-heap splits are searched: the
            // others have no periodicity theorem.)
            let three = "splits a heap into three";
            let why = match stop {
                Stop::Limit => format!(
                    "none found up to heap {n}, the --limit (look further with a larger \
                     --limit N)"
                ),
                Stop::Work(divisor) => format!(
                    "none found up to heap {n}, where the search reached its work limit \
                     (--max-period-search {}{}; work is counted as heaps computed × \
                     (largest value + 1)); look further with a larger --max-period-search \
                     N, or with --limit N",
                    flags.max_period_search,
                    fraction(divisor, three)
                ),
                Stop::Table(divisor) => format!(
                    "none found up to heap {n}, the last heap of the table limit \
                     (--max-table {}{}); look further with a larger --max-table N, or \
                     with --limit N",
                    flags.max_table,
                    fraction(divisor, three)
                ),
                Stop::Extended { period, need } => format!(
                    "none found up to heap {n}: the values to the --limit showed preperiod \
                     {} and period {}, whose proof needed them to heap {need}; computed on to \
                     there, they do not repeat so",
                    period.preperiod, period.period
                ),
                Stop::Unproven {
                    period,
                    need,
                    bytes,
                } => format!(
                    "none proven up to heap {n}, the --limit: the values show preperiod {} and \
                     period {}, not proven; the proof needs the values to heap {need}, {} of \
                     values, more than the memory budget leaves (sprague --max-memory SIZE)",
                    period.preperiod,
                    period.period,
                    sprague::budget::human_bytes(bytes)
                ),
                Stop::Unknown => format!(
                    "none found up to heap {n} (look further with --limit N or \
                     --max-period-search N)"
                ),
            };
            let why = match ruled_out(ruleset, n) {
                Some((most, q, w0)) => format!(
                    "{why}. The values to heap {n} rule out every period with preperiod + \
                     period <= {most}; a longer one is not ruled out (the theorem proves \
                     preperiod n0 and period p from the values to about {q}·(n0 + p) + {w0})"
                ),
                None => why,
            };
            sprague::explain::wrap(&mut s, "period:     ", "            ", &why);
            s += "proven:     no\n";
        }
    }
    if r.checked_to == 0 && r.period().is_none() && !r.theorem_applies {
        s += "checked to: nothing computed (there is no theorem to check a period against)\n";
    } else {
        s += &format!("checked to: heap {}\n", r.checked_to);
    }
    s
}
