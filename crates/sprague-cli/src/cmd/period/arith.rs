//! `period` for an arithmetic period (saltus s >= 1): G(n + p) = G(n) + s
//! from the preperiod n0 on, proven for take-any games
//! ([`sprague::sequence::arith::prove`]) or only apparent in the values.

use anyhow::Result;
use sprague::sequence::arith::{ArithFinding, ArithPeriod};
use sprague::sequence::PeriodReport;
use sprague::Ruleset;

use super::{emit, Apparent, JsonPeriod};
use crate::exit::Exit;

/// Prints the arithmetic period `found` (JSON: `preperiod`, `period`,
/// `saltus` and `proven` when proven; else `apparent` with the saltus and
/// `proven: false`).
pub(super) fn report(
    ruleset: &Ruleset,
    r: &PeriodReport,
    found: ArithFinding,
    json: bool,
) -> Result<Exit> {
    let word = ruleset.word();
    let p = found.period;
    let (n0, per, s) = (p.preperiod, p.period, p.saltus);
    let proven = found.proof.is_some();
    emit(
        json,
        || JsonPeriod {
            ruleset: word.to_string(),
            preperiod: proven.then_some(n0),
            period: proven.then_some(u128::from(per)),
            proven,
            checked_to: r.checked_to,
            apparent: (!proven).then_some(Apparent {
                preperiod: n0,
                period: per,
                saltus: Some(s),
            }),
            saltus: proven.then_some(s),
        },
        || {
            let mut out = format!("ruleset:    {word}\n");
            let law = format!("G(n + {per}) = G(n) + {s} for n >= {n0}");
            match found.proof {
                Some(proof) => {
                    out += &format!(
                        "preperiod:  {n0}\nperiod:     {per}\nsaltus:     {s} \
                         (arithmetic-periodic: {law})\n"
                    );
                    let b = proof.base_block;
                    sprague::explain::wrap(
                        &mut out,
                        "proven:     ",
                        "            ",
                        &format!(
                            "yes, by induction on n (every smaller heap is an option, so G(n) \
                             is the mex of the values below n and of the splits'): the values \
                             to heap {c} follow the law; G is a one-to-one map onto the \
                             natural numbers; no split of any heap n >= {n0} reaches G(n) \
                             (decided for all n by an automaton over the parts' binary \
                             digits); and each value below G(n) that no smaller heap has is \
                             reached, for {b} <= n < {e}, by a split with one part >= {n0} \
                             and the others' nim-sum below {s}, which carries over to n + \
                             {per}·q with that part + {per}·q (Winning Ways ch. 4; compare \
                             Howse & Nowakowski, TCS 313, 2004)",
                            c = proof.checked_to,
                            e = b + per,
                        ),
                    );
                }
                None => {
                    sprague::explain::wrap(
                        &mut out,
                        "period:     ",
                        "            ",
                        &format!(
                            "none proven; the values show an arithmetic period: preperiod \
                             {n0}, period {per}, saltus {s} ({law}), apparent, checked to \
                             heap {}, not proven (no theorem here covers this game)",
                            r.checked_to
                        ),
                    );
                    out += "proven:     no\n";
                }
            }
            out += &format!("checked to: heap {}\n", r.checked_to);
            out
        },
    )
}

/// `text` (the report of a search that proved no period) with a line
/// before its `proven:` line for the arithmetic period the values show,
/// apparent and not proven.
pub(super) fn with_apparent(text: String, a: ArithPeriod, checked_to: u64) -> String {
    let (n0, p, s) = (a.preperiod, a.period, a.saltus);
    let mut line = String::new();
    sprague::explain::wrap(
        &mut line,
        "apparent:   ",
        "            ",
        &format!(
            "an arithmetic period, preperiod {n0}, period {p}, saltus {s} (G(n + {p}) = G(n) + \
             {s} for n >= {n0}), apparent, checked to heap {checked_to}, not proven (no \
             theorem here covers this game)"
        ),
    );
    match text.find("\nproven:") {
        Some(at) => format!("{}\n{line}{}", &text[..at], &text[at + 1..]),
        None => text + &line,
    }
}
