//! A move's trace as JSON: `seeswap eval --trace --json` prints it and the Python
//! package's `trace` returns it.

use serde::Serialize;
use shakmaty::Chess;
use swapoff::BoardQueries;
use swapoff::{Bitboard, EndReason, Move, MoveKind, Role, SeeBoard, Trace};

/// One capture of a trace, as `eval --trace --json` prints it.
#[derive(Serialize, Debug)]
pub struct CaptureJson {
    /// `white` or `black`.
    pub side: &'static str,
    /// Where the capturing piece stood.
    pub from: String,
    /// The square fought over.
    pub to: String,
    /// The capturing piece's letter (FEN case: upper for White, lower for Black).
    pub piece: char,
    /// What it takes, if anything.
    pub captured: Option<char>,
    /// What it promotes to, if it does.
    pub promotion: Option<char>,
    /// The capturing side's balance if the exchange stopped after it.
    pub gain: i32,
    /// Its balance with best play from there on.
    pub negamax: i32,
    /// Whether the capture is played (not cut off by a side standing pat).
    pub played: bool,
}

/// Pieces of each side, as `Nd3` (White) and `nd6` (Black) names.
#[derive(Serialize, Debug, Default)]
pub struct BySide {
    /// White's.
    pub white: Vec<String>,
    /// Black's.
    pub black: Vec<String>,
}

/// The trace of one exchange, as `eval --trace --json` prints it.
#[derive(Serialize, Debug)]
pub struct TraceJson {
    /// The pieces that attack the target square directly (the moving piece included).
    pub attackers: BySide,
    /// The pieces that join once pieces in front of them have left.
    pub xrays: BySide,
    /// The capture sequence.
    pub captures: Vec<CaptureJson>,
    /// Gain list before negamax, the last entry speculative (`captures.len() + 1` entries).
    pub gains: Vec<i32>,
    /// Gain list after negamax; `negamax[0]` is the value.
    pub negamax: Vec<i32>,
    /// How many captures are played.
    pub played: usize,
    /// The side that stops the exchange by standing pat, if one does.
    pub stands_pat: Option<&'static str>,
    /// Why the side after the last capture does not capture: no attacker left, or what
    /// keeps the attackers it has out (a pin, a check, the king rule, standing pat).
    pub end: String,
    /// The square of the piece that [`end`](TraceJson::end) is about (the attacker that
    /// does not take), or `None` when no attacker is left.
    pub stopper: Option<String>,
    /// The value of the move.
    pub value: i32,
}

/// A piece's letter as FEN writes it, upper case for White and lower case for Black: the
/// one notation of every output (the analysis's hanging pieces use it too).
pub(crate) fn fen_letter(role: Role, color: swapoff::Color) -> char {
    match color {
        swapoff::Color::White => role.letter(),
        swapoff::Color::Black => role.letter().to_ascii_lowercase(),
    }
}

/// The FEN letter of the piece on `sq`, if any.
pub(crate) fn piece_letter_on(pos: &Chess, sq: swapoff::Square) -> Option<char> {
    Some(fen_letter(pos.role_on(sq)?, pos.color_on(sq)?))
}

/// Pieces that attack `mv.to` directly, and those that join once pieces in front of them
/// have left (x-rays), the moving piece counting as gone.
pub(crate) fn attackers_and_xrays(pos: &Chess, mv: Move) -> (Bitboard, Bitboard) {
    let occupied = SeeBoard::occupied(pos);
    let target = mv.to.bit();
    let direct =
        ((BoardQueries::attackers_to(pos, mv.to, occupied) & occupied) | mv.from.bit()) & !target;
    let mut gone = direct;
    if mv.kind == MoveKind::EnPassant {
        gone |= mv.en_passant_victim().bit();
    }
    let mut xrays = 0;
    // Each round lets every piece seen so far leave, which may uncover sliders behind it.
    loop {
        let occ = occupied & !gone;
        let found = BoardQueries::attackers_to(pos, mv.to, occ) & occ & !target;
        if found == 0 {
            return (direct, xrays);
        }
        xrays |= found;
        gone |= found;
    }
}

/// The trace's [`EndReason`] in words: `no attacker left`, or what keeps the first
/// attacker (least valuable first) out: pinned to its king, its king in check, the king
/// stepping into an attack, or standing pat because every capture loses.
pub(crate) fn why_the_exchange_ends(pos: &Chess, t: &Trace) -> String {
    let name = |sq: swapoff::Square| format!("{}{sq}", piece_letter_on(pos, sq).unwrap_or('?'));
    let side = t.captures.last().map_or("white", |c| (!c.side).name());
    match t.end {
        EndReason::NoAttacker => "no attacker left".to_string(),
        EndReason::KingWouldBeAttacked { king } => {
            format!("{}: the king would step into an attack", name(king))
        }
        EndReason::InCheck { attacker } => {
            format!("{} cannot take: {side} is in check", name(attacker))
        }
        EndReason::Pinned { attacker } => format!("{} is pinned to its king", name(attacker)),
        EndReason::StandsPat { attacker } => format!(
            "{side} stands pat: no capture gains ({} could take)",
            name(attacker)
        ),
    }
}

/// The pieces of `set`, named (`Nd3`, `nd7`) and listed by side, a1 to h8.
pub(crate) fn by_side(pos: &Chess, set: Bitboard) -> BySide {
    let mut sides = BySide::default();
    for index in 0..64u8 {
        let Some(sq) = swapoff::Square::new(index) else {
            continue;
        };
        if set & sq.bit() == 0 {
            continue;
        }
        let (Some(letter), Some(color)) = (piece_letter_on(pos, sq), pos.color_on(sq)) else {
            continue;
        };
        let name = format!("{letter}{sq}");
        match color {
            swapoff::Color::White => sides.white.push(name),
            swapoff::Color::Black => sides.black.push(name),
        }
    }
    sides
}

impl TraceJson {
    /// The trace of `mv` in `pos`.
    pub fn new(pos: &Chess, mv: Move, t: &Trace) -> TraceJson {
        let (direct, xrays) = attackers_and_xrays(pos, mv);
        TraceJson {
            attackers: by_side(pos, direct),
            xrays: by_side(pos, xrays),
            captures: t
                .captures
                .iter()
                .enumerate()
                .map(|(d, c)| CaptureJson {
                    side: c.side.name(),
                    from: c.from.to_string(),
                    to: c.to.to_string(),
                    piece: fen_letter(c.piece, c.side),
                    captured: c.captured.map(|r| fen_letter(r, !c.side)),
                    promotion: c.promotion.map(|r| fen_letter(r, c.side)),
                    gain: t.gains.get(d).copied().unwrap_or(0),
                    negamax: t.negamax.get(d).copied().unwrap_or(0),
                    played: d < t.played,
                })
                .collect(),
            gains: t.gains.clone(),
            negamax: t.negamax.clone(),
            played: t.played,
            stands_pat: t.captures.get(t.played).map(|c| c.side.name()),
            end: why_the_exchange_ends(pos, t),
            stopper: match t.end {
                EndReason::NoAttacker => None,
                EndReason::KingWouldBeAttacked { king: sq }
                | EndReason::InCheck { attacker: sq }
                | EndReason::Pinned { attacker: sq }
                | EndReason::StandsPat { attacker: sq } => Some(sq.to_string()),
            },
            value: t.value,
        }
    }
}
