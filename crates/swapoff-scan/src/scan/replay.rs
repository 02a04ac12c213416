//! A game replayed on the cozy-chess board the analysis reads: each mainline entry resolved
//! to a legal move (SAN as shakmaty reads it, or UCI as some tools write it), played, and
//! the move counters kept beside the board (cozy-chess caps its own). One board, not a
//! shakmaty position played beside it: resolving a SAN move is a search of the legal moves
//! of one piece kind to one square, which the board's own move generator does.
//!
//! What counts as legal or ambiguous is shakmaty's, but for the capture mark, which is
//! read as python-chess reads it: a pawn that changes file captures whether its `x` is
//! written or not (`ed5`), and a piece's move with a wrong mark (`Nxf3` to an empty square,
//! `Qd5` that takes) is read as the one legal move it names; a promotion must say its
//! piece; castling is `O-O`/`O-O-O`, or the king's UCI move (`e1g1`, or king takes
//! rook). The tests check the moves made against shakmaty's on games and on every legal
//! move of positions with pins, promotions, en passant and Chess960 castling.

use crate::encode::square_name;
use crate::read::error::{GameError, Refused};
use crate::read::pgn::{cozy_piece, cozy_square};
use cozy_chess::{
    get_between_rays, get_bishop_rays, get_king_moves, get_knight_moves, get_line_rays,
    get_pawn_attacks, get_pawn_quiets, get_rook_rays, BitBoard, Board, Color, File, Move, Piece,
    Rank, Square,
};
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingSide, Position as _};
use swapoff::BoardQueries;

/// What a mainline entry does: a legal move, or a null move (`--`) that passes the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A legal move (castling as the king taking its own rook, as cozy-chess writes it).
    Move(Move),
    /// A null move.
    Null,
}

/// A game's position as it is replayed.
#[derive(Clone, Debug)]
pub(crate) struct Replay {
    board: Board,
    /// Plies since the last capture or pawn move.
    halfmoves: u32,
    /// The move number, from 1, counted up after Black's move.
    fullmoves: u32,
    /// Castling is written king-takes-rook in UCI.
    chess960: bool,
}

/// The pieces of `candidates`, each on a line through `to`, with nothing in `occupied`
/// between them and `to`: the sliders that reach `to`, found without cozy-chess's slider
/// tables (800 KB, whose lookups missed the cache on most moves) from the one or two
/// candidates there usually are and its 32 KB table of the squares between two others.
fn unblocked(to: Square, candidates: BitBoard, occupied: BitBoard) -> BitBoard {
    let mut reach = BitBoard::EMPTY;
    for square in candidates {
        if (get_between_rays(to, square) & occupied).is_empty() {
            reach |= square.bitboard();
        }
    }
    reach
}

impl Replay {
    /// The replay of a game that starts at `start`, or why cozy-chess refuses its board.
    pub(crate) fn new(start: &shakmaty::Chess, chess960: bool) -> Result<Replay, GameError> {
        Ok(Replay {
            board: crate::read::pgn::to_cozy(start)?,
            halfmoves: start.halfmoves(),
            fullmoves: start.fullmoves().get(),
            chess960,
        })
    }

    /// The replay of a standard game from the usual starting position.
    pub(crate) fn standard() -> Replay {
        // cozy-chess builds and checks its starting board afresh at each call: once is
        // enough (0.6% of a question over Lichess's games).
        static START: std::sync::OnceLock<Board> = std::sync::OnceLock::new();
        Replay {
            board: START.get_or_init(Board::default).clone(),
            halfmoves: 0,
            fullmoves: 1,
            chess960: false,
        }
    }

    /// The board.
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    /// The halfmove clock.
    pub(crate) fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The fullmove number.
    pub(crate) fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The legal move `san` stands for (SAN, or UCI as some tools write it), or why there
    /// is none: as written, then, for a piece's move refused as illegal, with its capture
    /// mark the other way round ([`other_mark`](Self::other_mark)).
    #[inline(always)]
    pub(crate) fn resolve(&self, san: &SanPlus) -> Result<Step, Refused> {
        self.as_written(san)
            .or_else(|why| self.other_mark(san, why))
    }

    /// [`resolve`](Self::resolve) for `san` as it is written.
    fn as_written(&self, san: &SanPlus) -> Result<Step, Refused> {
        match san.san {
            San::Null => Ok(Step::Null),
            San::Put { .. } => Err(Refused::Drop),
            San::Castle(side) => self.castle(side).map(Step::Move).ok_or(Refused::Illegal),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                // A pawn that changes file captures, written with its `x` or not (`ed5`, as
                // older books write it, and as python-chess reads it).
                let capture = capture
                    || (role == shakmaty::Role::Pawn && file.is_some_and(|f| f != to.file()));
                let found = self.normal(role, file, rank, capture, to, promotion);
                // What the SAN reader took for a pawn move with both coordinates may be UCI
                // (`g1f3` reads as "pawn from g1 to f3").
                let uci = match (role, file, rank) {
                    (shakmaty::Role::Pawn, Some(file), Some(rank)) if found.is_err() => {
                        let from = shakmaty::Square::from_coords(file, rank);
                        self.uci(
                            cozy_square(from),
                            cozy_square(to),
                            promotion.map(cozy_piece),
                        )
                    }
                    _ => None,
                };
                match uci {
                    Some(m) => Ok(Step::Move(m)),
                    None => found.map(Step::Move),
                }
            }
        }
    }

    /// What `san` stands for once [`as_written`](Self::as_written) refused it `why`: a
    /// piece's move with its capture mark the other way round. The mark says nothing that
    /// what stands on `to` does not, and python-chess reads a move with a wrong one (`Nxf3`
    /// to an empty square, `Qd5` that takes). Out of line and asked only after a refusal:
    /// a second search inside the first cost the question 2% more instructions.
    #[cold]
    #[inline(never)]
    fn other_mark(&self, san: &SanPlus, why: Refused) -> Result<Step, Refused> {
        let mut other = *san;
        match &mut other.san {
            San::Normal { role, capture, .. }
                if why == Refused::Illegal && *role != shakmaty::Role::Pawn =>
            {
                *capture = !*capture;
                self.as_written(&other)
            }
            _ => Err(why),
        }
    }

    /// The one legal move of a `role` to `to` that the SAN's coordinates, capture mark and
    /// promotion describe.
    fn normal(
        &self,
        role: shakmaty::Role,
        file: Option<shakmaty::File>,
        rank: Option<shakmaty::Rank>,
        capture: bool,
        to: shakmaty::Square,
        promotion: Option<shakmaty::Role>,
    ) -> Result<Move, Refused> {
        let board = &self.board;
        let us = board.side_to_move();
        let mut from = board.colored_pieces(us, cozy_piece(role));
        if let Some(file) = file {
            from &= File::index(usize::from(file) & 7).bitboard();
        } else if role == shakmaty::Role::Pawn && !capture {
            // A pawn that does not capture stays on its file: one pawn's moves to generate,
            // not eight.
            from &= File::index(usize::from(to.file()) & 7).bitboard();
        }
        if let Some(rank) = rank {
            from &= Rank::index(usize::from(rank) & 7).bitboard();
        }
        let (to, promotion) = (cozy_square(to), promotion.map(cozy_piece));
        if let Some(m) = self.only_move(cozy_piece(role), from, capture, to, promotion) {
            return Ok(m);
        }
        let (ours, theirs) = (board.colors(us), board.colors(!us));
        let (mut found, mut count) = (None, 0);
        board.generate_moves_for(from, |mut moves| {
            moves.to &= to.bitboard();
            for m in moves {
                // The king onto its own rook is castling, which SAN writes as O-O.
                let captures = theirs.has(m.to)
                    || (moves.piece == Piece::Pawn && m.from.file() != m.to.file());
                if m.promotion == promotion && !ours.has(m.to) && captures == capture {
                    found = Some(m);
                    count += 1;
                }
            }
            false
        });
        match (found, count) {
            (Some(m), 1) => Ok(m),
            (None, _) => Err(Refused::Illegal),
            _ => Err(Refused::Ambiguous),
        }
    }

    /// [`normal`](Self::normal)'s answer where it is one legal move and finding it needs no
    /// move generator: not in check, a piece other than the king, no en passant. Then a
    /// move is legal when its piece may reach `to` and is not pinned, or moves along its
    /// pin, so the pieces of the kind that reach `to` are looked up directly, which costs
    /// less than generating every move of them (a question over a Lichess file took 4%
    /// fewer instructions). A king's step is [`only_king_step`](Self::only_king_step).
    /// `None` wherever the move generator must decide (no such move, or more than one, or
    /// a case left to it), so that every error is its.
    fn only_move(
        &self,
        piece: Piece,
        from: BitBoard,
        capture: bool,
        to: Square,
        promotion: Option<Piece>,
    ) -> Option<Move> {
        if piece == Piece::King {
            return self
                .only_king_step(from, capture, to)
                .filter(|_| promotion.is_none());
        }
        let board = &self.board;
        let us = board.side_to_move();
        let occupied = board.occupied();
        if !board.checkers().is_empty() || board.colors(us).has(to) {
            return None;
        }
        // A capture must take a piece on `to` (en passant is left to the generator), and a
        // move that is not one must go to an empty square.
        if capture != board.colors(!us).has(to) {
            return None;
        }
        let reach = match piece {
            Piece::Pawn => {
                let last = to.rank() == Rank::Eighth.relative_to(us);
                let promotes = matches!(
                    promotion,
                    Some(Piece::Knight | Piece::Bishop | Piece::Rook | Piece::Queen)
                );
                // On the last rank a pawn must say its new piece; elsewhere it must not.
                let written_right = if last { promotes } else { promotion.is_none() };
                if !written_right {
                    return None;
                }
                if capture {
                    get_pawn_attacks(to, !us)
                } else {
                    // A push: the pawns whose single or double step lands on `to`.
                    let mut pushers = BitBoard::EMPTY;
                    for pawn in from {
                        if get_pawn_quiets(pawn, us, occupied).has(to) {
                            pushers |= pawn.bitboard();
                        }
                    }
                    pushers
                }
            }
            _ if promotion.is_some() => return None,
            Piece::Knight => get_knight_moves(to),
            Piece::Bishop => unblocked(to, get_bishop_rays(to) & from, occupied),
            Piece::Rook => unblocked(to, get_rook_rays(to) & from, occupied),
            _ => unblocked(
                to,
                (get_bishop_rays(to) | get_rook_rays(to)) & from,
                occupied,
            ),
        };
        let king = board.king(us);
        let pinned = board.pinned();
        let mut legal = (reach & from)
            .into_iter()
            .filter(|&origin| !pinned.has(origin) || get_line_rays(king, origin).has(to));
        let origin = legal.next()?;
        if legal.next().is_some() {
            return None;
        }
        Some(Move {
            from: origin,
            to,
            promotion,
        })
    }

    /// The king's step to a neighbouring square `to`, when legal, in check or not: the one
    /// square is tested, where the move generator tests every square the king could step
    /// to (two slider lookups each, in tables too big to stay in the cache). `None` for
    /// anything else (castling included), which the generator decides.
    fn only_king_step(&self, from: BitBoard, capture: bool, to: Square) -> Option<Move> {
        let board = &self.board;
        let us = board.side_to_move();
        let king = board.king(us);
        let theirs = board.colors(!us);
        if !from.has(king)
            || !get_king_moves(king).has(to)
            || board.colors(us).has(to)
            || capture != theirs.has(to)
        {
            return None;
        }
        // Attacks on `to` once the king has left its square (a slider checking it along a
        // line still attacks the square behind it on that line), from the SEE library's
        // own small tables.
        let occupied = (board.occupied() ^ king.bitboard()).0;
        let attackers = BoardQueries::attackers_to(board, to.into(), occupied);
        (attackers & theirs.0 == 0).then_some(Move {
            from: king,
            to,
            promotion: None,
        })
    }

    /// Castling on `side`, when legal.
    fn castle(&self, side: CastlingSide) -> Option<Move> {
        let board = &self.board;
        let us = board.side_to_move();
        let rights = board.castle_rights(us);
        let file = match side {
            CastlingSide::KingSide => rights.short,
            CastlingSide::QueenSide => rights.long,
        }?;
        let rook = Square::new(file, Rank::First.relative_to(us));
        let m = Move {
            from: board.king(us),
            to: rook,
            promotion: None,
        };
        board.is_legal(m).then_some(m)
    }

    /// A UCI move, when legal: castling as the king taking its rook, or moving two squares
    /// from the e-file along its first rank (as shakmaty reads UCI).
    fn uci(&self, from: Square, to: Square, promotion: Option<Piece>) -> Option<Move> {
        let board = &self.board;
        let moved = board.piece_on(from)?;
        if promotion.is_some() && moved != Piece::Pawn {
            return None;
        }
        let (mut to, mut promotion) = (to, promotion);
        if moved == Piece::Pawn && from.file() != to.file() && !board.occupied().has(to) {
            // Read as en passant, whatever promotion was written (as shakmaty does).
            promotion = None;
        }
        if moved == Piece::King {
            let us = board.side_to_move();
            let back = Rank::First.relative_to(us);
            let rights = board.castle_rights(us);
            let rook = |file: Option<File>| file.map(|f| Square::new(f, back));
            let castling = rook(rights.short) == Some(to) || rook(rights.long) == Some(to);
            if !castling
                && from == Square::new(File::E, back)
                && to.rank() == back
                && (to.file() as i8 - from.file() as i8).abs() == 2
            {
                let file = if to.file() > from.file() {
                    File::H
                } else {
                    File::A
                };
                to = Square::new(file, back);
            }
        }
        let m = Move {
            from,
            to,
            promotion,
        };
        board.is_legal(m).then_some(m)
    }

    /// Plays a resolved step; a null move in check is refused.
    pub(crate) fn play(&mut self, step: Step) -> Result<(), GameError> {
        match step {
            Step::Move(m) => {
                self.count(Some(m));
                self.board.play_unchecked(m);
            }
            // As python-chess's `push(Move.null())`: the clocks move as for a quiet move.
            Step::Null => {
                let after = self.board.null_move().ok_or(GameError::NullMoveInCheck)?;
                self.count(None);
                self.board = after;
            }
        }
        Ok(())
    }

    /// Moves the counters on for a move (`None`: a null move) about to be played.
    fn count(&mut self, m: Option<Move>) {
        let board = &self.board;
        let us = board.side_to_move();
        let resets =
            m.is_some_and(|m| board.pieces(Piece::Pawn).has(m.from) || board.colors(!us).has(m.to));
        self.halfmoves = match resets {
            true => 0,
            false => self.halfmoves.saturating_add(1),
        };
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
    }

    /// Writes a legal move in UCI: castling as the king's two squares in standard chess
    /// (`e1g1`), as the king taking its rook in Chess960.
    pub(crate) fn push_uci(&self, m: Move, out: &mut String) {
        let to = match self.castling_side(m) {
            Some(side) if !self.chess960 => {
                let file = match side {
                    CastlingSide::KingSide => File::G,
                    CastlingSide::QueenSide => File::C,
                };
                Square::new(file, m.from.rank())
            }
            _ => m.to,
        };
        for s in [m.from, to] {
            out.extend(square_name(s).map(char::from));
        }
        if let Some(p) = m.promotion {
            out.push(char::from(p));
        }
    }

    /// The side a castling move castles to (`None` for any other move).
    fn castling_side(&self, m: Move) -> Option<CastlingSide> {
        let board = &self.board;
        let castles =
            board.pieces(Piece::King).has(m.from) && board.colors(board.side_to_move()).has(m.to);
        castles.then(|| match m.to.file() > m.from.file() {
            true => CastlingSide::KingSide,
            false => CastlingSide::QueenSide,
        })
    }

    /// The SAN of a legal move, as shakmaty writes it (disambiguated by file, then rank,
    /// then both; `+` or `#` after it), and the board after it.
    pub(crate) fn san(&self, m: Move) -> (SanPlus, Board) {
        let board = &self.board;
        let us = board.side_to_move();
        let theirs = board.colors(!us);
        // A move `resolve` gave has a piece on its square.
        let moved = board.piece_on(m.from).unwrap_or(Piece::Pawn);
        let coords = |s: Square| shakmaty::Square::new(s as u32);
        let to = coords(m.to);
        let from = coords(m.from);
        let san = if let Some(side) = self.castling_side(m) {
            San::Castle(side)
        } else if moved == Piece::Pawn {
            let capture = theirs.has(m.to) || m.from.file() != m.to.file();
            San::Normal {
                role: shakmaty::Role::Pawn,
                file: capture.then(|| from.file()),
                rank: None,
                capture,
                to,
                promotion: m.promotion.map(role),
            }
        } else {
            // The other pieces of its kind that could go there.
            let others = board.colored_pieces(us, moved) & !m.from.bitboard();
            let (mut ambiguous, mut same_file, mut same_rank) = (false, false, false);
            board.generate_moves_for(others, |moves| {
                if moves.to.has(m.to) {
                    ambiguous = true;
                    same_rank |= moves.from.rank() == m.from.rank();
                    same_file |= moves.from.file() == m.from.file();
                }
                false
            });
            San::Normal {
                role: role(moved),
                file: (ambiguous && (!same_file || same_rank)).then(|| from.file()),
                rank: same_file.then(|| from.rank()),
                capture: theirs.has(m.to),
                to,
                promotion: None,
            }
        };
        let mut after = board.clone();
        after.play_unchecked(m);
        let suffix = if after.checkers() == BitBoard::EMPTY {
            None
        } else if after.generate_moves(|_| true) {
            Some(Suffix::Check)
        } else {
            Some(Suffix::Checkmate)
        };
        (SanPlus { san, suffix }, after)
    }

    /// Plays a move whose board [`Replay::san`] has already made.
    pub(crate) fn advance(&mut self, m: Move, after: Board) {
        self.count(Some(m));
        self.board = after;
    }

    /// "12. Nf3" / "12... Nf6": how the move about to be played is written in messages.
    pub(crate) fn describe(&self, san: &impl std::fmt::Display) -> String {
        let dots = match self.board.side_to_move() {
            Color::White => ".",
            Color::Black => "...",
        };
        format!("{}{dots} {san}", self.fullmoves)
    }
}

fn role(piece: Piece) -> shakmaty::Role {
    match piece {
        Piece::Pawn => shakmaty::Role::Pawn,
        Piece::Knight => shakmaty::Role::Knight,
        Piece::Bishop => shakmaty::Role::Bishop,
        Piece::Rook => shakmaty::Role::Rook,
        Piece::Queen => shakmaty::Role::Queen,
        Piece::King => shakmaty::Role::King,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Chess, EnPassantMode};

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
        assert_eq!(r.board().king(Color::White), Square::G1);
        assert_eq!(r.board().piece_on(Square::F1), Some(Piece::Rook));
        let r = replay("e4 e5 Nf3 Nc6 Bc4 Nf6 e1h1").expect("king takes rook");
        assert_eq!(r.board().king(Color::White), Square::G1);
    }

    #[test]
    fn null_move_passes_unless_in_check_and_counts_a_ply() {
        let r = replay("Z0 --").expect("null moves");
        assert_eq!(r.board().side_to_move(), Color::White);
        assert_eq!((r.halfmoves(), r.fullmoves()), (2, 2));
        assert_eq!(
            replay("e4 f5 Qh5+ --").map(|_| ()),
            Err(("--".to_string(), GameError::NullMoveInCheck))
        );
    }

    #[test]
    fn what_is_written_wrong_is_illegal_or_ambiguous_as_shakmaty_says() {
        // A piece's move with a wrong capture mark is the move it names, as python-chess
        // reads it (shakmaty refuses it).
        for moves in [
            "e4 e5 Nxf3",
            "e4 d5 exd5 Qd5",
            "e4 d5 exd5 Qxd5 Nc3 Qd8 Nxd5",
        ] {
            let by_mark = replay(moves).expect("read as python-chess reads it");
            let written_right = moves.replace("Nxf3", "Nf3").replace("Qd5", "Qxd5");
            let written_right = written_right.replace("Nxd5", "Nd5");
            let right = replay(&written_right).expect("legal");
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
            // shakmaty on the same moves.
            let mut pos = Chess::default();
            let theirs = moves.split_whitespace().try_for_each(|m| {
                match oracle(&pos, &san(m))? {
                    Some(m) => pos.play_unchecked(m),
                    None => pos = null(&pos),
                }
                Ok(())
            });
            assert_eq!(theirs, Err(why), "{moves}");
        }
    }

    /// The reading the replay replaced: shakmaty's SAN, then UCI for a "pawn move" with
    /// both coordinates (`None`: a null move).
    fn oracle(pos: &Chess, san: &SanPlus) -> Result<Option<shakmaty::Move>, Refused> {
        // A pawn that changes file captures, with its `x` written or not (`ed5`).
        let mut read = san.san;
        if let San::Normal {
            role: shakmaty::Role::Pawn,
            file: Some(file),
            to,
            ref mut capture,
            ..
        } = read
        {
            *capture |= file != to.file();
        }
        // A piece's capture mark that is wrong is read as the move it names.
        let mut flipped = read;
        let piece = match &mut flipped {
            San::Normal { role, capture, .. } if *role != shakmaty::Role::Pawn => {
                *capture = !*capture;
                true
            }
            _ => false,
        };
        let read_either = |pos: &Chess| match read.to_move(pos) {
            Err(shakmaty::san::SanError::IllegalSan) if piece => flipped.to_move(pos),
            found => found,
        };
        match san.san {
            San::Null => Ok(None),
            San::Put { .. } => Err(Refused::Drop),
            _ => read_either(pos).map(Some).or_else(|e| {
                let uci = match san.san {
                    San::Normal {
                        role: shakmaty::Role::Pawn,
                        file: Some(file),
                        rank: Some(rank),
                        to,
                        promotion,
                        ..
                    } => UciMove::Normal {
                        from: shakmaty::Square::from_coords(file, rank),
                        to,
                        promotion,
                    }
                    .to_move(pos)
                    .ok(),
                    _ => None,
                };
                uci.map(Some).ok_or(match e {
                    shakmaty::san::SanError::IllegalSan => Refused::Illegal,
                    shakmaty::san::SanError::AmbiguousSan => Refused::Ambiguous,
                })
            }),
        }
    }

    fn null(pos: &Chess) -> Chess {
        let mut setup = pos.to_setup(EnPassantMode::Legal);
        setup.turn = !setup.turn;
        setup.ep_square = None;
        shakmaty::FromSetup::from_setup(setup, pos.castles().mode()).expect("not in check")
    }

    /// Ways to write (and miswrite) a legal move: its SAN, with more or fewer coordinates,
    /// with the capture mark or the promotion changed, and its UCI.
    fn spellings(pos: &Chess, m: shakmaty::Move, mode: CastlingMode) -> Vec<SanPlus> {
        let mut out = vec![SanPlus::from_move(pos.clone(), m)];
        let uci = m.to_uci(mode).to_string();
        if let Ok(s) = uci.parse() {
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
                    (capture, Some(shakmaty::Role::Knight)),
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
        out
    }

    /// SAN with neither file nor rank for every piece kind to every square, as a capture
    /// and not, a pawn's with and without a queen's promotion.
    fn blind() -> Vec<SanPlus> {
        let mut out = Vec::new();
        for role in [
            shakmaty::Role::Pawn,
            shakmaty::Role::Knight,
            shakmaty::Role::Bishop,
            shakmaty::Role::Rook,
            shakmaty::Role::Queen,
            shakmaty::Role::King,
        ] {
            for to in shakmaty::Square::ALL {
                for capture in [false, true] {
                    for promotion in [None, Some(shakmaty::Role::Queen)] {
                        if promotion.is_some() && role != shakmaty::Role::Pawn {
                            continue;
                        }
                        let san = San::Normal {
                            role,
                            file: None,
                            rank: None,
                            capture,
                            to,
                            promotion,
                        };
                        out.push(SanPlus { san, suffix: None });
                    }
                }
            }
        }
        out
    }

    /// Plays pseudo-random games from `fen` and checks, at every position, every spelling
    /// of every legal move: the replay's move, error, UCI, SAN and counters against
    /// shakmaty's.
    fn agree_from(fen: &str, mode: CastlingMode, games: u64, plies: usize) {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..games {
            let start: Chess = Fen::from_ascii(fen.as_bytes())
                .expect("FEN")
                .into_position(mode)
                .expect("legal");
            let chess960 = mode == CastlingMode::Chess960;
            let (mut pos, mut replay) =
                (start.clone(), Replay::new(&start, chess960).expect("board"));
            for ply in 0..plies {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                // Now and then, every piece kind to every square too, legal or not (a
                // piece that reaches it but is pinned, none that does, two that do).
                let anywhere = if ply % 4 == 0 { blind() } else { Vec::new() };
                for spelling in anywhere {
                    let ours = replay.resolve(&spelling);
                    match (oracle(&pos, &spelling), ours) {
                        (Ok(Some(t)), Ok(Step::Move(o))) => {
                            let mut a = String::new();
                            replay.push_uci(o, &mut a);
                            assert_eq!(a, t.to_uci(mode).to_string(), "{spelling}");
                        }
                        (Err(t), Err(o)) => assert_eq!(t, o, "{spelling} in {}", replay.board()),
                        (theirs, ours) => panic!(
                            "{spelling} in {}: {theirs:?} against {ours:?}",
                            replay.board()
                        ),
                    }
                }
                for &m in &legal {
                    for spelling in spellings(&pos, m, mode) {
                        let theirs = oracle(&pos, &spelling);
                        let ours = replay.resolve(&spelling);
                        match (&theirs, &ours) {
                            (Ok(Some(t)), Ok(Step::Move(o))) => {
                                let (mut a, mut b) = (String::new(), t.to_uci(mode).to_string());
                                replay.push_uci(*o, &mut a);
                                assert_eq!(a, b, "{spelling} in {}", replay.board());
                                let (made, _) = replay.san(*o);
                                b = SanPlus::from_move(pos.clone(), *t).to_string();
                                assert_eq!(made.to_string(), b, "{}", replay.board());
                            }
                            (Err(t), Err(o)) => {
                                assert_eq!(t, o, "{spelling} in {}", replay.board())
                            }
                            _ => panic!(
                                "{spelling} in {}: {theirs:?} against {ours:?}",
                                replay.board()
                            ),
                        }
                    }
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let m = legal[(seed >> 33) as usize % legal.len()];
                let step = replay
                    .resolve(&SanPlus::from_move(pos.clone(), m))
                    .expect("legal");
                pos.play_unchecked(m);
                if (seed >> 40) & 1 == 0 {
                    replay.play(step).expect("played");
                } else if let Step::Move(m) = step {
                    let (_, after) = replay.san(m);
                    replay.advance(m, after);
                }
                assert_eq!(replay.halfmoves(), pos.halfmoves());
                assert_eq!(replay.fullmoves(), pos.fullmoves().get());
                // The placement and the side to move (cozy-chess writes an en passant square
                // after any double step, shakmaty only when the capture is legal).
                let fields = |fen: String| fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
                let theirs = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
                assert_eq!(fields(replay.board().to_string()), fields(theirs));
            }
        }
    }

    #[test]
    fn every_spelling_of_every_legal_move_reads_as_shakmaty_reads_it() {
        agree_from(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            CastlingMode::Standard,
            6,
            120,
        );
        // Promotions with and without capture, pins, en passant beside a pin.
        agree_from(
            "r3k2r/1P4P1/8/2pP3q/4Pp2/8/6p1/R3K2R w KQkq c6 0 30",
            CastlingMode::Standard,
            4,
            60,
        );
        // Chess960: king and rooks on other files, castling king takes rook.
        agree_from(
            "bqnrkbrn/pppppppp/8/8/8/8/PPPPPPPP/BQNRKBRN w KQkq - 0 1",
            CastlingMode::Chess960,
            4,
            100,
        );
        agree_from(
            "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1",
            CastlingMode::Chess960,
            4,
            40,
        );
        // Kings in check from sliders, with squares behind them on the checking line, and
        // pieces to take that are defended or not.
        agree_from(
            "4k3/8/8/3n4/8/5p2/4K3/4r3 w - - 0 1",
            CastlingMode::Standard,
            6,
            40,
        );
        agree_from(
            "3qk3/8/8/8/6b1/8/3P4/2r1K2Q w - - 0 1",
            CastlingMode::Standard,
            6,
            40,
        );
    }
}
