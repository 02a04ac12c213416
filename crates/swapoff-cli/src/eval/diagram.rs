//! A small board showing the target square and the pieces that fight over it.

use shakmaty::{Chess, Position as _};
use std::fmt::Write as _;
use swapoff::{Bitboard, Square};
use swapoff_scan::TraceJson;

/// Names joined by spaces, or `-` for none.
fn list(names: &[String]) -> String {
    if names.is_empty() {
        "-".to_string()
    } else {
        names.join(" ")
    }
}

/// The squares of pieces named as the trace names them (`Nd3`: a letter, then a square).
fn squares(names: &[String]) -> Bitboard {
    names
        .iter()
        .filter_map(|name| name.get(1..)?.parse::<Square>().ok())
        .fold(0, |set, sq| set | sq.bit())
}

/// An 8x8 board with only the target square (in brackets), the direct attackers and the
/// x-ray attackers (in parentheses), then the same pieces listed by side: the attackers
/// of `trace`, the JSON answer's.
pub(super) fn attackers(pos: &Chess, target: Square, trace: &TraceJson) -> String {
    let direct = squares(&trace.attackers.white) | squares(&trace.attackers.black);
    let xrays = squares(&trace.xrays.white) | squares(&trace.xrays.black);
    let mut s = String::from("    a  b  c  d  e  f  g  h\n");
    for rank in (0..8u8).rev() {
        let _ = write!(s, " {} ", rank + 1);
        for file in 0..8u8 {
            let Some(sq) = Square::from_coords(file, rank) else {
                continue;
            };
            let c = shakmaty::Square::try_from(sq.index())
                .ok()
                .and_then(|at| pos.board().piece_at(at))
                .map_or('.', |piece| piece.char());
            let cell = if sq == target {
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
        "[ ] target {target}, (x) x-ray attacker; upper case white, lower case black"
    );
    for (side, attacks, behind) in [
        ("white", &trace.attackers.white, &trace.xrays.white),
        ("black", &trace.attackers.black, &trace.xrays.black),
    ] {
        let _ = writeln!(
            s,
            "{side}: attacks {}; x-rays {}",
            list(attacks),
            list(behind)
        );
    }
    s
}
