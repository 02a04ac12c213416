//! The performance hooks: every adapter's and the prepared board's answers agree with the
//! contract on real positions, and `check_hooks` names a hook that does not.

use swapoff::{check_hooks, Bitboard, Color, PreparedBoard, Role, SeeBoard, Square};
mod common;
use common::{testdata_lines, ENDGAMES, UHO};

fn chess(fen: &str) -> shakmaty::Chess {
    common::board(fen).unwrap_or_else(|e| panic!("bad FEN {fen:?}: {e}"))
}

#[test]
fn every_board_s_hooks_agree_with_its_contract() {
    let mut positions = testdata_lines(UHO, 300);
    positions.extend(testdata_lines(ENDGAMES, 300));
    for fen in &positions {
        let pos = chess(fen);
        let cozy: cozy_chess::Board = fen.parse().expect("cozy-chess reads the books");
        assert_eq!(check_hooks(&pos), Ok(()), "{fen}");
        assert_eq!(
            check_hooks(shakmaty::Position::board(&pos)),
            Ok(()),
            "{fen}"
        );
        assert_eq!(check_hooks(&cozy), Ok(()), "{fen}");
        assert_eq!(check_hooks(&PreparedBoard::new(&pos)), Ok(()), "{fen}");
        assert_eq!(check_hooks(&PreparedBoard::new(&cozy)), Ok(()), "{fen}");
    }
}

/// A board whose one overridden hook is wrong in the way an engine's cache goes stale:
/// it forgets the queens among the diagonal sliders, or answers `occupant` from a piece
/// array that missed a move.
struct Stale<'a> {
    board: &'a cozy_chess::Board,
    forget_queens: bool,
}

impl SeeBoard for Stale<'_> {
    fn by_color(&self, color: Color) -> Bitboard {
        self.board.by_color(color)
    }
    fn by_role(&self, role: Role) -> Bitboard {
        self.board.by_role(role)
    }
    fn diagonal_sliders(&self) -> Bitboard {
        let bishops = self.board.by_role(Role::Bishop);
        if self.forget_queens {
            bishops
        } else {
            bishops | self.board.by_role(Role::Queen)
        }
    }
    fn occupant(&self, sq: Square) -> Role {
        if self.forget_queens {
            return self.board.occupant(sq);
        }
        // The piece array still has the knight on g1 that went to f3.
        match sq.to_string().as_str() {
            "f3" => Role::Pawn,
            _ => self.board.occupant(sq),
        }
    }
}

#[test]
fn a_wrong_override_is_named_with_where_it_is_wrong() {
    let board: cozy_chess::Board = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
        .parse()
        .unwrap();
    let stale = Stale {
        board: &board,
        forget_queens: true,
    };
    let err = check_hooks(&stale).unwrap_err();
    assert_eq!(err.hook, "diagonal_sliders/straight_sliders");
    let stale = Stale {
        board: &board,
        forget_queens: false,
    };
    let err = check_hooks(&stale).unwrap_err();
    assert_eq!(err.hook, "occupant");
    assert!(
        err.to_string().starts_with("occupant: f3: answers Pawn"),
        "{err}"
    );
}

#[test]
fn cozy_moves_convert_as_shakmaty_s_do_and_types_convert_both_ways() {
    use shakmaty::Position;
    let mut fens = testdata_lines(UHO, 200);
    fens.extend(testdata_lines(ENDGAMES, 200));
    // Castling both ways, en passant, promotions with and without capture.
    fens.extend(
        [
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        ]
        .map(String::from),
    );
    let (mut checked, mut captures) = (0, 0);
    for fen in &fens {
        let pos = chess(fen);
        let cozy: cozy_chess::Board = fen.parse().unwrap();
        for m in pos.legal_moves() {
            let want = swapoff::Move::try_from(&m).unwrap();
            let uci = m.to_uci(shakmaty::CastlingMode::Chess960).to_string();
            let got = swapoff::Move::from_cozy(&cozy, uci.parse().unwrap());
            assert_eq!(got, want, "{fen} {uci}");
            checked += 1;
            // A move that takes an enemy piece on its target square converts the same
            // without the board's help.
            if m.capture().is_some() && !m.is_en_passant() {
                let got = swapoff::Move::from_cozy_capture(&cozy, uci.parse().unwrap());
                assert_eq!(got, want, "{fen} {uci}");
                captures += 1;
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
    assert!(captures > 500, "{captures}");
    for index in 0..64u8 {
        let sq = Square::new(index).unwrap();
        let there: cozy_chess::Square = sq.into();
        assert_eq!(Square::from(there), sq);
        let there: shakmaty::Square = sq.into();
        assert_eq!(Square::from(there), sq);
    }
    for role in Role::ALL {
        assert_eq!(Role::from(cozy_chess::Piece::from(role)), role);
        assert_eq!(Role::from(shakmaty::Role::from(role)), role);
    }
    for color in [Color::White, Color::Black] {
        assert_eq!(Color::from(cozy_chess::Color::from(color)), color);
        assert_eq!(Color::from(shakmaty::Color::from(color)), color);
    }
}

/// cozy-chess's own pin data as the default rules' exposure: its `pinned()` (the side to
/// move's pinned pieces, as the position stands) for either side.
struct CozyPinned<'a>(&'a cozy_chess::Board);

impl SeeBoard for CozyPinned<'_> {
    fn by_color(&self, color: Color) -> Bitboard {
        self.0.by_color(color)
    }
    fn by_role(&self, role: Role) -> Bitboard {
        self.0.by_role(role)
    }
    fn king_exposure(&self, _color: Color) -> Bitboard {
        self.0.pinned().0
    }
}

#[test]
fn cozy_chess_s_pinned_pieces_are_not_the_exposure_the_default_rules_need() {
    // Two white pieces between the king and the rook: neither is pinned now, but either
    // becomes pinned once the other has captured. `pinned()` is empty; the exposure is not.
    let fen = "4r1k1/8/8/8/4N3/4B3/8/4K3 w - - 0 1";
    let board: cozy_chess::Board = fen.parse().unwrap();
    assert_eq!(board.pinned().0, 0);
    let refused = check_hooks(&CozyPinned(&board)).unwrap_err();
    assert_eq!(refused.hook, "king_exposure", "{refused}");
}
