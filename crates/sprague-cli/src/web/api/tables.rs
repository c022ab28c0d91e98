//! `/api/sequence`, `/api/sequence.svg`, `/api/table`, `/api/count` and
//! `/api/nimber`: the JSON (or plot) of `sequence`, `table`, `count` and
//! `nimber`, built by the same functions within the server's limits.

use super::*;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SequenceRequest {
    ruleset: String,
    to: Option<u64>,
    #[serde(default)]
    plain: bool,
    #[serde(default)]
    limits: LimitsRequest,
}

pub(super) fn sequence(r: SequenceRequest, s: &Settings, svg: bool) -> anyhow::Result<Answer> {
    cmd::refuse_graph_files(&r.ruleset)?;
    if let Some(to) = r.to {
        if to >= s.max_values {
            return Err(cmd::TooLarge(format!(
                "to {to}: this server gives at most {} values a request (heaps up to {}; \
                 sprague serve --max-values N)",
                s.max_values,
                s.max_values.saturating_sub(1)
            ))
            .into());
        }
    }
    let args = cmd::sequence::Args {
        ruleset: r.ruleset,
        to: r.to,
        format: None,
        method: if r.plain {
            cmd::sequence::MethodArg::Plain
        } else {
            cmd::sequence::MethodArg::Fast
        },
        output: None,
        plot: None,
        resume: false,
        stats: false,
        max_states: sprague::Limits::default().max_states,
        stop_after: None,
        check_prefix: None,
        check_random: None,
        checkpoint_dir: None,
        seed: 1,
        packed_low: None,
        packed_window: None,
        packed_block_log: None,
        packed_checkpoint: None,
        limits: r.limits.table_args(s),
    };
    let computed = cmd::sequence::in_memory(&args, svg)?;
    if !svg {
        let mut body = computed.json;
        if body.last() == Some(&b'\n') {
            body.pop();
        }
        return Ok(Answer {
            status: 200,
            content_type: "application/json",
            body,
        });
    }
    match computed.svg {
        Some(svg) => Ok(Answer {
            status: 200,
            content_type: "image/svg+xml",
            body: svg.into_bytes(),
        }),
        None => Err(UsageError(format!(
            "{}: a graph has no nim-sequence to plot (its node values are in /api/sequence)",
            args.ruleset
        ))
        .into()),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TableRequest {
    ruleset: String,
    to: u64,
    #[serde(default)]
    outcome: bool,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    limits: LimitsRequest,
}

pub(super) fn table(r: TableRequest, s: &Settings) -> anyhow::Result<Answer> {
    cmd::refuse_graph_files(&r.ruleset)?;
    let args = cmd::table::Args {
        ruleset: r.ruleset,
        to: r.to,
        outcome: r.outcome,
        misere: r.misere,
        format: None,
        plot: None,
        max_cells: cap(r.limits.max_cells, s.max_cells),
        limits: r.limits.limit_args(s),
    };
    let grid = cmd::table::grid(&args)?;
    let mut out = Capped::new(s.max_answer);
    let written = cmd::table::write_json(&grid, &mut out).map_err(anyhow::Error::from);
    out.finish(written)?;
    let mut body = out.bytes;
    if body.last() == Some(&b'\n') {
        body.pop();
    }
    Ok(Answer::json_bytes(body))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CountRequest {
    ruleset: String,
    heaps: Option<u64>,
    max: Option<u64>,
    #[serde(default)]
    unordered: bool,
    outcome: Option<String>,
    modulo: Option<u64>,
    #[serde(default)]
    misere: bool,
    // The constraints of `count`'s flags (no sizes file: the list itself).
    min: Option<u64>,
    #[serde(default)]
    nonempty: bool,
    primes: Option<u64>,
    sizes: Option<Vec<u64>>,
    heaps_up_to: Option<u64>,
    #[serde(default)]
    distinct: bool,
    #[serde(default)]
    limits: LimitsRequest,
}

pub(super) fn count(r: CountRequest, s: &Settings) -> anyhow::Result<Answer> {
    cmd::refuse_graph_files(&r.ruleset)?;
    let outcome = match r.outcome.as_deref() {
        None | Some("P" | "p") => cmd::count::OutcomeArg::P,
        Some("N" | "n") => cmd::count::OutcomeArg::N,
        Some(other) => {
            return Err(UsageError(format!("outcome {other:?}: expected \"P\" or \"N\"")).into())
        }
    };
    if r.modulo == Some(0) {
        return Err(UsageError("modulo 0: expected a whole number from 1".into()).into());
    }
    let select = cmd::count::SelectArgs {
        min: r.min,
        nonempty: r.nonempty,
        primes: r.primes,
        sizes: r.sizes,
        sizes_file: None,
        heaps_up_to: r.heaps_up_to,
        distinct: r.distinct,
        sum: None,
    };
    let heaps = match (r.heaps, r.heaps_up_to) {
        (Some(k), None) => k,
        (None, Some(_)) => 0,
        (Some(_), Some(_)) => {
            return Err(UsageError(
                "heaps and heaps_up_to are two ways to give the number of heaps: give one".into(),
            )
            .into())
        }
        (None, None) => {
            return Err(
                UsageError("give the number of heaps: heaps (or heaps_up_to)".into()).into(),
            )
        }
    };
    let given = [
        r.max.is_some(),
        select.primes.is_some(),
        select.sizes.is_some(),
    ];
    match given.iter().filter(|&&g| g).count() {
        1 => {}
        0 => {
            return Err(UsageError("give the heap sizes: max (or primes, or sizes)".into()).into())
        }
        _ => {
            return Err(UsageError(
                "max, primes and sizes are three ways to give the heap sizes: give one".into(),
            )
            .into())
        }
    }
    if r.max.is_none() && (select.min.is_some() || select.nonempty) {
        return Err(UsageError(
            "min and nonempty go with max; leave 0 out of sizes instead".into(),
        )
        .into());
    }
    if select.min.is_some() && select.nonempty {
        return Err(UsageError("nonempty is min 1: give one of them".into()).into());
    }
    let args = cmd::count::Args {
        ruleset: r.ruleset,
        heaps,
        max: r.max.unwrap_or(0),
        unordered: r.unordered,
        outcome,
        modulo: r.modulo,
        misere: r.misere,
        json: true,
        max_work: cap(r.limits.max_work, s.max_work),
        max_bits: cap(r.limits.max_bits, s.max_bits),
        limits: r.limits.table_args(s),
    };
    Answer::json(
        &cmd::count::count_json_with(&args, &select, &mut |_| {})?,
        s,
    )
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NimberRequest {
    expr: String,
}

pub(super) fn nimber(r: NimberRequest, s: &Settings) -> anyhow::Result<Answer> {
    let args = cmd::nimber::Args {
        expr: vec![r.expr],
        batch: false,
        json: true,
    };
    Answer::json(&cmd::nimber::evaluate_json(&args)?, s)
}
