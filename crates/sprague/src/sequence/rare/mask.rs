//! The choice of the mask of the rare values: one Walsh-Hadamard
//! transform of the histogram of the values.

use super::Value;

/// The mask (and form) that makes the fewest of the heaps `1..` rare, by a
/// Walsh-Hadamard transform of the histogram of their values: entry `m` of
/// the transform is (#rare - #common) under mask `m`. For the domain form
/// the parity of `x - t` is added as one more bit above the values, so one
/// transform rates both forms; masks with that bit set are the domain form.
pub(in crate::sequence) fn choose_mask<V: Value>(
    values: &[V],
    domain_allowed: bool,
    t_odd: bool,
) -> (V, bool) {
    let max = values
        .iter()
        .skip(1)
        .copied()
        .max()
        .unwrap_or_default()
        .index();
    let value_size = (max + 1).next_power_of_two().max(2);
    let size = if domain_allowed {
        2 * value_size
    } else {
        value_size
    };
    let mut w = vec![0i64; size];
    for (x, &v) in values.iter().enumerate().skip(1) {
        let side = ((x & 1 == 1) != t_odd) as usize;
        let slot = if domain_allowed {
            v.index() | (side * value_size)
        } else {
            v.index()
        };
        w[slot] += 1;
    }
    let (mask, domain) = mask_from_histogram(w, value_size);
    (V::from_index(mask), domain)
}

/// The mask (and whether it is of the domain form) of [`choose_mask`] from
/// its histogram `w`: `w[v]` heaps of value `v`, and for the domain form
/// (`w.len() == 2 * value_size`) `w[v + value_size]` heaps of value `v`
/// whose parity differs from the split amounts'. `value_size` is a power
/// of two above every value. The histogram is transformed in place.
pub(in crate::sequence) fn mask_from_histogram(
    mut w: Vec<i64>,
    value_size: usize,
) -> (usize, bool) {
    let size = w.len();
    let mut h = 1;
    while h < size {
        for i in (0..size).step_by(2 * h) {
            for j in i..i + h {
                let (a, b) = (w[j], w[j + h]);
                w[j] = a + b;
                w[j + h] = a - b;
            }
        }
        h *= 2;
    }
    let best = (1..size)
        .filter(|&m| m % value_size != 0)
        .min_by_key(|&m| (w[m], m))
        .unwrap_or(1);
    (best % value_size, best >= value_size)
}
