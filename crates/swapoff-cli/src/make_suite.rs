//! `seeswap make-suite`: a SEE test suite drawn from real positions, balanced over the
//! hard cases, each value from the exact rules.
//!
//! Every legal move of every position read (EPD lines, or every mainline position of PGN
//! games) gets one category, the first of these that fits (rarest first):
//! castling, en passant, promotion, recapture that promotes (an opponent pawn can take
//! back on its last rank), king recapture (the opponent king attacks the square),
//! discovered check, capture in check (the mover is in check), capture that gives check,
//! pinned attacker (a piece attacking the square, of either side, is pinned to its king),
//! x-ray (a slider joins once a piece in front of it has taken), plain capture, quiet move.
//!
//! Each category keeps an equal share of `--count` moves by reservoir sampling (a fixed
//! generator seeded by `--seed`, so the suite is the same for the same seed and input and
//! memory stays flat); a category with fewer moves keeps them all. The lines come out by
//! category, each in input order: `FEN; SAN; value; category`, the format `seeswap suite`
//! reads, and `seeswap suite --rules exact --values V` passes every one.

use crate::common::{fatal, splitmix64, write_stdout, Outcome, Status};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{Chess, EnPassantMode, Position as _};
use std::fmt::Write as _;
use std::ops::ControlFlow;
use swapoff::BoardQueries;
use swapoff::{PieceValues, Rules, See, SeeBoard};
use swapoff_scan::{InputName, Note, Place, ReadOptions, Skipped};
use swapoff_scan::{Needs, Origin, Row, Scan, Sink};

/// Flags of `seeswap make-suite`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// EPD/FEN or PGN files (`-` for stdin).
    #[arg(value_name = "FILE", required = true)]
    files: Vec<std::path::PathBuf>,
    /// Lines to write (an equal share per category).
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    count: u32,
    /// Seed of the sampling: the same seed and input give the same suite.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Piece values P,N,B,R,Q of the exact values written.
    #[arg(
        long,
        value_name = "P,N,B,R,Q",
        default_value = "100,300,300,500,900",
        allow_hyphen_values = true
    )]
    values: PieceValues,
}

/// The categories, in the order a move is tried against them and the suite lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Category {
    Castling,
    EnPassant,
    Promotion,
    RecapturePromotes,
    KingRecapture,
    DiscoveredCheck,
    CaptureInCheck,
    CaptureGivesCheck,
    PinnedAttacker,
    XRay,
    PlainCapture,
    QuietMove,
}

/// The category word of each [`Category`], in its order.
const CATEGORIES: [&str; 12] = [
    "castling",
    "en passant",
    "promotion",
    "recapture that promotes",
    "king recapture",
    "discovered check",
    "capture in check",
    "capture that gives check",
    "pinned attacker",
    "x-ray",
    "plain capture",
    "quiet move",
];

/// The category of a legal move `m` in `pos`, as an index into [`CATEGORIES`].
fn category(pos: &Chess, m: &shakmaty::Move) -> usize {
    let index = |c: Category| c as usize;
    if m.is_castle() {
        return index(Category::Castling);
    }
    if m.is_en_passant() {
        return index(Category::EnPassant);
    }
    if m.is_promotion() {
        return index(Category::Promotion);
    }
    let mut after = pos.clone();
    after.play_unchecked(*m);
    let to = swapoff::Square::new(m.to() as u8).unwrap_or_else(|| unreachable!("0..64"));
    let them = if pos.turn().is_white() {
        swapoff::Color::Black
    } else {
        swapoff::Color::White
    };
    let occupied = after.occupied();
    let attackers = after.attackers_to(to, occupied) & occupied;
    let theirs = attackers & after.by_color(them);
    let last_rank = to.rank() == 0 || to.rank() == 7;
    if last_rank && theirs & after.by_role(swapoff::Role::Pawn) != 0 {
        return index(Category::RecapturePromotes);
    }
    if theirs & after.by_role(swapoff::Role::King) != 0 {
        return index(Category::KingRecapture);
    }
    if after.is_check() && (after.checkers().0 & !to.bit()) != 0 {
        return index(Category::DiscoveredCheck);
    }
    let capture = m.is_capture();
    if capture && pos.is_check() {
        return index(Category::CaptureInCheck);
    }
    if capture && after.is_check() {
        return index(Category::CaptureGivesCheck);
    }
    let pinned =
        after.pins(swapoff::Color::White).pinned | after.pins(swapoff::Color::Black).pinned;
    if attackers & pinned != 0 {
        return index(Category::PinnedAttacker);
    }
    // A slider that reaches the square once the attackers in front of it have gone.
    let behind = after.attackers_to(to, occupied & !attackers) & occupied & !attackers;
    if behind != 0 {
        return index(Category::XRay);
    }
    if capture {
        index(Category::PlainCapture)
    } else {
        index(Category::QuietMove)
    }
}

/// A suite line kept in a category's reservoir.
struct Kept {
    /// Order of arrival, to list the kept lines in input order.
    seen: u64,
    line: String,
}

/// The reservoirs of every category.
struct Sampler {
    quota: [usize; 12],
    seen: [u64; 12],
    kept: [Vec<Kept>; 12],
    arrivals: u64,
    rng: u64,
    see: See,
}

impl Sampler {
    fn new(count: usize, seed: u64, values: PieceValues) -> Sampler {
        let mut quota = [count / 12; 12];
        for q in quota.iter_mut().take(count % 12) {
            *q += 1;
        }
        Sampler {
            quota,
            seen: [0; 12],
            kept: Default::default(),
            arrivals: 0,
            rng: seed,
            see: See::new(Rules::Exact).with_values(values),
        }
    }

    /// Offers every legal move of `pos`.
    fn offer(&mut self, pos: &Chess) {
        for m in pos.legal_moves() {
            let c = category(pos, &m);
            self.arrivals += 1;
            self.seen[c] += 1;
            let slot = if self.kept[c].len() < self.quota[c] {
                None
            } else {
                let j = splitmix64(&mut self.rng) % self.seen[c];
                match usize::try_from(j) {
                    Ok(j) if j < self.quota[c] => Some(j),
                    _ => continue,
                }
            };
            let Ok(mv) = swapoff::Move::try_from(&m) else {
                continue;
            };
            let value = self.see.value(pos, mv);
            let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
            let fen4: Vec<&str> = fen.split(' ').take(4).collect();
            let san = San::from_move(pos, m);
            let kept = Kept {
                seen: self.arrivals,
                line: format!("{}; {san}; {value}; {}", fen4.join(" "), CATEGORIES[c]),
            };
            match slot {
                None => self.kept[c].push(kept),
                Some(j) => self.kept[c][j] = kept,
            }
        }
    }
}

/// Offers every position of the inputs to the sampler, as `seeswap scan` reads them (the
/// same reader and scanner, asked for the FEN alone: EPD lines, PGN games replayed); bad
/// lines and games are reported on stderr and counted, as `seeswap scan` reports them.
struct Offering<'a> {
    sampler: &'a mut Sampler,
    paths: &'a [String],
    skipped: u64,
    unreadable: bool,
}

impl Offering<'_> {
    fn report(&mut self, note: Note) {
        crate::common::warn(note.display(&self.paths[note.file]));
        self.skipped += note.skipped_count();
        self.unreadable |= note.is_fatal();
    }
}

impl Sink for Offering<'_> {
    type Error = std::convert::Infallible;

    fn row(&mut self, row: &Row<'_>) -> Result<ControlFlow<()>, Self::Error> {
        // The placement, side, castling and en passant fields: suite lines carry no move
        // counters.
        let fen = String::from_utf8_lossy(row.fen);
        let fields: Vec<&str> = fen.split_ascii_whitespace().take(4).collect();
        match swapoff_scan::Position::from_fen(&fields.join(" ")) {
            Ok(pos) => self.sampler.offer(pos.chess()),
            Err(e) => {
                let place = match row.origin {
                    Origin::Line(line) => Place::Line(line),
                    Origin::Game { game, ply } => Place::Game {
                        game,
                        ply: Some(ply),
                    },
                };
                let why = swapoff_scan::Position::fen_message(&fen, &e);
                self.report(Note::invalid(row.file, place, why, Skipped::Position));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn note(&mut self, note: Note) -> Result<ControlFlow<()>, Self::Error> {
        self.report(note);
        Ok(ControlFlow::Continue(()))
    }
}

/// Runs the command.
pub fn run(args: Args) -> Outcome {
    let mut sampler = Sampler::new(args.count as usize, args.seed, args.values);
    let inputs: Vec<InputName> = args.files.iter().cloned().map(InputName::from).collect();
    let paths: Vec<String> = inputs.iter().map(InputName::display).collect();
    let mut offering = Offering {
        sampler: &mut sampler,
        paths: &paths,
        skipped: 0,
        unreadable: false,
    };
    // The FEN alone: the sampler works out every move of the position itself (a suite
    // takes positions and their captures, not clocks).
    let fen = Needs {
        fen: true,
        analysis: false,
        in_check: false,
        played: false,
        san: false,
        played_see: false,
        ratings: false,
        annotations: false,
    };
    let scan = Scan::with_needs(See::default(), fen, None, ReadOptions::default());
    scan.read_each(&inputs, |work| {
        let Ok(flow) = scan.process(work, &mut offering);
        flow
    });
    let (skipped, unreadable) = (offering.skipped, offering.unreadable);
    if sampler.arrivals == 0 {
        return fatal("no position read: nothing to make a suite of");
    }
    let mut out = String::new();
    for (c, kept) in sampler.kept.iter_mut().enumerate() {
        kept.sort_by_key(|k| k.seen);
        for k in kept.iter() {
            let _ = writeln!(out, "{}", k.line);
        }
        if kept.len() < sampler.quota[c] {
            crate::common::warn(format_args!(
                "only {} of {} {} moves found",
                kept.len(),
                sampler.quota[c],
                CATEGORIES[c]
            ));
        }
    }
    write_stdout(format_args!("{out}"))?;
    Ok(Status::of(unreadable, skipped > 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cat(fen: &str, uci: &str) -> &'static str {
        let pos = swapoff_scan::Position::from_fen(fen).unwrap();
        let m = pos.legal_move(uci).unwrap();
        CATEGORIES[category(pos.chess(), &m)]
    }

    #[test]
    fn moves_fall_into_their_categories() {
        assert_eq!(cat("r3k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "castling");
        assert_eq!(
            cat("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"),
            "en passant"
        );
        assert_eq!(cat("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), "promotion");
        assert_eq!(
            cat("4k3/8/8/8/8/8/2p5/R2n2K1 w - - 0 1", "a1d1"),
            "recapture that promotes"
        );
        assert_eq!(
            cat("8/8/8/3pk3/8/8/8/3RK3 w - - 0 1", "d1d5"),
            "king recapture"
        );
        assert_eq!(
            cat("4k3/8/8/8/8/4N3/8/4R1K1 w - - 0 1", "e3c4"),
            "discovered check"
        );
        assert_eq!(
            cat("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2"),
            "capture in check"
        );
        assert_eq!(
            cat("4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1", "d1d4"),
            "plain capture"
        );
        assert_eq!(cat("3rk3/3q4/8/8/3p4/8/8/3QK3 w - - 0 1", "d1d4"), "x-ray");
        assert_eq!(cat("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e2"), "quiet move");
        assert_eq!(
            cat("3k4/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"),
            "capture that gives check"
        );
        // The black knight on e6 is pinned by the rook on e1 to its king on e8.
        assert_eq!(
            cat("4k3/8/4n3/8/3p4/8/8/3RR1K1 w - - 0 1", "d1d4"),
            "pinned attacker"
        );
    }
}
