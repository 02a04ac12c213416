//! Where PGN games start, found by byte searches rather than by reading the games, so that
//! the reading thread only decompresses and cuts, and the workers read the games' text
//! ([`GameReader::over`](crate::read::games::GameReader::over)) in parallel.
//!
//! The cut must fall where [`GameReader`](crate::read::games::GameReader) would start a
//! game, and every game must be counted, so that games keep their numbers. What decides it
//! is few bytes, and the same ones as the reader's:
//!
//! - between games: blanks, line ends, byte-order marks, and `%` and `;` lines are passed
//!   over; any other byte starts a game;
//! - in its tags: the same, and a line that opens with `[` is a tag line, read to its end
//!   whatever it holds; any other byte starts the movetext;
//! - in movetext (and its variations, which part as it does): a `{` comment runs to its
//!   `}`, a `;` comment and an escape line to the line end, and a line end followed by a
//!   blank line or a tag line ([`after_line_end`]) ends the game. No token of the
//!   movetext holds a `{`, a `;` or a line end: each ends one.
//!
//! `tests::the_cuts_are_the_reader_s` checks, on seeded mutations of games, that the games
//! read from the cut text are the ones read from the whole.

use crate::read::games::{after_line_end, LineEnd, BOM, LOOKAHEAD};

/// Where the search stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Where {
    /// Between games (`line_start`: a line end passed, so a `%` or `;` line may follow).
    Between { line_start: bool },
    /// In a game's tags, before its movetext (`line_start` as between games).
    Tags { line_start: bool },
    /// In a tag line, up to its line end.
    TagLine,
    /// In an escape or comment line between games (`tags`: among a game's tags), up to its
    /// line end.
    SkipLine { tags: bool },
    /// In movetext.
    Movetext,
    /// In a `{` comment.
    Comment,
    /// In a `;` comment or an escape line of the movetext, up to its line end.
    LineComment,
}

/// The search for game starts in a text that grows at its end.
#[derive(Debug)]
pub(crate) struct GameStarts {
    /// How far the text has been searched.
    at: usize,
    state: Where,
}

impl GameStarts {
    /// A search from the start of an input.
    pub(crate) fn new() -> Self {
        GameStarts {
            at: 0,
            state: Where::Between { line_start: true },
        }
    }

    /// Searches `text` on from where the last call stopped, calling `start` with the offset
    /// of each game that starts; stops where the bytes to tell what comes next are not all
    /// there yet, unless `eof` says no more will come.
    pub(crate) fn search(&mut self, text: &[u8], eof: bool, mut start: impl FnMut(usize)) {
        // Each step moves `at` on, or changes the state at the same byte to one that moves
        // on from it, or returns.
        loop {
            let at = self.at;
            let rest = &text[at..];
            let Some(&b) = rest.first() else {
                return;
            };
            match self.state {
                Where::Between { line_start } | Where::Tags { line_start } => {
                    let tags = matches!(self.state, Where::Tags { .. });
                    // A byte-order mark is looked for in three bytes, as the reader does.
                    if rest.len() < BOM.len() && !eof {
                        return;
                    }
                    match b {
                        b' ' | b'\t' | b'\r' | 0x0b | 0x0c => self.at += 1,
                        b'\n' => {
                            self.at += 1;
                            self.state = blank(tags, true);
                        }
                        b'%' | b';' if line_start => self.state = Where::SkipLine { tags },
                        _ if rest.starts_with(BOM) => self.at += BOM.len(),
                        b'[' if tags => self.state = Where::TagLine,
                        _ if tags => self.state = Where::Movetext,
                        _ => {
                            start(at);
                            self.state = Where::Tags { line_start: false };
                        }
                    }
                }
                Where::TagLine | Where::SkipLine { .. } | Where::LineComment => {
                    match memchr::memchr(b'\n', rest) {
                        // The line end is read by the state after.
                        Some(i) => {
                            self.at += i;
                            self.state = match self.state {
                                Where::TagLine => Where::Tags { line_start: false },
                                Where::SkipLine { tags } => blank(tags, true),
                                _ => Where::Movetext,
                            };
                        }
                        None => {
                            self.at = text.len();
                            return;
                        }
                    }
                }
                Where::Comment => match memchr::memchr(b'}', rest) {
                    Some(i) => {
                        self.at += i + 1;
                        self.state = Where::Movetext;
                    }
                    None => {
                        self.at = text.len();
                        return;
                    }
                },
                Where::Movetext => {
                    // Up to the next `;` or line end, only whether a comment is open at its
                    // end matters, and braces tell it from the last of each: comments do
                    // not nest, and a stray `}` closes none. Three vector searches a line,
                    // where a search a comment cost the reading thread a sixth of a scan's
                    // time on Lichess's movetext, a clock comment every move.
                    let end = memchr::memchr2(b';', b'\n', rest);
                    let segment = &rest[..end.unwrap_or(rest.len())];
                    let last_open = memchr::memrchr(b'{', segment);
                    if last_open.is_some() && last_open > memchr::memrchr(b'}', segment) {
                        // The `;` or line end, if any, is in the comment.
                        self.at += segment.len();
                        self.state = Where::Comment;
                        continue;
                    }
                    let Some(i) = end else {
                        self.at = text.len();
                        return;
                    };
                    match rest[i] {
                        b';' => {
                            self.at += i;
                            self.state = Where::LineComment;
                        }
                        _ => {
                            let after = &rest[i + 1..];
                            if after.len() < LOOKAHEAD && !eof {
                                // Read again from the line end once more has come.
                                self.at += i;
                                return;
                            }
                            self.at += i + 1;
                            match after_line_end(after) {
                                LineEnd::EndsGame => {
                                    self.state = Where::Between { line_start: true };
                                }
                                LineEnd::Escape => self.state = Where::LineComment,
                                LineEnd::Goes => {}
                            }
                        }
                    }
                }
            }
        }
    }

    /// The text's first `n` bytes have been cut off.
    pub(crate) fn cut(&mut self, n: usize) {
        self.at -= n;
    }
}

/// The blank state between games or among tags.
fn blank(tags: bool, line_start: bool) -> Where {
    match tags {
        true => Where::Tags { line_start },
        false => Where::Between { line_start },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::games::GameReader;

    /// Every game of `text` as the reader reads it (its Debug form), or the error.
    fn read_whole(text: &[u8]) -> Vec<String> {
        let mut reader = GameReader::new(text, vec!["Event".into()], true, 64);
        read_all(&mut reader)
    }

    fn read_all<R: std::io::Read>(reader: &mut GameReader<R>) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            match reader.read_game() {
                Ok(Some(game)) => out.push(format!("{game:?}")),
                Ok(None) => return out,
                Err(e) => out.push(format!("error at game {}: {e}", reader.games)),
            }
        }
    }

    /// The games of `text` read from pieces cut at the game starts found, the text handed to
    /// the search `step` bytes at a time.
    fn read_cut(text: &[u8], step: usize) -> Vec<String> {
        let mut starts = Vec::new();
        let mut search = GameStarts::new();
        let mut end = 0;
        while end < text.len() {
            end = (end + step).min(text.len());
            search.search(&text[..end], end == text.len(), |at| starts.push(at));
        }
        let mut out = Vec::new();
        let mut bounds: Vec<usize> = starts.clone();
        bounds.push(text.len());
        // Text before the first game start is blank: no game.
        for (n, pair) in bounds.windows(2).enumerate() {
            let piece = text[pair[0]..pair[1]].to_vec();
            let mut reader = GameReader::over(piece, n as u64 + 1, vec!["Event".into()], true);
            let games = read_all(&mut reader);
            assert!(
                games.len() <= 1 || games[1].starts_with("error"),
                "{games:?}"
            );
            out.extend(games);
        }
        out
    }

    /// Seeded mutations of games: bytes that matter to the parting, deleted, repeated and
    /// put in.
    fn mutations() -> Vec<Vec<u8>> {
        let game =
            "\u{feff}[Event \"a {b\"]\n; note\n[Site \"x\"]\n\n% escape {\n1. e4 { [%clk 0:03:00] \
            c } e5 (1... c5 { x\n\n y } 2. Nf3\n) 2. Nf3 ; rest {\n2... Nc6 $1 *\n\n\
            1. d4 d5\n[Event \"b\"]\n1. c4\n\u{feff}[Event \"c\"]\n\n1. e4 (\n\u{feff}[x\n1. e4\n";
        let alphabet = b"{}[]()\n\r;%\" \xef\xbb\xbf1.e4$*";
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut out = vec![game.as_bytes().to_vec()];
        for _ in 0..3000 {
            let mut bytes = game.as_bytes().to_vec();
            for _ in 0..1 + next(5) {
                let at = next(bytes.len());
                match next(3) {
                    0 => bytes[at] = alphabet[next(alphabet.len())],
                    1 => {
                        let end = (at + 1 + next(6)).min(bytes.len());
                        bytes.drain(at..end);
                    }
                    _ => bytes.insert(at, alphabet[next(alphabet.len())]),
                }
            }
            out.push(bytes);
        }
        out
    }

    #[test]
    fn the_cuts_are_the_reader_s() {
        for (i, text) in mutations().iter().enumerate() {
            let whole = read_whole(text);
            for step in [1, 3, 7, text.len()] {
                let cut = read_cut(text, step.max(1));
                assert_eq!(
                    cut,
                    whole,
                    "mutation {i} ({:?}), step {step}",
                    String::from_utf8_lossy(text)
                );
            }
        }
    }
}
