//! From units of work to rows: the one function, [`Scanner::process`], that both the
//! `seeswap scan` command and the Python package run on what [`units`](crate::read::units)
//! reads. Under it, [`walk`] gives every position a unit holds (EPD lines read, PGN games
//! replayed) before any analysis, for tools that want positions alone (`make-suite`). Each
//! position analysed becomes a [`Row`]; each line, game or file that cannot be read becomes
//! a [`Note`] in its place, so nothing is dropped silently. A [`Sink`] takes both: the
//! command writes rows as JSON, CSV or Parquet and notes to stderr, the Python package
//! turns both into Arrow rows (notes with an `error` column).

use crate::read::annotation::{Annotation, Clock};
use crate::read::epd;
use crate::read::error::GameError;
use crate::read::games::GameReader;
use crate::read::note::{Note, Place, Skipped};
use crate::read::pgn::{self, GameRecord};
use crate::read::table::{RowError, TableRow};
use crate::read::work::{Unit, Work};
use crate::scan::analysis::Report;
use crate::scan::columns::Needs;
use crate::scan::fen;
use crate::scan::replay::{Replay, Step};
use shakmaty::Chess;
use std::fmt::Write as _;
use std::ops::ControlFlow;
use swapoff::See;

/// Where a position comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Line `line` (from 1) of an EPD file.
    Line(u64),
    /// Ply `ply` (0 = the starting position) of game `game` (from 1) of a PGN file.
    Game {
        /// The game's number in its file, from 1.
        game: u64,
        /// Plies played from the game's start.
        ply: u32,
    },
}

/// One analysed position.
pub struct Row<'a> {
    /// The input's index.
    pub file: usize,
    /// Where in the input.
    pub origin: Origin,
    /// The position's FEN (empty when the scanner was told not to write it).
    pub fen: &'a [u8],
    /// The position.
    pub(crate) board: &'a Chess,
    /// Its analysis.
    pub(crate) report: &'a Report,
    /// The values of the scanner's tags for this position's game (`None`: not a game, or
    /// the game has no such tag), in the order of the reading's tags
    /// ([`ReadOptions::tags`](crate::read::ReadOptions::tags)); empty for EPD.
    pub tags: &'a [Option<String>],
    /// The move played from this position (PGN), with its SEE under the scan's rules.
    pub played: Option<(Played<'a>, Option<i32>)>,
    /// White's and Black's ratings, from the game's `WhiteElo` and `BlackElo` tags, when
    /// the rows ask for them (`None`: not asked, missing, or not a number).
    pub ratings: [Option<i32>; 2],
}

/// A position as read from an input, before analysis.
pub(crate) struct Position<'a> {
    /// The input's index.
    pub file: usize,
    /// Where in the input.
    pub origin: Origin,
    /// The position's FEN (empty when the walk was told not to write it).
    pub fen: &'a [u8],
    /// The position.
    pub board: &'a Chess,
    /// The values of the tags asked for, for this position's game; empty for EPD.
    pub tags: &'a [Option<String>],
    /// The move the game played from this position; `None` for EPD, at a game's end, or
    /// where the next move cannot be played.
    pub played: Option<Played<'a>>,
}

/// The move a game played from a position, and what its comment said.
#[derive(Clone, Copy, Debug)]
pub struct Played<'a> {
    /// In UCI (`e1g1` for castling in standard chess, king takes rook in Chess960).
    pub uci: &'a str,
    /// In SAN, as the game wrote it (made from the move where the game wrote UCI).
    pub san: &'a str,
    /// The clock and evaluation the comment after it gave ([`clock`](Self::clock),
    /// [`eval`](Self::eval)).
    pub(crate) annotation: &'a Annotation,
}

impl Played<'_> {
    /// The mover's clock after the move, in seconds, if the comment after it gave one
    /// (`[%clk h:mm:ss]`, fractions kept).
    pub fn clock(&self) -> Option<f64> {
        self.annotation.clock.map(Clock::seconds)
    }

    /// The evaluation after the move as the comment wrote it (`[%eval 0.17]`, `#-2`),
    /// without a depth after a comma.
    pub fn eval(&self) -> Option<&str> {
        self.annotation.eval.as_deref()
    }
}

/// Where positions and notes go. Each call says whether to go on
/// ([`ControlFlow::Continue`]) or to stop reading the unit ([`ControlFlow::Break`]).
pub(crate) trait PositionSink {
    /// One position, and the move played from it for its SEE, when that is asked (`None`
    /// when it is not, or for a move the library cannot represent). The move comes apart
    /// from the position, in a register: as a field it was written byte by byte and read
    /// back whole, which the processor cannot forward, a stall on every row.
    fn position(
        &mut self,
        position: &Position<'_>,
        see_move: Option<swapoff::Move>,
    ) -> ControlFlow<()>;
    /// One problem, in its place among the positions.
    fn note(&mut self, note: Note) -> ControlFlow<()>;
    /// A PGN game was read (counted whether or not it could be replayed).
    fn game(&mut self) {}
}

/// Where rows and notes go, as pgn-reader's visitors and ripgrep's sinks: each call can go
/// on, stop the scan ([`ControlFlow::Break`]), or fail with the sink's own error (an
/// output that cannot be written), which [`Scan::process`](crate::Scan::process) returns.
pub trait Sink {
    /// Why the sink failed.
    type Error;
    /// One analysed position.
    fn row(&mut self, row: &Row<'_>) -> Result<ControlFlow<()>, Self::Error>;
    /// One problem, in its place among the rows.
    fn note(&mut self, note: Note) -> Result<ControlFlow<()>, Self::Error>;
    /// A PGN game was read (counted whether or not it could be analysed).
    fn game(&mut self) {}
}

/// The per-position analysis of a scan: the evaluator, and what the rows asked for need
/// ([`Needs`]: a question costs what its columns need).
pub(crate) struct Scanner {
    /// Rules and values.
    pub see: See,
    /// What to compute: the analysis of every capture, the FEN text, the move played
    /// (its SAN, its SEE). EPD rows always have their FEN, the reader writes it anyway.
    pub needs: Needs,
    /// The tags the readings it scans must collect, in this order: the tags asked for,
    /// then any its columns need (the rating tags, when the ratings are asked).
    tags: Vec<String>,
    /// Where the rating tags are among them, when the ratings are asked.
    ratings_at: [Option<usize>; 2],
}

impl Scanner {
    /// A scanner that evaluates with `see` what `needs` asks, on rows whose tag columns
    /// are `asked`. The readings it scans collect [`Scanner::tags`].
    pub(crate) fn new(see: See, needs: Needs, asked: &[String]) -> Scanner {
        let tags = crate::scan::columns::reading_tags(asked, needs);
        let at = |name: &str| {
            let found = tags.iter().position(|t| t.eq_ignore_ascii_case(name));
            found.filter(|_| needs.ratings)
        };
        let [white, black] = crate::scan::columns::RATING_TAGS;
        let ratings_at = [at(white), at(black)];
        Scanner {
            see,
            needs,
            tags,
            ratings_at,
        }
    }

    /// The tags (or a table's columns) a reading must collect for this scanner: the ones
    /// asked for first, so that each row's tag columns are the first of its values.
    pub(crate) fn tags(&self) -> &[String] {
        &self.tags
    }

    /// Whether a reading must read the comments after PGN moves for this scanner (its
    /// columns include the clock or the evaluation).
    pub(crate) fn reads_comments(&self) -> bool {
        self.needs.annotations
    }

    /// Analyses one unit of work, handing its rows and notes to `sink` in input order,
    /// until the unit ends ([`ControlFlow::Continue`]), the sink stops
    /// ([`ControlFlow::Break`]) or it fails (its error).
    pub(crate) fn process<S: Sink>(
        &self,
        work: &Work,
        sink: &mut S,
    ) -> Result<ControlFlow<()>, S::Error> {
        let mut analysing = Analysing {
            failed: None,
            ratings_at: self.ratings_at,
            see: &self.see,
            report: Report::default(),
            needs: self.needs,
            sink,
        };
        let flow = walk(work, self.needs, &mut analysing);
        match analysing.failed {
            Some(e) => Err(e),
            None => Ok(flow),
        }
    }
}

/// Positions to rows: each one analysed (as far as the rows need), then handed on.
struct Analysing<'a, S: Sink> {
    /// The sink's error, which stopped the walk.
    failed: Option<S::Error>,
    ratings_at: [Option<usize>; 2],
    see: &'a See,
    report: Report,
    needs: Needs,
    sink: &'a mut S,
}

impl<S: Sink> Analysing<'_, S> {
    /// The sink's answer as the walk takes it: an error is kept, and stops the walk.
    fn flow(&mut self, answer: Result<ControlFlow<()>, S::Error>) -> ControlFlow<()> {
        answer.unwrap_or_else(|e| {
            self.failed = Some(e);
            ControlFlow::Break(())
        })
    }
}

impl<S: Sink> PositionSink for Analysing<'_, S> {
    fn position(&mut self, p: &Position<'_>, see_move: Option<swapoff::Move>) -> ControlFlow<()> {
        // Not asked for: the report stays empty, and no column reads it but `in_check`,
        // itself left as it was when no column reads it.
        if self.needs.analysis {
            self.report.analyze(p.board, self.see);
        } else if self.needs.in_check {
            self.report.check(p.board);
        }
        let rating = |at: Option<usize>| {
            let text = p.tags.get(at?)?.as_deref()?;
            text.trim().parse::<i32>().ok()
        };
        let answer = self.sink.row(&Row {
            ratings: self.ratings_at.map(rating),
            file: p.file,
            origin: p.origin,
            fen: p.fen,
            board: p.board,
            report: &self.report,
            tags: p.tags,
            // The move is there only when its SEE is asked for.
            played: p
                .played
                .map(|played| (played, see_move.map(|mv| self.see.value(p.board, mv)))),
        });
        self.flow(answer)
    }

    fn note(&mut self, note: Note) -> ControlFlow<()> {
        let answer = self.sink.note(note);
        self.flow(answer)
    }

    fn game(&mut self) {
        self.sink.game();
    }
}

/// Every position of one unit of work, and its notes, in input order: EPD lines read
/// (their FEN normalised), PGN games replayed from their start (their FEN written, and the
/// move played from each position given, as far as `needs` asks).
pub(crate) fn walk(work: &Work, needs: Needs, sink: &mut impl PositionSink) -> ControlFlow<()> {
    match &work.0 {
        Unit::Epd {
            file,
            first_line,
            text,
        } => walk_epd(*file, *first_line, text, sink),
        Unit::Pgn { file, games } => {
            let mut buffers = Buffers::default();
            for game in games {
                walk_game(*file, game, needs, sink, &mut buffers)?;
            }
            ControlFlow::Continue(())
        }
        Unit::PgnText {
            file,
            first_game,
            text,
            tags,
            comments,
        } => {
            let mut reader = GameReader::over(text.clone(), *first_game, tags.to_vec(), *comments);
            let mut buffers = Buffers::default();
            loop {
                match reader.read_game() {
                    Ok(Some(game)) => {
                        walk_game(*file, &game, needs, sink, &mut buffers)?;
                        reader.spares.push(game);
                    }
                    Ok(None) => return ControlFlow::Continue(()),
                    Err(e) => {
                        let (note, goes_on) =
                            crate::read::units::unread_game(*file, reader.games, &e);
                        sink.note(note)?;
                        if !goes_on {
                            return ControlFlow::Continue(());
                        }
                    }
                }
            }
        }
        Unit::Table { file, rows, by_row } => {
            let mut fen = Vec::with_capacity(96);
            for row in rows {
                walk_row(*file, row, *by_row, needs, sink, &mut fen)?;
            }
            ControlFlow::Continue(())
        }
        Unit::Note(note) => sink.note(note.clone()),
    }
}

/// No clock or evaluation: what a table's moves have.
static NO_ANNOTATION: Annotation = Annotation {
    clock: None,
    eval: None,
};

/// One row of a table: its FEN read, the first moves of its moves column played (the
/// puzzle convention), then the position, with the next move as the move played.
fn walk_row(
    file: usize,
    row: &Result<TableRow, RowError>,
    by_row: bool,
    needs: Needs,
    sink: &mut impl PositionSink,
    fen: &mut Vec<u8>,
) -> ControlFlow<()> {
    use shakmaty::Position as _;
    let place = |n: u64| {
        if by_row {
            Place::Row(n)
        } else {
            Place::Line(n)
        }
    };
    let row = match row {
        Ok(row) => row,
        Err(e) => {
            return sink.note(Note::invalid(file, place(e.line), &*e.why, Skipped::Row));
        }
    };
    let skipped = |why: String| Note::invalid(file, place(row.line), why, Skipped::Row);
    let mut pos = match crate::read::parse::position(&row.fen) {
        Ok(pos) => pos,
        Err(e) => {
            let fen = crate::read::parse::Clipped(&row.fen);
            return sink.note(skipped(format!("bad FEN {fen}: {e}")));
        }
    };
    // Castling in UCI as the position's own castling reads (king takes rook in Chess960),
    // so that the move written reads back to the same move.
    let mode = pos.castles().mode();
    let apply = row.apply;
    if row.moves.len() < apply {
        let why = format!(
            "{} move(s) in the moves column, fewer than the {apply} played before the position",
            row.moves.len()
        );
        return sink.note(skipped(why));
    }
    for (i, text) in row.moves[..apply].iter().enumerate() {
        match crate::read::parse::shakmaty_move(&pos, text) {
            Ok(m) => pos.play_unchecked(m),
            Err(e) => return sink.note(skipped(format!("move {}: {e}", i + 1))),
        }
    }
    fen.clear();
    fen::push_fen(fen, &pos, pos.halfmoves(), pos.fullmoves().get());
    let (mut uci, mut san) = (String::new(), String::new());
    // The move played must be legal: a row that claims an impossible one is refused, not
    // given a row without it.
    let next = match row.moves.get(apply) {
        None => None,
        Some(text) => match crate::read::parse::shakmaty_move(&pos, text) {
            Ok(m) => Some(m),
            Err(e) => return sink.note(skipped(format!("move {}: {e}", apply + 1))),
        },
    };
    // The move is checked whatever is asked; it is written out only when asked for, as in
    // a game.
    let next = next.filter(|_| needs.played);
    if let Some(m) = next {
        let _ = write!(uci, "{}", m.to_uci(mode));
        if needs.san {
            let _ = write!(san, "{}", shakmaty::san::SanPlus::from_move(pos.clone(), m));
        }
    }
    let see_move = next
        .filter(|_| needs.played_see)
        .and_then(|m| swapoff::Move::try_from(&m).ok());
    let played = next.map(|_| Played {
        uci: &uci,
        san: &san,
        annotation: &NO_ANNOTATION,
    });
    sink.position(
        &Position {
            file,
            origin: Origin::Line(row.line),
            fen,
            board: &pos,
            tags: &row.carried,
            played,
        },
        see_move,
    )
}

fn walk_epd(
    file: usize,
    first_line: u64,
    text: &[u8],
    sink: &mut impl PositionSink,
) -> ControlFlow<()> {
    let mut fen = Vec::with_capacity(96);
    // The whole unit is checked for UTF-8 at once (long runs go a word at a time); only
    // a unit that fails is checked line by line, to name the bad lines.
    let whole = std::str::from_utf8(text).ok();
    // memchr finds the line ends a word at a time, not a byte at a time.
    let mut start = 0;
    for (i, end) in memchr::memchr_iter(b'\n', text)
        .chain(std::iter::once(text.len()))
        .enumerate()
    {
        let (start_of_line, raw) = (start, &text[start..end]);
        start = end + 1;
        let line_no = first_line + i as u64;
        let skipped = |why: &str| Note::invalid(file, Place::Line(line_no), why, Skipped::Line);
        // A line of valid text ends at ASCII line ends, so it is text in turn.
        let line = match whole.and_then(|whole| whole.get(start_of_line..end)) {
            Some(line) => Ok(line),
            None => std::str::from_utf8(raw),
        };
        let Ok(line) = line else {
            // A comment is not read, whatever its bytes (Latin-1 prose, say).
            if !epd::is_comment(raw) {
                sink.note(skipped("not UTF-8 text"))?;
            }
            continue;
        };
        match epd::read_line(line, &mut fen) {
            Ok(None) => continue,
            Ok(Some(board)) => sink.position(
                &Position {
                    file,
                    origin: Origin::Line(line_no),
                    fen: &fen,
                    board: &board,
                    tags: &[],
                    played: None,
                },
                None,
            )?,
            Err(why) => sink.note(skipped(&why.to_string()))?,
        }
    }
    ControlFlow::Continue(())
}

/// What a game's rows are written into, reused from game to game (most games are short:
/// a buffer a game cost an allocation and a free each).
#[derive(Default)]
struct Buffers {
    fen: Vec<u8>,
    writer: fen::FenWriter,
    /// The move played, in UCI and in SAN.
    uci: String,
    san: String,
}

fn walk_game(
    file: usize,
    game: &GameRecord,
    needs: Needs,
    sink: &mut impl PositionSink,
    buffers: &mut Buffers,
) -> ControlFlow<()> {
    let Buffers {
        fen,
        writer,
        uci,
        san: san_text,
    } = buffers;
    sink.game();
    let note = |ply: Option<u32>, why: String, skipped: Skipped| {
        let place = Place::Game {
            game: game.number,
            ply,
        };
        Note::invalid(file, place, why, skipped)
    };
    // The move after `ply` that ends the game, written as the PGN wrote it, and why.
    let at_move = |replay: &Replay, ply: u32, text: &dyn std::fmt::Display, why: GameError| {
        let why = format!("ply {} ({}): {why}", ply + 1, replay.describe(&text));
        note(Some(ply + 1), why, Skipped::RestOfGame)
    };
    if let Some(why) = &game.rejected {
        return sink.note(note(None, why.clone(), Skipped::Game));
    }
    if game.is_empty() {
        let why = match &game.unread {
            Some((token, why)) => format!("no tag and no readable move ({token}: {why}): no game"),
            None => "no tag and no readable move: no game (not PGN text?)".to_string(),
        };
        return sink.note(note(None, why, Skipped::Text));
    }
    // The position the analysis and the SEE read, played move by move: the usual start,
    // or a [FEN] tag's position as the one FEN reader reads (and checks) it.
    let mut replay = match (&game.fen, game.chess960) {
        (None, false) => Replay::standard(),
        _ => match pgn::start(game) {
            Ok(pos) => Replay::new(pos, game.chess960),
            Err(why) => return sink.note(note(None, why.to_string(), Skipped::Game)),
        },
    };
    let mut ply = 0u32;
    // The position after the move played, when making its SAN played it already.
    let mut advanced: Option<Chess> = None;
    loop {
        let next = game.moves.get(ply as usize);
        let step = next.map(|san| replay.resolve(san));
        let mut see_move = None;
        let played = match step {
            Some(Ok(Step::Move(m))) if needs.played => {
                uci.clear();
                san_text.clear();
                replay.push_uci(m, uci);
                // Made from the move, not echoed: PGN text may be UCI (`c7c5`), over-
                // disambiguated (`Nb1c3`) or miss a suffix (`Qxf7` for a mate). Its suffix
                // needs the board after the move: played once, on a copy that becomes the
                // next board.
                if needs.san {
                    let (made, after) = replay.san(m);
                    made.append_to_string(san_text);
                    advanced = Some(after);
                }
                if needs.played_see {
                    // Only a drop has no SEE move, and a replay makes none.
                    see_move = swapoff::Move::try_from(&m).ok();
                }
                Some(Played {
                    uci,
                    san: san_text,
                    annotation: &game.annotations[ply as usize],
                })
            }
            // A null move played is written as python-chess writes one; it has no SEE.
            Some(Ok(Step::Null)) if needs.played => Some(Played {
                uci: "0000",
                san: "--",
                annotation: &game.annotations[ply as usize],
            }),
            _ => None,
        };
        fen.clear();
        if needs.fen {
            writer.push(fen, replay.board(), replay.halfmoves(), replay.fullmoves());
        }
        let origin = Origin::Game {
            game: game.number,
            ply,
        };
        sink.position(
            &Position {
                file,
                origin,
                fen,
                board: replay.board(),
                tags: &game.tag_values,
                played,
            },
            see_move,
        )?;
        let (Some(step), Some(san)) = (step, next) else {
            break;
        };
        // A refused step leaves the board as it was, which the message describes.
        let played = step
            .map_err(GameError::from)
            .and_then(|step| match (step, advanced.take()) {
                (Step::Move(_), Some(after)) => {
                    replay.advance(after);
                    Ok(())
                }
                _ => replay.play(step),
            });
        if let Err(why) = played {
            return sink.note(at_move(&replay, ply, san, why));
        }
        ply += 1;
    }
    if game.truncated {
        let why = format!("mainline longer than {ply} plies");
        return sink.note(note(Some(ply), why, Skipped::RestOfGame));
    }
    if let Some((token, why)) = &game.unread {
        return sink.note(at_move(&replay, ply, token, GameError::Unreadable(why)));
    }
    ControlFlow::Continue(())
}
