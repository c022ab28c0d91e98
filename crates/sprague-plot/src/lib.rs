//! Pictures of sprague's answers, as SVG text: a nim-sequence as a
//! scatter plot of G(n) against n ([`sequence_svg`]), and a grid of values
//! over two numbers as a heat map with the P-positions marked
//! ([`grid_svg`]). Drawn with `plotters`; text is measured with an embedded
//! DejaVu Sans, so no system font is needed and the same input gives the
//! same SVG on every machine.
//!
//! This crate does no I/O: the `sprague` command writes the SVG (or a PNG,
//! drawing with [`draw_sequence`] / [`draw_grid`] on a bitmap backend) to
//! the file of `--plot FILE`, the web page and the Python package show the
//! text. It is apart from the library, which draws nothing, so that the
//! library does not depend on a plotting crate.
//!
//! Large inputs are binned, never drawn point by point: a sequence longer
//! than [`POINT_LIMIT`] values becomes one mark per run of occupied pixel
//! rows in each pixel column, and a grid wider than [`CELL_LIMIT`] cells a
//! grid of blocks, so the SVG stays within a few hundred kilobytes
//! whatever the input.
//!
//! ```
//! let svg = sprague_plot::sequence_svg(&sprague_plot::SequencePlot {
//!     ruleset: "kayles",
//!     values: &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2],
//!     period: None,
//!     proven: false,
//! })?;
//! assert!(svg.starts_with("<svg") && svg.contains("Grundy values G(n) of kayles"));
//! # Ok::<(), sprague_plot::PlotError>(())
//! ```

#![deny(missing_docs)]

use std::fmt;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;

/// A plot that could not be drawn: a grid whose values do not fill it, or
/// an error of the drawing backend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlotError(pub String);

impl fmt::Display for PlotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PlotError {}

/// The picture's size in pixels.
pub const SIZE: (u32, u32) = (1200, 720);

/// Sequences with at most this many values get one circle per value.
pub const POINT_LIMIT: usize = 400;

/// Grids with at most this many cells a side get one square per cell.
pub const CELL_LIMIT: usize = 300;

/// The colour of P-positions in a grid (and of value 0).
pub const P_COLOUR: RGBColor = RGBColor(0, 0, 0);

/// Marks before the preperiod ends (or all of them, with no period).
pub const PRE_COLOUR: RGBColor = RGBColor(31, 119, 180);
/// Marks in the periodic part.
pub const PERIODIC_COLOUR: RGBColor = RGBColor(230, 120, 20);

/// A nim-sequence to draw: G(0), ..., G(N) of `ruleset`, with its proven
/// preperiod and period if any.
#[derive(Clone, Copy, Debug)]
pub struct SequencePlot<'a> {
    /// The ruleset word, for the title.
    pub ruleset: &'a str,
    /// G(0), G(1), ..., G(N).
    pub values: &'a [u64],
    /// The preperiod n0 and period p, marked on the plot.
    pub period: Option<(u64, u64)>,
    /// Whether the period is proven (the title says so); an apparent one,
    /// seen in the values but proven by no theorem, is marked the same way
    /// and called apparent.
    pub proven: bool,
}

/// A grid of values over two numbers to draw (for `table --plot`, issue 8): `values[y * columns + x]`
/// is the value at (x, y), for x in 0..columns and y in 0..rows.
#[derive(Clone, Copy, Debug)]
pub struct GridPlot<'a> {
    /// The title (the ruleset and what the values are).
    pub title: &'a str,
    /// What x counts (`a (first heap)`).
    pub x_label: &'a str,
    /// What y counts.
    pub y_label: &'a str,
    /// The number of columns (x values).
    pub columns: usize,
    /// The number of rows (y values).
    pub rows: usize,
    /// The values, row by row; 0 is a P-position.
    pub values: &'a [u64],
    /// Only the outcome matters: P-positions black, N-positions light.
    pub outcome_only: bool,
}

/// The SVG text of a sequence plot.
///
/// # Errors
/// Drawing errors.
pub fn sequence_svg(plot: &SequencePlot<'_>) -> Result<String, PlotError> {
    fonts();
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, SIZE).into_drawing_area();
        draw_sequence(&root, plot)
            .and_then(|()| root.present())
            .map_err(|e| PlotError(format!("cannot draw the plot: {e}")))?;
    }
    Ok(text)
}

/// The SVG text of a grid plot.
///
/// # Errors
/// A grid whose values do not fill it, or drawing errors.
pub fn grid_svg(grid: &GridPlot<'_>) -> Result<String, PlotError> {
    check_grid(grid)?;
    fonts();
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, SIZE).into_drawing_area();
        draw_grid(&root, grid)
            .and_then(|()| root.present())
            .map_err(|e| PlotError(format!("cannot draw the plot: {e}")))?;
    }
    Ok(text)
}

/// Checks that the grid's values fill its rows and columns.
///
/// # Errors
/// A [`PlotError`] saying how many values were expected.
pub fn check_grid(grid: &GridPlot<'_>) -> Result<(), PlotError> {
    if grid.columns == 0 || grid.rows == 0 || grid.values.len() != grid.columns * grid.rows {
        return Err(PlotError(format!(
            "a grid plot needs {} × {} values, not {}",
            grid.columns,
            grid.rows,
            grid.values.len()
        )));
    }
    Ok(())
}

/// A drawing routine for any backend.
pub type DrawResult<DB> =
    std::result::Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// Registers the embedded font once (plotters measures text with it, for
/// SVG too).
pub fn fonts() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        for (name, bytes) in [
            ("sans-serif", dejavu::sans::regular()),
            ("serif", dejavu::sans::regular()),
            ("monospace", dejavu::sans_mono::regular()),
        ] {
            let _ = plotters::style::register_font(name, FontStyle::Normal, bytes);
            let _ = plotters::style::register_font(name, FontStyle::Bold, dejavu::sans::bold());
        }
    });
}

/// Groups with a thousands separator: 100000 -> "100,000".
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The title of a sequence plot.
fn sequence_title(plot: &SequencePlot<'_>) -> String {
    let last = plot.values.len().saturating_sub(1) as u64;
    let mut title = format!(
        "Grundy values G(n) of {}, n = 0..{}",
        plot.ruleset,
        grouped(last)
    );
    match plot.period {
        Some((n0, p)) => title.push_str(&format!(
            " ({}period {} from n0 = {}, {})",
            if plot.proven { "" } else { "apparent " },
            grouped(p),
            grouped(n0),
            if plot.proven { "proven" } else { "not proven" }
        )),
        None => title.push_str(" (no period proven)"),
    }
    title
}

/// Draws a sequence plot on `root`.
pub fn draw_sequence<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &SequencePlot<'_>,
) -> DrawResult<DB> {
    root.fill(&WHITE)?;
    let values = plot.values;
    let last = values.len().saturating_sub(1) as f64;
    let top = values.iter().copied().max().unwrap_or(0) as f64;
    let x_range = -0.5..last.max(1.0) + 0.5;
    // Headroom above the marks for the legend, so that it covers none.
    let y_range = -0.5..(top * 1.22 + 1.5).max(2.0);
    let mut chart = ChartBuilder::on(root)
        .caption(sequence_title(plot), ("sans-serif", 24))
        .margin(16)
        .margin_right(48)
        .x_label_area_size(48)
        .y_label_area_size(64)
        .build_cartesian_2d(x_range.clone(), y_range.clone())?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc("n (heap size)")
        .y_desc("G(n) (Grundy value)")
        .axis_desc_style(("sans-serif", 18))
        .label_style(("sans-serif", 15))
        .x_labels(10)
        .y_labels(8)
        .x_label_formatter(&|x| integer_label(*x))
        .y_label_formatter(&|y| integer_label(*y))
        .draw()?;
    let periodic_from = plot.period.map(|(n0, _)| n0);
    // The period: its first repetition shaded, the preperiod's end a line.
    if let Some((n0, p)) = plot.period {
        let (a, b) = (
            n0 as f64 - 0.5,
            (n0 as f64 + p as f64 - 0.5).min(x_range.end),
        );
        if a < x_range.end {
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(a, y_range.start), (b, y_range.end)],
                    PERIODIC_COLOUR.mix(0.12).filled(),
                )))?
                .label(format!(
                    "one period: n = {}..{}",
                    grouped(n0),
                    grouped(n0 + p - 1)
                ))
                .legend(|(x, y)| {
                    Rectangle::new(
                        [(x, y - 6), (x + 14, y + 6)],
                        PERIODIC_COLOUR.mix(0.25).filled(),
                    )
                });
            chart.draw_series(LineSeries::new(
                [(a, y_range.start), (a, y_range.end)],
                PERIODIC_COLOUR.stroke_width(2),
            ))?;
        }
    }
    let colour = |n: u64| match periodic_from {
        Some(n0) if n >= n0 => PERIODIC_COLOUR,
        _ => PRE_COLOUR,
    };
    let pre_label = match periodic_from {
        Some(n0) => format!("preperiod: n < {}", grouped(n0)),
        None => "G(n)".to_string(),
    };
    if values.len() <= POINT_LIMIT {
        let radius = if values.len() <= 60 { 4 } else { 3 };
        let pre: Vec<(f64, f64)> = marks(values, |n| colour(n) == PRE_COLOUR);
        let periodic: Vec<(f64, f64)> = marks(values, |n| colour(n) == PERIODIC_COLOUR);
        if !pre.is_empty() {
            chart
                .draw_series(
                    pre.into_iter()
                        .map(|p| Circle::new(p, radius, PRE_COLOUR.filled())),
                )?
                .label(pre_label)
                .legend(|(x, y)| Rectangle::new([(x, y - 4), (x + 8, y + 4)], PRE_COLOUR.filled()));
        }
        if !periodic.is_empty() {
            chart
                .draw_series(
                    periodic
                        .into_iter()
                        .map(|p| Circle::new(p, radius, PERIODIC_COLOUR.filled())),
                )?
                .label("periodic part")
                .legend(|(x, y)| {
                    Rectangle::new([(x, y - 4), (x + 8, y + 4)], PERIODIC_COLOUR.filled())
                });
        }
    } else {
        // Binned: pixel columns of heaps, pixel rows of values; each run
        // of occupied rows in a column is one mark.
        let (width, height) = chart.plotting_area().dim_in_pixel();
        let columns = (width as usize).max(1);
        let rows = (height as usize).max(1);
        let span = x_range.end - x_range.start;
        let y_span = y_range.end - y_range.start;
        let mut pre = Vec::new();
        let mut periodic = Vec::new();
        let mut occupied = vec![false; rows];
        let per_column = values.len().div_ceil(columns).max(1);
        for (c, chunk) in values.chunks(per_column).enumerate() {
            let first = (c * per_column) as u64;
            occupied.iter_mut().for_each(|o| *o = false);
            for &v in chunk {
                let row = (((v as f64 - y_range.start) / y_span) * rows as f64) as usize;
                occupied[row.min(rows - 1)] = true;
            }
            let x0 = first as f64 - 0.5;
            let x1 = (first + chunk.len() as u64) as f64 - 0.5;
            let x1 = x1.max(x0 + span / columns as f64);
            let target = if colour(first) == PRE_COLOUR {
                &mut pre
            } else {
                &mut periodic
            };
            let mut r = 0;
            while r < rows {
                if !occupied[r] {
                    r += 1;
                    continue;
                }
                let start = r;
                while r < rows && occupied[r] {
                    r += 1;
                }
                let y0 = y_range.start + start as f64 * y_span / rows as f64;
                let y1 = y_range.start + r as f64 * y_span / rows as f64;
                target.push([(x0, y0), (x1, y1.max(y0 + 1.5 * y_span / rows as f64))]);
            }
        }
        if !pre.is_empty() {
            chart
                .draw_series(
                    pre.into_iter()
                        .map(|r| Rectangle::new(r, PRE_COLOUR.filled())),
                )?
                .label(format!(
                    "{pre_label} (binned: {} heaps a column)",
                    grouped(per_column as u64)
                ))
                .legend(|(x, y)| Rectangle::new([(x, y - 4), (x + 8, y + 4)], PRE_COLOUR.filled()));
        }
        if !periodic.is_empty() {
            chart
                .draw_series(
                    periodic
                        .into_iter()
                        .map(|r| Rectangle::new(r, PERIODIC_COLOUR.filled())),
                )?
                .label("periodic part")
                .legend(|(x, y)| {
                    Rectangle::new([(x, y - 4), (x + 8, y + 4)], PERIODIC_COLOUR.filled())
                });
        }
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .label_font(("sans-serif", 15))
        .draw()?;
    Ok(())
}

/// The points (n, G(n)) whose n passes `keep`.
fn marks(values: &[u64], keep: impl Fn(u64) -> bool) -> Vec<(f64, f64)> {
    values
        .iter()
        .enumerate()
        .filter(|&(n, _)| keep(n as u64))
        .map(|(n, &v)| (n as f64, v as f64))
        .collect()
}

/// An axis label: whole numbers only (none between them).
fn integer_label(x: f64) -> String {
    if x < 0.0 || (x - x.round()).abs() > 1e-9 {
        String::new()
    } else {
        grouped(x.round() as u64)
    }
}

/// The colour of value `v` out of values up to `top`: 0 (a P-position)
/// black; the others from blue through green to yellow.
pub fn value_colour(v: u64, top: u64) -> RGBColor {
    if v == 0 {
        return P_COLOUR;
    }
    // Stops of a perceptually ordered ramp (viridis without its darkest
    // part, which black P-positions would be confused with).
    const STOPS: [(u8, u8, u8); 4] = [(59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37)];
    let t = if top <= 1 {
        1.0
    } else {
        (v - 1) as f64 / (top - 1) as f64
    };
    let pos = t * (STOPS.len() - 1) as f64;
    let i = (pos.floor() as usize).min(STOPS.len() - 2);
    let f = pos - i as f64;
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * f).round() as u8;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Draws a grid plot on `root`.
pub fn draw_grid<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    grid: &GridPlot<'_>,
) -> DrawResult<DB> {
    root.fill(&WHITE)?;
    let top = grid.values.iter().copied().max().unwrap_or(0);
    let (cols, rows) = (grid.columns, grid.rows);
    // Blocks of cells when the grid is large: a block with a P-position
    // is marked P, else coloured by its largest value.
    let block = cols.max(rows).div_ceil(CELL_LIMIT).max(1);
    let (main, side) = root.split_horizontally(SIZE.0 as i32 - 170);
    // Square cells: the plotting area's width follows its height (about
    // the picture's height less the title, the axis labels and margins).
    let (main_width, main_height) = main.dim_in_pixel();
    let plot_height = f64::from(main_height) - 130.0;
    let room = f64::from(main_width) - 64.0 - 32.0;
    let plot_width = (plot_height * cols as f64 / rows as f64).min(room);
    let side_margin = (((room - plot_width) / 2.0).max(0.0) as u32) + 16;
    let mut chart = ChartBuilder::on(&main)
        .caption(grid.title, ("sans-serif", 24))
        .margin(16)
        .margin_left(side_margin)
        .margin_right(side_margin)
        .x_label_area_size(48)
        .y_label_area_size(64)
        .build_cartesian_2d(-0.5..cols as f64 - 0.5, -0.5..rows as f64 - 0.5)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(grid.x_label)
        .y_desc(grid.y_label)
        .axis_desc_style(("sans-serif", 18))
        .label_style(("sans-serif", 15))
        .x_labels(10)
        .y_labels(10)
        .x_label_formatter(&|x| integer_label(*x))
        .y_label_formatter(&|y| integer_label(*y))
        .draw()?;
    let mut cells = Vec::new();
    for by in (0..rows).step_by(block) {
        for bx in (0..cols).step_by(block) {
            let mut p = false;
            let mut largest = 0;
            for y in by..(by + block).min(rows) {
                for x in bx..(bx + block).min(cols) {
                    let v = grid.values[y * cols + x];
                    p |= v == 0;
                    largest = largest.max(v);
                }
            }
            let colour = if p {
                P_COLOUR
            } else if grid.outcome_only {
                RGBColor(225, 225, 225)
            } else {
                value_colour(largest, top)
            };
            let x1 = ((bx + block).min(cols)) as f64 - 0.5;
            let y1 = ((by + block).min(rows)) as f64 - 0.5;
            cells.push(Rectangle::new(
                [(bx as f64 - 0.5, by as f64 - 0.5), (x1, y1)],
                colour.filled(),
            ));
        }
    }
    chart.draw_series(cells)?;
    // The key: P black, then the value ramp (or N light grey).
    let key = side.margin(80, 40, 10, 10);
    let style = ("sans-serif", 15).into_text_style(&key);
    key.draw(&Rectangle::new([(0, 0), (18, 18)], P_COLOUR.filled()))?;
    key.draw(&Text::new("P-position", (26, 2), style.clone()))?;
    if grid.outcome_only {
        key.draw(&Rectangle::new(
            [(0, 30), (18, 48)],
            RGBColor(225, 225, 225).filled(),
        ))?;
        key.draw(&Text::new("N-position", (26, 32), style.clone()))?;
    } else {
        key.draw(&Text::new("(value 0)", (26, 20), style.clone()))?;
        let steps = top.clamp(1, 8);
        for i in 0..steps {
            let v = 1 + i * (top.max(1) - 1) / steps.saturating_sub(1).max(1);
            let y = 50 + 26 * i as i32;
            key.draw(&Rectangle::new(
                [(0, y), (18, y + 18)],
                value_colour(v, top).filled(),
            ))?;
            key.draw(&Text::new(
                format!("value {}", grouped(v)),
                (26, y + 2),
                style.clone(),
            ))?;
        }
    }
    if block > 1 {
        key.draw(&Text::new(
            format!("{block} × {block} cells a block"),
            (0, 290),
            style.clone(),
        ))?;
    }
    Ok(())
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
    fn a_short_sequence_has_one_circle_per_value_and_a_title() {
        // Kayles, G(0..=10).
        let values = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2];
        let svg = sequence_svg(&SequencePlot {
            ruleset: "kayles",
            values: &values,
            period: None,
            proven: false,
        })
        .unwrap();
        let doc = parse(&svg);
        assert_eq!(count_elements(&doc, "circle", None), values.len());
        let text: String = doc
            .descendants()
            .filter(|n| n.is_text())
            .filter_map(|n| n.text())
            .collect();
        assert!(
            text.contains("Grundy values G(n) of kayles, n = 0..10"),
            "{text}"
        );
        assert!(text.contains("n (heap size)") && text.contains("G(n) (Grundy value)"));
    }

    #[test]
    fn a_proven_period_splits_the_marks_and_is_shaded() {
        let values: Vec<u64> = (0..30).map(|n| if n < 5 { n } else { n % 3 }).collect();
        let svg = sequence_svg(&SequencePlot {
            ruleset: "test",
            values: &values,
            period: Some((5, 3)),
            proven: true,
        })
        .unwrap();
        let doc = parse(&svg);
        let blue = format!(
            "#{:02X}{:02X}{:02X}",
            PRE_COLOUR.0, PRE_COLOUR.1, PRE_COLOUR.2
        );
        let orange = format!(
            "#{:02X}{:02X}{:02X}",
            PERIODIC_COLOUR.0, PERIODIC_COLOUR.1, PERIODIC_COLOUR.2
        );
        assert_eq!(count_elements(&doc, "circle", Some(&blue)), 5);
        assert_eq!(count_elements(&doc, "circle", Some(&orange)), 25);
        assert!(svg.contains("period 3 from n0 = 5, proven"));
        let apparent = sequence_svg(&SequencePlot {
            ruleset: "test",
            values: &values,
            period: Some((5, 3)),
            proven: false,
        })
        .unwrap();
        assert!(apparent.contains("apparent period 3 from n0 = 5, not proven"));
    }

    #[test]
    fn a_long_sequence_is_binned() {
        let values: Vec<u64> = (0..1_000_000u64).map(|n| n % 7).collect();
        let svg = sequence_svg(&SequencePlot {
            ruleset: "test",
            values: &values,
            period: None,
            proven: false,
        })
        .unwrap();
        let doc = parse(&svg);
        assert_eq!(count_elements(&doc, "circle", None), 0);
        // Seven marks per pixel column (each column holds all 7 values,
        // in 7 separate pixel rows), not a million.
        let rects = count_elements(&doc, "rect", None);
        assert!(rects > 7 * 500 && rects < 7 * 1200, "{rects}");
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
    }
}
