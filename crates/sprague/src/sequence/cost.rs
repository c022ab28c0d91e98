//! What the engine's method costs: the work of a table to a heap, counted
//! as the options the method examines, for the table work limit
//! ([`Limits::max_table_work`](crate::Limits)).
//!
//! The method in use decides the cost of heap n, not the values:
//! - a subtraction game with wide ranges by its counted windows: a few
//!   steps per range ([`super::window`]);
//! - the plain method: every option, `take` amounts up to n, each amount
//!   of an infinite set up to n, (n - k) / 2 splits in two for each split
//!   amount k, about (n - k)² / 12 splits in three (an eighth of it
//!   counted: the three-heap engine marks pairs' value sets, measured
//!   2026-12-06 on `hex:8.3...` to heap 10^4);
//! - the rare-value method: the rare heaps so far for each split amount,
//!   the removals, and [`CONFIRM`] for the confirmation of the rare values
//!   below the answer.
//!
//! The projected work to heap N is the sum of these costs over the heaps
//! still to compute (by Simpson's rule over 64 steps: the costs are
//! polynomials in n piece by piece). The unit is about 0.5 to 1 ns in a
//! release build (measured 2026-12-06: `octal:0.007` to 10^5, 2.5·10^9
//! splits in 1.5 s; `grundy` to 10^7, 1.8·10^10 in 18 s).

use super::value::Value;
use super::Core;
use crate::takebreak::named::NamedSet;

/// The work counted per heap for confirming the rare values below the
/// answer by the rare-value method (splits tested in order of their
/// smaller part, 32 at a time; measured 2026-12-06: Grundy's game to
/// 10^6, about 400 rare heaps, 0.9 to 1.3 s; `octal:0.106` to 10^7, 1 to
/// 1.4 s).
pub(super) const CONFIRM: f64 = 256.0;

impl<V: Value> Core<V> {
    /// The options the method in use examines for heap `n`; while the
    /// method is not settled (the rare-value method allowed, its rare
    /// heaps not yet few enough, before heap 65,536), as if it paid: the
    /// least the heap may cost.
    fn heap_cost(&self, n: f64, computed: usize) -> f64 {
        if let Some(w) = &self.windows {
            return 4.0 * w.range_count() as f64;
        }
        let moves = &self.moves;
        let mut take = 1.0;
        for &(lo, hi) in &moves.take {
            let (lo, hi) = (lo as f64, (hi as f64).min(n - 1.0));
            take += (hi - lo + 1.0).max(0.0);
        }
        match moves.named {
            // About n / ln n primes up to n (counting them is O(n)).
            Some(NamedSet::Primes) => take += n / n.max(3.0).ln(),
            Some(set) => take += set.count_up_to(n as u64, u64::MAX - 1) as f64,
            None => {}
        }
        let mut split2 = 0.0;
        for &(lo, hi) in &moves.split2 {
            let (lo, hi) = (lo as f64, (hi as f64).min(n));
            if hi >= lo {
                // Σ (n - k) / 2 for k = lo..=hi.
                split2 += (hi - lo + 1.0) * (n - (lo + hi) / 2.0) / 2.0;
            }
        }
        let mut split3 = 0.0;
        for &(lo, hi) in &moves.split3 {
            let (lo, hi) = (lo as f64, (hi as f64).min(n));
            if hi >= lo {
                let mid = n - (lo + hi) / 2.0;
                split3 += (hi - lo + 1.0) * mid * mid / 12.0 / 8.0;
            }
        }
        let plain = take + split2 + split3;
        match self.rare.cost_state(computed) {
            super::rare::Method::Plain => plain,
            super::rare::Method::Rare { heaps, amounts } => {
                // The rare heaps so far: where the method pays they thin
                // out (Grundy's game: about 1,300 below 2^35), and the
                // projection is made again every 4,096 heaps as they grow.
                let rare = heaps as f64 * amounts as f64;
                plain.min(take + rare + CONFIRM)
            }
        }
    }

    /// The projected work of heaps `first..=last`, by the method in use
    /// (the rare heaps' number as in the table so far).
    pub(super) fn projected_work(&self, first: u64, last: u64) -> f64 {
        let computed = self.values.len();
        if last < first {
            return 0.0;
        }
        let (a, b) = (first as f64, last as f64);
        const STEPS: usize = 64;
        let h = (b - a) / STEPS as f64;
        let mut sum = 0.0;
        for i in 0..=STEPS {
            let weight = if i == 0 || i == STEPS {
                1.0
            } else if i % 2 == 1 {
                4.0
            } else {
                2.0
            };
            sum += weight * self.heap_cost(a + h * i as f64, computed);
        }
        // The mean cost by Simpson's rule, times the number of heaps.
        sum / (3.0 * STEPS as f64) * (b - a + 1.0)
    }
}
