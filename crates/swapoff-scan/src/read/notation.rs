//! Movetext in the notations python-chess reads but pgn-reader skips without telling: long
//! algebraic (`e2-e4`, `Ng1-f3`, `e7-e8=Q`) and an en passant mark (`exd6e.p.`,
//! `exd6 e.p.`). [`Notation`] rewrites them as the PGN text streams past, before
//! pgn-reader sees it: the dash goes (`e2e4`, which the game replay reads as UCI;
//! `Ng1f3`, over-disambiguated SAN) and so does the mark. Tag lines are left as they are,
//! so a tag's value is never changed. Text without a dash or a mark passes through with
//! one search for each.

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
    /// What the line the unrewritten bytes are on is (a tag line is never rewritten).
    tag_line: Line,
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
            tag_line: Line::Undecided,
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
        let (kept, line) = rewrite(&mut text[..cut], self.tag_line);
        self.tag_line = line;
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

/// Whether `b` ends a movetext token.
fn ends_token(b: Option<&u8>) -> bool {
    b.is_none_or(|&b| b.is_ascii_whitespace() || b"+#!?)({}$;".contains(&b))
}

/// What the line being read is, once its first byte with content is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// Nothing but blanks so far.
    Undecided,
    /// It starts with `[`.
    Tag,
    /// It starts with anything else.
    Other,
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
        Some(_) => Line::Other,
    }
}

fn on_tag_line(text: &[u8], at: usize, before: Line) -> bool {
    line_at(text, at, before) == Line::Tag
}

/// Rewrites `text` where it stands (`tag_line`: what the line it starts in is); returns
/// the length it keeps (a rewrite only drops bytes) and what its last line is.
fn rewrite(text: &mut [u8], tag_line: Line) -> (usize, Line) {
    // The bytes to drop: each long algebraic dash, each en passant mark.
    let mut drops: Vec<(usize, usize)> = Vec::new();
    for i in memchr::memchr_iter(b'-', text) {
        let square_before = i >= 2 && is_file(text[i - 2]) && is_rank(text[i - 1]);
        let square_after = text.len() > i + 2 && is_file(text[i + 1]) && is_rank(text[i + 2]);
        if square_before && square_after && !on_tag_line(text, i, tag_line) {
            drops.push((i, i + 1));
        }
    }
    for i in memchr::memmem::find_iter(text, b"e.p.") {
        let after_square = i >= 2 && is_file(text[i - 2]) && is_rank(text[i - 1]);
        let alone = i == 0 || text[i - 1].is_ascii_whitespace();
        if (after_square || alone) && ends_token(text.get(i + 4)) && !on_tag_line(text, i, tag_line)
        {
            drops.push((i, i + 4));
        }
    }
    // The last line's kind is read before anything moves (a drop is never a line end).
    let last = line_at(text, text.len(), tag_line);
    if drops.is_empty() {
        return (text.len(), last);
    }
    drops.sort_unstable();
    // Each kept run moves down over the bytes dropped before it.
    let mut kept = drops[0].0;
    for (k, &(_, end)) in drops.iter().enumerate() {
        let next = drops.get(k + 1).map_or(text.len(), |d| d.0);
        text.copy_within(end..next, kept);
        kept += next - end;
    }
    (kept, last)
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

    #[test]
    fn long_algebraic_and_en_passant_marks_are_rewritten_outside_tags() {
        let pgn = b"[Event \"e2-e4 e.p.\"]\n\n1. e2-e4 d7-d5 2. e4xd5 Ng8-f6 3. Ng1-f3 \
                    e7-e5 4. d5xe6e.p. O-O-O 5. a7-a8=Q+ exd6 e.p. 1-0\n";
        let want = "[Event \"e2-e4 e.p.\"]\n\n1. e2e4 d7d5 2. e4xd5 Ng8f6 3. Ng1f3 \
                    e7e5 4. d5xe6 O-O-O 5. a7a8=Q+ exd6  1-0\n";
        for size in [1, 3, 7, 4096] {
            assert_eq!(through(pgn, size), want, "reads of {size} bytes");
        }
        // Nothing to rewrite: the same bytes.
        let plain = b"1. e4 e5 2. Nf3 { e2 - e4 } 1/2-1/2\n";
        assert_eq!(through(plain, 5).as_bytes(), plain);
    }
}
