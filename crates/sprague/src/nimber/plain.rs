//! The plain recursive nim-product: Conway's rules, with no tables and no
//! tricks. It is the reference the fast product in [`super::field`] is tested
//! against (and is itself tested against the mex definition on small values).
//!
//! Conway (*On Numbers and Games*, ch. 6) shows that the nimbers below a
//! Fermat 2-power `F = 2^(2^k)` form a field, that for `a, b < F` the
//! nim-product `(a ⊗ F) = a·F` is the ordinary product, and that
//! `F ⊗ F = 3F/2 = F ⊕ F/2`. So with `a = a1·F ⊕ a0` and `b = b1·F ⊕ b0`
//! (`a0, a1, b0, b1 < F`):
//!
//! ```text
//! a ⊗ b = (a1b1 ⊕ a1b0 ⊕ a0b1)·F ⊕ (a0b0 ⊕ a1b1 ⊗ F/2)
//! ```
//!
//! which this module applies level by level down to single bits, with all
//! four sub-products (no Karatsuba) and no tables.

/// The nim-product of `a` and `b` by Conway's recursive rules.
///
/// A `const fn`, so the fast tables can be built from it at compile time.
/// Takes about 5^6 = 15625 recursive steps for two dense 64-bit values.
pub(crate) const fn mul(a: u64, b: u64) -> u64 {
    mul_at(a, b, 6)
}

/// The nim-product of `a, b < 2^(2^level)`.
const fn mul_at(a: u64, b: u64, level: u32) -> u64 {
    if a == 0 || b == 0 {
        return 0;
    }
    if level == 0 {
        // The field of two elements.
        return a & b;
    }
    let half = 1u32 << (level - 1); // bits in each half; F = 2^half
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let (b1, b0) = (b >> half, b & mask);
    let top = mul_at(a1, b1, level - 1);
    let high = top ^ mul_at(a1, b0, level - 1) ^ mul_at(a0, b1, level - 1);
    // F/2 = 2^(half - 1), an element of the smaller field.
    let low = mul_at(a0, b0, level - 1) ^ mul_at(top, 1u64 << (half - 1), level - 1);
    (high << half) | low
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nim-products of all `a, b < n` by the definition
    /// `a ⊗ b = mex { a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }`
    /// (Conway, On Numbers and Games, ch. 6). O(n^4) time.
    fn table_by_definition(n: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; n]; n];
        let mut seen = vec![false; 4 * n * n + 1];
        for a in 0..n {
            for b in 0..n {
                let mut used = Vec::new();
                for a2 in 0..a {
                    for b2 in 0..b {
                        let v = (t[a2][b] ^ t[a][b2] ^ t[a2][b2]) as usize;
                        if v < seen.len() && !seen[v] {
                            seen[v] = true;
                            used.push(v);
                        }
                    }
                }
                let m = (0..).find(|&v| !seen[v]).unwrap();
                t[a][b] = m as u64;
                for v in used {
                    seen[v] = false;
                }
            }
        }
        t
    }

    #[test]
    fn agrees_with_the_mex_definition_below_64() {
        let t = table_by_definition(64);
        for (a, row) in t.iter().enumerate() {
            for (b, &p) in row.iter().enumerate() {
                assert_eq!(mul(a as u64, b as u64), p, "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    #[ignore = "slow in debug builds: run with --release -- --ignored"]
    fn agrees_with_the_mex_definition_below_256() {
        let t = table_by_definition(256);
        for (a, row) in t.iter().enumerate() {
            for (b, &p) in row.iter().enumerate() {
                assert_eq!(mul(a as u64, b as u64), p, "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn fermat_two_powers() {
        // Distinct Fermat 2-powers multiply as integers; a square is 3F/2.
        assert_eq!(mul(2, 4), 8);
        assert_eq!(mul(1 << 16, 1 << 32), 1 << 48);
        for k in 0..6 {
            let f = 1u64 << (1 << k);
            assert_eq!(mul(f, f), f + f / 2, "F = 2^{}", 1 << k);
        }
    }
}
