//! Why a fast rule set and the exact one disagree on a move.
//!
//! # Method
//!
//! The fast rule set X plays one fixed capture sequence `c0, c1, …, cm` (`c0` the move,
//! then each side's least valuable allowed attacker; see [`swapoff::See::trace`]), and at
//! every node the side to move may stand pat. Its value is the negamax of that sequence.
//! The exact value searches every legal capture at every node.
//!
//! Define the hybrid `H(d)`: nodes `1 .. d-1` are played as X plays them (X's capture or
//! stand pat), and node `d` (the position after `c0 … c(d-1)`) is searched exactly from
//! there on. `H(1)` is the exact value; `H(m+2)` (every node played as X) is X's value.
//! The *deciding node* is the first `d` with `H(d) ≠ H(d+1)`: the shallowest point of
//! X's sequence whose treatment by X, everything before it held as X played it, changes
//! the result. The cause is read off that node, in this fixed order:
//!
//! 0. Stockfish rules score en passant and promotions 0 without an exchange: a
//!    promotion is `promotion`, an en passant capture `other` (the by-kind table shows
//!    it).
//! 1. X's capture `cd` is illegal: by the king → `king rule` (the king captures into an
//!    attack); its departure uncovers an enemy slider on its king → `pin` (a pin of the
//!    position or one that arose during the exchange); otherwise its king is already
//!    attacked and the capture does not answer it → `check`.
//! 2. X has no capture left at node `d` but a legal one wins material (exact's best `g`):
//!    `g` by the king → `king rule`; `g` by a piece pinned in the position (which the
//!    rule set keeps out) → `pin`; otherwise `other`.
//! 3. X's capture is legal but exact's best capture `g` at that node is better:
//!    a pawn reaching its last rank in either (`g` or `cd`) → `promotion`; `g` comes
//!    before `cd` in X's own order (so X kept `g` out): `g` pinned in the position →
//!    `pin`, else `other`; either is a king capture → `king rule`; `g` and `cd` are worth
//!    the same (a knight and a bishop at 300, or two pieces of one kind on different
//!    squares) → `equal-value order`; otherwise → `other` (least valuable attacker first
//!    is not always best).
//!
//! The exact searches use swapoff's exact rule set on a copy of the bitboards, the same
//! piece values as the audit, and legal captures enumerated here.

use shakmaty::Chess;
use swapoff::BoardQueries;
use swapoff::{
    Bitboard, Capture, Color, Move, MoveKind, PieceValues, Role, Rules, See, SeeBoard, Square,
};

/// The cause of a disagreement.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cause {
    /// A pinned piece captures illegally, or a legal capture is kept out as pinned.
    Pin,
    /// A side in check makes a capture that does not answer the check.
    Check,
    /// A pawn reaches its last rank (or the rule set does not score promotions).
    Promotion,
    /// Among attackers of equal value, exact takes another one first.
    EqualValueOrder,
    /// The king captures into an attack, or a legal king capture is not made.
    KingRule,
    /// Anything else.
    Other,
}

impl Cause {
    /// Every cause, in report order (which is not the classification order).
    pub const ALL: [Cause; 6] = [
        Cause::Pin,
        Cause::Check,
        Cause::Promotion,
        Cause::EqualValueOrder,
        Cause::KingRule,
        Cause::Other,
    ];

    /// Position in [`Cause::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Name in the human-readable table.
    pub fn label(self) -> &'static str {
        match self {
            Cause::Pin => "pin",
            Cause::Check => "check",
            Cause::Promotion => "promotion",
            Cause::EqualValueOrder => "equal-value order",
            Cause::KingRule => "king rule",
            Cause::Other => "other",
        }
    }

    /// Key in the JSON output.
    pub fn key(self) -> &'static str {
        match self {
            Cause::Pin => "pin",
            Cause::Check => "check",
            Cause::Promotion => "promotion",
            Cause::EqualValueOrder => "equal_value_order",
            Cause::KingRule => "king_rule",
            Cause::Other => "other",
        }
    }
}

/// A classified disagreement.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The cause.
    pub cause: Cause,
    /// One line a reader can check by hand: the deciding node and the captures involved.
    pub detail: String,
}

/// A copy of the pieces that the classifier edits as captures are played.
#[derive(Clone, Copy)]
struct Snapshot {
    colors: [Bitboard; 2],
    roles: [Bitboard; 6],
}

impl SeeBoard for Snapshot {
    fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }
    fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }
}

/// The squares of a bitboard, lowest first.
fn squares(mut bb: Bitboard) -> impl Iterator<Item = Square> {
    core::iter::from_fn(move || {
        if bb == 0 {
            return None;
        }
        let sq = Square::new(bb.trailing_zeros() as u8);
        bb &= bb - 1;
        sq
    })
}

impl Snapshot {
    fn of<B: SeeBoard + ?Sized>(board: &B) -> Snapshot {
        Snapshot {
            colors: [board.by_color(Color::White), board.by_color(Color::Black)],
            roles: Role::ALL.map(|r| board.by_role(r)),
        }
    }

    fn clear(&mut self, sq: Square) {
        for bb in self.colors.iter_mut().chain(self.roles.iter_mut()) {
            *bb &= !sq.bit();
        }
    }

    fn put(&mut self, sq: Square, color: Color, role: Role) {
        self.clear(sq);
        self.colors[color.index()] |= sq.bit();
        self.roles[role.index()] |= sq.bit();
    }

    /// Plays a capture (or the first move) from `from` to `to`, leaving `placed` there.
    fn play(&mut self, from: Square, to: Square, side: Color, placed: Role) {
        self.clear(from);
        self.put(to, side, placed);
    }

    /// Pieces of `color` attacking `sq` with the current occupancy.
    fn attackers(&self, sq: Square, color: Color) -> Bitboard {
        self.attackers_to(sq, self.occupied()) & self.colors[color.index()]
    }

    fn king_attacked(&self, color: Color) -> bool {
        self.king_square(color)
            .is_some_and(|k| self.attackers(k, !color) != 0)
    }
}

/// A capture on the target square at some node.
#[derive(Clone, Copy, Debug)]
struct Step {
    from: Square,
    piece: Role,
    placed: Role,
}

impl Step {
    fn promotes(&self, to: Square, side: Color) -> bool {
        self.piece == Role::Pawn && to.rank() == side.promotion_rank()
    }

    fn describe(&self, side: Color, to: Square, captured: Option<Role>) -> String {
        Capture {
            side,
            from: self.from,
            to,
            piece: self.piece,
            captured,
            promotion: (self.placed != self.piece).then_some(self.placed),
        }
        .to_string()
    }
}

/// The exact search from one node of the exchange.
struct Node {
    /// What the side to move wins from here, standing pat allowed (>= 0).
    value: i32,
    /// The first capture that achieves it, if capturing beats standing pat.
    best: Option<Step>,
}

/// Legal captures of `to` by `side` in `state`, in the fast rule sets' order (pawn first,
/// lowest square first; promotions queen first), each with the position after it.
fn legal_captures(state: &Snapshot, to: Square, side: Color) -> Vec<(Step, Snapshot)> {
    swapoff::legal_captures(state, to, side)
        .into_iter()
        .filter_map(|mv| {
            let piece = state.role_on(mv.from)?;
            let placed = match mv.kind {
                MoveKind::Promotion(promoted) => promoted,
                _ => piece,
            };
            let mut next = *state;
            next.play(mv.from, to, side, placed);
            let step = Step {
                from: mv.from,
                piece,
                placed,
            };
            Some((step, next))
        })
        .collect()
}

fn exact_node(state: &Snapshot, to: Square, side: Color, exact: &See) -> Node {
    let mut node = Node {
        value: 0,
        best: None,
    };
    for (step, _) in legal_captures(state, to, side) {
        let mv = if step.placed != step.piece {
            Move::promotion(step.from, to, step.placed)
        } else {
            Move::normal(step.from, to)
        };
        let v = exact.value(state, mv);
        if v > node.value {
            node = Node {
                value: v,
                best: Some(step),
            };
        }
    }
    node
}

/// Classifies a disagreement between `rules` and the exact rule set on `mv`, whose values
/// are `fast` and `exact`. If the classifier's own reconstruction of either value differs
/// (it never should), the verdict is `other` and the detail says so.
pub fn classify(
    pos: &Chess,
    mv: Move,
    rules: Rules,
    values: PieceValues,
    fast: i32,
    exact: i32,
) -> Verdict {
    let verdict = |cause, detail: String| Verdict { cause, detail };
    if rules == Rules::Stockfish {
        match mv.kind {
            MoveKind::Promotion(_) => {
                return verdict(
                    Cause::Promotion,
                    "stockfish rules score every promotion 0".to_string(),
                )
            }
            MoveKind::EnPassant => {
                return verdict(
                    Cause::Other,
                    "stockfish rules score en passant 0".to_string(),
                )
            }
            MoveKind::Normal | MoveKind::Castle => {}
        }
    }
    let (fast_value, exact_value) = (fast, exact);
    let exact = See::new(Rules::Exact).with_values(values);
    let trace = See::new(rules).with_values(values).trace(pos, mv);
    let to = mv.to;
    let (Some(first), Some(mover)) = (trace.captures.first(), pos.color_on(mv.from)) else {
        return verdict(Cause::Other, "no piece on the move's square".to_string());
    };

    // states[k]: the position at node k (after captures 0 .. k-1), k = 1 ..= m+1;
    // index 0 is unused.
    let mut state = Snapshot::of(pos);
    if mv.kind == MoveKind::EnPassant {
        state.clear(mv.en_passant_victim());
    }
    let opening_placed = first.promotion.unwrap_or(first.piece);
    state.play(mv.from, to, mover, opening_placed);
    let gain0 = first.captured.map_or(0, |r| values.value(r)) + values.value(opening_placed)
        - values.value(first.piece);
    let sequence: Vec<Step> = trace.captures[1..]
        .iter()
        .map(|c| Step {
            from: c.from,
            piece: c.piece,
            placed: c.promotion.unwrap_or(c.piece),
        })
        .collect();
    let m = sequence.len();
    // Node 1 belongs to the mover's opponent, node 2 to the mover, and so on.
    let side_at = |node: usize| if node % 2 == 1 { !mover } else { mover };
    let mut states = vec![state, state];
    // raw[k]: what X's capture at node k gains (the piece taken, plus a promotion).
    let mut raw = vec![0];
    for (k, step) in sequence.iter().enumerate() {
        let node = k + 1;
        let side = side_at(node);
        let before = states[node];
        let taken = before.role_on(to).map_or(0, |r| values.value(r));
        raw.push(taken + values.value(step.placed) - values.value(step.piece));
        let mut after = before;
        after.play(step.from, to, side, step.placed);
        states.push(after);
    }

    // Exact node values, computed as needed.
    let mut exact_nodes: Vec<Option<Node>> = (0..=m + 1).map(|_| None).collect();
    let mut node_value = |d: usize| -> i32 {
        exact_nodes[d]
            .get_or_insert_with(|| exact_node(&states[d], to, side_at(d), &exact))
            .value
    };
    // H(d) for d = 1 ..= m+2.
    let mut hybrid = |d: usize| -> i32 {
        let top = d.min(m + 1);
        let mut node = if d <= m + 1 { node_value(d) } else { 0 };
        for k in (1..top).rev() {
            node = (raw[k] - node).max(0);
        }
        gain0 - node
    };
    let mut previous = hybrid(1);
    let all_fast = hybrid(m + 2);
    if previous != exact_value || all_fast != fast_value {
        return verdict(
            Cause::Other,
            format!(
                "unclassified: replaying the sequences gives {all_fast} and {previous}, not {fast_value} and {exact_value}"
            ),
        );
    }
    let mut deciding = None;
    for d in 1..=m + 1 {
        let next = hybrid(d + 1);
        if next != previous {
            deciding = Some(d);
            break;
        }
        previous = next;
    }
    let Some(d) = deciding else {
        return verdict(
            Cause::Other,
            "no single node of the fast sequence decides it".to_string(),
        );
    };
    let side = side_at(d);
    let here = &states[d];
    let taken = here.role_on(to);
    let best = exact_node(here, to, side, &exact).best;
    let pinned = pos.pins(side).pinned;

    if d == m + 1 {
        // X stands pat for lack of an allowed capture; exact has a winning one.
        let Some(g) = best else {
            return verdict(Cause::Other, format!("node {d}: no winning capture found"));
        };
        let g_text = g.describe(side, to, taken);
        return if g.piece == Role::King {
            verdict(
                Cause::KingRule,
                format!("node {d}: {g_text} is legal, the rules keep the king out"),
            )
        } else if pinned & g.from.bit() != 0 {
            verdict(
                Cause::Pin,
                format!("node {d}: {g_text} is legal, the rules keep it out as pinned"),
            )
        } else {
            verdict(
                Cause::Other,
                format!("node {d}: {g_text} is legal, the rules find no capture"),
            )
        };
    }

    let f = sequence[d - 1];
    let f_text = f.describe(side, to, taken);
    let mut after = *here;
    after.play(f.from, to, side, f.placed);
    if after.king_attacked(side) {
        if f.piece == Role::King {
            return verdict(
                Cause::KingRule,
                format!("node {d}: {f_text} is illegal: {to} is attacked"),
            );
        }
        let discovered = here.king_square(side).is_some_and(|king| {
            squares(after.attackers(king, !side)).any(|s| between(king, s) & f.from.bit() != 0)
        });
        return if discovered {
            verdict(
                Cause::Pin,
                format!("node {d}: {f_text} is illegal: it is pinned to its king"),
            )
        } else {
            verdict(
                Cause::Check,
                format!(
                    "node {d}: {f_text} is illegal: {} is in check and stays in check",
                    side.name()
                ),
            )
        };
    }

    let Some(g) = best else {
        return verdict(
            Cause::Other,
            format!("node {d}: {f_text} is legal and no capture does better"),
        );
    };
    let g_text = g.describe(side, to, taken);
    let said = format!("node {d}: the rules take {f_text}, exact prefers {g_text}");
    let precedes = (g.piece.index(), g.from.index()) < (f.piece.index(), f.from.index());
    if f.promotes(to, side) || g.promotes(to, side) {
        verdict(Cause::Promotion, said)
    } else if precedes {
        if pinned & g.from.bit() != 0 {
            verdict(Cause::Pin, format!("{said} (kept out as pinned)"))
        } else {
            verdict(Cause::Other, format!("{said} (not seen by the rules)"))
        }
    } else if f.piece == Role::King || g.piece == Role::King {
        verdict(Cause::KingRule, said)
    } else if values.value(f.piece) == values.value(g.piece) {
        verdict(Cause::EqualValueOrder, said)
    } else {
        verdict(Cause::Other, said)
    }
}

/// The squares strictly between `a` and `b` on a line, empty when they share none
/// (shakmaty's table).
fn between(a: Square, b: Square) -> Bitboard {
    let square = |s: Square| shakmaty::Square::new(u32::from(s.index() as u8));
    shakmaty::attacks::between(square(a), square(b)).0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(fen: &str, uci: &str, rules: Rules) -> Verdict {
        let pos = swapoff_scan::Position::from_fen(fen).unwrap();
        let mv = pos.see_move(uci).unwrap();
        let pos = pos.into_chess();
        let fast = See::new(rules)
            .with_values(PieceValues::STANDARD)
            .value(&pos, mv);
        let exact = See::new(Rules::Exact).value(&pos, mv);
        classify(&pos, mv, rules, PieceValues::STANDARD, fast, exact)
    }

    #[test]
    fn exact_nodes_match_the_core() {
        // H(1) is the exact value: the node search here must agree with the core's.
        let fen = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        let pos = swapoff_scan::Position::from_fen(fen).unwrap();
        let mv = pos.see_move("d3e5").unwrap();
        let pos = pos.into_chess();
        let exact = See::new(Rules::Exact);
        let mut state = Snapshot::of(&pos);
        state.play(mv.from, mv.to, Color::White, Role::Knight);
        let node = exact_node(&state, mv.to, Color::Black, &exact);
        assert_eq!(100 - node.value, exact.value(&pos, mv));
    }

    #[test]
    fn causes() {
        // Hand-built positions; the reasoning is in tests/audit_cli.rs.
        let pin = "1k6/2n5/8/3pB3/8/8/8/3R2K1 w - - 0 1";
        assert_eq!(check(pin, "d1d5", Rules::Classic).cause, Cause::Pin);
        let promo = "7k/8/8/8/8/7K/2p5/Rn6 w - - 0 1";
        assert_eq!(check(promo, "a1b1", Rules::Classic).cause, Cause::Promotion);
        let check_fen = "4k3/8/2p5/3p4/4B3/8/8/4R1K1 w - - 0 1";
        assert_eq!(check(check_fen, "e4d5", Rules::Classic).cause, Cause::Check);
        let order = "k7/7K/2p5/3n3R/4P3/3R4/3r4/3q4 w - - 0 1";
        assert_eq!(
            check(order, "e4d5", Rules::Default).cause,
            Cause::EqualValueOrder
        );
        let king = "Q7/1B6/2p1k3/3p4/8/8/8/3R2K1 w - - 0 1";
        assert_eq!(check(king, "d1d5", Rules::Default).cause, Cause::KingRule);
        let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(check(ep, "e5d6", Rules::Stockfish).cause, Cause::Other);
    }
}
