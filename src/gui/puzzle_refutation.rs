//! A wrong move's refutation in a puzzle: the engine's line after it, found by a short
//! search on one thread of the board's own engine options, so that the person sees why
//! the move does not win before taking it back.

use std::sync::{Mutex, PoisonError};

use super::api::{ApiError, line_texts};
use crate::engine::options::THREADS;
use crate::engine::{Engine, Limits, Options, OptionsBuilder};
use crate::rules::Game;

/// How many nodes a refutation's search takes: about a tenth of a second on one thread,
/// enough for the tactics a puzzle's wrong move walks into.
pub const REFUTATION_NODES: u64 = 100_000;

/// The engine that finds refutations, one search at a time.
pub struct Refuter {
    engine: Mutex<Engine>,
}

impl Refuter {
    /// A refuter whose engine has `options` on one thread; its table is made at its
    /// first search.
    ///
    /// # Errors
    /// Options that do not take one thread.
    pub fn new(options: &Options) -> Result<Refuter, ApiError> {
        let options = OptionsBuilder::from_options(options.clone(), None)
            .count(&THREADS, 1)
            .map_err(|error| ApiError::new(error.to_string()))?
            .build();
        Ok(Refuter { engine: Mutex::new(Engine::unprepared(options)) })
    }

    /// The engine's line from where `game` is, just after a wrong move, searched afresh
    /// for [`REFUTATION_NODES`] nodes: the opponent's reply first. Empty when the game is
    /// over there.
    pub fn refute(&self, game: &Game) -> Vec<String> {
        if game.result().is_some() {
            return Vec::new();
        }
        let mut engine = self.engine.lock().unwrap_or_else(PoisonError::into_inner);
        engine.new_game();
        let result = engine.analyse(game, &Limits::nodes(REFUTATION_NODES), |_| {});
        line_texts(game.position(), &result.pv)
    }
}
