//! A position's analysis as JSON members or CSV fields: the per-position fields of
//! `seeswap scan` (which the Python package's `analyze` returns too), written by hand into
//! a reused buffer, as it is the hot path of a scan.

use crate::encode::{piece_letter, push_i32, push_promotion, push_square, push_uci, square_name};
use crate::scan::{Capture, Hanging, Report};
use shakmaty::{Chess, Color, Position};

/// Writes the analysis fields of one position, `"captures":[...],"best":...,"balance":...,
/// "threat":...,"in_check":...,"hanging":{"white":[...],"black":[...]}`, without braces.
/// With `san`, each hanging entry names its capture in SAN too: for the one position a
/// face asks about, where a UI writes it; a scan's rows leave it out, as SAN costs a
/// search of the legal moves (and, for the side not to move, a second position).
pub(crate) fn analysis_fields(out: &mut Vec<u8>, board: &Chess, report: &Report, san: bool) {
    out.extend_from_slice(b"\"captures\":");
    json_captures(out, &report.captures);
    out.extend_from_slice(b",\"best\":");
    match report.captures.first() {
        Some(c) => json_capture(out, c),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"balance\":");
    push_i32(out, report.balance);
    out.extend_from_slice(b",\"threat\":");
    if report.in_check {
        out.extend_from_slice(b"null,\"in_check\":true");
    } else {
        push_i32(out, report.threat);
        out.extend_from_slice(b",\"in_check\":false");
    }
    let us = board.turn();
    // The position each side's captures are made in: the board for the side to move's, the
    // turn passed for the other's.
    let swapped = (san && !report.in_check && !report.hanging_us.is_empty())
        .then(|| board.clone().swap_turn().ok())
        .flatten();
    let san_in = |color: Color| match (san, color == us) {
        (false, _) => None,
        (true, false) => Some(board),
        (true, true) => swapped.as_ref(),
    };
    for (name, color) in [
        (&b",\"hanging\":{\"white\":"[..], Color::White),
        (b",\"black\":", Color::Black),
    ] {
        out.extend_from_slice(name);
        json_hanging(out, report.hanging(color, us), color, san_in(color));
    }
    out.push(b'}');
}

/// Writes captures as a JSON array of capture objects.
pub(crate) fn json_captures(out: &mut Vec<u8>, captures: &[Capture]) {
    out.push(b'[');
    for (i, c) in captures.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        json_capture(out, c);
    }
    out.push(b']');
}

/// Writes one capture as a JSON object.
pub(crate) fn json_capture(out: &mut Vec<u8>, c: &Capture) {
    // Fixed-size pieces: the compiler copies them inline, where a slice of unknown length
    // costs a call to memcpy.
    // A capture or promotion always has a square it leaves.
    let [a, b] = square_name(c.mv.from().unwrap_or(c.mv.to()));
    let [d, e] = square_name(c.mv.to());
    out.extend_from_slice(&[
        b'{', b'"', b'm', b'o', b'v', b'e', b'"', b':', b'"', a, b, d, e,
    ]);
    push_promotion(out, c.mv);
    out.extend_from_slice(b"\",\"see\":");
    push_i32(out, c.see);
    out.push(b'}');
}

/// Writes `color`'s pieces en prise as a JSON array of objects, `null` when they were not
/// evaluated; each with its capture's SAN too when `san_in` gives the position it is
/// played in.
pub(crate) fn json_hanging(
    out: &mut Vec<u8>,
    list: Option<&[Hanging]>,
    color: Color,
    san_in: Option<&Chess>,
) {
    let Some(list) = list else {
        out.extend_from_slice(b"null");
        return;
    };
    out.push(b'[');
    for (i, h) in list.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let [a, b] = square_name(h.square);
        let piece = piece_letter(h.piece, color);
        out.extend_from_slice(b"{\"square\":\"");
        out.extend_from_slice(&[a, b, b'"', b',', b'"', b'p', b'i', b'e', b'c', b'e', b'"']);
        out.extend_from_slice(&[b':', b'"', piece, b'"', b',', b'"', b'g', b'a', b'i', b'n']);
        out.extend_from_slice(b"\":");
        push_i32(out, h.gain);
        out.extend_from_slice(b",\"capture\":\"");
        push_uci(out, h.capture);
        out.extend_from_slice(b"\",\"value\":");
        push_i32(out, h.value);
        if let Some(pos) = san_in {
            let san = shakmaty::san::SanPlus::from_move(pos.clone(), h.capture);
            out.extend_from_slice(b",\"san\":\"");
            out.extend_from_slice(san.to_string().as_bytes());
            out.push(b'"');
        }
        out.push(b'}');
    }
    out.push(b']');
}

/// `color`'s pieces en prise as `Nc3:300`, separated by spaces; nothing for the side to
/// move in check.
pub(crate) fn csv_hanging(out: &mut Vec<u8>, board: &Chess, report: &Report, color: Color) {
    let Some(list) = report.hanging(color, board.turn()) else {
        return;
    };
    for (i, h) in list.iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        out.push(piece_letter(h.piece, color));
        push_square(out, h.square);
        out.push(b':');
        push_i32(out, h.gain);
    }
}

/// Every capture as `move:see`, separated by spaces (the CSV's `capture_list`).
pub(crate) fn csv_capture_list(out: &mut Vec<u8>, report: &Report) {
    for (i, c) in report.captures.iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        push_uci(out, c.mv);
        out.push(b':');
        push_i32(out, c.see);
    }
}
