//! Moves as they are written: every spelling of every legal move reads as python-chess
//! reads it, through the one reader every face uses, and a game's moves are replayed,
//! written back in UCI and SAN, or refused at their place.

mod common;

use common::{scan, Seen};
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position as _, Role, Square};
use swapoff_scan::{MoveError, Position};

/// The FEN of each row of a game of `moves` (SAN or UCI) from the start, and the notes.
fn replay(moves: &str) -> (Vec<String>, Vec<String>) {
    let (mut fens, mut notes) = (Vec::new(), Vec::new());
    for seen in scan(format!("{moves} *\n"), "fen", &[]) {
        match seen {
            Seen::Row(row) => fens.push(row["fen"].as_str().expect("a FEN").to_string()),
            Seen::Note(note) => notes.push(note),
        }
    }
    (fens, notes)
}

/// The position after `moves`, all of them legal.
fn after(moves: &str) -> String {
    let (fens, notes) = replay(moves);
    assert!(notes.is_empty(), "{moves}: {notes:?}");
    fens.last().expect("a row").clone()
}

#[test]
fn uci_moves_and_castling_play() {
    let castled = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4";
    assert_eq!(after("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1"), castled);
    assert_eq!(after("e4 e5 Nf3 Nc6 Bc4 Nf6 e1h1"), castled);
    assert_eq!(after("e4 e5 Nf3 Nc6 Bc4 Nf6 O-O"), castled);
}

#[test]
fn null_move_passes_unless_in_check_and_counts_a_ply() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert_eq!(after("Z0 --"), format!("{start} w KQkq - 2 2"));
    let (_, notes) = replay("e4 f5 Qh5+ --");
    assert_eq!(
        notes,
        ["input: game 1: ply 4 (2... --): null move while in check; rest of the game skipped"]
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
        assert_eq!(after(moves), after(written_right), "{moves}");
    }
    for (moves, why) in [
        ("e4 e5 Nxe4", "illegal move"), // no knight reaches e4
        ("e4 d5 d5", "illegal move"),   // a pawn's push onto a piece
        ("Nf3 a6 Nc3 a5 Nd4 a4 Nb5", "ambiguous move"),
        ("Nf3 a6 Nc3 a5 Nd4 a4 Nxb5", "ambiguous move"),
        ("e4 e5 O-O", "illegal move"),
        ("e4 e5 Q@f3", "a piece drop is not a standard chess move"),
        ("e4 e5 e1g1", "illegal move"),
    ] {
        let (_, notes) = replay(moves);
        assert_eq!(notes.len(), 1, "{moves}");
        assert!(
            notes[0].ends_with(&format!("): {why}; rest of the game skipped")),
            "{moves}: {notes:?}"
        );
    }
}

/// What python-chess reads a SAN move as, over every legal move: the piece, target,
/// file, rank and promotion must fit, a pawn without a file stays on its own, the capture
/// mark is not asked; then UCI for both coordinates. `Ok(None)` is a null move.
fn oracle(pos: &Chess, san: &SanPlus) -> Result<Option<Move>, &'static str> {
    let (role, file, rank, to, promotion) = match san.san {
        San::Null => return Ok(None),
        San::Put { .. } => return Err("drop"),
        San::Castle(side) => {
            let castles = pos
                .legal_moves()
                .into_iter()
                .find(|m| m.castling_side() == Some(side));
            return castles.map(Some).ok_or("illegal");
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
                0 => "illegal",
                _ => "ambiguous",
            })
        }
        ([], ..) => Err("illegal"),
        _ => Err("ambiguous"),
    }
}

/// What the reader makes of `text` in `pos`, in the oracle's terms.
fn ours(pos: &Position, text: &str) -> Result<Option<Move>, &'static str> {
    match pos.legal_move(text) {
        Ok(m) => Ok(Some(m)),
        Err(MoveError::Null { .. }) => Ok(None),
        Err(MoveError::Unsupported { .. }) => Err("drop"),
        Err(MoveError::Illegal { .. }) => Err("illegal"),
        Err(MoveError::Ambiguous { .. }) => Err("ambiguous"),
        Err(e) => panic!("{text}: {e}"),
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

/// Plays pseudo-random games from `fen` and checks, at every position, every spelling of
/// every legal move and every move of a piece on its lines (legal or not) against the
/// oracle; then scans each game as PGN and checks that its
/// rows write each move played in UCI and SAN as shakmaty writes them.
fn agree_from(fen: &str, mode: CastlingMode, games: u64, plies: usize) {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..games {
        let mut pos: Chess = Fen::from_ascii(fen.as_bytes())
            .expect("FEN")
            .into_position(mode)
            .expect("legal");
        let mut played: Vec<(String, String)> = Vec::new();
        let mut movetext = String::new();
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let ask = Position::from_fen(&fen_of(&pos)).expect("a legal FEN");
            for (i, &m) in legal.iter().enumerate() {
                let blind = i == 0 && played.len().is_multiple_of(4);
                for spelling in spellings(&pos, m, mode, blind) {
                    let text = spelling.to_string();
                    let theirs = oracle(&pos, &spelling);
                    assert_eq!(ours(&ask, &text), theirs, "{text} in {}", fen_of(&pos));
                }
            }
            for spelling in pieces_moves(&pos) {
                let text = spelling.to_string();
                let theirs = oracle(&pos, &spelling);
                assert_eq!(ours(&ask, &text), theirs, "{text} in {}", fen_of(&pos));
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let m = legal[(seed >> 33) as usize % legal.len()];
            let san = SanPlus::from_move(pos.clone(), m).to_string();
            played.push((m.to_uci(mode).to_string(), san.clone()));
            movetext.push_str(&san);
            movetext.push(' ');
            pos.play_unchecked(m);
        }
        let variant = match mode {
            CastlingMode::Chess960 => "[Variant \"Chess960\"]\n",
            CastlingMode::Standard => "",
        };
        let pgn = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n{variant}\n{movetext}*\n");
        let rows: Vec<(String, String)> = common::rows(pgn, "played,played_san", &[])
            .iter()
            .filter(|row| !row["played"].is_null())
            .map(|row| {
                let text = |name: &str| row[name].as_str().expect(name).to_string();
                (text("played"), text("played_san"))
            })
            .collect();
        assert_eq!(rows, played, "{fen}");
    }
}

/// Every move a piece (not a pawn) of the side to move would make on its lines, legal or
/// not (one that leaves its king in check, or does not answer a check), spelt with its
/// square and without.
fn pieces_moves(pos: &Chess) -> Vec<SanPlus> {
    let board = pos.board();
    let ours = board.by_color(pos.turn());
    let mut out = Vec::new();
    for from in ours & !board.pawns() {
        let Some(role) = board.role_at(from) else {
            continue;
        };
        for to in shakmaty::attacks::attacks(
            from,
            board.piece_at(from).expect("a piece"),
            board.occupied(),
        ) & !ours
        {
            for (file, rank) in [(Some(from.file()), Some(from.rank())), (None, None)] {
                let san = San::Normal {
                    role,
                    file,
                    rank,
                    capture: board.piece_at(to).is_some(),
                    to,
                    promotion: None,
                };
                out.push(SanPlus { san, suffix: None });
            }
        }
    }
    out
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

/// The moves played in a game of `movetext` from `fen` (the usual start when `None`), in
/// UCI, and its notes.
fn played_from(fen: Option<&str>, movetext: &str) -> (Vec<String>, Vec<String>) {
    let tags = fen.map_or(String::new(), |f| {
        format!("[FEN \"{f}\"]\n[SetUp \"1\"]\n\n")
    });
    let (mut played, mut notes) = (Vec::new(), Vec::new());
    // A move number first: a text is taken for PGN when it starts like PGN.
    for seen in scan(format!("{tags}1. {movetext} *\n"), "played", &[]) {
        match seen {
            Seen::Row(row) => {
                if let Some(uci) = row["played"].as_str() {
                    played.push(uci.to_string());
                }
            }
            Seen::Note(note) => notes.push(note),
        }
    }
    (played, notes)
}

#[test]
fn each_token_python_chess_reads_is_read() {
    let promote = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1";
    let en_passant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    for (fen, token, uci) in [
        (None, "Nf3", "g1f3"),
        (None, "e2e4", "e2e4"),
        (None, "e2-e4", "e2e4"),
        (None, "Ng1-f3", "g1f3"),
        (None, "♘f3", "g1f3"),
        (None, "♙e4", "e2e4"),
        (None, "e4,", "e2e4"),
        (None, "e4.", "e2e4"),
        (None, "Nf3+/-", "g1f3"),
        (Some(promote), "e7-e8=Q", "e7e8q"),
        (Some(promote), "e8Q", "e7e8q"),
        (Some(promote), "e7e8q", "e7e8q"),
        (Some("4k3/8/8/8/8/8/1pK5/R7 b - - 0 1"), "bxa1N+", "b2a1n"),
        (Some(en_passant), "exd6e.p.", "e5d6"),
        (Some(en_passant), "exd6ep", "e5d6"),
        (Some("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 2"), "exd3e.p", "e4d3"),
        (Some("4k3/8/5n2/8/4P3/8/8/4K3 b - - 0 1"), "♞xe4", "f6e4"),
        (
            Some("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"),
            "Qxf7#+",
            "h5f7",
        ),
        (Some("6k1/8/8/7Q/8/8/8/4K3 w - - 0 1"), "Qf7++", "h5f7"),
        (Some("4k3/8/8/8/8/8/8/R5K1 w - - 0 1"), "Re1+=", "a1e1"),
        (Some("4k3/8/8/8/8/8/8/3BK3 w - - 0 1"), "Ba4±", "d1a4"),
        (Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "O-O∓", "e1g1"),
        // A pawn's capture from the b-file is SAN, not a lower-case bishop.
        (Some("4k3/8/8/8/2p5/1P6/8/4K3 w - - 0 1"), "bc4", "b3c4"),
        // Null moves, written as python-chess writes one.
        (None, "--", "0000"),
        (None, "Z0", "0000"),
        (None, "@@@@", "0000"),
    ] {
        assert_eq!(
            played_from(fen, token),
            (vec![uci.to_string()], vec![]),
            "{token}"
        );
    }
}

#[test]
fn annotations_standing_alone_are_passed_over() {
    for token in ["e.p.", "ep", "+/-", "-+", "=", "=/∞", "±", "N", ","] {
        let (played, notes) = played_from(None, &format!("e4 {token} e5"));
        assert_eq!(
            (played, notes),
            (vec!["e2e4".into(), "e7e5".into()], vec![]),
            "{token}"
        );
    }
}

#[test]
fn what_no_one_can_read_is_told_with_why() {
    let foreign = "the piece letter is not PGN's (K, Q, R, B or N)";
    let not_a_move = "not a move (SAN, UCI or long algebraic) nor an annotation";
    let long = "x".repeat(25);
    for (token, why) in [
        ("Sf3", foreign),
        ("Lxb5", foreign),
        ("Tfe1+", foreign),
        ("nf3", foreign),
        ("qxf7", foreign),
        ("e9", not_a_move),
        ("o-o", not_a_move),
        ("hello", not_a_move),
        ("Bb5N", not_a_move),
        ("Sicilian", not_a_move),
        (&long, not_a_move),
    ] {
        // The game stops at the token, reported at its place; the moves before it stand.
        let (played, notes) = played_from(None, &format!("e4 {token} e5"));
        let note = "input: game 1: ply 2 (1... ";
        assert_eq!(played, ["e2e4"], "{token}");
        assert!(
            notes.len() == 1 && notes[0].starts_with(note) && notes[0].contains(why),
            "{token}: {notes:?}"
        );
    }
}
