//! The boundary suite (issue 61): every ruleset that takes numbers, through
//! every command that takes numbers, at the edges of the number range: 0,
//! 1, 2, 2^32 ± 1, 2^63 ± 1, 2^64 - 2 and 2^64 - 1 (heaps, coins, counts,
//! moduli, board sizes, game parameters).
//!
//! Each expected answer is computed here, independently of sprague: the
//! theorem evaluated with u128 or big integers (Bouton's nim-sum, Moore's
//! columns, Wythoff's pairs by exact integer square roots, Zeckendorf,
//! Cole and Davie, Welter's function, Levine's recursion, the ruler
//! function, odious numbers, nim-products by the recursive definition),
//! nim-sequences by a plain table by the definition with their period
//! proven here, or a plain search where the position is small. Counts
//! come from a bit-by-bit dynamic programme over the heaps' binary digits,
//! from a recursion on the top bit, from Burnside's lemma and from
//! XOR-convolutions of histograms, all in big integers.
//!
//! Every case either agrees with the reference, or is refused with exit
//! status 2 or 3 and a message (never exit 0 with a wrong or cut answer,
//! never a panic). The refusals are collected and printed with the totals
//! at the end: `cargo test -p sprague-cli --test boundary -- --nocapture`.
//! The heavier sweep (more heap counts, more pairs) is `#[ignore]`d:
//! `cargo test -p sprague-cli --test boundary -- --ignored --nocapture`.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use serde_json::Value;

mod common;

const MAX: u64 = u64::MAX;
/// The edges of the number range the issue names.
const EDGES: [u64; 9] = [
    0,
    1,
    2,
    (1 << 32) - 1,
    (1 << 32) + 1,
    (1 << 63) - 1,
    (1 << 63) + 1,
    MAX - 1,
    MAX,
];
/// The moduli the issue names (0 is not a modulus; 2^64 + 1 does not fit).
const MODULI: [u64; 5] = [1, 2, (1 << 32) + 1, (1 << 63) + 1, MAX];

/// Whether a number is in an infinite subtraction set.
type Member = fn(u64) -> bool;
/// A coin's value, None where the coin is not on the row.
type CoinValue = fn(u64) -> Option<u64>;
/// A heap's Grundy value.
type Valued = Box<dyn Fn(u64) -> u64>;

fn big(n: impl Into<BigUint>) -> BigUint {
    n.into()
}

// ---------------------------------------------------------------------
// The tally
// ---------------------------------------------------------------------

#[derive(Default)]
struct Tally {
    checked: usize,
    agreed: usize,
    /// (command, ruleset, exit status, message)
    refused: Vec<(String, String, i32, String)>,
    failures: Vec<String>,
    rulesets: BTreeSet<String>,
    commands: BTreeSet<String>,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Refuse {
    /// An answer is expected.
    Never,
    /// An answer or a refusal naming a limit.
    May,
    /// The input is out of range: a refusal is expected.
    Must,
}

/// What a run gave: its standard output on success, None otherwise
/// (recorded).
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn exec(args: &[String], stdin: Option<&str>) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sprague"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let started = std::time::Instant::now();
    let mut child = cmd.spawn().expect("sprague runs");
    {
        let mut input = child.stdin.take().unwrap();
        if let Some(text) = stdin {
            input.write_all(text.as_bytes()).unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    if started.elapsed().as_millis() > 700 {
        eprintln!("slow ({:?}): sprague {args:?}", started.elapsed());
    }
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A refusal's message names what was wrong: a flag, a number, a limit,
/// or why the ruleset does not take the command.
fn names_a_limit(message: &str) -> bool {
    message.starts_with("error:")
        && (message.contains("--")
            || message.contains("ruleset")
            || message.chars().any(|c| c.is_ascii_digit())
            || message.contains("limit"))
}

impl Tally {
    fn see(&mut self, ruleset: &str, command: &str) {
        self.rulesets.insert(ruleset.to_string());
        self.commands.insert(command.to_string());
    }

    fn agree(&mut self, ruleset: &str, command: &str) {
        self.see(ruleset, command);
        self.checked += 1;
        self.agreed += 1;
    }

    fn fail(&mut self, ruleset: &str, command: &str, what: String) {
        self.see(ruleset, command);
        self.checked += 1;
        self.failures
            .push(format!("[{command} / {ruleset}] {what}"));
    }

    fn check(&mut self, ok: bool, ruleset: &str, command: &str, what: impl FnOnce() -> String) {
        if ok {
            self.agree(ruleset, command)
        } else {
            self.fail(ruleset, command, what())
        }
    }

    fn refusal(&mut self, ruleset: &str, command: &str, code: i32, message: &str) {
        self.see(ruleset, command);
        self.checked += 1;
        self.refused.push((
            command.to_string(),
            ruleset.to_string(),
            code,
            message.lines().next().unwrap_or("").to_string(),
        ));
    }

    /// Runs sprague; returns its output when it answered (exit 0) and an
    /// answer was allowed. Refusals and failures are recorded here (each
    /// one case); an answer is left to the caller to check.
    fn run(
        &mut self,
        ruleset: &str,
        command: &str,
        args: &[String],
        stdin: Option<&str>,
        refuse: Refuse,
    ) -> Option<String> {
        let got = exec(args, stdin);
        match got.code {
            0 if refuse == Refuse::Must => {
                self.fail(
                    ruleset,
                    command,
                    format!(
                        "sprague {args:?}: answered {:?}, a refusal was expected",
                        got.stdout
                    ),
                );
                None
            }
            0 => Some(got.stdout),
            2 | 3 if refuse != Refuse::Never => {
                if names_a_limit(got.stderr.trim()) {
                    self.refusal(ruleset, command, got.code, got.stderr.trim());
                } else {
                    self.fail(
                        ruleset,
                        command,
                        format!(
                            "sprague {args:?}: refused without naming why: {:?}",
                            got.stderr
                        ),
                    );
                }
                None
            }
            code => {
                self.fail(
                    ruleset,
                    command,
                    format!("sprague {args:?}: exit {code}: {}", got.stderr.trim()),
                );
                None
            }
        }
    }

    fn report(&self, title: &str) {
        println!("\n==== {title} ====");
        println!(
            "cases checked: {} over {} rulesets x {} commands",
            self.checked,
            self.rulesets.len(),
            self.commands.len()
        );
        println!(
            "commands: {}",
            self.commands.iter().cloned().collect::<Vec<_>>().join(", ")
        );
        println!(
            "rulesets: {}",
            self.rulesets.iter().cloned().collect::<Vec<_>>().join(", ")
        );
        println!("agreed with the reference: {}", self.agreed);
        println!(
            "refused with exit 2/3 and a message: {}",
            self.refused.len()
        );
        println!("disagreements/failures: {}", self.failures.len());
        // Refusals grouped by command and message shape (numbers folded).
        let mut groups: BTreeMap<(String, i32, String), (usize, String, String)> = BTreeMap::new();
        for (command, ruleset, code, message) in &self.refused {
            let shape = fold_numbers(message);
            let entry = groups.entry((command.clone(), *code, shape)).or_insert((
                0,
                ruleset.clone(),
                message.clone(),
            ));
            entry.0 += 1;
        }
        println!("refusals, grouped ({} groups):", groups.len());
        for ((command, code, _), (n, ruleset, message)) in &groups {
            println!(
                "  {n:>4} x {command} exit {code} (e.g. {ruleset}): {}",
                cut(message, 220)
            );
        }
        for failure in &self.failures {
            println!("FAILURE: {}", cut(failure, 600));
        }
    }
}

fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        s.chars().take(n).collect::<String>() + "..."
    }
}

/// A message with every run of digits (and the ruleset words, which hold
/// digits) folded to `#`, so that refusals of one kind group together.
fn fold_numbers(s: &str) -> String {
    let mut out = String::new();
    let mut in_digits = false;
    for c in s.chars() {
        if c.is_ascii_digit() {
            if !in_digits {
                out.push('#');
            }
            in_digits = true;
        } else {
            in_digits = false;
            out.push(c);
        }
    }
    out.split_whitespace()
        .map(|w| {
            if w.contains(':') && w.contains('#') {
                "R"
            } else {
                w
            }
        })
        .take(14)
        .collect::<Vec<_>>()
        .join(" ")
}

fn s(x: impl ToString) -> String {
    x.to_string()
}

fn args(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

// ---------------------------------------------------------------------
// References
// ---------------------------------------------------------------------

/// The mex of a set of values.
fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let set: BTreeSet<u64> = values.into_iter().collect();
    (0..).find(|v| !set.contains(v)).unwrap()
}

/// A plain search: the Grundy value of a position by the definition.
fn grundy_search<S: std::hash::Hash + Eq + Clone>(
    position: &S,
    options: &dyn Fn(&S) -> Vec<S>,
    memo: &mut HashMap<S, u64>,
) -> u64 {
    if let Some(&v) = memo.get(position) {
        return v;
    }
    let values: Vec<u64> = options(position)
        .iter()
        .map(|o| grundy_search(o, options, memo))
        .collect();
    let v = mex(values);
    memo.insert(position.clone(), v);
    v
}

/// A nim-sequence with a period proven here: values below `table.len()`
/// from the table, past it by the period.
#[derive(Clone)]
struct Periodic {
    table: Vec<u64>,
    preperiod: usize,
    period: usize,
}

impl Periodic {
    fn value(&self, n: u64) -> u64 {
        if (n as u128) < self.table.len() as u128 {
            return self.table[n as usize];
        }
        let pre = self.preperiod as u128;
        let index = pre + (n as u128 - pre) % self.period as u128;
        self.table[index as usize]
    }

    /// How many n in 0..=m have each value.
    fn histogram_to(&self, m: u64) -> BTreeMap<u64, u128> {
        let mut h = BTreeMap::new();
        let m = m as u128;
        for n in 0..self.preperiod {
            if n as u128 <= m {
                *h.entry(self.table[n]).or_insert(0) += 1;
            }
        }
        for r in 0..self.period {
            let first = (self.preperiod + r) as u128;
            if first <= m {
                *h.entry(self.table[self.preperiod + r]).or_insert(0) +=
                    (m - first) / self.period as u128 + 1;
            }
        }
        h
    }

    /// How many n in a..=m have each value.
    fn histogram(&self, a: u64, m: u64) -> BTreeMap<u64, u128> {
        let mut h = self.histogram_to(m);
        if a > m {
            return BTreeMap::new();
        }
        if a > 0 {
            for (v, c) in self.histogram_to(a - 1) {
                *h.get_mut(&v).unwrap() -= c;
            }
        }
        h.retain(|_, c| *c > 0);
        h
    }
}

/// Finds the least period p (and its least preperiod) of a table, proven
/// when G(n + p) = G(n) for every n from the preperiod to `window(n0, p)`
/// and that end lies within the table.
fn find_period(table: &[u64], window: &dyn Fn(usize, usize) -> usize) -> Option<Periodic> {
    let len = table.len();
    for p in 1..len / 3 {
        // The least n0 with G(n + p) = G(n) for every n0 <= n < len - p.
        let mut n0 = len - p;
        while n0 > 0 && table[n0 - 1] == table[n0 - 1 + p] {
            n0 -= 1;
        }
        if window(n0, p) + p <= len && n0 + 2 * p < len {
            return Some(Periodic {
                table: table.to_vec(),
                preperiod: n0,
                period: p,
            });
        }
    }
    None
}

/// A take-and-break game of octal (or hex) code digits d1 d2 ...: taking k
/// leaves no heap (bit 1), one (bit 2), two (bit 4), three (bit 8).
fn octal_table(digits: &[u8], to: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(to + 1);
    for n in 0..=to {
        let mut options = BTreeSet::new();
        for (i, &d) in digits.iter().enumerate() {
            let k = i + 1;
            if n < k {
                break;
            }
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                options.insert(0);
            }
            if d & 2 != 0 && rest > 0 {
                options.insert(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    if rest - a >= 1 {
                        options.insert(g[a] ^ g[rest - a]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..=rest {
                    for b in a..=rest {
                        if rest >= a + b + b {
                            options.insert(g[a] ^ g[b] ^ g[rest - a - b]);
                        }
                    }
                }
            }
        }
        g.push(mex(options));
    }
    g
}

/// The octal game's sequence with its period proven by Guy and Smith:
/// G(n + p) = G(n) for n0 <= n < 2 n0 + p + t, t the most tokens taken.
fn octal(digits: &[u8]) -> Periodic {
    let t = digits.len();
    let table = octal_table(digits, 1200);
    find_period(&table, &|n0, p| 2 * n0.max(1) + p + t).expect("a proven period")
}

/// A finite subtraction set's sequence; a window of max(S) values
/// repeated proves the period.
fn subtraction(set: &[u64]) -> Periodic {
    let top = *set.iter().max().unwrap() as usize;
    let mut g: Vec<u64> = Vec::new();
    for n in 0..2000usize {
        g.push(mex(set
            .iter()
            .filter(|&&s| s as usize <= n)
            .map(|&s| g[n - s as usize])));
    }
    find_period(&g, &|n0, _| n0 + top).expect("a period")
}

/// G of a subtraction range a-b (take a to b): floor((n mod (a+b)) / a).
fn sub_range(a: u64, b: u64, n: u64) -> u64 {
    ((n as u128 % (a as u128 + b as u128)) / a as u128) as u64
}

/// The nim-product by its recursive definition on Fermat 2-powers
/// F = 2^h: F ⊗ F = F ⊕ F/2, and x ⊗ F is an ordinary product for x < F.
fn nim_mul(a: u64, b: u64) -> u64 {
    fn mul(a: u64, b: u64, width: u32) -> u64 {
        if a < 2 || b < 2 {
            return a * b;
        }
        let h = width / 2;
        let mask = (1u64 << h) - 1;
        let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
        let high = mul(a1, b1, h);
        let middle = mul(a1, b0, h) ^ mul(a0, b1, h);
        let low = mul(a0, b0, h);
        ((high ^ middle) << h) ^ low ^ mul(high, 1 << (h - 1), h)
    }
    mul(a, b, 64)
}

fn nim_pow(a: u64, mut k: u64) -> u64 {
    let (mut result, mut base) = (1, a);
    while k > 0 {
        if k & 1 == 1 {
            result = nim_mul(result, base);
        }
        base = nim_mul(base, base);
        k >>= 1;
    }
    result
}

/// floor(k φ) exactly: (k + isqrt(5 k^2)) / 2.
fn floor_k_phi(k: u64) -> BigUint {
    let k = big(k);
    let root = (&k * &k * 5u32).sqrt();
    (k + root) / 2u32
}

/// Wythoff: P exactly at {floor(k φ), floor(k φ) + k}.
fn wythoff_p(a: u64, b: u64) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    floor_k_phi(hi - lo) == big(lo)
}

/// Euclid's game: a pair is P exactly when a heap is 0, or the larger is
/// above the smaller and below φ times it (a^2 < a b + b^2).
fn euclid_p(a: u64, b: u64) -> bool {
    let (lo, hi) = (a.min(b) as u128, a.max(b) as u128);
    if lo == 0 {
        return true;
    }
    let (lo, hi) = (big(lo), big(hi));
    hi > lo && &hi * &hi < &hi * &lo + &lo * &lo
}

/// Fibonacci Nim: P exactly when N is 0 or M is below the smallest term of
/// N's Zeckendorf representation.
fn fibnim_p(n: u64, m: u64) -> bool {
    if n == 0 {
        return true;
    }
    let mut fib: Vec<u128> = vec![1, 2];
    while *fib.last().unwrap() <= n as u128 {
        let l = fib.len();
        fib.push(fib[l - 1] + fib[l - 2]);
    }
    let mut rest = n as u128;
    let mut smallest = 0;
    for &f in fib.iter().rev() {
        if f <= rest {
            rest -= f;
            smallest = f;
        }
    }
    (m as u128) < smallest
}

/// Welter's function: the nim-sum of the squares and of 2^(v(a-b)+1) - 1
/// over every pair, v the 2-adic valuation.
fn welter(squares: &[u64]) -> u128 {
    let mut v: u128 = squares.iter().fold(0, |x, &a| x ^ a as u128);
    for i in 0..squares.len() {
        for j in i + 1..squares.len() {
            let d = squares[i].abs_diff(squares[j]);
            v ^= (1u128 << (d.trailing_zeros() + 1)) - 1;
        }
    }
    v
}

/// Ω(n), the number of prime factors with multiplicity (0 for 0 and 1).
fn big_omega(mut n: u64) -> u64 {
    if n < 2 {
        return 0;
    }
    let mut count = 0;
    let mut d = 2u64;
    while d < 1 << 20 && d * d <= n {
        while n.is_multiple_of(d) {
            n /= d;
            count += 1;
        }
        d += 1;
    }
    if n == 1 {
        return count;
    }
    if (n as u128) < (d as u128) * (d as u128) || is_prime(n) {
        return count + 1;
    }
    // Two large prime factors (no case here has three past 2^20).
    count + 2
}

/// Miller-Rabin with the bases deterministic for 64 bits.
fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let mul = |a: u64, b: u64| ((a as u128 * b as u128) % n as u128) as u64;
    let pow = |mut a: u64, mut e: u64| {
        let mut r = 1;
        while e > 0 {
            if e & 1 == 1 {
                r = mul(r, a);
            }
            a = mul(a, a);
            e >>= 1;
        }
        r
    };
    let (mut d, mut r) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        r += 1;
    }
    'bases: for a in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..r {
            x = mul(x, x);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// divide:D by a memoised search over the heaps reachable by division.
fn divide_value(ds: &[u64], n: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&v) = memo.get(&n) {
        return v;
    }
    let options: Vec<u64> = ds
        .iter()
        .filter(|_| n > 0)
        .map(|&d| n / d)
        .filter(|&m| m < n)
        .collect();
    let v = mex(options.into_iter().map(|m| divide_value(ds, m, memo)));
    memo.insert(n, v);
    v
}

/// fraction:K by Levine's recursion: G(n) = n/K when K divides n, else
/// G(n - floor(n/K) - 1); a heap below K has no move (worth 0).
fn fraction_value(k: u64, mut n: u64) -> u64 {
    loop {
        if n.is_multiple_of(k) {
            return n / k;
        }
        if n < k {
            return 0;
        }
        n = n - n / k - 1;
    }
}

/// The ruler function: the largest power of 2 dividing n (n >= 1).
fn ruler(n: u64) -> u64 {
    1 << n.trailing_zeros()
}

/// The n-th odious number (from n = 0): 2n or 2n + 1, whichever has an
/// odd number of ones; None past 64 bits.
fn odious(n: u64) -> Option<u64> {
    let two_n = (n as u128) * 2;
    let v = if n.count_ones() % 2 == 1 {
        two_n
    } else {
        two_n + 1
    };
    u64::try_from(v).ok()
}

// ---------------------------------------------------------------------
// Counting references
// ---------------------------------------------------------------------

/// Tuples (x_1..x_K), lo_i <= x_i <= hi_i, with x_1 ⊕ ... ⊕ x_K = 0: a
/// dynamic programme over the binary digits from the top, each heap
/// remembering whether it still equals its lower and its upper bound.
fn xor_zero_tuples(bounds: &[(u64, u64)]) -> BigUint {
    if bounds.iter().any(|(lo, hi)| lo > hi) {
        return BigUint::zero();
    }
    let k = bounds.len();
    let mut states: HashMap<Vec<u8>, BigUint> = HashMap::new();
    states.insert(vec![3; k], BigUint::one());
    for bit in (0..64).rev() {
        let mut next: HashMap<Vec<u8>, BigUint> = HashMap::new();
        for (state, count) in &states {
            'choice: for choice in 0u32..(1 << k) {
                if choice.count_ones() % 2 == 1 {
                    continue;
                }
                let mut new = state.clone();
                for i in 0..k {
                    let b = (choice >> i) & 1;
                    let lo_bit = ((bounds[i].0 >> bit) & 1) as u32;
                    let hi_bit = ((bounds[i].1 >> bit) & 1) as u32;
                    let (tight_lo, tight_hi) = (state[i] & 1 != 0, state[i] & 2 != 0);
                    if (tight_lo && b < lo_bit) || (tight_hi && b > hi_bit) {
                        continue 'choice;
                    }
                    new[i] =
                        (tight_lo && b == lo_bit) as u8 | ((tight_hi && b == hi_bit) as u8) << 1;
                }
                *next.entry(new).or_insert_with(BigUint::zero) += count;
            }
        }
        states = next;
    }
    states.values().sum()
}

/// K Nim heaps in 0..=m with nim-sum 0, by the top bit c = 2^b of m (m =
/// c + l, a = l + 1): e heaps at or above c (e even), the others below c
/// make every low nim-sum equally likely unless there are none:
/// f(K, m) = (((c+a)^K + (c-a)^K)/2 - [K even] a^K) / c + [K even] f(K, l).
/// Modulo q (q = 0: exactly), with the divisions by 2c done exactly by
/// working modulo 2cq.
fn nim_tuples(k: &BigUint, m: u64, q: u64) -> BigUint {
    if m == 0 {
        return if q == 0 {
            BigUint::one()
        } else {
            BigUint::one() % q
        };
    }
    let b = 63 - m.leading_zeros();
    let c = big(1u64 << b);
    let l = m - (1u64 << b);
    let a = big(l) + 1u32;
    let even = (k % 2u32).is_zero();
    let two_c = &c * 2u32;
    let x = if q == 0 {
        let mut x = (&c + &a).pow(k.to_u32().expect("an exact count of few heaps"))
            + (&c - &a).pow(k.to_u32().unwrap());
        if even {
            x -= a.pow(k.to_u32().unwrap()) * 2u32;
        }
        x / &two_c
    } else {
        let modulus = &two_c * q;
        let mut x = (&c + &a).modpow(k, &modulus) + (&c - &a).modpow(k, &modulus);
        if even {
            x += &modulus * 2u32 - a.modpow(k, &modulus) * 2u32;
        }
        (x % &modulus) / &two_c
    };
    let rest = if even {
        nim_tuples(k, l, q)
    } else {
        BigUint::zero()
    };
    let total = x + rest;
    if q == 0 {
        total
    } else {
        total % q
    }
}

/// 1 + r + ... + r^(n-1) modulo q, by doubling.
fn geometric(r: &BigUint, n: u64, q: &BigUint) -> BigUint {
    if n == 0 {
        return BigUint::zero();
    }
    if n % 2 == 1 {
        return (BigUint::one() + r * geometric(r, n - 1, q)) % q;
    }
    let half = geometric(r, n / 2, q);
    (&half * (BigUint::one() + r.modpow(&big(n / 2), q))) % q
}

/// The XOR-convolution power of a histogram of values: how many K-tuples
/// of heaps have each nim-sum (modulo q; 0: exactly), by squaring.
fn xor_power(h: &BTreeMap<u64, u128>, k: &BigUint, q: u64) -> BTreeMap<u64, BigUint> {
    let reduce = |x: BigUint| if q == 0 { x } else { x % q };
    let conv = |a: &BTreeMap<u64, BigUint>, b: &BTreeMap<u64, BigUint>| {
        let mut c: BTreeMap<u64, BigUint> = BTreeMap::new();
        for (x, n) in a {
            for (y, m) in b {
                let e = c.entry(x ^ y).or_insert_with(BigUint::zero);
                *e = reduce(&*e + n * m);
            }
        }
        c
    };
    let mut result: BTreeMap<u64, BigUint> = [(0, reduce(BigUint::one()))].into();
    let mut base: BTreeMap<u64, BigUint> = h.iter().map(|(&v, &n)| (v, reduce(big(n)))).collect();
    let mut k = k.clone();
    while !k.is_zero() {
        if k.bit(0) {
            result = conv(&result, &base);
        }
        base = conv(&base, &base);
        k >>= 1u32;
    }
    result
}

fn binomial(n: &BigUint, k: u32) -> BigUint {
    if *n < big(k) {
        return BigUint::zero();
    }
    let mut r = BigUint::one();
    for i in 0..k {
        r = r * (n - i) / (i + 1);
    }
    r
}

/// The arrangements counted from the ordered P-count f_K of K heaps over
/// n sizes, h0 of them worth 0 (K <= 3): multisets by Burnside's lemma,
/// different heaps by inclusion-exclusion. Returns (P, total).
fn arrangements(
    k: u32,
    f: &BigUint,
    n: &BigUint,
    h0: &BigUint,
    unordered: bool,
    distinct: bool,
) -> (BigUint, BigUint) {
    match (k, unordered, distinct) {
        (_, false, false) => (f.clone(), n.pow(k)),
        (0, _, _) => (f.clone(), BigUint::one()),
        (1, _, _) => (f.clone(), n.clone()),
        // (a, a) always has nim-sum 0.
        (2, true, false) => ((f + n) / 2u32, binomial(&(n + 1u32), 2)),
        (2, false, true) => (f - n, binomial(n, 2) * 2u32),
        (2, true, true) => ((f - n) / 2u32, binomial(n, 2)),
        // (a, a, c) has nim-sum G(c); (a, a, a) has G(a).
        (3, true, false) => (
            (f + n * h0 * 3u32 + h0 * 2u32) / 6u32,
            binomial(&(n + 2u32), 3),
        ),
        (3, false, true) => (f + h0 * 2u32 - n * h0 * 3u32, binomial(n, 3) * 6u32),
        (3, true, true) => ((f + h0 * 2u32 - n * h0 * 3u32) / 6u32, binomial(n, 3)),
        _ => unreachable!(),
    }
}

// ---------------------------------------------------------------------
// Analysis cases
// ---------------------------------------------------------------------

struct Case {
    ruleset: String,
    position: String,
    /// The Grundy value, when the reference knows it; a value past 64 bits
    /// must be answered with `null`.
    value: Option<u128>,
    /// The outcome (P?), when the reference knows it.
    p: Option<bool>,
    /// `value` may be `null` even when it fits (a value no theorem needs).
    null_ok: bool,
    refuse: Refuse,
}

fn case(ruleset: &str, position: String, value: Option<u128>) -> Case {
    Case {
        ruleset: ruleset.to_string(),
        position,
        p: value.map(|v| v == 0),
        value,
        null_ok: false,
        refuse: Refuse::Never,
    }
}

fn must_refuse(ruleset: &str, position: String) -> Case {
    Case {
        ruleset: ruleset.to_string(),
        position,
        value: None,
        p: None,
        null_ok: true,
        refuse: Refuse::Must,
    }
}

fn join(xs: &[u64]) -> String {
    xs.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn pairs() -> Vec<(u64, u64)> {
    EDGES
        .iter()
        .flat_map(|&a| EDGES.iter().map(move |&b| (a, b)))
        .collect()
}

/// Heap rulesets valued by a function of the heap: singles at every edge
/// and every edge in one component (the nim-sum).
fn heap_cases(ruleset: &str, cases: &mut Vec<Case>, value: &dyn Fn(u64) -> Option<u64>) {
    for &n in &EDGES {
        cases.push(match value(n) {
            Some(v) => case(ruleset, format!("{ruleset} {n}"), Some(v as u128)),
            None => must_refuse(ruleset, format!("{ruleset} {n}")),
        });
    }
    let known: Vec<u64> = EDGES
        .iter()
        .copied()
        .filter(|&n| value(n).is_some())
        .collect();
    let sum = known.iter().fold(0, |x, &n| x ^ value(n).unwrap());
    cases.push(case(
        ruleset,
        format!("{ruleset} {}", join(&known)),
        Some(sum as u128),
    ));
}

/// The cases, and those held only through `batch` in the default run.
fn analysis_cases(heavy: bool) -> (Vec<Case>, Vec<Case>) {
    let mut cases = Vec::new();
    let mut batch_only = Vec::new();

    // Nim: Bouton.
    heap_cases("nim", &mut cases, &|n| Some(n));
    for (a, b) in pairs() {
        cases.push(case("nim", format!("nim {a} {b}"), Some((a ^ b) as u128)));
    }

    // Moore's Nim_K: P exactly when every binary column holds a multiple
    // of K + 1 ones; with at most K heaps non-empty the value is their sum.
    for k in [2u64, MAX] {
        let r = format!("moore:{k}");
        let tuples: Vec<Vec<u64>> = if heavy {
            pairs()
                .into_iter()
                .map(|(a, b)| vec![a, b])
                .chain(EDGES.iter().map(|&a| vec![a, a, MAX]))
                .collect()
        } else {
            vec![
                vec![MAX, MAX],
                vec![MAX, 1],
                vec![1 << 63, (1 << 63) - 1],
                vec![MAX, MAX, MAX],
                vec![MAX, MAX - 1, 1],
                vec![(1 << 32) + 1, (1 << 32) - 1, 2],
                vec![0, 0, 0],
            ]
        };
        for heaps in tuples {
            let columns_ok = (0..64).all(|bit| {
                let ones = heaps.iter().filter(|&&h| (h >> bit) & 1 == 1).count() as u128;
                ones.is_multiple_of(k as u128 + 1)
            });
            let nonempty = heaps.iter().filter(|&&h| h > 0).count() as u64;
            let sum: u128 = heaps.iter().map(|&h| h as u128).sum();
            let mut c = case(&r, format!("{r} {}", join(&heaps)), None);
            c.p = Some(columns_ok);
            c.null_ok = true;
            if nonempty <= k {
                c.value = Some(sum);
                c.null_ok = sum > MAX as u128;
            }
            cases.push(c);
        }
    }
    // Small Moore positions by a plain search.
    {
        let opts = |h: &Vec<u64>| -> Vec<Vec<u64>> {
            let mut out = Vec::new();
            let n = h.len();
            let mut current = vec![0u64; n];
            // Every choice of new sizes <= old, at least one and at most 2 smaller.
            fn rec(i: usize, h: &Vec<u64>, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
                if i == h.len() {
                    let changed = h.iter().zip(cur.iter()).filter(|(a, b)| a != b).count();
                    if (1..=2).contains(&changed) {
                        out.push(cur.clone());
                    }
                    return;
                }
                for v in 0..=h[i] {
                    cur[i] = v;
                    rec(i + 1, h, cur, out);
                }
            }
            rec(0, h, &mut current, &mut out);
            out
        };
        let mut memo = HashMap::new();
        for a in 0..=2 {
            for b in 0..=2 {
                for c in 0..=2 {
                    let v = grundy_search(&vec![a, b, c], &opts, &mut memo);
                    let mut x = case("moore:2", format!("moore:2 {a} {b} {c}"), Some(v as u128));
                    x.null_ok = true;
                    cases.push(x);
                }
            }
        }
    }

    // Staircase Nim: the nim-sum of the odd steps; all the coins may
    // gather on one step, so more than 2^64 - 1 in all is refused.
    let staircase_tuples: Vec<Vec<u64>> = pairs()
        .into_iter()
        .map(|(a, b)| vec![a, b])
        .chain([
            vec![MAX, 0, 0],
            vec![1, 0, MAX - 1],
            vec![(1 << 63) - 1, 1, 1 << 63],
            vec![2, 2, 2, MAX - 6],
        ])
        .collect();
    for steps in staircase_tuples {
        let total: u128 = steps.iter().map(|&x| x as u128).sum();
        let position = format!("staircase {}", join(&steps));
        if total > MAX as u128 {
            cases.push(must_refuse("staircase", position));
        } else {
            let v = steps.iter().step_by(2).fold(0, |x, &s| x ^ s);
            cases.push(case("staircase", position, Some(v as u128)));
        }
    }

    // Subtraction games: plain tables with their period, and the closed
    // forms of ranges and of huge amounts in u128.
    for set in [&[1u64, 3, 4][..], &[2, 5, 7], &[1, 2, 3]] {
        let seq = subtraction(set);
        let r = format!(
            "sub:{}",
            set.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
        heap_cases(&r, &mut cases, &|n| Some(seq.value(n)));
    }
    // sub:1-3 and friends: check the range form against a plain table first.
    for (a, b) in [(1u64, 3u64), (2, 5)] {
        let set: Vec<u64> = (a..=b).collect();
        let seq = subtraction(&set);
        for n in 0..500 {
            assert_eq!(
                seq.value(n),
                sub_range(a, b, n),
                "the range form, sub:{a}-{b} at {n}"
            );
        }
    }
    for (a, b) in [
        (1u64, 3u64),
        (2, 5),
        (1, MAX),
        (2, 1 << 63),
        ((1 << 32) + 1, (1 << 63) + 1),
        (MAX, MAX),
    ] {
        let r = format!("sub:{a}-{b}");
        heap_cases(&r, &mut cases, &|n| Some(sub_range(a, b, n)));
    }
    // One amount s: floor(n/s) mod 2; {1, s} with s odd: n mod 2.
    heap_cases(&format!("sub:{MAX}"), &mut cases, &|n| Some((n / MAX) % 2));
    heap_cases(&format!("sub:1,{MAX}"), &mut cases, &|n| Some(n % 2));
    heap_cases(&format!("sub:{},{MAX}", MAX - 1), &mut cases, &|n| {
        // {s-1, s}: blocks of s-1 zeros... by the range form (s-1)-s.
        Some(sub_range(MAX - 1, MAX, n))
    });
    // Infinite sets: small heaps by a table; past the table limit refused.
    let infinite: [(&str, Member); 4] = [
        ("sub:squares", |s| {
            (1..).take_while(|r: &u64| r * r <= s).any(|r| r * r == s)
        }),
        ("sub:primes", |s| is_prime(s)),
        ("sub:pow2", |s| s.is_power_of_two()),
        ("sub:fib", |s| {
            let (mut a, mut b) = (1u64, 2u64);
            while a < s {
                (a, b) = (b, a + b);
            }
            a == s
        }),
    ];
    for (r, member) in infinite {
        let mut g: Vec<u64> = Vec::new();
        for n in 0..3usize {
            g.push(mex((1..=n).filter(|&s| member(s as u64)).map(|s| g[n - s])));
        }
        for &n in &EDGES {
            if n <= 2 {
                cases.push(case(r, format!("{r} {n}"), Some(g[n as usize] as u128)));
            } else {
                cases.push(must_refuse(r, format!("{r} {n}")));
            }
        }
    }

    // Octal games, their periods proven here by Guy and Smith.
    for (r, digits) in [
        ("kayles", &[7u8, 7][..]),
        ("dawson", &[0, 7]),
        ("octal:0.137", &[1, 3, 7]),
        ("octal:0.07", &[0, 7]),
    ] {
        let seq = octal(digits);
        heap_cases(r, &mut cases, &|n| Some(seq.value(n)));
    }
    // Hex and Grundy's game: small heaps by the definition, large ones past
    // the table limit (hex:0.f's period is not proven here).
    let hex = octal_table(&[15], 2);
    let grundy_small = [0u64, 0, 0];
    for &n in &EDGES {
        if n <= 2 {
            cases.push(case(
                "hex:0.f",
                format!("hex:0.f {n}"),
                Some(hex[n as usize] as u128),
            ));
            cases.push(case(
                "grundy",
                format!("grundy {n}"),
                Some(grundy_small[n as usize] as u128),
            ));
        } else {
            cases.push(must_refuse("grundy", format!("grundy {n}")));
        }
    }

    // Wythoff: P-positions by exact square roots; values of small pairs by
    // search, G(0, n) = n.
    {
        let opts = |p: &(u64, u64)| -> Vec<(u64, u64)> {
            let (a, b) = *p;
            let mut out = Vec::new();
            for t in 1..=a {
                out.push((a - t, b));
            }
            for t in 1..=b {
                out.push((a, b - t));
            }
            for t in 1..=a.min(b) {
                out.push((a - t, b - t));
            }
            out
        };
        let mut memo = HashMap::new();
        for (a, b) in pairs() {
            let mut c = case("wythoff", format!("wythoff {a} {b}"), None);
            c.p = Some(wythoff_p(a, b));
            c.null_ok = true;
            if a.max(b) <= 2 {
                c.value = Some(grundy_search(&(a, b), &opts, &mut memo) as u128);
                c.null_ok = false;
            } else if a.min(b) == 0 {
                c.value = Some(a.max(b) as u128);
            }
            cases.push(c);
        }
        // A sum needs values: small pairs by search, big ones past the table.
        let v = grundy_search(&(1, 2), &opts, &mut memo) ^ grundy_search(&(2, 2), &opts, &mut memo);
        cases.push(case(
            "wythoff",
            "wythoff 1 2 + wythoff 2 2 + nim 3".into(),
            Some((v ^ 3) as u128),
        ));
        let mut c = case(
            "wythoff",
            format!("wythoff {MAX} {} + nim 1", MAX - 1),
            None,
        );
        c.refuse = Refuse::Must;
        cases.push(c);
    }

    // Euclid's game: Cole and Davie; values (1, n) = n, (n, n) = 1, small
    // pairs by search.
    {
        let opts = |p: &(u64, u64)| -> Vec<(u64, u64)> {
            let (a, b) = *p;
            let (lo, hi) = (a.min(b), a.max(b));
            if lo == 0 {
                return vec![];
            }
            (1..=hi / lo)
                .map(|k| {
                    if a >= b {
                        (a - k * lo, b)
                    } else {
                        (a, b - k * lo)
                    }
                })
                .collect()
        };
        let mut memo = HashMap::new();
        for (a, b) in pairs() {
            let mut c = case("euclid", format!("euclid {a} {b}"), None);
            c.p = Some(euclid_p(a, b));
            c.null_ok = true;
            if a.max(b) <= 2 {
                c.value = Some(grundy_search(&(a, b), &opts, &mut memo) as u128);
            } else if a.min(b) == 0 {
                c.value = Some(0);
            } else if a.min(b) == 1 {
                c.value = Some(a.max(b) as u128);
            } else if a == b {
                c.value = Some(1);
            }
            if c.value.is_some() {
                c.null_ok = false;
            }
            cases.push(c);
        }
    }

    // Fibonacci Nim: Whinihan; small values by search.
    {
        let opts = |p: &(u64, u64)| -> Vec<(u64, u64)> {
            let (n, m) = *p;
            (1..=m.min(n)).map(|k| (n - k, 2 * k)).collect()
        };
        let mut memo = HashMap::new();
        for (n, m) in pairs() {
            let mut c = case("fibnim", format!("fibnim {n} {m}"), None);
            c.p = Some(fibnim_p(n, m));
            c.null_ok = true;
            if n <= 2 {
                c.value = Some(grundy_search(&(n, m.min(n)), &opts, &mut memo) as u128);
                c.null_ok = false;
            }
            cases.push(c);
        }
    }

    // Welter: Welter's function (checked against a search on small boards
    // first); two coins on one square refused.
    {
        let opts = |sq: &Vec<u64>| -> Vec<Vec<u64>> {
            let mut out = Vec::new();
            for i in 0..sq.len() {
                for t in 0..sq[i] {
                    if !sq.contains(&t) {
                        let mut next = sq.clone();
                        next[i] = t;
                        next.sort();
                        out.push(next);
                    }
                }
            }
            out
        };
        let mut memo = HashMap::new();
        for a in 0..7u64 {
            for b in a + 1..7 {
                for c in b + 1..8 {
                    let v = grundy_search(&vec![a, b, c], &opts, &mut memo);
                    assert_eq!(
                        v as u128,
                        welter(&[a, b, c]),
                        "Welter's function at {a} {b} {c}"
                    );
                }
            }
        }
        for (a, b) in pairs() {
            let position = format!("welter {a} {b}");
            if a == b {
                cases.push(must_refuse("welter", position));
            } else {
                cases.push(case("welter", position, Some(welter(&[a, b]))));
            }
        }
        let all = EDGES.to_vec();
        cases.push(case(
            "welter",
            format!("welter {}", join(&all)),
            Some(welter(&all)),
        ));
    }

    // divisor: Ω(n).
    heap_cases("divisor", &mut cases, &|n| Some(big_omega(n)));
    // divide:D by a memoised search.
    for ds in [
        vec![2u64, 3],
        vec![MAX],
        vec![2, MAX],
        vec![(1 << 32) + 1, (1 << 63) + 1],
    ] {
        let r = format!(
            "divide:{}",
            ds.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
        let memo = std::cell::RefCell::new(HashMap::new());
        heap_cases(&r, &mut cases, &|n| {
            Some(divide_value(&ds, n, &mut memo.borrow_mut()))
        });
    }
    // fraction:K by Levine's recursion (checked by a search first).
    for k in [1u64, 2, 3] {
        let opts = |n: &u64| -> Vec<u64> { (1..=*n / k).map(|t| n - t).collect() };
        let mut memo = HashMap::new();
        for n in 0..200 {
            assert_eq!(
                grundy_search(&n, &opts, &mut memo),
                fraction_value(k, n),
                "Levine at fraction:{k} {n}"
            );
        }
    }
    for k in [1u64, 2, 3, MAX] {
        let r = format!("fraction:{k}");
        heap_cases(&r, &mut cases, &|n| Some(fraction_value(k, n)));
    }

    // Northcott: Nim on the gaps; squares off the board refused.
    for w in [2u64, (1 << 32) + 1, MAX] {
        let r = format!("northcott:{w}");
        let mut rows = Vec::new();
        let mut gaps = 0u64;
        for (a, b) in pairs() {
            let position = format!("{r} {a},{b}");
            if a == 0 || b == 0 || a > w || b > w || a == b {
                cases.push(must_refuse(&r, position));
            } else {
                let gap = a.abs_diff(b) - 1;
                gaps ^= gap;
                rows.push(format!("{a},{b}"));
                cases.push(case(&r, position, Some(gap as u128)));
            }
        }
        cases.push(case(
            &r,
            format!("{r} {}", rows.join(" ")),
            Some(gaps as u128),
        ));
    }

    // Coin-turning games.
    let coin_games: [(&str, CoinValue); 5] = [
        ("turtles", |n| (n >= 1).then_some(n)),
        ("twins", Some),
        ("mock", odious),
        ("ruler", |n| (n >= 1).then(|| ruler(n))),
        ("rulerette", |n| (n >= 1).then(|| ruler(n) / 2)),
    ];
    for (r, value) in coin_games {
        heap_cases(r, &mut cases, &|n| value(n));
    }
    heap_cases("coins:1-2", &mut cases, &|n| {
        (1..=16_384).contains(&n).then_some(n)
    });
    heap_cases("coins:1-3,from0", &mut cases, &|n| {
        (n < 3).then(|| odious(n).unwrap())
    });

    // Grids: a head on (r, c) is worth g1(r) ⊗ g2(c).
    let mut heads = Vec::new();
    let mut sum = 0;
    for (r, c) in pairs() {
        let v = nim_mul(r, c);
        if !(heavy || r <= 2 || c <= 2 || (r == c && r == MAX)) {
            // The default run holds every pair in batch (below), this
            // sample one by one (listing a move at 2^63 costs seconds in
            // a debug build).
            batch_only.push(case("corners", format!("corners {r},{c}"), Some(v as u128)));
            continue;
        }
        cases.push(case("corners", format!("corners {r},{c}"), Some(v as u128)));
        if r != c {
            heads.push(format!("{r},{c}"));
            sum ^= v;
        }
    }
    cases.push(case(
        "corners",
        format!("corners {}", heads.join(" ")),
        Some(sum as u128),
    ));
    for (r, c) in pairs() {
        let position = format!("product:ruler*mock {r},{c}");
        match (r >= 1, odious(c)) {
            (true, Some(g)) if !(heavy || r <= 2 || c <= 2) => batch_only.push(case(
                "product:ruler*mock",
                position,
                Some(nim_mul(ruler(r), g) as u128),
            )),
            (true, Some(g)) => cases.push(case(
                "product:ruler*mock",
                position,
                Some(nim_mul(ruler(r), g) as u128),
            )),
            _ => cases.push(must_refuse("product:ruler*mock", position)),
        }
    }

    // Sums across rulesets at the top of the range.
    let kayles = octal(&[7, 7]);
    let v = MAX ^ kayles.value(MAX) ^ nim_mul(MAX, MAX) ^ ruler(MAX) ^ fraction_value(2, MAX);
    cases.push(case(
        "sum",
        format!("nim {MAX} + kayles {MAX} + corners {MAX},{MAX} + ruler {MAX} + fraction:2 {MAX}"),
        Some(v as u128),
    ));
    (cases, batch_only)
}

/// Holds one analysis object (`analyze --json`, a `batch --json` line or
/// the API's answer) against its case.
fn check_analysis(t: &mut Tally, command: &str, c: &Case, answer: &Value) {
    let what = || format!("{:?}: {answer}", c.position);
    if c.refuse == Refuse::Must {
        t.fail(
            &c.ruleset,
            command,
            format!("answered, a refusal was expected: {}", what()),
        );
        return;
    }
    let outcome = answer["outcome"].as_str();
    let value = &answer["value"];
    let mut ok = true;
    if let Some(p) = c.p {
        ok &= outcome == Some(if p { "P" } else { "N" });
    }
    match c.value {
        Some(v) if v > MAX as u128 => ok &= value.is_null(),
        Some(v) => ok &= value.as_u64() == Some(v as u64) || (c.null_ok && value.is_null()),
        None => ok &= value.is_null() || c.null_ok,
    }
    // The value and the outcome agree whenever the value is given.
    if let Some(v) = value.as_u64() {
        ok &= (v == 0) == (outcome == Some("P"));
    }
    t.check(ok, &c.ruleset, command, || {
        format!(
            "expected value {:?} outcome P={:?}, got {}",
            c.value,
            c.p,
            what()
        )
    });
}

fn analyze_and_batch(t: &mut Tally, cases: &[Case], batch_only: &[Case], heavy: bool) {
    for c in cases {
        if let Some(out) = t.run(
            &c.ruleset,
            "analyze",
            &args(&["analyze", &c.position, "--json"]),
            None,
            c.refuse,
        ) {
            match serde_json::from_str::<Value>(&out) {
                Ok(v) => check_analysis(t, "analyze", c, &v),
                Err(e) => t.fail(
                    &c.ruleset,
                    "analyze",
                    format!("{:?}: not JSON ({e}): {out}", c.position),
                ),
            }
        }
    }
    // batch: the same positions a ruleset at a time, JSON and plain.
    let mut by_ruleset: BTreeMap<&str, Vec<&Case>> = BTreeMap::new();
    for c in cases.iter().chain(batch_only) {
        by_ruleset.entry(&c.ruleset).or_default().push(c);
    }
    for (ruleset, group) in by_ruleset {
        let input: String = group.iter().map(|c| format!("{}\n", c.position)).collect();
        let any_bad = group.iter().any(|c| c.refuse == Refuse::Must);
        let got = exec(&args(&["batch", "--json"]), Some(&input));
        let expected_code = if any_bad { 2 } else { 0 };
        let lines: Vec<&str> = got.stdout.lines().collect();
        if lines.len() != group.len() || !(got.code == expected_code || got.code == 3) {
            t.fail(
                ruleset,
                "batch --json",
                format!(
                    "exit {} with {} lines for {} positions: {}",
                    got.code,
                    lines.len(),
                    group.len(),
                    got.stderr
                ),
            );
            continue;
        }
        for (c, line) in group.iter().zip(lines) {
            let v: Value = serde_json::from_str(line).unwrap();
            if let Some(error) = v["error"].as_str() {
                if c.refuse == Refuse::Never {
                    t.fail(
                        ruleset,
                        "batch --json",
                        format!("{:?} refused: {error}", c.position),
                    );
                } else {
                    t.refusal(
                        ruleset,
                        "batch --json",
                        got.code,
                        &format!("error: {error}"),
                    );
                }
            } else {
                check_analysis(t, "batch --json", c, &v);
            }
        }
        // The plain view, but for the grids in the default run (its moves
        // at 2^63 cost seconds in a debug build; JSON held them above).
        if !heavy && (ruleset == "corners" || ruleset == "product:ruler*mock") {
            continue;
        }
        let plain = exec(&args(&["batch"]), Some(&input));
        if !(plain.code == expected_code || plain.code == 3) {
            t.fail(
                ruleset,
                "batch",
                format!("exit {}: {}", plain.code, plain.stderr),
            );
            continue;
        }
        // One line a position: `P`, `N` and a tab and the position after a
        // winning move, or `error` and a tab and the message.
        let lines: Vec<&str> = plain.stdout.lines().collect();
        if lines.len() != group.len() {
            t.fail(
                ruleset,
                "batch",
                format!(
                    "{} lines for {} positions:\n{}",
                    lines.len(),
                    group.len(),
                    plain.stdout
                ),
            );
            continue;
        }
        for (c, line) in group.iter().zip(lines) {
            let word = line.split('\t').next().unwrap_or("");
            match (word, c.refuse, c.p) {
                ("error", Refuse::Never, _) => t.fail(
                    ruleset,
                    "batch",
                    format!("{:?} refused: {line}", c.position),
                ),
                ("error", _, _) => t.refusal(
                    ruleset,
                    "batch",
                    plain.code,
                    &format!("error: {}", &line[6..]),
                ),
                (_, Refuse::Must, _) => t.fail(
                    ruleset,
                    "batch",
                    format!("{:?} answered {line}, a refusal was expected", c.position),
                ),
                (word, _, Some(p)) => {
                    t.check(word == if p { "P" } else { "N" }, ruleset, "batch", || {
                        format!("{:?}: {line}", c.position)
                    })
                }
                (word, _, None) => t.check(word == "P" || word == "N", ruleset, "batch", || {
                    format!("{:?}: {line}", c.position)
                }),
            }
        }
    }
}

// ---------------------------------------------------------------------
// count
// ---------------------------------------------------------------------

/// A heap ruleset for counting: the histogram of its values over sizes
/// a..=m, or None where only the Nim digit programme counts it.
struct Counted {
    ruleset: &'static str,
    seq: Option<Periodic>,
}

fn count_json(
    t: &mut Tally,
    ruleset: &str,
    command: &str,
    argv: Vec<String>,
    refuse: Refuse,
) -> Option<BigUint> {
    let out = t.run(ruleset, command, &argv, None, refuse)?;
    let v: Value = match serde_json::from_str(&out) {
        Ok(v) => v,
        Err(e) => {
            t.fail(ruleset, command, format!("{argv:?}: not JSON ({e}): {out}"));
            return None;
        }
    };
    match v["count"].as_str().and_then(|c| c.parse::<BigUint>().ok()) {
        Some(c) => Some(c),
        None => {
            t.fail(ruleset, command, format!("{argv:?}: no count: {out}"));
            None
        }
    }
}

fn count_cases(t: &mut Tally, heavy: bool) {
    let nim = Counted {
        ruleset: "nim",
        seq: None,
    };
    let sub134 = Counted {
        ruleset: "sub:1,3,4",
        seq: Some(subtraction(&[1, 3, 4])),
    };
    let kayles = Counted {
        ruleset: "kayles",
        seq: Some(octal(&[7, 7])),
    };
    let dawson = Counted {
        ruleset: "dawson",
        seq: Some(octal(&[0, 7])),
    };
    let games = [nim, sub134, kayles, dawson];

    let ks: Vec<u32> = if heavy {
        vec![0, 1, 2, 3]
    } else {
        vec![1, 2, 3]
    };
    let mins: Vec<u64> = if heavy {
        EDGES.to_vec()
    } else {
        vec![0, 2, MAX]
    };
    let modes = [(false, false), (true, false), (false, true), (true, true)];
    for g in &games {
        for &k in &ks {
            for &m in &EDGES {
                for &a in &mins {
                    if a > m && !heavy {
                        continue;
                    }
                    // The ordered P-count, the number of sizes and of sizes worth 0.
                    let (f, n, h0) = match &g.seq {
                        None => (
                            xor_zero_tuples(&vec![(a, m); k as usize]),
                            big(m.saturating_sub(a)) + u32::from(a <= m),
                            big((a == 0 && a <= m) as u32),
                        ),
                        Some(seq) => {
                            let h = seq.histogram(a, m);
                            let n: u128 = h.values().sum();
                            let f = xor_power(&h, &big(k), 0).remove(&0).unwrap_or_default();
                            (f, big(n), big(*h.get(&0).unwrap_or(&0)))
                        }
                    };
                    for &(unordered, distinct) in &modes {
                        if (k == 0 || (k == 1 && !heavy)) && (unordered || distinct) {
                            continue;
                        }
                        let (p, total) = arrangements(k, &f, &n, &h0, unordered, distinct);
                        let outcomes: Vec<(&str, BigUint)> =
                            vec![("P", p.clone()), ("N", &total - &p)];
                        for (outcome, expected) in outcomes {
                            if outcome == "N" && !heavy && (a != 0 || k != 3) {
                                continue;
                            }
                            let mut argv = args(&[
                                "count",
                                g.ruleset,
                                "--heaps",
                                &s(k),
                                "--max",
                                &s(m),
                                "--outcome",
                                outcome,
                                "--json",
                            ]);
                            if a != 0 {
                                argv.extend(args(&["--min", &s(a)]));
                            }
                            if unordered {
                                argv.push("--unordered".into());
                            }
                            if distinct {
                                argv.push("--distinct".into());
                            }
                            let cmd = format!(
                                "count{}{}{}",
                                if unordered { " --unordered" } else { "" },
                                if distinct { " --distinct" } else { "" },
                                if a != 0 { " --min" } else { "" }
                            );
                            if let Some(got) =
                                count_json(t, g.ruleset, &cmd, argv.clone(), Refuse::May)
                            {
                                t.check(got == expected, g.ruleset, &cmd, || {
                                    format!("{argv:?}: {got}, the reference says {expected}")
                                });
                            }
                            // Modulo each modulus (ordered and multisets alike).
                            if outcome == "P"
                                && a == 0
                                && (heavy || m >= MAX - 1 || m == (1 << 32) + 1)
                            {
                                for &q in &MODULI {
                                    let mut argv = argv.clone();
                                    argv.extend(args(&["--modulo", &s(q)]));
                                    let cmd = format!("{cmd} --modulo");
                                    if let Some(got) =
                                        count_json(t, g.ruleset, &cmd, argv.clone(), Refuse::May)
                                    {
                                        let expected = &expected % q;
                                        t.check(got == expected, g.ruleset, &cmd, || {
                                            format!(
                                                "{argv:?}: {got}, the reference says {expected}"
                                            )
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    // Nim and the periodic games with many heaps, modulo Q: the top-bit
    // recursion (Nim) and XOR-convolution powers (periodic games),
    // themselves first held against the digit programme and each other.
    for k in 0..5u32 {
        for &m in &EDGES {
            assert_eq!(
                nim_tuples(&big(k), m, 0),
                xor_zero_tuples(&vec![(0, m); k as usize]),
                "two references, K={k} M={m}"
            );
            assert_eq!(
                nim_tuples(&big(k), m, 1_000_003),
                xor_zero_tuples(&vec![(0, m); k as usize]) % 1_000_003u32,
                "modulo, K={k} M={m}"
            );
        }
    }
    let big_ks: Vec<u64> = vec![(1 << 32) + 1, (1 << 63) + 1, MAX - 1, MAX];
    let big_ms: Vec<u64> = if heavy {
        EDGES.to_vec()
    } else {
        vec![0, 1, 2, (1 << 32) + 1, MAX]
    };
    for &k in &big_ks {
        for &m in &big_ms {
            for &q in &MODULI {
                let expected = nim_tuples(&big(k), m, q);
                let argv = args(&[
                    "count",
                    "nim",
                    "--heaps",
                    &s(k),
                    "--max",
                    &s(m),
                    "--modulo",
                    &s(q),
                    "--json",
                ]);
                if let Some(got) = count_json(
                    t,
                    "nim",
                    "count --modulo (many heaps)",
                    argv.clone(),
                    Refuse::May,
                ) {
                    t.check(
                        got == expected,
                        "nim",
                        "count --modulo (many heaps)",
                        || format!("{argv:?}: {got}, the reference says {expected}"),
                    );
                }
                // Without a modulus the count has about 64 K bits: refused.
                if q == MAX && m == MAX {
                    let argv = args(&["count", "nim", "--heaps", &s(k), "--max", &s(m)]);
                    t.run(
                        "nim",
                        "count (exact, many heaps)",
                        &argv,
                        None,
                        Refuse::Must,
                    );
                }
            }
            for g in games.iter().skip(1) {
                let seq = g.seq.as_ref().unwrap();
                let q = 1_000_000_007;
                let expected = xor_power(&seq.histogram(0, m), &big(k), q)
                    .remove(&0)
                    .unwrap_or_default();
                let argv = args(&[
                    "count",
                    g.ruleset,
                    "--heaps",
                    &s(k),
                    "--max",
                    &s(m),
                    "--modulo",
                    &s(q),
                    "--json",
                ]);
                if let Some(got) = count_json(
                    t,
                    g.ruleset,
                    "count --modulo (many heaps)",
                    argv.clone(),
                    Refuse::May,
                ) {
                    t.check(
                        got == expected,
                        g.ruleset,
                        "count --modulo (many heaps)",
                        || format!("{argv:?}: {got}, the reference says {expected}"),
                    );
                }
            }
        }
    }

    // --heaps-up-to N: the sum over K = 1..=N of the ordered counts.
    for &m in &[0u64, 1, 2, (1 << 32) - 1, MAX] {
        for &n in &[1u64, 2, 3, (1 << 32) + 1, MAX] {
            for &q in &MODULI {
                let all_bits = m == MAX || (m + 1).is_power_of_two();
                if n > 3 && m > 0 && m != 2 && !all_bits {
                    continue;
                }
                let expected = if n <= 3 {
                    (1..=n).map(|k| nim_tuples(&big(k), m, q)).sum::<BigUint>() % q
                } else if m == 0 {
                    big(n) % q
                } else if all_bits {
                    // 2^(B(K-1)) for K = 1..N, B the bits of m.
                    let bits = 64 - m.leading_zeros();
                    geometric(&(BigUint::one() << bits), n, &big(q))
                } else {
                    // M = 2: 4 f(K) = 3^K + 2 + (-1)^K, summed over K = 1..N,
                    // modulo 4q.
                    let q4 = big(q) * 4u32;
                    let threes = geometric(&big(3u32), n, &q4) * 3u32;
                    let twos = big(n) * 2u32;
                    let signs = if n % 2 == 1 {
                        &q4 - 1u32
                    } else {
                        BigUint::zero()
                    };
                    ((threes + twos + signs) % &q4 / 4u32) % q
                };
                let argv = args(&[
                    "count",
                    "nim",
                    "--heaps-up-to",
                    &s(n),
                    "--max",
                    &s(m),
                    "--modulo",
                    &s(q),
                    "--json",
                ]);
                if let Some(got) =
                    count_json(t, "nim", "count --heaps-up-to", argv.clone(), Refuse::May)
                {
                    t.check(got == expected, "nim", "count --heaps-up-to", || {
                        format!("{argv:?}: {got}, the reference says {expected}")
                    });
                }
            }
        }
    }

    // Rulesets count refuses: several heaps per move, misère play.
    for r in ["moore:2", "staircase", "wythoff"] {
        t.run(
            r,
            "count",
            &args(&["count", r, "--heaps", "2", "--max", &s(MAX)]),
            None,
            Refuse::Must,
        );
    }
    t.run(
        "nim",
        "count --misere",
        &args(&["count", "nim", "--heaps", "2", "--max", &s(MAX), "--misere"]),
        None,
        Refuse::Must,
    );
    for bad in ["0", "18446744073709551616"] {
        t.run(
            "nim",
            "count --modulo",
            &args(&[
                "count", "nim", "--heaps", "2", "--max", "5", "--modulo", bad,
            ]),
            None,
            Refuse::Must,
        );
    }
    t.run(
        "nim",
        "count",
        &args(&[
            "count",
            "nim",
            "--heaps",
            "18446744073709551616",
            "--max",
            "5",
        ]),
        None,
        Refuse::Must,
    );
    t.run(
        "nim",
        "count",
        &args(&[
            "count",
            "nim",
            "--heaps",
            "2",
            "--max",
            "18446744073709551616",
        ]),
        None,
        Refuse::Must,
    );

    // Rulesets valued heap by heap (divisor, fraction, divide): small
    // ranges exactly, the top of the range past the table limit.
    let valued: [(&str, Valued); 3] = [
        ("divisor", Box::new(big_omega)),
        ("fraction:2", Box::new(|n| fraction_value(2, n))),
        (
            "divide:2,3",
            Box::new(|n| divide_value(&[2, 3], n, &mut HashMap::new())),
        ),
    ];
    for (r, value) in valued {
        for &m in &EDGES {
            let argv = args(&["count", r, "--heaps", "3", "--max", &s(m), "--json"]);
            if m <= 2 {
                let mut h = BTreeMap::new();
                for n in 0..=m {
                    *h.entry(value(n)).or_insert(0u128) += 1;
                }
                let expected = xor_power(&h, &big(3u32), 0).remove(&0).unwrap_or_default();
                if let Some(got) = count_json(t, r, "count", argv.clone(), Refuse::Never) {
                    t.check(got == expected, r, "count", || {
                        format!("{argv:?}: {got}, the reference says {expected}")
                    });
                }
            } else {
                t.run(r, "count", &argv, None, Refuse::Must);
            }
        }
    }
}

// ---------------------------------------------------------------------
// nimber
// ---------------------------------------------------------------------

fn nimber_cases(t: &mut Tally) {
    // The recursive product itself, on the 2-bit field: 2 ⊗ 2 = 3, 2 ⊗ 3 = 1, 3 ⊗ 3 = 2.
    assert_eq!((nim_mul(2, 2), nim_mul(2, 3), nim_mul(3, 3)), (3, 1, 2));
    assert_eq!(nim_mul(1 << 32, 1 << 32), (1 << 32) ^ (1 << 31));
    let value = |t: &mut Tally, expr: String, refuse: Refuse| -> Option<u64> {
        let out = t.run(
            "nimber",
            "nimber",
            &args(&["nimber", &expr, "--json"]),
            None,
            refuse,
        )?;
        let v: Value = serde_json::from_str(&out).ok()?;
        v["value"].as_u64()
    };
    let mut batch = String::new();
    let mut products = Vec::new();
    for (a, b) in pairs() {
        let product = nim_mul(a, b);
        let got = value(t, format!("{a} * {b}"), Refuse::Never);
        t.check(got == Some(product), "nimber", "nimber", || {
            format!("{a} * {b}: {got:?}, the reference says {product}")
        });
        let got = value(t, format!("{a} + {b}"), Refuse::Never);
        t.check(got == Some(a ^ b), "nimber", "nimber", || {
            format!("{a} + {b}: {got:?}")
        });
        if b != 0 {
            let got = value(t, format!("{a} / {b}"), Refuse::Never);
            t.check(
                got.map(|q| nim_mul(q, b)) == Some(a),
                "nimber",
                "nimber",
                || format!("{a} / {b}: {got:?}"),
            );
        } else {
            value(t, format!("{a} / {b}"), Refuse::Must);
        }
        batch += &format!("{a} {b}\n");
        products.push(product);
    }
    for &a in &EDGES {
        if a != 0 {
            let got = value(t, format!("inv {a}"), Refuse::Never);
            t.check(
                got.map(|i| nim_mul(i, a)) == Some(1),
                "nimber",
                "nimber",
                || format!("inv {a}: {got:?}"),
            );
        } else {
            value(t, "inv 0".into(), Refuse::Must);
        }
        let got = value(t, format!("sqrt {a}"), Refuse::Never);
        t.check(
            got.map(|r| nim_mul(r, r)) == Some(a),
            "nimber",
            "nimber",
            || format!("sqrt {a}: {got:?}"),
        );
        for &k in &EDGES {
            // The multiplicative group has order 2^64 - 1.
            let got = value(t, format!("{a} ^ {k}"), Refuse::Never);
            let expected = nim_pow(a, k);
            t.check(got == Some(expected), "nimber", "nimber", || {
                format!("{a} ^ {k}: {got:?}, the reference says {expected}")
            });
        }
        if a != 0 {
            let got = value(t, format!("{a} ^ -{MAX}"), Refuse::Never);
            t.check(got == Some(1), "nimber", "nimber", || {
                format!("{a} ^ -{MAX}: {got:?}")
            });
        }
    }
    for bad in [
        "18446744073709551616",
        "0x10000000000000000",
        "2 ^ 18446744073709551616",
        "*18446744073709551616",
    ] {
        value(t, bad.into(), Refuse::Must);
    }
    let input = format!("{}\n{batch}", products.len());
    if let Some(out) = t.run(
        "nimber",
        "nimber --batch",
        &args(&["nimber", "--batch"]),
        Some(&input),
        Refuse::Never,
    ) {
        let got: Vec<u64> = out.lines().filter_map(|l| l.trim().parse().ok()).collect();
        t.check(got == products, "nimber", "nimber --batch", || {
            format!("{got:?} against {products:?}")
        });
    }
    t.run(
        "nimber",
        "nimber --batch",
        &args(&["nimber", "--batch"]),
        Some("1\n1 18446744073709551616\n"),
        Refuse::Must,
    );
}

// ---------------------------------------------------------------------
// table, sequence, period, verify, genus, quotient
// ---------------------------------------------------------------------

fn small_commands(t: &mut Tally, heavy: bool) {
    let kayles = octal(&[7, 7]);
    let dawson = octal(&[0, 7]);
    let sub134 = subtraction(&[1, 3, 4]);
    let heap_games: Vec<(&str, Valued)> = vec![
        ("nim", Box::new(|n| n)),
        ("kayles", Box::new(move |n| kayles.value(n))),
        ("dawson", Box::new(move |n| dawson.value(n))),
        ("sub:1,3,4", Box::new(move |n| sub134.value(n))),
        ("sub:1-3", Box::new(|n| sub_range(1, 3, n))),
        ("divisor", Box::new(big_omega)),
        ("fraction:2", Box::new(|n| fraction_value(2, n))),
    ];
    for (r, g) in &heap_games {
        for to in [0u64, 1, 2] {
            // table: every (a, b) worth G(a) ⊕ G(b).
            if let Some(out) = t.run(
                r,
                "table",
                &args(&["table", r, "--to", &s(to), "--format", "csv"]),
                None,
                Refuse::Never,
            ) {
                let cells: Vec<Vec<u64>> = out
                    .lines()
                    .skip(1)
                    .map(|l| l.split(',').map(|x| x.parse().unwrap()).collect())
                    .collect();
                let ok = cells.len() as u64 == (to + 1) * (to + 1)
                    && cells.iter().all(|c| c[2] == g(c[0]) ^ g(c[1]));
                t.check(ok, r, "table", || format!("table {r} --to {to}: {out}"));
            }
            // sequence: G(0..=to).
            if let Some(out) = t.run(
                r,
                "sequence",
                &args(&["sequence", r, "--to", &s(to), "--format", "raw"]),
                None,
                Refuse::Never,
            ) {
                let got: Vec<u64> = out.lines().map(|l| l.parse().unwrap()).collect();
                let expected: Vec<u64> = (0..=to).map(g).collect();
                t.check(got == expected, r, "sequence", || {
                    format!("sequence {r} --to {to}: {got:?}")
                });
            }
            // verify: nothing disagrees.
            for heaps in [0u64, 1, 2] {
                if let Some(out) = t.run(
                    r,
                    "verify",
                    &args(&[
                        "verify",
                        r,
                        "--max-heap",
                        &s(to),
                        "--heaps",
                        &s(heaps),
                        "--json",
                    ]),
                    None,
                    Refuse::May,
                ) {
                    let v: Value = serde_json::from_str(&out).unwrap();
                    t.check(v["disagreements"] == 0, r, "verify", || out.clone());
                }
            }
        }
        for &to in &EDGES[3..] {
            t.run(
                r,
                "table",
                &args(&["table", r, "--to", &s(to)]),
                None,
                Refuse::Must,
            );
            t.run(
                r,
                "verify",
                &args(&["verify", r, "--max-heap", &s(to)]),
                None,
                Refuse::Must,
            );
            t.run(
                r,
                "verify",
                &args(&["verify", r, "--max-heap", "2", "--heaps", &s(to)]),
                None,
                Refuse::Must,
            );
        }
        // sequence to the top: refused past the table, or streamed (a
        // closed form): the first values right, and the reader may stop.
        for &to in &EDGES[3..] {
            let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
                .args(["sequence", r, "--to", &s(to), "--format", "raw"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let mut first = Vec::new();
            {
                let reader = BufReader::new(child.stdout.take().unwrap());
                for line in reader.lines().take(3) {
                    match line.ok().and_then(|l| l.parse::<u64>().ok()) {
                        Some(v) => first.push(v),
                        None => break,
                    }
                }
            }
            let status = child.wait().unwrap();
            let mut err = String::new();
            std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
            let code = status.code().unwrap_or(-1);
            if first.is_empty() {
                if (code == 2 || code == 3) && names_a_limit(err.trim()) {
                    t.refusal(r, "sequence", code, err.trim());
                } else {
                    t.fail(
                        r,
                        "sequence",
                        format!("sequence {r} --to {to}: exit {code}: {err}"),
                    );
                }
            } else {
                let expected: Vec<u64> = (0..first.len() as u64).map(g).collect();
                t.check(first == expected && code == 0, r, "sequence", || {
                    format!("sequence {r} --to {to}: {first:?}, exit {code}")
                });
            }
        }
    }
    // table of a pair game: Wythoff's values by search.
    if let Some(out) = t.run(
        "wythoff",
        "table",
        &args(&["table", "wythoff", "--to", "2", "--format", "csv"]),
        None,
        Refuse::Never,
    ) {
        let opts = |p: &(u64, u64)| -> Vec<(u64, u64)> {
            let (a, b) = *p;
            (1..=a)
                .map(|t| (a - t, b))
                .chain((1..=b).map(|t| (a, b - t)))
                .chain((1..=a.min(b)).map(|t| (a - t, b - t)))
                .collect()
        };
        let mut memo = HashMap::new();
        let ok = out.lines().skip(1).all(|l| {
            let c: Vec<u64> = l.split(',').map(|x| x.parse().unwrap()).collect();
            c[2] == grundy_search(&(c[0], c[1]), &opts, &mut memo)
        });
        t.check(ok, "wythoff", "table", || out.clone());
    }

    // period: a proven period agrees with the one proven here; limits at
    // the edges never run away.
    for (r, seq) in [
        ("kayles", octal(&[7, 7])),
        ("dawson", octal(&[0, 7])),
        ("sub:1,3,4", subtraction(&[1, 3, 4])),
    ] {
        for &limit in &EDGES {
            if let Some(out) = t.run(
                r,
                "period",
                &args(&["period", r, "--limit", &s(limit), "--json"]),
                None,
                Refuse::May,
            ) {
                let v: Value = serde_json::from_str(&out).unwrap();
                let ok = if v["proven"] == true {
                    v["period"] == seq.period && v["preperiod"] == seq.preperiod
                } else {
                    v["period"].is_null()
                        || v["period"]
                            .as_u64()
                            .is_some_and(|p| (p as usize).is_multiple_of(seq.period))
                };
                t.check(ok, r, "period", || {
                    format!("period {r} --limit {limit}: {out}")
                });
            }
        }
    }

    // genus: normal values and the misère value γ0 by a plain search of
    // sums of heaps (kayles heaps 0..2 and Nim's).
    let misere = |heaps: &Vec<u64>| -> u64 {
        // Misère Grundy value of a sum of Nim heaps (Kayles 0..2 are Nim
        // 0..2): by the definition, 0 options means value 1.
        fn m(h: &Vec<u64>, memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
            if let Some(&v) = memo.get(h) {
                return v;
            }
            let mut options = Vec::new();
            for i in 0..h.len() {
                for t in 0..h[i] {
                    let mut next = h.clone();
                    next[i] = t;
                    next.sort();
                    options.push(m(&next, memo));
                }
            }
            let v = if options.is_empty() { 1 } else { mex(options) };
            memo.insert(h.clone(), v);
            v
        }
        m(heaps, &mut HashMap::new())
    };
    for r in ["kayles", "nim"] {
        for to in [0u64, 1, 2] {
            if let Some(out) = t.run(
                r,
                "genus",
                &args(&["genus", r, "--to", &s(to), "--json"]),
                None,
                Refuse::Never,
            ) {
                let v: Value = serde_json::from_str(&out).unwrap();
                let heaps = v["heaps"].as_array().cloned().unwrap_or_default();
                let ok = heaps.len() as u64 == to + 1
                    && heaps.iter().enumerate().all(|(n, h)| {
                        h["normal"] == n as u64
                            && h["misere"][0] == misere(&vec![n as u64])
                            && h["tame"] == true
                    });
                t.check(ok, r, "genus", || out.clone());
            }
        }
        for &to in &EDGES[3..] {
            t.run(
                r,
                "genus",
                &args(&["genus", r, "--to", &s(to)]),
                None,
                Refuse::May,
            );
        }
    }

    // quotient: the order by brute force: positions a·(heap 1) + b·(heap 2)
    // (Kayles 1 and 2 are Nim 1 and 2) told apart by their misère outcome
    // beside every other such position of a small box.
    let order = |to: u64| -> usize {
        let span = 5u64;
        let twos = if to >= 2 { span } else { 0 };
        let ones = if to >= 1 { span } else { 0 };
        let position = |a: u64, b: u64| -> Vec<u64> {
            let mut h = vec![1; a as usize];
            h.extend(vec![2; b as usize]);
            h
        };
        let mut classes = BTreeSet::new();
        for a in 0..=ones.min(3) {
            for b in 0..=twos.min(3) {
                let signature: Vec<bool> = (0..=ones)
                    .flat_map(|c| (0..=twos).map(move |d| (c, d)))
                    .map(|(c, d)| misere(&position(a + c, b + d)) == 0)
                    .collect();
                classes.insert(signature);
            }
        }
        classes.len()
    };
    for to in [0u64, 1, 2] {
        let expected = order(to);
        for r in ["kayles", "nim"] {
            if let Some(out) = t.run(
                r,
                "quotient",
                &args(&["quotient", r, "--to", &s(to), "--json"]),
                None,
                Refuse::Never,
            ) {
                let v: Value = serde_json::from_str(&out).unwrap();
                t.check(v["order"] == expected, r, "quotient", || {
                    format!("quotient {r} --to {to}: {out}, the reference's order {expected}")
                });
            }
            for &q in &[1u64, 2, MAX] {
                let argv = args(&[
                    "quotient",
                    r,
                    "--to",
                    &s(to),
                    "--max-order",
                    &s(q),
                    "--json",
                ]);
                if let Some(out) = t.run(r, "quotient --max-order", &argv, None, Refuse::May) {
                    let v: Value = serde_json::from_str(&out).unwrap();
                    t.check(
                        v["order"] == expected && expected as u64 <= q,
                        r,
                        "quotient --max-order",
                        || format!("{argv:?}: {out}"),
                    );
                }
            }
        }
    }
    // (Each costs seconds in a debug build before it is refused.)
    let tops: &[u64] = if heavy { &EDGES[3..] } else { &[MAX] };
    for &to in tops {
        t.run(
            "kayles",
            "quotient",
            &args(&["quotient", "kayles", "--to", &s(to)]),
            None,
            Refuse::Must,
        );
    }
    // A packed sequence to the top: 2^64 values do not fit a count.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("grundy.packed");
    let argv = args(&[
        "sequence",
        "grundy",
        "--format",
        "packed",
        "--output",
        file.to_str().unwrap(),
        "--to",
        &s(MAX),
    ]);
    t.run(
        "grundy",
        "sequence --format packed",
        &argv,
        None,
        Refuse::Must,
    );
    t.check(!file.exists(), "grundy", "sequence --format packed", || {
        "the refused run left a file".into()
    });
}

/// `--max-moves all` where a heap has astronomically many winning moves:
/// a subtraction range near 2^64 (about 2^32 of them at the first; the
/// list once grew until memory ran out). The list is capped, marked
/// truncated, and every move listed leaves a P-position.
fn long_move_lists(t: &mut Tally) {
    for (a, b, n) in [
        ((1u64 << 32) + 1, (1u64 << 63) + 1, MAX - 1),
        (2, 1 << 63, MAX),
        (1, MAX, MAX - 1),
    ] {
        let r = format!("sub:{a}-{b}");
        let argv = args(&[
            "analyze",
            &format!("{r} {n}"),
            "--json",
            "--max-moves",
            "all",
        ]);
        let Some(out) = t.run(&r, "analyze --max-moves all", &argv, None, Refuse::May) else {
            continue;
        };
        let v: Value = serde_json::from_str(&out).unwrap();
        let moves = v["winning_moves"].as_array().cloned().unwrap_or_default();
        let leaves_p = moves.iter().all(|m| {
            let after = m["after"].as_str().unwrap_or("");
            let heap: u64 = after.rsplit(' ').next().unwrap().parse().unwrap();
            sub_range(a, b, heap) == 0
        });
        let value = sub_range(a, b, n);
        let ok = v["value"] == value
            && moves.len() <= 10_000
            && (moves.len() < 10_000 || v["truncated"] == true)
            && leaves_p
            && (value == 0) == moves.is_empty();
        t.check(ok, &r, "analyze --max-moves all", || {
            format!(
                "{argv:?}: value {}, {} moves, truncated {}",
                v["value"],
                moves.len(),
                v["truncated"]
            )
        });
    }
}

// ---------------------------------------------------------------------
// The API
// ---------------------------------------------------------------------

fn api_cases(t: &mut Tally, cases: &[Case]) {
    let server = common::server::Server::start(sprague_cli::web::Settings::default());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let post = |endpoint: &str, body: Value| runtime.block_on(server.post(endpoint, &body));
    // A sample: every tenth position and every refused one.
    for (i, c) in cases.iter().enumerate() {
        if i % 20 != 0 && c.refuse != Refuse::Must {
            continue;
        }
        let (status, answer) = post("analyze", serde_json::json!({ "position": c.position }));
        if status == 200 {
            check_analysis(t, "api/analyze", c, &answer);
            // The same object as the command line's.
            // The same answer as the command line's (the API lists every
            // winning move, the command line 10, so the lists are held to
            // the shorter one).
            let cli = exec(&args(&["analyze", &c.position, "--json"]), None);
            let cli: Value = serde_json::from_str(&cli.stdout).unwrap_or(Value::Null);
            let same_fields = ["position", "play", "outcome", "basis", "value"]
                .iter()
                .all(|f| cli[f] == answer[f]);
            let (ours, theirs) = (
                cli["winning_moves"].as_array(),
                answer["winning_moves"].as_array(),
            );
            let same_moves = match (ours, theirs) {
                (Some(a), Some(b)) => {
                    a.iter().zip(b).all(|(x, y)| x == y) && a.is_empty() == b.is_empty()
                }
                _ => false,
            };
            t.check(
                same_fields && same_moves,
                &c.ruleset,
                "api/analyze = analyze --json",
                || format!("{answer} against {cli}"),
            );
        } else if c.refuse != Refuse::Never && answer["error"].is_string() {
            t.refusal(
                &c.ruleset,
                "api/analyze",
                answer["exit"].as_i64().unwrap_or(0) as i32,
                &format!("error: {}", answer["error"].as_str().unwrap()),
            );
        } else {
            t.fail(
                &c.ruleset,
                "api/analyze",
                format!("{:?}: status {status}: {answer}", c.position),
            );
        }
    }
    // count and nimber at the top of the range.
    for &q in &MODULI {
        for &m in &[0u64, 2, MAX] {
            let body = serde_json::json!({ "ruleset": "nim", "heaps": 3, "max": m, "modulo": q });
            let (status, answer) = post("count", body.clone());
            let expected = nim_tuples(&big(3u32), m, q);
            let got = answer["count"]
                .as_str()
                .and_then(|c| c.parse::<BigUint>().ok());
            t.check(
                status == 200 && got == Some(expected.clone()),
                "nim",
                "api/count",
                || format!("{body}: {status} {answer}, the reference says {expected}"),
            );
        }
    }
    let body = serde_json::json!({ "ruleset": "nim", "heaps": 3, "max": MAX });
    let (status, answer) = post("count", body.clone());
    let expected = nim_tuples(&big(3u32), MAX, 0);
    t.check(
        status == 200 && answer["count"] == expected.to_string(),
        "nim",
        "api/count",
        || format!("{body}: {answer}"),
    );
    for (a, b) in pairs() {
        let (status, answer) = post(
            "nimber",
            serde_json::json!({ "expr": format!("{a} * {b}") }),
        );
        let expected = nim_mul(a, b);
        t.check(
            status == 200 && answer["value"].as_u64() == Some(expected),
            "nimber",
            "api/nimber",
            || format!("{a} * {b}: {answer}"),
        );
    }
    let (status, answer) = post(
        "nimber",
        serde_json::json!({ "expr": "18446744073709551616 * 2" }),
    );
    if status != 200 && answer["error"].is_string() {
        t.refusal(
            "nimber",
            "api/nimber",
            answer["exit"].as_i64().unwrap_or(0) as i32,
            &format!("error: {}", answer["error"].as_str().unwrap()),
        );
    } else {
        t.fail(
            "nimber",
            "api/nimber",
            format!("2^64 * 2: {status} {answer}"),
        );
    }
    for &to in &[0u64, 2, MAX] {
        let (status, answer) = post(
            "sequence",
            serde_json::json!({ "ruleset": "kayles", "to": to }),
        );
        if to <= 2 {
            let kayles = octal(&[7, 7]);
            let expected: Vec<u64> = (0..=to).map(|n| kayles.value(n)).collect();
            t.check(
                status == 200 && answer["values"] == serde_json::json!(expected),
                "kayles",
                "api/sequence",
                || format!("{answer}"),
            );
        } else if answer["error"].is_string() {
            t.refusal(
                "kayles",
                "api/sequence",
                answer["exit"].as_i64().unwrap_or(0) as i32,
                &format!("error: {}", answer["error"].as_str().unwrap()),
            );
        } else {
            t.fail(
                "kayles",
                "api/sequence",
                format!("to {to}: {status} {answer}"),
            );
        }
        let (status, answer) = post("table", serde_json::json!({ "ruleset": "nim", "to": to }));
        if to <= 2 {
            let ok = status == 200
                && (0..=to)
                    .all(|a| (0..=to).all(|b| answer["rows"][a as usize][b as usize] == (a ^ b)));
            t.check(ok, "nim", "api/table", || format!("{answer}"));
        } else if answer["error"].is_string() {
            t.refusal(
                "nim",
                "api/table",
                answer["exit"].as_i64().unwrap_or(0) as i32,
                &format!("error: {}", answer["error"].as_str().unwrap()),
            );
        } else {
            t.fail("nim", "api/table", format!("to {to}: {status} {answer}"));
        }
    }
}

// ---------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------

fn suite(heavy: bool) {
    let mut t = Tally::default();
    let started = std::time::Instant::now();
    let (cases, batch_only) = analysis_cases(heavy);
    eprintln!("references: {:?}", started.elapsed());
    analyze_and_batch(&mut t, &cases, &batch_only, heavy);
    eprintln!("analyze and batch: {:?}", started.elapsed());
    count_cases(&mut t, heavy);
    eprintln!("count: {:?}", started.elapsed());
    nimber_cases(&mut t);
    eprintln!("nimber: {:?}", started.elapsed());
    small_commands(&mut t, heavy);
    long_move_lists(&mut t);
    eprintln!(
        "table, sequence, period, verify, genus, quotient: {:?}",
        started.elapsed()
    );
    api_cases(&mut t, &cases);
    eprintln!("api: {:?}", started.elapsed());
    t.report(if heavy {
        "boundary suite (heavy sweep)"
    } else {
        "boundary suite"
    });
    assert!(
        t.failures.is_empty(),
        "{} disagreements or failures (printed above)",
        t.failures.len()
    );
}

#[test]
fn boundary_values_agree_with_independent_references() {
    suite(false);
}

#[test]
#[ignore = "the heavy sweep: more heap counts, every lower bound, both outcomes; minutes in debug"]
fn heavy_boundary_sweep() {
    suite(true);
}
