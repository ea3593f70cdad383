//! Writing a game as PDN 3.0.

use std::fmt::Write;

use super::game::{DERIVED_TAGS, PdnGame, PdnGlyph, PdnMove};
use crate::rules::Position;

/// The tags written first, in this order, when the game has them (PGN's seven-tag
/// roster; the seventh, `Result`, is always written).
const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

/// The widest a line of moves is made, unless one word is wider.
const LINE_WIDTH: usize = 80;

impl PdnGame {
    /// The game as PDN 3.0, ending with a blank line: the roster tags the game has,
    /// `Result`, `GameType`, `Variant` when GameType alone does not name the rule set,
    /// `SetUp` and `FEN` when the start is not the rule set's start position, the other
    /// tags in their order; then the comment before the first move, the numbered moves
    /// in their shortest unambiguous form with their glyphs (`32-28!`), comments in
    /// braces and variations in brackets after the move they replace, nested, in lines
    /// of at most 80 columns, and the result. Reading the text back gives the same tree.
    ///
    /// ```
    /// use crownhead::rules::{Game, PdnGame, Position, Variant, read_pdn};
    ///
    /// let mut game = Game::new(Position::from_fen(Variant::English, "W:W18:B14")?);
    /// game.play_text("18x9")?;
    /// let mut pdn = PdnGame::from_game(&game);
    /// pdn.set_tag("White", "Ann");
    /// // The result names Black, who moves first in English, first: White's win is 0-1.
    /// let text = pdn.to_pdn();
    /// let expected = r#"[White "Ann"]
    /// [Result "0-1"]
    /// [GameType "21,B,8,8,N1,0"]
    /// [SetUp "1"]
    /// [FEN "W:W18:B14"]
    ///
    /// 1... 18x9 0-1
    ///
    /// "#;
    /// assert_eq!(text, expected);
    ///
    /// let back = read_pdn(&text, Variant::English).remove(0)?;
    /// assert_eq!(back.tag("White"), Some("Ann"));
    /// assert_eq!((back.start, &back.moves, back.result), (pdn.start, &pdn.moves, pdn.result));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_pdn(&self) -> String {
        let variant = self.start.variant();
        let rules = variant.rules();
        let result = self.result.to_pdn(variant);
        let mut text = String::new();
        for name in ROSTER {
            if let Some(value) = self.tag(name) {
                write_tag(&mut text, name, value);
            }
        }
        write_tag(&mut text, "Result", result);
        write_tag(&mut text, "GameType", rules.game_type);
        if let Some(name) = rules.pdn_variant_tag {
            write_tag(&mut text, "Variant", name);
        }
        if self.start != Position::start(variant) {
            write_tag(&mut text, "SetUp", "1");
            write_tag(&mut text, "FEN", &self.start.to_fen());
        }
        for (name, value) in &self.tags {
            if !ROSTER.iter().chain(&DERIVED_TAGS).any(|written| written.eq_ignore_ascii_case(name)) {
                write_tag(&mut text, name, value);
            }
        }
        text.push('\n');
        let mut words = self.move_words();
        words.push(result.to_string());
        wrap(&mut text, &words);
        text.push_str("\n\n");
        text
    }

    /// The moves, glyphs, comments and variations as words that are never split across
    /// lines: `12. 32-28!`, `19-23`, `1... 19-23` (the second player's move first in
    /// the game), each word of a comment, a variation's brackets stuck to its first and
    /// last words.
    ///
    /// Only the first player's moves are numbered, and the second player's move that
    /// opens a line: the second player's move after a comment or a variation is not
    /// numbered again (`3. 24-20 {c} 25-21`, not `3... 25-21`), which PDN 3.0 allows (a
    /// move number is optional) and pydraughts' `PDNReader` needs: it drops a number
    /// written twice by deleting its text everywhere after the first, `3.` from `13.`
    /// and `23.` too, and so mangles the moves or fails on the game. (It removes the
    /// variations before, so their numbers do not count.)
    fn move_words(&self) -> Vec<String> {
        let mut words = Vec::new();
        let line = LineRef { comment: self.comment.as_deref(), moves: &self.moves };
        let first_player = self.start.rules().first_to_move;
        let offset = usize::from(self.start.side_to_move() != first_player);
        line_words(&mut words, line, self.start, offset);
        words
    }
}

/// A line to write: the main line or a variation.
#[derive(Clone, Copy)]
struct LineRef<'a> {
    comment: Option<&'a str>,
    moves: &'a [PdnMove],
}

/// Appends the words of `line`, played from `position`, whose first move is the game's
/// `ply`-th half-move counted from the first player's first move (so that `ply / 2 + 1`
/// is its number).
fn line_words(words: &mut Vec<String>, line: LineRef, mut position: Position, mut ply: usize) {
    if let Some(comment) = line.comment {
        comment_words(words, comment);
    }
    for (index, pdn_move) in line.moves.iter().enumerate() {
        let text = position.move_to_text(&pdn_move.mv);
        let glyph = pdn_move.glyph.map_or("", PdnGlyph::text);
        let number = ply / 2 + 1;
        words.push(match (ply % 2, index) {
            (0, _) => format!("{number}. {text}{glyph}"),
            (_, 0) => format!("{number}... {text}{glyph}"),
            _ => format!("{text}{glyph}"),
        });
        if let Some(comment) = &pdn_move.comment {
            comment_words(words, comment);
        }
        for variation in &pdn_move.variations {
            let first = words.len();
            let variation = LineRef { comment: variation.comment.as_deref(), moves: &variation.moves };
            line_words(words, variation, position, ply);
            match words.get_mut(first..) {
                Some([only]) => *only = format!("({only})"),
                Some([opening, .., closing]) => {
                    opening.insert(0, '(');
                    closing.push(')');
                }
                _ => words.push("()".to_string()),
            }
        }
        position = position.play(&pdn_move.mv);
        ply += 1;
    }
}

/// Appends the words of `{comment}`, its blanks collapsed and any `}` dropped, as PDN has
/// no escape for a closing brace inside a comment.
fn comment_words(words: &mut Vec<String>, comment: &str) {
    let comment = comment.replace('}', "");
    let braced = format!("{{{}}}", comment.split_whitespace().collect::<Vec<_>>().join(" "));
    words.extend(braced.split(' ').map(str::to_string));
}

/// `[Name "value"]` on its own line, `"` and `\` escaped and line breaks made blanks.
fn write_tag(text: &mut String, name: &str, value: &str) {
    let value = value.replace(['\r', '\n'], " ").replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(text, "[{name} \"{value}\"]");
}

/// Appends `words` separated by blanks, starting a new line before a word that would
/// pass [`LINE_WIDTH`].
fn wrap(text: &mut String, words: &[String]) {
    let mut width = 0;
    for word in words {
        let length = word.chars().count();
        if width > 0 && width + 1 + length > LINE_WIDTH {
            text.push('\n');
            width = 0;
        } else if width > 0 {
            text.push(' ');
            width += 1;
        }
        text.push_str(word);
        width += length;
    }
}
