//! `FEN;MOVE` lines, the one reader of them: batch evaluation, engine call logs, pair
//! files and audits all take a FEN, a move, and sometimes a third field (a threshold, a
//! logged value, an expected answer), separated by `;`.

use std::fmt;

/// One `FEN;MOVE[;MORE]` line, its fields trimmed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FenMove<'a> {
    /// The position's text.
    pub fen: &'a str,
    /// The move's text.
    pub mv: &'a str,
    /// The fields after the move, `;` and all (`None` when there are none, or only an
    /// empty one).
    pub rest: Option<&'a str>,
}

impl<'a> FenMove<'a> {
    /// The field after the move (a logged value, an expected answer), whatever follows it.
    pub fn third(&self) -> Option<&'a str> {
        let rest = self.rest?;
        Some(rest.split_once(';').map_or(rest, |(third, _)| third.trim()))
    }
}

/// Why a line is not `FEN;MOVE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenMoveError {
    /// No `;` after the position.
    NoSeparator,
    /// Nothing after the `;`.
    NoMove,
}

impl fmt::Display for FenMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenMoveError::NoSeparator => "expected FEN;MOVE, found no ';'",
            FenMoveError::NoMove => "the move field is empty (expected FEN;MOVE)",
        })
    }
}

impl std::error::Error for FenMoveError {}

/// Reads a `FEN;MOVE[;MORE]` line: `Ok(None)` for a blank line or a `#` comment.
///
/// ```
/// use swapoff_bench::fen_move::{fen_move, FenMoveError};
/// let line = fen_move(" 4k3/8/8/8/8/8/8/4K3 w - - ; Kd2 ; 100 ").unwrap().unwrap();
/// assert_eq!((line.fen, line.mv, line.rest), ("4k3/8/8/8/8/8/8/4K3 w - -", "Kd2", Some("100")));
/// assert_eq!(fen_move("# a comment"), Ok(None));
/// assert_eq!(fen_move("4k3/8/8/8/8/8/8/4K3 w - -"), Err(FenMoveError::NoSeparator));
/// ```
pub fn fen_move(text: &str) -> Result<Option<FenMove<'_>>, FenMoveError> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let (fen, after) = text.split_once(';').ok_or(FenMoveError::NoSeparator)?;
    let (mv, rest) = match after.split_once(';') {
        Some((mv, rest)) => (mv.trim(), Some(rest.trim()).filter(|r| !r.is_empty())),
        None => (after.trim(), None),
    };
    if mv.is_empty() {
        return Err(FenMoveError::NoMove);
    }
    Ok(Some(FenMove {
        fen: fen.trim(),
        mv,
        rest,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_trimmed_and_what_follows_the_move_is_kept_whole() {
        let line = fen_move("f w - -;e1e5;12; a comment").unwrap().unwrap();
        assert_eq!(line.rest, Some("12; a comment"));
        assert_eq!(line.third(), Some("12"));
        assert_eq!(fen_move("f w - -;e1e5;").unwrap().unwrap().rest, None);
        assert_eq!(fen_move("f w - -; ;5"), Err(FenMoveError::NoMove));
        assert_eq!(fen_move("   "), Ok(None));
    }
}
