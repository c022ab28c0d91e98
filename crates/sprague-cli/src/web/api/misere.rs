//! `/api/genus` and `/api/quotient`: the misère analysis of a heap game
//! (Conway's genus, ONAG ch. 12; the misère quotient, Plambeck & Siegel
//! 2008), answered with the JSON of `genus --json` and `quotient --json`,
//! computed by the same functions ([`cmd::genus::compute`],
//! [`cmd::quotient::compute`]) within the server's limits.

use serde::Deserialize;

use super::{cap, Answer, LimitsRequest};
use crate::cmd::{self, TooLarge};
use crate::web::Settings;

/// The body of `/api/genus`: `{"ruleset", "to", "limits"?}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GenusRequest {
    ruleset: String,
    to: u64,
    #[serde(default)]
    limits: LimitsRequest,
}

/// The body of `/api/quotient`: `{"ruleset", "to", "limits"?}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct QuotientRequest {
    ruleset: String,
    to: u64,
    #[serde(default)]
    limits: LimitsRequest,
}

/// Refuses a `to` past the server's bound on values a request
/// ([`Settings::max_values`]): the answer lists one entry for every heap.
fn heaps_within(to: u64, s: &Settings) -> anyhow::Result<()> {
    if to >= s.max_values {
        return Err(TooLarge(format!(
            "to {to}: this server gives at most {} heaps a request (heaps up to {}; \
             sprague serve --max-values N)",
            s.max_values,
            s.max_values.saturating_sub(1)
        ))
        .into());
    }
    Ok(())
}

/// `genus --json` of `r.ruleset` up to heap `r.to`, within the server's
/// `max_states` (a request's `limits.max_states` may lower it).
pub(super) fn genus(r: GenusRequest, s: &Settings) -> anyhow::Result<Answer> {
    cmd::refuse_graph_files(&r.ruleset)?;
    heaps_within(r.to, s)?;
    let args = cmd::genus::Args {
        ruleset: r.ruleset,
        to: r.to,
        max_states: cap(r.limits.max_states, s.limits.max_states),
        json: true,
    };
    Answer::json(&cmd::genus::compute(&args)?, s)
}

/// `quotient --json` of `r.ruleset` up to heap `r.to`, within the server's
/// `max_states` and `max_order` (a request's `limits` may lower them).
pub(super) fn quotient(r: QuotientRequest, s: &Settings) -> anyhow::Result<Answer> {
    cmd::refuse_graph_files(&r.ruleset)?;
    heaps_within(r.to, s)?;
    let args = cmd::quotient::Args {
        ruleset: r.ruleset,
        to: r.to,
        max_order: cap(r.limits.max_order, s.max_order),
        max_cycle: sprague::misere::DEFAULT_MAX_CYCLE as u16,
        max_states: cap(r.limits.max_states, s.limits.max_states),
        json: true,
    };
    Answer::json(&cmd::quotient::compute(&args, &mut |_, _| {})?, s)
}
