//! The torn-file reader of `sprague sequence --output FILE --resume`
//! (`cmd::sequence::parse_existing`, in the CLI, which owns the formats).
//! The first byte picks the format (raw, csv, json, table) and, for a
//! table, its last heap; the rest is the file. What it accepts keeps at most the whole file, and reading what it
//! keeps (for json, with the `,` that completes the last number) gives the
//! same values and the same cut: resuming twice cuts nothing more.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_cli::cmd::sequence::{parse_existing, Format};

fuzz_target!(|data: &[u8]| {
    let Some((&which, bytes)) = data.split_first() else {
        return;
    };
    let format = match which % 4 {
        0 => Format::Raw,
        1 => Format::Csv,
        2 => Format::Json,
        _ => Format::Table,
    };
    let to = u64::from(which / 4);
    let Ok(r) = parse_existing(bytes, format, "kayles", to) else {
        return;
    };
    let keep = usize::try_from(r.keep).expect("keep fits");
    assert!(
        keep <= bytes.len(),
        "keep {keep} past the end {}",
        bytes.len()
    );
    if !r.has_header {
        assert!(r.values.is_empty() && keep == 0, "values without a header");
        return;
    }
    let mut kept = bytes[..keep].to_vec();
    if format == Format::Json && !r.values.is_empty() {
        kept.push(b',');
    }
    let again = parse_existing(&kept, format, "kayles", to)
        .unwrap_or_else(|e| panic!("{format:?}: the kept bytes {kept:?} are refused: {}", e.0));
    assert_eq!(again.values, r.values, "{format:?}: {bytes:?}");
    assert_eq!(again.keep, r.keep, "{format:?}: {bytes:?}");
});
