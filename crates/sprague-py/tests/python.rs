//! The Python package's tests (`tests/python/`, pytest), run by `cargo test`:
//! builds the package and installs it, with the documented `pip install
//! ./crates/sprague-py`, into a virtual environment under the target
//! directory (`target/python-venv`, with what `tests/requirements.txt`
//! lists installed there from PyPI on the first run: maturin, pytest,
//! Jupyter's nbclient and kernel, Dask), then runs pytest. The extension is built in
//! its own target directory (`target/python`), so the build does not wait
//! on the lock of the `cargo test` that runs it, and later runs rebuild only
//! what changed.
//!
//! The tests compare answers with the `sprague` binary that `cargo test
//! --workspace` builds beside this test (`SPRAGUE_CLI`); run alone (`cargo
//! test -p sprague-py`) those comparisons are skipped.
//!
//! Only a machine without `python3` skips this test, loudly; any other
//! failure (no network for the first install, a build error, a failing
//! Python test) fails it.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `command`, failing the test with its output unless it succeeds.
fn run(what: &str, command: &mut Command) {
    let status = command
        .status()
        .unwrap_or_else(|e| panic!("{what}: cannot run {command:?}: {e}"));
    assert!(status.success(), "{what} failed ({status}): {command:?}");
}

/// The target directory this test was built in (`target/debug/deps/..`
/// up two levels, then the profile's parent).
fn target_dir() -> (PathBuf, PathBuf) {
    let exe = std::env::current_exe().expect("the test's own path");
    let profile = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test runs from target/PROFILE/deps")
        .to_path_buf();
    let target = profile.parent().expect("target/PROFILE").to_path_buf();
    (target, profile)
}

#[test]
fn python_package_tests() {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    if Command::new(&python).arg("--version").output().is_err() {
        eprintln!(
            "\n\n********************************************************************\n\
             SKIPPED: the Python package's tests: no `{python}` on this machine.\n\
             Install Python 3.9+ to build and test the `sprague` Python package.\n\
             ********************************************************************\n"
        );
        return;
    }
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (target, profile) = target_dir();
    let venv = target.join("python-venv");
    let bin = venv.join(if cfg!(windows) { "Scripts" } else { "bin" });
    let venv_python = bin.join("python");
    if !venv_python.exists() {
        run(
            "creating the virtual environment",
            Command::new(&python).args(["-m", "venv"]).arg(&venv),
        );
    }
    // What the tests need (tests/requirements.txt): each module imported
    // to tell whether the environment is ready; else pip installs the file.
    let requirements = crate_dir.join("tests/requirements.txt");
    let ready = Command::new(&venv_python)
        .args([
            "-c",
            "import maturin, pytest, nbformat, nbclient, ipykernel, dask, distributed",
        ])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ready {
        run(
            "installing tests/requirements.txt (maturin, pytest, nbclient, ipykernel, dask)",
            Command::new(&venv_python)
                .args(["-m", "pip", "install", "--quiet", "-r"])
                .arg(&requirements),
        );
    }
    // maturin's build hook runs `maturin` from PATH.
    let path = std::env::join_paths(std::iter::once(bin.clone()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .expect("PATH");
    run(
        "pip install ./crates/sprague-py",
        Command::new(&venv_python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-build-isolation",
                "--force-reinstall",
                "--no-deps",
            ])
            .arg(crate_dir)
            .env("PATH", &path)
            .env("CARGO_TARGET_DIR", target.join("python")),
    );
    let mut pytest = Command::new(&venv_python);
    pytest
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(crate_dir.join("tests/python"))
        .current_dir(crate_dir.join("tests/python"));
    let cli = profile.join(if cfg!(windows) {
        "sprague.exe"
    } else {
        "sprague"
    });
    if cli.exists() {
        pytest.env("SPRAGUE_CLI", &cli);
    }
    run("pytest", &mut pytest);
}
