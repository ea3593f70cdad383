//! DXP (DamExchange) messages: one letter for the type, then fixed-width fields.
//!
//! ```text
//! C text                                        CHAT
//! R vv name(32) colour(1) time(3) moves(3) A    GAMEREQ, normal start
//! R vv name(32) colour(1) time(3) moves(3) B c board   GAMEREQ with a position
//! A name(32) code(1)                            GAMEACC
//! M time(4) from(2) to(2) n(2) captured(2 each) MOVE
//! E reason(1) stop(1)                           GAMEEND
//! B move(3) colour(1)                           BACKREQ
//! K code(1)                                     BACKACC
//! ```
//!
//! Colours are `W` (white) and `Z` (zwart, black). A message is at most 127 characters.

use crate::rules::Color;

/// The longest message the protocol allows.
pub const MAX_LENGTH: usize = 127;

/// A DXP message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// Free text.
    Chat(String),
    /// The initiator proposes a game.
    GameRequest {
        /// Protocol version (1).
        version: u8,
        /// The initiator's name.
        name: String,
        /// The colour the follower is to play.
        follower: Color,
        /// Minutes per player for the game (0: not given).
        minutes: u16,
        /// Moves to play in that time (0: the whole game).
        moves: u16,
        /// A start position: the side to move and the board letters; `None` for the
        /// normal start.
        position: Option<(Color, String)>,
    },
    /// The follower answers a game request.
    GameAccept {
        /// The follower's name.
        name: String,
        /// 0 accepted; 1 wrong version; 2 not this game, maybe another; 3 no games.
        code: u8,
    },
    /// A move.
    Move {
        /// Seconds used (informational).
        seconds: u16,
        /// The start square.
        from: u8,
        /// The end square.
        to: u8,
        /// The captured squares, in any order.
        captured: Vec<u8>,
    },
    /// Ends the game (or confirms its end).
    GameEnd {
        /// 0 unknown, 1 I give up, 2 draw, 3 I win.
        reason: u8,
        /// 0: willing to play another game; 1: stop.
        stop: u8,
    },
    /// Asks to go back to move `number` with `color` to move.
    BackRequest {
        /// The move number.
        number: u16,
        /// The side to move there.
        color: Color,
    },
    /// Answers a back request: 0 accepted, 1 not supported, 2 wants to continue.
    BackAccept {
        /// The answer.
        code: u8,
    },
}

/// Why a message could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MessageError {
    /// Empty, or longer than 127 characters.
    #[error("bad message length {0}")]
    Length(usize),
    /// An unknown type letter.
    #[error("unknown message type '{0}'")]
    Type(char),
    /// A field that does not read.
    #[error("bad {field} in {kind} message")]
    Field {
        /// The message type.
        kind: &'static str,
        /// The field.
        field: &'static str,
    },
}

fn color_letter(color: Color) -> char {
    match color {
        Color::White => 'W',
        Color::Black => 'Z',
    }
}

/// Fixed-width fields, read in order.
struct Fields<'a> {
    kind: &'static str,
    rest: &'a str,
}

impl<'a> Fields<'a> {
    fn take(&mut self, width: usize, field: &'static str) -> Result<&'a str, MessageError> {
        let error = MessageError::Field { kind: self.kind, field };
        let taken = self.rest.get(..width).ok_or(error)?;
        self.rest = &self.rest[width..];
        Ok(taken)
    }

    fn number<T: std::str::FromStr>(&mut self, width: usize, field: &'static str) -> Result<T, MessageError> {
        let text = self.take(width, field)?;
        let digits = text.bytes().all(|byte| byte.is_ascii_digit());
        digits.then(|| text.parse().ok()).flatten().ok_or(MessageError::Field { kind: self.kind, field })
    }

    fn color(&mut self, field: &'static str) -> Result<Color, MessageError> {
        match self.take(1, field)? {
            "W" => Ok(Color::White),
            "Z" => Ok(Color::Black),
            _ => Err(MessageError::Field { kind: self.kind, field }),
        }
    }

    fn end(&self) -> Result<(), MessageError> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(MessageError::Field { kind: self.kind, field: "length" })
        }
    }
}

impl Message {
    /// Reads a message (without its NUL terminator).
    ///
    /// # Errors
    /// [`MessageError`] for an unknown type, a wrong length or a field that does not read.
    pub fn parse(text: &str) -> Result<Message, MessageError> {
        if text.is_empty() || text.len() > MAX_LENGTH || !text.is_ascii() {
            return Err(MessageError::Length(text.len()));
        }
        let (kind, rest) = text.split_at(1);
        let kind = kind.chars().next().unwrap_or(' ');
        let name = match kind {
            'C' => return Ok(Message::Chat(rest.to_string())),
            'R' => "GAMEREQ",
            'A' => "GAMEACC",
            'M' => "MOVE",
            'E' => "GAMEEND",
            'B' => "BACKREQ",
            'K' => "BACKACC",
            other => return Err(MessageError::Type(other)),
        };
        let mut fields = Fields { kind: name, rest };
        let message = match kind {
            'R' => {
                let version = fields.number(2, "version")?;
                let name = fields.take(32, "name")?.trim_end().to_string();
                let follower = fields.color("colour")?;
                let minutes = fields.number(3, "time")?;
                let moves = fields.number(3, "moves")?;
                let position = match fields.take(1, "start")? {
                    "A" => None,
                    "B" => {
                        let side = fields.color("colour to move")?;
                        let board = fields.rest.to_string();
                        fields.rest = "";
                        Some((side, board))
                    }
                    _ => return Err(MessageError::Field { kind: "GAMEREQ", field: "start" }),
                };
                Message::GameRequest { version, name, follower, minutes, moves, position }
            }
            'A' => {
                let name = fields.take(32, "name")?.trim_end().to_string();
                Message::GameAccept { name, code: fields.number(1, "code")? }
            }
            'M' => {
                let seconds = fields.number(4, "time")?;
                let from = fields.number(2, "from")?;
                let to = fields.number(2, "to")?;
                let count: usize = fields.number(2, "count")?;
                let captured = (0..count).map(|_| fields.number(2, "captured")).collect::<Result<_, _>>()?;
                Message::Move { seconds, from, to, captured }
            }
            'E' => Message::GameEnd { reason: fields.number(1, "reason")?, stop: fields.number(1, "stop")? },
            'B' => Message::BackRequest { number: fields.number(3, "move")?, color: fields.color("colour")? },
            _ => Message::BackAccept { code: fields.number(1, "code")? },
        };
        fields.end()?;
        Ok(message)
    }

    /// The message as sent (without its NUL terminator).
    pub fn to_text(&self) -> String {
        match self {
            Message::Chat(text) => format!("C{}", text.chars().take(MAX_LENGTH - 1).collect::<String>()),
            Message::GameRequest { version, name, follower, minutes, moves, position } => {
                let start = match position {
                    None => "A".to_string(),
                    Some((side, board)) => format!("B{}{board}", color_letter(*side)),
                };
                format!(
                    "R{version:02}{:<32.32}{}{minutes:03}{moves:03}{start}",
                    name,
                    color_letter(*follower)
                )
            }
            Message::GameAccept { name, code } => format!("A{name:<32.32}{code}"),
            Message::Move { seconds, from, to, captured } => {
                let mut text = format!("M{:04}{from:02}{to:02}{:02}", seconds.min(&9999), captured.len());
                for square in captured {
                    text.push_str(&format!("{square:02}"));
                }
                text
            }
            Message::GameEnd { reason, stop } => format!("E{reason}{stop}"),
            Message::BackRequest { number, color } => format!("B{number:03}{}", color_letter(*color)),
            Message::BackAccept { code } => format!("K{code}"),
        }
    }
}
