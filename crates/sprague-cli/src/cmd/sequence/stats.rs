//! `sequence --stats`: the report on stderr after the values.

use super::Source;

/// What `--stats` reports of a run.
pub(super) struct Stats<'a> {
    pub(super) word: &'a str,
    /// The first heap computed (not read from a resumed file).
    pub(super) from: u64,
    pub(super) to: u64,
    pub(super) seconds: f64,
    pub(super) threads: usize,
}

impl Stats<'_> {
    /// The report, one `stats:` line per item.
    pub(super) fn text(&self, source: &Source) -> String {
        let computed = (self.to + 1).saturating_sub(self.from);
        let mut s = if computed == 0 {
            // A resumed file that already held every value asked for.
            format!(
                "stats: {}: G(0..={}) read from the file, no value computed\n",
                self.word, self.to
            )
        } else {
            format!(
                "stats: {}: G({}..={}), {} in {:.1} s ({:.2} million a second), {} thread{}\n",
                self.word,
                self.from,
                self.to,
                plural(computed, "value"),
                self.seconds,
                computed as f64 / self.seconds.max(1e-9) / 1e6,
                self.threads,
                if self.threads == 1 { "" } else { "s" },
            )
        };
        let (largest, at) = source.largest(self.to);
        s.push_str(&format!(
            "stats: largest value {largest}, first at heap {at}\n"
        ));
        match source {
            Source::Closed(_) => s.push_str("stats: values by a closed form, no table\n"),
            Source::Own(..) => s.push_str(
                "stats: values by the rule language's table (every option of every heap)\n",
            ),
            Source::Table(t) => {
                let seq = t.sequence();
                match seq.sparse_space() {
                    Some(sp) => s.push_str(&format!(
                        "stats: sparse space: mask {} ({} form), {} among heaps 1..={}; {}\n",
                        sp.mask,
                        if sp.domain { "domain" } else { "range" },
                        plural(sp.rare_heaps, "rare heap"),
                        seq.len().saturating_sub(1),
                        if sp.used {
                            "the rare-value method computes the values"
                        } else {
                            "too many for the rare-value method: the plain method computes the values"
                        }
                    )),
                    None => s.push_str("stats: the rare-value method was not used\n"),
                }
                s.push_str(&format!(
                    "stats: table of {}, {} bytes a value\n",
                    plural(seq.len(), "value"),
                    seq.bytes_per_value()
                ));
            }
        }
        s.push_str(&peak_memory_line());
        s
    }
}

/// The peak resident memory of this process in KiB, where the system tells
/// it (`VmHWM` of `/proc/self/status`, Linux).
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The `stats:` line of the peak memory, or nothing where the system does
/// not tell it.
pub(super) fn peak_memory_line() -> String {
    peak_memory_kib().map_or_else(String::new, |peak| {
        format!("stats: peak memory {:.1} MiB\n", peak as f64 / 1024.0)
    })
}

/// The report of `--stats` for a graph's node values (`digraph:`): their
/// number, the time and the largest value with its first node.
pub(super) fn nodes_text(word: &str, values: &[(String, u64)], seconds: f64) -> String {
    let mut s = format!(
        "stats: {word}: {} in {seconds:.1} s\n",
        plural(values.len() as u64, "node value")
    );
    // The first node with the largest value.
    let largest = values
        .iter()
        .rev()
        .max_by_key(|(_, g)| *g)
        .map(|(node, g)| (node, *g));
    if let Some((node, g)) = largest {
        s.push_str(&format!("stats: largest value {g}, first at node {node}\n"));
    }
    s.push_str(&peak_memory_line());
    s
}

/// `n` and the noun, with an `s` unless `n` is 1.
fn plural(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
