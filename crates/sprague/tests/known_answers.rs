//! The known-answer file `tests/data/known.txt` (perft-style): every line is
//! `position ; normal outcome ; value ; misère outcome`, with answers taken
//! from theorems, published nim-sequences and a brute-force search written
//! apart from sprague (see the file's comments). Every line is analysed under
//! both conventions and every field compared; all mismatches are listed, with
//! their line numbers, before the test fails.

use sprague::{Analyzer, Outcome, Play, Position};

const KNOWN: &str = include_str!("data/known.txt");

/// One line of the known-answer file: `None` where the file says `-`.
#[derive(Debug)]
struct Known {
    line: usize,
    position: String,
    normal: Option<Outcome>,
    value: Option<u64>,
    misere: Option<Outcome>,
}

fn outcome(field: &str) -> Result<Option<Outcome>, String> {
    match field {
        "P" => Ok(Some(Outcome::P)),
        "N" => Ok(Some(Outcome::N)),
        "-" => Ok(None),
        _ => Err(format!("outcome {field:?} is not P, N or -")),
    }
}

fn parse_line(line: usize, text: &str) -> Result<Option<Known>, String> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    // The position may hold `;` (Hackenbush branches): the last three
    // fields are split off from the right.
    let mut fields: Vec<&str> = text.rsplitn(4, ';').map(str::trim).collect();
    fields.reverse();
    let [position, normal, value, misere] = fields[..] else {
        return Err(format!("{} fields, not 4", fields.len()));
    };
    let value = match value {
        "-" => None,
        v => Some(
            v.parse()
                .map_err(|_| format!("value {v:?} is not a number or -"))?,
        ),
    };
    Ok(Some(Known {
        line,
        position: position.to_string(),
        normal: outcome(normal)?,
        value,
        misere: outcome(misere)?,
    }))
}

/// The lines of the known-answer file, in order.
fn known() -> Vec<Known> {
    KNOWN
        .lines()
        .enumerate()
        .filter_map(|(i, text)| {
            parse_line(i + 1, text).unwrap_or_else(|e| panic!("known.txt line {}: {e}", i + 1))
        })
        .collect()
}

/// The mismatches between sprague and one line of the file, as messages.
fn check(k: &Known) -> Vec<String> {
    let mut bad = Vec::new();
    let pos: Position = match k.position.parse() {
        Ok(p) => p,
        Err(e) => return vec![format!("{:?} does not parse: {e}", k.position)],
    };
    let analyzer = Analyzer::default();
    if k.normal.is_some() || k.value.is_some() {
        match analyzer.analyze(&pos, Play::Normal, Some(1)) {
            Ok(a) => {
                if let Some(expected) = k.normal.filter(|&o| o != a.outcome) {
                    bad.push(format!(
                        "normal outcome {} (expected {expected})",
                        a.outcome
                    ));
                }
                if let Some(expected) = k.value.filter(|&v| Some(v) != a.value) {
                    bad.push(format!("value {:?} (expected {expected})", a.value));
                }
            }
            Err(e) => bad.push(format!("normal play: error {e}")),
        }
    }
    if let Some(expected) = k.misere {
        match analyzer.analyze(&pos, Play::Misere, Some(1)) {
            Ok(a) if a.outcome != expected => {
                bad.push(format!(
                    "misère outcome {} (expected {expected})",
                    a.outcome
                ));
            }
            Ok(_) => {}
            Err(e) => bad.push(format!("misère play: error {e}")),
        }
    }
    bad
}

#[test]
fn every_known_answer_holds() {
    let known = known();
    assert!(known.len() >= 90, "only {} known answers", known.len());
    let mut failures = Vec::new();
    for k in &known {
        for why in check(k) {
            failures.push(format!("line {}: {}: {why}", k.line, k.position));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} known answers disagree:\n{}",
        failures.len(),
        known.len(),
        failures.join("\n")
    );
}

#[test]
fn the_file_parser_rejects_malformed_lines() {
    assert!(parse_line(1, "nim 1 ; P ; 0").is_err());
    assert!(parse_line(1, "nim 1 ; X ; 1 ; N").is_err());
    assert!(parse_line(1, "nim 1 ; N ; one ; N").is_err());
    assert!(parse_line(1, "# comment").unwrap().is_none());
    let k = parse_line(7, "nim 3 ; N ; 3 ; -").unwrap().unwrap();
    assert_eq!(
        (k.line, k.normal, k.value, k.misere),
        (7, Some(Outcome::N), Some(3), None)
    );
}

/// Each position appears once, or with the same answers each time.
#[test]
fn repeated_positions_agree() {
    let known = known();
    for (i, a) in known.iter().enumerate() {
        for b in &known[i + 1..] {
            if a.position == b.position {
                assert_eq!(
                    (a.normal, a.value, a.misere),
                    (b.normal, b.value, b.misere),
                    "lines {} and {}: {}",
                    a.line,
                    b.line,
                    a.position
                );
            }
        }
    }
}
