//! Reading a game's moves into a tree: the main line, and for each move its glyph, its
//! comments and the variations `( ... )` played instead of it, nested, each replayed
//! from its own position so that an illegal move in a variation is refused as one in
//! the main line is.

use super::game::{PdnGlyph, PdnLine, PdnMove, PdnResult};
use super::lexer::{LexError, Lexer, Token};
use crate::rules::Position;

/// The deepest variations may nest. Real annotated games nest a few levels; the limit
/// keeps a hostile file from building a tree so deep that walking it (writing, cloning,
/// comparing, dropping) would overflow the stack.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// Where the moves of a game could not be read, and why.
pub(super) struct TreeError {
    pub(super) line: usize,
    pub(super) message: String,
}

impl TreeError {
    fn new(line: usize, message: impl ToString) -> TreeError {
        TreeError { line, message: message.to_string() }
    }
}

impl From<LexError> for TreeError {
    fn from(error: LexError) -> TreeError {
        TreeError { line: error.line, message: error.message }
    }
}

/// A line being read: its moves so far and the positions it needs.
struct Frame {
    line: PdnLine,
    /// The position after the line's last move.
    position: Position,
    /// The position before the line's last move, where a variation of it starts.
    before_last: Position,
    /// The line of the `(` that opened this variation; 0 for the main line.
    opened_on: usize,
}

impl Frame {
    fn new(position: Position, opened_on: usize) -> Frame {
        Frame { line: PdnLine::default(), position, before_last: position, opened_on }
    }
}

/// The moves read so far: the main line at the bottom, the variation being read on top.
struct Reader {
    frames: Vec<Frame>,
}

/// The moves of a game read up to its result, its end of text or the next game's tags:
/// the main line with its opening comment, and the result written at the end, if any.
pub(super) fn read_tree(
    lexer: &mut Lexer,
    start: Position,
) -> Result<(PdnLine, Option<PdnResult>), TreeError> {
    let mut reader = Reader { frames: vec![Frame::new(start, 0)] };
    let mut result = None;
    loop {
        let before = lexer.clone();
        let Some(next) = lexer.next_token() else { break };
        let (line, token) = next?;
        match token {
            Token::Tag { .. } => {
                *lexer = before;
                break;
            }
            Token::Comment(text) => reader.comment(&text),
            Token::VariationStart => reader.open(line)?,
            Token::VariationEnd => reader.close(line)?,
            Token::Nag(number) => reader.glyph(number.and_then(PdnGlyph::from_nag)),
            Token::Word(word) => {
                result = reader.word(line, word)?;
                if result.is_some() {
                    break;
                }
            }
        }
    }
    reader.finish().map(|main| (main, result))
}

impl Reader {
    fn top(&mut self) -> &mut Frame {
        let last = self.frames.len() - 1;
        &mut self.frames[last]
    }

    /// A comment goes after the line's last move, or before its first.
    fn comment(&mut self, text: &str) {
        let line = &mut self.top().line;
        let comment = match line.moves.last_mut() {
            Some(last) => &mut last.comment,
            None => &mut line.comment,
        };
        let comment = comment.get_or_insert_with(String::new);
        if !comment.is_empty() {
            comment.push(' ');
        }
        comment.push_str(text);
    }

    /// The first glyph after a move is its glyph; one before any move is dropped.
    fn glyph(&mut self, glyph: Option<PdnGlyph>) {
        if let Some(last) = self.top().line.moves.last_mut() {
            last.glyph = last.glyph.or(glyph);
        }
    }

    /// `(`: a variation of the line's last move starts.
    fn open(&mut self, line: usize) -> Result<(), TreeError> {
        let top = self.top();
        if top.line.moves.is_empty() {
            return Err(TreeError::new(line, "'(' opens a variation before any move it could replace"));
        }
        if self.frames.len() > MAX_VARIATION_DEPTH {
            return Err(TreeError::new(
                line,
                format!("variations nest deeper than {MAX_VARIATION_DEPTH} levels"),
            ));
        }
        let start = self.top().before_last;
        self.frames.push(Frame::new(start, line));
        Ok(())
    }

    /// `)`: the variation on top is done and joins the move it replaces.
    fn close(&mut self, line: usize) -> Result<(), TreeError> {
        if self.frames.len() == 1 {
            return Err(TreeError::new(line, "')' closes no variation"));
        }
        let done = self.frames.pop().map(|frame| frame.line);
        if let (Some(done), Some(replaced)) = (done, self.top().line.moves.last_mut()) {
            replaced.variations.push(done);
        }
        Ok(())
    }

    /// A move (with or without its number and glyph), a glyph alone, a move number
    /// alone, or a result: the game's result when it ends the main line, skipped in a
    /// variation.
    fn word(&mut self, line: usize, word: &str) -> Result<Option<PdnResult>, TreeError> {
        let text = without_move_number(word);
        let in_main_line = self.frames.len() == 1;
        if let Some(result) = PdnResult::from_pdn(text, self.top().position.variant()) {
            return Ok(if in_main_line { Some(result) } else { None });
        }
        let (text, strength) = split_strength(text);
        if text.is_empty() {
            self.glyph(PdnGlyph::from_text(strength));
            return Ok(None);
        }
        let top = self.top();
        let mv = top.position.parse_move(text).map_err(|error| match top.opened_on {
            0 => TreeError::new(line, error),
            opened => TreeError::new(line, format!("{error}, in the variation opened on line {opened}")),
        })?;
        top.before_last = top.position;
        top.position = top.position.play(&mv);
        let mut pdn_move = PdnMove::new(mv);
        pdn_move.glyph = PdnGlyph::from_text(strength);
        top.line.moves.push(pdn_move);
        Ok(None)
    }

    /// The main line, or the error of the innermost variation left open.
    fn finish(mut self) -> Result<PdnLine, TreeError> {
        match self.frames.pop() {
            Some(frame) if self.frames.is_empty() => Ok(frame.line),
            Some(frame) => Err(TreeError::new(frame.opened_on, "the variation opened here is never closed")),
            None => Ok(PdnLine::default()),
        }
    }
}

/// `word` without a leading move number (`12.`, `12...`, `...`): the move in `12.32-28`,
/// nothing in `12.`.
fn without_move_number(word: &str) -> &str {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
    if dots > 0 { &word[digits + dots..] } else { word }
}

/// A word split into the move and its strength: `32-28!?` into `32-28` and `!?`, `(!)`
/// into nothing and `!`.
fn split_strength(word: &str) -> (&str, &str) {
    let word = word.strip_prefix('(').and_then(|inner| inner.strip_suffix(')')).unwrap_or(word);
    let text = word.trim_end_matches(['!', '?']);
    (text, &word[text.len()..])
}
