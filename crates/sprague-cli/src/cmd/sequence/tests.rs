//! Unit tests of `sequence`.

use super::*;

/// The whole output of an uninterrupted run, as the emitter writes it.
fn full(format: Format, word: &str, values: &[u64]) -> Vec<u8> {
    let e = Emitter::new(format, word, values.len() as u64 - 1, false);
    let mut out = e.header().into_bytes();
    for (n, &v) in values.iter().enumerate() {
        e.value(&mut out, n as u64, v);
    }
    out.extend_from_slice(e.footer(Some((71, 12))).as_bytes());
    out
}

/// Cutting the output anywhere and resuming from what is left gives
/// back a prefix of the values, and writing the rest after the kept
/// bytes reproduces the output byte for byte.
#[test]
fn every_torn_file_resumes_to_the_same_output() {
    let values: Vec<u64> = (0..40).map(|n| (n * 7 % 13) * 11).collect();
    let to = values.len() as u64 - 1;
    for format in [Format::Raw, Format::Csv, Format::Json, Format::Table] {
        let whole = full(format, "kayles", &values);
        let e = Emitter::new(format, "kayles", to, false);
        for cut in 0..=whole.len() {
            let r = parse_existing(&whole[..cut], format, "kayles", to)
                .unwrap_or_else(|err| panic!("{format:?} cut {cut}: {}", err.0));
            assert_eq!(
                values[..r.values.len()],
                r.values.values().to_vec(),
                "{format:?} cut {cut}"
            );
            let mut rebuilt = whole[..r.keep as usize].to_vec();
            if !r.has_header {
                rebuilt.extend_from_slice(e.header().as_bytes());
            }
            for (n, &v) in values.iter().enumerate().skip(r.values.len()) {
                e.value(&mut rebuilt, n as u64, v);
            }
            rebuilt.extend_from_slice(e.footer(Some((71, 12))).as_bytes());
            assert_eq!(rebuilt, whole, "{format:?} cut {cut}");
        }
    }
}

#[test]
fn steps_grow_with_the_run_as_powers_of_two() {
    assert_eq!(chunk(0), CHUNK);
    assert_eq!(chunk(1_000_000), CHUNK);
    assert_eq!(chunk(4_194_303), 1 << 14);
    assert_eq!(chunk(10_000_000), 1 << 16);
    assert_eq!(chunk(1_073_741_823), 1 << 18);
    assert_eq!(chunk(u64::MAX), 1 << 18);
}

#[test]
fn foreign_files_are_refused() {
    let other = full(Format::Json, "dawson", &[0, 1, 1]);
    let e = parse_existing(&other, Format::Json, "kayles", 2).unwrap_err();
    assert!(e.0.contains("dawson"), "{}", e.0);
    assert!(parse_existing(b"n,g\n0,0\n2,1\n", Format::Csv, "kayles", 2).is_err());
    assert!(parse_existing(b"0\nx\n", Format::Raw, "kayles", 2).is_err());
    assert!(parse_existing(b"g,n\n", Format::Csv, "kayles", 2).is_err());
    assert!(parse_existing(b"0\n", Format::Table, "kayles", 2).is_err());
    // A table is continued only with its own --to, row by row as
    // sprague writes it.
    let values: Vec<u64> = (0..25).collect();
    let table = full(Format::Table, "kayles", &values);
    let e = parse_existing(&table, Format::Table, "kayles", 30).unwrap_err();
    assert!(e.0.contains("holds the table of kayles to 24"), "{}", e.0);
    let crlf = String::from_utf8(table.clone())
        .unwrap()
        .replace('\n', "\r\n");
    let e = parse_existing(crlf.as_bytes(), Format::Table, "kayles", 24).unwrap_err();
    assert!(e.0.contains("Windows line endings"), "{}", e.0);
    assert!(parse_existing(&table, Format::Table, "kayles", 24).is_ok());
    let text = String::from_utf8(table).unwrap();
    for (from, to, why) in [
        (" 10:", " 11:", "not the row of heap 10"),
        ("    13", "   13 ", "not the row of heap 10"),
        ("    24\n", "    24    25\n", "not the row of heap 20"),
        ("    13", "    1x", "is not a Grundy value"),
    ] {
        let bad = text.replacen(from, to, 1);
        let e = parse_existing(bad.as_bytes(), Format::Table, "kayles", 24).unwrap_err();
        assert!(e.0.contains(why), "{from:?}: {}", e.0);
    }
}

/// Text after a complete json sequence is not cut away silently (the
/// resumed run cuts the file after the last value); blank space is.
#[test]
fn text_after_a_json_sequence_is_refused() {
    let mut file = full(Format::Json, "kayles", &[0, 1, 2]);
    let mut spaced = file.clone();
    spaced.extend_from_slice(b"\n \n");
    assert!(parse_existing(&spaced, Format::Json, "kayles", 2).is_ok());
    file.extend_from_slice(b"notes\n");
    let e = parse_existing(&file, Format::Json, "kayles", 2).unwrap_err();
    assert!(e.0.contains("is not the end of a json sequence"), "{}", e.0);
    let e = parse_existing(
        br#"{"ruleset":"kayles","values":[0,1],"period":3}"#,
        Format::Json,
        "kayles",
        2,
    )
    .unwrap_err();
    assert!(e.0.contains("from byte 34"), "{}", e.0);
}

/// A file with Windows line endings is refused saying so (it was "does
/// not start with the csv header n,g").
#[test]
fn windows_line_endings_are_named() {
    for (bytes, format) in [
        (&b"n,g\r\n0,0\r\n"[..], Format::Csv),
        (&b"0\r\n1\r\n"[..], Format::Raw),
        // Cut just before the last line's \n.
        (&b"0\r\n1\r"[..], Format::Raw),
    ] {
        let e = parse_existing(bytes, format, "kayles", 2).unwrap_err();
        assert!(e.0.contains("Windows line endings"), "{format:?}: {}", e.0);
    }
}
