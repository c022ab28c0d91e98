//! The fast nim-field arithmetic on 64 bits: exp/log tables over the 16-bit
//! subfield and Karatsuba-style splitting 64 → 32 → 16.
//!
//! # The method
//!
//! The nimbers below `2^16` form a subfield of 65536 elements (Conway, *On
//! Numbers and Games*, ch. 6); its multiplicative group is cyclic of order
//! `65535`, so with a primitive element `g`, `x ⊗ y = g^(log x + log y)`.
//! [`Tables`] holds `log` and `exp` for that subfield, built at compile time
//! (from the plain recursive product of [`super::plain`]).
//!
//! The field below `2^(2m)` is a quadratic extension of the field below
//! `2^m`: with `F = 2^m` and `h = F/2`, `F ⊗ F = F ⊕ h` (Conway, ch. 6;
//! Lenstra, "Nim multiplication", 1978). Writing `a = a1·F ⊕ a0` and
//! `b = b1·F ⊕ b0`, Karatsuba's trick gives the product from three products
//! in the smaller field:
//!
//! ```text
//! a ⊗ b = ((a0⊕a1)(b0⊕b1) ⊕ a0b0)·F ⊕ (a0b0 ⊕ a1b1 ⊗ h)
//! ```
//!
//! Applied at 64 → 32 and at 32 → 16 bits, a 64-bit product needs 18 `log`
//! look-ups and 10 `exp` look-ups (the factor `h` and, at the top level,
//! `a1b1 ⊗ 2^31` are folded into the exponents), and no branches.
//!
//! The base `g` is a primitive cube root of `h = 2^15` (the same element
//! competitive-programming libraries use), so the factors `h` and `h²` add 3
//! and 6 to an exponent and every index stays below `2 · 65535 + 7`.
//!
//! # Zero without branches
//!
//! Zero has no logarithm: `log[0]` holds 0, and each look-up `exp[log x +
//! log y]` is masked to 0 when `x` or `y` is 0, by a mask computed from the
//! pieces with integer operations. (A sentinel `log 0` that points into a
//! zeroed part of `exp` avoids the masks but needs `u32` logarithms and
//! four times the `exp` table, 1.25 MiB in all; it measured about 7 % slower
//! in throughput and 20 % slower in a dependent chain than the masks.)
//!
//! # Memory
//!
//! `exp`: `2 · 65535 + 7` `u16` (256 KiB); `log`: 2^16 `u16` (128 KiB);
//! 393,226 bytes of static data in all ([`TABLE_BYTES`]), all of it in the
//! working set of random products.

use super::plain;

/// The order of the multiplicative group of the 16-bit subfield.
const ORDER: u32 = 65_535;

/// `log h` for `h = 2^15`, half of the Fermat 2-power `2^16`: the base `g`
/// is chosen as a cube root of `h`, so that multiplying by `h` or `h²` adds
/// only 3 or 6 to an index and the `exp` entries products read stay within
/// `2 · 65535 + 6` (256 KiB).
const LOG_H: u32 = 3;
/// `log h²`.
const LOG_H2: u32 = 2 * LOG_H;

/// Length of the `exp` table: above `2 · 65535 + LOG_H2`, the largest
/// index a `u16` logarithm and the constants can form, so that the compiler
/// sees every index is in bounds.
const EXP_LEN: usize = 2 * 65_535 + LOG_H2 as usize + 1;

/// The bytes of static memory held by the product tables (see the module
/// docs).
pub(crate) const TABLE_BYTES: usize = std::mem::size_of::<Tables>();

/// Exp/log tables of the 16-bit subfield.
pub(crate) struct Tables {
    /// `exp[i] = g^(i mod 65535)`.
    exp: [u16; EXP_LEN],
    /// `log[x]` = the discrete logarithm of `x` to base `g`, for `x != 0`;
    /// `log[0] = 0` (masked where used).
    log: [u16; 1 << 16],
}

/// The base `g` of the tables: a primitive element of the 16-bit subfield
/// with `g³ = 2^15` (see [`LOG_H`]), the smallest one (the test
/// `generator_is_the_smallest_primitive_cube_root_of_2_15` derives it). The
/// build checks at compile time that it is primitive (its powers run through
/// all 65535 non-zero elements) and that `log 2^15 = 3`.
pub(crate) const PRIMITIVE: u16 = 10279;

/// The tables, evaluated once at compile time.
const BUILT: Tables = Tables::build(PRIMITIVE);

/// The tables in static memory (one copy, shared by every product).
static TABLES: Tables = BUILT;

// The tables agree with the constants the products use.
const _: () = assert!(BUILT.log[1 << 15] as u32 == LOG_H);

impl Tables {
    /// The tables to base `g`, by walking the powers of `g`. Compile-time
    /// evaluation is slow, so the walk uses two 256-entry tables of
    /// `b ⊗ g` and `(b·2^8) ⊗ g` (multiplication by `g` is GF(2)-linear)
    /// rather than the plain product.
    const fn build(g: u16) -> Tables {
        let mut columns = [0u16; 16];
        let mut k = 0;
        while k < 16 {
            columns[k] = plain::mul(1 << k, g as u64) as u16;
            k += 1;
        }
        let mut low = [0u16; 256];
        let mut high = [0u16; 256];
        let mut b = 1;
        while b < 256 {
            // Add the column of the lowest set bit to a smaller entry.
            let k = (b as u32).trailing_zeros() as usize;
            low[b] = low[b & (b - 1)] ^ columns[k];
            high[b] = high[b & (b - 1)] ^ columns[k + 8];
            b += 1;
        }
        let mut exp = [0u16; EXP_LEN];
        let mut log = [0u16; 1 << 16];
        let mut x: u16 = 1;
        let mut i: u32 = 0;
        while i < ORDER {
            assert!(
                i == 0 || (x != 1 && log[x as usize] == 0),
                "g is not primitive"
            );
            exp[i as usize] = x;
            log[x as usize] = i as u16;
            x = low[(x & 0xff) as usize] ^ high[(x >> 8) as usize];
            i += 1;
        }
        assert!(x == 1, "g^65535 must be 1");
        while (i as usize) < EXP_LEN {
            exp[i as usize] = exp[(i - ORDER) as usize];
            i += 1;
        }
        Tables { exp, log }
    }
}

/// `g^i` (`i` below [`EXP_LEN`]).
#[inline(always)]
fn exp(i: u32) -> u64 {
    TABLES.exp[i as usize] as u64
}

/// The logarithm of the low 16 bits of `x` (0 for 0: mask with [`nonzero`]).
#[inline(always)]
fn log(x: u64) -> u32 {
    TABLES.log[(x & 0xffff) as usize] as u32
}

/// All ones when the low 16 bits of `x` are not all zero, else 0.
#[inline(always)]
fn nonzero(x: u64) -> u64 {
    ((x & 0xffff != 0) as u64).wrapping_neg()
}

/// `x ⊗ y` for 16-bit `x, y`.
#[inline(always)]
fn mul16(x: u64, y: u64) -> u64 {
    exp(log(x) + log(y)) & nonzero(x) & nonzero(y)
}

/// `x ⊗ g^c` for 16-bit `x` and a constant exponent `c`.
#[inline(always)]
fn mul16_const(x: u64, c: u32) -> u64 {
    exp(log(x) + c) & nonzero(x)
}

/// What a Karatsuba product needs of a 32-bit value `x1·2^16 ⊕ x0`: the
/// logarithms of `x0`, `x1`, `x0 ⊕ x1` and their zero masks.
#[derive(Clone, Copy)]
struct Logs32 {
    l0: u32,
    l1: u32,
    ls: u32,
    m0: u64,
    m1: u64,
    ms: u64,
}

#[inline(always)]
fn logs32(x: u64) -> Logs32 {
    let (x0, x1) = (x & 0xffff, (x >> 16) & 0xffff);
    Logs32 {
        l0: log(x0),
        l1: log(x1),
        ls: log(x0 ^ x1),
        m0: nonzero(x0),
        m1: nonzero(x1),
        ms: nonzero(x0 ^ x1),
    }
}

/// `x ⊗ y` for 32-bit `x, y` given by their [`Logs32`].
#[inline(always)]
fn mul32_logs(x: Logs32, y: Logs32) -> u64 {
    let q00 = exp(x.l0 + y.l0) & x.m0 & y.m0;
    let q11h = exp(x.l1 + y.l1 + LOG_H) & x.m1 & y.m1;
    let qss = exp(x.ls + y.ls) & x.ms & y.ms;
    ((qss ^ q00) << 16) | (q00 ^ q11h)
}

/// `x ⊗ y ⊗ 2^31` for 32-bit `x, y` given by their [`Logs32`].
///
/// With `P = x ⊗ y = P1·F ⊕ P0` (`F = 2^16`, `h = 2^15`, `2^31 = h·F`):
/// `P ⊗ hF = ((P1 ⊕ P0) ⊗ h)·F ⊕ P1 ⊗ h²`, and `P1 ⊕ P0`, `P1` are sums of
/// the three partial products, so each term is one `exp` look-up.
#[inline(always)]
fn mul32_logs_times_2_31(x: Logs32, y: Logs32) -> u64 {
    let ss = x.ms & y.ms;
    let high = (exp(x.ls + y.ls + LOG_H) & ss) ^ (exp(x.l1 + y.l1 + LOG_H2) & x.m1 & y.m1);
    let low = (exp(x.ls + y.ls + LOG_H2) & ss) ^ (exp(x.l0 + y.l0 + LOG_H2) & x.m0 & y.m0);
    (high << 16) | low
}

/// The nim-product of two 64-bit nimbers (28 table look-ups, no branches).
#[inline]
pub(crate) fn mul(a: u64, b: u64) -> u64 {
    let (a0, a1) = (a & 0xffff_ffff, a >> 32);
    let (b0, b1) = (b & 0xffff_ffff, b >> 32);
    let (la0, la1, las) = (logs32(a0), logs32(a1), logs32(a0 ^ a1));
    let (lb0, lb1, lbs) = (logs32(b0), logs32(b1), logs32(b0 ^ b1));
    let p00 = mul32_logs(la0, lb0);
    let pss = mul32_logs(las, lbs);
    let p11h = mul32_logs_times_2_31(la1, lb1);
    ((pss ^ p00) << 32) | (p00 ^ p11h)
}

/// The nim-product of two 32-bit nimbers.
#[inline]
fn mul32(x: u64, y: u64) -> u64 {
    mul32_logs(logs32(x), logs32(y))
}

/// `x ⊗ 2^15` for 16-bit `x`.
#[inline]
fn mul16_h(x: u64) -> u64 {
    mul16_const(x, LOG_H)
}

/// `x ⊗ 2^31` for 32-bit `x = x1·F ⊕ x0`: `((x1 ⊕ x0) ⊗ h)·F ⊕ x1 ⊗ h²`.
#[inline]
fn mul32_times_2_31(x: u64) -> u64 {
    let (x0, x1) = (x & 0xffff, x >> 16);
    (mul16_const(x0 ^ x1, LOG_H) << 16) | mul16_const(x1, LOG_H2)
}

/// The nim-square root of a 16-bit nimber: `g^(log x / 2)`, halving modulo
/// the odd order 65535.
fn sqrt16(x: u64) -> u64 {
    if x == 0 {
        return 0;
    }
    let l = log(x);
    let half = if l.is_multiple_of(2) {
        l / 2
    } else {
        (l + ORDER) / 2
    };
    exp(half)
}

/// Square roots in the extension: `(b1·F ⊕ b0)² = b1²·F ⊕ (b0² ⊕ b1² ⊗ h)`,
/// so `sqrt(a1·F ⊕ a0) = sqrt(a1)·F ⊕ sqrt(a0 ⊕ a1 ⊗ h)`.
fn sqrt32(x: u64) -> u64 {
    let (x0, x1) = (x & 0xffff, x >> 16);
    (sqrt16(x1) << 16) | sqrt16(x0 ^ mul16_h(x1))
}

/// The nim-square root of a 64-bit nimber (see [`sqrt32`]).
pub(crate) fn sqrt(a: u64) -> u64 {
    let (a0, a1) = (a & 0xffff_ffff, a >> 32);
    (sqrt32(a1) << 32) | sqrt32(a0 ^ mul32_times_2_31(a1))
}

/// The inverse of a non-zero 16-bit nimber: `g^(65535 - log x)`.
fn inv16(x: u64) -> u64 {
    debug_assert!(x != 0);
    exp(ORDER - log(x))
}

/// The inverse of a non-zero 32-bit nimber by its norm: with `F ⊗ F = F ⊕ h`
/// the conjugate of `x = x1·F ⊕ x0` is `x1·F ⊕ (x0 ⊕ x1)`, and
/// `x ⊗ conj(x) = x0 ⊗ (x0 ⊕ x1) ⊕ x1² ⊗ h`, a non-zero element of the
/// subfield. So `1/x = conj(x) ⊗ (1/norm)`.
fn inv32(x: u64) -> u64 {
    let (x0, x1) = (x & 0xffff, x >> 16);
    let norm = mul16(x0, x0 ^ x1) ^ mul16_h(mul16(x1, x1));
    let n = inv16(norm);
    (mul16(x1, n) << 16) | mul16(x0 ^ x1, n)
}

/// The inverse of a 64-bit nimber (see [`inv32`]), `None` for 0.
pub(crate) fn inv(a: u64) -> Option<u64> {
    if a == 0 {
        return None;
    }
    let (a0, a1) = (a & 0xffff_ffff, a >> 32);
    let norm = mul32(a0, a0 ^ a1) ^ mul32_times_2_31(mul32(a1, a1));
    let n = inv32(norm);
    Some((mul32(a1, n) << 32) | mul32(a0 ^ a1, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `x^e` in the 16-bit subfield by the plain product.
    fn pow16(x: u16, mut e: u32) -> u16 {
        let (mut base, mut acc) = (x as u64, 1u64);
        while e > 0 {
            if e & 1 == 1 {
                acc = plain::mul(acc, base);
            }
            base = plain::mul(base, base);
            e >>= 1;
        }
        acc as u16
    }

    /// Whether `g` has order 65535 = 3·5·17·257.
    fn is_primitive(g: u16) -> bool {
        [3, 5, 17, 257].iter().all(|p| pow16(g, ORDER / p) != 1)
    }

    /// The smallest primitive cube root of `h = 2^15`. `h` lies in the
    /// subgroup of order 21845 = 65535 / 3 (its 21845th power is 1), where
    /// cubing is a bijection with inverse `x ↦ x^7282` (3 · 7282 = 21846 ≡ 1);
    /// the three cube roots of `h` are that one times the cube roots of unity
    /// 1, 2, 3 (`2 ⊗ 2 = 3`, `2 ⊗ 3 = 1`).
    fn find_generator() -> u16 {
        let h = 1u16 << 15;
        assert_eq!(pow16(h, ORDER / 3), 1);
        let r = pow16(h, 7282) as u64;
        let roots = [r, plain::mul(r, 2), plain::mul(r, 3)].map(|g| g as u16);
        assert!(roots.iter().all(|&g| pow16(g, 3) == h));
        roots
            .into_iter()
            .filter(|&g| is_primitive(g))
            .min()
            .expect("a primitive cube root")
    }

    #[test]
    fn generator_is_the_smallest_primitive_cube_root_of_2_15() {
        assert_eq!(find_generator(), PRIMITIVE);
        assert!(is_primitive(PRIMITIVE));
    }

    #[test]
    fn tables_are_consistent() {
        assert_eq!(
            plain::mul(
                plain::mul(PRIMITIVE as u64, PRIMITIVE as u64),
                PRIMITIVE as u64
            ),
            1 << 15
        );
        for x in 1..=0xffffu64 {
            let l = log(x);
            assert!(l < ORDER);
            assert_eq!(exp(l), x);
        }
        for i in 0..EXP_LEN as u32 {
            assert_eq!(exp(i), exp(i % ORDER), "exp[{i}]");
        }
        for x in 0..=0xffffu64 {
            assert_eq!(mul16(x, 0), 0);
            assert_eq!(mul16(0, x), 0);
            assert_eq!(mul16_const(x, LOG_H), plain::mul(x, 1 << 15));
        }
        assert_eq!(TABLE_BYTES, 2 * EXP_LEN + 2 * 65536);
        assert_eq!(TABLE_BYTES, 393_226);
    }

    #[test]
    fn subfield_products_match_the_plain_method() {
        // Every product of a 16-bit value by a sample of others.
        for x in 0..=0xffffu64 {
            for y in [0u64, 1, 2, 3, 255, 256, 258, 0x8000, 0xffff, x, x ^ 0x1234] {
                assert_eq!(mul(x, y), plain::mul(x, y), "{x} ⊗ {y}");
            }
        }
    }

    #[test]
    fn square_roots_and_inverses_in_the_subfields() {
        for x in 1..=0xffffu64 {
            let r = sqrt16(x);
            assert_eq!(plain::mul(r, r), x);
            assert_eq!(plain::mul(inv16(x), x), 1);
        }
        for x in [1u64, 2, 0x1_0000, 0xffff_ffff, 0x8000_0000, 0x1234_5678] {
            assert_eq!(plain::mul(inv32(x), x), 1, "{x}");
            let r = sqrt32(x);
            assert_eq!(plain::mul(r, r), x, "{x}");
            assert_eq!(mul32_times_2_31(x), plain::mul(x, 1 << 31));
        }
    }
}
