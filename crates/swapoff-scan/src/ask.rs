//! One position asked one question, as `seeswap eval`, the Python package and the
//! WebAssembly package ask it: the same parsing, the same evaluator and the same messages,
//! written once. A [`Position`] is parsed once and asked several things; a [`Question`] is
//! the rule set, the piece values and the threshold a face was given. A position's errors
//! are typed ([`FenError`], [`MoveError`]), with the messages every face gives for them
//! ([`Position::fen_message`], [`Position::move_message`]); a question's are messages.
//! Each face turns them into its own kind of error.

use crate::read::parse::{self, FenError, MoveError};
use crate::scan::analysis::Report;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{Chess, EnPassantMode, Position as _};
use swapoff::{Move, PieceValues, Rules, See};

/// A legal position, parsed once, and what the faces ask of it.
#[derive(Clone, Debug)]
pub struct Position(Chess);

impl Position {
    /// A position from a FEN with 4 to 6 fields (EPD-style FENs without move counters are
    /// accepted), or what is wrong with it. Castling rights are read as standard chess's
    /// `KQkq`, and as Chess960's where only that fits: Shredder-FEN file letters (`HAha`),
    /// or X-FEN, where `KQkq` name the outermost rooks and a file letter an inner rook.
    ///
    /// ```
    /// use swapoff_scan::{FenError, FenField, Position};
    /// assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - -").is_ok());
    /// let err = Position::from_fen("4k3/8/8/8/8/8/8/4K3 x - -").unwrap_err();
    /// assert!(matches!(err, FenError::BadField { field: FenField::SideToMove, .. }), "{err}");
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        parse::position(fen).map(Position)
    }

    /// The message every face gives for a FEN [`Position::from_fen`] refused, quoting it.
    ///
    /// ```
    /// use swapoff_scan::Position;
    /// let fen = "8/8/8/8/8/8/8/8 w - -";
    /// let err = Position::from_fen(fen).unwrap_err();
    /// let message = Position::fen_message(fen, &err);
    /// assert!(message.starts_with("bad FEN \"8/8/8/8/8/8/8/8 w - -\": "), "{message}");
    /// ```
    pub fn fen_message(fen: &str, e: &FenError) -> String {
        // Clipped as every quote of input is: a megabyte of text makes a short message.
        format!("bad FEN {}: {e}", crate::read::parse::Clipped(fen))
    }

    /// The message every face gives for a move of this position that was refused, naming
    /// the position.
    ///
    /// ```
    /// use swapoff_scan::Position;
    /// let pos = Position::from_fen("4k3/8/8/3p4/8/8/8/3RK3 w - -").unwrap();
    /// let err = pos.see_move("Rxd6").unwrap_err();
    /// let message = pos.move_message(&err);
    /// assert!(message.ends_with("(in 4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1)"), "{message}");
    /// ```
    pub fn move_message(&self, e: &MoveError) -> String {
        format!("{e} (in {})", self.fen())
    }

    /// The board crate's position.
    pub fn chess(&self) -> &Chess {
        &self.0
    }

    /// The board crate's position, owned.
    pub fn into_chess(self) -> Chess {
        self.0
    }

    /// A legal move, read as [`Position::legal_move`] reads it, as the SEE library's move,
    /// or why not ([`Position::move_message`] words it for a face).
    ///
    /// ```
    /// use swapoff_scan::{MoveError, Position};
    /// let pos = Position::from_fen("4k3/8/8/3p4/8/8/8/3RK3 w - -").unwrap();
    /// assert!(pos.see_move("Rxd5").is_ok());
    /// assert!(matches!(pos.see_move("Rxd6"), Err(MoveError::Illegal { .. })));
    /// ```
    pub fn see_move(&self, text: &str) -> Result<Move, MoveError> {
        parse::see_move(&self.0, text)
    }

    /// A legal move as the board crate's move, or why not. Read are SAN (`Nxe5`, `exd6`,
    /// `f8=Q+`, `O-O`), UCI (`g1f3`, `e7e8q`, `e1g1`, or king takes rook for Chess960
    /// castling) and long algebraic (`Re1xe5`, `e5-e6`), with or without check marks and
    /// annotation glyphs (`Nxe5+`, `Qxf7#?!`), en passant suffixes (`exd6 e.p.`), castling
    /// with zeros (`0-0`) and promotions without `=` (`b8Q`).
    ///
    /// ```
    /// use swapoff_scan::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q -").unwrap();
    /// assert_eq!(pos.legal_move("e1c1").unwrap(), pos.legal_move("O-O-O").unwrap());
    /// ```
    pub fn legal_move(&self, text: &str) -> Result<shakmaty::Move, MoveError> {
        parse::shakmaty_move(&self.0, text)
    }

    /// A legal move in UCI as python-chess writes it: castling as the king's two squares
    /// in standard chess, as the king taking its own rook where the position's castling
    /// is Chess960's (a rook or king off its standard square), so that the text reads
    /// back to the same move.
    ///
    /// ```
    /// use swapoff_scan::Position;
    /// let pos = Position::from_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1").unwrap();
    /// let castle = pos.legal_move("O-O-O").unwrap();
    /// assert_eq!(pos.uci(&castle), "e1b1");
    /// assert_eq!(pos.legal_move("e1b1").unwrap(), castle);
    /// ```
    pub fn uci(&self, m: &shakmaty::Move) -> String {
        parse::uci_of(&self.0, m)
    }

    /// The FEN (en passant square only when a capture there is legal).
    pub fn fen(&self) -> String {
        Fen::from_position(&self.0, EnPassantMode::Legal).to_string()
    }

    /// The position after a legal move (SAN or UCI), or why the move is not one.
    ///
    /// ```
    /// use swapoff_scan::Position;
    /// let start = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    /// let next = start.play("e4").unwrap();
    /// assert_eq!(next.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// ```
    pub fn play(&self, text: &str) -> Result<Position, MoveError> {
        let m = self.legal_move(text)?;
        let mut next = self.0.clone();
        // `legal_move` gives only legal moves.
        next.play_unchecked(m);
        Ok(Position(next))
    }

    /// Every legal move, in UCI (castling as king to its destination square, or king
    /// takes rook in Chess960) and in SAN, in the board crate's order.
    pub fn legal_moves(&self) -> Vec<(String, String)> {
        let pos = &self.0;
        pos.legal_moves()
            .into_iter()
            .map(|m| (parse::uci_of(pos, &m), San::from_move(pos, m).to_string()))
            .collect()
    }

    /// `seeswap scan`'s per-position fields as one JSON object: `captures`, `best_move`,
    /// `best`, `balance`, `threat`, `in_check` and `hanging`, each hanging entry with its
    /// capture in SAN too (`san`, which a scan's rows leave out).
    ///
    /// ```
    /// use swapoff_scan::{Position, Question};
    /// let pos = Position::from_fen("4k3/8/8/3p4/8/8/8/3RK3 w - -").unwrap();
    /// let question = Question::new("default", None, None).unwrap();
    /// let json = pos.analysis_json(question.see()).unwrap();
    /// assert!(json.starts_with("{\"captures\":[{\"move\":\"d1d5\",\"see\":100}"), "{json}");
    /// assert!(json.contains("\"capture\":\"d1d5\",\"value\":100,\"san\":\"Rxd5\""), "{json}");
    /// // The side not to move's capture, in SAN as if it were to move.
    /// let pos = Position::from_fen("6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - -").unwrap();
    /// let json = pos.analysis_json(question.see()).unwrap();
    /// assert!(json.contains("\"capture\":\"b4c3\",\"value\":300,\"san\":\"Bxc3\""), "{json}");
    /// ```
    pub fn analysis_json(&self, see: &See) -> Result<String, String> {
        let mut report = Report::default();
        report.analyze(&self.0, see);
        let mut out = Vec::with_capacity(256);
        out.push(b'{');
        crate::write::report::analysis_fields(&mut out, &self.0, &report, true);
        out.push(b'}');
        String::from_utf8(out).map_err(|e| e.to_string())
    }

    /// The trace of a move as `seeswap eval --trace --json` gives it (JSON text).
    pub fn trace_json(&self, mv: Move, see: &See) -> Result<String, String> {
        let trace = crate::write::trace::TraceJson::new(&self.0, mv, &see.trace(&self.0, mv));
        serde_json::to_string(&trace).map_err(|e| e.to_string())
    }
}

impl From<Chess> for Position {
    fn from(pos: Chess) -> Position {
        Position(pos)
    }
}

/// What a face was asked to compute: an evaluator (a rule set and piece values) and, for
/// the threshold test, a threshold.
#[derive(Clone, Debug)]
pub struct Question {
    see: See,
    threshold: Option<i32>,
}

impl Question {
    /// The question for a rule set's name (`default`, `classic`, `stockfish`, `exact`),
    /// optional piece values (pawn, knight, bishop, rook, queen; the rule set's own when
    /// none) and an optional threshold, or why not, checked in that order.
    ///
    /// ```
    /// use swapoff_scan::Question;
    /// assert!(Question::new("classic", Some([100, 300, 300, 500, 900]), Some(0)).is_ok());
    /// assert!(Question::new("fast", None, None).is_err());
    /// ```
    pub fn new(
        rules: &str,
        values: Option<[i64; 5]>,
        threshold: Option<i64>,
    ) -> Result<Question, String> {
        let rules: Rules = rules.parse().map_err(|e| format!("{e}"))?;
        let mut see = See::new(rules);
        if let Some([p, n, b, r, q]) = values {
            let values = PieceValues::new(p, n, b, r, q).map_err(|e| e.to_string())?;
            see = see.with_values(values);
        }
        let threshold = threshold.map(Question::threshold_of).transpose()?;
        Ok(Question { see, threshold })
    }

    /// A threshold, which SEE compares in 32 bits: a larger one is said to be out of
    /// range.
    ///
    /// ```
    /// use swapoff_scan::Question;
    /// assert_eq!(Question::threshold_of(-50), Ok(-50));
    /// assert!(Question::threshold_of(1 << 40).is_err());
    /// ```
    pub fn threshold_of(t: i64) -> Result<i32, String> {
        i32::try_from(t).map_err(|_| {
            format!(
                "threshold {t} is out of range ({} to {})",
                i32::MIN,
                i32::MAX
            )
        })
    }

    /// The evaluator.
    pub fn see(&self) -> &See {
        &self.see
    }

    /// The threshold, if the question is the threshold test.
    pub fn threshold(&self) -> Option<i32> {
        self.threshold
    }

    /// The answer for a move of a position: its SEE value, or with a threshold 1 if the
    /// value is at least the threshold and 0 if not.
    pub fn answer(&self, pos: &Position, mv: Move) -> i32 {
        match self.threshold {
            Some(t) => i32::from(self.see.ge(&pos.0, mv, t)),
            None => self.see.value(&pos.0, mv),
        }
    }

    /// Checks two lists have one move per position.
    pub fn one_move_each(fens: usize, moves: usize) -> Result<(), String> {
        if fens == moves {
            return Ok(());
        }
        Err(format!(
            "{fens} positions but {moves} moves: give one move per position"
        ))
    }

    /// The answers for rows `rows` (`fen(i)` and `mv(i)`: row `i`'s text, or why it has
    /// none). A FEN repeated on the next row (several moves of one position, as pair files
    /// list them) is parsed once. Stops at the first bad row, with its index and why.
    ///
    /// ```
    /// use swapoff_scan::Question;
    /// let fens = ["4k3/8/8/3p4/8/8/8/3RK3 w - -"; 2];
    /// let moves = ["Rxd5", "Kd2"];
    /// let question = Question::new("default", None, None).unwrap();
    /// let got = question.rows(0..2, |i| Ok(fens[i]), |i| Ok(moves[i]));
    /// assert_eq!(got, Ok(vec![100, 0]));
    /// ```
    pub fn rows<'a>(
        &self,
        rows: std::ops::Range<usize>,
        fen: impl Fn(usize) -> Result<&'a str, String>,
        mv: impl Fn(usize) -> Result<&'a str, String>,
    ) -> Result<Vec<i32>, (usize, String)> {
        let mut last: Option<(&str, Position)> = None;
        let mut out = Vec::with_capacity(rows.len());
        for i in rows {
            let text = fen(i).map_err(|why| (i, why))?;
            let pos = match last {
                Some((f, ref pos)) if f == text => pos,
                _ => {
                    let pos = Position::from_fen(text)
                        .map_err(|e| (i, Position::fen_message(text, &e)))?;
                    &last.insert((text, pos)).1
                }
            };
            let m = pos
                .see_move(mv(i).map_err(|why| (i, why))?)
                .map_err(|e| (i, pos.move_message(&e)))?;
            out.push(self.answer(pos, m));
        }
        Ok(out)
    }
}
