//! The web API of `sprague serve` without sockets: the first byte picks an
//! endpoint, the rest is the request body, answered by
//! `sprague_cli::web::answer` under small limits. No panic; every answer is
//! 200 or a 4xx (never a 5xx, which would be a fault of sprague); a JSON
//! answer parses, an error answer is `{"error", "kind", "exit"}` with a
//! message, and a plot is SVG.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_cli::web::{answer, Endpoint, Settings};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let endpoint = Endpoint::ALL[usize::from(pick) % Endpoint::ALL.len()];
    let settings = Settings {
        limits: sprague::Limits {
            max_states: 2_000,
            max_table: 500,
            max_period_search: 20_000,
            max_quotient_states: 2_000,
            ..Default::default()
        },
        max_cells: 400,
        max_work: 100_000,
        max_bits: 512,
        max_values: 300,
        max_order: 100,
        ..Settings::default()
    };
    let a = answer(endpoint, body, &settings);
    assert!(
        a.status == 200 || (400..500).contains(&a.status),
        "{endpoint:?} {:?}: status {}: {}",
        String::from_utf8_lossy(body),
        a.status,
        String::from_utf8_lossy(&a.body)
    );
    if a.content_type == "image/svg+xml" {
        assert_eq!(a.status, 200);
        assert!(a.body.starts_with(b"<svg"), "{endpoint:?}: not SVG");
        return;
    }
    let value: serde_json::Value = serde_json::from_slice(&a.body)
        .unwrap_or_else(|e| panic!("{endpoint:?}: the answer is not JSON ({e})"));
    if a.status != 200 {
        let error = value["error"].as_str().expect("an error message");
        assert!(!error.is_empty());
        assert!(
            value["kind"].is_string() && value["exit"].is_u64(),
            "{value}"
        );
    }
});
