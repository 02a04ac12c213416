//! Reading the audit's input: FEN/EPD lines and `FEN;MOVE` pair lines, into positions and
//! the moves to evaluate in them.

use shakmaty::{Chess, Position};
use std::io::BufRead;
use swapoff::Move;

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

/// Everything read from the input files.
#[derive(Default)]
pub struct Input {
    /// File names as given (`<stdin>` for `-`).
    pub names: Vec<String>,
    /// Distinct positions (consecutive identical FENs share one).
    pub positions: Vec<Chess>,
    /// The moves to evaluate, in input order.
    pub items: Vec<Item>,
    /// Non-blank, non-comment lines read.
    pub lines: u64,
    /// Lines holding a position (FEN/EPD) whose moves were generated.
    pub position_lines: u64,
    /// `FEN;MOVE` lines.
    pub pair_lines: u64,
    /// Lines reported on stderr and skipped.
    pub skipped: u64,
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
    match text.split_once(';') {
        None => Ok(Line::Position(text.to_string())),
        Some((fen, rest)) => {
            let mv = rest.split(';').next().unwrap_or("").trim();
            if mv.is_empty() {
                Err("no move after ';' (expected FEN;MOVE)".to_string())
            } else {
                Ok(Line::Pair {
                    fen: fen.trim(),
                    mv,
                })
            }
        }
    }
}

/// Whether a generated move of a position line is evaluated.
fn wanted(m: &shakmaty::Move, quiet: bool) -> bool {
    quiet || m.is_capture() || m.is_promotion()
}

/// Reads every line of `reader` into `input`. Bad lines go to `report` as
/// `file:line: why`, are counted in `input.skipped` and skipped.
pub fn read(
    input: &mut Input,
    name: &str,
    mut reader: impl BufRead,
    quiet: bool,
    mut report: impl FnMut(String),
    mut progress: impl FnMut(u64),
) {
    let file = input.names.len() as u32;
    input.names.push(name.to_string());
    let mut buf = Vec::new();
    let mut number: u32 = 0;
    // The FEN text of the last position pushed, to share it with the next lines.
    let mut last_fen = String::new();
    let mut have_last = false;
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(n) => progress(n as u64),
            Err(e) => {
                report(format!("{name}:{}: read error: {e}", number + 1));
                input.skipped += 1;
                break;
            }
        }
        number = number.saturating_add(1);
        let mut bad = |why: String| report(format!("{name}:{number}: {why}"));
        let Ok(mut text) = std::str::from_utf8(&buf) else {
            bad("not valid UTF-8".to_string());
            input.skipped += 1;
            continue;
        };
        if number == 1 {
            text = text.trim_start_matches('\u{feff}');
        }
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
        if !(have_last && fen == last_fen) {
            match swapoff::parse::position(fen) {
                Ok(pos) => {
                    input.positions.push(pos);
                    last_fen.clear();
                    last_fen.push_str(fen);
                    have_last = true;
                }
                Err(e) => {
                    bad(format!("bad FEN: {e}"));
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
            Line::Pair { mv, .. } => match swapoff::parse::shakmaty_move(pos, mv) {
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
                let moves = pos.legal_moves();
                let found: Vec<Item> = moves
                    .iter()
                    .filter(|m| wanted(m, quiet))
                    .filter_map(item)
                    .collect();
                input.items.extend(found);
            }
            Line::Ignored => {}
        }
    }
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
        read(
            &mut input,
            "t.epd",
            text.as_bytes(),
            false,
            |e| errors.push(e),
            |_| {},
        );
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
    }
}
