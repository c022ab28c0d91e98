//! `sprague count RULESET --heaps K --max M`: how many sums of K heaps,
//! each in 0..=M, are P-positions (or N-positions).

use std::io::{self, Write};

use anyhow::Result;
use clap::ValueEnum;
use sprague::count::constrained::{count_constrained, Arrangement, ConstrainedSpec, Heaps, Sizes};
use sprague::count::{self, CountBasis, CountLimits, CountSpec};
use sprague::{Outcome, Play, Ruleset};

use super::{LibError, UsageError};
use crate::exit::Exit;

/// The flags of `count` the web API shares (see [`CountArgs`] for the
/// command line, which adds [`SelectArgs`]).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The heap ruleset word, e.g. `nim`, `kayles`, `sub:1,3,4`.
    #[arg(value_name = "RULESET")]
    pub ruleset: String,
    /// K: the number of heaps in each sum (or `--heaps-up-to N`).
    #[arg(
        long,
        value_name = "K",
        default_value_t = 0,
        required_unless_present_any = ["heaps_up_to", "sum"],
        conflicts_with = "heaps_up_to"
    )]
    pub heaps: u64,
    /// M: the largest heap size (every heap is in 0..=M, or in A..=M with
    /// `--min A`); or the sizes from `--primes`, `--sizes`, `--sizes-file`.
    #[arg(long, value_name = "M", default_value_t = 0,
          conflicts_with_all = ["primes", "sizes", "sizes_file"])]
    pub max: u64,
    /// Count multisets (heaps in any order count once) instead of ordered
    /// tuples.
    #[arg(long)]
    pub unordered: bool,
    /// Which positions to count: P (the player to move loses) or N.
    #[arg(long, value_enum, default_value_t = OutcomeArg::P)]
    pub outcome: OutcomeArg,
    /// Print the count modulo Q (Q >= 1) instead of exactly.
    #[arg(long, value_name = "Q", value_parser = clap::value_parser!(u64).range(1..))]
    pub modulo: Option<u64>,
    /// Misère play: refused (a misère sum is not decided by the nim-sum of
    /// its heaps' values).
    #[arg(long)]
    pub misere: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The most work a count may do, in elementary steps (the transform of
    /// 2^B values costs B·2^B, a multiset term one step per machine word of
    /// its numbers); past it, exit status 3 before any work.
    #[arg(long, value_name = "N", default_value_t = count::DEFAULT_MAX_WORK)]
    pub max_work: u64,
    /// The most bits of an exact count (and of its intermediate sums); past
    /// it, exit status 3 before any work. A count modulo Q of ordered
    /// tuples needs no exact numbers.
    #[arg(long, value_name = "N", default_value_t = count::DEFAULT_MAX_BITS)]
    pub max_bits: u64,
    #[command(flatten)]
    pub limits: super::TableArgs,
}

/// Count the P-positions (or N-positions) among all sums of K heaps of a
/// heap ruleset with every heap in 0..=M.
///
/// By default ordered tuples are counted (heaps 1 2 3 and 3 2 1 are two
/// positions); `--unordered` counts multisets (heaps in any order count
/// once: a ≤ b ≤ c). The count is exact (arbitrary precision) unless
/// `--modulo Q` asks for it modulo Q.
///
/// Rulesets: nim and subtraction ranges `sub:a-b` by a closed form (M up
/// to 18446744073709551615); sub:S, octal:CODE, hex:CODE, kayles, dawson,
/// grundy by their nim-sequence up to M, or, once a period is proven, for
/// any M. moore:K, staircase and wythoff are not heap rulesets (a move
/// changes several heaps) and are refused. The method: the histogram of
/// the Grundy values G(0..=M) and its Walsh-Hadamard transform, powers by
/// squaring (so K = 10^18 works modulo Q), multisets by the cycle index of
/// the symmetric group in closed form. Misère play is not supported.
///
/// Example: `sprague count kayles --heaps 3 --max 20 --unordered` prints 183.
#[derive(Debug, clap::Args)]
#[command(group(
    clap::ArgGroup::new("heap_sizes")
        .required(true)
        .args(["max", "primes", "sizes", "sizes_file"])
))]
pub struct CountArgs {
    #[command(flatten)]
    pub args: Args,
    #[command(flatten)]
    pub select: SelectArgs,
}

/// The flags of `count` that choose heap sizes and arrangements beyond
/// `--heaps K --max M` (library: [`sprague::count::constrained`]).
#[derive(Debug, Default, clap::Args)]
pub struct SelectArgs {
    /// A: the smallest heap size, with `--max M` (heaps in A..=M).
    #[arg(long, value_name = "A", conflicts_with_all = ["primes", "sizes", "sizes_file", "nonempty"])]
    pub min: Option<u64>,
    /// Non-empty heaps: sizes from 1 (`--min 1`).
    #[arg(long)]
    pub nonempty: bool,
    /// Heap sizes: the primes up to L (a sieve of L + 1 numbers, weighed
    /// against --max-work).
    #[arg(long, value_name = "L", conflicts_with_all = ["sizes", "sizes_file"])]
    pub primes: Option<u64>,
    /// Heap sizes: the sizes listed, separated by commas (a size listed
    /// twice counts once).
    #[arg(long, value_name = "LIST", value_delimiter = ',', num_args = 1.., conflicts_with = "sizes_file")]
    pub sizes: Option<Vec<u64>>,
    /// Heap sizes: the sizes in FILE, one number a line (blank lines
    /// skipped; a `#` standing alone as a word starts a comment, as in
    /// batch); `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    pub sizes_file: Option<std::path::PathBuf>,
    /// Every number of heaps from 1 to N, summed (instead of `--heaps K`).
    #[arg(long, value_name = "N")]
    pub heaps_up_to: Option<u64>,
    /// All heaps different: sets with `--unordered`, ordered tuples of
    /// different heaps (K! times the sets) without.
    #[arg(long)]
    pub distinct: bool,
    /// Instead of a count, the sum of x + y over the positions (x, y) of a
    /// two-number game with 0 < x < y <= M (`euclid`: Project Euler 325,
    /// by Cole and Davie's theorem for any M; with --modulo Q); `total`:
    /// the total of the heaps over the positions of a `tuple:` line rule
    /// with every heap in 0..=M (sorted under `perm:`: Project Euler 260).
    #[arg(long, value_enum, value_name = "x+y", requires = "max",
          conflicts_with_all = ["heaps", "heaps_up_to", "min", "nonempty", "primes", "sizes",
                                "sizes_file", "distinct", "unordered"])]
    pub sum: Option<SumArg>,
}

/// The `--sum` flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SumArg {
    /// The sum of both numbers of each position.
    #[value(name = "x+y")]
    XPlusY,
    /// The total of the heaps of each position of a `tuple:` line rule,
    /// every heap in 0..=M (sorted heaps, each position once up to order,
    /// under `perm:`: Project Euler 260).
    #[value(name = "total")]
    Total,
}

impl SelectArgs {
    /// Whether any flag asks for more than `--heaps K --max M`.
    fn is_plain(&self) -> bool {
        self.min.is_none()
            && !self.nonempty
            && self.primes.is_none()
            && self.sizes.is_none()
            && self.sizes_file.is_none()
            && self.heaps_up_to.is_none()
            && !self.distinct
            && self.sum.is_none()
    }
}

/// The `--outcome` flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutcomeArg {
    /// P-positions: the player to move loses (nim-sum 0).
    #[value(name = "P", alias = "p")]
    P,
    /// N-positions: the player to move wins.
    #[value(name = "N", alias = "n")]
    N,
}

/// Runs `count`.
pub fn run(CountArgs { args, select }: CountArgs) -> Result<Exit> {
    // A bar for the nim-sequence when it is long (a table to M); hidden
    // when stderr is not a terminal.
    let table = || {
        args.ruleset
            .parse::<Ruleset>()
            .is_ok_and(|r| r.move_set().is_some() || r.own_sequence().is_some())
    };
    let bar = super::progress_bar(
        largest(&args, &select) >= 1 << 18 && table(),
        largest(&args, &select).saturating_add(1),
        "{bar:40} {human_pos}/{human_len} values of the nim-sequence, eta {eta}",
    );
    let result = count_json_with(&args, &select, &mut |n| bar.set_position(n));
    bar.finish_and_clear();
    let object = result?;
    let mut out = io::stdout().lock();
    if args.json {
        let object = serde_json::to_string(&object)?;
        writeln!(out, "{object}")?;
    } else {
        writeln!(out, "{}", object.count)?;
    }
    Ok(Exit::Success)
}

/// The count `args` ask for, as the JSON object of `count --json` (the
/// plain output is its `count`); the web API's `/api/count` answers the
/// same. `progress` hears how far the nim-sequence table has got.
///
/// # Errors
/// A bad ruleset, misère play, or a limit.
pub fn count_json(args: &Args, progress: &mut dyn FnMut(u64)) -> Result<JsonCount> {
    count_json_with(args, &SelectArgs::default(), progress)
}

/// The largest heap size the flags allow (for the progress bar).
fn largest(args: &Args, select: &SelectArgs) -> u64 {
    if let Some(l) = select.primes {
        return l;
    }
    if let Some(list) = &select.sizes {
        return list.iter().copied().max().unwrap_or(0);
    }
    if select.sizes_file.is_some() {
        return 0;
    }
    args.max
}

/// [`count_json`] with the flags of [`SelectArgs`].
///
/// # Errors
/// As [`count_json`]; a sizes file that cannot be read or holds something
/// other than whole numbers (the line is named).
pub fn count_json_with(
    args: &Args,
    select: &SelectArgs,
    progress: &mut dyn FnMut(u64),
) -> Result<JsonCount> {
    let ruleset: Ruleset = super::ruleset_from_word(&args.ruleset)?;
    if args.ruleset.starts_with("tuple:") {
        return tuple_json(&args.ruleset, args, select);
    }
    if select.sum == Some(SumArg::Total) {
        return Err(UsageError(format!(
            "count --sum total: the totals of positions are summed for tuple: line rules; {} is \
             not one (--sum x+y is euclid's)",
            ruleset.word()
        ))
        .into());
    }
    if args.misere {
        return Err(UsageError(format!(
            "count --misere: misère play of a sum of {} heaps is not decided by the nim-sum of \
             their Grundy values, so sprague does not count misère positions",
            ruleset.word()
        ))
        .into());
    }
    let spec = CountSpec {
        heaps: args.heaps,
        max: args.max,
        unordered: args.unordered,
        outcome: match args.outcome {
            OutcomeArg::P => Outcome::P,
            OutcomeArg::N => Outcome::N,
        },
        modulo: args.modulo,
        play: Play::Normal,
    };
    let limits = CountLimits {
        table: args.limits.limits(),
        max_work: args.max_work,
        max_bits: args.max_bits,
        threads: args.limits.threads(),
    };
    if select.sum.is_some() {
        return pair_sum_json(&ruleset, args);
    }
    if !select.is_plain() {
        return constrained_json(&ruleset, args, select, &limits, progress);
    }
    let report =
        count::count_with_progress(&ruleset, &spec, &limits, progress).map_err(LibError)?;
    let (preperiod, period) = match report.basis {
        CountBasis::Period { preperiod, period } => (Some(preperiod), Some(period)),
        _ => (None, None),
    };
    Ok(JsonCount {
        ruleset: ruleset.word().to_string(),
        heaps: Some(args.heaps),
        max: Some(args.max),
        unordered: args.unordered,
        outcome: match spec.outcome {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        },
        modulo: args.modulo,
        count: report.count.to_string(),
        basis: basis_word(report.basis),
        preperiod,
        period,
        ..JsonCount::default()
    })
}

/// The count (or with `--sum total` the total of the heaps) of the
/// P-positions or N-positions of a `tuple:` line rule with every heap in
/// 0..=M, by its line sieve
/// ([`sprague::ruleset::tuple::sieve::LineSieve`]): ordered tuples, or
/// with `--unordered` (or `--sum total`) sorted ones, for a `perm:` rule.
fn tuple_json(word: &str, args: &Args, select: &SelectArgs) -> Result<JsonCount> {
    use sprague::ruleset::tuple::TupleGame;
    let game = TupleGame::new(word, &word["tuple:".len()..]).map_err(UsageError)?;
    let Some(sieve) = game.line_sieve() else {
        return Err(UsageError(format!(
            "count {word}: a tuple: rule is counted by a sieve over the lines of its moves, which \
             needs every option to take the same amount k >= 1 of one bound variable from a \
             fixed set of heaps, as tuple:perm:(a-k,b,c),(a-k,b-k,c),(a-k,b-k,c-k) does; this \
             rule is not such a rule (analyze or batch value its positions one by one)"
        ))
        .into());
    };
    let perm = sieve.is_perm();
    if args.misere {
        return Err(UsageError(format!(
            "count --misere: the line sieve of {word} finds normal-play P-positions only"
        ))
        .into());
    }
    if select.sum.is_none() && !select.is_plain() {
        return Err(UsageError(format!(
            "count {word}: a tuple: rule is counted with --max M (every heap in 0..=M), \
             --unordered, --outcome, --modulo and --sum total only"
        ))
        .into());
    }
    if select.sum == Some(SumArg::XPlusY) {
        return Err(UsageError(format!(
            "count {word}: --sum x+y is euclid's; a tuple: rule's positions are summed by \
             --sum total"
        ))
        .into());
    }
    let d = sieve.heaps() as u64;
    if select.sum.is_none() && args.heaps != d {
        return Err(UsageError(format!(
            "count {word} --heaps {}: the rule's positions have {d} heaps (give --heaps {d})",
            args.heaps
        ))
        .into());
    }
    let sorted = perm && (args.unordered || select.sum.is_some());
    if args.unordered && !perm {
        return Err(UsageError(format!(
            "count {word} --unordered: the rule is not played in every order of the heaps \
             (no perm:), so its P-positions are counted as ordered tuples only"
        ))
        .into());
    }
    let (mut count, mut total) = (0u128, 0u128);
    let factorial = |k: u64| (1..=u128::from(k)).product::<u128>();
    sieve
        .p_positions(word, args.max, args.max_work, &mut |x| {
            // The orders of x, when counting ordered tuples of a perm: rule.
            let orders = if perm && !sorted {
                let mut repeats = 1u128;
                let mut run = 1u64;
                for w in x.windows(2) {
                    if w[0] == w[1] {
                        run += 1;
                    } else {
                        repeats *= factorial(run);
                        run = 1;
                    }
                }
                repeats *= factorial(run);
                factorial(x.len() as u64) / repeats
            } else {
                1
            };
            count += orders;
            total += orders * x.iter().map(|&h| u128::from(h)).sum::<u128>();
        })
        .map_err(LibError)?;
    if args.outcome == OutcomeArg::N {
        // Every tuple (or sorted tuple) up to M, and their totals: the
        // map x -> M - x on each heap shows the mean total is d·M/2.
        let side = u128::from(args.max) + 1;
        let all = if sorted {
            (1..=u128::from(d)).fold(1u128, |c, i| c * (side + i - 1) / i)
        } else {
            side.pow(d as u32)
        };
        let too_large = || UsageError(format!("count {word}: the answer passes 2^128 - 1"));
        let all_total = all
            .checked_mul(u128::from(d) * u128::from(args.max))
            .ok_or_else(too_large)?
            / 2;
        count = all - count;
        total = all_total - total;
    }
    let answer = if select.sum.is_some() { total } else { count };
    let answer = match args.modulo {
        Some(q) => answer % u128::from(q),
        None => answer,
    };
    Ok(JsonCount {
        ruleset: word.to_string(),
        heaps: Some(d),
        max: Some(args.max),
        unordered: sorted,
        outcome: match args.outcome {
            OutcomeArg::P => "P",
            OutcomeArg::N => "N",
        },
        modulo: args.modulo,
        count: answer.to_string(),
        basis: "line-sieve",
        sum: select.sum.map(|_| "total"),
        ..JsonCount::default()
    })
}

/// `--sum x+y`: the sum of x + y over the P-positions (or N-positions)
/// 0 < x < y <= M of `euclid`, by [`count::pairs::euclid_losing_sum`].
fn pair_sum_json(ruleset: &Ruleset, args: &Args) -> Result<JsonCount> {
    if ruleset.word() != "euclid" {
        return Err(UsageError(format!(
            "count --sum x+y: sums over positions (x, y) are known for euclid (Cole and Davie's \
             theorem); {} has none",
            ruleset.word()
        ))
        .into());
    }
    let sum = count::pairs::euclid_sum(
        args.max,
        match args.outcome {
            OutcomeArg::P => Outcome::P,
            OutcomeArg::N => Outcome::N,
        },
    );
    let sum = match args.modulo {
        Some(q) => sum % q,
        None => sum,
    };
    Ok(JsonCount {
        ruleset: ruleset.word().to_string(),
        max: Some(args.max),
        outcome: match args.outcome {
            OutcomeArg::P => "P",
            OutcomeArg::N => "N",
        },
        modulo: args.modulo,
        count: sum.to_string(),
        basis: "closed-form",
        sum: Some("x+y"),
        ..JsonCount::default()
    })
}

/// The count with the flags of [`SelectArgs`], by
/// [`count::constrained::count_constrained`].
fn constrained_json(
    ruleset: &Ruleset,
    args: &Args,
    select: &SelectArgs,
    limits: &CountLimits,
    progress: &mut dyn FnMut(u64),
) -> Result<JsonCount> {
    let min = if select.nonempty { Some(1) } else { select.min };
    let (sizes, listed) = if let Some(l) = select.primes {
        (Sizes::Primes { max: l }, None)
    } else if let Some(list) = &select.sizes {
        (Sizes::List(list.clone()), Some(list.len()))
    } else if let Some(path) = &select.sizes_file {
        let list = read_sizes(path, limits.max_work)?;
        let n = list.len();
        (Sizes::List(list), Some(n))
    } else {
        (
            Sizes::Range {
                min: min.unwrap_or(0),
                max: args.max,
            },
            None,
        )
    };
    if sizes_given(select) && min.is_some() {
        return Err(UsageError(
            "count --nonempty/--min go with --max M; leave 0 out of --sizes instead".into(),
        )
        .into());
    }
    let heaps = match select.heaps_up_to {
        Some(n) => Heaps::UpTo(n),
        None => Heaps::Exactly(args.heaps),
    };
    let arrangement = match (args.unordered, select.distinct) {
        (false, false) => Arrangement::Ordered,
        (true, false) => Arrangement::Multisets,
        (true, true) => Arrangement::Sets,
        (false, true) => Arrangement::DistinctOrdered,
    };
    let outcome = match args.outcome {
        OutcomeArg::P => Outcome::P,
        OutcomeArg::N => Outcome::N,
    };
    let spec = ConstrainedSpec {
        sizes,
        heaps,
        arrangement,
        outcome,
        modulo: args.modulo,
    };
    let report = count_constrained(ruleset, &spec, limits, progress).map_err(LibError)?;
    let (preperiod, period) = match report.basis {
        CountBasis::Period { preperiod, period } => (Some(preperiod), Some(period)),
        _ => (None, None),
    };
    let range = !sizes_given(select);
    Ok(JsonCount {
        ruleset: ruleset.word().to_string(),
        heaps: select.heaps_up_to.is_none().then_some(args.heaps),
        max: range.then_some(args.max),
        unordered: args.unordered,
        outcome: match outcome {
            Outcome::P => "P",
            _ => "N",
        },
        modulo: args.modulo,
        count: report.count.to_string(),
        basis: basis_word(report.basis),
        preperiod,
        period,
        min: if range { min } else { None },
        primes: select.primes,
        sizes: listed,
        heaps_up_to: select.heaps_up_to,
        distinct: select.distinct,
        sum: None,
    })
}

/// Whether the sizes come from `--primes`, `--sizes` or `--sizes-file`.
fn sizes_given(select: &SelectArgs) -> bool {
    select.primes.is_some() || select.sizes.is_some() || select.sizes_file.is_some()
}

/// The longest line of a sizes file, in bytes: a size has at most 20
/// digits; the rest is room for a comment.
const MAX_SIZES_LINE: usize = 64 << 10;

/// The sizes in a file (or standard input for `-`), one number a line;
/// at most `max` of them (one step of work each). Lines are read within
/// [`MAX_SIZES_LINE`] bytes, and the list grows within the memory budget
/// (`--max-memory`): past it the read stops with exit status 3 naming the
/// flag, before the list is held (issue 62: `/dev/zero`, a line without
/// end, took 4.2 GB).
fn read_sizes(path: &std::path::Path, max: u64) -> Result<Vec<u64>> {
    use std::io::{BufRead, Read};
    let name = path.display();
    let mut reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        let file = std::fs::File::open(path)
            .map_err(|e| UsageError(format!("count --sizes-file {name}: {e}")))?;
        Box::new(io::BufReader::new(file))
    };
    let mut sizes: Vec<u64> = Vec::new();
    let mut bytes = Vec::new();
    for i in 0.. {
        bytes.clear();
        let read = (&mut reader)
            .take(MAX_SIZES_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes)
            .map_err(|e| UsageError(format!("count --sizes-file {name}: {e}")))?;
        if read == 0 {
            break;
        }
        if bytes.len() > MAX_SIZES_LINE {
            // Input larger than sprague reads: exit 3, as a graph file
            // past its cap, read no further.
            return Err(super::TooLarge(format!(
                "count --sizes-file {name}, line {}: longer than {MAX_SIZES_LINE} bytes, the \
                 most a line of sizes holds (one heap size, and perhaps a comment); it is read \
                 no further",
                i + 1
            ))
            .into());
        }
        let line = std::str::from_utf8(&bytes).map_err(|_| {
            UsageError(format!(
                "count --sizes-file {name}, line {}: not UTF-8 text",
                i + 1
            ))
        })?;
        let text = sprague::comment::strip(line).trim();
        if text.is_empty() {
            continue;
        }
        let size: u64 = text.parse().map_err(|_| {
            UsageError(format!(
                "count --sizes-file {name}, line {}: {text:?} is not a heap size (a whole \
                 number from 0 to 18446744073709551615){}",
                i + 1,
                if sprague::comment::looks_like_comment(text) {
                    "; a comment starts with a `#` standing alone: `# like this`"
                } else {
                    ""
                }
            ))
        })?;
        if sizes.len() as u64 >= max {
            // One step of work a size: past --max-work, the limit (exit 3).
            return Err(LibError(sprague::Error::CountLimit {
                ruleset: format!("--sizes-file {name}"),
                kind: count::CountLimitKind::Work,
                needed: u128::from(max) + 1,
                limit: max,
            })
            .into());
        }
        if sizes.len() == sizes.capacity() {
            grow_within_budget(&mut sizes)?;
        }
        sizes.push(size);
    }
    Ok(sizes)
}

/// Makes room in `sizes` for more, doubling it while the memory budget has
/// room and filling what is left of the budget after that: past the
/// budget, [`sprague::Error::MemoryLimit`] (exit 3, naming --max-memory).
fn grow_within_budget(sizes: &mut Vec<u64>) -> Result<()> {
    let budget = super::memory_budget();
    let room = budget.saturating_sub(sprague::budget::held_bytes()) / 8;
    let more = sizes.capacity().max(1024).min(room as usize);
    if more == 0 || sizes.try_reserve_exact(more).is_err() {
        return Err(LibError(sprague::Error::MemoryLimit { limit: budget }).into());
    }
    Ok(())
}

/// The JSON object of `count --json`, fields in this order. `count` is a
/// string of decimal digits: exact counts pass what JSON numbers hold
/// exactly in most readers (2^53).
#[derive(Debug, Default, serde::Serialize)]
pub struct JsonCount {
    /// The ruleset word.
    pub ruleset: String,
    /// K, the number of heaps (absent with `heaps_up_to`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heaps: Option<u64>,
    /// M, the largest heap (absent when the sizes are primes or a list).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<u64>,
    /// Multisets (true) or ordered tuples.
    pub unordered: bool,
    /// `P` or `N`: which positions were counted.
    pub outcome: &'static str,
    /// Q, when the count is modulo Q.
    pub modulo: Option<u64>,
    /// The count, in decimal digits.
    pub count: String,
    /// Where the values came from: `closed-form`, `table`, `period`,
    /// `line-sieve` (a `tuple:` line rule).
    pub basis: &'static str,
    /// The preperiod, when a period gave the values.
    pub preperiod: Option<u64>,
    /// The period, when a period gave the values.
    pub period: Option<u64>,
    /// The smallest heap, with `--min` or `--nonempty`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<u64>,
    /// L, when the sizes are the primes up to L.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub primes: Option<u64>,
    /// The number of sizes listed (`--sizes`, `--sizes-file`), repeats
    /// included.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sizes: Option<usize>,
    /// N, when every number of heaps from 1 to N is summed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heaps_up_to: Option<u64>,
    /// All heaps different.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub distinct: bool,
    /// `x+y` when the answer is a sum over pairs, `total` when it is a sum
    /// of the heaps of tuples, not a count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sum: Option<&'static str>,
}

/// The word JSON writes for where the values came from.
fn basis_word(basis: CountBasis) -> &'static str {
    match basis {
        CountBasis::ClosedForm => "closed-form",
        CountBasis::Table => "table",
        CountBasis::Period { .. } => "period",
        _ => "other",
    }
}
