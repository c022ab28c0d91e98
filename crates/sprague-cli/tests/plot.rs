//! `sequence --plot` through the binary: the SVG parses, holds one mark
//! per value of a short sequence, and the values are printed only when
//! asked for.

mod common;

use common::{sprague, stdout_of};

fn circles(svg: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    doc.descendants()
        .filter(|n| n.has_tag_name("circle"))
        .count()
}

#[test]
fn a_short_sequence_plot_has_one_mark_per_value() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kayles.svg");
    let p = path.to_str().unwrap();
    // Only the picture: nothing on standard output.
    assert_eq!(
        stdout_of(&["sequence", "kayles", "--to", "10", "--plot", p]),
        ""
    );
    let svg = std::fs::read_to_string(&path).unwrap();
    assert_eq!(circles(&svg), 11);
    assert!(svg.contains("Grundy values G(n) of kayles, n = 0..10"));
    // Kayles to 200 proves its period 12 from 71: the title says so.
    let out = stdout_of(&[
        "sequence", "kayles", "--to", "200", "--plot", p, "--format", "raw",
    ]);
    assert_eq!(out.lines().count(), 201);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert_eq!(circles(&svg), 201);
    assert!(svg.contains("period 12 from n0 = 71, proven"));
}

/// The path written is named on standard error, for both `sequence` and
/// `table`, with the values (when asked for) alone on standard output.
#[test]
fn the_file_written_is_named_on_standard_error() {
    let dir = tempfile::tempdir().unwrap();
    for (args, file) in [
        (&["sequence", "kayles", "--to", "10"][..], "k.svg"),
        (
            &["sequence", "kayles", "--to", "10", "--format", "raw"][..],
            "k.png",
        ),
        (&["table", "wythoff", "--to", "5"][..], "w.svg"),
    ] {
        let path = dir.path().join(file);
        let out = sprague()
            .args(args)
            .arg("--plot")
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("plot: wrote {}\n", path.display()),
            "{args:?}"
        );
        assert!(!String::from_utf8_lossy(&out.stdout).contains("plot:"));
        assert!(path.exists());
    }
    // Nothing written, nothing named.
    let out = sprague()
        .args(["sequence", "kayles", "--to", "10", "--plot"])
        .arg(dir.path().join("none/k.svg"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("plot: wrote"));
}

#[test]
fn a_png_is_written_and_other_extensions_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dawson.png");
    stdout_of(&[
        "sequence",
        "dawson",
        "--to",
        "5000",
        "--plot",
        path.to_str().unwrap(),
    ]);
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let out = sprague()
        .args(["sequence", "kayles", "--to", "10", "--plot", "k.jpg"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(".svg or .png"));
}

/// `table --plot`: the grid of Wythoff's game to 10 marks exactly its nine
/// P-positions black (plus the key's black square), and prints nothing
/// unless a format is asked for.
#[test]
fn a_table_plot_marks_the_p_positions() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wythoff.svg");
    let p = path.to_str().unwrap();
    assert_eq!(
        stdout_of(&["table", "wythoff", "--to", "10", "--plot", p]),
        ""
    );
    let svg = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("the SVG is well-formed XML");
    let black = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("fill") == Some("#000000"))
        .count();
    assert_eq!(black, 9 + 1);
    // With a format, the table is printed too; outcomes plot as P/N.
    let out = stdout_of(&[
        "table",
        "wythoff",
        "--to",
        "3",
        "--outcome",
        "--plot",
        p,
        "--format",
        "csv",
    ]);
    assert_eq!(out.lines().count(), 1 + 16);
    let err = sprague()
        .args(["table", "wythoff", "--to", "3", "--plot", "x.gif"])
        .output()
        .unwrap();
    assert_eq!(err.status.code(), Some(2));
}

/// Issue 62: a plot that cannot be written (a missing folder) exits 2
/// naming the file and the system's reason, PNG and SVG alike, without a
/// debug dump; a plot replaced is written whole, with no temporary file
/// left beside it; standard output that cannot be written (a full disk,
/// `/dev/full`) is named as such.
#[test]
fn write_errors_name_the_file_and_leave_nothing() {
    let dir = tempfile::tempdir().unwrap();
    for ext in ["png", "svg"] {
        // A missing folder or a folder as the file: refused before any
        // value is computed or printed (a fresh tester's run printed its
        // values for 11 s first).
        let path = dir.path().join(format!("no/such/folder/k.{ext}"));
        let folder = dir.path().join(format!("d.{ext}"));
        std::fs::create_dir(&folder).unwrap();
        for (bad, says) in [
            (
                &path,
                format!(
                    "the folder {} does not exist",
                    path.parent().unwrap().display()
                ),
            ),
            (&folder, "that is a folder".to_string()),
        ] {
            for command in ["sequence", "table"] {
                let out = sprague()
                    .args([command, "kayles", "--to", "50", "--format", "csv", "--plot"])
                    .arg(bad)
                    .output()
                    .unwrap();
                assert_eq!(out.status.code(), Some(2), "{command} {ext}");
                assert!(
                    out.stdout.is_empty(),
                    "{command}: printed before the refusal"
                );
                let err = String::from_utf8_lossy(&out.stderr);
                assert!(err.contains(&says), "{err}");
                assert!(!err.contains("Os {") && !err.contains(".sprague-"), "{err}");
            }
        }
        std::fs::remove_dir(&folder).unwrap();
        // Written twice over the same name: whole, and nothing else left.
        let path = dir.path().join(format!("k.{ext}"));
        for _ in 0..2 {
            let out = sprague()
                .args(["sequence", "kayles", "--to", "50", "--plot"])
                .arg(&path)
                .output()
                .unwrap();
            assert!(out.status.success());
        }
    }
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    if std::path::Path::new("/dev/full").exists() {
        for args in [
            &["analyze", "--json", "nim 3 4 5"][..],
            &["analyze", "nim 3 4 5"],
        ] {
            let full = std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap();
            let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("sprague"))
                .args(args)
                .stdout(full)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2));
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.starts_with("error: cannot write standard output: No space left"),
                "{err}"
            );
        }
    }
}
