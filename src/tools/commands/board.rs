//! The board and moves commands: a position drawn, or its legal moves listed.

use std::io::{self, Write};
use std::path::Path;

use anyhow::Context;

use crate::render::board_svg::board_svg;
use crate::render::orientation::Orientation;
use crate::render::terminal_board::{self, Styling};
use crate::rules::Position;

/// Draws `position` as an SVG picture into `svg`, or as a text board on `out` (in
/// colour when standard output is a terminal).
///
/// # Errors
/// The picture cannot be written.
pub fn draw(position: &Position, svg: Option<&Path>, out: &mut impl Write) -> anyhow::Result<()> {
    match svg {
        Some(path) => std::fs::write(path, board_svg(position))
            .with_context(|| format!("cannot write {}", path.display())),
        None => {
            let text = terminal_board::draw(position, Orientation::WhiteAtBottom, Styling::for_stdout());
            Ok(out.write_all(text.as_bytes())?)
        }
    }
}

/// Writes the legal moves of `position`, one per line, in the rule set's notation.
///
/// # Errors
/// Only from writing to `out`.
pub fn write_moves(position: &Position, out: &mut impl Write) -> io::Result<()> {
    for mv in position.legal_moves() {
        writeln!(out, "{}", position.move_to_text(&mv))?;
    }
    Ok(())
}
