//! PGN games as the reading thread hands them to the workers ([`GameRecord`], read by
//! [`games`](crate::read::games)), replayed on the worker threads (`scan::replay`).
//!
//! - Mainline only: variations are skipped by the reader, NAGs passed over, and comments
//!   read for the clock and evaluation of the move before them.
//! - A `[FEN]` tag sets the starting position.
//! - `[Variant]`: `standard`, `chess`, `normal`, `from position` (any case) are standard
//!   chess; `chess960`, `chess 960`, `fischerandom`, `fischer random`, `frc` are played as
//!   Chess960 (castling by rook square; the scan itself is the same). Any other variant
//!   skips the game with a message.
//! - Moves are read by [`token`](crate::read::token): SAN, UCI and the other notations
//!   python-chess reads. A null move (`--`, `Z0`, `0000`, `@@@@`) passes the turn when
//!   the side to move is not in check and counts as a ply; in check it is an error. A drop
//!   (`N@f3`) is an error.
//! - An illegal, ambiguous or impossible move, or a token that is no move, ends the game
//!   there: the positions before it are kept and the rest of the game is skipped.
//!   Text with neither a tag nor a readable move is not taken for a game: it is reported
//!   and skipped.
//! - A repeated tag's last value counts, as in python-chess.

use crate::read::annotation::Annotation;
use crate::read::error::GameError;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess};

/// The most mainline moves kept per game: longer than any real game, short enough that one
/// game cannot exhaust memory.
pub(crate) const MAX_PLIES: usize = 100_000;

/// A game as the reading thread hands it to the workers.
#[derive(Debug, Default)]
pub(crate) struct GameRecord {
    /// 1-based index of the game in its file (0: the rest of a game already reported).
    pub number: u64,
    /// The `[FEN]` tag.
    pub fen: Option<String>,
    /// Castling mode from the `[Variant]` tag.
    pub chess960: bool,
    /// Mainline moves.
    pub moves: Vec<SanPlus>,
    /// What the comment after each mainline move says of the clock and the evaluation
    /// (Lichess's `[%clk 0:03:00]` and `[%eval 0.17]`), one per move; empty when the
    /// reading passes comments over.
    pub annotations: Vec<Annotation>,
    /// Set when the whole game is to be skipped (unsupported variant, unreadable tag).
    pub rejected: Option<String>,
    /// Why the last `[Variant]` or `[FEN]` tag read refuses the game: a later tag of the
    /// same name overrides an earlier one, as in python-chess, so this becomes
    /// [`Self::rejected`] only when the tags end ([`Self::end_tags`]).
    refused_variant: Option<String>,
    refused_fen: Option<&'static str>,
    /// Set when the mainline was cut at [`MAX_PLIES`].
    pub truncated: bool,
    /// A token after the last move that could not be read (`Sf3`, `e9`), where the
    /// mainline stops, and why.
    pub unread: Option<(String, &'static str)>,
    /// Tags read.
    pub tags: u32,
    /// A result (`1-0`, `*`...) was read.
    pub outcome: bool,
    /// The values of the tags asked for with `--tags`, in their order.
    pub tag_values: Vec<Option<String>>,
}

impl GameRecord {
    /// Game `number` of its file, with `tags` tags' values, in the lists of a game
    /// already processed when there is one (`spare`), else with room for `plies` moves.
    /// A game's lists were most of the allocations of a short game's reading; a spare
    /// game's lists keep their room (the room of a game of the same file, most often
    /// enough: growing them to a size asked cost more than it saved).
    pub(crate) fn reuse(
        spare: Option<GameRecord>,
        number: u64,
        tags: usize,
        plies: usize,
    ) -> GameRecord {
        let (mut moves, mut annotations, mut tag_values) = match spare {
            Some(game) => (game.moves, game.annotations, game.tag_values),
            None => (
                Vec::with_capacity(plies),
                Vec::with_capacity(plies),
                Vec::new(),
            ),
        };
        moves.clear();
        annotations.clear();
        tag_values.clear();
        tag_values.resize(tags, None);
        GameRecord {
            number,
            moves,
            annotations,
            tag_values,
            ..GameRecord::default()
        }
    }

    /// Reads a comment into the annotation of the last move. A comment before the first
    /// move is about the game, not a move.
    pub(crate) fn annotate_last_move(&mut self, comment: &[u8]) {
        if let Some(last) = self.annotations.last_mut() {
            last.read(comment);
        }
    }

    /// Neither a tag nor a readable move: no game, however much other text it holds (a
    /// result, an unreadable token: an EPD line read as PGN).
    pub(crate) fn is_empty(&self) -> bool {
        self.tags == 0 && self.moves.is_empty()
    }

    /// The tags have all been read: the last `[Variant]` and `[FEN]` say whether the game
    /// is refused.
    pub(crate) fn end_tags(&mut self) {
        let refused = self.refused_variant.take();
        let refused = refused.or_else(|| self.refused_fen.map(str::to_string));
        if let Some(why) = refused {
            self.rejected.get_or_insert(why);
        }
    }

    /// Reads a tag (`name` trimmed, `value` unescaped): the ones asked for (`wanted`) are
    /// kept, `[FEN]` and `[Variant]` read.
    pub(crate) fn tag(&mut self, name: &[u8], value: &[u8], wanted: &[String]) {
        self.tags += 1;
        if let Some(i) = wanted.iter().position(|t| t.as_bytes() == name) {
            self.tag_values[i] = Some(tag_text(value));
        }
        match name {
            b"FEN" => match std::str::from_utf8(value) {
                Ok(fen) => (self.fen, self.refused_fen) = (Some(fen.trim().to_string()), None),
                Err(_) => {
                    (self.fen, self.refused_fen) = (None, Some("[FEN] tag is not UTF-8 text"))
                }
            },
            b"Variant" => {
                let variant = String::from_utf8_lossy(value);
                let lower = variant.trim().to_ascii_lowercase();
                (self.chess960, self.refused_variant) = match lower.as_str() {
                    "" | "standard" | "chess" | "normal" | "from position" | "fromposition" => {
                        (false, None)
                    }
                    "chess960" | "chess 960" | "fischerandom" | "fischer random"
                    | "fischer-random" | "frc" | "960" => (true, None),
                    _ => {
                        let why = format!(
                            "[Variant \"{}\"] is not standard chess (nor Chess960)",
                            variant.trim()
                        );
                        (false, Some(why))
                    }
                };
            }
            _ => {}
        }
    }
}

/// A tag's value as text: UTF-8, as PGN files are written today, else Latin-1, as older
/// ones were (`M\xfcller` is `Müller`, where a lossy UTF-8 reading would invent `M�ller`).
/// Each byte is one character in Latin-1, so nothing is lost either way.
fn tag_text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => bytes.iter().copied().map(char::from).collect(),
    }
}

/// The starting position of a game, or why it has none.
pub(crate) fn start(game: &GameRecord) -> Result<Chess, GameError> {
    let mode = if game.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let Some(text) = &game.fen else {
        return Ok(Chess::default());
    };
    if !game.chess960 {
        return crate::read::parse::position(text).map_err(|e| bad_fen(text, e));
    }
    let fen = Fen::from_ascii(text.as_bytes()).map_err(|e| bad_fen(text, e))?;
    fen.into_position(mode).map_err(|e| bad_fen(text, e))
}

fn bad_fen(fen: &str, why: impl std::fmt::Display) -> GameError {
    GameError::Fen {
        fen: fen.to_string(),
        why: why.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use crate::read::games::GameReader;

    #[test]
    fn a_game_read_into_a_spare_game_s_lists_keeps_nothing_of_it() {
        // The first game sets everything a game can hold; the second, read into its lists,
        // must read as it does into fresh ones.
        let pgn = b"[FEN \"8/8/8/8/8/8/4k3/4K2R w K - 0 1\"]\n[Variant \"Chess960\"]\n\
            [WhiteElo \"2100\"]\n\n1. Kf1 {[%clk 0:01:00] [%eval 0.3]} Ke3 2. Sf3 *\n\n\
            [BlackElo \"1900\"]\n\n1. e4 e5 *\n";
        let tags = vec!["WhiteElo".to_string(), "BlackElo".to_string()];
        let read = |reuse: bool| {
            let mut reader = GameReader::new(&pgn[..], tags.clone(), true, 64);
            let first = reader.read_game().unwrap().unwrap();
            assert!(first.fen.is_some() && first.chess960 && first.unread.is_some());
            if reuse {
                reader.spares.push(first);
            }
            format!("{:?}", reader.read_game().unwrap().unwrap())
        };
        assert_eq!(read(true), read(false));
        assert!(read(true).contains("1900"));
    }
}
