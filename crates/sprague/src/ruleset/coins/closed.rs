//! The closed forms the named coin games are valued by: Gray codes, the
//! odious numbers, the ruler function, nim-sums of runs.

/// The Gray code of `n`.
pub fn gray(n: u64) -> u64 {
    n ^ (n >> 1)
}

/// The number whose Gray code is `g`.
pub fn gray_inverse(mut g: u64) -> u64 {
    let mut shift = 1;
    while shift < 64 {
        g ^= g >> shift;
        shift <<= 1;
    }
    g
}

/// The n-th odious number (odd number of ones in binary), from the 0th
/// (1): 1, 2, 4, 7, 8, 11, 13, 14, ... (OEIS A000069). `None` past u64.
pub fn odious(n: u64) -> Option<u64> {
    let evil = u64::from(n.count_ones().is_multiple_of(2));
    n.checked_mul(2).map(|d| d | evil)
}

/// The ruler function: the largest power of 2 dividing `n` (0 for 0).
pub fn ruler(n: u64) -> u64 {
    n & n.wrapping_neg()
}

/// The nim-sum 0 ⊕ 1 ⊕ ... ⊕ (n - 1).
pub(super) fn xor_below(n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    let m = n - 1;
    match m % 4 {
        0 => m,
        1 => 1,
        2 => m + 1,
        _ => 0,
    }
}

/// How many evil numbers (even number of ones) lie in 0..n, modulo 2.
pub(super) fn evil_below_parity(n: u64) -> u64 {
    // Pairs (2k, 2k + 1) hold one evil number each.
    let pairs = (n / 2) % 2;
    let last = if n % 2 == 1 {
        u64::from((n - 1).count_ones().is_multiple_of(2))
    } else {
        0
    };
    pairs ^ last
}
