//! The PDN FEN tag: `W:W31-50,K10:B1-20` (side to move, then each side's pieces, kings
//! marked `K`, numeric ranges allowed, algebraic squares for algebraic rule sets), and
//! lidraughts' extra fields: its counters `H` and `F`, and in Frisian the runs of king
//! moves, `+<black>+<white>`.

use super::{Bitboard, Color, Goal, KingRun, Position, Role, Rules, Square, Variant};

/// Why a FEN could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Nothing to read.
    #[error("empty FEN")]
    Empty,
    /// The side to move is not `W` or `B`.
    #[error("bad side to move '{0}' in FEN (expected W or B)")]
    BadTurn(String),
    /// A piece list does not start with `W` or `B`.
    #[error("bad piece list '{0}' in FEN (expected W or B followed by squares)")]
    BadSection(String),
    /// The same colour has two piece lists.
    #[error("two piece lists for {0} in FEN")]
    RepeatedColor(Color),
    /// A square that does not exist on this board.
    #[error("no square '{0}' on this board")]
    BadSquare(String),
    /// A range that is not two numbers in ascending order.
    #[error("bad square range '{0}' in FEN")]
    BadRange(String),
    /// Two pieces on one square.
    #[error("square {0} is given twice in FEN")]
    Occupied(String),
    /// Kings of both sides in breakthrough, whose first crowning ends the game.
    #[error("kings of both sides: in breakthrough the first crowning ends the game")]
    BothCrowned,
    /// lidraughts' runs of king moves (`+3+205`: Black's count then White's, each with
    /// the square of its king when the count is not 0), in a rule set that has them.
    #[error("bad king-move counts '{0}' in FEN (expected +<count>[<square>]+<count>[<square>], count 0-3)")]
    BadKingRuns(String),
    /// A man on the rank where it would have been crowned.
    #[error("{color} man on its crowning square {square}")]
    ManOnCrowningRank {
        /// The man's colour.
        color: Color,
        /// The square.
        square: String,
    },
}

impl Position {
    /// Reads a PDN FEN for `variant`. Accepts surrounding quotes and blanks, a trailing
    /// `.`, piece lists in either order or missing, numbers or algebraic squares, and
    /// numeric ranges (`K10-12` marks every square of the range as a king). lidraughts'
    /// counter fields (`H0`, `F1`) are read and ignored; in Frisian and Frysk! its last
    /// field `+<black>+<white>` gives each side's run of quiet king moves, the count (0
    /// to 3) followed by the king's square in two digits (`+0+305`: White's king on 5 has
    /// made three).
    ///
    /// # Errors
    /// [`FenError`] says what is wrong.
    ///
    /// ```
    /// use crownhead::rules::{Color, FenError, Position, Variant};
    ///
    /// // English starts with Black to move, Black's men on 1-12 and White's on 21-32.
    /// let position = Position::from_fen(Variant::English, "B:W21-32:B1-12")?;
    /// assert_eq!(position, Position::start(Variant::English));
    /// assert_eq!(position.side_to_move(), Color::Black);
    /// assert_eq!(position.pieces(Color::White).count(), 12);
    ///
    /// // The English board has 32 squares.
    /// assert_eq!(Position::from_fen(Variant::English, "W:W33:B1"), Err(FenError::BadSquare("33".into())));
    /// # Ok::<(), FenError>(())
    /// ```
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        Position::from_fen_in(variant.rules(), fen)
    }

    /// [`Position::from_fen`] for `rules.variant`, with square numbers read in `rules`'
    /// numbering: PDN files from some programs number algebraic boards differently.
    pub(crate) fn from_fen_in(rules: &Rules, fen: &str) -> Result<Position, FenError> {
        let text: String = fen.chars().filter(|c| !c.is_whitespace() && *c != '"').collect();
        let text = text.strip_suffix('.').unwrap_or(&text);
        if text.is_empty() {
            return Err(FenError::Empty);
        }
        let mut sections = text.split(':');
        let turn = sections.next().unwrap_or_default();
        let side = match turn.chars().collect::<Vec<_>>().as_slice() {
            [letter] => Color::from_letter(*letter),
            _ => None,
        }
        .ok_or_else(|| FenError::BadTurn(turn.to_string()))?;

        let mut pieces = [Bitboard::EMPTY; 2];
        let mut kings = Bitboard::EMPTY;
        let mut seen = [false; 2];
        let mut runs = None;
        for section in sections.filter(|section| !section.is_empty()) {
            if is_lidraughts_counter(section) {
                continue;
            }
            if section.starts_with('+') && rules.king_quiet_moves.is_some() {
                runs = Some(read_king_runs(rules, section)?);
                continue;
            }
            let color = section
                .chars()
                .next()
                .and_then(Color::from_letter)
                .ok_or_else(|| FenError::BadSection(section.to_string()))?;
            if std::mem::replace(&mut seen[color.index()], true) {
                return Err(FenError::RepeatedColor(color));
            }
            for item in section[1..].split(',').filter(|item| !item.is_empty()) {
                let (role, squares) = match item.strip_prefix(['K', 'k']) {
                    Some(rest) => (Role::King, rest),
                    None => (Role::Man, item),
                };
                for square in read_squares(rules, squares)? {
                    let name = rules.square_name(square);
                    if (pieces[0] | pieces[1]).contains(square) {
                        return Err(FenError::Occupied(name));
                    }
                    if role == Role::Man && rules.geometry.promotion_rank(color).contains(square) {
                        return Err(FenError::ManOnCrowningRank { color, square: name });
                    }
                    pieces[color.index()] |= Bitboard::from_square(square);
                    if role == Role::King {
                        kings |= Bitboard::from_square(square);
                    }
                }
            }
        }
        if rules.goal == Goal::CrownFirst
            && Color::ALL.iter().all(|&color| (pieces[color.index()] & kings).any())
        {
            return Err(FenError::BothCrowned);
        }
        let position = Position::new(rules.variant, side, pieces[0], pieces[1], kings);
        let [black_run, white_run] = runs.unwrap_or_default();
        Ok(position.with_king_run(Color::Black, black_run).with_king_run(Color::White, white_run))
    }

    /// The position as a PDN FEN, squares in ascending number order.
    pub fn to_fen(&self) -> String {
        let rules = self.rules();
        let mut fen = String::from(self.side_to_move().letter());
        for color in Color::ALL {
            fen.push(':');
            fen.push(color.letter());
            let mut squares: Vec<Square> = self.pieces(color).collect();
            squares.sort_by_key(|&square| rules.square_number(square));
            let items: Vec<String> = squares
                .iter()
                .map(|&square| {
                    let king = if self.kings(color).contains(square) { "K" } else { "" };
                    format!("{king}{}", rules.square_name(square))
                })
                .collect();
            fen.push_str(&items.join(","));
        }
        let runs = [Color::Black, Color::White].map(|color| self.king_run(color));
        if runs.iter().any(|run| run.count > 0) {
            fen.push(':');
            for run in runs {
                fen.push_str(&format!("+{}", run.count));
                if let Some(king) = run.king {
                    fen.push_str(&format!("{:02}", rules.square_number(king)));
                }
            }
        }
        fen
    }
}

/// Whether a FEN field is one of lidraughts' counters: `H` (half-moves toward its draw
/// rules) or `F` (the move number), each followed by a number.
fn is_lidraughts_counter(section: &str) -> bool {
    section.strip_prefix(['H', 'F']).is_some_and(|number| number.parse::<u32>().is_ok())
}

/// Reads lidraughts' `+<black>+<white>` field: each part a count of at most the rule
/// set's limit, then the two-digit square of the king that made the moves.
fn read_king_runs(rules: &Rules, section: &str) -> Result<[KingRun; 2], FenError> {
    let bad = || FenError::BadKingRuns(section.to_string());
    let limit = rules.king_quiet_moves.unwrap_or(0);
    let parts: Vec<&str> = section.split('+').skip(1).collect();
    let read = |part: &str| -> Result<KingRun, FenError> {
        let count = part.get(..1).and_then(|digit| digit.parse::<u8>().ok()).filter(|&count| count <= limit);
        let count = count.ok_or_else(bad)?;
        let king = match part.get(1..) {
            Some("") => None,
            Some(square) if square.len() == 2 => Some(rules.parse_square(square).ok_or_else(bad)?),
            _ => return Err(bad()),
        };
        if count > 0 && king.is_none() {
            return Err(bad());
        }
        Ok(KingRun { count, king })
    };
    match parts.as_slice() {
        [black, white] => Ok([read(black)?, read(white)?]),
        _ => Err(bad()),
    }
}

/// The squares of one FEN item: a square, or a numeric range `a-b`.
fn read_squares(rules: &Rules, item: &str) -> Result<Vec<Square>, FenError> {
    let square = |text: &str| rules.parse_square(text).ok_or_else(|| FenError::BadSquare(text.to_string()));
    match item.split_once('-') {
        None => Ok(vec![square(item)?]),
        Some((first, last)) => {
            let bad_range = || FenError::BadRange(item.to_string());
            let first: u32 = first.parse().map_err(|_| bad_range())?;
            let last: u32 = last.parse().map_err(|_| bad_range())?;
            if first > last {
                return Err(bad_range());
            }
            (first..=last).map(|number| square(&number.to_string())).collect()
        }
    }
}
