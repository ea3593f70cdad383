//! A PDN game's move tree as the page keeps it, in JSON: a line is its opening comment
//! and its moves; a move is its text, its glyph, the comment after it and the variations
//! played instead of it, each a line from the position before it. The page reads a PDN
//! file's tree and writes its own through these, with [`crate::rules`]' PDN reader and
//! writer.

use serde::{Deserialize, Serialize};

use crate::rules::{PdnGlyph, PdnLine, PdnMove, Position};

/// A line of the tree: the main line (its comment is the game's, before the first move)
/// or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreeLine {
    /// The comment before the line's first move.
    #[serde(default)]
    pub comment: Option<String>,
    /// Its moves, the first from the position the line starts at.
    #[serde(default)]
    pub moves: Vec<TreeMove>,
}

/// A move of a line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreeMove {
    /// The move, in any notation the rules read (written as the move list writes it).
    #[serde(rename = "move")]
    pub text: String,
    /// Its glyph: `!`, `?`, `!!`, `??`, `!?` or `?!`.
    #[serde(default)]
    pub glyph: Option<String>,
    /// The comment after it.
    #[serde(default)]
    pub comment: Option<String>,
    /// The lines played instead of it, each from the position before it.
    #[serde(default)]
    pub variations: Vec<TreeLine>,
}

/// The tree of a game's main line `moves` from `start`, opened by the game's `comment`.
pub fn tree_of(start: &Position, comment: Option<&str>, moves: &[PdnMove]) -> TreeLine {
    let mut position = *start;
    let moves = moves
        .iter()
        .map(|pdn_move| {
            let tree_move = TreeMove {
                text: position.move_to_text(&pdn_move.mv),
                glyph: pdn_move.glyph.map(|glyph| glyph.text().to_string()),
                comment: pdn_move.comment.clone(),
                variations: pdn_move
                    .variations
                    .iter()
                    .map(|line| tree_of(&position, line.comment.as_deref(), &line.moves))
                    .collect(),
            };
            position = position.play(&pdn_move.mv);
            tree_move
        })
        .collect();
    TreeLine { comment: comment.map(str::to_string), moves }
}

/// The line `tree` as PDN moves from `start`, with its opening comment; `ply` is the
/// half-moves from the game's start to the line's first move, `kind` names its moves in
/// an error (`move` in the main line, `variation move` in another).
///
/// # Errors
/// What is wrong: a move that cannot be read or is illegal where it is played, or an
/// unknown glyph, named by its half-move number from the game's start and its text.
pub fn pdn_line(start: &Position, tree: &TreeLine, ply: usize, kind: &str) -> Result<PdnLine, String> {
    let mut position = *start;
    let mut moves = Vec::with_capacity(tree.moves.len());
    for (index, tree_move) in tree.moves.iter().enumerate() {
        let number = ply + index + 1;
        let fault = |error: &dyn std::fmt::Display| format!("{kind} {number} ({}): {error}", tree_move.text);
        let mv = position.parse_move(&tree_move.text).map_err(|error| fault(&error))?;
        let glyph = match tree_move.glyph.as_deref().filter(|glyph| !glyph.is_empty()) {
            None => None,
            Some(text) => {
                Some(PdnGlyph::from_text(text).ok_or_else(|| fault(&format!("unknown glyph '{text}'")))?)
            }
        };
        let variations = tree_move
            .variations
            .iter()
            .map(|line| pdn_line(&position, line, number - 1, "variation move"))
            .collect::<Result<_, _>>()?;
        moves.push(PdnMove { mv, glyph, comment: written(&tree_move.comment), variations });
        position = position.play(&mv);
    }
    Ok(PdnLine { comment: written(&tree.comment), moves })
}

/// A comment as written: none if blank.
fn written(comment: &Option<String>) -> Option<String> {
    comment.clone().filter(|text| !text.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Variant, read_pdn};

    /// An English game with a glyph, comments (one before the first move, one opening a
    /// variation) and variations nested two deep.
    const ANNOTATED: &str = "[GameType \"21\"]\n\n{a game to study} 1. 11-15 23-19 2. 9-14! \
        ({the other way} 2. 8-11 22-17 (2... 22-18 15x22 25x18) 3. 4-8) 27-23?! {quiet} *\n";

    #[test]
    fn a_tree_read_and_written_back_is_the_same_tree() {
        let game = read_pdn(ANNOTATED, Variant::English).remove(0).expect("the game reads");
        let tree = tree_of(&game.start, game.comment.as_deref(), &game.moves);
        assert_eq!(tree.comment.as_deref(), Some("a game to study"));
        let second = &tree.moves[2];
        assert_eq!((second.text.as_str(), second.glyph.as_deref()), ("9-14", Some("!")));
        let variation = &second.variations[0];
        assert_eq!(variation.comment.as_deref(), Some("the other way"));
        assert_eq!(variation.moves[1].variations[0].moves[0].text, "22-18");
        // Back through JSON, as the page sends it.
        let json = serde_json::to_string(&tree).expect("JSON");
        let sent: TreeLine = serde_json::from_str(&json).expect("JSON back");
        let line = pdn_line(&game.start, &sent, 0, "move").expect("the tree is legal");
        assert_eq!((line.comment, line.moves), (game.comment, game.moves));
    }

    #[test]
    fn a_bad_move_or_glyph_in_a_variation_is_named() {
        let start = Position::start(Variant::English);
        let tree = |variation: &str, glyph: &str| -> TreeLine {
            let json = format!(
                r#"{{"moves": [{{"move": "11-15", "variations": [{{"moves": [{{"move": "9-13"}},
                {{"move": "{variation}", "glyph": "{glyph}"}}]}}]}}]}}"#
            );
            serde_json::from_str(&json).expect("JSON")
        };
        assert!(pdn_line(&start, &tree("22-18", "!!"), 0, "move").is_ok());
        let error = pdn_line(&start, &tree("9-14", ""), 0, "move").unwrap_err();
        assert!(error.starts_with("variation move 2 (9-14): "), "{error}");
        let error = pdn_line(&start, &tree("22-18", "?!?"), 0, "move").unwrap_err();
        assert_eq!(error, "variation move 2 (22-18): unknown glyph '?!?'");
    }
}
