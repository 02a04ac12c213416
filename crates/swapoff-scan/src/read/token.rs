//! One movetext token, read as python-chess reads it, in one place: the PGN reader
//! ([`games`](crate::read::games)) cuts the text into tokens, and each token that is
//! not punctuation of PGN's own (a comment, a variation, a NAG, a result, a move number)
//! comes here, whole. What is read:
//!
//! - SAN, and UCI (`g1f3`, `e7e8q`), which is SAN disambiguated by both coordinates;
//! - long algebraic (`e2-e4`, `Ng1-f3`, `e7-e8=Q`): the dash goes;
//! - an en passant mark glued to the move (`exd6e.p.`, `exd6ep`), or standing alone
//!   (`e.p.`), which is passed over;
//! - a promotion without `=` (`e8Q`, `bxa1N`, `e7e8q`);
//! - figurines (`♘f3`, `♙e4`): each is its letter (none for a pawn), where python-chess
//!   drops the figurine and reads a pawn move;
//! - two check or mate marks (`Qxf7#+`): the first counts;
//! - an annotation glued to a move (`e4,`, `e4.`, `Nf3+/-`, `Re1+=`, `Ba4±`): the move
//!   is read and the annotation passed over; one standing alone (`+/-`, `=`, `±`, `N`) is
//!   passed over too;
//! - the null move in each spelling (`--`, `Z0`, `@@@@`; `0000` is the reader's, which
//!   tells it from a move number).
//!
//! Anything else is [`Token::Unreadable`], with why: the reader stops the game there and
//! reports it, where pgn-reader skipped such a token without a word (and the game went on
//! with the wrong side's moves). A move with another language's piece letter (`Sf3`) or
//! SAN's letter in lower case (`nf3`) is told apart, as python-chess would read it as a
//! pawn's move (`f3`).

use shakmaty::san::SanPlus;

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    /// A move.
    Move(SanPlus),
    /// An annotation standing alone, passed over.
    Annotation,
    /// Not a move, nor anything else movetext holds: why.
    Unreadable(&'static str),
}

/// Why a token with a piece letter that is not SAN's is not read.
pub(crate) const FOREIGN_LETTER: &str = "the piece letter is not PGN's (K, Q, R, B or N)";

/// Why any other token is not read.
pub(crate) const NOT_A_MOVE: &str = "not a move (SAN, UCI or long algebraic) nor an annotation";

/// The longest token that is looked at as a move in another notation: `Ng1-f3=Q+`-long
/// moves with a glued mark and annotation fit; a longer token is no move.
const LONGEST: usize = 24;

/// Reads one token (no blank, brace, parenthesis, `;`, `$`, `!`, `?` or `*` in it).
#[inline]
pub(crate) fn read(token: &[u8]) -> Token {
    // The common case, in one call: SAN or UCI as it stands.
    match SanPlus::from_ascii(token) {
        Ok(san) => Token::Move(san),
        Err(_) => lenient(token),
    }
}

/// [`read`] for a token that is not SAN as it stands.
#[cold]
#[inline(never)]
fn lenient(token: &[u8]) -> Token {
    if token == b"@@@@" {
        return Token::Move(SanPlus {
            san: shakmaty::san::San::Null,
            suffix: None,
        });
    }
    if is_annotation(token) {
        return Token::Annotation;
    }
    if token.len() > LONGEST {
        return Token::Unreadable(NOT_A_MOVE);
    }
    let normal = Normal::of(token);
    let text = normal.text();
    if let Ok(san) = SanPlus::from_ascii(text) {
        return Token::Move(san);
    }
    if let Some(reason) = letter_not_sans(text) {
        return Token::Unreadable(reason);
    }
    Token::Unreadable(NOT_A_MOVE)
}

/// Whether a token standing alone is an annotation: an en passant mark, a textual or
/// symbolic evaluation (`+/-`, `+-`, `=`, `=/∞`, `±`, `∞`), ChessBase's novelty `N`, or a
/// comma.
fn is_annotation(token: &[u8]) -> bool {
    if matches!(token, b"e.p." | b"ep" | b"e.p" | b"N" | b",") {
        return true;
    }
    // Evaluations are signs and symbols only: no letter, no digit.
    !token.is_empty()
        && token
            .iter()
            .all(|&b| matches!(b, b'+' | b'-' | b'/' | b'=' | b'~') || b >= 0x80)
}

/// A token with what is not SAN taken off or rewritten (see the module).
struct Normal {
    /// Room for the longest token read and the `=` a promotion may gain.
    buf: [u8; LONGEST + 1],
    len: usize,
}

impl Normal {
    fn of(token: &[u8]) -> Normal {
        let mut out = Normal {
            buf: [0; LONGEST + 1],
            len: 0,
        };
        let mut i = 0;
        while i < token.len() {
            let b = token[i];
            if b >= 0x80 {
                // A figurine is its letter (a pawn's none); any other character ends the
                // move: an evaluation symbol glued to it (`Ba4±`).
                match figurine(&token[i..]) {
                    Some(letter) => {
                        out.push(letter);
                        i += 3;
                        continue;
                    }
                    None => break,
                }
            }
            let last = out.text().last().copied();
            // A textual evaluation glued after a check mark (`Nf3+/-`, `Re1+=`) ends the
            // move; so does a comma (`e4,`).
            if b == b',' || (matches!(b, b'/' | b'=') && last == Some(b'+')) {
                break;
            }
            // A long algebraic dash, between a square's rank and the next square's file.
            let next_is_file = token.get(i + 1).is_some_and(|f| (b'a'..=b'h').contains(f));
            if !(b == b'-' && last.is_some_and(|l| l.is_ascii_digit()) && next_is_file) {
                out.push(&[b]);
            }
            i += 1;
        }
        // Dots after the move (`e4.`).
        while out.text().last() == Some(&b'.') {
            out.len -= 1;
        }
        // An en passant mark after the target square (`exd6e.p.`, `exd6ep`).
        for mark in [&b"e.p."[..], b"e.p", b"ep"] {
            if let Some(rest) = out.text().strip_suffix(mark) {
                if rest.last().is_some_and(|r| matches!(r, b'3' | b'6')) {
                    out.len = rest.len();
                    break;
                }
            }
        }
        // Check and mate marks: the first counts.
        let marks = out.marks();
        out.len -= marks.saturating_sub(1);
        out.promotion_sign();
        out
    }

    fn text(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    fn push(&mut self, bytes: &[u8]) {
        // A token is at most `LONGEST` bytes, and no rewrite lengthens it before the
        // promotion's sign: this never cuts.
        let room = LONGEST.saturating_sub(self.len).min(bytes.len());
        self.buf[self.len..self.len + room].copy_from_slice(&bytes[..room]);
        self.len += room;
    }

    /// How many check or mate marks end the text.
    fn marks(&self) -> usize {
        let marks = self.text().iter().rev();
        marks.take_while(|&&b| b == b'+' || b == b'#').count()
    }

    /// Puts `=` before a promotion's letter written without it (`e8Q`, `e7e8q`), the
    /// letter made upper case.
    fn promotion_sign(&mut self) {
        let body = self.len - self.marks();
        let text = &self.buf[..body];
        let promotes = body >= 3
            && matches!(
                text[body - 1].to_ascii_uppercase(),
                b'Q' | b'R' | b'B' | b'N'
            )
            && matches!(text[body - 2], b'1' | b'8')
            && (b'a'..=b'h').contains(&text[body - 3]);
        if promotes {
            let letter = self.buf[body - 1].to_ascii_uppercase();
            self.buf.copy_within(body..self.len, body + 1);
            self.buf[body - 1] = b'=';
            self.buf[body] = letter;
            self.len += 1;
        }
    }
}

/// The letter a figurine (`♔`..`♟`, E2 99 94 to E2 99 9F in UTF-8) stands for: none for a
/// pawn.
fn figurine(text: &[u8]) -> Option<&'static [u8]> {
    const LETTERS: [&[u8]; 6] = [b"K", b"Q", b"R", b"B", b"N", b""];
    match text {
        &[0xE2, 0x99, third @ 0x94..=0x9F, ..] => Some(LETTERS[usize::from(third - 0x94) % 6]),
        _ => None,
    }
}

/// Why `text`, which is not SAN, is a move written with a piece letter that is not SAN's:
/// another language's capital (`Sf3`, `Lxb5`, `Tfe1+`) or SAN's in lower case (`nf3`;
/// not `b`, which starts a pawn's capture).
fn letter_not_sans(text: &[u8]) -> Option<&'static str> {
    let (&first, rest) = text.split_first()?;
    let foreign = first.is_ascii_uppercase() && !b"KQRBNOP".contains(&first);
    let lower = matches!(first, b'k' | b'q' | b'r' | b'n');
    if !(foreign || lower) || rest.len() < 2 {
        return None;
    }
    // As long as the normal form it is made from (`Normal`'s buffer: a token of `LONGEST`
    // bytes may gain one).
    let mut as_knight = [b'N'; LONGEST + 1];
    as_knight[1..=rest.len()].copy_from_slice(rest);
    SanPlus::from_ascii(&as_knight[..=rest.len()]).ok()?;
    Some(FOREIGN_LETTER)
}
