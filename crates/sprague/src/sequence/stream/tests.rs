//! Unit tests of the streamed engine.

use super::*;
use crate::sequence::{far, simd, Method, NimSequence};
use crate::takebreak::TakeBreakCode;

/// A store in memory that refuses reads of values it was not given.
#[derive(Default)]
struct VecStore {
    values: Vec<u16>,
    reads: u64,
}

impl ValueStore for VecStore {
    type Error = String;
    fn read(&mut self, start: u64, out: &mut [u16]) -> Result<(), String> {
        let start = start as usize;
        let v = self
            .values
            .get(start..start + out.len())
            .ok_or_else(|| format!("read past the values: {start}+{}", out.len()))?;
        out.copy_from_slice(v);
        self.reads += out.len() as u64;
        Ok(())
    }
    fn append(&mut self, values: &[u16]) -> Result<(), String> {
        self.values.extend_from_slice(values);
        Ok(())
    }
}

fn in_memory(name: &str, moves: &MoveSet, to: u64) -> Vec<u16> {
    let mut s = NimSequence::new(name, moves.clone());
    s.extend_to(to, Method::Fast).unwrap();
    s.values().iter().map(|v| v as u16).collect()
}

fn games() -> Vec<(&'static str, MoveSet)> {
    let octal = |c| TakeBreakCode::parse_octal(c).unwrap().move_set();
    vec![
        ("grundy", MoveSet::grundy()),
        ("0.6", octal("0.6")),
        ("0.354", octal("0.354")),
        ("4.07", octal("4.07")),
    ]
}

/// Streamed from a prefix, in steps, with windows small enough that
/// far rare heaps, long confirmations and new masks read the store:
/// the values of the in-memory engine.
#[test]
fn streamed_values_equal_the_in_memory_engine() {
    for (name, moves) in games() {
        let to = 12_000u64;
        let want = in_memory(name, &moves, to);
        for (low, window, start) in [(64, 64, 256), (300, 700, 1000), (2048, 4096, 4096)] {
            let config = StreamConfig { low, window };
            let mut store = VecStore {
                values: want[..start].to_vec(),
                reads: 0,
            };
            let mut s = Streamed::start(name, moves.clone(), &want[..start], config).unwrap();
            let mut end = start as u64;
            while end <= to {
                end = (end + 1_777).min(to + 1);
                s.extend(end, &mut store).unwrap();
                assert_eq!(s.len(), end);
                assert_eq!(store.values.len() as u64, end);
                if end == to + 1 {
                    break;
                }
            }
            assert!(
                store.values == want,
                "{name}, low {low}, window {window}: first difference at {:?}",
                (0..want.len()).find(|&i| store.values[i] != want[i])
            );
            if low == 64 && (name == "grundy" || name == "0.6") {
                // Rare heaps past the window, confirmations past low.
                assert!(s.stats().store_values > 0, "{name}: the store was read");
            }
            assert_eq!(s.max_value(), u64::from(*want.iter().max().unwrap()));
        }
    }
}

/// Cut off anywhere (the store keeps a prefix), resumed, the run ends
/// with the same values.
#[test]
fn a_resumed_run_gives_the_same_values() {
    for (name, moves) in games() {
        let to = 9_000u64;
        let want = in_memory(name, &moves, to);
        for (cut, hint) in [(300u64, false), (4_321, true), (8_999, false)] {
            let config = StreamConfig {
                low: 128,
                window: 256,
            };
            let mut store = VecStore {
                values: want[..cut as usize].to_vec(),
                reads: 0,
            };
            let mask = hint.then(|| {
                let mut s = Streamed::start(name, moves.clone(), &want[..300], config).unwrap();
                let mut scratch = VecStore {
                    values: want[..300].to_vec(),
                    reads: 0,
                };
                s.extend(cut, &mut scratch).unwrap();
                s.mask()
            });
            let mut s =
                Streamed::resume(name, moves.clone(), cut, config, mask, &mut store).unwrap();
            s.extend(to + 1, &mut store).unwrap();
            assert!(store.values == want, "{name} resumed at {cut}");
        }
    }
}

/// With far pairs marked below 64 only (as below 256 for values up to
/// 511), heaps are computed from scratch, and the values stay.
#[test]
fn partial_marks_and_heaps_from_scratch_give_the_same_values() {
    let _level = simd::LEVEL_LOCK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let moves = MoveSet::grundy();
    let want = in_memory("grundy", &moves, 20_000);
    for cap in [64, 128] {
        far::cap_partial(cap);
        let config = StreamConfig {
            low: 1024,
            window: 2048,
        };
        let mut store = VecStore {
            values: want[..2048].to_vec(),
            reads: 0,
        };
        let mut s = Streamed::start("grundy", moves.clone(), &want[..2048], config).unwrap();
        let got = s.extend(20_001, &mut store);
        far::cap_partial(far::FAR_REGS_VALUES);
        got.unwrap();
        assert!(store.values == want, "bound {cap}");
        if simd::level() >= simd::Level::Avx512 {
            assert!(s.stats().scratch_heaps > 0, "bound {cap}");
        }
    }
}

#[test]
fn values_by_the_definition_from_a_store_equal_the_engine() {
    for (name, moves) in games() {
        let want = in_memory(name, &moves, 3_000);
        let mut store = VecStore {
            values: want.clone(),
            reads: 0,
        };
        for n in (0..3_000u64).step_by(97).chain([1, 2, 2_999]) {
            let got = value_by_definition_from(&moves, n, &mut store).unwrap();
            assert_eq!(got, u64::from(want[n as usize]), "{name} heap {n}");
        }
    }
}

#[test]
fn games_without_the_method_and_short_prefixes_are_refused() {
    let kayles3 = TakeBreakCode::parse_hex("0.f").unwrap().move_set();
    assert!(!Streamed::applies(&kayles3));
    let e = Streamed::start("0.f", kayles3, &[0; 512], StreamConfig::default());
    assert!(matches!(e, Err(Error::Unsupported(_))));
    let g = in_memory("grundy", &MoveSet::grundy(), 300);
    let config = StreamConfig {
        low: 512,
        window: 64,
    };
    assert!(Streamed::start("grundy", MoveSet::grundy(), &g, config).is_err());
    let mut store = VecStore::default();
    let e = Streamed::resume("grundy", MoveSet::grundy(), 1000, config, None, &mut store);
    assert!(matches!(e, Err(StreamError::Store(_))));
}
