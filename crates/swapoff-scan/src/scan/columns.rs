//! The columns a scan is asked for, and what computing them needs: a question costs what
//! its columns need. Asked only for the move played and its SEE, a scan replays the games
//! and evaluates one move a position; it does not evaluate every capture of every position
//! nor look for hanging pieces, and it writes no FEN it was not asked for.

/// One column of a scan's rows (tags are asked for apart, by name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// EPD or table line (row) number.
    Line,
    /// PGN game number.
    Game,
    /// Ply of the game (0 = the starting position).
    Ply,
    /// The position's FEN.
    Fen,
    /// Whether the side to move is in check.
    InCheck,
    /// Every capture with its SEE (CSV: how many).
    Captures,
    /// The best capture.
    BestMove,
    /// Its SEE.
    BestSee,
    /// What the side to move wins by its best exchange.
    Balance,
    /// The same for the opponent.
    Threat,
    /// White's pieces en prise.
    HangingWhite,
    /// Black's pieces en prise.
    HangingBlack,
    /// Every capture as `move:see` (CSV only; in JSON and Arrow it is `captures`).
    CaptureList,
    /// The move played from the position (UCI).
    Played,
    /// The same in SAN.
    PlayedSan,
    /// Its SEE.
    PlayedSee,
    /// The mover's clock after it.
    Clock,
    /// The evaluation after it.
    Eval,
    /// The side to move, who plays the move played: `white` or `black` (asked for by
    /// name, not in the default rows).
    Turn,
    /// The evaluation after the move played in centipawns from White's side, null for a
    /// mate (asked for by name).
    EvalCp,
    /// Moves to mate after the move played, positive when White mates, null for a
    /// centipawn evaluation (asked for by name).
    EvalMate,
    /// White's rating, from the game's `WhiteElo` tag (or a table's column of that name),
    /// as an integer; null when missing or not a number (asked for by name).
    WhiteElo,
    /// Black's, from `BlackElo`.
    BlackElo,
}

impl Column {
    /// Every column, in the order of the rows' default layout.
    pub const ALL: [Column; 18] = [
        Column::Line,
        Column::Game,
        Column::Ply,
        Column::Fen,
        Column::InCheck,
        Column::Captures,
        Column::BestMove,
        Column::BestSee,
        Column::Balance,
        Column::Threat,
        Column::HangingWhite,
        Column::HangingBlack,
        Column::CaptureList,
        Column::Played,
        Column::PlayedSan,
        Column::PlayedSee,
        Column::Clock,
        Column::Eval,
    ];

    /// The columns asked for by name only: the default rows do not have them.
    pub const ON_REQUEST: [Column; 5] = [
        Column::Turn,
        Column::EvalCp,
        Column::EvalMate,
        Column::WhiteElo,
        Column::BlackElo,
    ];

    /// The column named `name` (any case), default or on request.
    pub fn named(name: &str) -> Option<Column> {
        Column::ALL
            .into_iter()
            .chain(Column::ON_REQUEST)
            .find(|c| c.name().eq_ignore_ascii_case(name))
    }

    /// Its name in the rows.
    pub fn name(self) -> &'static str {
        match self {
            Column::Line => "line",
            Column::Game => "game",
            Column::Ply => "ply",
            Column::Fen => "fen",
            Column::InCheck => "in_check",
            Column::Captures => "captures",
            Column::BestMove => "best_move",
            Column::BestSee => "best_see",
            Column::Balance => "balance",
            Column::Threat => "threat",
            Column::HangingWhite => "hanging_white",
            Column::HangingBlack => "hanging_black",
            Column::CaptureList => "capture_list",
            Column::Played => "played",
            Column::PlayedSan => "played_san",
            Column::PlayedSee => "played_see",
            Column::Clock => "clock",
            Column::Eval => "eval",
            Column::Turn => "turn",
            Column::EvalCp => "eval_cp",
            Column::EvalMate => "eval_mate",
            Column::WhiteElo => "white_elo",
            Column::BlackElo => "black_elo",
        }
    }

    /// Whether it needs every capture evaluated (the position's analysis).
    fn needs_analysis(self) -> bool {
        matches!(
            self,
            Column::Captures
                | Column::BestMove
                | Column::BestSee
                | Column::Balance
                | Column::Threat
                | Column::HangingWhite
                | Column::HangingBlack
                | Column::CaptureList
        )
    }
}

/// What the asked columns need computed for each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Needs {
    /// Every capture's SEE and each side's hanging pieces (and whether the side to move
    /// is in check).
    pub analysis: bool,
    /// Whether the side to move is in check, without the analysis.
    pub in_check: bool,
    /// The FEN text (EPD rows have it anyway).
    pub fen: bool,
    /// The move played from the position, in UCI (its clock and evaluation, which also
    /// need [`annotations`](Needs::annotations), belong to it).
    pub played: bool,
    /// Its SAN.
    pub san: bool,
    /// Its SEE.
    pub played_see: bool,
    /// The players' ratings, read from the `WhiteElo` and `BlackElo` tags.
    pub ratings: bool,
    /// The clock and the evaluation after the move played, read from a PGN's comments.
    pub annotations: bool,
}

impl Needs {
    /// Everything: the default rows.
    pub const ALL: Needs = Needs {
        analysis: true,
        in_check: true,
        fen: true,
        played: true,
        san: true,
        played_see: true,
        ratings: false,
        annotations: true,
    };

    /// What a summary counts: the analysis alone.
    pub const SUMMARY: Needs = Needs {
        analysis: true,
        in_check: true,
        fen: false,
        played: false,
        san: false,
        played_see: false,
        ratings: false,
        annotations: false,
    };
}

/// The tags the ratings are read from.
pub(crate) const RATING_TAGS: [&str; 2] = ["WhiteElo", "BlackElo"];

/// The tags a reading collects: those asked for, then the rating tags when `needs` asks
/// for the ratings and they are not among them. The rows' tag columns are the ones asked
/// for; the others are read for the ratings alone.
pub(crate) fn reading_tags(asked: &[String], needs: Needs) -> Vec<String> {
    let mut tags = asked.to_vec();
    if needs.ratings {
        for tag in RATING_TAGS {
            if !tags.iter().any(|t| t.eq_ignore_ascii_case(tag)) {
                tags.push(tag.to_string());
            }
        }
    }
    tags
}

/// The columns asked for, in the order asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection(Vec<Column>);

impl Selection {
    /// Every column, in the default order.
    pub fn all() -> Selection {
        Selection(Column::ALL.to_vec())
    }

    /// A comma-separated list of column names (any case), or why it is not one.
    pub fn parse(list: &str) -> Result<Selection, String> {
        let mut columns = Vec::new();
        for word in list.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            let Some(column) = Column::named(word) else {
                let names: Vec<&str> = Column::ALL
                    .iter()
                    .chain(&Column::ON_REQUEST)
                    .map(|c| c.name())
                    .collect();
                return Err(format!(
                    "no column {word:?} (columns: {}; tags are asked for by name apart)",
                    names.join(",")
                ));
            };
            if !columns.contains(&column) {
                columns.push(column);
            }
        }
        if columns.is_empty() {
            return Err("no column asked for".into());
        }
        Ok(Selection(columns))
    }

    /// The columns, in order.
    pub fn columns(&self) -> &[Column] {
        &self.0
    }

    /// Whether it holds `column`.
    pub fn has(&self, column: Column) -> bool {
        self.0.contains(&column)
    }

    /// What computing them needs.
    pub fn needs(&self) -> Needs {
        Needs {
            analysis: self.0.iter().any(|c| c.needs_analysis()),
            in_check: self.has(Column::InCheck),
            fen: self.has(Column::Fen),
            played: self.has(Column::Played)
                || self.has(Column::PlayedSan)
                || self.has(Column::PlayedSee)
                || self.has(Column::Clock)
                || self.has(Column::Eval)
                || self.has(Column::EvalCp)
                || self.has(Column::EvalMate),
            san: self.has(Column::PlayedSan),
            played_see: self.has(Column::PlayedSee),
            ratings: self.has(Column::WhiteElo) || self.has(Column::BlackElo),
            annotations: self.has(Column::Clock)
                || self.has(Column::Eval)
                || self.has(Column::EvalCp)
                || self.has(Column::EvalMate),
        }
    }
}
