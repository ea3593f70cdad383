//! PDN text cut into tokens, each with the line it starts on: tags, comments, variation
//! brackets, NAGs, and words (moves, move numbers, glyphs, results) for the reader to
//! sort out.

/// A piece of PDN text.
#[derive(Debug)]
pub(super) enum Token<'a> {
    /// `[Name "value"]`, the value unescaped.
    Tag { name: &'a str, value: String },
    /// `{text}`, its blanks collapsed to single spaces.
    Comment(String),
    /// `(`: a variation starts.
    VariationStart,
    /// `)`: a variation ends.
    VariationEnd,
    /// `$n`: a numeric annotation glyph, its number if it has one that fits.
    Nag(Option<u32>),
    /// Anything else up to a blank or a bracket, or a move strength in brackets such
    /// as `(!)`, which PDN 3.0 allows beside `!`.
    Word(&'a str),
}

/// Text the lexer cannot cut into tokens, and its line.
pub(super) struct LexError {
    pub(super) line: usize,
    pub(super) message: String,
}

/// A cursor over PDN text. Every byte is looked at a bounded number of times, so that
/// no text, however long its lines, makes reading slow.
#[derive(Clone)]
pub(super) struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    /// Only blanks lie between the start of the line and `pos`.
    line_blank: bool,
    /// No `}` follows this position: a comment opened past it is never closed.
    unclosed_from: Option<usize>,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`, past a byte order mark if any.
    pub(super) fn new(text: &'a str) -> Lexer<'a> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Lexer { text, pos: 0, line: 1, line_blank: true, unclosed_from: None }
    }

    /// The next token and the line it starts on, or `None` at the end of the text. A
    /// malformed token is skipped past its first character or its line.
    pub(super) fn next_token(&mut self) -> Option<Result<(usize, Token<'a>), LexError>> {
        self.skip_blanks();
        let line = self.line;
        let token = match self.rest().chars().next()? {
            '[' => self.tag(),
            '{' => self.comment(),
            '}' => self.single(Err("'}' outside a comment".to_string())),
            '(' => match bracketed_glyph(self.rest()) {
                Some(glyph) => {
                    self.advance(glyph.len());
                    Ok(Token::Word(glyph))
                }
                None => self.single(Ok(Token::VariationStart)),
            },
            ')' => self.single(Ok(Token::VariationEnd)),
            '$' => {
                let digits = self.rest()[1..].bytes().take_while(u8::is_ascii_digit).count();
                let number = self.rest()[1..1 + digits].parse().ok();
                self.advance(1 + digits);
                Ok(Token::Nag(number))
            }
            _ => {
                let rest = self.rest();
                let end =
                    rest.find(|c: char| c.is_whitespace() || "[]{}()".contains(c)).unwrap_or(rest.len());
                self.advance(end.max(1));
                Ok(Token::Word(&rest[..end.max(1)]))
            }
        };
        Some(token.map(|token| (line, token)).map_err(|message| LexError { line, message }))
    }

    /// Moves on to where the next game probably starts after a fault: the next line
    /// opening with `[` (past the rest of this game's tags if the fault is among them).
    pub(super) fn skip_game(&mut self, in_tags: bool) {
        let mut past_tags = !in_tags;
        while let Some(end_of_line) = self.rest().find('\n') {
            self.advance(end_of_line + 1);
            if self.rest().trim_start_matches([' ', '\t']).starts_with('[') {
                if past_tags {
                    return;
                }
            } else {
                past_tags = true;
            }
        }
        self.advance(self.rest().len());
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn advance(&mut self, bytes: usize) {
        let passed = &self.rest()[..bytes];
        match passed.rfind('\n') {
            Some(last) => {
                self.line += passed.matches('\n').count();
                self.line_blank = passed[last + 1..].trim().is_empty();
            }
            None => self.line_blank &= passed.trim().is_empty(),
        }
        self.pos += bytes;
    }

    fn single(&mut self, token: Result<Token<'a>, String>) -> Result<Token<'a>, String> {
        self.advance(1);
        token
    }

    /// Skips blanks (`\r` included) and `%` lines, which PDN uses as an escape.
    fn skip_blanks(&mut self) {
        loop {
            let rest = self.rest();
            self.advance(rest.len() - rest.trim_start().len());
            if !(self.line_blank && self.rest().starts_with('%')) {
                return;
            }
            self.advance(self.rest().find('\n').unwrap_or(self.rest().len()));
        }
    }

    /// `[Name "value"]` on one line; `\"` and `\\` in the value stand for `"` and `\`. A
    /// value without quotes runs to the `]`.
    fn tag(&mut self) -> Result<Token<'a>, String> {
        let rest = self.rest();
        if let Some((name, value, length)) = parse_tag(rest) {
            self.advance(length);
            return Ok(Token::Tag { name, value });
        }
        let line = &rest[..rest.find('\n').unwrap_or(rest.len())];
        self.advance(line.len());
        Err(format!("malformed tag '{}'", line.trim()))
    }

    fn comment(&mut self) -> Result<Token<'a>, String> {
        let rest = self.rest();
        let end = match self.unclosed_from {
            Some(from) if from <= self.pos => None,
            _ => rest.find('}'),
        };
        match end {
            Some(end) => {
                self.advance(end + 1);
                Ok(Token::Comment(rest[1..end].split_whitespace().collect::<Vec<_>>().join(" ")))
            }
            None => {
                self.unclosed_from = Some(self.pos);
                self.single(Err("'{' starts a comment that is never closed".to_string()))
            }
        }
    }
}

/// The move strength in brackets (`(!)`, `(?!)`) that `text` starts with, if it does.
fn bracketed_glyph(text: &str) -> Option<&str> {
    let marks = text[1..].bytes().take_while(|b| matches!(b, b'!' | b'?')).count();
    (marks > 0 && text[1 + marks..].starts_with(')')).then(|| &text[..marks + 2])
}

/// The name, the value and the length in bytes of the tag `text` starts with, which must
/// end on its line.
fn parse_tag(text: &str) -> Option<(&str, String, usize)> {
    let inner = text.strip_prefix('[')?;
    let name_length = inner.find(|c: char| c.is_whitespace() || c == '"' || c == ']')?;
    let name = &inner[..name_length];
    let after_name = &inner[name_length..];
    let value_start = after_name.len() - after_name.trim_start_matches([' ', '\t']).len();
    let body = &after_name[value_start..];
    let (value, value_length) = match body.strip_prefix('"') {
        Some(quoted) => {
            let (value, length) = unquote(quoted)?;
            (value, length + 1)
        }
        None => {
            let end = body.find([']', '\n']).filter(|&end| body[end..].starts_with(']'))?;
            (body[..end].trim().to_string(), end)
        }
    };
    let after_value = &body[value_length..];
    let close = after_value.len() - after_value.trim_start_matches([' ', '\t', '\r']).len();
    if name.is_empty() || !after_value[close..].starts_with(']') {
        return None;
    }
    Some((name, value, 1 + name_length + value_start + value_length + close + 1))
}

/// The text of a quoted string whose opening quote is gone, and the bytes it took with
/// its closing quote.
fn unquote(quoted: &str) -> Option<(String, usize)> {
    let mut value = String::new();
    let mut chars = quoted.char_indices().peekable();
    while let Some((index, c)) = chars.next() {
        match c {
            '"' => return Some((value, index + 1)),
            '\n' => return None,
            '\\' if matches!(chars.peek(), Some((_, '"' | '\\'))) => {
                value.extend(chars.next().map(|(_, c)| c))
            }
            _ => value.push(c),
        }
    }
    None
}
