//! A position drawn as text for a terminal: `w` and `b` for men, `W` and `B` for kings,
//! `.` for an empty playing square, with ANSI colours for the squares and pieces when the
//! terminal takes them. Numbered rule sets get a key of square numbers beside the board;
//! algebraic ones get file letters and rank numbers round it.

use std::io::IsTerminal;

use crate::rules::{Color, Piece, Position, Role};

use super::orientation::Orientation;

const LIGHT_SQUARE: &str = "\x1b[48;5;180m";
const DARK_SQUARE: &str = "\x1b[48;5;94m";
const WHITE_PIECE: &str = "\x1b[1;97m";
const BLACK_PIECE: &str = "\x1b[1;30m";
const EMPTY_MARK: &str = "\x1b[38;5;137m";
const RESET: &str = "\x1b[0m";

/// Whether the board is drawn with ANSI colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Styling {
    /// Coloured squares and pieces.
    Colour,
    /// Characters only.
    Plain,
}

impl Styling {
    /// Colour when standard output is a terminal and the `NO_COLOR` environment variable
    /// is unset or empty (<https://no-color.org>); plain otherwise.
    pub fn for_stdout() -> Styling {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        if std::io::stdout().is_terminal() && !no_color { Styling::Colour } else { Styling::Plain }
    }
}

/// The letter of a piece: `w`, `W`, `b` or `B`.
fn piece_letter(piece: Piece) -> char {
    match (piece.color, piece.role) {
        (Color::White, Role::Man) => 'w',
        (Color::White, Role::King) => 'W',
        (Color::Black, Role::Man) => 'b',
        (Color::Black, Role::King) => 'B',
    }
}

/// The board of `position` seen with `orientation`, one line per rank and a line saying
/// who is to move, each line ending in a newline.
pub fn draw(position: &Position, orientation: Orientation, styling: Styling) -> String {
    let rules = position.rules();
    let size = rules.geometry.size();
    let mut text = String::new();
    for row in 0..size {
        if rules.algebraic {
            text.push_str(&format!("{:>2} ", orientation.rank(row, size) + 1));
        } else {
            text.push_str("   ");
        }
        for column in 0..size {
            let cell = match orientation.square(rules, row, column) {
                None => paint(styling, LIGHT_SQUARE, "", "   "),
                Some(square) => match position.piece_at(square) {
                    None => paint(styling, DARK_SQUARE, EMPTY_MARK, " . "),
                    Some(piece) => {
                        let colour = if piece.color == Color::White { WHITE_PIECE } else { BLACK_PIECE };
                        paint(styling, DARK_SQUARE, colour, &format!(" {} ", piece_letter(piece)))
                    }
                },
            };
            text.push_str(&cell);
        }
        if !rules.algebraic {
            text.push_str("    ");
            for column in 0..size {
                match orientation.square(rules, row, column) {
                    Some(square) => text.push_str(&format!("{:>3}", rules.square_number(square))),
                    None => text.push_str("   "),
                }
            }
        }
        text.truncate(text.trim_end_matches(' ').len());
        text.push('\n');
    }
    if rules.algebraic {
        let files: Vec<String> =
            (0..size).map(|column| char::from(b'a' + orientation.file(column, size)).to_string()).collect();
        text.push_str(&format!("    {}\n", files.join("  ")));
    }
    text.push_str(&format!("{} to move\n", position.side_to_move()));
    text
}

/// `cell` on a `background` in a `foreground` colour, or as it is when plain.
fn paint(styling: Styling, background: &str, foreground: &str, cell: &str) -> String {
    match styling {
        Styling::Colour => format!("{background}{foreground}{cell}{RESET}"),
        Styling::Plain => cell.to_string(),
    }
}
