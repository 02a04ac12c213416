//! A game replayed on the one board of the pipeline, a `shakmaty::Chess`: each mainline
//! entry resolved to a legal move (SAN, or UCI as some tools write it) and played.
//!
//! Moves are resolved as [`resolve`](crate::read::resolve) reads them; the tests check
//! them against a reading of every legal move, on positions with pins, promotions, en
//! passant and Chess960 castling.

use crate::encode::square_str;
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
    /// The replay of a game that starts at `start`: a Chess960 game (`chess960`, from its
    /// `[Variant]`) or a start whose castling only Chess960 has (a `[FEN]` with a rook off
    /// its corner) writes castling as the king taking its rook.
    pub(crate) fn new(start: Chess, chess960: bool) -> Replay {
        let mode = match chess960 {
            true => CastlingMode::Chess960,
            false => start.castles().mode(),
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
            // Two squares' names as text: a `char` at a time checked each one's UTF-8
            // length and the buffer's room (70 instructions a move).
            out.push_str(square_str(from));
            out.push_str(square_str(to));
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
