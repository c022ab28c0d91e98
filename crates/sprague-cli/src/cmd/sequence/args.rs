//! The flags of `sequence` and their value types.

use std::path::PathBuf;

use clap::ValueEnum;
use sprague::sequence::Method;

/// Print the nim-sequence G(0), G(1), ..., G(N) of a heap game.
///
/// Rulesets: nim, moore:K and staircase (a lone heap of each plays as a Nim
/// heap: G(n) = n), sub:S, sub:squares, sub:primes, sub:pow2, sub:fib,
/// octal:CODE, hex:CODE, kayles, dawson, grundy.
/// Values are computed by the rare-value method where it pays
/// (`--method fast`, the default) or by the plain O(N^2) method; both give
/// the same values. Once the periodicity theorem of Guy and Smith proves a
/// period (looked for as the values double from 1,024, as `period` does),
/// the later values follow from it instead of being computed. Tables take
/// 2 bytes per value (4 once a value passes 65535). Past --max-table only
/// a proven period gives values: for a --to past it the period is looked
/// for first, within --max-period-search, and a run that cannot finish is
/// refused (exit status 3) before any value is written, naming the
/// --max-table that would hold it.
///
/// Formats: `table` (rows of ten, for reading), `raw` (one value per line
/// and nothing else), `csv` (`n,g` header, then one `n,g` line per heap),
/// `json` (`{"ruleset":...,"values":[...],"preperiod":...,"period":...}`, the period when proven, else null).
///
/// With `--output FILE --resume` (any format) a run that was interrupted,
/// even killed in the middle of a line, goes on from the values FILE holds:
/// a torn last value (for a table, a torn row) is dropped and recomputed,
/// and the file ends exactly as an uninterrupted run would have written
/// it. The file is checked first: a json file must name the same ruleset,
/// a table must have the header of the same ruleset and --to (its digits
/// set the layout) and every row as sprague writes it, the first 2,048
/// values of any file must be the ruleset's, and so must the last 64 and
/// 128 more spread between (8 past 2^25 values), each computed from the
/// file's values before it (a value changed by hand elsewhere is not
/// noticed). The values are read 2 bytes each while they fit.
///
/// Example: `sprague sequence kayles --to 100 --format csv`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The ruleset word (a heap game), e.g. `kayles`, `octal:0.137`, `sub:1,3,4`.
    #[arg(value_name = "RULESET")]
    pub ruleset: String,
    /// The last heap size N: G(0) ..= G(N) are printed. Not needed for a
    /// graph (`digraph:SOURCE`), whose every node's value is listed.
    #[arg(long, value_name = "N")]
    pub to: Option<u64>,
    /// Output format (default `table`). With --plot and neither --format
    /// nor --output, no values are printed: only the picture is made.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// How to compute the values (`plain` is the O(N^2) reference).
    #[arg(long, value_enum, default_value_t = MethodArg::Fast)]
    pub method: MethodArg,
    /// Write to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Draw G(n) against n as a scatter plot into FILE (`.svg` or `.png`,
    /// chosen by the extension), titled with the ruleset, the preperiod and
    /// the period marked when proven; more than 400 values are binned by
    /// pixel column. At most 50,000,000 values.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// Continue the run whose values FILE holds (needs --output; any
    /// format, a table with the same --to).
    #[arg(long, requires = "output")]
    pub resume: bool,
    /// After the values, print to stderr what the run took and found: the
    /// values computed, the time, the largest value and its first heap,
    /// the rare-value method's mask and number of rare heaps, the bytes a
    /// value and the peak memory of the process.
    #[arg(long)]
    pub stats: bool,
    /// With --format packed and no --output: the folder the run is kept
    /// in (its values, state and sparse list under DIR/sequence), so that
    /// the same command goes on where the last one stopped (default:
    /// $SPRAGUE_CACHE_DIR, else the platform's cache folder with `sprague`
    /// under it, ~/.cache/sprague on Linux). The folder is named on stderr.
    #[arg(long, value_name = "DIR")]
    pub checkpoint_dir: Option<PathBuf>,
    /// With --format packed: stop cleanly after this many seconds (at a
    /// checkpoint, the file synced), to go on later with --resume.
    #[arg(long, value_name = "SECONDS")]
    pub stop_after: Option<u64>,
    /// With --format packed: check the file instead of computing: its
    /// first N + 1 values against the in-memory engine (2 bytes a value of
    /// memory). Exit 1 when a value differs.
    #[arg(long, value_name = "N")]
    pub check_prefix: Option<u64>,
    /// With --format packed: check the file instead of computing: K heaps
    /// drawn at random (and the last) recomputed by the definition, the mex
    /// over every split, with the values read from the file (each reads
    /// the file up to it once). Exit 1 when a value differs.
    #[arg(long, value_name = "K")]
    pub check_random: Option<u64>,
    /// The seed of --check-random's heaps.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// With --format packed: the first values kept in memory (tests make
    /// it small, so that the values are read back from the file).
    #[arg(long, value_name = "N", hide = true)]
    pub packed_low: Option<usize>,
    /// With --format packed: the last values kept in memory (from N to 2N).
    #[arg(long, value_name = "N", hide = true)]
    pub packed_window: Option<usize>,
    /// With --format packed: log2 of the values a block of the file holds
    /// (8 to 24; default 20).
    #[arg(long, value_name = "LOG2", hide = true, value_parser = clap::value_parser!(u32).range(8..=24))]
    pub packed_block_log: Option<u32>,
    /// With --format packed: seconds between checkpoints (default 30;
    /// tests make it short).
    #[arg(long, value_name = "SECONDS", hide = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub packed_checkpoint: Option<u64>,
    /// For a family of positions (`'nodekayles grid:3xN'`): the most
    /// positions the search may store, for the whole run (about 150 bytes
    /// each for a part of 40 vertices).
    #[arg(long, value_name = "N", default_value_t = sprague::Limits::default().max_states)]
    pub max_states: usize,
    #[command(flatten)]
    pub limits: super::super::TableArgs,
}

/// Output formats of `sequence`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Rows of ten values with heap numbers, for reading.
    Table,
    /// One value per line and nothing else.
    Raw,
    /// A `n,g` header, then one `n,g` line per heap.
    Csv,
    /// One JSON object: `{"ruleset": ..., "values": [...]}`.
    Json,
    /// A compact binary file for very long runs (Grundy's game to 2^35):
    /// a byte a value (values of 255 and more kept apart), blocks of 2^20
    /// values each with its checksum, computed in bounded memory (under
    /// 1 GiB) and checkpointed every 30 s, so that `--resume` goes on
    /// after any interruption. Into --output FILE, or without it into the
    /// checkpoint folder (see --checkpoint-dir), resumed by the same
    /// command; the sparse values go beside it (FILE.sparse). Only for
    /// games where the rare-value method applies. Progress goes to stderr:
    /// a bar on a terminal, else a line per checkpoint with the rate, ETA
    /// and sparse heaps. See `--stop-after`.
    Packed,
}

/// The `--method` flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// The rare-value method where it pays, the plain one elsewhere.
    Fast,
    /// The plain method: every option of every heap.
    Plain,
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Method {
        match m {
            MethodArg::Fast => Method::Fast,
            MethodArg::Plain => Method::Plain,
        }
    }
}
