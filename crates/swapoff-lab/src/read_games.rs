//! The baseline a scan's speed is measured against: reading the games of a PGN file and
//! playing every mainline move legally, nothing more (`swapoff-lab read-games FILE...`).
//! It does the work of pgn-reader's own `validate` example (its default reader, SAN
//! resolved and played with shakmaty, variations skipped), so that `scripts/question_speed`
//! can time the two in one session from the repository alone.

use clap::Args as ClapArgs;
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;

/// `swapoff-lab read-games`'s arguments.
#[derive(ClapArgs)]
pub struct Args {
    /// PGN files (uncompressed).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// What reading found.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Games read.
    pub games: u64,
    /// Positions reached: each game's start and one a move played.
    pub positions: u64,
    /// Games that stopped at a bad `[FEN]` tag or an illegal move.
    pub stopped: u64,
}

/// Plays each game as it is read.
struct Player<'a> {
    count: &'a mut Count,
}

impl Visitor for Player<'_> {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
        self.count.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        start: &mut Option<Chess>,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<()> {
        if name == b"FEN" {
            let pos = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Chess960).ok());
            match pos {
                Some(pos) => *start = Some(pos),
                None => {
                    self.count.stopped += 1;
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, start: Option<Chess>) -> ControlFlow<(), Chess> {
        self.count.positions += 1;
        ControlFlow::Continue(start.unwrap_or_default())
    }

    fn san(&mut self, pos: &mut Chess, san: SanPlus) -> ControlFlow<()> {
        match san.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.count.positions += 1;
                ControlFlow::Continue(())
            }
            Err(_) => {
                self.count.stopped += 1;
                ControlFlow::Break(())
            }
        }
    }

    fn end_game(&mut self, _: Chess) {}
}

/// Reads every game of `input`, playing its moves.
pub fn read(input: impl std::io::Read, count: &mut Count) -> std::io::Result<()> {
    let mut reader = Reader::new(input);
    while reader
        .read_game(&mut Player { count: &mut *count })?
        .is_some()
    {}
    Ok(())
}

/// Runs `swapoff-lab read-games`: prints what it read (`games positions stopped`).
pub fn run(args: Args) -> ExitCode {
    let mut count = Count::default();
    for path in &args.files {
        let read = std::fs::File::open(path).and_then(|file| read(file, &mut count));
        if let Err(e) = read {
            eprintln!("swapoff-lab read-games: {}: {e}", path.display());
            return ExitCode::from(crate::exit::EXIT_FATAL);
        }
    }
    let Count {
        games,
        positions,
        stopped,
    } = count;
    let line = format!("{games} games, {positions} positions, {stopped} stopped\n");
    use std::io::Write as _;
    match std::io::stdout().write_all(line.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => crate::exit::output_error(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_played_to_their_end_or_their_first_illegal_move() {
        let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4) Nc6 *\n\n\
                   [FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 Kd7 2. Qh5 *\n";
        let mut count = Count::default();
        read(pgn.as_bytes(), &mut count).unwrap();
        assert_eq!(
            count,
            Count {
                games: 2,
                positions: 5 + 3,
                stopped: 1
            }
        );
    }
}
