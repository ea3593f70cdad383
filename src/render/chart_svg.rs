//! The score across a game drawn as an SVG chart: an area above the zero line where the
//! first player is ahead and below it where the second is, with mistakes and blunders
//! marked, as game analysis shows it. `analyse-game --svg` and the board in the browser's
//! review draw the same chart of an analysed game (`analysis_chart_svg`).

use std::fmt::Write;

use crate::engine::analysis::{Judgement, PlyAnalysis};
use crate::rules::{Color, PdnGame};

/// The chart runs from this many men for the second player to this many for the first;
/// larger scores (wins among them) are drawn at the edge.
pub const SCORE_LIMIT: f64 = 5.0;

const WIDTH: f64 = 800.0;
const HEIGHT: f64 = 320.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 44.0;
/// At most about this many move numbers on the axis.
const MOVE_LABELS: u32 = 12;

/// The colour of a judgement's markers.
fn judgement_colour(judgement: Judgement) -> &'static str {
    match judgement {
        Judgement::Mistake => "#e69f00",
        Judgement::Blunder => "#d62728",
    }
}

/// One ply of the game as the chart draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartPly {
    /// The score after the ply, in men, from the first player's point of view (positive:
    /// the side that moved first from the start position is ahead). A score that is not
    /// a number is drawn as 0.
    pub score: f64,
    /// A marker for a mistake or a blunder made by this ply.
    pub judgement: Option<Judgement>,
    /// What the marker's tooltip says about the ply, such as `12. 22x15`.
    pub label: String,
}

/// The chart of `plies` (the first ply of the game first) as a self-contained SVG
/// document titled `title`. `first_player` names the side above the zero line. The
/// horizontal axis is numbered in moves: the mark for move N sits at the first player's
/// N-th ply.
pub fn score_chart_svg(plies: &[ChartPly], first_player: Color, title: &str) -> String {
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, "<title>{}</title>", escape(title));
    let _ = writeln!(
        svg,
        r#"<text class="title" x="{}" y="24" font-size="16" text-anchor="middle">{}</text>"#,
        WIDTH / 2.0,
        escape(title)
    );
    let frame = Frame { plies: plies.len() };
    draw_background(&mut svg, &frame, first_player);
    draw_area(&mut svg, &frame, plies, first_player);
    draw_move_axis(&mut svg, &frame);
    draw_markers(&mut svg, &frame, plies);
    svg.push_str("</svg>\n");
    svg
}

/// The score chart of `pdn` analysed move by move (`analysis`, as
/// [`crate::engine::analysis::analyse`] gives it), titled with the game's players, or
/// its rule set when the tags do not name both.
pub(crate) fn analysis_chart_svg(pdn: &PdnGame, analysis: &[PlyAnalysis]) -> String {
    let title = match (pdn.tag("White"), pdn.tag("Black")) {
        (Some(white), Some(black)) => format!("{white} - {black}"),
        _ => format!("{} game", pdn.start.variant()),
    };
    score_chart_svg(&analysis_plies(analysis), pdn.start.rules().first_to_move, &title)
}

/// The plies of the chart of `analysis`: the score after each move, seen by the first
/// player, its judgement, and the move numbered as a tooltip says it (`12. 22x15`,
/// `12... 18x11`).
fn analysis_plies(analysis: &[PlyAnalysis]) -> Vec<ChartPly> {
    let mut number = 1;
    analysis
        .iter()
        .map(|ply| {
            let first_moved = ply.from.side_to_move() == ply.from.rules().first_to_move;
            let dots = if first_moved { "." } else { "..." };
            let label = format!("{number}{dots} {}", ply.from.move_to_text(&ply.played));
            if !first_moved {
                number += 1;
            }
            let score = ply.for_first_player(ply.played_score).men();
            ChartPly { score, judgement: ply.judgement(), label }
        })
        .collect()
}

/// Where plies and scores fall in the picture.
struct Frame {
    plies: usize,
}

impl Frame {
    /// The x of ply `ply`, counted from 1; the first ply is at the left edge, the last
    /// at the right.
    fn x(&self, ply: usize) -> f64 {
        let span = self.plies.saturating_sub(1).max(1) as f64;
        LEFT + (ply.saturating_sub(1) as f64 / span) * (WIDTH - LEFT - RIGHT)
    }

    /// The y of a score, clamped to the chart.
    fn y(&self, score: f64) -> f64 {
        let score = if score.is_nan() { 0.0 } else { score.clamp(-SCORE_LIMIT, SCORE_LIMIT) };
        TOP + (SCORE_LIMIT - score) / (2.0 * SCORE_LIMIT) * (HEIGHT - TOP - BOTTOM)
    }
}

/// The plot area, the score grid and its labels, and which side is ahead where.
fn draw_background(svg: &mut String, frame: &Frame, first_player: Color) {
    let (plot_width, plot_height) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let _ = writeln!(
        svg,
        r##"<rect class="plot" x="{LEFT}" y="{TOP}" width="{plot_width}" height="{plot_height}" fill="#b8b8b8"/>"##
    );
    let limit = SCORE_LIMIT as i32;
    for score in -limit..=limit {
        let y = frame.y(f64::from(score));
        let width = if score == 0 { 1.5 } else { 0.5 };
        let _ = writeln!(
            svg,
            r##"<line class="grid" x1="{LEFT}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="#707070" stroke-width="{width}"/>"##,
            WIDTH - RIGHT
        );
        let _ = writeln!(
            svg,
            r#"<text class="score-label" x="{}" y="{:.1}" text-anchor="end">{}</text>"#,
            LEFT - 6.0,
            y + 4.0,
            if score == 0 { "0".to_string() } else { format!("{score:+}") }
        );
    }
    for (color, baseline) in [(first_player, TOP + 14.0), (!first_player, HEIGHT - BOTTOM - 6.0)] {
        let _ =
            writeln!(svg, r#"<text class="ahead" x="{}" y="{baseline:.1}">{color} ahead</text>"#, LEFT + 6.0);
    }
}

/// The score as a line, with the area between it and zero filled in the colour of the
/// side ahead.
fn draw_area(svg: &mut String, frame: &Frame, plies: &[ChartPly], first_player: Color) {
    if plies.is_empty() {
        return;
    }
    let zero = frame.y(0.0);
    let line: Vec<String> = plies
        .iter()
        .enumerate()
        .map(|(index, ply)| format!("{:.1},{:.1}", frame.x(index + 1), frame.y(ply.score)))
        .collect();
    let area =
        format!("{:.1},{zero:.1} {} {:.1},{zero:.1}", frame.x(1), line.join(" "), frame.x(plies.len()));
    let plot_width = WIDTH - LEFT - RIGHT;
    let _ = writeln!(
        svg,
        r#"<clipPath id="above"><rect x="{LEFT}" y="{TOP}" width="{plot_width}" height="{:.1}"/></clipPath>"#,
        zero - TOP
    );
    let _ = writeln!(
        svg,
        r#"<clipPath id="below"><rect x="{LEFT}" y="{zero:.1}" width="{plot_width}" height="{:.1}"/></clipPath>"#,
        HEIGHT - BOTTOM - zero
    );
    for (class, color, clip) in [("first", first_player, "above"), ("second", !first_player, "below")] {
        let _ = writeln!(
            svg,
            r#"<polygon class="area {class}" points="{area}" fill="{}" clip-path="url(#{clip})"/>"#,
            side_colour(color)
        );
    }
    let _ = writeln!(
        svg,
        r##"<polyline class="score" points="{}" fill="none" stroke="#1f5fa8" stroke-width="1.5"/>"##,
        line.join(" ")
    );
}

fn side_colour(color: Color) -> &'static str {
    match color {
        Color::White => "#ffffff",
        Color::Black => "#303030",
    }
}

/// Tick marks and labels for move numbers under the plot.
fn draw_move_axis(svg: &mut String, frame: &Frame) {
    let baseline = HEIGHT - BOTTOM;
    let moves = frame.plies.div_ceil(2) as u32;
    let step = [1, 2, 5, 10, 20, 50, 100, 200, 500]
        .into_iter()
        .find(|&step| moves / step <= MOVE_LABELS)
        .unwrap_or(1000);
    let numbers = std::iter::once(1).chain((1..).map(|multiple| multiple * step).skip_while(|&n| n <= 1));
    for number in numbers.take_while(|&number| number <= moves) {
        let x = frame.x(2 * number as usize - 1);
        let _ = writeln!(
            svg,
            r##"<line class="tick" x1="{x:.1}" y1="{baseline}" x2="{x:.1}" y2="{}" stroke="#404040"/>"##,
            baseline + 5.0
        );
        let _ = writeln!(
            svg,
            r#"<text class="move-number" x="{x:.1}" y="{}" text-anchor="middle">{number}</text>"#,
            baseline + 18.0
        );
    }
    let _ = writeln!(
        svg,
        r#"<text class="axis-title" x="{}" y="{}" text-anchor="middle">move</text>"#,
        LEFT + (WIDTH - LEFT - RIGHT) / 2.0,
        HEIGHT - 6.0
    );
}

/// A dot on each ply judged a mistake or a blunder, its label as a tooltip, and a key
/// to the dots above the plot.
fn draw_markers(svg: &mut String, frame: &Frame, plies: &[ChartPly]) {
    for (index, judgement) in [Judgement::Mistake, Judgement::Blunder].into_iter().enumerate() {
        if plies.iter().any(|ply| ply.judgement == Some(judgement)) {
            let x = WIDTH - RIGHT - 150.0 + 80.0 * index as f64;
            let _ = writeln!(
                svg,
                r##"<g class="key"><circle cx="{x}" cy="{}" r="4.5" fill="{}" stroke="#000000" stroke-width="0.8"/><text x="{}" y="{}">{}</text></g>"##,
                TOP - 8.0,
                judgement_colour(judgement),
                x + 8.0,
                TOP - 4.0,
                judgement.name()
            );
        }
    }
    for (index, ply) in plies.iter().enumerate() {
        let Some(judgement) = ply.judgement else { continue };
        let _ = writeln!(
            svg,
            r##"<circle class="{}" cx="{:.1}" cy="{:.1}" r="4.5" fill="{}" stroke="#000000" stroke-width="0.8"><title>{} {}</title></circle>"##,
            judgement.name(),
            frame.x(index + 1),
            frame.y(ply.score),
            judgement_colour(judgement),
            escape(&ply.label),
            judgement.name()
        );
    }
}

/// `text` with the characters XML reserves replaced by entities.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            c if c.is_control() && c != '\t' && c != '\n' => escaped.push(' '),
            c => escaped.push(c),
        }
    }
    escaped
}
