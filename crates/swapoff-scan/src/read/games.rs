//! PGN games read from a stream into [`GameRecord`]s: tags, the mainline's tokens and the
//! comments after its moves. Games part where pgn-reader parts them (a tag line after
//! movetext, or a blank line), and PGN's own punctuation is read as it reads it: comments
//! (`{...}`, `;` to the line's end), escape lines (`%` at a line's start), variations
//! (skipped, nested), NAGs (`$1`, `!?`), results and move numbers. Every other token goes
//! whole to [`token::read`](crate::read::token::read), the one place that knows the
//! notations people write; a token it cannot read stops its game there, reported.
//!
//! Why not pgn-reader: it skips a token it cannot read without telling its visitor, so a
//! lenient reading had to rewrite the bytes before it saw them. Here each token is read,
//! or reported at its place.
//!
//! A byte-order mark is passed over wherever a line starts with one (two Windows exports
//! joined with `cat`), and so are the Unicode spaces text copied from a web page holds
//! between moves (a no-break or thin space).

use crate::read::annotation::Annotation;
use crate::read::pgn::{GameRecord, MAX_PLIES};
use crate::read::tags;
use crate::read::token::{self, Token};
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::CastlingSide;
use std::io::{self, Read};

/// Bytes read from a file at a time.
pub(crate) const CHUNK: usize = 1 << 16;

/// The longest tag line or comment held whole: a record's limit.
const ROOM: usize = crate::read::records::MAX_RECORD_BYTES;

/// How far ahead a token is looked for whole: a longer token is no move.
const TOKEN_BYTES: usize = 255;

/// The byte-order mark.
pub(crate) const BOM: &[u8] = b"\xef\xbb\xbf";

/// How many bytes after a line end in movetext tell what follows it ([`after_line_end`]).
pub(crate) const LOOKAHEAD: usize = BOM.len() + 2;

/// What follows a line end in movetext or a variation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum LineEnd {
    /// The game ends: a blank line, or a tag line (a byte-order mark before it included).
    EndsGame,
    /// An escape line (`%`), passed over.
    Escape,
    /// The movetext goes on.
    Goes,
}

/// What the bytes after a line end in movetext say (`after`: [`LOOKAHEAD`] of them, or all
/// that are left). One rule for the movetext, its variations and the cutting of games for
/// the workers ([`game_starts`](crate::read::game_starts)).
pub(crate) fn after_line_end(after: &[u8]) -> LineEnd {
    match after {
        [b'\n' | b'[', ..] | [b'\r', b'\n', ..] => LineEnd::EndsGame,
        [b'%', ..] => LineEnd::Escape,
        data if data.starts_with(BOM) && matches!(data.get(3), Some(b'[' | b'\n')) => {
            LineEnd::EndsGame
        }
        _ => LineEnd::Goes,
    }
}

/// PGN games from a stream.
pub(crate) struct GameReader<R> {
    input: R,
    buf: Vec<u8>,
    pos: usize,
    /// Bytes dropped from the buffer's front so far: `dropped + pos` is the offset in the
    /// input, which every reading loop moves forward on every step (checked in debug
    /// builds by [`Self::advanced`]).
    dropped: u64,
    end: usize,
    eof: bool,
    /// Bytes read at a time, at least: [`CHUNK`] for a file, a cell's length for a
    /// table's movetext (which would otherwise allocate and clear a file's buffer a row).
    chunk: usize,
    /// Games begun so far.
    pub(crate) games: u64,
    /// The tags to keep (`--tags`).
    wanted_tags: Vec<String>,
    /// Whether comments are read for their clock and evaluation (else passed over).
    comments: bool,
    /// The last game's length, from which the next game's lists take their capacity.
    last_plies: usize,
    /// Games already processed, whose lists the next games fill again.
    pub(crate) spares: Vec<GameRecord>,
}

impl GameReader<io::Empty> {
    /// A reader of `text`, whole games cut where [`game_starts`](crate::read::game_starts)
    /// finds them, the first numbered `first_game`: a unit of work a worker reads. The
    /// text is the reader's buffer as it is, read once, never refilled.
    pub(crate) fn over(
        text: Vec<u8>,
        first_game: u64,
        wanted_tags: Vec<String>,
        comments: bool,
    ) -> Self {
        let mut reader = GameReader::new(io::empty(), wanted_tags, comments, 1);
        reader.end = text.len();
        reader.buf = text;
        reader.eof = true;
        reader.games = first_game.saturating_sub(1);
        reader
    }
}

impl<R: Read> GameReader<R> {
    /// A reader of `input`, `chunk` bytes at a time, that keeps the tags `wanted_tags` and
    /// reads comments for their [`Annotation`] when `comments` is set. Tag lines and
    /// comments are held whole up to a record's limit: a longer tag line costs its game, a
    /// longer comment is read in pieces of it.
    pub(crate) fn new(input: R, wanted_tags: Vec<String>, comments: bool, chunk: usize) -> Self {
        GameReader {
            input,
            buf: Vec::new(),
            pos: 0,
            dropped: 0,
            end: 0,
            eof: false,
            chunk: chunk.max(1),
            games: 0,
            wanted_tags,
            comments,
            last_plies: 0,
            spares: Vec::new(),
        }
    }

    /// The bytes read and not yet looked at.
    #[inline(always)]
    fn data(&self) -> &[u8] {
        &self.buf[self.pos..self.end]
    }

    /// The reader, its first game numbered `first_game` (the rest of an input whose first
    /// games were read elsewhere).
    pub(crate) fn numbered_from(mut self, first_game: u64) -> Self {
        self.games = first_game.saturating_sub(1);
        self
    }

    /// Makes `need` bytes ready to look at, or all that is left.
    #[inline(always)]
    fn fill(&mut self, need: usize) -> io::Result<()> {
        if self.end - self.pos < need && !self.eof {
            self.refill(need)?;
        }
        Ok(())
    }

    #[inline(never)]
    fn refill(&mut self, need: usize) -> io::Result<()> {
        while self.end - self.pos < need && !self.eof {
            if self.pos > 0 {
                self.buf.copy_within(self.pos..self.end, 0);
                self.end -= self.pos;
                self.dropped += self.pos as u64;
                self.pos = 0;
            }
            let want = need + self.chunk;
            if self.buf.len() < want {
                self.buf.resize(want, 0);
            }
            // The buffer is filled whole, so that what is moved to its front each time is
            // small beside what is read.
            while self.end < self.buf.len() && !self.eof {
                match self.input.read(&mut self.buf[self.end..]) {
                    Ok(0) => self.eof = true,
                    Ok(n) => self.end += n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(())
    }

    /// Where the cursor stands in the input.
    #[inline(always)]
    fn offset(&self) -> u64 {
        self.dropped + self.pos as u64
    }

    /// Checks, in debug builds, that a reading loop's step moved the cursor past `before`
    /// (an [`Self::offset`]): a step that moves nothing would repeat for ever, as a stray
    /// `}` once did. Release builds trust the loops, whose every arm moves or returns.
    #[inline(always)]
    fn advanced(&self, before: u64) {
        debug_assert!(
            self.offset() > before,
            "a reading step stood still at byte {before}"
        );
    }

    /// The next byte, if any.
    #[inline(always)]
    fn peek(&mut self) -> io::Result<Option<u8>> {
        self.fill(1)?;
        Ok(self.data().first().copied())
    }

    /// Passes over bytes up to `needle` (`after`: and it too), however far.
    fn skip_to(&mut self, needle: u8, after: bool) -> io::Result<()> {
        // Each step passes over all it holds, or returns.
        loop {
            let before = self.offset();
            self.fill(1)?;
            if self.pos == self.end {
                return Ok(());
            }
            match memchr::memchr(needle, self.data()) {
                Some(i) => {
                    self.pos += i + usize::from(after);
                    return Ok(());
                }
                None => self.pos = self.end,
            }
            self.advanced(before);
        }
    }

    /// Passes over blanks, line ends, byte-order marks, escape lines (`%` at a line's
    /// start) and comment lines (`;` at a line's start): what stands between games, and
    /// between tags.
    fn skip_blank(&mut self, mut line_start: bool) -> io::Result<()> {
        // Each step passes over a blank, a mark or an escape line, or returns.
        loop {
            let before = self.offset();
            self.fill(BOM.len())?;
            match self.data() {
                [b' ' | b'\t' | b'\r' | 0x0b | 0x0c, ..] => self.pos += 1,
                [b'\n', ..] => {
                    self.pos += 1;
                    line_start = true;
                }
                // An escape line, or a `;` comment line among the tags or between games
                // (python-chess passes both over there: a comment line must not end the
                // tags and split the game).
                [b'%' | b';', ..] if line_start => self.skip_to(b'\n', false)?,
                data if data.starts_with(BOM) => self.pos += BOM.len(),
                _ => return Ok(()),
            }
            self.advanced(before);
        }
    }

    /// Whether another game follows (a Parquet cell holds one).
    pub(crate) fn has_more(&mut self) -> io::Result<bool> {
        self.skip_blank(true)?;
        Ok(self.peek()?.is_some())
    }

    /// The next game, `None` at the end of the input. An unclosed comment at the input's
    /// end is an error of kind `InvalidData`; the game it is in is lost.
    pub(crate) fn read_game(&mut self) -> io::Result<Option<GameRecord>> {
        if !self.has_more()? {
            return Ok(None);
        }
        self.games += 1;
        // Games of a file are alike: the last one's length is the next one's capacity
        // (capped, so that a long game does not make every short one after it big).
        let capacity = (self.last_plies + 8).min(256);
        let spare = self.spares.pop();
        let mut game = GameRecord::reuse(spare, self.games, self.wanted_tags.len(), capacity);
        self.read_tags(&mut game)?;
        self.read_movetext(&mut game)?;
        self.last_plies = game.moves.len();
        Ok(Some(game))
    }

    /// Reads the tag lines: every line that starts with `[`, whole, as
    /// [`tags`](crate::read::tags) reads one. Then the tags are looked at together, the
    /// last value of a repeated tag counting.
    fn read_tags(&mut self, game: &mut GameRecord) -> io::Result<()> {
        // Each step reads a whole line (or passes over one too long), or returns.
        loop {
            let before = self.offset();
            self.skip_blank(false)?;
            if self.peek()? != Some(b'[') {
                game.end_tags();
                return Ok(());
            }
            self.fill(ROOM)?;
            let data = &self.buf[self.pos..self.end];
            // The line end is looked for in the room for a line only, so that a line's
            // length decides, not how much of the input the buffer holds (a worker's
            // reader holds its whole unit).
            let len = match memchr::memchr(b'\n', &data[..data.len().min(ROOM)]) {
                Some(len) => len,
                None if self.eof && data.len() <= ROOM => data.len(),
                None => {
                    self.tag_too_long(game)?;
                    continue;
                }
            };
            let wanted = &self.wanted_tags;
            tags::read_line(&data[..len], |name, value| match value {
                Some(value) => game.tag(name, &tags::unescape(value), wanted),
                None => game.tags += 1,
            });
            self.pos += len;
            self.advanced(before);
        }
    }

    /// A tag line longer than the room for one: the game is rejected, and the reading goes
    /// on after the line.
    #[cold]
    fn tag_too_long(&mut self, game: &mut GameRecord) -> io::Result<()> {
        game.tags += 1;
        game.rejected
            .get_or_insert_with(|| format!("a tag line longer than {ROOM} bytes"));
        // Up to the line end, as a tag line of any length is read.
        self.skip_to(b'\n', false)
    }

    /// Reads the movetext up to the game's end: a blank line, a tag line, or the input's
    /// end.
    fn read_movetext(&mut self, game: &mut GameRecord) -> io::Result<()> {
        // A game refused by its tags, cut at its last ply, or stopped at a token that
        // cannot be read takes no more moves; its text is still read to its end.
        let mut open = game.rejected.is_none();
        // Each step passes over at least one byte, or returns: every byte that ends a
        // token has an arm of its own, and a token is at least one byte long.
        loop {
            let before = self.offset();
            // A token's bytes, and two more for a Unicode space that starts in its last.
            self.fill(TOKEN_BYTES + 2)?;
            let Some(&b) = self.data().first() else {
                return Ok(());
            };
            match b {
                b'\n' => {
                    self.pos += 1;
                    if self.ends_game()? {
                        return Ok(());
                    }
                }
                b' ' | b'\t' | b'\r' | b'.' | 0x0b | 0x0c => self.pos += 1,
                b'{' => {
                    self.pos += 1;
                    self.comment(game, open)?;
                }
                b';' => self.skip_to(b'\n', false)?,
                b'(' => self.skip_variation()?,
                // A parenthesis or brace with nothing open, passed over as python-chess
                // does (a stray `}` once stood the reader still).
                b')' | b'}' => self.pos += 1,
                b'!' | b'?' => self.pos += 1,
                b'$' => {
                    self.pos += 1;
                    let digits = self
                        .data()
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                    self.pos += digits;
                }
                b'*' => {
                    self.pos += 1;
                    game.outcome = true;
                }
                b'0'..=b'9' => {
                    // Most such tokens are move numbers (`12.`), passed over here; the
                    // dots after the first are passed over as blanks.
                    let data = self.data();
                    let number = data.iter().take_while(|b| b.is_ascii_digit()).count();
                    if data.get(number) == Some(&b'.') {
                        self.pos += number + 1;
                    } else {
                        let (len, read) = digits(data);
                        self.pos += len;
                        match read {
                            Digits::Outcome => game.outcome = true,
                            Digits::Move(san) => {
                                open = open && push(game, Token::Move(san), b"");
                            }
                            Digits::Number => {}
                        }
                    }
                }
                _ => {
                    let data = self.data();
                    match blank_len(data) {
                        Some(len) => self.pos += len,
                        None if data.starts_with(BOM) => self.pos += BOM.len(),
                        None if data.starts_with("½-½".as_bytes()) => {
                            self.pos += "½-½".len();
                            game.outcome = true;
                        }
                        None => open = self.token(game, open)?,
                    }
                }
            }
            self.advanced(before);
        }
    }

    /// After a line end in movetext: whether the game ends here (a blank line, or a tag
    /// line, a byte-order mark before it included); an escape line is passed over.
    fn ends_game(&mut self) -> io::Result<bool> {
        self.fill(LOOKAHEAD)?;
        Ok(match after_line_end(self.data()) {
            LineEnd::EndsGame => true,
            LineEnd::Escape => {
                self.skip_to(b'\n', false)?;
                false
            }
            LineEnd::Goes => false,
        })
    }

    /// Reads the token at the cursor; returns whether the game still takes moves.
    fn token(&mut self, game: &mut GameRecord, open: bool) -> io::Result<bool> {
        let data = self.data();
        match token_len(data) {
            // At least one byte: every byte that ends a token is read by an arm of
            // `read_movetext` before a token is looked for.
            Some(len) if len > 0 => {
                let text = &self.buf[self.pos..self.pos + len];
                let open = open && push(game, token::read(text), text);
                self.pos += len;
                Ok(open)
            }
            // A byte that ends a token yet has no arm of its own: passed over, so that the
            // reading moves on whatever byte comes.
            Some(_) => {
                self.pos += 1;
                Ok(open)
            }
            // Longer than a token is looked for: no move. Its first bytes are quoted, and
            // the reading goes on at its end.
            None => {
                let start = self.offset();
                let head = open.then(|| self.data()[..TOKEN_BYTES.min(self.data().len())].to_vec());
                let mut from = 1;
                // Each step finds the end, or passes over all but the last two bytes held
                // (at least a token's length: a Unicode space may begin in them).
                loop {
                    if let Some(end) = token_end(self.data(), from) {
                        self.pos += end;
                        break;
                    }
                    if self.eof {
                        self.pos = self.end;
                        break;
                    }
                    self.pos = self.end - 2;
                    self.refill(TOKEN_BYTES)?;
                    from = 0;
                }
                if let Some(head) = head {
                    let length = (self.offset() - start) as usize;
                    game.unread = Some((described(&head, length), token::NOT_A_MOVE));
                }
                Ok(false)
            }
        }
    }

    /// Reads a comment (the cursor after its `{`) into the last move's annotation when
    /// `open` and comments are read. One longer than the room is read in pieces of it.
    fn comment(&mut self, game: &mut GameRecord, open: bool) -> io::Result<()> {
        let read = open && self.comments;
        // Each step closes the comment, or reads more of the input (the end of the
        // input returns).
        loop {
            if let Some(close) = memchr::memchr(b'}', self.data()) {
                if read {
                    let text = &self.buf[self.pos..self.pos + close];
                    game.annotate_last_move(text);
                }
                self.pos += close + 1;
                return Ok(());
            }
            if self.eof {
                self.pos = self.end;
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "a comment is not closed before the end of the input",
                ));
            }
            let held = self.end - self.pos;
            if held >= ROOM {
                if read {
                    let text = &self.buf[self.pos..self.end];
                    game.annotate_last_move(text);
                }
                self.pos = self.end;
            }
            let held = self.end - self.pos;
            self.refill(held + 1)?;
        }
    }

    /// Passes over a variation (the cursor at its `(`), the variations in it included,
    /// up to its `)` or the game's end (which is left to be read).
    fn skip_variation(&mut self) -> io::Result<()> {
        let mut depth = 0usize;
        // Each step passes over at least one byte, or returns.
        loop {
            let before = self.offset();
            self.fill(1 + LOOKAHEAD)?;
            let Some(&b) = self.data().first() else {
                return Ok(());
            };
            match b {
                b'(' => {
                    depth += 1;
                    self.pos += 1;
                }
                b')' => {
                    self.pos += 1;
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                b'{' => self.skip_to(b'}', true)?,
                b';' => self.skip_to(b'\n', false)?,
                // The game's end is left for the movetext to read.
                b'\n' => match after_line_end(&self.data()[1..]) {
                    LineEnd::Escape => {
                        self.pos += 1;
                        self.skip_to(b'\n', false)?;
                    }
                    LineEnd::EndsGame => return Ok(()),
                    LineEnd::Goes => self.pos += 1,
                },
                _ => {
                    // Up to the next byte that matters.
                    let skip = self.data()[1..]
                        .iter()
                        .position(|b| matches!(b, b'(' | b')' | b'{' | b';' | b'\n'))
                        .map_or(self.data().len(), |i| i + 1);
                    self.pos += skip;
                }
            }
            self.advanced(before);
        }
    }
}

/// Adds what a token (`text`) is to `game`; returns whether the game still takes moves.
fn push(game: &mut GameRecord, token: Token, text: &[u8]) -> bool {
    match token {
        Token::Move(san) => {
            if game.moves.len() >= MAX_PLIES {
                game.truncated = true;
                return false;
            }
            game.moves.push(san);
            game.annotations.push(Annotation::default());
            true
        }
        Token::Annotation => true,
        Token::Unreadable(why) => {
            game.unread = Some((lossy(text), why));
            false
        }
    }
}

/// What a token that starts with a digit is.
enum Digits {
    /// A result (`1-0`, `0-1`, `1/2-1/2`).
    Outcome,
    /// Castling with zeros (`0-0`, `0-0-0`, with a mark), or the null move `0000`.
    Move(SanPlus),
    /// Digits that are none of these (a move number without its dot).
    Number,
}

/// The token that starts `data` with a digit (no move number: the caller passes those
/// over), and its length.
fn digits(data: &[u8]) -> (usize, Digits) {
    let digits = data.iter().take_while(|b| b.is_ascii_digit()).count();
    let (number, rest) = data.split_at(digits);
    let dash = dash_len(rest);
    let result = match (number, dash) {
        (b"1", Some(d)) if rest[d..].starts_with(b"0") => Some(digits + d + 1),
        (b"0", Some(d)) if rest[d..].starts_with(b"1") => Some(digits + d + 1),
        (b"1", None) if rest.starts_with(b"/2") => {
            let after = &rest[2..];
            dash_len(after)
                .filter(|&d| after[d..].starts_with(b"1/2"))
                .map(|d| digits + 2 + d + 3)
        }
        _ => None,
    };
    if let Some(len) = result {
        return (len, Digits::Outcome);
    }
    if number == b"0000" && rest.first().is_none_or(|&b| is_token_end(b)) {
        let null = SanPlus {
            san: San::Null,
            suffix: None,
        };
        return (4, Digits::Move(null));
    }
    if let (b"0", Some(d)) = (number, dash) {
        if rest[d..].starts_with(b"0") {
            let mut len = digits + d + 1;
            let mut side = CastlingSide::KingSide;
            if let Some(d2) = dash_len(&data[len..]) {
                if data[len + d2..].starts_with(b"0") {
                    len += d2 + 1;
                    side = CastlingSide::QueenSide;
                }
            }
            let suffix = match data.get(len) {
                Some(b'+') => Some(Suffix::Check),
                Some(b'#') => Some(Suffix::Checkmate),
                _ => None,
            };
            let san = San::Castle(side);
            return (
                len + usize::from(suffix.is_some()),
                Digits::Move(SanPlus { san, suffix }),
            );
        }
    }
    (digits, Digits::Number)
}

/// Whether `b` ends a token.
#[inline(always)]
fn is_token_end(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t'
            | b'\n'
            | b'\r'
            | 0x0b
            | 0x0c
            | b'{'
            | b'}'
            | b'('
            | b')'
            | b'!'
            | b'?'
            | b'$'
            | b';'
            | b'*'
    )
}

/// The length of the token `data` starts with (up to a token end or a Unicode space), if
/// it ends within [`TOKEN_BYTES`] bytes or `data` is all that is left; `None` for a longer
/// token. Only the first [`TOKEN_BYTES`] bytes (and the two after, for a space that
/// starts there) are looked at, so that what a token is never hangs on how much of the
/// input a buffer holds: a reader of a whole unit of games and one of a stream agree.
#[inline(always)]
fn token_len(data: &[u8]) -> Option<usize> {
    for (i, &b) in data.iter().enumerate().take(TOKEN_BYTES) {
        if is_token_end(b) || (b >= 0xC2 && i > 0 && blank_len(&data[i..]).is_some()) {
            return Some(i);
        }
    }
    (data.len() < TOKEN_BYTES).then_some(data.len())
}

/// Where the token goes on to in `data`, looked for from `from`: the first token end or
/// Unicode space, if `data` holds it.
fn token_end(data: &[u8], from: usize) -> Option<usize> {
    (from..data.len()).find(|&i| {
        let b = data[i];
        is_token_end(b) || (b >= 0xC2 && blank_len(&data[i..]).is_some())
    })
}

/// The length of the Unicode space `data` starts with, if it does: a no-break space, en
/// quad to hair space, a narrow no-break space, a medium mathematical space.
#[inline]
fn blank_len(data: &[u8]) -> Option<usize> {
    match data {
        [0xC2, 0xA0, ..] => Some(2),
        [0xE2, 0x80, 0x80..=0x8A | 0xAF, ..] | [0xE2, 0x81, 0x9F, ..] => Some(3),
        _ => None,
    }
}

/// The length of the dash `data` starts with, if it does: `-`, an en dash or an em dash
/// (results written by word processors).
fn dash_len(data: &[u8]) -> Option<usize> {
    if data.starts_with(b"-") {
        Some(1)
    } else if data.starts_with("–".as_bytes()) || data.starts_with("—".as_bytes()) {
        Some(3)
    } else {
        None
    }
}

/// A token as text for a message: control characters escaped (`Nf3\0`), and clipped as
/// every quote of input is (a token may run for kilobytes of junk).
fn lossy(bytes: &[u8]) -> String {
    described(bytes, bytes.len())
}

/// [`lossy`] of a token's first bytes, `length` bytes long in all.
fn described(head: &[u8], length: usize) -> String {
    let text = String::from_utf8_lossy(head);
    match crate::read::parse::cut(&text, 60) {
        Some(head) => format!("{}... ({length} bytes)", head.escape_debug()),
        None if length > head.len() => format!("{}... ({length} bytes)", text.escape_debug()),
        None => text.escape_debug().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::annotation::Clock;

    /// A reader that gives its first `whole` bytes at once and then one byte a call, so
    /// that the PGN reader's buffer holds little more than one token and every long
    /// comment comes in pieces.
    struct Trickle<'a> {
        text: &'a [u8],
        whole: usize,
    }

    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let n = out.len().min(self.text.len()).min(self.whole.max(1));
            out[..n].copy_from_slice(&self.text[..n]);
            self.text = &self.text[n..];
            self.whole -= self.whole.min(n);
            Ok(n)
        }
    }

    #[test]
    fn a_comment_read_in_pieces_reads_as_a_whole() {
        // The clock stands at every offset of a comment several times longer than the
        // reader's room for a token, so it is split between two pieces somewhere (the
        // words are short, and the reader is handed the text a word at a time).
        for offset in 0..2 * TOKEN_BYTES {
            let seconds = 60 + offset as u64;
            let comment = format!(
                "{}[%clk 0:{:02}:{:02}] [%eval 0.{:02}]{}",
                "x ".repeat(offset),
                seconds / 60,
                seconds % 60,
                offset % 100,
                " y".repeat(TOKEN_BYTES)
            );
            // The reader takes in a tag line's room (64 KiB) at the start of a game, so a
            // longer comment about the game comes first.
            let about = "z ".repeat(crate::read::records::MAX_RECORD_BYTES / 2 + 10);
            let text = format!("{{{about}}} 1. e4 {{{comment}}} e5 {{[%clk 0:00:07]}} *\n");
            let whole = about.len() + 2;
            let input = Trickle {
                text: text.as_bytes(),
                whole,
            };
            let game = GameReader::new(input, Vec::new(), true, CHUNK)
                .read_game()
                .expect("readable")
                .expect("one game");
            let expected = Annotation {
                clock: Some(Clock::Whole(seconds as u32)),
                eval: Some(format!("0.{:02}", offset % 100).as_str().into()),
            };
            assert_eq!(game.annotations[0], expected, "clock at offset {offset}");
            assert_eq!(
                game.annotations[1].clock,
                Some(Clock::Whole(7)),
                "offset {offset}"
            );
        }
    }
}
