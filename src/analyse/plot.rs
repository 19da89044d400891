//! Plain SVG charts for `analyse --svg`: bars (the length histogram) and lines (the
//! branching factor by ply), several series side by side, with axes and a legend.

use crate::render::xml_text as escape;
use std::fmt::Write;

/// One named series of (x, y) points.
#[derive(Clone, Debug)]
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
}

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 360.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;
const COLOURS: [&str; 6] = [
    "#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02",
];

/// A round step for about `n` ticks over `0..max`.
fn tick_step(max: f64, n: f64) -> f64 {
    let raw = (max / n).max(1e-9);
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag)
}

/// The frame: title, axes with ticks and labels, legend; gives the scale functions.
struct Frame {
    svg: String,
    x_max: f64,
    y_max: f64,
    x_min: f64,
}

impl Frame {
    fn new(
        title: &str,
        x_label: &str,
        y_label: &str,
        series: &[Series],
        (x_min, x_pad): (f64, f64),
    ) -> Frame {
        let x_max = series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0))
            .fold(x_min + 1.0, f64::max)
            + x_pad;
        let y_max = series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.1))
            .fold(0.0, f64::max)
            .max(1e-9);
        let step = tick_step(y_max, 5.0);
        let y_max = (y_max / step).ceil() * step;
        let mut svg = String::new();
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(svg, r#"  <rect width="100%" height="100%" fill="white"/>"#);
        let _ = writeln!(
            svg,
            r#"  <text x="{}" y="22" text-anchor="middle" font-size="15">{}</text>"#,
            WIDTH / 2.0,
            escape(title)
        );
        let mut f = Frame {
            svg,
            x_max,
            y_max,
            x_min,
        };
        let (x0, y0, x1, y1) = (LEFT, HEIGHT - BOTTOM, WIDTH - RIGHT, TOP);
        let _ = writeln!(
            f.svg,
            r##"  <path d="M{x0},{y1} L{x0},{y0} L{x1},{y0}" fill="none" stroke="#333"/>"##
        );
        let mut y = 0.0;
        while y <= f.y_max + 1e-9 {
            let py = f.y(y);
            let _ = writeln!(
                f.svg,
                r##"  <line x1="{x0}" y1="{py:.1}" x2="{x1}" y2="{py:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"##,
                x0 - 6.0,
                py + 4.0,
                trim(y)
            );
            y += step;
        }
        let xstep = tick_step(f.x_max - f.x_min, 10.0).max(1.0);
        let mut x = (f.x_min / xstep).ceil() * xstep;
        while x <= f.x_max + 1e-9 {
            let px = f.x(x);
            let _ = writeln!(
                f.svg,
                r##"  <line x1="{px:.1}" y1="{y0}" x2="{px:.1}" y2="{}" stroke="#333"/><text x="{px:.1}" y="{}" text-anchor="middle">{}</text>"##,
                y0 + 4.0,
                y0 + 18.0,
                trim(x)
            );
            x += xstep;
        }
        let _ = writeln!(
            f.svg,
            r#"  <text x="{}" y="{}" text-anchor="middle">{}</text>"#,
            (x0 + x1) / 2.0,
            HEIGHT - 12.0,
            escape(x_label)
        );
        let _ = writeln!(
            f.svg,
            r#"  <text x="16" y="{}" text-anchor="middle" transform="rotate(-90 16 {})">{}</text>"#,
            (y0 + y1) / 2.0,
            (y0 + y1) / 2.0,
            escape(y_label)
        );
        for (i, s) in series.iter().enumerate() {
            let ly = TOP + 4.0 + 16.0 * i as f64;
            let _ = writeln!(
                f.svg,
                r#"  <rect x="{}" y="{}" width="10" height="10" fill="{}"/><text x="{}" y="{}">{}</text>"#,
                x1 - 220.0,
                ly,
                COLOURS[i % COLOURS.len()],
                x1 - 205.0,
                ly + 9.0,
                escape(&s.name)
            );
        }
        f
    }

    fn x(&self, x: f64) -> f64 {
        LEFT + (x - self.x_min) / (self.x_max - self.x_min).max(1e-9) * (WIDTH - LEFT - RIGHT)
    }

    fn y(&self, y: f64) -> f64 {
        HEIGHT - BOTTOM - y / self.y_max * (HEIGHT - TOP - BOTTOM)
    }

    fn finish(mut self) -> String {
        self.svg.push_str("</svg>\n");
        self.svg
    }
}

/// A number without a needless fraction.
fn trim(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        format!("{v:.2}")
    }
}

/// Bars at whole-number x values, the series side by side within each slot.
pub fn bar_chart_svg(title: &str, x_label: &str, y_label: &str, series: &[Series]) -> String {
    let x_min = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .fold(f64::INFINITY, f64::min);
    let x_min = if x_min.is_finite() { x_min - 1.0 } else { 0.0 };
    // a slot of room on each side, for the bars are centred on their x
    let mut f = Frame::new(title, x_label, y_label, series, (x_min, 1.0));
    let slot = (f.x(x_min + 1.0) - f.x(x_min)) * 0.8;
    let width = slot / series.len().max(1) as f64;
    for (i, s) in series.iter().enumerate() {
        for &(x, y) in &s.points {
            let left = f.x(x) - slot / 2.0 + width * i as f64;
            let top = f.y(y);
            let _ = writeln!(
                f.svg,
                r#"  <rect x="{left:.1}" y="{top:.1}" width="{width:.1}" height="{:.1}" fill="{}"><title>{}: {} at {}</title></rect>"#,
                f.y(0.0) - top,
                COLOURS[i % COLOURS.len()],
                escape(&s.name),
                trim(y),
                trim(x)
            );
        }
    }
    f.finish()
}

/// Lines through each series' points.
pub fn line_chart_svg(title: &str, x_label: &str, y_label: &str, series: &[Series]) -> String {
    let mut f = Frame::new(title, x_label, y_label, series, (0.0, 0.0));
    for (i, s) in series.iter().enumerate() {
        let points: Vec<String> = s
            .points
            .iter()
            .map(|&(x, y)| format!("{:.1},{:.1}", f.x(x), f.y(y)))
            .collect();
        let _ = writeln!(
            f.svg,
            r#"  <polyline points="{}" fill="none" stroke="{}" stroke-width="2"><title>{}</title></polyline>"#,
            points.join(" "),
            COLOURS[i % COLOURS.len()],
            escape(&s.name)
        );
    }
    f.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charts_are_svg_documents_with_every_series_named() {
        let series = vec![
            Series {
                name: "hex <5>".into(),
                points: vec![(3.0, 2.0), (4.0, 5.0)],
            },
            Series {
                name: "misere_hex".into(),
                points: vec![(4.0, 1.0)],
            },
        ];
        for svg in [
            bar_chart_svg("lengths", "plies", "games", &series),
            line_chart_svg("branching", "ply", "moves", &series),
        ] {
            let doc = roxmltree::Document::parse(&svg).unwrap();
            assert_eq!(doc.root_element().tag_name().name(), "svg");
            assert!(svg.contains("hex &lt;5&gt;") && svg.contains("misere_hex"));
        }
    }
}
