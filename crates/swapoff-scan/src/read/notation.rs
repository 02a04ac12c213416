//! Movetext in the notations python-chess reads but pgn-reader skips without telling: long
//! algebraic (`e2-e4`, `Ng1-f3`, `e7-e8=Q`), an en passant mark (`exd6e.p.`,
//! `exd6 e.p.`) and a promotion without `=` (`e8Q`, `bxa1N`, and UCI's `e7e8q`, of which
//! pgn-reader dropped the whole move, so that the error named the next one). [`Notation`]
//! rewrites them as the PGN text streams past, before pgn-reader sees it: the dash goes
//! (`e2e4`, which the game replay reads as UCI; `Ng1f3`, over-disambiguated SAN), so does
//! the mark, and the `=` comes in (`e8=Q`, `e7e8=q`). Figurine notation (`♘f3`, `♞xe4`,
//! `♙e4`), which chess programs export and pgn-reader skips token by token (two skipped
//! moves keep the turn, so the game went on with the wrong moves and no message), is
//! written with letters (`Nf3`, `Nxe4`, `e4`): python-chess drops the figurine and reads
//! a pawn move, so here the rows are right where its are not. A Unicode space between
//! moves (a no-break space from a web page) becomes an ASCII one, as python-chess reads
//! it: pgn-reader took it for a part of the next move and skipped both. A move written
//! with another language's piece letter (German `Sf3`, French `Cc3`), which pgn-reader
//! also skipped without a word, is wrapped in a comment that starts with a NUL byte
//! ([`UNREAD`]), so that the game collector stops the game there and reports it; so is
//! one with SAN's letter in lower case (`nf3`). Two check or mate marks (`Qxf7#+`), which
//! pgn-reader skipped too, are cut to the first. The null move `@@@@`, which pgn-reader
//! skipped, is written `--`, as python-chess reads it. An annotation glued to a move
//! (`e4,`, `Nf3+/-`, `Ba4±`), with which pgn-reader skipped the move, is parted from it by
//! a space, so that the move is read and the annotation passed over, as python-chess
//! reads them. Tag
//! lines and comments are left as they are, so a tag's value is never changed. Text
//! without any of them passes through with one test of each 64-byte block (promotions,
//! foreign and lower-case letters, doubled marks, long algebraic dashes, en passant marks)
//! and a search for each of the rare bytes that start a figurine, a Unicode space, a
//! null move or a glued annotation.

use shakmaty::san::SanPlus;
use std::io::{self, Read};

/// Bytes read from the inner reader at a time.
const CHUNK: usize = 1 << 16;

/// A reader that rewrites long algebraic moves and en passant marks (see the module).
pub struct Notation<R> {
    inner: R,
    /// One buffer, reused: `buf[start..ready]` is rewritten and not yet handed out,
    /// `buf[ready..filled]` read but not yet rewritten (the last, maybe unfinished, token
    /// of a chunk).
    buf: Vec<u8>,
    start: usize,
    ready: usize,
    filled: usize,
    /// Where the unrewritten bytes start: on what line, in what comment.
    context: Context,
    done: bool,
}

impl<R: Read> Notation<R> {
    /// Wraps `inner`.
    pub fn new(inner: R) -> Notation<R> {
        Notation {
            inner,
            buf: Vec::new(),
            start: 0,
            ready: 0,
            filled: 0,
            context: Context::default(),
            done: false,
        }
    }

    /// Reads a chunk and rewrites it up to its last whitespace (all of it at the end).
    fn refill(&mut self) -> io::Result<()> {
        // What is left unrewritten moves to the front, and a chunk is read after it.
        self.buf.copy_within(self.ready..self.filled, 0);
        let have = self.filled - self.ready;
        (self.start, self.ready, self.filled) = (0, 0, have);
        if self.buf.len() < have + CHUNK {
            self.buf.resize(have + CHUNK, 0);
        }
        let n = loop {
            match self.inner.read(&mut self.buf[have..have + CHUNK]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        };
        self.filled = have + n;
        self.done = n == 0;
        let text = &mut self.buf[..self.filled];
        // A token cut by the chunk's end waits for the rest of it.
        let cut = if self.done {
            text.len()
        } else {
            match text.iter().rposition(u8::is_ascii_whitespace) {
                Some(i) => i + 1,
                None if text.len() > CHUNK => text.len(),
                None => return Ok(()),
            }
        };
        let (edits, context) = edits(&text[..cut], self.context);
        self.context = context;
        if edits.iter().any(|e| !e.insert.is_empty()) {
            // A promotion without `=` (rare): the chunk is written again, longer.
            let mut longer = Vec::with_capacity(self.filled + edits.len() + CHUNK);
            apply(&self.buf[..cut], &edits, &mut longer);
            self.ready = longer.len();
            longer.extend_from_slice(&self.buf[cut..self.filled]);
            self.filled = longer.len();
            self.buf = longer;
            return Ok(());
        }
        let kept = drop_in_place(&mut self.buf[..cut], &edits);
        // The bytes a rewrite dropped leave a gap before the unrewritten rest.
        self.buf.copy_within(cut..self.filled, kept);
        self.filled -= cut - kept;
        self.ready = kept;
        Ok(())
    }
}

impl<R: Read> Read for Notation<R> {
    // Never inlined: pgn-reader asks for more text once in thousands of tokens, and with
    // this inlined into the check it makes before every token, that check was too large to
    // inline and cost a call, with a frame, per token (5% of a scan's time).
    #[inline(never)]
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.start == self.ready {
            if self.done && self.filled == self.ready {
                return Ok(0);
            }
            self.refill()?;
        }
        let n = buf.len().min(self.ready - self.start);
        buf[..n].copy_from_slice(&self.buf[self.start..self.start + n]);
        self.start += n;
        Ok(n)
    }
}

fn is_file(b: u8) -> bool {
    (b'a'..=b'h').contains(&b)
}

fn is_rank(b: u8) -> bool {
    (b'1'..=b'8').contains(&b)
}

/// Whether `b` may be the last byte of a move: a rank, a check or mate mark, a
/// promotion's letter or castling's `O`.
fn ends_move(b: u8) -> bool {
    is_rank(b) || is_mark(b) || b"QRBNO".contains(&b)
}

/// Whether `b` ends a movetext token.
fn ends_token(b: Option<&u8>) -> bool {
    b.is_none_or(|&b| b.is_ascii_whitespace() || b"+#!?)({}$;".contains(&b))
}

/// What the line being read is, once its first byte with content is known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Line {
    /// Nothing but blanks so far.
    #[default]
    Undecided,
    /// It starts with `[`.
    Tag,
    /// It starts with `%`: an escape line, which the reader passes over.
    Escape,
    /// It starts with anything else.
    Other,
}

/// Where a chunk of text starts, as far as a rewrite needs to know.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Context {
    /// What the line it starts on is.
    line: Line,
    /// Inside a `{` comment.
    brace: bool,
    /// After a `;` on its line (a comment to the line's end).
    semicolon: bool,
}

impl Context {
    /// Where `text[at..]` starts, when `text` started at `self`.
    fn at(self, text: &[u8], at: usize) -> Context {
        let before = &text[..at];
        // Any `}` closes a comment, so the last brace tells.
        let brace = match memchr::memrchr2(b'{', b'}', before) {
            Some(brace) => text[brace] == b'{',
            None => self.brace,
        };
        let semicolon = match memchr::memrchr(b'\n', before) {
            Some(end) => memchr::memchr(b';', &before[end + 1..]).is_some(),
            None => self.semicolon || memchr::memchr(b';', before).is_some(),
        };
        Context {
            line: line_at(text, at, self.line),
            brace,
            semicolon,
        }
    }

    /// Whether this is inside a comment: a `{` one, a `;` one, or a `%` line.
    fn in_comment(self) -> bool {
        self.brace || self.semicolon || self.line == Line::Escape
    }

    /// Whether this is on a tag line.
    fn on_tag_line(self) -> bool {
        self.line == Line::Tag
    }

    /// Whether this is movetext pgn-reader reads: not a tag line, not a comment.
    fn in_movetext(self) -> bool {
        !self.on_tag_line() && !self.in_comment()
    }
}

/// What the line holding `text[at..]` is, given `before`: what the line `text` starts in
/// was at its start.
fn line_at(text: &[u8], at: usize, before: Line) -> Line {
    let (line, before) = match memchr::memrchr(b'\n', &text[..at]) {
        Some(end) => (&text[end + 1..at], Line::Undecided),
        None => (&text[..at], before),
    };
    if before != Line::Undecided {
        return before;
    }
    match line.trim_ascii_start().first() {
        None => Line::Undecided,
        Some(b'[') => Line::Tag,
        Some(b'%') => Line::Escape,
        Some(_) => Line::Other,
    }
}

/// One change to the text: `text[start..end]` replaced by `insert`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Edit {
    start: usize,
    end: usize,
    insert: &'static [u8],
}

/// What opens the comment a move with a foreign piece letter is wrapped in (see
/// [`edits`]): no PGN comment starts with a NUL byte.
pub(crate) const UNREAD: &[u8] = b"{\0";

/// The longest move [`foreign_move`] takes: SAN with a piece letter is at most 7 bytes
/// (`Qh4xe1+`), and long algebraic adds a dash (`Sg1-f3`).
const LONGEST_MOVE: usize = 8;

/// The bytes the block scan looks at together: 64 lets the compiler test them with a few
/// vector instructions (about 25 ms in 133 MB of Lichess's text, which flags almost no
/// block).
const BLOCK: usize = 64;

/// Whether `rank` then `letter` may be a promotion without `=` (`8Q`, `1n`): a back rank
/// (or a `0` or `9`, which the same mask lets through), then a letter from `b` to `r` in
/// either case (every promotion letter, and few others). Branch-free and loose, so that a
/// block of them is tested in a few vector instructions; [`edits`] decides exactly.
#[inline(always)]
fn may_promote(rank: u8, letter: u8) -> bool {
    let lower = letter | 0x20;
    ((rank & 0xF6) == 0x30) & (lower.wrapping_sub(b'b') < 17)
}

/// Whether `before` then `letter` may start a move written with another language's piece
/// letter (German `Sf3`, French `Fb5`): a capital at a token's start that is none of
/// SAN's (`K`, `Q`, `R`, `B`, `N`, `O` of castling, and `P`, read as a pawn's).
/// Branch-free and loose, as [`may_promote`]; [`foreign_move`] decides exactly.
#[inline(always)]
fn may_be_foreign(before: u8, letter: u8) -> bool {
    let starts = (before <= b' ') | (before == b'.');
    let capital = letter.wrapping_sub(b'A') < 26;
    // `N` to `R` are next to each other (`P` is read as a pawn's): one range test.
    let san = (letter == b'B') | (letter == b'K') | (letter.wrapping_sub(b'N') < 5);
    // SAN's letters in lower case (`nf3`, `qxf7`), which pgn-reader skipped too; not `b`,
    // which starts a pawn's capture from the b-file (`bc4`, read as `bxc4`). `n` to `r`
    // in one range test (`o` and `p` start no PGN token either).
    let lower = (letter == b'k') | (letter.wrapping_sub(b'n') < 5);
    starts & ((capital & !san) | lower)
}

/// Whether `rank`, `dash` and `file` may be the middle of a long algebraic move (`e2-e4`):
/// a rank, a dash, a file. Lichess's evaluations put a dash after a blank (`-0.35`) and its
/// results after a `1` or a `0` then before a digit, so a block of its text has none;
/// [`edits`] decides exactly. A search for every dash (one in every other comment) cost
/// 3% of a scan.
#[inline(always)]
fn may_dash(rank: u8, dash: u8, file: u8) -> bool {
    (rank.wrapping_sub(b'1') < 8) & (dash == b'-') & (file.wrapping_sub(b'a') < 8)
}

/// Whether `a` then `b` are two check or mate marks (`Qxf7#+`, `Qf7++`): pgn-reader
/// skipped such a move without a word, and python-chess reads it.
#[inline(always)]
fn marks(a: u8, b: u8) -> bool {
    is_mark(a) & is_mark(b)
}

/// Whether `b` is a check or mate mark, `+` or `#`.
#[inline(always)]
fn is_mark(b: u8) -> bool {
    // `#` (0x23) and `+` (0x2B) differ in one bit, and no other byte gives 0x2B with it.
    (b | 0x08) == b'+'
}

/// Whether the bytes at a place may start a rewrite (see [`block_candidates`]).
#[inline(always)]
fn may_rewrite(first: u8, second: u8, third: u8) -> bool {
    may_promote(first, second)
        | may_be_foreign(first, second)
        | marks(first, second)
        | may_dash(first, second, third)
}

/// Where in `text` a pair of bytes may start a promotion without `=`, a move with a
/// foreign piece letter or doubled marks, or a rank may come before a long algebraic
/// dash: blocks tested whole first, and only a block with one looked at byte by byte.
fn block_candidates(text: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let blocks = text.len().saturating_sub(2) / BLOCK;
    let flagged = (0..blocks).filter(move |&b| {
        let at = b * BLOCK;
        let firsts = &text[at..at + BLOCK];
        let seconds = &text[at + 1..at + BLOCK + 1];
        let thirds = &text[at + 2..at + BLOCK + 2];
        let mut hit = false;
        for ((&first, &second), &third) in firsts.iter().zip(seconds).zip(thirds) {
            hit |= may_rewrite(first, second, third);
        }
        hit
    });
    let tail = blocks * BLOCK..text.len().saturating_sub(1);
    flagged
        .flat_map(|b| b * BLOCK..(b + 1) * BLOCK)
        .chain(tail)
        .filter(move |&i| {
            let third = text.get(i + 2).copied().unwrap_or(b' ');
            may_rewrite(text[i], text[i + 1], third)
        })
}

/// Whether `b` ends a token for pgn-reader, which skips a token it cannot read up to one.
/// Not [`ends_token`]: there a check mark ends a promotion's letter, here it belongs to the
/// move (`Tfe1+` is one token).
fn ends_reader_token(b: u8) -> bool {
    b.is_ascii_whitespace() || b"{}()!?$;.*".contains(&b)
}

/// The end of the token at `text[at..]` when pgn-reader would skip it without a word but
/// it is a move with another piece letter: not SAN as it stands, SAN once its first
/// letter is a knight's (`Sf3`, `Lxb5`, `Tfe1+`, and long algebraic `Sg1-f3`). Words
/// (`Sicilian`) are not.
pub(crate) fn foreign_move(text: &[u8], at: usize) -> Option<usize> {
    // No further than a move can be long: a token that runs on is no move, and a scan to
    // its end from each capital in it took quadratic time.
    let window = &text[at..text.len().min(at + LONGEST_MOVE + 1)];
    let len = window
        .iter()
        .position(|&b| ends_reader_token(b))
        .unwrap_or(window.len());
    let token = &text[at..at + len];
    if !(3..=LONGEST_MOVE).contains(&len) || SanPlus::from_ascii(token).is_ok() {
        return None;
    }
    let mut as_knight = [b'N'; LONGEST_MOVE];
    let mut n = 1;
    for &b in token[1..].iter().filter(|&&b| b != b'-') {
        as_knight[n] = b;
        n += 1;
    }
    SanPlus::from_ascii(&as_knight[..n]).ok()?;
    Some(at + len)
}

/// The first bytes of the UTF-8 that [`unicode_edit`] rewrites: `♔`..`♟` are E2 99 94 to
/// E2 99 9F, a no-break space C2 A0, the other spaces E2 80 xx and E2 81 9F. Both are rare
/// in PGN, so memchr finds them fast (testing them, and `@`, in the block scan as well was
/// no faster than these two searches).
const LEADS: (u8, u8) = (0xC2, 0xE2);

/// The ASCII that the UTF-8 character at `text[i..]` is written as, and its length: a
/// figurine's letter (`""` for a pawn), or a space for a Unicode space (a no-break space
/// copied from a web page, a thin space), which python-chess reads as one and pgn-reader
/// would take for a part of the move after it.
fn unicode_edit(text: &[u8], i: usize) -> Option<(&'static [u8], usize)> {
    const LETTERS: [&[u8]; 6] = [b"K", b"Q", b"R", b"B", b"N", b""];
    match text.get(i..(i + 3).min(text.len()))? {
        [0xC2, 0xA0, ..] => Some((b" ", 2)),
        // White's figurines, then Black's, each king to pawn.
        &[0xE2, 0x99, third @ 0x94..=0x9F] => Some((LETTERS[usize::from(third - 0x94) % 6], 3)),
        // En quad to hair space, the narrow no-break space, the medium mathematical space.
        [0xE2, 0x80, 0x80..=0x8A | 0xAF] | [0xE2, 0x81, 0x9F] => Some((b" ", 3)),
        _ => None,
    }
}

/// A move with another piece letter at `text[at..]`, outside tags and comments, wrapped in
/// a comment that starts with a NUL byte ([`UNREAD`]), which the game collector reads as
/// "the mainline stops here, at this move" and reports: pgn-reader would skip it without a
/// word, and two skipped moves in a row keep the turn, so that the game went on with the
/// wrong moves.
fn wrap_foreign(text: &[u8], at: usize, here: Context) -> Option<[Edit; 2]> {
    let end = foreign_move(text, at)?;
    // A brace in a tag value may make this say "in a comment" where pgn-reader says no,
    // which only leaves a move as pgn-reader reads it.
    if !here.in_movetext() {
        return None;
    }
    let open = Edit {
        start: at,
        end: at,
        insert: UNREAD,
    };
    let close = Edit {
        start: end,
        end,
        insert: b"}",
    };
    Some([open, close])
}

/// The null move `@@@@` at `text[at..]`, as a token of movetext, written `--`:
/// python-chess reads it, and pgn-reader skipped it without a word, so that the next move
/// was played for the wrong side, or, at a game's end, the null move was lost. (UCI's
/// `0000`, which pgn-reader takes for a move number, is left as it is: finding it took a
/// question over a Lichess file 10% more time.) `cursor` is at or before `at`.
fn null_move(text: &[u8], at: usize, cursor: &mut Cursor) -> Option<Edit> {
    let spelled = text.get(at..at + 4) == Some(b"@@@@");
    let alone = at == 0 || text[at - 1].is_ascii_whitespace() || text[at - 1] == b'(';
    (spelled && alone && ends_token(text.get(at + 4)) && cursor.at(text, at).in_movetext())
        .then_some(Edit {
            start: at,
            end: at + 4,
            insert: b"--",
        })
}

/// Where the text at a place stands, read forward from the last place asked about: each
/// byte is looked at once however many candidates a chunk has (from the chunk's start
/// each time, a chunk of `++` tokens took quadratic time).
struct Cursor {
    at: usize,
    context: Context,
}

impl Cursor {
    /// At the start of a chunk that starts at `context`.
    fn new(context: Context) -> Cursor {
        Cursor { at: 0, context }
    }

    /// The context at `text[at..]`; `at` is at or after the last place asked about.
    fn at(&mut self, text: &[u8], at: usize) -> Context {
        self.context = self.context.at(&text[self.at..], at - self.at);
        self.at = at;
        self.context
    }
}

/// Whether `text[i]`, a rank, then a piece letter that ends the token are a promotion
/// without `=`: a pawn's target square on a back rank (the token's start, after an `x`, or
/// after the origin square of UCI or long algebraic).
fn promotion_at(text: &[u8], i: usize) -> bool {
    let letter = text[i + 1].to_ascii_uppercase();
    let target = i >= 1 && is_file(text[i - 1]) && matches!(text[i], b'1' | b'8');
    let before = i.checked_sub(2).map(|b| text[b]);
    let pawn_move = match before {
        None => true,
        Some(b'x') => true,
        Some(b) if is_rank(b) => i >= 3 && is_file(text[i - 3]),
        // Long algebraic (`e7-e8Q`), whose dash goes too.
        Some(b'-') => i >= 4 && is_rank(text[i - 3]) && is_file(text[i - 4]),
        Some(b) => b.is_ascii_whitespace() || b == b'.' || b == b'(',
    };
    target && pawn_move && b"QRBN".contains(&letter) && ends_token(text.get(i + 2))
}

/// Whether a space parts a move from an annotation glued to it at `text[i]` (a `,`, `/`
/// or `=`): a comma after a move (`e4,`), or a textual evaluation after a check mark
/// (`Nf3+/-`, `Bb5+/=`, `Re1+=`).
fn glued_at(text: &[u8], i: usize) -> bool {
    let before = i.checked_sub(1).map(|b| text[b]);
    match text[i] {
        b',' => before.is_some_and(ends_move),
        _ => before == Some(b'+'),
    }
}

/// The changes `text` needs (`start`: where it starts), in order, and where the text after
/// it starts.
fn edits(text: &[u8], start: Context) -> (Vec<Edit>, Context) {
    let mut edits = Vec::new();
    let drop = |start, end| Edit {
        start,
        end,
        insert: b"",
    };
    let space = |at| Edit {
        start: at,
        end: at,
        insert: b" ",
    };
    // Each figurine and Unicode space, outside tag lines: its letter, or a space.
    // Each pass reads where its places stand forward from the last one it asked about
    // (from each line's start every time, a long line of them took quadratic time), so
    // each has its own cursor.
    let mut symbols = Cursor::new(start);
    for i in memchr::memchr2_iter(LEADS.0, LEADS.1, text) {
        if let Some((insert, len)) = unicode_edit(text, i) {
            if !symbols.at(text, i).on_tag_line() {
                edits.push(Edit {
                    start: i,
                    end: i + len,
                    insert,
                });
            }
        } else if i > 0 && ends_move(text[i - 1]) && symbols.at(text, i).in_movetext() {
            // An evaluation symbol glued to a move (`e4±`, `Nf3∓`, `Rd1⇆`): pgn-reader
            // skipped the move with it, python-chess reads the move.
            edits.push(space(i));
        }
    }
    // Each `@@@@`, a null move (see `null_move`): `@` is rare, so this pass costs little,
    // where a third byte in the pass above cost the question 2.5% of its time.
    let mut nulls = Cursor::new(start);
    for i in memchr::memchr_iter(b'@', text) {
        edits.extend(null_move(text, i, &mut nulls));
    }
    // A chunk starts after a blank (or at the start of the text): at a token's start.
    if text
        .first()
        .is_some_and(|&first| may_be_foreign(b' ', first))
    {
        edits.extend(wrap_foreign(text, 0, start).into_iter().flatten());
    }
    // A dash, mark or promotion found at `i` is on the line of `i`: none is a line end.
    let mut candidates = Cursor::new(start);
    for i in block_candidates(text) {
        // A long algebraic dash (`e2-e4`, `Ng1-f3`) after `i`, which goes.
        if text[i + 1] == b'-' {
            let dash = i + 1;
            let square_before = dash >= 2 && is_file(text[dash - 2]);
            let square_after = text.len() > dash + 2 && is_rank(text[dash + 2]);
            if square_before && square_after && !candidates.at(text, i).on_tag_line() {
                edits.push(drop(dash, dash + 1));
            }
            continue;
        }
        // An en passant mark (`exd6e.p.`, `exd6 e.p.`), found by its `.p`, which the test
        // for a foreign letter after a dot flags already.
        if text[i] == b'.' && text[i + 1] == b'p' && i >= 1 && text[i - 1] == b'e' {
            let at = i - 1;
            let after_square = at >= 2 && is_file(text[at - 2]) && is_rank(text[at - 1]);
            let alone = at == 0 || text[at - 1].is_ascii_whitespace();
            if text.get(at + 3) == Some(&b'.')
                && (after_square || alone)
                && ends_token(text.get(at + 4))
                && !candidates.at(text, i).on_tag_line()
            {
                edits.push(drop(at, at + 4));
            }
        }
        if may_be_foreign(text[i], text[i + 1]) {
            let here = candidates.at(text, i + 1);
            edits.extend(wrap_foreign(text, i + 1, here).into_iter().flatten());
            continue;
        }
        // Check and mate marks after a move: the first is kept, the rest go.
        if marks(text[i], text[i + 1]) {
            let first_of_run = i == 0 || !marks(text[i - 1], text[i]);
            let here = candidates.at(text, i);
            if first_of_run && here.in_movetext() {
                let run = text[i + 1..].iter().take_while(|&&b| is_mark(b)).count();
                edits.push(drop(i + 1, i + 1 + run));
            }
            continue;
        }
        if promotion_at(text, i) && !candidates.at(text, i).on_tag_line() {
            edits.push(Edit {
                start: i + 1,
                end: i + 1,
                insert: b"=",
            });
        }
    }
    // Annotations glued to a move (`1. e4, e5`, `Nf3+/-`): pgn-reader skipped the move
    // with them, and the error named the next move; python-chess reads the move and
    // passes over the rest. Their own pass over bytes that are rare in movetext: in the
    // block scan they cost a question 2.5% more instructions, and a pass over `+` and `N`
    // too (every check and knight move) 1.3%.
    let mut annotated = Cursor::new(start);
    for i in memchr::memchr3_iter(b',', b'/', b'=', text) {
        if glued_at(text, i) && annotated.at(text, i).in_movetext() {
            edits.push(space(i));
        }
    }
    // The last line's kind is read before anything moves (an edit is never a line end).
    let after = start.at(text, text.len());
    // Stable: a wrapped move's two inserts keep their order.
    edits.sort_by_key(|e| e.start);
    (edits, after)
}

/// `text` with `edits` made, appended to `out`.
fn apply(text: &[u8], edits: &[Edit], out: &mut Vec<u8>) {
    let mut from = 0;
    for edit in edits {
        out.extend_from_slice(&text[from..edit.start]);
        out.extend_from_slice(edit.insert);
        from = edit.end;
    }
    out.extend_from_slice(&text[from..]);
}

/// `text` with `edits` (drops only) made where it stands; returns the length it keeps.
fn drop_in_place(text: &mut [u8], edits: &[Edit]) -> usize {
    let Some(first) = edits.first() else {
        return text.len();
    };
    // Each kept run moves down over the bytes dropped before it.
    let mut kept = first.start;
    for (k, edit) in edits.iter().enumerate() {
        let next = edits.get(k + 1).map_or(text.len(), |e| e.start);
        text.copy_within(edit.end..next, kept);
        kept += next - edit.end;
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through(text: &[u8], read_size: usize) -> String {
        // Read a few bytes at a time, so that tokens are cut between inner reads.
        struct Slow<'a>(&'a [u8], usize);
        impl Read for Slow<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = self.0.len().min(self.1).min(buf.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut out = String::new();
        Notation::new(Slow(text, read_size))
            .read_to_string(&mut out)
            .unwrap();
        out
    }

    /// `text` read through the rewriter `size` bytes at a time, for each size, is `want`.
    fn rewrites(text: &[u8], want: &str, sizes: &[usize]) {
        for &size in sizes {
            assert_eq!(through(text, size), want, "reads of {size} bytes");
        }
    }

    #[test]
    fn an_annotation_glued_to_a_move_is_parted_from_it() {
        // pgn-reader skipped each of these moves with its annotation, and the error named
        // the next move; python-chess reads the move. Tags, comments and a promotion's
        // `=` are left as they are.
        let pgn = "[Event \"e4, e4± Nf3+/-\"]\n\n1. e4, e5 2. Nf3+/- Nc6 3. Bb5+/= a6 \
                   4. Ba4± Nf6 5. O-O∓ Be7 6. Re1+= b5 { e4, e4± Nf3+/- } 7. c3#, e1=N \
                   8. a8=Q, 1/2-1/2\n";
        let want = "[Event \"e4, e4± Nf3+/-\"]\n\n1. e4 , e5 2. Nf3+ /- Nc6 3. Bb5+ /= a6 \
                    4. Ba4 ± Nf6 5. O-O ∓ Be7 6. Re1+ = b5 { e4, e4± Nf3+/- } 7. c3# , e1=N \
                    8. a8=Q , 1/2-1/2\n";
        rewrites(pgn.as_bytes(), want, &[1, 2, 5, 4096]);
    }

    #[test]
    fn a_long_line_of_would_be_moves_is_read_in_one_pass() {
        // A capital after a control byte may start a move with another piece letter, and
        // each was scanned to the end of its token: here the whole line, so that 500 KB
        // of them (a fuzzer's input) took 4 s, and a megabyte four times that. Each dash
        // between squares had its line looked up back to its start.
        let capitals = "\x13W".repeat(200_000);
        assert_eq!(through(capitals.as_bytes(), 1 << 16), capitals);
        let dashes = format!("[Event \"x\"]\n1. {}\n", "a1-a2 ".repeat(100_000));
        let want = format!("[Event \"x\"]\n1. {}\n", "a1a2 ".repeat(100_000));
        assert_eq!(through(dashes.as_bytes(), 1 << 16), want);
        // A foreign move is still found where the text ends, and one that runs on is none.
        assert_eq!(foreign_move(b"1. Sf3", 3), Some(6));
        assert_eq!(foreign_move(b"Sf3xyzabc", 0), None);
    }

    #[test]
    fn long_algebraic_and_en_passant_marks_are_rewritten_outside_tags() {
        let pgn = b"[Event \"e2-e4 e.p.\"]\n\n1. e2-e4 d7-d5 2. e4xd5 Ng8-f6 3. Ng1-f3 \
                    e7-e5 4. d5xe6e.p. O-O-O 5. a7-a8=Q+ exd6 e.p. 1-0\n";
        let want = "[Event \"e2-e4 e.p.\"]\n\n1. e2e4 d7d5 2. e4xd5 Ng8f6 3. Ng1f3 \
                    e7e5 4. d5xe6 O-O-O 5. a7a8=Q+ exd6  1-0\n";
        rewrites(pgn, want, &[1, 3, 7, 4096]);
        // Promotions without `=`, in SAN and in UCI, get one; other letters after a back
        // rank square do not, nor does a tag line.
        let pgn = b"[Site \"x/a8Q\"]\n\n1. a8Q Kg6 2. bxa1n+ Ra1b 3. a7a8q e2e1R#\n\
                    4. h1Bq a8Qx e7-e8Q\n";
        let want = "[Site \"x/a8Q\"]\n\n1. a8=Q Kg6 2. bxa1=n+ Ra1b 3. a7a8=q e2e1=R#\n\
                    4. h1Bq a8Qx e7e8=Q\n";
        rewrites(pgn, want, &[1, 3, 7, 4096]);
        // A dash and an en passant mark at every place in a block of the scan (both are
        // found by the block test, a dash by the rank before it, a mark by its `.p`), and
        // Lichess's dashes, which are not moves.
        for pad in 0..2 * BLOCK {
            let lead = " ".repeat(pad);
            let pgn = format!("{lead}e2-e4 d5xe6e.p. exd6 e.p. {{ [%eval -0.35] }} 1-0\n");
            let want = format!("{lead}e2e4 d5xe6 exd6  {{ [%eval -0.35] }} 1-0\n");
            assert_eq!(through(pgn.as_bytes(), 4096), want, "after {pad} blanks");
        }
        // Past the first block of the scan, and across the refill's chunks.
        let long = "1. e4 e5 ".repeat(20_000) + "1. a8Q\n";
        let want = "1. e4 e5 ".repeat(20_000) + "1. a8=Q\n";
        assert_eq!(through(long.as_bytes(), 4096), want);
        // Figurines, White's and Black's, outside tag lines; other UTF-8 stays.
        let pgn = "[White \"♔ ♘\"]\n\n1. ♙e4 ♟e5 2. ♘f3 ♞c6 3. ♗b5 {♖–♕} ♛h4 4. ♖xf7+ ♚xf7\n";
        let want = "[White \"♔ ♘\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 {R–Q} Qh4 4. Rxf7+ Kxf7\n";
        rewrites(pgn.as_bytes(), want, &[1, 2, 3, 4096]);
        // No-break and thin spaces, copied from web pages, are spaces; `½-½` stays.
        let pgn = "[Event \"a\u{a0}b\"]\n\n1.\u{a0}e4\u{a0}e5 2.\u{2009}Nf3\u{202f}Nc6 ½-½\n";
        let want = "[Event \"a\u{a0}b\"]\n\n1. e4 e5 2. Nf3 Nc6 ½-½\n";
        rewrites(pgn.as_bytes(), want, &[1, 2, 4096]);
        // A move with another language's piece letter is wrapped for the collector; a word,
        // SAN (`Pe4`, `Z0`), a tag line and a comment (`{`, across reads, `;` and `%`) stay.
        let pgn = "[White \"Sf3\"]\n\n1. e4 e5 2. Sf3 Sc6 3.Lxb5+ { Sicilian Sf3\n Sf3 } \
                   Pe4 Z0 Dd1 Sg1-f3 ; Sf3\n% Sf3\n";
        let want =
            "[White \"Sf3\"]\n\n1. e4 e5 2. {\0Sf3} {\0Sc6} 3.{\0Lxb5+} { Sicilian Sf3\n Sf3 } \
                   Pe4 Z0 {\0Dd1} {\0Sg1f3} ; Sf3\n% Sf3\n";
        rewrites(pgn.as_bytes(), want, &[1, 2, 7, 4096]);
        // SAN's piece letters in lower case are wrapped as foreign ones (not `b`: a pawn's
        // capture from the b-file); a comment's words stay.
        let pgn = "1. e4 e5 2. nf3 qxf7 3. rfe1+ kd2 bc4 pe4 o-o { knight queen nf3 } ; nf3\n";
        let want = "1. e4 e5 2. {\0nf3} {\0qxf7} 3. {\0rfe1+} {\0kd2} bc4 {\0pe4} o-o \
                    { knight queen nf3 } ; nf3\n";
        rewrites(pgn.as_bytes(), want, &[1, 2, 7, 4096]);
        // Check and mate marks after a move: the first stays; in a tag or a comment, all.
        let pgn = "[Event \"++\"]\n\n1. e4 e5 2. Qh5+# Nc6 3. Qxf7#+ { ++ #+ } Ke7 4. Qf7++ ; ##\n";
        let want = "[Event \"++\"]\n\n1. e4 e5 2. Qh5+ Nc6 3. Qxf7# { ++ #+ } Ke7 4. Qf7+ ; ##\n";
        rewrites(pgn.as_bytes(), want, &[1, 2, 7, 4096]);
        // Many of them on one line, across blocks and reads, comments among them: each
        // one's context read forward from the last.
        let unit = "Sf3 Qf7++ { Sf3 ++ } nf3 ; Sf3 ++\n% Qf7++\n";
        let want = "{\0Sf3} Qf7+ { Sf3 ++ } {\0nf3} ; Sf3 ++\n% Qf7++\n";
        for size in [7, 4096, 1 << 20] {
            let got = through(unit.repeat(2_000).as_bytes(), size);
            assert_eq!(got, want.repeat(2_000), "reads of {size} bytes");
        }
        // The null move `@@@@` as `--`; not in a tag, a comment or a longer token.
        let pgn = "[Site \"@@@@\"]\n\n1. e4 @@@@ 2. Nf3 @@@@+ (2... @@@@) 3. a@@@@ { @@@@ } \
                   @@@@@ ; @@@@\n@@@@";
        let want = "[Site \"@@@@\"]\n\n1. e4 -- 2. Nf3 --+ (2... --) 3. a@@@@ { @@@@ } \
                    @@@@@ ; @@@@\n--";
        rewrites(pgn.as_bytes(), want, &[1, 2, 7, 4096]);
        // Nothing to rewrite: the same bytes.
        let plain = b"1. e4 e5 2. Nf3 { e2 - e4 } 1/2-1/2\n";
        assert_eq!(through(plain, 5).as_bytes(), plain);
    }
}
