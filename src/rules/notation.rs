//! Square and move notation: PDN numbers or algebraic names per rule set, moves written
//! in their shortest unambiguous form, and moves read in every common form.

use std::fmt::Write;

use super::{Bitboard, Move, MoveList, Position, Rules, Square, capture_paths};

impl Rules {
    /// The real-board file of an internal file (rule sets on the other colour mirror).
    fn real_file(&self, file: u8) -> u8 {
        if self.mirrored { self.geometry.size() - 1 - file } else { file }
    }

    /// The square's number, 1-based, in this rule set's numbering. Rule sets written
    /// algebraically number a1 = 1, c1 = 2, ..., as Hub and pydraughts do.
    pub fn square_number(&self, square: Square) -> u8 {
        let size = self.geometry.size();
        let per_rank = self.geometry.squares_per_rank();
        // Files between playing squares: 2 on a dark-square board, 1 where all are played.
        let spacing = size / per_rank;
        let (file, rank) = self.geometry.coordinates(square);
        let row = if self.numbering.from_top { size - 1 - rank } else { rank };
        let real = self.real_file(file);
        let column = if self.numbering.from_right { (size - 1 - real) / spacing } else { real / spacing };
        row * per_rank + column + 1
    }

    /// The square numbered `number` in this rule set's numbering.
    pub fn square_from_number(&self, number: u32) -> Option<Square> {
        let size = self.geometry.size();
        let per_rank = self.geometry.squares_per_rank();
        let spacing = size / per_rank;
        let index = number.checked_sub(1).filter(|&index| index < u32::from(per_rank) * u32::from(size))?;
        let (row, column) = ((index / u32::from(per_rank)) as u8, (index % u32::from(per_rank)) as u8);
        let rank = if self.numbering.from_top { size - 1 - row } else { row };
        // On a dark-square board the real files of playing squares on this rank have the
        // parity of the rank, or the other parity on a mirrored board.
        let first = if spacing == 1 { 0 } else { (rank + u8::from(self.mirrored)) % 2 };
        let column = if self.numbering.from_right { per_rank - 1 - column } else { column };
        self.geometry.square_at(self.real_file(first + spacing * column), rank)
    }

    /// The square's algebraic name on the real board, such as `c3`.
    pub fn square_algebraic(&self, square: Square) -> String {
        let (file, rank) = self.geometry.coordinates(square);
        format!("{}{}", char::from(b'a' + self.real_file(file)), rank + 1)
    }

    /// The square named `name` on the real board, such as `c3`.
    pub fn square_from_algebraic(&self, name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let file = chars.next()?.to_ascii_lowercase();
        let rank: u8 = chars.as_str().parse().ok()?;
        let file = u8::try_from(file).ok()?.checked_sub(b'a')?;
        self.real_square_at(file, rank.checked_sub(1)?)
    }

    /// The playing square at a file and rank of the real board (both from 0, a1 is
    /// `(0, 0)`), if that square is a playing square: drawings of the board use it.
    pub fn real_square_at(&self, file: u8, rank: u8) -> Option<Square> {
        if file >= self.geometry.size() {
            return None;
        }
        self.geometry.square_at(self.real_file(file), rank)
    }

    /// The square as this rule set writes it: a number, or an algebraic name.
    pub fn square_name(&self, square: Square) -> String {
        if self.algebraic { self.square_algebraic(square) } else { self.square_number(square).to_string() }
    }

    /// Reads a square written as a number or as an algebraic name.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        match text.parse::<u32>() {
            Ok(number) => self.square_from_number(number),
            Err(_) => self.square_from_algebraic(text),
        }
    }
}

/// Why a move could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in any accepted form.
    #[error("cannot read move '{0}'")]
    Syntax(String),
    /// A square in the move does not exist on this board.
    #[error("no square '{square}' in move '{text}'")]
    BadSquare {
        /// The move as given.
        text: String,
        /// The square that does not exist.
        square: String,
    },
    /// No legal move matches.
    #[error("illegal move '{0}'")]
    Illegal(String),
    /// Several legal moves match; the full path tells them apart.
    #[error("ambiguous move '{text}': could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The move as given.
        text: String,
        /// The matching moves, written in full.
        candidates: Vec<String>,
    },
}

impl Position {
    /// `mv` in the rule set's notation: `11-15`, `22x15`, `c3-d4`; the full path of
    /// landing squares only when another legal move has the same start and end.
    ///
    /// ```
    /// use crownhead::rules::{Position, Variant};
    ///
    /// // Russian: the flying king on a1 takes c3 and must land on e5, where it can go on,
    /// // then takes d6 or f4 and stops on either square behind it (h8 is out of reach).
    /// let position = Position::from_fen(Variant::Russian, "W:WKa1:Bc3,f4,d6,h8")?;
    /// let moves = position.legal_moves();
    /// assert!(moves.iter().all(|mv| mv.captured().count() == 2));
    /// let mut texts: Vec<String> = moves.iter().map(|mv| position.move_to_text(mv)).collect();
    /// texts.sort();
    /// assert_eq!(texts, ["a1xb8", "a1xc7", "a1xg3", "a1xh2"]);
    /// // Every landing square, when asked for:
    /// let to_c7 = moves.iter().find(|mv| position.move_to_text(mv) == "a1xc7").expect("a1xc7 is legal");
    /// assert_eq!(position.move_to_full_text(to_c7), "a1xe5xc7");
    /// # Ok::<(), crownhead::rules::FenError>(())
    /// ```
    pub fn move_to_text(&self, mv: &Move) -> String {
        let ambiguous = self
            .legal_moves()
            .iter()
            .any(|other| other != mv && other.from() == mv.from() && other.to() == mv.to());
        if ambiguous { self.move_to_full_text(mv) } else { self.write_squares(mv, &[mv.to()]) }
    }

    /// `mv` with every landing square written.
    pub fn move_to_full_text(&self, mv: &Move) -> String {
        if !mv.is_capture() {
            return self.write_squares(mv, &[mv.to()]);
        }
        let path = capture_paths(self, mv).into_iter().next().unwrap_or_else(|| vec![mv.to()]);
        self.write_squares(mv, &path)
    }

    fn write_squares(&self, mv: &Move, landings: &[Square]) -> String {
        let rules = self.rules();
        let separator = if mv.is_capture() { 'x' } else { '-' };
        let mut text = rules.square_name(mv.from());
        for &square in landings {
            text.push(separator);
            text.push_str(&rules.square_name(square));
        }
        text
    }

    /// A line of moves from this position written one by one, each by `write` in the
    /// position it is played in (`Position::move_to_text`, `Position::move_to_hub`).
    pub fn line_to_text(&self, moves: &[Move], write: impl Fn(&Position, &Move) -> String) -> Vec<String> {
        let mut position = *self;
        moves
            .iter()
            .map(|mv| {
                let text = write(&position, mv);
                position = position.play(mv);
                text
            })
            .collect()
    }

    /// `mv` in the Hub protocol's form: numbers, `from-to` or
    /// `fromxto` followed by `x` and each captured square in ascending order.
    pub fn move_to_hub(&self, mv: &Move) -> String {
        let rules = self.rules();
        let number = |square| rules.square_number(square);
        if !mv.is_capture() {
            return format!("{}-{}", number(mv.from()), number(mv.to()));
        }
        let mut text = format!("{}x{}", number(mv.from()), number(mv.to()));
        let mut captured: Vec<u8> = mv.captured().map(number).collect();
        captured.sort_unstable();
        for square in captured {
            let _ = write!(text, "x{square}");
        }
        text
    }

    /// Reads a move in any accepted form and finds the legal move it names: short
    /// (`11-15`, `22x15`, `c3d4`) or full path (`25x18x9`), separated by `-`, `x` or `:`,
    /// or the Hub form (`from x to x captured ...`, captured squares in any order).
    ///
    /// # Errors
    /// [`MoveError`] when the text is malformed, names no legal move, or names several.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let squares = self.read_squares(text)?;
        let mut legal = MoveList::new();
        self.generate_moves(&mut legal);
        let (from, to) = (squares[0], squares[squares.len() - 1]);
        let same_ends: Vec<Move> =
            legal.iter().copied().filter(|mv| mv.from() == from && mv.to() == to).collect();
        let matching: Vec<Move> = if squares.len() == 2 {
            same_ends
        } else {
            let by_path: Vec<Move> = same_ends
                .into_iter()
                .filter(|mv| self.follows_path(mv, &squares[1..squares.len() - 1]))
                .collect();
            if by_path.is_empty() { self.hub_matches(&legal, &squares) } else { by_path }
        };
        match matching.as_slice() {
            [mv] => Ok(*mv),
            [] => Err(MoveError::Illegal(text.to_string())),
            _ => Err(MoveError::Ambiguous {
                text: text.to_string(),
                candidates: matching.iter().map(|mv| self.move_to_full_text(mv)).collect(),
            }),
        }
    }

    /// Reads a move in the Hub protocol's form only (`from-to`, or `from x to` followed
    /// by every captured square in any order).
    ///
    /// # Errors
    /// [`MoveError`] when the text is malformed or names no legal move.
    pub fn parse_hub_move(&self, text: &str) -> Result<Move, MoveError> {
        let squares = self.read_numbers(text)?;
        let legal = self.legal_moves();
        match self.hub_matches(&legal, &squares).as_slice() {
            [mv] => Ok(*mv),
            _ => Err(MoveError::Illegal(text.to_string())),
        }
    }

    /// The legal moves whose start, end and captured set are `squares` in Hub order.
    fn hub_matches(&self, legal: &[Move], squares: &[Square]) -> Vec<Move> {
        let (from, to) = (squares[0], squares[1]);
        let captured: Bitboard = squares[2..].iter().copied().collect();
        if captured.count() as usize != squares.len() - 2 {
            return Vec::new();
        }
        let full = squares.len() > 2;
        legal
            .iter()
            .copied()
            .filter(|mv| mv.from() == from && mv.to() == to && (!full || mv.captured() == captured))
            .collect()
    }

    /// Whether some path of `mv` lands on `stops` in this order.
    fn follows_path(&self, mv: &Move, stops: &[Square]) -> bool {
        mv.is_capture()
            && capture_paths(self, mv).iter().any(|path| {
                let mut landings = path.iter();
                stops.iter().all(|stop| landings.any(|landing| landing == stop))
            })
    }

    /// The squares named in a move's text, at least two.
    fn read_squares(&self, text: &str) -> Result<Vec<Square>, MoveError> {
        let trimmed = text.trim();
        let words: Vec<&str> = trimmed.split(['-', 'x', 'X', ':']).collect();
        let words = if words.len() == 1 { split_algebraic(trimmed) } else { words };
        if words.len() < 2 || words.iter().any(|word| word.is_empty()) {
            return Err(MoveError::Syntax(text.to_string()));
        }
        words
            .iter()
            .map(|word| {
                self.rules()
                    .parse_square(word)
                    .ok_or_else(|| MoveError::BadSquare { text: text.to_string(), square: word.to_string() })
            })
            .collect()
    }

    /// The squares of a Hub move: numbers only.
    fn read_numbers(&self, text: &str) -> Result<Vec<Square>, MoveError> {
        let words: Vec<&str> = text.trim().split(['-', 'x']).collect();
        if words.len() < 2
            || words.iter().any(|word| word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(MoveError::Syntax(text.to_string()));
        }
        self.read_squares(text)
    }
}

/// `c3d4` as `["c3", "d4"]`: algebraic squares written without separators.
fn split_algebraic(text: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut rest = text;
    while let Some(first) = rest.chars().next() {
        if !first.is_ascii_alphabetic() {
            return vec![text];
        }
        let digits = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return vec![text];
        }
        words.push(&rest[..1 + digits]);
        rest = &rest[1 + digits..];
    }
    words
}
