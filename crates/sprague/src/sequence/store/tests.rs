//! Tests of the store: periods proven where the theorem applies, limits and resumes.

use super::*;
use crate::takebreak::TakeBreakCode;

fn octal(code: &str) -> MoveSet {
    TakeBreakCode::parse_octal(code).unwrap().move_set()
}

fn limits(max_table: u64, max_period_search: u64) -> Limits {
    Limits {
        max_table,
        max_period_search,
        ..Limits::default()
    }
}

#[test]
fn a_heap_in_reach_is_computed_and_a_period_answers_the_rest() {
    let mut s = Store::new("kayles", octal("0.77"), Method::Fast);
    s.ensure(100, &Limits::default()).unwrap();
    assert_eq!((s.len(), s.period()), (101, None));
    assert!(s.in_table(100) && !s.in_table(101));
    s.ensure(5000, &Limits::default()).unwrap();
    // The period is looked for at heap 1,024, and proven there.
    assert_eq!(s.len(), 1025);
    assert_eq!(s.known(), u64::MAX);
    assert_eq!(s.get(5000), s.get(71 + (5000 - 71) % 12));
}

#[test]
fn past_the_table_limit_the_search_has_its_own_limit() {
    // Officers: no period known; the search stops at its limit.
    let mut s = Store::new("octal:0.6", octal("0.6"), Method::Fast);
    let e = s.ensure(u64::MAX, &limits(1_000_000, 200_000)).unwrap_err();
    let Error::PeriodSearchLimit {
        searched,
        limit,
        table_limit,
        ..
    } = e
    else {
        panic!("{e:?}")
    };
    assert_eq!((limit, table_limit), (200_000, 1_000_000));
    assert!(searched > 1000 && searched <= 200_000, "{searched}");
    // Again: it stops at once, the table kept.
    let len = s.len();
    assert!(s.ensure(u64::MAX, &limits(1_000_000, 200_000)).is_err());
    assert_eq!(s.len(), len);
    // A heap within the table limit is computed whatever the search limit.
    s.ensure(len + 10, &limits(1_000_000, 0)).unwrap();
    // The table limit comes first when it is smaller.
    let mut s = Store::new("octal:0.6", octal("0.6"), Method::Fast);
    let e = s.ensure(u64::MAX, &limits(500, 1 << 40)).unwrap_err();
    assert!(matches!(e, Error::TableLimit { limit: 500, .. }), "{e:?}");
    assert_eq!(s.len(), 500);
}

#[test]
fn a_three_heap_game_gets_a_500th_of_the_table_and_a_4th_of_the_search() {
    // The work the search counts grows with the values already: a
    // 500th of it (the table's share) stopped hex:0.8 at heap 1,024.
    let hex = TakeBreakCode::parse_hex("0.8").unwrap().move_set();
    let default = Limits::default();
    assert_eq!(table_limit(&hex, &default), 20_000);
    assert_eq!(period_search_limit(&hex, &default), (1 << 24) / 4);
    assert_eq!(period_search_limit(&octal("0.6"), &default), 1 << 24);
    let mut s = Store::new("hex:0.8", hex, Method::Fast);
    let e = s.ensure(u64::MAX, &limits(1_500_000, 1 << 24)).unwrap_err();
    assert!(matches!(e, Error::TableLimit { limit: 3000, .. }), "{e:?}");
    assert_eq!(s.len(), 3000);
}

#[test]
fn a_period_found_within_the_search_limit_answers_any_heap() {
    let mut s = Store::new("dawson", octal("0.07"), Method::Fast);
    s.ensure(u64::MAX, &limits(2000, 20_000)).unwrap();
    assert_eq!(s.period().map(|p| p.period), Some(34));
    // A period is looked for once more where the search stops: 300
    // values of 0.137 prove its period 34 from 52 (window end
    // 2·52 + 34 + 3), though the search may not go on to heap 1,024.
    let mut seq = NimSequence::new("octal:0.137", octal("0.137"));
    seq.extend_to(299, Method::Fast).unwrap();
    let mut s = Store::from_sequence(seq, Method::Fast);
    s.ensure(u64::MAX, &limits(2000, 3000)).unwrap();
    assert_eq!(s.period().map(|p| (p.preperiod, p.period)), Some((52, 34)));
    assert_eq!(s.len(), 300);
}

#[test]
fn search_period_steps_and_reports() {
    let mut s = Store::new("octal:0.6", octal("0.6"), Method::Fast);
    let mut steps = Vec::new();
    let r = s.search_period(5000, &mut |n| steps.push(n)).unwrap();
    assert_eq!(steps, [1024, 2048, 4096, 5000]);
    assert_eq!((r.checked_to, r.period()), (5000, None));
    let mut g = Store::new("grundy", MoveSet::grundy(), Method::Fast);
    let r = g.search_period(5000, &mut |_| {}).unwrap();
    assert!(!r.theorem_applies && r.checked_to == 0 && g.is_empty());
}

#[test]
fn resumed_values_are_checked() {
    let moves = octal("0.07");
    let mut whole = Store::new("dawson", moves.clone(), Method::Fast);
    whole.ensure(3000, &unlimited()).unwrap();
    let values: Vec<u64> = (0..3000).map(|n| whole.get(n).unwrap()).collect();
    let mut s = Store::resume("dawson", moves.clone(), Method::Fast, &values).unwrap();
    assert_eq!(s.len(), 3000);
    s.ensure(10_000, &unlimited()).unwrap();
    assert_eq!(s.get(9999), whole.get(9999));
    let mut bad = values.clone();
    bad[7] += 1;
    assert!(matches!(
        Store::resume("dawson", moves.clone(), Method::Fast, &bad),
        Err(ResumeError::Differs { heap: 7, .. })
    ));
    let mut bad = values.clone();
    bad[2990] += 1;
    assert!(matches!(
        Store::resume("dawson", moves.clone(), Method::Fast, &bad),
        Err(ResumeError::DiffersFromPrefix { heap: 2990, .. })
    ));
    let mut bad = values;
    bad[2500] = u64::from(u32::MAX) + 1;
    assert_eq!(
        Store::resume("dawson", moves, Method::Fast, &bad).err(),
        Some(ResumeError::TooLarge {
            heap: 2500,
            value: u64::from(u32::MAX) + 1
        })
    );
}

#[test]
fn resumed_values_past_65535_are_stored_wide_and_checked() {
    // 0.3... is Nim as an octal code: G(n) = n.
    let moves = octal("0.3...");
    let values: Vec<u64> = (0..70_000).collect();
    let mut s = Store::resume("nim-code", moves.clone(), Method::Fast, &values).unwrap();
    assert_eq!((s.len(), s.sequence().bytes_per_value()), (70_000, 4));
    assert_eq!(s.get(69_999), Some(69_999));
    s.ensure(70_010, &unlimited()).unwrap();
    assert_eq!(s.get(70_010), Some(70_010));
    // Values below 65,535 that the game takes past it.
    let mut s = Store::resume("nim-code", moves.clone(), Method::Fast, &values[..65_530]).unwrap();
    assert_eq!(s.sequence().bytes_per_value(), 2);
    s.ensure(65_540, &unlimited()).unwrap();
    // 0.3... has a proven arithmetic period (0, 1, 1): G(65,540) comes
    // from it, and the table grows wide when computed on.
    assert!(s.arithmetic().is_some());
    assert_eq!(s.get(65_540), Some(65_540));
    let mut seq = s.into_sequence();
    seq.extend_to(65_540, Method::Fast).unwrap();
    assert_eq!(seq.bytes_per_value(), 4);
    assert_eq!(seq.values().value(65_540), 65_540);
    // A wrong value above 65,535 among the last ones is caught.
    let mut bad = values.clone();
    bad[69_990] += 1;
    assert_eq!(
        Store::resume("nim-code", moves.clone(), Method::Fast, &bad).err(),
        Some(ResumeError::DiffersFromPrefix {
            heap: 69_990,
            saved: 69_991,
            expected: 69_990
        })
    );
    // The largest value is weighed by the period search's work.
    let s = Store::resume("nim-code", moves, Method::Fast, &values).unwrap();
    assert_eq!(s.work(0), 70_000);
}
