//! What a comment after a move says of the clock and the evaluation (Lichess's
//! `{ [%eval 0.17] [%clk 0:03:00] }`), read from the comment's bytes as the PGN reader
//! (`read/games.rs`) hands them over.

/// The clock and the evaluation a comment gives after a move, as Lichess writes them:
/// `{ [%eval 0.17] [%clk 0:03:00] }`.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Annotation {
    /// The mover's clock after the move (`[%clk h:mm:ss]`, fractions kept).
    pub clock: Option<Clock>,
    /// The evaluation after the move as written: pawns from White's side (`0.17`,
    /// `-1.5`) or a mate (`#3`, `#-2`); a depth after a comma is left out.
    pub eval: Option<EvalText>,
}

impl Annotation {
    /// Reads the annotations of one comment into `self` (a comment without them leaves it
    /// as it was). The first `[%clk` and the first `[%eval` count, in this comment and
    /// over all the comments after one move: python-chess joins those into one comment
    /// and takes the first of each, so a second comment adds what the first lacked but
    /// changes nothing the first gave.
    pub(crate) fn read(&mut self, comment: &[u8]) {
        // Lichess writes one comment a move: the fixed shape is tried only on the first.
        if self.clock.is_none() && self.eval.is_none() {
            if let Some((seconds, eval)) = lichess(comment) {
                self.clock = Some(Clock::Whole(seconds));
                if let Some((len, bytes)) = eval {
                    EvalText::put_window(&mut self.eval, len, bytes);
                }
                return;
            }
        }
        self.read_any(comment);
    }

    /// [`read`](Self::read) for a comment of any shape: its commands searched for.
    fn read_any(&mut self, comment: &[u8]) {
        let (clock, eval) = commands(comment);
        if self.clock.is_none() {
            if let Some(seconds) = clock.and_then(clock_seconds) {
                self.clock = Some(Clock::of(seconds));
            }
        }
        if let (None, Some(text)) = (&self.eval, eval) {
            let value = std::str::from_utf8(before_comma(text)).map_or("", str::trim);
            if !value.is_empty() {
                EvalText::put(&mut self.eval, value.as_bytes());
            }
        }
    }
}

/// A clock's reading: whole seconds, as Lichess writes every clock, or a number of seconds
/// with a fraction. Whole seconds are kept as an integer, written without the float's
/// conversions and checks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Clock {
    /// Whole seconds.
    Whole(u32),
    /// Seconds that are not a whole number below 2^32.
    Fraction(f64),
}

impl Clock {
    /// The reading of `seconds`: [`Clock::Whole`] whenever it is one.
    pub(crate) fn of(seconds: f64) -> Clock {
        let whole = seconds as u32;
        if f64::from(whole) == seconds && seconds.is_sign_positive() {
            Clock::Whole(whole)
        } else {
            Clock::Fraction(seconds)
        }
    }

    /// In seconds.
    pub(crate) fn seconds(self) -> f64 {
        match self {
            Clock::Whole(seconds) => f64::from(seconds),
            Clock::Fraction(seconds) => seconds,
        }
    }
}

/// An evaluation's text up to a comma: a depth after it is left out.
fn before_comma(text: &[u8]) -> &[u8] {
    match text.iter().position(|&b| b == b',') {
        Some(comma) => &text[..comma],
        None => text,
    }
}

/// The text of an evaluation, as written. A short one (every evaluation Lichess writes)
/// is kept in place: reading it neither allocates nor checks its UTF-8 (as a
/// `CompactString` made from a checked `str` would). Its bytes
/// are always UTF-8: they come from a `str` or are printable ASCII.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct EvalText(Text);

#[derive(Clone, PartialEq, Eq)]
enum Text {
    Short { len: u8, bytes: [u8; SHORT] },
    Long(Box<str>),
}

/// The longest text kept in place: the enum stays 24 bytes, as a `String` is.
const SHORT: usize = 22;

/// The length and bytes of the short text in `slot`, which becomes one (empty) if it is
/// not one (`None` never: a short text is there to fill).
fn short_slot(slot: &mut Option<EvalText>) -> Option<(&mut u8, &mut [u8; SHORT])> {
    const BLANK: Text = Text::Short {
        len: 0,
        bytes: [0; SHORT],
    };
    let text = slot.get_or_insert(EvalText(BLANK));
    if let Text::Long(_) = text.0 {
        text.0 = BLANK;
    }
    match &mut text.0 {
        Text::Short { len, bytes } => Some((len, bytes)),
        Text::Long(_) => None,
    }
}

impl EvalText {
    /// The text of `bytes`, which must be UTF-8 (anything else is replaced, never kept).
    fn from_utf8(bytes: &[u8]) -> EvalText {
        if bytes.len() <= SHORT {
            let mut short = [0; SHORT];
            short[..bytes.len()].copy_from_slice(bytes);
            EvalText(Text::Short {
                len: bytes.len() as u8,
                bytes: short,
            })
        } else {
            EvalText(Text::Long(String::from_utf8_lossy(bytes).into()))
        }
    }

    /// Sets `slot` to the text of `bytes` (UTF-8, as for `from_utf8`), written where the
    /// slot stands. (Made on the stack and moved there, a short text's bytes were read
    /// back just after the copy wrote them, in pieces the processor could not forward: a
    /// stall on every comment.)
    fn put(slot: &mut Option<EvalText>, bytes: &[u8]) {
        let n = bytes.len();
        if n > SHORT {
            *slot = Some(EvalText::from_utf8(bytes));
        } else if let Some((len, short)) = short_slot(slot) {
            short[..n].copy_from_slice(bytes);
            short[n..].fill(0);
            *len = n as u8;
        }
    }

    /// [`put`](Self::put) for a text of `len` bytes (1 to 16) at the start of `window`,
    /// whose bytes after it are zero: copied whole, without a call to copy a length
    /// known only at run time.
    fn put_window(slot: &mut Option<EvalText>, len: u8, window: [u8; WINDOW]) {
        if let Some((kept, short)) = short_slot(slot) {
            short[..WINDOW].copy_from_slice(&window);
            short[WINDOW..].fill(0);
            *kept = len;
        }
    }

    /// The text's bytes: what a writer copies, with no UTF-8 check.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            Text::Short { len, bytes } => &bytes[..usize::from(*len)],
            Text::Long(text) => text.as_bytes(),
        }
    }

    /// The text (its bytes checked once more, as a `str` must be).
    pub(crate) fn as_str(&self) -> &str {
        // The bytes are UTF-8 by construction: the empty fallback is never taken.
        std::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }
}

/// As [`EvalText::as_str`], its bytes checked at each use: the writers that need no `str`
/// take [`EvalText::as_bytes`].
impl std::ops::Deref for EvalText {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Debug for EvalText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.as_str().fmt(f)
    }
}

impl AsRef<[u8]> for EvalText {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl From<&str> for EvalText {
    fn from(text: &str) -> EvalText {
        EvalText::from_utf8(text.as_bytes())
    }
}

/// The bytes an evaluation read by [`lichess`] is copied in: its text, then zeros.
const WINDOW: usize = 16;

/// An evaluation's length and the [`WINDOW`] bytes that hold it.
type Window = (u8, [u8; WINDOW]);

/// A comment in the shape Lichess writes after every move, ` [%eval E] [%clk H:MM:SS] `
/// or ` [%clk H:MM:SS] `, read where its fixed parts stand: the clock in seconds and the
/// evaluation (1 to 16 of `0-9 . - + #`, as Lichess writes it: `0.17`, `-1.5`, `#-3`) as
/// its length and a window of [`WINDOW`] bytes that starts with it and is zero after it.
/// `None` for any other comment, which [`commands`] reads; where this reads one, it finds
/// what the search finds. Those comments are most of a Lichess file's text after the
/// moves.
fn lichess(comment: &[u8]) -> Option<(u32, Option<Window>)> {
    let (head, tail) = comment.split_at_checked(comment.len().checked_sub(16)?)?;
    let [b' ', b'[', b'%', b'c', b'l', b'k', b' ', h, b':', m1, m2, b':', s1, s2, b']', b' '] =
        *tail
    else {
        return None;
    };
    let digits = [h, m1, m2, s1, s2];
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let [h, m1, m2, s1, s2] = digits.map(|d| u32::from(d - b'0'));
    let seconds = h * 3600 + (m1 * 10 + m2) * 60 + s1 * 10 + s2;
    if head.is_empty() {
        return Some((seconds, None));
    }
    const PREFIX: &[u8] = b" [%eval ";
    let argument = head.strip_prefix(PREFIX)?.strip_suffix(b"]")?;
    let number = |&b: &u8| matches!(b, b'0'..=b'9' | b'.' | b'-' | b'+' | b'#');
    if argument.is_empty() || argument.len() > WINDOW || !argument.iter().all(number) {
        return None;
    }
    // The comment goes on for at least 16 bytes after the evaluation, so the window is
    // within it; what follows the text is masked off.
    let start = PREFIX.len();
    let window: [u8; WINDOW] = comment.get(start..start + WINDOW)?.try_into().ok()?;
    let bits = 8 * argument.len() as u32;
    let mask = u128::MAX.checked_shr(128 - bits).unwrap_or(u128::MAX);
    let window = (u128::from_le_bytes(window) & mask).to_le_bytes();
    Some((seconds, Some((argument.len() as u8, window))))
}

/// A comment's `[%clk` and `[%eval` arguments, each when it has one.
type Commands<'a> = (Option<&'a [u8]>, Option<&'a [u8]>);

/// The arguments of a comment's first `[%clk` and first `[%eval` commands (the bytes
/// after the command's name, up to its `]`), found in one pass over its brackets. Plain
/// loops rather than memchr: a comment is a few dozen bytes, too short for its set-up to
/// pay.
fn commands(comment: &[u8]) -> Commands<'_> {
    let (mut clock, mut eval) = (None, None);
    let mut rest = comment;
    while let Some(at) = rest.iter().position(|&b| b == b'[') {
        rest = &rest[at + 1..];
        if let Some(argument) = rest.strip_prefix(b"%clk") {
            clock = clock.or_else(|| command_argument(argument));
        } else if let Some(argument) = rest.strip_prefix(b"%eval") {
            eval = eval.or_else(|| command_argument(argument));
        }
        if clock.is_some() && eval.is_some() {
            break;
        }
    }
    (clock, eval)
}

/// A comment command's argument: the bytes up to the closing `]` (`[%clk 0:03:00]`
/// gives ` 0:03:00`); `None` when unclosed or not UTF-8.
fn command_argument(rest: &[u8]) -> Option<&[u8]> {
    let end = rest.iter().position(|&b| b == b']')?;
    let text = &rest[..end];
    // Arguments are short and nearly always ASCII, which is UTF-8 as it stands.
    (text.is_ascii() || std::str::from_utf8(text).is_ok()).then_some(text)
}

/// An evaluation as numbers: what `[%eval]`'s text says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Eval {
    /// Centipawns from White's side (`0.17` is 17, `-1.5` is -150).
    Centipawns(i32),
    /// Moves to mate, positive when White mates (`#3` is 3, `#-2` is -2).
    Mate(i32),
}

impl Eval {
    /// Reads `0.17`, `-1.5`, `#3` or `#-2` (pawns rounded to the nearest centipawn);
    /// `None` for any other text.
    pub(crate) fn read(text: &str) -> Option<Eval> {
        let text = text.trim();
        if let Some(mate) = text.strip_prefix('#') {
            return mate.trim().parse().ok().map(Eval::Mate);
        }
        // A sign, then a number as a clock's parts are written.
        if !decimal(text.strip_prefix(['-', '+']).unwrap_or(text)) {
            return None;
        }
        let pawns: f64 = text.parse().ok()?;
        let cp = (pawns * 100.0).round();
        // Also refuses NaN and the infinities.
        (cp.abs() <= f64::from(i32::MAX)).then_some(Eval::Centipawns(cp as i32))
    }
}

/// Whether `text` is digits with at most one decimal point (`12`, `0.17`, `.5`): a
/// float's other spellings (`-0`, `+5`, `1e3`, `inf`) are neither a clock's part nor an
/// evaluation's number.
fn decimal(text: &str) -> bool {
    let digits = text.bytes().filter(u8::is_ascii_digit).count();
    let points = text.bytes().filter(|&b| b == b'.').count();
    digits > 0 && points <= 1 && digits + points == text.len()
}

/// `h:mm:ss`, `mm:ss` or `ss`, with a fraction on the seconds, in seconds.
fn clock_seconds(text: &[u8]) -> Option<f64> {
    // Whole numbers (Lichess's clocks), read in one pass, add up exactly in integers as the
    // float sum below would give them; anything else takes the general path.
    let (mut whole, mut part, mut digits) = (0u64, 0u64, 0);
    let mut plain = true;
    for &b in text.trim_ascii() {
        match b {
            b'0'..=b'9' if digits < 9 => {
                part = part * 10 + u64::from(b - b'0');
                digits += 1;
            }
            b':' if digits > 0 => {
                whole = whole.saturating_mul(60).saturating_add(part);
                (part, digits) = (0, 0);
            }
            _ => {
                plain = false;
                break;
            }
        }
    }
    if plain && digits > 0 {
        let whole = whole.saturating_mul(60).saturating_add(part);
        if whole < 1 << 53 {
            return Some(whole as f64);
        }
    }
    let text = std::str::from_utf8(text).ok()?;
    let mut seconds = 0.0;
    for part in text.split(':') {
        let part = part.trim();
        // No sign: `-0:00:01` read as one second.
        if !decimal(part) {
            return None;
        }
        let value: f64 = part.parse().ok()?;
        if !value.is_finite() {
            return None;
        }
        seconds = seconds * 60.0 + value;
    }
    Some(seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_evaluation_kept_in_place_is_no_larger_than_a_string() {
        assert_eq!(std::mem::size_of::<Option<EvalText>>(), 24);
        let long = "1".repeat(SHORT + 1);
        for text in ["", "0.17", &long[..SHORT], &long] {
            let kept = EvalText::from(text);
            assert_eq!((kept.as_bytes(), kept.as_str()), (text.as_bytes(), text));
        }
    }

    #[test]
    fn a_text_put_over_another_equals_the_text_made_afresh() {
        let long = "1".repeat(SHORT + 1);
        let texts = ["0.17", "-10.25", "#3", &long[..SHORT], &long];
        for before in [None]
            .into_iter()
            .chain(texts.map(|t| Some(EvalText::from(t))))
        {
            for text in texts {
                let mut slot = before.clone();
                EvalText::put(&mut slot, text.as_bytes());
                assert_eq!(slot, Some(EvalText::from(text)), "{text} over {before:?}");
            }
        }
    }

    #[test]
    fn lichess_comments_read_as_any_comment() {
        // Comments in Lichess's shape whose arguments, and what follows, are made of its
        // pieces and of what breaks it; wherever the fixed shape is recognised, it finds
        // what the search finds.
        let pieces: [&[u8]; 20] = [
            b" ",
            b" [%eval",
            b" [%clk",
            b"]",
            b" 0.17",
            b"#-3",
            b",23",
            b" 0:03:00",
            b" 1:02:03",
            b" 12:34:56",
            b":",
            b"9",
            b"\xc3\xa9",
            b"[",
            b"x",
            b"\t\x0b",
            b" [%eval 1.5]",
            b" [%clk 0:00:07]",
            b"%clk",
            b"0:0a:00",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        fn next(seed: &mut u64, n: u64) -> u64 {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed % n
        }
        // Up to `most - 1` pieces.
        let some = |comment: &mut Vec<u8>, seed: &mut u64, most: u64| {
            for _ in 0..next(seed, most) {
                comment.extend_from_slice(pieces[next(seed, 20) as usize]);
            }
        };
        let (mut fast, mut comment) = (0, Vec::new());
        for _ in 0..400_000 {
            comment.clear();
            if next(&mut seed, 2) == 0 {
                comment.extend_from_slice(b" [%eval");
                some(&mut comment, &mut seed, 3);
                comment.push(b']');
            }
            comment.extend_from_slice(b" [%clk");
            some(&mut comment, &mut seed, 3);
            comment.extend_from_slice(b"] ");
            some(&mut comment, &mut seed, 2);
            if lichess(&comment).is_some() {
                fast += 1;
            }
            let (mut found, mut searched) = (Annotation::default(), Annotation::default());
            found.read(&comment);
            searched.read_any(&comment);
            assert_eq!(found, searched, "{:?}", comment.escape_ascii());
        }
        assert!(fast > 3_000, "{fast}");
        for (comment, clock, eval) in [
            (
                &b" [%eval 0.17] [%clk 0:03:00] "[..],
                Some(180.0),
                Some("0.17"),
            ),
            (b" [%clk 1:00:00] ", Some(3600.0), None),
            (b" [%eval #-3] [%clk 0:00:09] ", Some(9.0), Some("#-3")),
            (
                b" [%eval -123456789.12345] [%clk 0:00:09] ",
                Some(9.0),
                Some("-123456789.12345"),
            ),
        ] {
            assert!(lichess(comment).is_some());
            let mut a = Annotation::default();
            a.read(comment);
            assert_eq!(
                (a.clock.map(Clock::seconds), a.eval.as_deref()),
                (clock, eval)
            );
        }
    }
}
