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
//! The one-digit codes (GAMEACC's answer, GAMEEND's reason, BACKACC's answer) are enums
//! whose wire numbers are written once, in their definitions below.

use std::fmt;

use crate::rules::Color;

/// The longest message the protocol allows.
pub const MAX_LENGTH: usize = 127;

/// A one-digit code of a message as an enum: each variant's wire number and meaning are
/// written once, and give [`code`](GameEndReason::code), `TryFrom<u8>` (an unknown
/// number is [`MessageError::Code`]), `Display` and the variant's doc.
macro_rules! wire_code {
    (
        $(#[$meta:meta])*
        $name:ident, $kind:literal $field:literal {
            $($variant:ident = $code:literal: $text:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $(#[doc = concat!("`", stringify!($code), "`: ", $text, ".")] $variant,)+
        }

        impl $name {
            /// Every value, in wire order.
            #[cfg(test)]
            pub const ALL: &[$name] = &[$($name::$variant),+];

            /// The number on the wire.
            pub const fn code(self) -> u8 {
                match self {
                    $($name::$variant => $code,)+
                }
            }
        }

        impl TryFrom<u8> for $name {
            type Error = MessageError;

            fn try_from(code: u8) -> Result<$name, MessageError> {
                match code {
                    $($code => Ok($name::$variant),)+
                    _ => Err(MessageError::Code { kind: $kind, field: $field, code }),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(match self {
                    $($name::$variant => $text,)+
                })
            }
        }
    };
}

wire_code! {
    /// The follower's answer to a game request (GAMEACC).
    GameAcceptCode, "GAMEACC" "code" {
        Accepted = 0: "accepted",
        WrongVersion = 1: "wrong protocol version",
        NotThisGame = 2: "not this game, maybe another",
        NoGames = 3: "no games at all",
    }
}

wire_code! {
    /// Why the sender ends the game (GAMEEND), in its own words.
    GameEndReason, "GAMEEND" "reason" {
        Unknown = 0: "unknown",
        GiveUp = 1: "I give up",
        Draw = 2: "draw",
        Win = 3: "I win",
    }
}

wire_code! {
    /// The answer to a back request (BACKACC).
    BackAcceptCode, "BACKACC" "code" {
        Accepted = 0: "accepted",
        NotSupported = 1: "not supported",
        Continue = 2: "wants to continue",
    }
}

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
        /// Accepted, or why not.
        code: GameAcceptCode,
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
        /// Why, in the sender's words.
        reason: GameEndReason,
        /// The sender stops (`1`) rather than being willing to play another game (`0`).
        stop: bool,
    },
    /// Asks to go back to move `number` with `color` to move.
    BackRequest {
        /// The move number.
        number: u16,
        /// The side to move there.
        color: Color,
    },
    /// Answers a back request.
    BackAccept {
        /// The answer.
        code: BackAcceptCode,
    },
}

/// Why a message could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MessageError {
    /// Empty, or longer than 127 characters.
    #[error("bad message length {0}")]
    Length(usize),
    /// Bytes that are not ASCII characters (the protocol's text is ASCII).
    #[error("the message holds bytes that are not ASCII characters")]
    NotAscii,
    /// More than 1 KiB without the NUL that ends a message: dropped up to that NUL.
    #[error("a message runs past 1 KiB without its NUL terminator")]
    TooLong,
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
    /// A one-digit code with a number the protocol does not define.
    #[error("unknown {kind} {field} {code}")]
    Code {
        /// The message type.
        kind: &'static str,
        /// The field.
        field: &'static str,
        /// The number given.
        code: u8,
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

    /// A one-digit code: a digit the enum defines.
    fn code<T: TryFrom<u8, Error = MessageError>>(&mut self, field: &'static str) -> Result<T, MessageError> {
        T::try_from(self.number(1, field)?)
    }

    /// A one-digit flag: `0` or `1`.
    fn flag(&mut self, field: &'static str) -> Result<bool, MessageError> {
        match self.take(1, field)? {
            "0" => Ok(false),
            "1" => Ok(true),
            _ => Err(MessageError::Field { kind: self.kind, field }),
        }
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
    /// [`MessageError`] for an unknown type, a wrong length, bytes that are not ASCII or
    /// a field that does not read.
    pub fn parse(text: &str) -> Result<Message, MessageError> {
        if !text.is_ascii() {
            return Err(MessageError::NotAscii);
        }
        if text.is_empty() || text.len() > MAX_LENGTH {
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
                Message::GameAccept { name, code: fields.code("code")? }
            }
            'M' => {
                let seconds = fields.number(4, "time")?;
                let from = fields.number(2, "from")?;
                let to = fields.number(2, "to")?;
                let count: usize = fields.number(2, "count")?;
                let captured = (0..count).map(|_| fields.number(2, "captured")).collect::<Result<_, _>>()?;
                Message::Move { seconds, from, to, captured }
            }
            'E' => Message::GameEnd { reason: fields.code("reason")?, stop: fields.flag("stop")? },
            'B' => Message::BackRequest { number: fields.number(3, "move")?, color: fields.color("colour")? },
            _ => Message::BackAccept { code: fields.code("code")? },
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
            Message::GameAccept { name, code } => format!("A{name:<32.32}{}", code.code()),
            Message::Move { seconds, from, to, captured } => {
                let mut text = format!("M{:04}{from:02}{to:02}{:02}", seconds.min(&9999), captured.len());
                for square in captured {
                    text.push_str(&format!("{square:02}"));
                }
                text
            }
            Message::GameEnd { reason, stop } => format!("E{}{}", reason.code(), u8::from(*stop)),
            Message::BackRequest { number, color } => format!("B{number:03}{}", color_letter(*color)),
            Message::BackAccept { code } => format!("K{}", code.code()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_have_the_protocols_wire_numbers() {
        use GameEndReason::{Draw, GiveUp, Unknown, Win};
        assert_eq!(GameEndReason::ALL, [Unknown, GiveUp, Draw, Win]);
        use GameAcceptCode::{Accepted, NoGames, NotThisGame, WrongVersion};
        assert_eq!(GameAcceptCode::ALL, [Accepted, WrongVersion, NotThisGame, NoGames]);
        assert_eq!(
            BackAcceptCode::ALL,
            [BackAcceptCode::Accepted, BackAcceptCode::NotSupported, BackAcceptCode::Continue]
        );
        for (number, reason) in (0..).zip(GameEndReason::ALL) {
            assert_eq!(reason.code(), number);
            assert_eq!(GameEndReason::try_from(number), Ok(*reason));
            for stop in [false, true] {
                let message = Message::GameEnd { reason: *reason, stop };
                assert_eq!(message.to_text(), format!("E{number}{}", u8::from(stop)));
                assert_eq!(Message::parse(&message.to_text()), Ok(message));
            }
        }
        for (number, code) in (0..).zip(GameAcceptCode::ALL) {
            assert_eq!(code.code(), number);
            assert_eq!(GameAcceptCode::try_from(number), Ok(*code));
            let message = Message::GameAccept { name: "Scan".into(), code: *code };
            assert_eq!(message.to_text(), format!("A{:<32}{number}", "Scan"));
            assert_eq!(Message::parse(&message.to_text()), Ok(message));
        }
        for (number, code) in (0..).zip(BackAcceptCode::ALL) {
            assert_eq!(code.code(), number);
            assert_eq!(Message::parse(&format!("K{number}")), Ok(Message::BackAccept { code: *code }));
        }
    }

    #[test]
    fn unknown_code_numbers_do_not_read() {
        let error = Message::parse("E41").unwrap_err();
        assert_eq!(error, MessageError::Code { kind: "GAMEEND", field: "reason", code: 4 });
        assert_eq!(error.to_string(), "unknown GAMEEND reason 4");
        assert_eq!(
            Message::parse(&format!("A{:<32}7", "Scan")),
            Err(MessageError::Code { kind: "GAMEACC", field: "code", code: 7 })
        );
        assert_eq!(Message::parse("K3"), Err(MessageError::Code { kind: "BACKACC", field: "code", code: 3 }));
        assert_eq!(
            GameEndReason::try_from(9),
            Err(MessageError::Code { kind: "GAMEEND", field: "reason", code: 9 })
        );
        // The stop flag is 0 or 1; a reason that is no digit is a bad field.
        assert_eq!(Message::parse("E02"), Err(MessageError::Field { kind: "GAMEEND", field: "stop" }));
        assert_eq!(Message::parse("Ex0"), Err(MessageError::Field { kind: "GAMEEND", field: "reason" }));
    }

    #[test]
    fn messages_round_trip() {
        let messages = [
            Message::Chat("hello".into()),
            Message::GameRequest {
                version: 1,
                name: "DXP Client".into(),
                follower: Color::Black,
                minutes: 10,
                moves: 75,
                position: Some((Color::White, "e".repeat(50))),
            },
            Message::GameAccept { name: "crownhead".into(), code: GameAcceptCode::Accepted },
            Message::Move { seconds: 12, from: 5, to: 25, captured: vec![4, 22, 12, 20] },
            Message::GameEnd { reason: GameEndReason::Draw, stop: true },
            Message::BackRequest { number: 5, color: Color::White },
            Message::BackAccept { code: BackAcceptCode::NotSupported },
        ];
        for message in messages {
            assert_eq!(Message::parse(&message.to_text()), Ok(message.clone()), "{}", message.to_text());
        }
        // The example of the specification's MOVE page (protocol.md#dxp-damexchange): 12
        // seconds, 5x25, four pieces captured (the `04` is the count): 22, 12, 23 and 20.
        assert_eq!(
            Message::parse("M001205250422122320"),
            Ok(Message::Move { seconds: 12, from: 5, to: 25, captured: vec![22, 12, 23, 20] })
        );
        // pydraughts' 10x10 request (protocol.md#a-worked-exchange), here with the follower
        // Black, 10 minutes and 75 moves, reads.
        let request = format!(
            "R01DXP Client                      Z010075BW{}{}{}",
            "z".repeat(20),
            "e".repeat(10),
            "w".repeat(20)
        );
        assert!(matches!(Message::parse(&request), Ok(Message::GameRequest { moves: 75, minutes: 10, .. })));
    }
}
