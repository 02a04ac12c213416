//! A game replayed on the one board of the pipeline, a `shakmaty::Chess`: each mainline
//! entry resolved to a legal move (SAN, or UCI as some tools write it) and played.
//!
//! Moves are resolved as [`resolve`](crate::read::resolve) reads them; the tests check
//! them against a reading of every legal move, on positions with pins, promotions, en
//! passant and Chess960 castling.

use crate::read::error::{GameError, Refused};
use crate::read::resolve::resolve;
pub(crate) use crate::read::resolve::Step;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, Move, Position};

/// A game's position as it is replayed.
#[derive(Clone, Debug)]
pub(crate) struct Replay {
    pos: Chess,
    /// Castling is written king-takes-rook in UCI in Chess960, king two squares else.
    mode: CastlingMode,
}

impl Replay {
    /// The replay of a game that starts at `start`.
    pub(crate) fn new(start: Chess, chess960: bool) -> Replay {
        let mode = match chess960 {
            true => CastlingMode::Chess960,
            false => CastlingMode::Standard,
        };
        Replay { pos: start, mode }
    }

    /// The replay of a standard game from the usual starting position.
    pub(crate) fn standard() -> Replay {
        Replay::new(Chess::default(), false)
    }

    /// The position.
    pub(crate) fn board(&self) -> &Chess {
        &self.pos
    }

    /// The halfmove clock.
    pub(crate) fn halfmoves(&self) -> u32 {
        self.pos.halfmoves()
    }

    /// The fullmove number.
    pub(crate) fn fullmoves(&self) -> u32 {
        self.pos.fullmoves().get()
    }

    /// The legal move `san` stands for (SAN, or UCI as some tools write it), or why there
    /// is none.
    #[inline]
    pub(crate) fn resolve(&self, san: &SanPlus) -> Result<Step, Refused> {
        resolve(&self.pos, san)
    }

    /// Plays a resolved step; a null move in check is refused.
    pub(crate) fn play(&mut self, step: Step) -> Result<(), GameError> {
        match step {
            Step::Move(m) => self.pos.play_unchecked(m),
            Step::Null => self.pos = null_move(&self.pos, self.mode)?,
        }
        Ok(())
    }

    /// Writes a legal move in UCI: castling as the king's two squares in standard chess
    /// (`e1g1`), as the king taking its rook in Chess960.
    pub(crate) fn push_uci(&self, m: Move, out: &mut String) {
        if let UciMove::Normal {
            from,
            to,
            promotion,
        } = m.to_uci(self.mode)
        {
            for s in [from, to] {
                out.push(s.file().char());
                out.push(s.rank().char());
            }
            if let Some(p) = promotion {
                out.push(p.char());
            }
        }
    }

    /// The SAN of a legal move, as shakmaty writes it (disambiguated by file, then rank,
    /// then both; `+` or `#` after it), and the position after it.
    pub(crate) fn san(&self, m: Move) -> (SanPlus, Chess) {
        let mut after = self.pos.clone();
        let san = SanPlus::from_move_and_play_unchecked(&mut after, m);
        (san, after)
    }

    /// Plays a move whose position [`Replay::san`] has already made.
    pub(crate) fn advance(&mut self, after: Chess) {
        self.pos = after;
    }

    /// "12. Nf3" / "12... Nf6": how the move about to be played is written in messages.
    pub(crate) fn describe(&self, san: &impl std::fmt::Display) -> String {
        let dots = self.pos.turn().fold_wb(".", "...");
        format!("{}{dots} {san}", self.fullmoves())
    }
}

/// The position after a null move, as python-chess's `push(Move.null())` makes it: the
/// turn passes, the en passant square goes, and the clocks move as for a quiet move.
fn null_move(pos: &Chess, mode: CastlingMode) -> Result<Chess, GameError> {
    if pos.is_check() {
        return Err(GameError::NullMoveInCheck);
    }
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.swap_turn();
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    if pos.turn().is_black() {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    // Not in check, so the other side is not either: the position is legal.
    Chess::from_setup(setup, mode).map_err(|_| GameError::NullMoveInCheck)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::san::San;
    use shakmaty::Color;
    use shakmaty::{Role, Square};

    fn san(text: &str) -> SanPlus {
        text.parse().expect("test SAN")
    }

    /// Plays `moves` (SAN or UCI) from the start, or says where one failed.
    fn replay(moves: &str) -> Result<Replay, (String, GameError)> {
        let mut replay = Replay::standard();
        for m in moves.split_whitespace() {
            let step = replay
                .resolve(&san(m))
                .map_err(|e| (m.to_string(), e.into()))?;
            replay.play(step).map_err(|e| (m.to_string(), e))?;
        }
        Ok(replay)
    }

    #[test]
    fn uci_moves_and_castling_play() {
        let r = replay("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1").expect("legal");
        assert_eq!(r.board().board().king_of(Color::White), Some(Square::G1));
        assert_eq!(r.board().board().role_at(Square::F1), Some(Role::Rook));
        let r = replay("e4 e5 Nf3 Nc6 Bc4 Nf6 e1h1").expect("king takes rook");
        assert_eq!(r.board().board().king_of(Color::White), Some(Square::G1));
    }

    #[test]
    fn null_move_passes_unless_in_check_and_counts_a_ply() {
        let r = replay("Z0 --").expect("null moves");
        assert_eq!(r.board().turn(), Color::White);
        assert_eq!((r.halfmoves(), r.fullmoves()), (2, 2));
        assert_eq!(
            replay("e4 f5 Qh5+ --").map(|_| ()),
            Err(("--".to_string(), GameError::NullMoveInCheck))
        );
    }

    #[test]
    fn a_wrong_capture_mark_is_read_as_python_chess_reads_it() {
        for (moves, written_right) in [
            ("e4 e5 Nxf3", "e4 e5 Nf3"),
            ("e4 d5 exd5 Qd5", "e4 d5 exd5 Qxd5"),
            ("e4 d5 ed5", "e4 d5 exd5"),
            (
                "e4 d5 exd5 Qxd5 Nc3 Qd8 Nxd5",
                "e4 d5 exd5 Qxd5 Nc3 Qd8 Nd5",
            ),
        ] {
            let by_mark = replay(moves).expect("read as python-chess reads it");
            let right = replay(written_right).expect("legal");
            assert_eq!(by_mark.board(), right.board(), "{moves}");
        }
        for (moves, why) in [
            ("e4 e5 Nxe4", Refused::Illegal), // no knight reaches e4
            ("e4 d5 d5", Refused::Illegal),   // a pawn's push onto a piece
            ("Nf3 a6 Nc3 a5 Nd4 a4 Nb5", Refused::Ambiguous),
            ("Nf3 a6 Nc3 a5 Nd4 a4 Nxb5", Refused::Ambiguous),
            ("e4 e5 O-O", Refused::Illegal),
            ("e4 e5 Q@f3", Refused::Drop),
            ("e4 e5 e1g1", Refused::Illegal),
        ] {
            let got = replay(moves).map(|_| ()).map_err(|(_, e)| e);
            assert_eq!(got, Err(GameError::Move(why)), "{moves}");
        }
    }

    /// python-chess's reading of a SAN move, over every legal move (`None`: a null move):
    /// the piece, target, file, rank and promotion must fit, a pawn without a file stays
    /// on its own, the capture mark is not asked; then UCI for both coordinates.
    fn oracle(pos: &Chess, san: &SanPlus) -> Result<Option<Move>, Refused> {
        let (role, file, rank, to, promotion) = match san.san {
            San::Null => return Ok(None),
            San::Put { .. } => return Err(Refused::Drop),
            San::Castle(side) => {
                let castles = pos
                    .legal_moves()
                    .into_iter()
                    .find(|m| m.castling_side() == Some(side));
                return castles.map(Some).ok_or(Refused::Illegal);
            }
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            } => (role, file, rank, to, promotion),
        };
        let pawn_file = (role == Role::Pawn && file.is_none()).then(|| to.file());
        let fits: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let from = m.from().expect("a board move");
                !m.is_castle()
                    && m.role() == role
                    && m.to() == to
                    && file.or(pawn_file).is_none_or(|f| f == from.file())
                    && rank.is_none_or(|r| r == from.rank())
                    && m.promotion() == promotion
            })
            .collect();
        match (fits.as_slice(), role, file, rank) {
            ([m], ..) => Ok(Some(*m)),
            (_, Role::Pawn, Some(file), Some(rank)) => {
                let from = Square::from_coords(file, rank);
                let uci = UciMove::Normal {
                    from,
                    to,
                    promotion,
                };
                uci.to_move(pos).map(Some).map_err(|_| match fits.len() {
                    0 => Refused::Illegal,
                    _ => Refused::Ambiguous,
                })
            }
            ([], ..) => Err(Refused::Illegal),
            _ => Err(Refused::Ambiguous),
        }
    }

    /// Ways to write (and miswrite) a legal move: its SAN, with more or fewer coordinates,
    /// with the capture mark or the promotion changed, and its UCI; and now and then every
    /// piece kind to every square, legal or not.
    fn spellings(pos: &Chess, m: Move, mode: CastlingMode, blind: bool) -> Vec<SanPlus> {
        let mut out = vec![SanPlus::from_move(pos.clone(), m)];
        if let Ok(s) = m.to_uci(mode).to_string().parse() {
            out.push(s);
        }
        if let San::Normal {
            role,
            capture,
            to,
            promotion,
            ..
        } = San::from_move(pos, m)
        {
            let from = m.from().expect("a board move");
            for (file, rank) in [
                (None, None),
                (Some(from.file()), None),
                (None, Some(from.rank())),
                (Some(from.file()), Some(from.rank())),
            ] {
                for (capture, promotion) in [
                    (capture, promotion),
                    (!capture, promotion),
                    (capture, None),
                    (capture, Some(Role::Knight)),
                    (capture, Some(Role::King)),
                ] {
                    let san = San::Normal {
                        role,
                        file,
                        rank,
                        capture,
                        to,
                        promotion,
                    };
                    out.push(SanPlus { san, suffix: None });
                }
            }
        }
        if blind {
            for role in Role::ALL {
                for to in Square::ALL {
                    let san = San::Normal {
                        role,
                        file: None,
                        rank: None,
                        capture: false,
                        to,
                        promotion: None,
                    };
                    out.push(SanPlus { san, suffix: None });
                }
            }
        }
        out
    }

    /// Plays pseudo-random games from `fen` and checks, at every position, every spelling
    /// of every legal move: the replay's move or error, UCI and SAN against the oracle's.
    fn agree_from(fen: &str, mode: CastlingMode, games: u64, plies: usize) {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..games {
            let start: Chess = Fen::from_ascii(fen.as_bytes())
                .expect("FEN")
                .into_position(mode)
                .expect("legal");
            let mut replay = Replay::new(start, mode == CastlingMode::Chess960);
            for ply in 0..plies {
                let pos = replay.board().clone();
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                for (i, &m) in legal.iter().enumerate() {
                    for spelling in spellings(&pos, m, mode, i == 0 && ply % 4 == 0) {
                        let theirs = oracle(&pos, &spelling);
                        let ours = replay.resolve(&spelling);
                        match (&theirs, &ours) {
                            (Ok(Some(t)), Ok(Step::Move(o))) => {
                                assert_eq!(t, o, "{spelling} in {}", fen_of(&pos));
                                let mut a = String::new();
                                replay.push_uci(*o, &mut a);
                                assert_eq!(a, t.to_uci(mode).to_string());
                            }
                            (Err(t), Err(o)) => assert_eq!(t, o, "{spelling} in {}", fen_of(&pos)),
                            _ => panic!(
                                "{spelling} in {}: {theirs:?} against {ours:?}",
                                fen_of(&pos)
                            ),
                        }
                    }
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let m = legal[(seed >> 33) as usize % legal.len()];
                if (seed >> 40) & 1 == 0 {
                    replay.play(Step::Move(m)).expect("played");
                } else {
                    let (made, after) = replay.san(m);
                    assert_eq!(made, SanPlus::from_move(pos, m));
                    replay.advance(after);
                }
            }
        }
    }

    fn fen_of(pos: &Chess) -> String {
        Fen::from_position(pos, EnPassantMode::Legal).to_string()
    }

    #[test]
    fn every_spelling_of_every_legal_move_reads_as_python_chess_reads_it() {
        agree_from(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            CastlingMode::Standard,
            4,
            100,
        );
        // Promotions with and without capture, pins, en passant beside a pin.
        agree_from(
            "r3k2r/1P4P1/8/2pP3q/4Pp2/8/6p1/R3K2R w KQkq c6 0 30",
            CastlingMode::Standard,
            3,
            50,
        );
        // Chess960: king and rooks on other files, castling king takes rook.
        agree_from(
            "bqnrkbrn/pppppppp/8/8/8/8/PPPPPPPP/BQNRKBRN w KQkq - 0 1",
            CastlingMode::Chess960,
            3,
            80,
        );
        agree_from(
            "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1",
            CastlingMode::Chess960,
            3,
            40,
        );
        // Kings in check from sliders, and pieces to take that are defended or not.
        agree_from(
            "4k3/8/8/3n4/8/5p2/4K3/4r3 w - - 0 1",
            CastlingMode::Standard,
            4,
            40,
        );
    }
}
