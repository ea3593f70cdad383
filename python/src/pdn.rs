//! `read_pdn`: the games of a PDN file or text, each as a `Game` with its tags, moves,
//! their glyphs, comments and variations, and result.

use crownhead::rules::{PdnResult, read_pdn as read_games};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::value_error;
use crate::game::PyGame;
use crate::source::Source;

/// The games of a PDN file (a path) or of PDN text, in order, each a `Game` with its
/// tags (`game.tags`, the `Result` tag set from the game's result), its moves and their
/// PDN annotations: `game.comments`, `game.glyphs`, `game.intro_comment` and
/// `game.variations(ply)`. `variant` is the rule set of games whose `GameType` or
/// `Variant` tag does not name one.
///
/// A string is read as a path when a file of that name exists, else as PDN text.
/// Raises ValueError for a game that cannot be read (its number, line and why), unless
/// `skip_errors` is true: such games are then left out. Raises OSError naming the file
/// for one that cannot be read or is not a regular file (a FIFO, a device, a directory).
#[pyfunction]
#[pyo3(signature = (source, variant = "english", skip_errors = false))]
pub fn read_pdn(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    variant: &str,
    skip_errors: bool,
) -> PyResult<Vec<PyGame>> {
    let default = crate::errors::variant(variant)?;
    let text = Source::read(source)?.text;
    let mut games = Vec::new();
    for game in read_games(&text, default) {
        let pdn = match game {
            Ok(pdn) => pdn,
            Err(_) if skip_errors => continue,
            Err(error) => return Err(value_error(error)),
        };
        let tags = PyDict::new(py);
        for (name, value) in &pdn.tags {
            tags.set_item(name, value)?;
        }
        if pdn.result != PdnResult::Unfinished || pdn.tag("Result").is_some() {
            let key = pdn
                .tags
                .iter()
                .find(|(name, _)| name.eq_ignore_ascii_case("Result"))
                .map_or("Result", |(name, _)| name);
            tags.set_item(key, pdn.result.to_pdn(pdn.start.variant()))?;
        }
        games.push(PyGame::from_pdn(pdn.game(), tags.unbind(), pdn));
    }
    Ok(games)
}
