//! Position strings of the text protocols: the side to move, then one letter per square
//! in number order. Hub writes `w`, `b`, `W`, `B` for men and kings and `e` for empty;
//! DXP writes `z` and `Z` (zwart) for black.
//!
//! Two orders of the squares are understood. The standard one follows the rule set's own
//! numbering and colours (for algebraic rule sets, a1 = 1, c1 = 2, ..., h8 = 32), as
//! Scan does on 10x10. pydraughts writes 8x8 positions in its own internal order
//! instead: English squares reversed (index i is square 33 - i) with the colours
//! swapped, Russian and Brazilian rows reversed, Italian as is. Its moves are in the
//! rule set's own numbering either way.

use crate::rules::{Color, FenError, Position, Role, Variant};

/// The letters of a position string: White's man and king, Black's man and king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Letters {
    /// White's man, king; Black's man, king.
    pub pieces: [char; 4],
}

impl Letters {
    /// Hub's letters: `w W b B`.
    pub const HUB: Letters = Letters { pieces: ['w', 'W', 'b', 'B'] };
    /// DXP's letters: `w W z Z`.
    pub const DXP: Letters = Letters { pieces: ['w', 'W', 'z', 'Z'] };

    fn piece(self, letter: char) -> Option<(Color, bool)> {
        let index = self.pieces.iter().position(|&piece| piece == letter)?;
        Some((if index < 2 { Color::White } else { Color::Black }, index % 2 == 1))
    }

    fn letter(self, color: Color, king: bool) -> char {
        self.pieces[2 * color.index() + usize::from(king)]
    }
}

/// The order of the squares in a position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// The rule set's own numbering and colours.
    Standard,
    /// pydraughts' internal 8x8 order (the same as standard on 10x10 and for Italian).
    Pydraughts,
    /// pydraughts 0.5.7's: positions in [`Encoding::Pydraughts`] order, and moves numbered in
    /// that order too (pydraughts 0.6 numbers its moves as the rule set does). lidraughts-bot
    /// pins pydraughts 0.5.7, so its Russian and Brazilian games need this.
    Pydraughts05,
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
        Variant::Russian | Variant::Brazilian | Variant::Czech | Variant::PlayOk | Variant::Turkish => {
            (false, true, false)
        }
        _ => (false, false, false),
    }
}

/// The rule set's square number of the `index`-th letter (from 1), and whether colours
/// are swapped.
fn number_at(variant: Variant, encoding: Encoding, index: usize) -> (usize, bool) {
    let count = variant.rules().geometry.square_count();
    let (reverse, reverse_rows, swap) = match encoding {
        Encoding::Standard => (false, false, false),
        Encoding::Pydraughts | Encoding::Pydraughts05 => pydraughts_order(variant),
    };
    let per_rank = usize::from(variant.rules().geometry.squares_per_rank());
    let number = if reverse {
        count + 1 - index
    } else if reverse_rows {
        let row = (index - 1) / per_rank;
        (count / per_rank - 1 - row) * per_rank + (index - 1) % per_rank + 1
    } else {
        index
    };
    (number, swap)
}

/// A Hub move (`a-b`, `axbxc...`) with its squares renumbered between the encoding's move
/// numbering and the rule set's, either way: each numbering is the other's mirror image
/// (squares reversed, or rows reversed), so one mapping serves both. Only
/// [`Encoding::Pydraughts05`] numbers moves differently; numbers off the board are left
/// as they are, for the move reader to refuse.
pub fn renumber_hub_move(variant: Variant, encoding: Encoding, text: &str) -> String {
    if encoding != Encoding::Pydraughts05 {
        return text.to_string();
    }
    let count = variant.rules().geometry.square_count();
    let renumber = |number: &str| match number.parse::<usize>() {
        Ok(index) if (1..=count).contains(&index) => number_at(variant, encoding, index).0.to_string(),
        _ => number.to_string(),
    };
    let mut renumbered = String::new();
    let mut number = String::new();
    for letter in text.chars() {
        if letter.is_ascii_digit() {
            number.push(letter);
        } else {
            renumbered.push_str(&renumber(&number));
            renumbered.push(letter);
            number.clear();
        }
    }
    renumbered + &renumber(&number)
}

/// Reads the squares of a position string (without the side to move) for `variant`,
/// with `side` to move, in the rule set's own colours.
///
/// # Errors
/// [`BoardError`] says what is wrong.
pub fn parse_squares(
    variant: Variant,
    encoding: Encoding,
    letters: Letters,
    side: Color,
    squares: &str,
) -> Result<Position, BoardError> {
    let squares: Vec<char> = squares.chars().collect();
    let expected = variant.rules().geometry.square_count();
    if squares.len() != expected {
        return Err(BoardError::Length { expected, found: squares.len() });
    }
    let mut lists: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    for (index, &letter) in (1..).zip(&squares) {
        if letter == 'e' {
            continue;
        }
        let (color, king) = letters.piece(letter).ok_or(BoardError::Square(letter))?;
        let (number, swap) = number_at(variant, encoding, index);
        let color = if swap { !color } else { color };
        lists[color.index()].push(format!("{}{number}", if king { "K" } else { "" }));
    }
    let fen = format!("{}:W{}:B{}", side.letter(), lists[0].join(","), lists[1].join(","));
    Ok(Position::from_fen(variant, &fen)?)
}

/// Reads a Hub position string (side to move, then the squares) for `variant`.
///
/// # Errors
/// [`BoardError`] says what is wrong.
pub fn parse_hub_position(variant: Variant, encoding: Encoding, text: &str) -> Result<Position, BoardError> {
    let text = text.trim();
    let mut chars = text.chars();
    let side = match chars.next() {
        Some('W') => Color::White,
        Some('B') => Color::Black,
        other => return Err(BoardError::Side(other.unwrap_or(' '))),
    };
    let swap = colours_swapped(variant, encoding);
    parse_squares(variant, encoding, Letters::HUB, if swap { !side } else { side }, chars.as_str())
}

/// Writes a Hub position string: the side to move, then the squares in the encoding's
/// order (the inverse of [`parse_hub_position`]).
pub fn write_hub_position(position: &Position, encoding: Encoding) -> String {
    let swap = colours_swapped(position.variant(), encoding);
    let side = if swap { !position.side_to_move() } else { position.side_to_move() };
    format!("{}{}", side.letter(), write_squares(position, encoding, Letters::HUB))
}

/// Whether the encoding shows `variant`'s colours swapped.
pub fn colours_swapped(variant: Variant, encoding: Encoding) -> bool {
    number_at(variant, encoding, 1).1
}

/// Writes the squares of `position`, one letter each, in the encoding's order.
pub fn write_squares(position: &Position, encoding: Encoding, letters: Letters) -> String {
    let variant = position.variant();
    let rules = variant.rules();
    let mut text = String::new();
    for index in 1..=rules.geometry.square_count() {
        let (number, swap) = number_at(variant, encoding, index);
        let piece = u32::try_from(number)
            .ok()
            .and_then(|number| rules.square_from_number(number))
            .and_then(|square| position.piece_at(square));
        text.push(match piece {
            None => 'e',
            Some(piece) => {
                let color = if swap { !piece.color } else { piece.color };
                letters.letter(color, piece.role == Role::King)
            }
        });
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    /// The position strings a match sends engines read back as the same position, in every
    /// rule set and both square orders.
    #[test]
    fn hub_positions_written_read_back() {
        for variant in Variant::ALL {
            let mut position = Position::start(variant);
            for ply in 0..12 {
                for encoding in [Encoding::Standard, Encoding::Pydraughts, Encoding::Pydraughts05] {
                    let text = write_hub_position(&position, encoding);
                    assert_eq!(
                        parse_hub_position(variant, encoding, &text),
                        Ok(position),
                        "{variant} {text}"
                    );
                }
                let moves = position.legal_moves();
                let Some(mv) = moves.get(ply % moves.len().max(1)) else { break };
                position = position.play(mv);
            }
        }
    }

    /// pydraughts 0.6.7's HubEngine sends a Turkish position as its own board lists it:
    /// a8 to h8 first, a1 to h1 last (rows reversed from the numbering, 1 = a1).
    #[test]
    fn pydraughts_turkish_positions() {
        let start = "Weeeeeeeebbbbbbbbbbbbbbbbeeeeeeeeeeeeeeeewwwwwwwwwwwwwwwweeeeeeee";
        let read = parse_hub_position(Variant::Turkish, Encoding::Pydraughts, start);
        assert_eq!(read, Ok(Position::start(Variant::Turkish)));
        // `W:WKa1:Ba3,c5`: letter 57 is a1, letters 27 and 41 are c5 and a3.
        let king = "WeeeeeeeeeeeeeeeeeeeeeeeeeebeeeeeeeeeeeeebeeeeeeeeeeeeeeeWeeeeeee";
        let read = parse_hub_position(Variant::Turkish, Encoding::Pydraughts, king);
        assert_eq!(read, Ok(Position::from_fen(Variant::Turkish, "W:WKa1:Ba3,c5").expect("a position")));
    }

    /// pydraughts 0.5.7's first moves (its `hub_move`s) in its own numbering, read as the
    /// rule sets number them: Russian White's 21-17 is a3-b4 (9-13), English Black's 21-17
    /// is 12-16 (squares reversed); Italian and International are numbered alike.
    #[test]
    fn pydraughts_05_moves_renumbered() {
        let cases = [
            (Variant::Russian, "21-17", "9-13"),
            (Variant::Brazilian, "24-20", "12-16"),
            (Variant::English, "21-17", "12-16"),
            (Variant::Russian, "25x18x22", "5x14x10"),
            (Variant::Italian, "21-17", "21-17"),
            (Variant::International, "32-28", "32-28"),
            (Variant::Russian, "0-33", "0-33"),
        ];
        for (variant, pydraughts, standard) in cases {
            assert_eq!(renumber_hub_move(variant, Encoding::Pydraughts05, pydraughts), standard, "{variant}");
            assert_eq!(renumber_hub_move(variant, Encoding::Pydraughts05, standard), pydraughts, "{variant}");
            assert_eq!(renumber_hub_move(variant, Encoding::Pydraughts, pydraughts), pydraughts, "{variant}");
        }
    }
}
