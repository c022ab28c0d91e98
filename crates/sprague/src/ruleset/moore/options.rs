//! Every option of a Moore's Nim_k position ([`options`]), how many there
//! are ([`option_count`]), and the subsets of heaps they are built from
//! ([`Combinations`]).

use crate::{Error, HeapChange};

/// The `r`-element subsets of `0..n` in lexicographic order, produced one at
/// a time without recursion.
pub(super) struct Combinations {
    n: usize,
    indices: Vec<usize>,
    started: bool,
}

impl Combinations {
    pub(super) fn new(n: usize, r: usize) -> Combinations {
        Combinations {
            n,
            indices: (0..r).collect(),
            started: false,
        }
    }

    /// The next subset, or `None` after the last.
    pub(super) fn next_combination(&mut self) -> Option<&[usize]> {
        let r = self.indices.len();
        if !self.started {
            self.started = true;
            return (r <= self.n).then_some(&self.indices[..]);
        }
        // The rightmost index that can still move right.
        let i = (0..r).rev().find(|&i| self.indices[i] < self.n - r + i)?;
        self.indices[i] += 1;
        for j in i + 1..r {
            self.indices[j] = self.indices[j - 1] + 1;
        }
        Some(&self.indices[..])
    }
}

/// The number of options of a Moore's Nim_k position (moves of 1..=k
/// non-empty heaps, each to any smaller size), saturating at `u64::MAX`.
pub(crate) fn option_count(heaps: &[u64], k: u64) -> u64 {
    // e[j] = sum over j-subsets of the product of their sizes.
    let kk = k.min(heaps.len() as u64) as usize;
    let mut e = vec![0u64; kk + 1];
    e[0] = 1;
    for &h in heaps.iter().filter(|&&h| h > 0) {
        for j in (1..=kk).rev() {
            e[j] = e[j].saturating_add(e[j - 1].saturating_mul(h));
        }
    }
    e[1..].iter().fold(0u64, |a, &b| a.saturating_add(b))
}

/// Every option of a Moore's Nim_k position, as lists of heap changes,
/// appended to `out`.
///
/// # Errors
/// [`Error::StateLimit`] when there are more than `max` options.
pub(crate) fn options(
    heaps: &[u64],
    k: u64,
    max: usize,
    out: &mut Vec<Vec<HeapChange>>,
) -> Result<(), Error> {
    let count = option_count(heaps, k);
    if count > max as u64 {
        return Err(Error::StateLimit { limit: max });
    }
    out.try_reserve(count as usize)
        .map_err(|_| Error::StateLimit { limit: max })?;
    let nonzero: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
    let most = (k.min(nonzero.len() as u64)) as usize;
    for r in 1..=most {
        let mut subsets = Combinations::new(nonzero.len(), r);
        while let Some(subset) = subsets.next_combination() {
            // Every combination of smaller sizes for the chosen heaps.
            let chosen: Vec<usize> = subset.iter().map(|&c| nonzero[c]).collect();
            let mut to: Vec<u64> = vec![0; r];
            'sizes: loop {
                out.push(
                    chosen
                        .iter()
                        .zip(&to)
                        .map(|(&heap, &t)| HeapChange {
                            heap,
                            from: heaps[heap],
                            to: t,
                        })
                        .collect(),
                );
                // Next combination, odometer-style.
                let mut j = 0;
                loop {
                    if j == r {
                        break 'sizes;
                    }
                    to[j] += 1;
                    if to[j] < heaps[chosen[j]] {
                        break;
                    }
                    to[j] = 0;
                    j += 1;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_count_matches_options() {
        let heaps = [3, 0, 4, 2];
        for k in 1..=4 {
            let mut opts = Vec::new();
            options(&heaps, k, 1 << 20, &mut opts).unwrap();
            assert_eq!(option_count(&heaps, k), opts.len() as u64);
        }
    }
}
