//! Reading the audit's input: FEN/EPD lines and `FEN;MOVE` pair lines, into positions and
//! the moves to evaluate in them.

use shakmaty::Position as _;
use std::io::Read;
use swapoff::Move;
use swapoff_bench::fen_move::{fen_move, FenMoveError};
use swapoff_scan::Records;

/// What kind of move an evaluated move is; the report breaks agreement down by it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A capture by a pawn, knight, bishop, rook or queen (not en passant, not promoting).
    PlainCapture,
    /// A capture by the king.
    KingCapture,
    /// An en passant capture.
    EnPassant,
    /// A promotion, capturing or not.
    Promotion,
    /// Castling.
    Castling,
    /// Any other move.
    Quiet,
}

impl Kind {
    /// Every kind, in report order.
    pub const ALL: [Kind; 6] = [
        Kind::PlainCapture,
        Kind::KingCapture,
        Kind::EnPassant,
        Kind::Promotion,
        Kind::Castling,
        Kind::Quiet,
    ];

    /// Position in [`Kind::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Name in the human-readable table.
    pub fn label(self) -> &'static str {
        match self {
            Kind::PlainCapture => "plain capture",
            Kind::KingCapture => "king capture",
            Kind::EnPassant => "en passant",
            Kind::Promotion => "promotion",
            Kind::Castling => "castling",
            Kind::Quiet => "quiet",
        }
    }

    /// Key in the JSON output.
    pub fn key(self) -> &'static str {
        match self {
            Kind::PlainCapture => "plain_capture",
            Kind::KingCapture => "king_capture",
            Kind::EnPassant => "en_passant",
            Kind::Promotion => "promotion",
            Kind::Castling => "castling",
            Kind::Quiet => "quiet",
        }
    }

    /// The kind of a legal shakmaty move.
    pub fn of(m: &shakmaty::Move) -> Kind {
        if m.is_castle() {
            Kind::Castling
        } else if m.is_en_passant() {
            Kind::EnPassant
        } else if m.is_promotion() {
            Kind::Promotion
        } else if m.is_capture() && m.role() == shakmaty::Role::King {
            Kind::KingCapture
        } else if m.is_capture() {
            Kind::PlainCapture
        } else {
            Kind::Quiet
        }
    }
}

/// One move to evaluate, and where it came from.
#[derive(Clone, Copy, Debug)]
pub struct Item {
    /// Index into [`Input::positions`].
    pub pos: u32,
    /// The move, as SEE takes it.
    pub mv: Move,
    /// Its kind.
    pub kind: Kind,
    /// Index into [`Input::names`].
    pub file: u32,
    /// 1-based line number.
    pub line: u32,
}

/// What has been read: the running counts over the whole input, and the positions and
/// moves of the current window (cleared by [`Input::next_window`] once evaluated, so that
/// memory stays flat however long the input).
#[derive(Default)]
pub struct Input {
    /// File names as given (`<stdin>` for `-`).
    pub names: Vec<String>,
    /// The window's distinct positions (consecutive identical FENs share one).
    pub positions: Vec<swapoff_scan::Position>,
    /// The window's moves to evaluate, in input order.
    pub items: Vec<Item>,
    /// Non-blank, non-comment lines read.
    pub lines: u64,
    /// Lines holding a position (FEN/EPD) whose moves were generated.
    pub position_lines: u64,
    /// `FEN;MOVE` lines.
    pub pair_lines: u64,
    /// Lines reported on stderr and skipped.
    pub skipped: u64,
    /// Distinct positions over the whole input (a position whose lines straddle two
    /// windows counts once).
    pub distinct_positions: u64,
    /// The FEN text of the last position read.
    last_fen: String,
    /// Whether `positions` ends with the position of `last_fen` (false after a new window).
    last_in_window: bool,
}

impl Input {
    /// Starts a new window: the evaluated positions and moves are dropped, the counts kept.
    pub fn next_window(&mut self) {
        self.positions.clear();
        self.items.clear();
        self.last_in_window = false;
    }
}

/// How one line of input is read.
#[derive(Debug, PartialEq, Eq)]
enum Line<'a> {
    /// Blank or a `#` comment: ignored, not counted.
    Ignored,
    /// A position: evaluate its generated moves. The text is the FEN (EPD operations cut).
    Position(String),
    /// A position and one move to evaluate.
    Pair { fen: &'a str, mv: &'a str },
}

/// Tells the kind of a line. Pair lines are `FEN;MOVE`, optionally followed by more
/// `;`-separated fields (so suite files like `FEN; move; value; comment` read too). An
/// EPD line with operations (`<4 fields> bm Nf3; id "x";`) is a position line: its fifth
/// field is not a number, whereas a FEN's fifth field (halfmove clock) is.
fn split(text: &str) -> Result<Line<'_>, String> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(Line::Ignored);
    }
    let head = text.split(';').next().unwrap_or(text);
    let fields: Vec<&str> = head.split_ascii_whitespace().collect();
    let epd_operations = fields
        .get(4)
        .is_some_and(|f| !f.bytes().all(|b| b.is_ascii_digit()));
    if epd_operations {
        return Ok(Line::Position(fields[..4].join(" ")));
    }
    match fen_move(text) {
        Err(FenMoveError::NoSeparator) => Ok(Line::Position(text.to_string())),
        Err(e) => Err(e.to_string()),
        Ok(None) => Ok(Line::Ignored),
        Ok(Some(line)) => Ok(Line::Pair {
            fen: line.fen,
            mv: line.mv,
        }),
    }
}

/// Whether a generated move of a position line is evaluated.
fn wanted(m: &shakmaty::Move, quiet: bool) -> bool {
    quiet || m.is_capture() || m.is_promotion()
}

/// Reads lines of `records` (file number `file`, called `name` in messages) into
/// `input` until the window holds `until` moves or the input ends; returns whether it
/// ended. Bad lines go to `report` as `file:line: why`, are counted in `input.skipped`
/// and skipped; `progress` gets the bytes read.
#[allow(clippy::too_many_arguments)]
pub fn read<R: Read>(
    input: &mut Input,
    file: u32,
    name: &str,
    records: &mut Records<R>,
    until: usize,
    quiet: bool,
    mut report: impl FnMut(String),
    mut progress: impl FnMut(u64),
) -> bool {
    while input.items.len() < until {
        let before = records.bytes();
        let (number, record) = match records.next_record() {
            Ok(Some(r)) => r,
            Ok(None) => return true,
            Err(e) => {
                report(format!("{name}: read error: {e}; rest of the file skipped"));
                input.skipped += 1;
                return true;
            }
        };
        let number = u32::try_from(number).unwrap_or(u32::MAX);
        let mut bad = |why: String| report(format!("{name}:{number}: {why}"));
        let text = match record {
            Ok(text) => text,
            Err(why) => {
                bad(why.to_string());
                input.skipped += 1;
                continue;
            }
        };
        let line = match split(text) {
            Ok(Line::Ignored) => continue,
            Ok(line) => line,
            Err(why) => {
                input.lines += 1;
                bad(why);
                input.skipped += 1;
                continue;
            }
        };
        input.lines += 1;
        let fen = match &line {
            Line::Position(fen) => fen.as_str(),
            Line::Pair { fen, .. } => fen,
            Line::Ignored => continue,
        };
        let same = fen == input.last_fen;
        if !(same && input.last_in_window) {
            match swapoff_scan::Position::from_fen(fen) {
                Ok(pos) => {
                    input.positions.push(pos);
                    if !same {
                        input.distinct_positions += 1;
                        input.last_fen.clear();
                        input.last_fen.push_str(fen);
                    }
                    input.last_in_window = true;
                }
                Err(e) => {
                    bad(swapoff_scan::Position::fen_message(fen, &e));
                    input.skipped += 1;
                    continue;
                }
            }
        }
        let index = (input.positions.len() - 1) as u32;
        let pos = &input.positions[index as usize];
        let item = |m: &shakmaty::Move| {
            Move::try_from(m).ok().map(|mv| Item {
                pos: index,
                mv,
                kind: Kind::of(m),
                file,
                line: number,
            })
        };
        match line {
            Line::Pair { mv, .. } => match pos.legal_move(mv) {
                Ok(m) => match item(&m) {
                    Some(it) => {
                        input.items.push(it);
                        input.pair_lines += 1;
                    }
                    None => {
                        bad(format!("move {mv:?} cannot be evaluated"));
                        input.skipped += 1;
                    }
                },
                Err(e) => {
                    bad(e.to_string());
                    input.skipped += 1;
                }
            },
            Line::Position(_) => {
                input.position_lines += 1;
                let moves = pos.chess().legal_moves();
                let found: Vec<Item> = moves
                    .iter()
                    .filter(|m| wanted(m, quiet))
                    .filter_map(item)
                    .collect();
                input.items.extend(found);
            }
            Line::Ignored => {}
        }
        progress(records.bytes() - before);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_kinds() {
        assert_eq!(split("  ").unwrap(), Line::Ignored);
        assert_eq!(split("# note").unwrap(), Line::Ignored);
        assert_eq!(
            split("8/8/8/8/8/8/8/K6k w - - 0 1").unwrap(),
            Line::Position("8/8/8/8/8/8/8/K6k w - - 0 1".to_string())
        );
        assert_eq!(
            split("8/8/8/8/8/8/8/K6k w - - 0 1;a1b1").unwrap(),
            Line::Pair {
                fen: "8/8/8/8/8/8/8/K6k w - - 0 1",
                mv: "a1b1"
            }
        );
        // Suite rows: the move is the second field.
        assert_eq!(
            split("8/8/8/8/8/8/8/K6k w - -; Kb1; 0; quiet").unwrap(),
            Line::Pair {
                fen: "8/8/8/8/8/8/8/K6k w - -",
                mv: "Kb1"
            }
        );
        // EPD operations are cut: the line is a position.
        assert_eq!(
            split("8/8/8/8/8/8/8/K6k w - - bm Kb1; id \"x\";").unwrap(),
            Line::Position("8/8/8/8/8/8/8/K6k w - -".to_string())
        );
        assert!(split("8/8/8/8/8/8/8/K6k w - - 0 1;").is_err());
    }

    #[test]
    fn reading_counts_and_reports() {
        let text = "\u{feff}4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\n\
                    # comment\n\
                    4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1;e5e6\n\
                    4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1;e5e7\n\
                    nonsense\n";
        let mut input = Input::default();
        let mut errors = Vec::new();
        let mut records = Records::new(text.as_bytes());
        let ended = read(
            &mut input,
            0,
            "t.epd",
            &mut records,
            usize::MAX,
            false,
            |e| errors.push(e),
            |_| {},
        );
        assert!(ended);
        // Line 1: only exd6 e.p. is a capture; line 3: the listed quiet move.
        assert_eq!(input.items.len(), 2);
        assert_eq!(input.items[0].kind, Kind::EnPassant);
        assert_eq!(input.items[1].kind, Kind::Quiet);
        assert_eq!(input.items[1].line, 3);
        // The same FEN on consecutive lines is parsed once.
        assert_eq!(input.positions.len(), 1);
        assert_eq!((input.lines, input.skipped), (4, 2));
        assert_eq!(errors.len(), 2);
        assert!(errors[0].starts_with("t.epd:4: "), "{}", errors[0]);
        assert!(errors[1].starts_with("t.epd:5: bad FEN"), "{}", errors[1]);
        assert_eq!(input.distinct_positions, 1);
    }

    #[test]
    fn windows_hold_at_most_what_was_asked_and_count_positions_once() {
        // One position with many captures on consecutive pair lines, read two moves a
        // window: the position is parsed again in each window but counted once.
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        let text: String = (0..5).map(|_| format!("{fen};e5e6\n")).collect();
        let mut input = Input::default();
        let mut records = Records::new(text.as_bytes());
        let mut windows = 0;
        loop {
            let ended = read(&mut input, 0, "t", &mut records, 2, false, |_| {}, |_| {});
            assert!(input.items.len() <= 2 && input.positions.len() <= 1);
            windows += usize::from(!input.items.is_empty());
            input.next_window();
            if ended {
                break;
            }
        }
        assert_eq!(windows, 3);
        assert_eq!((input.pair_lines, input.distinct_positions), (5, 1));
    }
}
