//! The value of an exchange and the threshold test, for every rule set.
//!
//! # How the fast rule sets compute
//!
//! Under a fast rule set the capture sequence is fixed: each side recaptures with its
//! least valuable attacker or stops. Writing `r0, r1, r2, …` for the material balance
//! (from the mover's side) after each capture of that sequence, the SEE value is
//!
//! ```text
//! min(r0, max(r1, min(r2, max(r3, …))))
//! ```
//!
//! because after each capture the other side may stand pat. That is the swap list and
//! its negamax ([`crate::Trace`] shows both). [`window`] folds it front to back instead:
//! the stand-pat options seen so far give a window `[alpha, beta]`, each new entry
//! narrows it, and the walk stops as soon as an entry falls outside the window (later
//! entries can then no longer change the result) or as soon as the capturing side would
//! stay outside it even after losing the piece it just placed (a look-ahead that saves
//! one attacker search, as Stockfish's `see_ge` does). The value is the last entry
//! clamped into the window.
//!
//! `see` opens the window fully. `see_ge(m, t)` walks the same capture sequence keeping a
//! single number, Stockfish's form of the threshold test ([`threshold`]), and falls back
//! to the null window `[t-1, t]` where a recapturing pawn may promote; the property tests
//! check `see_ge(m, t) == (see(m) >= t)`.
//!
//! Nearly every call is a normal move to a square where no recapture promotes; one
//! predictable test sends castling, promotions, en passant and those squares to
//! out-of-line code, so the common path carries none of their cases.

#[cfg(feature = "ablation")]
use crate::ablation::{Part, PinsChecksRules, PinsRules};
use crate::board::SeeBoard;
use crate::exact;
use crate::exchange::{
    captured_value, mover, recapture_outcome, recapture_promotes, Exchange, Start,
};
use crate::rules::{ClassicRules, DefaultRules, FastRules, Rules, StockfishRules};
use crate::score::{clamp, LIMIT};
use crate::trace::{trace_fast, EndReason, Trace};
use crate::types::{Color, Move, MoveKind, Role, Square};
use crate::values::PieceValues;

/// A rule set and piece values: everything needed to evaluate exchanges.
///
/// ```
/// # #[cfg(feature = "shakmaty")] {
/// use shakmaty::{fen::Fen, CastlingMode, Chess, uci::UciMove};
/// use swapoff::{Move, Rules, See};
///
/// let fen: Fen = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1".parse().unwrap();
/// let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
/// let rxe5 = "e1e5".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
/// let mv = Move::try_from(&rxe5).unwrap();
///
/// let see = See::new(Rules::Default);
/// assert_eq!(see.value(&pos, mv), 100);
/// assert!(see.ge(&pos, mv, 100));
/// assert!(!see.ge(&pos, mv, 101));
/// # }
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct See {
    walk: Walk,
    values: PieceValues,
}

/// The exchange a `See` plays: a public rule set, or (the `ablation` feature) one of the
/// default rules' parts, which stay out of [`Rules`] so that the feature adds items and
/// never a variant to an enum engines match on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Walk {
    Rules(Rules),
    #[cfg(feature = "ablation")]
    Part(Part),
}

impl Default for See {
    fn default() -> Self {
        See::new(Rules::Default)
    }
}

impl See {
    /// The rule set with its default piece values ([`Rules::default_values`]).
    pub const fn new(rules: Rules) -> See {
        See {
            walk: Walk::Rules(rules),
            values: rules.default_values(),
        }
    }

    /// One of the default rules' parts, in the standard values (the `ablation` feature).
    #[cfg(feature = "ablation")]
    #[cfg_attr(docsrs, doc(cfg(feature = "ablation")))]
    pub const fn part(part: Part) -> See {
        See {
            walk: Walk::Part(part),
            values: PieceValues::STANDARD,
        }
    }

    /// The same rule set counting in other piece values.
    #[must_use]
    pub const fn with_values(self, values: PieceValues) -> See {
        See {
            walk: self.walk,
            values,
        }
    }

    /// The rule set (for a part of the default rules, [`Rules::Default`]).
    pub const fn rules(&self) -> Rules {
        match self.walk {
            Walk::Rules(rules) => rules,
            #[cfg(feature = "ablation")]
            Walk::Part(_) => Rules::Default,
        }
    }

    /// The piece values.
    pub const fn values(&self) -> PieceValues {
        self.values
    }

    /// The SEE value of `mv`: the material its mover wins (negative: loses) when both sides
    /// capture on its target square as the rules allow and stop when that suits them.
    ///
    /// `mv` must be a legal move of `board` (pseudo-legal is fine for the fast rule sets);
    /// other input gives a meaningless number but never a panic.
    // `value`, `ge` and `window` are always inlined, so that the rule set of a `See` held
    // in a `const` is resolved where it is called: only that rule set's walk is left, as
    // in the free functions.
    #[inline(always)]
    pub fn value<B: SeeBoard + ?Sized>(&self, board: &B, mv: Move) -> i32 {
        self.dispatch(board, mv, -LIMIT, LIMIT)
    }

    /// Whether the SEE value of `mv` is at least `threshold`, without computing the value.
    #[inline(always)]
    pub fn ge<B: SeeBoard + ?Sized>(&self, board: &B, mv: Move, threshold: i32) -> bool {
        if threshold >= LIMIT {
            return false;
        }
        if threshold <= -LIMIT {
            return true;
        }
        let values = &self.values;
        match self.walk {
            Walk::Rules(Rules::Default) => {
                self::threshold::<B, DefaultRules>(board, mv, values, threshold)
            }
            Walk::Rules(Rules::Classic) => {
                self::threshold::<B, ClassicRules>(board, mv, values, threshold)
            }
            Walk::Rules(Rules::Stockfish) => {
                self::threshold::<B, StockfishRules>(board, mv, values, threshold)
            }
            Walk::Rules(Rules::Exact) => {
                exact::window(board, mv, values, threshold - 1, threshold) >= threshold
            }
            #[cfg(feature = "ablation")]
            Walk::Part(Part::Pins) => self::threshold::<B, PinsRules>(board, mv, values, threshold),
            #[cfg(feature = "ablation")]
            Walk::Part(Part::PinsChecks) => {
                self::threshold::<B, PinsChecksRules>(board, mv, values, threshold)
            }
        }
    }

    /// The capture sequence, the swap list before and after negamax, and where each side
    /// stops. For [`Rules::Exact`] the sequence is the principal variation of its search.
    pub fn trace<B: SeeBoard + ?Sized>(&self, board: &B, mv: Move) -> Trace {
        let values = &self.values;
        let mut trace = match self.walk {
            Walk::Rules(Rules::Default) => trace_fast::<B, DefaultRules>(board, mv, values),
            Walk::Rules(Rules::Classic) => trace_fast::<B, ClassicRules>(board, mv, values),
            Walk::Rules(Rules::Stockfish) => trace_fast::<B, StockfishRules>(board, mv, values),
            Walk::Rules(Rules::Exact) => exact::trace(board, mv, values),
            #[cfg(feature = "ablation")]
            Walk::Part(Part::Pins) => trace_fast::<B, PinsRules>(board, mv, values),
            #[cfg(feature = "ablation")]
            Walk::Part(Part::PinsChecks) => trace_fast::<B, PinsChecksRules>(board, mv, values),
        };
        trace.end = EndReason::of(board, mv, &trace);
        trace
    }

    /// The SEE value clamped into `[alpha, beta]` (requires `alpha < beta`): an exact
    /// answer inside the window, and only a bound outside it.
    #[inline(always)]
    pub fn window<B: SeeBoard + ?Sized>(&self, board: &B, mv: Move, alpha: i32, beta: i32) -> i32 {
        let alpha = alpha.clamp(-LIMIT, LIMIT - 1);
        let beta = beta.clamp(-LIMIT + 1, LIMIT);
        if alpha >= beta {
            return alpha;
        }
        self.dispatch(board, mv, alpha, beta)
    }

    /// The rule set's search over a window already known to be valid.
    #[inline(always)]
    fn dispatch<B: SeeBoard + ?Sized>(&self, board: &B, mv: Move, alpha: i32, beta: i32) -> i32 {
        let values = &self.values;
        match self.walk {
            Walk::Rules(Rules::Default) => {
                window::<B, DefaultRules>(board, mv, values, alpha, beta)
            }
            Walk::Rules(Rules::Classic) => {
                window::<B, ClassicRules>(board, mv, values, alpha, beta)
            }
            Walk::Rules(Rules::Stockfish) => {
                window::<B, StockfishRules>(board, mv, values, alpha, beta)
            }
            Walk::Rules(Rules::Exact) => exact::window(board, mv, values, alpha, beta),
            #[cfg(feature = "ablation")]
            Walk::Part(Part::Pins) => window::<B, PinsRules>(board, mv, values, alpha, beta),
            #[cfg(feature = "ablation")]
            Walk::Part(Part::PinsChecks) => {
                window::<B, PinsChecksRules>(board, mv, values, alpha, beta)
            }
        }
    }
}

/// SEE value of `mv` under the default rules and values (100/300/300/500/900).
///
/// ```
/// # #[cfg(feature = "cozy-chess")] {
/// let board: cozy_chess::Board = "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1".parse().unwrap();
/// let rxd5 = swapoff::Move::from_cozy(&board, "d1d5".parse().unwrap());
/// assert_eq!(swapoff::see(&board, rxd5), 100);
/// # }
/// ```
#[inline]
pub fn see<B: SeeBoard + ?Sized>(board: &B, mv: Move) -> i32 {
    fast_value::<B, DefaultRules>(board, mv, &PieceValues::STANDARD)
}

/// Whether `see(board, mv) >= threshold`, under the default rules and values.
#[inline]
pub fn see_ge<B: SeeBoard + ?Sized>(board: &B, mv: Move, threshold: i32) -> bool {
    fast_ge::<B, DefaultRules>(board, mv, &PieceValues::STANDARD, threshold)
}

/// [`see`] with an engine's own piece values: the default rules chosen when the program
/// is compiled, as in [`see`], with no rule set matched at run time.
#[inline]
pub fn see_with<B: SeeBoard + ?Sized>(board: &B, mv: Move, values: &PieceValues) -> i32 {
    fast_value::<B, DefaultRules>(board, mv, values)
}

/// [`see_ge`] with an engine's own piece values.
///
/// ```
/// # #[cfg(feature = "cozy-chess")] {
/// use swapoff::{see_ge_with, Move, PieceValues};
/// const VALUES: PieceValues = PieceValues::of(100, 320, 330, 500, 950);
/// let board: cozy_chess::Board = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1".parse().unwrap();
/// let rxd5 = Move::from_cozy(&board, "d1d5".parse().unwrap());
/// assert!(see_ge_with(&board, rxd5, 320, &VALUES));
/// assert!(!see_ge_with(&board, rxd5, 321, &VALUES));
/// # }
/// ```
#[inline]
pub fn see_ge_with<B: SeeBoard + ?Sized>(
    board: &B,
    mv: Move,
    threshold: i32,
    values: &PieceValues,
) -> bool {
    fast_ge::<B, DefaultRules>(board, mv, values, threshold)
}

/// The full value under a fast rule set: what the free functions compute.
#[inline(always)]
pub(crate) fn fast_value<B: SeeBoard + ?Sized, R: FastRules>(
    board: &B,
    mv: Move,
    values: &PieceValues,
) -> i32 {
    window::<B, R>(board, mv, values, -LIMIT, LIMIT)
}

/// The threshold test under a fast rule set for any threshold: beyond the values an
/// exchange can reach the answer is known at once.
#[inline(always)]
pub(crate) fn fast_ge<B: SeeBoard + ?Sized, R: FastRules>(
    board: &B,
    mv: Move,
    values: &PieceValues,
    threshold: i32,
) -> bool {
    if threshold >= LIMIT {
        return false;
    }
    if threshold <= -LIMIT {
        return true;
    }
    self::threshold::<B, R>(board, mv, values, threshold)
}

/// The fast rule sets' walk over the capture sequence (see the module docs).
#[inline(always)]
pub(crate) fn window<B: SeeBoard + ?Sized, R: FastRules>(
    board: &B,
    mv: Move,
    values: &PieceValues,
    alpha: i32,
    beta: i32,
) -> i32 {
    if is_unusual::<B, R>(board, mv) {
        crate::cold_path();
        return unusual_window::<B, R>(board, mv, values, alpha, beta);
    }
    walk::<B, R, false>(
        board,
        mv,
        values,
        Start::normal(board, mv, values),
        alpha,
        beta,
    )
}

/// Whether `mv` leaves the common path: a castling, promotion or en passant move, or
/// (under rules where a recapturing pawn promotes) a move to a square where one can.
/// Two predictable tests keep all of that out of the code nearly every call runs.
#[inline(always)]
fn is_unusual<B: SeeBoard + ?Sized, R: FastRules>(board: &B, mv: Move) -> bool {
    mv.kind != MoveKind::Normal
        || (R::PROMOTE_RECAPTURES && board.pawn_promotes_capturing_on(mv.to))
}

/// The first move's numbers for the moves [`is_unusual`] sets aside; `None` when the
/// exchange is worth 0 without looking further (castling, a kind the rules do not value,
/// no piece on the origin square).
#[inline(always)]
fn unusual_start<B: SeeBoard + ?Sized, R: FastRules>(
    board: &B,
    mv: Move,
    values: &PieceValues,
) -> Option<Start> {
    if mv.kind == MoveKind::Castle || (R::ONLY_NORMAL && mv.kind != MoveKind::Normal) {
        return None;
    }
    Start::read(board, mv, values)
}

/// [`window`] for the moves [`is_unusual`] sets aside.
#[inline(never)]
fn unusual_window<B: SeeBoard + ?Sized, R: FastRules>(
    board: &B,
    mv: Move,
    values: &PieceValues,
    alpha: i32,
    beta: i32,
) -> i32 {
    let Some(start) = unusual_start::<B, R>(board, mv, values) else {
        return clamp(0, alpha, beta);
    };
    if R::PROMOTE_RECAPTURES && board.pawn_promotes_capturing_on(mv.to) {
        return walk::<B, R, true>(board, mv, values, start, alpha, beta);
    }
    walk::<B, R, false>(board, mv, values, start, alpha, beta)
}

/// The walk of [`window`] after the first move has been read. `PROMOTIONS`: whether a
/// recapturing pawn may promote on the target square (when not, that code is left out).
#[inline(always)]
fn walk<B: SeeBoard + ?Sized, R: FastRules, const PROMOTIONS: bool>(
    board: &B,
    mv: Move,
    values: &PieceValues,
    start: Start,
    mut alpha: i32,
    mut beta: i32,
) -> i32 {
    let to = mv.to;
    let promotion_gain = values.promotion_gain();
    // What each side would gain on top of the piece if it recaptured with a pawn that
    // promotes: used only for the look-ahead, where an upper bound is enough.
    let bonus_against = |side: Color| {
        if PROMOTIONS && recapture_promotes::<R>(side, to) {
            promotion_gain
        } else {
            0
        }
    };

    // Node 0: the forced first move. The opponent may stand pat after it.
    let mut score = start.gain;
    let mut on_square = start.placed;
    if score <= alpha {
        return alpha;
    }
    beta = beta.min(score);
    let (mover, opponent) = (start.mover, !start.mover);
    if score - on_square - bonus_against(opponent) >= beta {
        return beta;
    }
    // Only now, when the answer depends on the recaptures, look at the attackers.
    let mut exchange = Exchange::<B, R>::new(board, mv);
    // Two captures a turn of the loop, the opponent's then the mover's: which side is on
    // move is then known where the code stands, not tested on every capture (a test
    // whose answer alternates with the exchange's length, and was mispredicted).
    loop {
        let Some((from, role, gain)) =
            recapture::<B, R, PROMOTIONS>(&mut exchange, opponent, values, &mut on_square)
        else {
            return clamp(score, alpha, beta);
        };
        score -= gain;
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
        if score + on_square + bonus_against(mover) <= alpha {
            return alpha;
        }
        exchange.play(from, role);
        let Some((from, role, gain)) =
            recapture::<B, R, PROMOTIONS>(&mut exchange, mover, values, &mut on_square)
        else {
            return clamp(score, alpha, beta);
        };
        score += gain;
        if score <= alpha {
            return alpha;
        }
        beta = beta.min(score);
        if score - on_square - bonus_against(opponent) >= beta {
            return beta;
        }
        exchange.play(from, role);
    }
}

/// `side`'s next capture in [`walk`], found but not yet played: its origin, its kind and
/// what it gains (the piece on the square, and a promotion's gain), with `on_square` now
/// the value of the piece it leaves there.
#[inline(always)]
fn recapture<B: SeeBoard + ?Sized, R: FastRules, const PROMOTIONS: bool>(
    exchange: &mut Exchange<'_, B, R>,
    side: Color,
    values: &PieceValues,
    on_square: &mut i32,
) -> Option<(Square, Role, i32)> {
    let (from, role) = exchange.find(side)?;
    let (placed, promoted) = if PROMOTIONS {
        recapture_outcome::<R>(role, side, exchange.target())
    } else {
        (role, false)
    };
    let gain = *on_square + if promoted { values.promotion_gain() } else { 0 };
    *on_square = values.value(placed);
    Some((from, role, gain))
}

/// The fast rule sets' threshold test: whether the SEE value of `mv` is at least
/// `threshold` (which must lie strictly inside `(-LIMIT, LIMIT)`).
///
/// It walks the same capture sequence as [`window`] but keeps a single number: `swap`,
/// the balance, measured against the threshold, that the side about to capture would
/// reach if it took the piece on the square and lost nothing more. As soon as that side
/// cannot reach its goal even so, the exchange is decided and the walk stops. `verdict`
/// says who wins if the exchange stops where it is. A recapturing pawn that promotes
/// breaks the one-number form (its side gains more than the piece it takes), so moves to
/// a square where that can happen go through [`window`] instead.
#[inline(always)]
pub(crate) fn threshold<B: SeeBoard + ?Sized, R: FastRules>(
    board: &B,
    mv: Move,
    values: &PieceValues,
    threshold: i32,
) -> bool {
    if is_unusual::<B, R>(board, mv) {
        crate::cold_path();
        return unusual_threshold::<B, R>(board, mv, values, threshold);
    }
    if B::CHEAP_OCCUPANT {
        return threshold_from::<B, R>(
            board,
            mv,
            values,
            Start::normal(board, mv, values),
            threshold,
        );
    }
    // A board without a piece array decodes the moving piece from its bitboards. Its
    // value matters at the start only if the mover may be done even when the piece is
    // taken for free, which with less than a pawn to spare only the king (worth 0 here)
    // can be. So for the rest (most quiet moves) the decoding waits until a recapture
    // needs it, and most quiet moves meet none.
    let captured = captured_value(board, mv, values);
    let mover = mover(board, mv);
    let mut swap = captured - threshold;
    if swap < 0 {
        return false;
    }
    if swap >= values.pawn() || board.by_role(Role::King) & mv.from.bit() != 0 {
        let start = Start {
            mover,
            gain: captured,
            placed: values.value(board.occupant(mv.from)),
        };
        return threshold_from::<B, R>(board, mv, values, start, threshold);
    }
    let mut exchange = Exchange::<B, R>::new(board, mv);
    let Some((from, role)) = exchange.find(!mover) else {
        return true;
    };
    swap = values.value(role) - (values.value(board.occupant(mv.from)) - swap);
    if swap < 0 {
        return false;
    }
    exchange.play(from, role);
    threshold_walk(&mut exchange, values, !mover, false, swap)
}

/// [`threshold`] for the moves [`is_unusual`] sets aside.
#[inline(never)]
fn unusual_threshold<B: SeeBoard + ?Sized, R: FastRules>(
    board: &B,
    mv: Move,
    values: &PieceValues,
    threshold: i32,
) -> bool {
    let Some(start) = unusual_start::<B, R>(board, mv, values) else {
        return 0 >= threshold;
    };
    if R::PROMOTE_RECAPTURES && board.pawn_promotes_capturing_on(mv.to) {
        // A recapturing pawn that promotes gains more than the piece it takes, which the
        // one number of the threshold walk cannot express: the window can.
        let (alpha, beta) = (threshold - 1, threshold);
        return walk::<B, R, true>(board, mv, values, start, alpha, beta) >= threshold;
    }
    threshold_from::<B, R>(board, mv, values, start, threshold)
}

/// The threshold walk from the first move's numbers.
#[inline(always)]
fn threshold_from<B: SeeBoard + ?Sized, R: FastRules>(
    board: &B,
    mv: Move,
    values: &PieceValues,
    start: Start,
    threshold: i32,
) -> bool {
    // The mover must be at the threshold even if the opponent stands pat...
    let mut swap = start.gain - threshold;
    if swap < 0 {
        return false;
    }
    // ...and is done if it stays there even when the piece it placed is taken for free.
    swap = start.placed - swap;
    if swap <= 0 {
        return true;
    }
    let mut exchange = Exchange::<B, R>::new(board, mv);
    threshold_walk(&mut exchange, values, start.mover, true, swap)
}

/// The rest of the threshold walk once `side` has captured: `swap` and `verdict` as
/// [`threshold`] describes them.
#[inline(always)]
fn threshold_walk<B: SeeBoard + ?Sized, R: FastRules>(
    exchange: &mut Exchange<'_, B, R>,
    values: &PieceValues,
    mut side: Color,
    mut verdict: bool,
    mut swap: i32,
) -> bool {
    loop {
        side = !side;
        let Some((from, role)) = exchange.find(side) else {
            return verdict;
        };
        verdict = !verdict;
        // `swap` is now what the other side reaches by taking `role` back for free. The
        // mover needs a balance of at least 0, its opponent one below 0: hence the
        // `verdict` offset.
        swap = values.value(role) - swap;
        if swap < i32::from(verdict) {
            return verdict;
        }
        // Most walks end above; telling the compiler so keeps the register spills of the
        // longer walks off the path every call takes.
        crate::cold_path();
        exchange.play(from, role);
    }
}
