//! PGN games: collected by a `pgn_reader::Visitor` on the reading thread (tags and mainline
//! moves only), replayed on the worker threads (`scan::replay`).
//!
//! - Mainline only: variations are skipped by the reader, comments and NAGs ignored.
//! - A `[FEN]` tag sets the starting position.
//! - `[Variant]`: `standard`, `chess`, `normal`, `from position` (any case) are standard
//!   chess; `chess960`, `chess 960`, `fischerandom`, `fischer random`, `frc` are played as
//!   Chess960 (castling by rook square; the scan itself is the same). Any other variant
//!   skips the game with a message.
//! - Moves are SAN; UCI moves (`g1f3`, `e1g1`, `e7e8q`) are accepted too, as some tools
//!   write them. A null move (`--`, `Z0`) passes the turn when the side to move is not in
//!   check and counts as a ply; in check it is an error. A drop (`N@f3`) is an error.
//! - An illegal, ambiguous or impossible move ends the game there: the positions before it
//!   are kept and the rest of the game is skipped.
//! - pgn-reader skips movetext tokens it cannot read (`hello`, `Nf9`) without telling; a
//!   skipped move usually makes the next one illegal, which is reported. A move with
//!   another language's piece letter (`Sf3`) ends the game there, reported: the
//!   notation rewriter wraps it in a comment the collector knows (`notation::UNREAD`).
//!   Text with neither a tag, nor a move, nor a result is not taken for a game: it is
//!   reported and skipped.

use crate::read::annotation::Annotation;
use crate::read::error::GameError;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, CastlingSide, Chess, EnPassantMode, Position};
use std::ops::ControlFlow;

/// The most mainline moves kept per game: longer than any real game, short enough that one
/// game cannot exhaust memory.
pub const MAX_PLIES: usize = 100_000;

/// A game as the reading thread hands it to the workers.
#[derive(Debug, Default)]
pub struct GameRecord {
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
    /// Set when the mainline was cut at [`MAX_PLIES`].
    pub truncated: bool,
    /// A move after the last one that the reader could not read (another language's piece
    /// letter, `Sf3`), where the mainline stops.
    pub unread: Option<String>,
    /// Tags read.
    pub tags: u32,
    /// A result (`1-0`, `*`...) was read.
    pub outcome: bool,
    /// The values of the tags asked for with `--tags`, in their order.
    pub tag_values: Vec<Option<String>>,
}

impl GameRecord {
    /// Reads a comment into the annotation of the last move. A comment before the first
    /// move is about the game, not a move.
    fn annotate_last_move(&mut self, comment: &[u8]) {
        if let Some(last) = self.annotations.last_mut() {
            last.read(comment);
        }
    }

    /// Neither a tag, nor a move, nor a result: text that pgn-reader took for a game but
    /// is not one (it skips tokens it cannot read without telling).
    pub fn is_empty(&self) -> bool {
        self.tags == 0 && self.moves.is_empty() && !self.outcome && self.rejected.is_none()
    }
}

/// Collects games for [`GameRecord`].
#[derive(Default)]
pub struct Collector {
    /// Games begun so far in this file.
    pub games: u64,
    /// Set after the reader gave up on a game's tag line: the next game it begins is the
    /// rest of that game (its other tags and its movetext), which is skipped whole and
    /// keeps the broken game's number.
    pub rest_of_broken: bool,
    /// The tags to keep (`--tags`).
    pub wanted_tags: Vec<String>,
    /// Whether comments are passed over unread: no column asked needs the clock or the
    /// evaluation, and reading them cost a sixth of a scan that asks for neither.
    skip_comments: bool,
    /// The last game's length, from which the next game's lists take their capacity:
    /// games of a file are alike, and growing a list move by move cost a tenth of a scan.
    last_plies: usize,
    /// A comment the reader handed over in pieces (it spans the end of the reader's
    /// buffer), gathered up to the record limit so that a `[%clk]` split between two
    /// pieces is still read.
    pieces: Vec<u8>,
}

/// The reader's room for one movetext token. A comment longer than this, or one that
/// spans the end of its buffer, comes in pieces, which [`Collector`] joins again. It is
/// small on purpose: the reader moves up to this many bytes back to the front of its
/// buffer before each token of an input's last stretch, and at the 64 KiB record limit
/// that cost about 20 ms at the end of every input (every Parquet row is one).
const TOKEN_BYTES: usize = 255;

/// A pgn-reader `Reader` over `input` as every PGN file is read: tag lines up to the
/// record limit (pgn-reader's default is 255 bytes, which real files with a long `[Event]`
/// or `[Annotator]` pass), comments in pieces, and the notations pgn-reader does not
/// know (`e2-e4`, `exd6e.p.`) rewritten first.
pub(crate) fn reader<R: std::io::Read>(
    input: R,
) -> pgn_reader::Reader<crate::read::notation::Notation<R>> {
    build(input, crate::read::records::MAX_RECORD_BYTES)
}

/// [`reader`] over one table cell's movetext, whose tags are the row's other columns: a
/// tag line in it is refused whatever its length, so it needs no room for a long one. (At
/// 64 KiB of room, pgn-reader's buffer is 128 KiB, which every row allocated and cleared.)
#[cfg(feature = "parquet")]
pub(crate) fn movetext_reader<R: std::io::Read>(
    input: R,
) -> pgn_reader::Reader<crate::read::notation::Notation<R>> {
    build(input, 0)
}

/// A reader with room for tag lines of `tag_line_bytes` (pgn-reader's 255 at least).
fn build<R: std::io::Read>(
    input: R,
    tag_line_bytes: usize,
) -> pgn_reader::Reader<crate::read::notation::Notation<R>> {
    pgn_reader::Reader::build(crate::read::notation::Notation::new(input))
        .set_supported_tag_line_length(tag_line_bytes)
        .set_supported_comment_length(TOKEN_BYTES)
        .finish()
}

/// A tag's value as text: UTF-8, as PGN files are written today, else Latin-1, as older
/// ones were (`M\xfcller` is `Müller`, where a lossy UTF-8 reading would invent `M�ller`).
/// Each byte is one character in Latin-1, so nothing is lost either way.
fn tag_text(value: &pgn_reader::RawTag<'_>) -> String {
    let bytes = value.decode();
    match std::str::from_utf8(&bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => bytes.iter().copied().map(char::from).collect(),
    }
}

impl Collector {
    /// A collector that keeps the tags `wanted_tags`, and reads each move's comment for
    /// its [`Annotation`] when `comments` is set (else the annotations stay empty).
    pub fn new(wanted_tags: Vec<String>, comments: bool) -> Collector {
        Collector {
            wanted_tags,
            skip_comments: !comments,
            ..Collector::default()
        }
    }
}

impl pgn_reader::Visitor for Collector {
    type Tags = GameRecord;
    type Movetext = GameRecord;
    type Output = GameRecord;

    fn begin_tags(&mut self) -> ControlFlow<GameRecord, GameRecord> {
        if std::mem::take(&mut self.rest_of_broken) {
            // Break: the reader skips the tags and movetext that follow. The record is
            // unnumbered (0), which tells the caller to drop it.
            return ControlFlow::Break(GameRecord::default());
        }
        self.games += 1;
        // What an unclosed comment of the game before left gathered is not this game's.
        self.pieces.clear();
        // Capped, so that a long game does not make every short one after it big.
        let capacity = (self.last_plies + 8).min(256);
        ControlFlow::Continue(GameRecord {
            number: self.games,
            tag_values: vec![None; self.wanted_tags.len()],
            moves: Vec::with_capacity(capacity),
            annotations: Vec::with_capacity(capacity),
            ..GameRecord::default()
        })
    }

    fn tag(
        &mut self,
        game: &mut GameRecord,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<GameRecord> {
        game.tags += 1;
        // pgn-reader leaves in the name what stands between it and the value but one
        // space (`[FEN\t"..."]`, `[FEN  "..."]`): python-chess allows any blank there, and
        // a FEN tag missed would have the game played from the start position.
        let name = name.trim_ascii_end();
        if let Some(i) = self.wanted_tags.iter().position(|t| t.as_bytes() == name) {
            game.tag_values[i] = Some(tag_text(&value));
        }
        match name {
            b"FEN" => match value.decode_utf8() {
                Ok(fen) => game.fen = Some(fen.trim().to_string()),
                Err(_) => game.rejected = Some("[FEN] tag is not UTF-8 text".into()),
            },
            b"Variant" => {
                let variant = value.decode_utf8_lossy();
                let lower = variant.trim().to_ascii_lowercase();
                match lower.as_str() {
                    "" | "standard" | "chess" | "normal" | "from position" | "fromposition" => {}
                    "chess960" | "chess 960" | "fischerandom" | "fischer random"
                    | "fischer-random" | "frc" | "960" => game.chess960 = true,
                    _ => {
                        game.rejected = Some(format!(
                            "[Variant \"{}\"] is not standard chess (nor Chess960)",
                            variant.trim()
                        ))
                    }
                }
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, game: GameRecord) -> ControlFlow<GameRecord, GameRecord> {
        if game.rejected.is_some() {
            // Let the reader skip the movetext on its fast path.
            ControlFlow::Break(game)
        } else {
            ControlFlow::Continue(game)
        }
    }

    fn san(&mut self, game: &mut GameRecord, san: SanPlus) -> ControlFlow<GameRecord> {
        if game.moves.len() >= MAX_PLIES {
            game.truncated = true;
            return ControlFlow::Break(std::mem::take(game));
        }
        game.moves.push(san);
        game.annotations.push(Annotation::default());
        ControlFlow::Continue(())
    }

    // Kept inside the reader's loop: once the unread check made it larger, the compiler
    // made it a call, which cost a scan 2% more instructions.
    #[inline(always)]
    fn comment(
        &mut self,
        game: &mut GameRecord,
        comment: pgn_reader::RawComment<'_>,
    ) -> ControlFlow<GameRecord> {
        // A move the notation rewriter found unreadable, wrapped in a comment that starts
        // with a NUL byte (`notation::UNREAD`). A comment of the input's own that starts
        // with one (a long one once gave a 5 KB message) is only a comment.
        if let [0, token @ ..] = comment.as_bytes() {
            if crate::read::notation::foreign_move(token, 0) == Some(token.len()) {
                return stop_at_unread(game, token);
            }
        }
        if self.skip_comments {
            return ControlFlow::Continue(());
        }
        if self.pieces.is_empty() {
            game.annotate_last_move(comment.as_bytes());
        } else {
            self.pieces.extend_from_slice(comment.as_bytes());
            game.annotate_last_move(&self.pieces);
        }
        self.pieces.clear();
        ControlFlow::Continue(())
    }

    fn partial_comment(
        &mut self,
        game: &mut GameRecord,
        piece: pgn_reader::RawComment<'_>,
    ) -> ControlFlow<GameRecord> {
        if self.skip_comments {
            return ControlFlow::Continue(());
        }
        // Beyond the record limit, what is gathered is read as a comment of its own, so
        // that memory stays bounded.
        if self.pieces.len() + piece.as_bytes().len() > crate::read::records::MAX_RECORD_BYTES {
            game.annotate_last_move(&self.pieces);
            self.pieces.clear();
        }
        self.pieces.extend_from_slice(piece.as_bytes());
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        game: &mut GameRecord,
        _outcome: pgn_reader::Outcome,
    ) -> ControlFlow<GameRecord> {
        game.outcome = true;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: GameRecord) -> GameRecord {
        self.last_plies = game.moves.len();
        game
    }
}

/// Ends `game`'s mainline at `token`, a move the reader cannot read. Out of line, so that
/// the comment callback stays small.
#[cold]
#[inline(never)]
fn stop_at_unread(game: &mut GameRecord, token: &[u8]) -> ControlFlow<GameRecord> {
    game.unread = Some(String::from_utf8_lossy(token).into_owned());
    ControlFlow::Break(std::mem::take(game))
}

/// The starting position of a game, or why it has none.
pub fn start(game: &GameRecord) -> Result<Chess, GameError> {
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

/// A shakmaty piece kind as cozy-chess's.
pub(crate) fn cozy_piece(role: shakmaty::Role) -> cozy_chess::Piece {
    match role {
        shakmaty::Role::Pawn => cozy_chess::Piece::Pawn,
        shakmaty::Role::Knight => cozy_chess::Piece::Knight,
        shakmaty::Role::Bishop => cozy_chess::Piece::Bishop,
        shakmaty::Role::Rook => cozy_chess::Piece::Rook,
        shakmaty::Role::Queen => cozy_chess::Piece::Queen,
        shakmaty::Role::King => cozy_chess::Piece::King,
    }
}

/// A shakmaty square as cozy-chess's.
pub(crate) fn cozy_square(square: shakmaty::Square) -> cozy_chess::Square {
    cozy_chess::Square::index(usize::from(square) & 63)
}

/// The same position as a cozy-chess board (move counters capped at cozy-chess's limits;
/// the caller prints the real ones). The en passant square is kept only when an en passant
/// capture is legal.
pub fn to_cozy(pos: &Chess) -> Result<cozy_chess::Board, GameError> {
    let mut b = cozy_chess::BoardBuilder::empty();
    let board = pos.board();
    for (square, piece) in board.clone() {
        let color = if piece.color.is_white() {
            cozy_chess::Color::White
        } else {
            cozy_chess::Color::Black
        };
        b.board[cozy_square(square) as usize] = Some((cozy_piece(piece.role), color));
    }
    b.side_to_move = if pos.turn().is_white() {
        cozy_chess::Color::White
    } else {
        cozy_chess::Color::Black
    };
    for (i, color) in [shakmaty::Color::White, shakmaty::Color::Black]
        .into_iter()
        .enumerate()
    {
        let file = |side| {
            pos.castles()
                .rook(color, side)
                .map(|s| cozy_chess::File::index(usize::from(s.file()) & 7))
        };
        b.castle_rights[i] = cozy_chess::CastleRights {
            short: file(CastlingSide::KingSide),
            long: file(CastlingSide::QueenSide),
        };
    }
    b.en_passant = pos.ep_square(EnPassantMode::Legal).map(cozy_square);
    b.halfmove_clock = pos.halfmoves().min(100) as u8;
    b.fullmove_number = pos.fullmoves().get().min(u32::from(u16::MAX)) as u16;
    b.build()
        .map_err(|e| GameError::MoveGenerator(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::annotation::Clock;

    fn san(text: &str) -> SanPlus {
        text.parse().expect("test SAN")
    }

    #[test]
    fn comments_are_read_only_when_asked() {
        // Comments whole and in pieces (one longer than a token's room).
        let long = format!("[%clk 0:00:05] {}", "x".repeat(2 * TOKEN_BYTES));
        let text = format!("1. e4 {{ [%eval 0.2] [%clk 0:01:00] }} e5 {{{long}}} *\n");
        for comments in [true, false] {
            let mut collector = Collector::new(Vec::new(), comments);
            let game = reader(text.as_bytes())
                .read_game(&mut collector)
                .expect("readable")
                .expect("one game");
            assert_eq!(game.moves.len(), 2);
            let clocks: Vec<_> = game
                .annotations
                .iter()
                .map(|a| a.clock.map(Clock::seconds))
                .collect();
            let evals: Vec<_> = game.annotations.iter().map(|a| a.eval.is_some()).collect();
            if comments {
                assert_eq!(clocks, [Some(60.0), Some(5.0)]);
                assert_eq!(evals, [true, false]);
            } else {
                assert_eq!(game.annotations, vec![Annotation::default(); 2]);
            }
        }
    }

    #[test]
    fn the_first_clock_and_evaluation_after_a_move_count_over_all_its_comments() {
        // As python-chess, which joins a move's comments: the second comment adds the
        // evaluation the first lacked, and changes neither the clock nor an evaluation
        // given before; a variation's comments are not the main line's.
        let text = "1. e4 { [%clk 0:03:00] } ( 1. d4 { [%clk 0:01:00] } ) \
                    { [%clk 0:02:00] [%eval 0.3] } { [%eval 0.9] } e5 { [%eval -0.5] } \
                    { [%clk 0:02:30] } *\n";
        let mut collector = Collector::new(Vec::new(), true);
        let game = reader(text.as_bytes())
            .read_game(&mut collector)
            .expect("readable")
            .expect("one game");
        let read: Vec<_> = game
            .annotations
            .iter()
            .map(|a| {
                (
                    a.clock.map(Clock::seconds),
                    a.eval.as_deref().map(str::to_owned),
                )
            })
            .collect();
        assert_eq!(
            read,
            [
                (Some(180.0), Some("0.3".to_owned())),
                (Some(150.0), Some("-0.5".to_owned())),
            ]
        );
    }

    #[test]
    fn a_tag_is_read_whatever_blank_separates_its_name_from_its_value() {
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        for blank in [" ", "\t", "  ", " \t "] {
            let text = format!(
                "[FEN{blank}\"{fen}\"]\n[SetUp{blank}\"1\"]\n[White{blank}\"a\"]\n\n1. O-O *\n"
            );
            let mut collector = Collector::new(vec!["White".to_string()], false);
            let game = reader(text.as_bytes())
                .read_game(&mut collector)
                .expect("readable")
                .expect("one game");
            assert_eq!(game.fen.as_deref(), Some(fen), "{blank:?}");
            assert_eq!(game.tag_values, [Some("a".into())], "{blank:?}");
        }
    }

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
            let mut reader = reader(Trickle {
                text: text.as_bytes(),
                whole,
            });
            let game = reader
                .read_game(&mut Collector::default())
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

    #[test]
    fn conversion_keeps_the_position() {
        let mut pos = Chess::default();
        for m in ["e4", "d5", "e5", "f5"] {
            let m = san(m).san.to_move(&pos).expect("a legal move");
            pos.play_unchecked(m);
        }
        let board = to_cozy(&pos).unwrap();
        assert_eq!(
            board.to_string(),
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
        );
    }
}
