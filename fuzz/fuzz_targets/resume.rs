//! Sequence resume: the library's `Store::resume`, which `sprague sequence
//! --resume` calls with the values read from the file. The input is a
//! ruleset word on the first line, then one value per line as in a raw
//! file. A store that resumes holds exactly the values given, and going on
//! from it gives the same values as a fresh run wherever the saved values
//! were right.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::sequence::{store, Method, Store};
use sprague::Ruleset;

fuzz_target!(|data: &[u8]| {
    let mut lines = data.split(|&b| b == b'\n');
    let Some(word) = lines.next().and_then(|w| std::str::from_utf8(w).ok()) else {
        return;
    };
    let Ok(ruleset) = Ruleset::parse(word) else {
        return;
    };
    let Some(moves) = ruleset.move_set() else {
        return;
    };
    // Cheap games may resume past the 2,048 values checked in full, to
    // reach the sampled and last-values checks.
    let most = if store::table_divisor(moves) == 1 && moves.max_parts() < 3 {
        2_300
    } else {
        200
    };
    let mut values = Vec::new();
    for line in lines {
        let Some(v) = std::str::from_utf8(line)
            .ok()
            .and_then(|t| t.parse::<u64>().ok())
        else {
            return;
        };
        values.push(v);
        if values.len() > most {
            return;
        }
    }
    let method = if data.len().is_multiple_of(2) {
        Method::Fast
    } else {
        Method::Plain
    };
    let Ok(mut resumed) = Store::resume(word, moves.clone(), method, &values) else {
        return;
    };
    for (i, &v) in values.iter().enumerate() {
        assert_eq!(
            resumed.get(i as u64),
            Some(v),
            "{word}: G({i}) after resume"
        );
    }
    let last = values.len() as u64 + 20;
    let limits = sprague::Limits {
        max_table: 5_000,
        ..Default::default()
    };
    if resumed.ensure(last, &limits).is_err() {
        return;
    }
    let mut fresh = Store::new(word, moves.clone(), method);
    fresh
        .ensure(last, &limits)
        .expect("a fresh run within the same limits");
    // Where every saved value is right, the continuation is too.
    if (0..values.len()).all(|i| fresh.get(i as u64) == Some(values[i])) {
        for n in 0..=last {
            assert_eq!(
                resumed.get(n),
                fresh.get(n),
                "{word}: G({n}) resumed vs fresh"
            );
        }
    }
});
