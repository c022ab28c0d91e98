//! Helpers shared by the CLI integration tests: the real `sprague` binary.

#![allow(dead_code)] // each test file uses some of them

use assert_cmd::Command;

/// The `sprague` binary built for these tests.
pub fn sprague() -> Command {
    Command::cargo_bin("sprague").unwrap()
}

/// Runs `sprague ARGS`, requires exit status 0 (showing stderr when not)
/// and returns standard output as text.
pub fn stdout_of(args: &[&str]) -> String {
    let out = sprague().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "sprague {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    schema::check_output(args, &text);
    text
}

/// What the binary writes on stderr for `args` (without `error: `), and
/// its exit status.
pub fn cli_error(args: &[&str]) -> (String, i32) {
    let out = sprague().args(args).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    let err = err
        .trim_end()
        .strip_prefix("error: ")
        .unwrap_or(&err)
        .to_string();
    (err, out.status.code().unwrap())
}

pub mod schema;
pub mod server;

/// The target directory these tests were built in (`target/PROFILE/deps`
/// up three levels).
pub fn target_dir() -> std::path::PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    exe.ancestors()
        .nth(3)
        .expect("the test runs from target/PROFILE/deps")
        .to_path_buf()
}
pub mod spawned;
