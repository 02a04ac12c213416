//! A small board showing the target square and the pieces that fight over it.

use shakmaty::Chess;
use std::fmt::Write as _;
use swapoff::BoardQueries;
use swapoff::{Bitboard, Color, Move, SeeBoard, Square};
use swapoff_scan::json::attackers_and_xrays;

fn piece_char(pos: &Chess, sq: Square) -> char {
    match (pos.role_on(sq), pos.color_on(sq)) {
        (Some(role), Some(Color::White)) => role.letter(),
        (Some(role), Some(Color::Black)) => role.letter().to_ascii_lowercase(),
        _ => '.',
    }
}

fn list(pos: &Chess, set: Bitboard, color: Color) -> String {
    let mine = set & SeeBoard::by_color(pos, color);
    let names: Vec<String> = (0..64u8)
        .filter_map(Square::new)
        .filter(|sq| mine & sq.bit() != 0)
        .map(|sq| format!("{}{sq}", piece_char(pos, sq)))
        .collect();
    if names.is_empty() {
        "-".to_string()
    } else {
        names.join(" ")
    }
}

/// An 8x8 board with only the target square (in brackets), the direct attackers and the
/// x-ray attackers (in parentheses), then the same pieces listed by side.
pub(super) fn attackers(pos: &Chess, mv: Move) -> String {
    let (direct, xrays) = attackers_and_xrays(pos, mv);
    let mut s = String::from("    a  b  c  d  e  f  g  h\n");
    for rank in (0..8u8).rev() {
        let _ = write!(s, " {} ", rank + 1);
        for file in 0..8u8 {
            let Some(sq) = Square::from_coords(file, rank) else {
                continue;
            };
            let c = piece_char(pos, sq);
            let cell = if sq == mv.to {
                format!("[{}]", if c == '.' { ' ' } else { c })
            } else if direct & sq.bit() != 0 {
                format!(" {c} ")
            } else if xrays & sq.bit() != 0 {
                format!("({c})")
            } else {
                " . ".to_string()
            };
            s.push_str(&cell);
        }
        let _ = writeln!(s, " {}", rank + 1);
    }
    s.push_str("    a  b  c  d  e  f  g  h\n");
    let _ = writeln!(
        s,
        "[ ] target {}, (x) x-ray attacker; upper case white, lower case black",
        mv.to
    );
    for color in [Color::White, Color::Black] {
        let _ = writeln!(
            s,
            "{}: attacks {}; x-rays {}",
            match color {
                Color::White => "white",
                Color::Black => "black",
            },
            list(pos, direct, color),
            list(pos, xrays, color)
        );
    }
    s
}
