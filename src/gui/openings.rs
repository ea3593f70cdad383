//! The openings an engine game may start from: the match runner's sets (English's
//! 3-move ballots, the balanced 3-ply openings of the other rule sets). The command line
//! hands the server the function that reads them, as the tools that hold them are no
//! layer below the board's.

use std::str::FromStr;

use serde::Serialize;

use super::api::{ApiError, line_texts};
use crate::rules::{Game, Position, Variant};

/// A rule set's openings, each a game already begun; none where it has no set.
pub type OpeningSets = fn(Variant) -> Vec<Game>;

/// An opening as the page sends it back in a game: a start and moves from it.
#[derive(Clone, Debug, Serialize)]
pub struct OpeningInfo {
    /// The start position's FEN, or null for the rule set's start position.
    pub fen: Option<String>,
    /// The moves played from it.
    pub moves: Vec<String>,
}

/// A rule set's openings, in their set's order.
#[derive(Clone, Debug, Serialize)]
pub struct OpeningsReply {
    /// The rule set's name.
    pub variant: &'static str,
    /// The openings.
    pub openings: Vec<OpeningInfo>,
}

/// The openings of the rule set called `name`, from `sets`.
///
/// # Errors
/// An unknown rule set.
pub fn openings(name: &str, sets: OpeningSets) -> Result<OpeningsReply, ApiError> {
    let variant = Variant::from_str(name).map_err(|error| ApiError::new(error.to_string()))?;
    let start = Position::start(variant);
    let openings = sets(variant)
        .iter()
        .map(|game| OpeningInfo {
            fen: (*game.start() != start).then(|| game.start().to_fen()),
            moves: line_texts(game.start(), game.moves()),
        })
        .collect();
    Ok(OpeningsReply { variant: variant.name(), openings })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_openings(variant: Variant) -> Vec<Game> {
        let mut ballot = Game::new(Position::start(variant));
        let set_up = Position::from_fen(variant, "W:W18:B14").map(Game::new);
        ballot
            .play_text("11-15")
            .map(|_| [ballot.clone()].into_iter().chain(set_up).collect())
            .unwrap_or_default()
    }

    #[test]
    fn openings_are_moves_from_the_start_or_from_their_fen() {
        let reply = openings("english", two_openings).unwrap();
        assert_eq!(reply.variant, "english");
        assert_eq!(reply.openings.len(), 2);
        assert_eq!(
            (reply.openings[0].fen.as_deref(), reply.openings[0].moves.as_slice()),
            (None, ["11-15".to_string()].as_slice())
        );
        assert_eq!(reply.openings[1].fen.as_deref(), Some("W:W18:B14"));
        assert!(reply.openings[1].moves.is_empty());
        assert!(openings("nonsense", two_openings).is_err());
    }
}
