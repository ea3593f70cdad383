//! A position drawn as an SVG picture: the board of its rule set, the pieces, the square
//! numbers or coordinates of its notation, and the side to move.

use std::fmt::Write;

use crate::rules::{Color, Piece, Position, Role};

use super::orientation::Orientation;

/// The side of one square, in SVG units.
const SQUARE: u32 = 50;
/// The border round the board, room for coordinates.
const MARGIN: u32 = 24;
/// The band under the board that says who is to move.
const STATUS: u32 = 30;

const LIGHT_SQUARE: &str = "#f0d9b5";
const DARK_SQUARE: &str = "#b58863";
/// The one colour of a board whose every square is played (Turkish): light wood.
const WOOD_SQUARE: &str = "#e3c58e";
/// The lines between the squares of that board.
const GRID_LINE: &str = "#5b3f24";

/// The position as a self-contained SVG document, White at the bottom (a1 at the
/// bottom left) in every rule set, as their usual diagrams show it; in English and Pool
/// Black moves first, from the top. Numbered rule sets show each playing square's number
/// in its corner; algebraic ones label the files and ranks round the board. A board
/// whose every square is played (Turkish) is one light wood colour with dark grid lines,
/// as Turkish players know it; the others are chequered. Every playing square is a
/// `<rect class="dark">`, every other square a `<rect class="light">`.
///
/// Every piece is a `<g class="piece COLOUR ROLE">` group; a king carries a crown
/// (`<path class="crown">`) on a double disc.
pub fn board_svg(position: &Position) -> String {
    let rules = position.rules();
    let size = rules.geometry.size();
    let side = u32::from(size) * SQUARE;
    let (width, height) = (side + 2 * MARGIN, side + 2 * MARGIN + STATUS);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif">"#
    );
    let _ = writeln!(svg, "<title>{} {}</title>", rules.name, position.to_fen());
    let _ = writeln!(
        svg,
        r#"<rect class="border" x="0" y="0" width="{width}" height="{height}" fill="{LIGHT_SQUARE}" opacity="0.4"/>"#
    );
    let orientation = Orientation::WhiteAtBottom;
    for row in 0..size {
        for column in 0..size {
            let (x, y) = (MARGIN + u32::from(column) * SQUARE, MARGIN + u32::from(row) * SQUARE);
            let square = orientation.square(rules, row, column);
            let (class, paint) = square_paint(rules.geometry.all_squares(), square.is_some());
            let _ = writeln!(
                svg,
                r#"<rect class="{class}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" {paint}/>"#
            );
            let Some(square) = square else { continue };
            if !rules.algebraic {
                let _ = writeln!(
                    svg,
                    r#"<text class="square-name" x="{}" y="{}" font-size="10" fill="{LIGHT_SQUARE}">{}</text>"#,
                    x + 2,
                    y + 10,
                    rules.square_name(square)
                );
            }
            if let Some(piece) = position.piece_at(square) {
                draw_piece(&mut svg, piece, x + SQUARE / 2, y + SQUARE / 2, &rules.square_name(square));
            }
        }
    }
    if rules.algebraic {
        draw_coordinates(&mut svg, size, orientation);
    }
    draw_side_to_move(&mut svg, position.side_to_move(), 2 * MARGIN + side + STATUS / 2);
    svg.push_str("</svg>\n");
    svg
}

/// A square's class and colour attributes: on a board of playing squares only, wood with
/// a grid line round it; else dark if it is `playing`, light if not.
fn square_paint(all_squares: bool, playing: bool) -> (&'static str, String) {
    match (all_squares, playing) {
        (true, _) => ("dark", format!(r#"fill="{WOOD_SQUARE}" stroke="{GRID_LINE}" stroke-width="1.5""#)),
        (false, true) => ("dark", format!(r#"fill="{DARK_SQUARE}""#)),
        (false, false) => ("light", format!(r#"fill="{LIGHT_SQUARE}""#)),
    }
}

fn piece_colours(color: Color) -> (&'static str, &'static str) {
    match color {
        Color::White => ("#f8f8f4", "#404040"),
        Color::Black => ("#2b2b2b", "#000000"),
    }
}

/// A man is a disc; a king is a disc on a disc with a crown on top.
fn draw_piece(svg: &mut String, piece: Piece, cx: u32, cy: u32, name: &str) {
    let (fill, stroke) = piece_colours(piece.color);
    let role = match piece.role {
        Role::Man => "man",
        Role::King => "king",
    };
    // Small enough to leave the square's number in the corner readable.
    let radius = f64::from(SQUARE) * 0.34;
    let _ = writeln!(svg, r#"<g class="piece {} {role}" data-square="{name}">"#, piece.color);
    let disc = |svg: &mut String, cy: f64| {
        let _ = writeln!(
            svg,
            r#"<circle cx="{cx}" cy="{cy:.1}" r="{radius:.1}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"#
        );
    };
    match piece.role {
        Role::Man => disc(svg, f64::from(cy)),
        Role::King => {
            disc(svg, f64::from(cy) + 2.0);
            disc(svg, f64::from(cy) - 2.0);
            draw_crown(svg, f64::from(cx), f64::from(cy) - 2.0, radius);
        }
    }
    svg.push_str("</g>\n");
}

/// A three-pointed crown centred on a disc of `radius`.
fn draw_crown(svg: &mut String, cx: f64, cy: f64, radius: f64) {
    let points =
        [(-0.45, 0.3), (0.45, 0.3), (0.55, -0.3), (0.25, -0.02), (0.0, -0.45), (-0.25, -0.02), (-0.55, -0.3)];
    let path: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(index, (dx, dy))| {
            let command = if index == 0 { 'M' } else { 'L' };
            format!("{command}{:.1},{:.1}", cx + dx * radius, cy + dy * radius)
        })
        .collect();
    let _ = writeln!(
        svg,
        r##"<path class="crown" d="{} Z" fill="#d4a017" stroke="#7a5a00" stroke-width="1"/>"##,
        path.join(" ")
    );
}

/// File letters under the board and rank numbers to its left.
fn draw_coordinates(svg: &mut String, size: u8, orientation: Orientation) {
    let side = u32::from(size) * SQUARE;
    for index in 0..size {
        let offset = MARGIN + u32::from(index) * SQUARE + SQUARE / 2;
        let file = char::from(b'a' + orientation.file(index, size));
        let rank = orientation.rank(index, size) + 1;
        let _ = writeln!(
            svg,
            r#"<text class="file" x="{offset}" y="{}" font-size="14" text-anchor="middle">{file}</text>"#,
            MARGIN + side + 16
        );
        let _ = writeln!(
            svg,
            r#"<text class="rank" x="{}" y="{}" font-size="14" text-anchor="middle">{rank}</text>"#,
            MARGIN / 2,
            offset + 5
        );
    }
}

/// A small disc of the side's colour and the words "white to move" or "black to move".
fn draw_side_to_move(svg: &mut String, side: Color, baseline: u32) {
    let (fill, stroke) = piece_colours(side);
    let _ = writeln!(
        svg,
        r#"<circle class="to-move" cx="{}" cy="{}" r="7" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>"#,
        MARGIN + 8,
        baseline - 5
    );
    let _ = writeln!(
        svg,
        r#"<text class="side-to-move" x="{}" y="{baseline}" font-size="15">{side} to move</text>"#,
        MARGIN + 22
    );
}
