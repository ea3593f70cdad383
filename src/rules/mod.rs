//! The rules of draughts: boards, pieces, positions, legal moves, notation and game
//! results, for every rule set crownhead offers. Nothing here knows of search or
//! protocols.

mod bitboard;
mod capture;
mod color;
mod directions;
mod end;
mod fen;
mod game;
mod geometry;
mod king_run;
mod movegen;
mod moves;
mod notation;
mod pdn;
mod perft;
mod piece;
mod position;
mod square;
mod variant;
mod zobrist;

pub use bitboard::Bitboard;
pub use capture::capture_paths;
pub use color::Color;
pub use fen::FenError;
pub use game::{Game, GameResult, Outcome, Reason, resets_move_limit};
pub use geometry::{Direction, Geometry};
pub use king_run::KingRun;
pub use moves::{MAX_MOVES, Move, MoveList};
pub use notation::MoveError;
pub use pdn::{MAX_VARIATION_DEPTH, PdnError, PdnGame, PdnGlyph, PdnLine, PdnMove, PdnResult, read_pdn};
pub use perft::perft;
pub use piece::{Piece, Role};
pub use position::Position;
pub use square::Square;
pub use variant::{
    CounterReset, DrawRules, Goal, LoneKingLimit, MidCaptureCrowning, MoveLimit, Numbering, Precedence,
    Rules, UnknownVariant, Variant, fixed_rules,
};
pub(crate) use zobrist::splitmix64;
