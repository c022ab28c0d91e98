//! The JSON Schemas of docs/schema, and checks of command output against
//! them: every `--json` output a test reads through [`super::stdout_of`]
//! is checked by the schema of its command.

use std::path::PathBuf;

/// The path of the schema file `name` (in docs/schema of the repository).
pub fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/schema")
        .join(name)
}

/// The validator of schema file `name`.
pub fn validator(name: &str) -> jsonschema::Validator {
    let text = std::fs::read_to_string(path(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let schema: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Panics, naming every error, unless `value` is valid against schema file
/// `name`.
pub fn check(name: &str, value: &serde_json::Value) {
    let v = validator(name);
    let errors: Vec<String> = v
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "not valid against {name}: {errors:?}\n{}",
        shorten(&value.to_string())
    );
}

/// The schema of one output line of `command` (`analyze`, `batch`, ...),
/// by its shape: a bad batch line has its own. `None` for a command whose
/// JSON has no schema yet.
pub fn schema_of(command: &str, value: &serde_json::Value) -> Option<&'static str> {
    match command {
        "analyze" => Some("analysis.schema.json"),
        "batch" if value.get("error").is_some() => Some("batch-line.schema.json"),
        "batch" => Some("analysis.schema.json"),
        "verify" => Some("verify.schema.json"),
        "rulesets" => Some("rulesets.schema.json"),
        _ => None,
    }
}

/// Checks each line of `stdout` of `sprague ARGS --json` against its
/// command's schema (when it has one). Non-JSON runs are not checked.
pub fn check_output(args: &[&str], stdout: &str) {
    if !args.contains(&"--json") {
        return;
    }
    let Some(command) = args.first() else { return };
    for line in stdout.lines().filter(|l| !l.trim().is_empty()) {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
            // One object written over several lines (pretty printed).
            let value: serde_json::Value = serde_json::from_str(stdout)
                .unwrap_or_else(|e| panic!("sprague {args:?}: not JSON: {e}"));
            if let Some(name) = schema_of(command, &value) {
                check(name, &value);
            }
            return;
        };
        if let Some(name) = schema_of(command, &value) {
            check(name, &value);
        }
    }
}

fn shorten(s: &str) -> &str {
    match s.char_indices().nth(2000) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}
