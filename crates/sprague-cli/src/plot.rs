//! Pictures written to files (`sequence --plot FILE`, `table --plot
//! FILE`): SVG or PNG by the file's extension. The drawing is
//! `sprague_plot`'s (shared with the Python package, which shows the SVG in
//! notebooks); this module picks the format, draws PNGs on `plotters`'
//! bitmap backend with the same drawing code, and writes the file whole or
//! not at all ([`crate::cmd::atomic`]).

use std::path::Path;

use anyhow::{anyhow, Result};
use plotters::prelude::*;

pub use sprague_plot::{
    draw_grid, draw_sequence, fonts, grid_svg, sequence_svg, value_colour, GridPlot, SequencePlot,
    CELL_LIMIT, POINT_LIMIT, P_COLOUR, SIZE,
};

use crate::atomic::{write_atomically, write_bytes};
use crate::exit::UsageError;

/// The picture formats, by file extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `.svg`
    Svg,
    /// `.png`
    Png,
}

impl Format {
    /// The format of `path`, by its extension (`.svg` or `.png`, any case).
    ///
    /// # Errors
    /// A [`UsageError`] naming the file when the extension is neither.
    pub fn of(path: &Path) -> Result<Format, UsageError> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            _ => Err(UsageError(format!(
                "--plot {}: the file name must end in .svg or .png (the format is chosen by it)",
                path.display()
            ))),
        }
    }
}

/// The format of `path` ([`Format::of`]), and whether the file can be
/// put there at all: its folder exists and it is not itself a folder.
/// Called before any work, so that a long run does not end in an error
/// after its values (a fresh tester's `sequence --plot /nonexistent/x.svg`
/// ran 11 s first).
///
/// # Errors
/// A [`UsageError`] naming the file and what is wrong.
pub fn check_target(path: &Path) -> Result<Format, UsageError> {
    let format = Format::of(path)?;
    if path.is_dir() {
        return Err(UsageError(format!(
            "--plot {}: that is a folder; name a file in it",
            path.display()
        )));
    }
    let folder = match path.parent() {
        Some(f) if !f.as_os_str().is_empty() => f,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(UsageError(format!(
            "--plot {}: the folder {} does not exist",
            path.display(),
            folder.display()
        )));
    }
    Ok(format)
}

/// Draws `plot` into `path` (SVG or PNG by the extension) and says so on
/// standard error (`plot: wrote PATH`), so that standard output keeps only
/// the values asked for.
///
/// # Errors
/// A bad extension (usage), or the file cannot be written.
pub fn plot_sequence(path: &Path, plot: &SequencePlot<'_>) -> Result<()> {
    draw_sequence_file(path, plot)?;
    report_written(path);
    Ok(())
}

fn draw_sequence_file(path: &Path, plot: &SequencePlot<'_>) -> Result<()> {
    match Format::of(path)? {
        Format::Svg => write_svg(path, &sequence_svg(plot)?),
        Format::Png => {
            fonts();
            write_atomically(path, |temp| {
                let root = BitMapBackend::new(temp, SIZE).into_drawing_area();
                draw_sequence(&root, plot)
                    .and_then(|()| root.present())
                    .map_err(|e| anyhow!("{}", system_reason(&e)))
            })
        }
    }
}

/// Draws the grid into `path` (SVG or PNG by the extension): a heat map of
/// the values with the P-positions (value 0) in black; says so on standard
/// error as [`plot_sequence`] does.
///
/// # Errors
/// A bad extension (usage), a grid whose values do not fill its rows and
/// columns, or the file cannot be written.
pub fn plot_grid(path: &Path, grid: &GridPlot<'_>) -> Result<()> {
    draw_grid_file(path, grid)?;
    report_written(path);
    Ok(())
}

/// The line that names the file a plot was written to.
fn report_written(path: &Path) {
    eprintln!("plot: wrote {}", path.display());
}

fn draw_grid_file(path: &Path, grid: &GridPlot<'_>) -> Result<()> {
    sprague_plot::check_grid(grid)?;
    match Format::of(path)? {
        Format::Svg => write_svg(path, &grid_svg(grid)?),
        Format::Png => {
            fonts();
            write_atomically(path, |temp| {
                let root = BitMapBackend::new(temp, SIZE).into_drawing_area();
                draw_grid(&root, grid)
                    .and_then(|()| root.present())
                    .map_err(|e| anyhow!("{}", system_reason(&e)))
            })
        }
    }
}

/// The system's reason under a drawing error (the I/O error it wraps), or
/// the error's own words when it wraps none.
fn system_reason(e: &(dyn std::error::Error + 'static)) -> String {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cause {
        if let Some(io) = c.downcast_ref::<std::io::Error>() {
            return io.to_string();
        }
        cause = c.source();
    }
    e.to_string()
}

/// Writes the SVG text through a temporary file renamed over `path`.
fn write_svg(path: &Path, text: &str) -> Result<()> {
    write_bytes(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(svg: &str) -> roxmltree::Document<'_> {
        roxmltree::Document::parse(svg).expect("the SVG is well-formed XML")
    }

    fn count_elements(doc: &roxmltree::Document<'_>, name: &str, fill: Option<&str>) -> usize {
        doc.descendants()
            .filter(|n| n.has_tag_name(name))
            .filter(|n| fill.is_none_or(|f| n.attribute("fill") == Some(f)))
            .count()
    }

    #[test]
    fn a_grid_marks_every_p_position() {
        // Nim pairs 0..=4: P exactly on the diagonal.
        let values: Vec<u64> = (0..5).flat_map(|y| (0..5).map(move |x| x ^ y)).collect();
        let grid = GridPlot {
            title: "nim pairs",
            x_label: "a",
            y_label: "b",
            columns: 5,
            rows: 5,
            values: &values,
            outcome_only: false,
        };
        let doc_text = grid_svg(&grid).unwrap();
        let doc = parse(&doc_text);
        // 5 P cells and the key's P square.
        assert_eq!(count_elements(&doc, "rect", Some("#000000")), 6);
        let bad = GridPlot { rows: 4, ..grid };
        assert!(grid_svg(&bad).is_err());
        // To files, both formats.
        let dir = tempfile::tempdir().unwrap();
        let svg = dir.path().join("grid.svg");
        plot_grid(&svg, &grid).unwrap();
        assert_eq!(std::fs::read_to_string(&svg).unwrap(), doc_text);
        let png = dir.path().join("grid.png");
        let outcome = GridPlot {
            outcome_only: true,
            ..grid
        };
        plot_grid(&png, &outcome).unwrap();
        assert_eq!(&std::fs::read(&png).unwrap()[..4], b"\x89PNG");
        assert!(plot_grid(&dir.path().join("grid.gif"), &grid).is_err());
    }

    #[test]
    fn pngs_are_drawn_without_system_fonts() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k.png");
        let values: Vec<u64> = (0..50).map(|n| n % 5).collect();
        plot_sequence(
            &path,
            &SequencePlot {
                ruleset: "test",
                values: &values,
                period: Some((0, 5)),
                proven: true,
            },
        )
        .unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        assert!(Format::of(Path::new("x.jpg")).is_err());
        assert_eq!(Format::of(Path::new("x.SVG")).unwrap(), Format::Svg);
    }
}
