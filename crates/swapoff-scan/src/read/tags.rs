//! A PGN tag line read as python-chess reads one, and as people write them: the whole line
//! belongs to the tags, whatever it holds, so that nothing in it can split a game.
//!
//! - `[Name "value"]`, the name anything up to a blank or a quote (`Time-Control` too);
//! - a value runs to the quote that closes the tag: one followed by `]` and then the
//!   line's end or another tag (`[Event "He said "hi" ok"]` is `He said "hi" ok`, as
//!   python-chess's greedy pattern reads it); failing that, to the first quote followed by
//!   `]` (the text after it is passed over); failing that, to the line's last quote or end;
//! - several tags may share a line (`[White "a"] [Black "b"]`), as pgn-reader reads them;
//! - a tag without a quoted value (`[Round x]`, `[Event]`) is a tag line with no value.
//!
//! `\"` and `\\` are escapes in a value; [`unescape`] undoes them.

use std::borrow::Cow;

/// Calls `each(name, value)` for every tag of `line` (one line, without its line end),
/// `value` `None` for a tag that has no quoted value.
pub(crate) fn read_line(line: &[u8], mut each: impl FnMut(&[u8], Option<&[u8]>)) {
    let mut rest = line;
    // Each step reads one tag and goes on after it, or returns.
    while let Some(after) = rest.trim_ascii_start().strip_prefix(b"[") {
        let after = after.trim_ascii_start();
        let name_len = after
            .iter()
            .position(|&b| b.is_ascii_whitespace() || b == b'"' || b == b']')
            .unwrap_or(after.len());
        let name = &after[..name_len];
        let tail = after[name_len..].trim_ascii_start();
        match tail.strip_prefix(b"\"") {
            Some(quoted) => {
                let (value, next) = value(quoted);
                each(name, Some(value));
                rest = next;
            }
            None => {
                each(name, None);
                // On after the tag's `]`, if it has one.
                rest = match memchr::memchr(b']', tail) {
                    Some(close) => &tail[close + 1..],
                    None => b"",
                };
            }
        }
    }
}

/// A value (`quoted`: the text after its opening quote) and the text after its tag.
fn value(quoted: &[u8]) -> (&[u8], &[u8]) {
    // The first quote followed by `]`, and what follows that `]`.
    let mut first: Option<usize> = None;
    let mut last_quote = None;
    let mut i = 0;
    while let Some(d) = memchr::memchr2(b'"', b'\\', &quoted[i..]) {
        let at = i + d;
        if quoted[at] == b'\\' {
            // An escape: the byte after it is part of the value.
            i = at + 2;
            if i >= quoted.len() {
                break;
            }
            continue;
        }
        last_quote = Some(at);
        i = at + 1;
        let after_quote = quoted[at + 1..].trim_ascii_start();
        let Some(after_tag) = after_quote.strip_prefix(b"]") else {
            continue;
        };
        let after_tag = after_tag.trim_ascii_start();
        if after_tag.is_empty() || after_tag.starts_with(b"[") {
            return (&quoted[..at], after_tag);
        }
        first.get_or_insert(at);
    }
    match first.or(last_quote) {
        Some(close) => (&quoted[..close], b""),
        None => (quoted.trim_ascii_end(), b""),
    }
}

/// A tag value with its escapes (`\"`, `\\`) undone.
pub(crate) fn unescape(raw: &[u8]) -> Cow<'_, [u8]> {
    if memchr::memchr(b'\\', raw).is_none() {
        return raw.into();
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'\\' && matches!(raw.get(i + 1), Some(b'\\' | b'"')) {
            i += 1;
        }
        out.push(raw[i]);
        i += 1;
    }
    out.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tags of a line, as text: `name=value`, `name` alone for no value.
    fn tags(line: &str) -> Vec<String> {
        let mut out = Vec::new();
        read_line(line.as_bytes(), |name, value| {
            let name = String::from_utf8_lossy(name);
            out.push(match value {
                Some(v) => format!("{name}={}", String::from_utf8_lossy(&unescape(v))),
                None => name.into_owned(),
            });
        });
        out
    }

    #[test]
    fn a_tag_line_reads_as_python_chess_reads_it() {
        assert_eq!(tags(r#"[Event "x"]"#), ["Event=x"]);
        assert_eq!(tags("[Event \"x\"]\r"), ["Event=x"]);
        assert_eq!(
            tags(r#"[Event "He said "hi" ok"]"#),
            [r#"Event=He said "hi" ok"#]
        );
        assert_eq!(tags(r#"[Event "a \"b\" \\ c"]"#), [r#"Event=a "b" \ c"#]);
        assert_eq!(tags(r#"[Time-Control "300+0"]"#), ["Time-Control=300+0"]);
        assert_eq!(tags(r#"[White "a"] [Black "b"]"#), ["White=a", "Black=b"]);
        assert_eq!(tags(r#"[Event "x"] and more"#), ["Event=x"]);
        assert_eq!(tags(r#"[Event "x"]] [y"#), ["Event=x"]);
        assert_eq!(tags(r#"[Event "unclosed"#), ["Event=unclosed"]);
        assert_eq!(tags(r#"[Event "unclosed" quote"#), ["Event=unclosed"]);
        assert_eq!(tags("[Round x]"), ["Round"]);
        assert_eq!(tags("[Event]"), ["Event"]);
        assert_eq!(tags(r#"[Event "ends in \"#), [r#"Event=ends in \"#]);
        assert!(tags("no tag").is_empty());
    }
}
