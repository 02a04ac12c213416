//! A move as a position resolves it: a token's SAN (or UCI as some tools write it) to
//! the one legal move it names, as python-chess reads it. The capture mark says nothing
//! that what stands on the target square does not, so it is not asked (`Nxf3` to an empty
//! square, `Qd5` that takes, `ed5` for a pawn's capture); a pawn's move with no file stays
//! on its file; a promotion must say its piece; castling is `O-O`/`O-O-O`, or the king's
//! UCI move (`e1g1`, or king takes rook). A game's replay and a single move typed to
//! `eval` are resolved here alike.

use core::fmt;
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{attacks, Bitboard, Board, Chess, Color, Move, Position, Role, Square};

/// What a mainline entry does: a legal move, or a null move (`--`) that passes the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A legal move.
    Move(Move),
    /// A null move.
    Null,
}

/// The legal move `san` stands for (SAN, or UCI as some tools write it), or why there
/// is none.
pub(crate) fn resolve(pos: &Chess, san: &SanPlus) -> Result<Step, Refused> {
    match san.san {
        San::Null => Ok(Step::Null),
        San::Put { .. } => Err(Refused::Drop),
        San::Castle(side) => match pos.castling_moves(side).first() {
            Some(&m) => Ok(Step::Move(m)),
            None => Err(Refused::Illegal),
        },
        San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } => {
            let found = normal(pos, Named::new(role, file, rank, to, promotion));
            // What the SAN reader took for a pawn move with both coordinates may be UCI
            // (`g1f3` reads as "pawn from g1 to f3").
            match (role, file, rank) {
                (Role::Pawn, Some(file), Some(rank)) if found.is_err() => {
                    let from = Square::from_coords(file, rank);
                    let uci = UciMove::Normal {
                        from,
                        to,
                        promotion,
                    };
                    uci.to_move(pos).map_or(found, Ok)
                }
                _ => found,
            }
            .map(Step::Move)
        }
    }
}

/// What a SAN names of a piece's move, its capture mark aside: the piece, its target, the
/// file and rank it leaves from when given, and the promotion. A pawn's move with no file
/// stays on its file (a capture names the file it leaves).
#[derive(Clone, Copy)]
struct Named {
    role: Role,
    file: Option<shakmaty::File>,
    rank: Option<shakmaty::Rank>,
    to: Square,
    promotion: Option<Role>,
}

impl Named {
    fn new(
        role: Role,
        file: Option<shakmaty::File>,
        rank: Option<shakmaty::Rank>,
        to: Square,
        promotion: Option<Role>,
    ) -> Named {
        let file = match (role, file) {
            (Role::Pawn, None) => Some(to.file()),
            _ => file,
        };
        Named {
            role,
            file,
            rank,
            to,
            promotion,
        }
    }

    /// Whether a square a piece leaves from fits the file and rank named.
    fn leaves(&self, from: Square) -> bool {
        self.file.is_none_or(|f| f == from.file()) && self.rank.is_none_or(|r| r == from.rank())
    }
}

/// The one legal move a SAN names.
fn normal(pos: &Chess, named: Named) -> Result<Move, Refused> {
    if let Some(m) = only_move(pos, named) {
        return Ok(m);
    }
    let mut found = fitting(pos, named);
    match (found.next(), found.next()) {
        (Some(m), None) => Ok(m),
        (None, _) => Err(Refused::Illegal),
        (Some(_), Some(_)) => Err(Refused::Ambiguous),
    }
}

/// The legal moves a SAN names, its capture mark aside: what an ambiguous one fits.
pub(crate) fn candidates(pos: &Chess, san: &San) -> Vec<Move> {
    match *san {
        San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } => fitting(pos, Named::new(role, file, rank, to, promotion)).collect(),
        _ => Vec::new(),
    }
}

/// The legal moves that fit what is named, from shakmaty's move generator.
fn fitting(pos: &Chess, named: Named) -> impl Iterator<Item = Move> {
    let moves = pos.san_candidates(named.role, named.to).into_iter();
    moves.filter(move |m| {
        m.from().is_some_and(|from| named.leaves(from))
            && !m.is_castle()
            && m.promotion() == named.promotion
    })
}

/// The move of [`normal`] in the usual case, found without generating a move list: one
/// piece of the kind on the lines to `to`, not pinned to its king or moving along the pin,
/// answering a check if there is one, and not en passant. `None` asks the move generator:
/// shakmaty's `san_candidates` returns a 4 KB list, copied on every return, and searches
/// every candidate's legality.
#[inline]
fn only_move(pos: &Chess, named: Named) -> Option<Move> {
    let Named {
        role,
        to,
        promotion,
        ..
    } = named;
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    let occupied = board.occupied();
    let king = board.king_of(us)?;
    let capture = board.role_at(to);
    let last_rank = to.rank() == us.fold_wb(shakmaty::Rank::Eighth, shakmaty::Rank::First);
    let promotes = promotion.is_some_and(|p| !matches!(p, Role::Pawn | Role::King));
    if ours.contains(to)
        || promotion.is_some() != promotes
        || promotes != (role == Role::Pawn && last_rank)
    {
        return None;
    }
    let mine = board.by_role(role) & ours;
    let mut from = match role {
        Role::Pawn if capture.is_some() => attacks::pawn_attacks(!us, to) & mine,
        Role::Pawn => {
            // One step back, or two from the pawns' own rank over an empty square.
            let back = |s: Square| s.offset(us.fold_wb(-8, 8));
            let one = back(to)?;
            let two = back(one).filter(|s| {
                s.rank() == us.fold_wb(shakmaty::Rank::Second, shakmaty::Rank::Seventh)
            });
            match (mine.contains(one), occupied.contains(one)) {
                (true, _) => Bitboard::from_square(one),
                (false, false) => {
                    two.map_or(Bitboard::EMPTY, |two| Bitboard::from_square(two) & mine)
                }
                (false, true) => Bitboard::EMPTY,
            }
        }
        Role::Knight => attacks::knight_attacks(to) & mine,
        Role::Bishop => attacks::bishop_attacks(to, occupied) & mine,
        Role::Rook => attacks::rook_attacks(to, occupied) & mine,
        Role::Queen => attacks::queen_attacks(to, occupied) & mine,
        Role::King => attacks::king_attacks(to) & mine,
    };
    if let Some(file) = named.file {
        from &= Bitboard::from_file(file);
    }
    if let Some(rank) = named.rank {
        from &= Bitboard::from_rank(rank);
    }
    let from = from.single_square()?;
    let legal = if role == Role::King {
        // The king off the board: a slider's line through it is not blocked by it.
        board
            .attacks_to(to, !us, occupied ^ Bitboard::from_square(from))
            .is_empty()
    } else {
        // In check, a move takes the one checker or stands between it and the king (a
        // double check leaves the king alone to move).
        let (checkers, pinned) = check_and_pins(board, us, king);
        let answers = match checkers.single_square() {
            Some(checker) => to == checker || attacks::between(king, checker).contains(to),
            None => checkers.is_empty(),
        };
        answers && (!pinned.contains(from) || attacks::aligned(from, to, king))
    };
    legal.then_some(Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    })
}

/// The pieces of `us` that stand alone between their king and a slider of the other side.
pub(crate) fn pinned(board: &Board, us: Color, king: Square) -> Bitboard {
    king_lines(board, us, king).1
}

/// The pieces giving check to the king of `us` (on `king`), and [`pinned`]. Asked of
/// shakmaty (`is_check`), the check looked up the sliders' attacks from the king through
/// the pieces in the way, in tables of about 700 KB whose entries change with every move:
/// a sixth of the question's time went to resolving moves, against a fourteenth of its
/// instructions.
fn check_and_pins(board: &Board, us: Color, king: Square) -> (Bitboard, Bitboard) {
    let leapers = (attacks::knight_attacks(king) & board.knights())
        | (attacks::pawn_attacks(us, king) & board.pawns());
    let (sliders, pinned) = king_lines(board, us, king);
    (sliders | (leapers & board.by_color(!us)), pinned)
}

/// The other side's sliders that check the king of `us` (on `king`), and the pieces of
/// `us` pinned to it: one look along the king's lines through an empty board (the same
/// table entries move after move) and the squares between two squares (a 32 KB table).
fn king_lines(board: &Board, us: Color, king: Square) -> (Bitboard, Bitboard) {
    let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens());
    let (mut checkers, mut pinned) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for sniper in snipers & board.by_color(!us) {
        let between = attacks::between(king, sniper) & board.occupied();
        if between.is_empty() {
            checkers.add(sniper);
        } else if !between.more_than_one() {
            pinned |= between & board.by_color(us);
        }
    }
    (checkers, pinned)
}

/// Why a mainline entry is not one legal move of its position. Small and `Copy` apart
/// from [`GameError`](crate::read::error::GameError): every move is resolved, and a
/// `Result` this small comes back in registers, where a larger one goes through memory
/// and is read back just after its bytes were written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refused {
    /// A piece drop (`N@f3`), which standard chess has not.
    Drop,
    /// A move that is not legal in the position.
    Illegal,
    /// A move that fits more than one legal move.
    Ambiguous,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refused::Drop => "a piece drop is not a standard chess move",
            Refused::Illegal => "illegal move",
            Refused::Ambiguous => "ambiguous move",
        })
    }
}
