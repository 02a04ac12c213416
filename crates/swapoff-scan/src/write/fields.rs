//! One column of a row as a CSV field or a JSON member: what `--columns` writes, column by
//! column, in the order asked.

use crate::encode::{json_text, push_csv_text, push_i32, push_seconds, push_u64, push_uci};
use crate::read::annotation::{Clock, Eval};
use crate::scan::{Column, Origin, Row};
use crate::write::report::{csv_capture_list, csv_hanging, json_captures, json_hanging};
use shakmaty::{Color, Position};

/// Writes one column of `row` as a CSV field (no comma; empty when absent).
pub(crate) fn csv_field(out: &mut Vec<u8>, column: Column, row: &Row<'_>) {
    let (report, board) = (row.report, row.board);
    let played = row.played.as_ref();
    match column {
        Column::Line => {
            if let Origin::Line(line) = row.origin {
                push_u64(out, line);
            }
        }
        Column::Game => {
            if let Origin::Game { game, .. } = row.origin {
                push_u64(out, game);
            }
        }
        Column::Ply => {
            if let Origin::Game { ply, .. } = row.origin {
                push_u64(out, u64::from(ply));
            }
        }
        Column::Fen => out.extend_from_slice(row.fen),
        Column::InCheck => out.push(if report.in_check { b'1' } else { b'0' }),
        Column::Captures => push_u64(out, report.captures.len() as u64),
        Column::BestMove => {
            if let Some(best) = report.captures.first() {
                push_uci(out, best.mv);
            }
        }
        Column::BestSee => {
            if let Some(best) = report.captures.first() {
                push_i32(out, best.see);
            }
        }
        Column::Balance => push_i32(out, report.balance),
        Column::Threat => {
            if !report.in_check {
                push_i32(out, report.threat);
            }
        }
        Column::HangingWhite => csv_hanging(out, board, report, Color::White),
        Column::HangingBlack => csv_hanging(out, board, report, Color::Black),
        Column::CaptureList => csv_capture_list(out, report),
        Column::Played => {
            if let Some((p, _)) = played {
                out.extend_from_slice(p.uci.as_bytes());
            }
        }
        Column::PlayedSan => {
            if let Some((p, _)) = played {
                push_csv_text(out, p.san);
            }
        }
        Column::PlayedSee => {
            if let Some((_, Some(see))) = played {
                push_i32(out, *see);
            }
        }
        Column::Clock => {
            if let Some(clock) = played.and_then(|(p, _)| p.annotation.clock) {
                push_clock(out, clock);
            }
        }
        Column::Eval => {
            if let Some(eval) = played.and_then(|(p, _)| p.annotation.eval.as_ref()) {
                push_csv_text(out, eval);
            }
        }
        Column::Turn => out.extend_from_slice(color_name(board.turn()).as_bytes()),
        Column::EvalCp | Column::EvalMate | Column::WhiteElo | Column::BlackElo => {
            if let Some(n) = number(column, row) {
                push_i32(out, n);
            }
        }
    }
}

/// A clock in seconds, as Rust's `Display` writes the `f64` (`180`, `179.5`).
pub(crate) fn push_clock(out: &mut Vec<u8>, clock: Clock) {
    match clock {
        Clock::Whole(seconds) => push_u64(out, u64::from(seconds)),
        Clock::Fraction(seconds) => push_seconds(out, seconds),
    }
}

/// `white` or `black`: how the rows name a side (the library's names).
pub(crate) fn color_name(color: Color) -> &'static str {
    swapoff::Color::from(color).name()
}

/// The value of an integer column that may be null: the evaluation's centipawns or mate,
/// a rating.
pub(crate) fn number(column: Column, row: &Row<'_>) -> Option<i32> {
    let eval = || {
        let (played, _) = row.played.as_ref()?;
        Eval::read(played.annotation.eval.as_deref()?)
    };
    match column {
        Column::EvalCp => match eval()? {
            Eval::Centipawns(cp) => Some(cp),
            Eval::Mate(_) => None,
        },
        Column::EvalMate => match eval()? {
            Eval::Mate(n) => Some(n),
            Eval::Centipawns(_) => None,
        },
        Column::WhiteElo => row.ratings[0],
        Column::BlackElo => row.ratings[1],
        _ => None,
    }
}

/// Writes one column of `row` as a JSON member (`"name":value`, no comma).
pub(crate) fn json_field(out: &mut Vec<u8>, column: Column, row: &Row<'_>) {
    let (report, board) = (row.report, row.board);
    let played = row.played.as_ref();
    out.push(b'"');
    out.extend_from_slice(column.name().as_bytes());
    out.extend_from_slice(b"\":");
    let null = |out: &mut Vec<u8>| out.extend_from_slice(b"null");
    match column {
        Column::Line | Column::Game | Column::Ply => {
            let value = match (column, row.origin) {
                (Column::Line, Origin::Line(line)) => Some(line),
                (Column::Game, Origin::Game { game, .. }) => Some(game),
                (Column::Ply, Origin::Game { ply, .. }) => Some(u64::from(ply)),
                _ => None,
            };
            match value {
                Some(v) => push_u64(out, v),
                None => null(out),
            }
        }
        Column::Fen => {
            out.push(b'"');
            out.extend_from_slice(row.fen);
            out.push(b'"');
        }
        Column::InCheck => out.extend_from_slice(if report.in_check { b"true" } else { b"false" }),
        Column::Captures | Column::CaptureList => json_captures(out, &report.captures),
        Column::BestMove => match report.captures.first() {
            Some(best) => {
                out.push(b'"');
                push_uci(out, best.mv);
                out.push(b'"');
            }
            None => null(out),
        },
        Column::BestSee => match report.captures.first() {
            Some(best) => push_i32(out, best.see),
            None => null(out),
        },
        Column::Balance => push_i32(out, report.balance),
        Column::Threat if report.in_check => null(out),
        Column::Threat => push_i32(out, report.threat),
        Column::HangingWhite | Column::HangingBlack => {
            let color = Color::from_white(column == Column::HangingWhite);
            json_hanging(out, report.hanging(color, board.turn()), color, None);
        }
        Column::Played | Column::PlayedSan | Column::Eval => {
            let text = played.and_then(|(p, _)| match column {
                Column::Played => Some(p.uci),
                Column::PlayedSan => Some(p.san),
                _ => p.annotation.eval.as_deref(),
            });
            match text {
                Some(text) => json_text(out, text),
                None => null(out),
            }
        }
        Column::PlayedSee => match played.and_then(|(_, see)| *see) {
            Some(see) => push_i32(out, see),
            None => null(out),
        },
        Column::Clock => match played.and_then(|(p, _)| p.annotation.clock) {
            Some(clock) => push_clock(out, clock),
            None => null(out),
        },
        Column::Turn => json_text(out, color_name(board.turn())),
        Column::EvalCp | Column::EvalMate | Column::WhiteElo | Column::BlackElo => {
            match number(column, row) {
                Some(n) => push_i32(out, n),
                None => null(out),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_is_written_as_the_float_of_its_seconds_displays() {
        for seconds in [
            0.0,
            7.0,
            180.0,
            179.5,
            0.1,
            -0.0,
            -3.0,
            4_294_967_295.0,
            4e9,
            1e15,
            1e300,
        ] {
            let clock = Clock::of(seconds);
            assert_eq!(clock.seconds().to_bits(), seconds.to_bits());
            let whole = seconds.fract() == 0.0 && (0.0..4_294_967_296.0).contains(&seconds);
            assert_eq!(
                matches!(clock, Clock::Whole(_)),
                whole && seconds.is_sign_positive()
            );
            let mut out = Vec::new();
            push_clock(&mut out, clock);
            assert_eq!(String::from_utf8(out).unwrap(), seconds.to_string());
        }
    }
}
