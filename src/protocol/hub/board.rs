//! Hub position strings: the side to move, then one letter per square in number order
//! (`w`, `b`, `W`, `B` for men and kings, `e` for empty).
//!
//! Two orders of the squares are understood. The standard one follows the rule set's own
//! numbering and colours (for algebraic rule sets, a1 = 1, c1 = 2, ..., h8 = 32), as
//! Scan does on 10x10. pydraughts writes 8x8 positions in its own internal order
//! instead: English squares reversed (index i is square 33 - i) with the colours
//! swapped, Russian and Brazilian rows reversed, Italian as is. Its moves are in the
//! rule set's own numbering either way.

use crate::rules::{Color, FenError, Position, Role, Variant};

/// The order of the squares in a Hub position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// The rule set's own numbering and colours.
    Standard,
    /// pydraughts' internal 8x8 order (the same as standard on 10x10 and for Italian).
    Pydraughts,
}

/// Why a position string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The wrong number of letters for the board.
    #[error("position has {found} squares, the board has {expected}")]
    Length {
        /// Squares on the board.
        expected: usize,
        /// Squares given.
        found: usize,
    },
    /// A side letter other than `W` or `B`.
    #[error("bad side to move '{0}'")]
    Side(char),
    /// A square letter other than `w`, `b`, `W`, `B` or `e`.
    #[error("bad square letter '{0}'")]
    Square(char),
    /// The pieces make no position (a man on its crowning rank).
    #[error("{0}")]
    Fen(#[from] FenError),
}

/// Whether pydraughts' order differs from the standard one for `variant`, and how:
/// `(reverse squares, reverse rows, swap colours)`.
fn pydraughts_order(variant: Variant) -> (bool, bool, bool) {
    match variant {
        Variant::English | Variant::English25 | Variant::Pool => (true, false, true),
        Variant::Russian | Variant::Brazilian | Variant::Czech | Variant::PlayOk => (false, true, false),
        _ => (false, false, false),
    }
}

/// The rule set's square number of the `index`-th letter (from 1), and whether colours
/// are swapped.
fn number_at(variant: Variant, encoding: Encoding, index: usize) -> (usize, bool) {
    let count = variant.rules().geometry.square_count();
    let (reverse, reverse_rows, swap) = match encoding {
        Encoding::Standard => (false, false, false),
        Encoding::Pydraughts => pydraughts_order(variant),
    };
    let half = usize::from(variant.rules().geometry.size() / 2);
    let number = if reverse {
        count + 1 - index
    } else if reverse_rows {
        let row = (index - 1) / half;
        (count / half - 1 - row) * half + (index - 1) % half + 1
    } else {
        index
    };
    (number, swap)
}

/// Reads a Hub position string for `variant`.
///
/// # Errors
/// [`BoardError`] says what is wrong.
pub fn parse_position(variant: Variant, encoding: Encoding, text: &str) -> Result<Position, BoardError> {
    let letters: Vec<char> = text.trim().chars().collect();
    let expected = variant.rules().geometry.square_count();
    if letters.len() != expected + 1 {
        return Err(BoardError::Length { expected, found: letters.len().saturating_sub(1) });
    }
    let (_, swap) = number_at(variant, encoding, 1);
    let side = match letters[0] {
        'W' => Color::White,
        'B' => Color::Black,
        other => return Err(BoardError::Side(other)),
    };
    let side = if swap { !side } else { side };
    let mut lists: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    for (index, &letter) in letters.iter().enumerate().skip(1) {
        let (color, king) = match letter {
            'w' => (Color::White, false),
            'W' => (Color::White, true),
            'b' => (Color::Black, false),
            'B' => (Color::Black, true),
            'e' => continue,
            other => return Err(BoardError::Square(other)),
        };
        let (number, swap) = number_at(variant, encoding, index);
        let color = if swap { !color } else { color };
        lists[color.index()].push(format!("{}{number}", if king { "K" } else { "" }));
    }
    let fen = format!("{}:W{}:B{}", side.letter(), lists[0].join(","), lists[1].join(","));
    Ok(Position::from_fen(variant, &fen)?)
}

/// Writes `position` as a Hub position string.
pub fn write_position(position: &Position, encoding: Encoding) -> String {
    let variant = position.variant();
    let rules = variant.rules();
    let (_, swap) = number_at(variant, encoding, 1);
    let side = if swap { !position.side_to_move() } else { position.side_to_move() };
    let mut text = String::from(side.letter());
    for index in 1..=rules.geometry.square_count() {
        let (number, swap) = number_at(variant, encoding, index);
        let piece = u32::try_from(number)
            .ok()
            .and_then(|number| rules.square_from_number(number))
            .and_then(|square| position.piece_at(square));
        text.push(match piece {
            None => 'e',
            Some(piece) => {
                let white = (piece.color == Color::White) != swap;
                match (white, piece.role) {
                    (true, Role::Man) => 'w',
                    (true, Role::King) => 'W',
                    (false, Role::Man) => 'b',
                    (false, Role::King) => 'B',
                }
            }
        });
    }
    text
}
