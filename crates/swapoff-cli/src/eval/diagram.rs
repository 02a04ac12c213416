//! A small board showing the target square and the pieces that fight over it.

use shakmaty::Chess;
use std::fmt::Write as _;
use swapoff::{Move, Square};
use swapoff_scan::write::{attackers_and_xrays, by_side, piece_letter_on};

/// Names joined by spaces, or `-` for none.
fn list(names: &[String]) -> String {
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
            let c = piece_letter_on(pos, sq).unwrap_or('.');
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
    let (direct, xrays) = (by_side(pos, direct), by_side(pos, xrays));
    for (side, attacks, behind) in [
        ("white", &direct.white, &xrays.white),
        ("black", &direct.black, &xrays.black),
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
