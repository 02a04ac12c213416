//! A deliberately simple recursive SEE, the chessprogramming wiki's didactic form.
//!
//! It exists to check the fast code (a second, independent implementation must agree
//! with it) and to serve as the slow comparator in the benchmarks. **It is slow by
//! design**: at every step of the exchange it looks at every piece on the board and
//! computes that piece's attacks from scratch against the current occupancy, and it
//! recurses once per capture. Do not use it in an engine; use [`swapoff::See`].
//!
//! It shares no code with the fast exchange loop: it keeps its own copy of the pieces,
//! moves them as the captures are played, and finds attacks and pins by walking rays
//! square by square. X-rays need no special handling:
//! a slider behind a piece that has left simply attacks the square on the next scan.
//!
//! The value follows the wiki's recursion: the first move is forced, and afterwards
//!
//! ```text
//! see(side) = max(0, value of the piece on the square - see(other side after the capture))
//! ```
//!
//! where each side captures with the piece its rule set picks (least valuable first, in
//! the order pawn, knight, bishop, rook, queen, king; lowest square first among pieces of
//! one kind) or stands pat.

use swapoff::ablation::Part;
use swapoff::{Bitboard, Color, Move, MoveKind, PieceValues, Role, Rules, SeeBoard, Square};

/// The SEE value of `mv` under `rules` and `values`, computed the slow, obvious way.
///
/// Supports [`Rules::Default`], [`Rules::Classic`] and [`Rules::Stockfish`] with their
/// documented semantics (see [`Rules`]); [`Rules::Exact`] is delegated to
/// [`swapoff::See`], since the exact search is already an exhaustive recursion.
///
/// Slow by design: every step rescans the whole board. Meant for tests and as the
/// comparator of the benchmarks. Returns 0 when there is no piece on `mv.from`; never
/// panics, whatever the board and move.
///
/// ```
/// # #[cfg(feature = "cozy-chess")] {
/// use swapoff::{Move, PieceValues, Rules};
/// use swapoff_lab::recursive;
/// let board: cozy_chess::Board = "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1".parse().unwrap();
/// let mv = Move::from_cozy(&board, "d1d5".parse().unwrap());
/// assert_eq!(recursive::see(&board, mv, Rules::Default, &PieceValues::STANDARD), 100);
/// # }
/// ```
pub fn see<B: SeeBoard + ?Sized>(board: &B, mv: Move, rules: Rules, values: &PieceValues) -> i32 {
    let spec = match rules {
        Rules::Default => Spec::DEFAULT,
        Rules::Classic => Spec::CLASSIC,
        Rules::Stockfish => Spec::STOCKFISH,
        Rules::Exact => {
            return swapoff::See::new(Rules::Exact)
                .with_values(*values)
                .value(board, mv)
        }
    };
    walk(board, mv, spec, values)
}

/// The SEE value of `mv` under one of the default rules' parts (the library's
/// `ablation` feature), computed as [`see`] computes it: pins alone, or pins and
/// discovered checks, over the classic swap list.
pub fn see_part<B: SeeBoard + ?Sized>(
    board: &B,
    mv: Move,
    part: Part,
    values: &PieceValues,
) -> i32 {
    let spec = match part {
        Part::Pins => Spec {
            pins: PinMode::Uncovered,
            ..Spec::CLASSIC
        },
        Part::PinsChecks => Spec {
            pins: PinMode::Uncovered,
            checks: true,
            ..Spec::CLASSIC
        },
    };
    walk(board, mv, spec, values)
}

/// The exchange `spec` plays, from the forced first move on.
fn walk<B: SeeBoard + ?Sized>(board: &B, mv: Move, spec: Spec, values: &PieceValues) -> i32 {
    if mv.kind == MoveKind::Castle || (spec.only_normal && mv.kind != MoveKind::Normal) {
        return 0;
    }
    let Some(mut pos) = Position::read(board) else {
        return 0;
    };
    let Some((mover, role)) = pos.piece_on(mv.from) else {
        return 0;
    };
    // Stockfish's pins belong to the position before the move; they are fixed here, once.
    // (Default's are looked up at each capture, in `may_capture`.)
    let pins = BOTH.map(|c| PinInfo::find(&pos, c));

    // The forced first move.
    let mut gain = 0;
    if mv.kind == MoveKind::EnPassant {
        if let Some(victim) = Square::from_coords(mv.to.file(), mv.from.rank()) {
            if pos.piece_on(victim).is_some() {
                pos.take_off(victim);
                gain += values.value(Role::Pawn);
            }
        }
    }
    if let Some((_, captured)) = pos.piece_on(mv.to) {
        gain += values.value(captured);
        pos.take_off(mv.to);
    }
    let placed = match mv.kind {
        MoveKind::Promotion(promoted) => {
            gain += values.value(promoted) - values.value(role);
            promoted
        }
        _ => role,
    };
    pos.take_off(mv.from);
    pos.put(mv.to, mover, placed);

    let ctx = Context {
        to: mv.to,
        spec,
        values,
        pins: &pins,
    };
    gain - ctx.reply(&pos, !mover, 0)
}

/// The switches of one rule set, as the recursion needs them.
#[derive(Clone, Copy)]
struct Spec {
    pins: PinMode,
    /// The king's own square is vacated before checking whether it may recapture.
    king_leaves_square: bool,
    /// A pawn recapturing on its last rank becomes a queen.
    promote_recaptures: bool,
    /// Castling, en passant and promotions are worth 0.
    only_normal: bool,
    /// A side whose king is attacked from a square other than the target recaptures only
    /// with its king.
    checks: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum PinMode {
    Ignore,
    Uncovered,
    Stockfish,
}

impl Spec {
    const DEFAULT: Spec = Spec {
        pins: PinMode::Uncovered,
        king_leaves_square: true,
        promote_recaptures: true,
        only_normal: false,
        checks: true,
    };
    const CLASSIC: Spec = Spec {
        pins: PinMode::Ignore,
        king_leaves_square: false,
        promote_recaptures: false,
        only_normal: false,
        checks: false,
    };
    const STOCKFISH: Spec = Spec {
        pins: PinMode::Stockfish,
        king_leaves_square: false,
        promote_recaptures: false,
        only_normal: true,
        checks: false,
    };
}

/// Our own copy of the pieces, edited as the exchange is played.
#[derive(Clone, Copy)]
struct Position {
    colors: [Bitboard; 2],
    roles: [Bitboard; 6],
}

const BOTH: [Color; 2] = [Color::White, Color::Black];

impl Position {
    /// Copies the board's bitboards. `None` if the board contradicts itself (a square in
    /// both colours), which a real board never does.
    fn read<B: SeeBoard + ?Sized>(board: &B) -> Option<Position> {
        let colors = BOTH.map(|c| board.by_color(c));
        if colors[0] & colors[1] != 0 {
            return None;
        }
        Some(Position {
            colors,
            roles: Role::ALL.map(|r| board.by_role(r)),
        })
    }

    fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    fn piece_on(&self, sq: Square) -> Option<(Color, Role)> {
        let color = BOTH
            .into_iter()
            .find(|c| self.colors[c.index()] & sq.bit() != 0)?;
        let role = Role::ALL
            .into_iter()
            .find(|r| self.roles[r.index()] & sq.bit() != 0)?;
        Some((color, role))
    }

    fn take_off(&mut self, sq: Square) {
        for bb in self.colors.iter_mut().chain(self.roles.iter_mut()) {
            *bb &= !sq.bit();
        }
    }

    fn put(&mut self, sq: Square, color: Color, role: Role) {
        self.take_off(sq);
        self.colors[color.index()] |= sq.bit();
        self.roles[role.index()] |= sq.bit();
    }

    /// Whether the piece of `color` and `role` on `from` attacks `to`, given `occupied`:
    /// by the squares' coordinates, and for a slider by walking the ray between them.
    fn attacks(from: Square, color: Color, role: Role, to: Square, occupied: Bitboard) -> bool {
        let df = i32::from(to.file()) - i32::from(from.file());
        let dr = i32::from(to.rank()) - i32::from(from.rank());
        match role {
            Role::Pawn => df.abs() == 1 && dr == if color == Color::White { 1 } else { -1 },
            Role::Knight => df.abs() * dr.abs() == 2,
            Role::King => df.abs().max(dr.abs()) == 1,
            _ => {
                slides_along(role, from, to)
                    && ray(from, to).is_some_and(|path| {
                        path.iter()
                            .take_while(|&&sq| sq != to)
                            .all(|sq| occupied & sq.bit() == 0)
                    })
            }
        }
    }

    /// Every piece of `color` (other than the one on `to`) attacking `to` when the
    /// occupied squares are `occupied`, found by trying each piece in turn.
    fn attackers(&self, color: Color, to: Square, occupied: Bitboard) -> Vec<(Square, Role)> {
        let mut found = Vec::new();
        for sq in all_squares() {
            if sq == to || occupied & sq.bit() == 0 {
                continue;
            }
            if let Some((c, role)) = self.piece_on(sq) {
                if c == color && Self::attacks(sq, c, role, to, occupied) {
                    found.push((sq, role));
                }
            }
        }
        found
    }
}

fn all_squares() -> impl Iterator<Item = Square> {
    (0u8..64).filter_map(Square::new)
}

/// The squares from `from` towards `to`, excluding `from`, if the two share a rank, file
/// or diagonal: the whole ray to the edge of the board, in order.
fn ray(from: Square, to: Square) -> Option<Vec<Square>> {
    let df = i32::from(to.file()) - i32::from(from.file());
    let dr = i32::from(to.rank()) - i32::from(from.rank());
    if (df, dr) == (0, 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let mut squares = Vec::new();
    let (mut f, mut r) = (i32::from(from.file()) + sf, i32::from(from.rank()) + sr);
    while (0..8).contains(&f) && (0..8).contains(&r) {
        // In range by the loop condition.
        squares.extend(Square::from_coords(f as u8, r as u8));
        f += sf;
        r += sr;
    }
    Some(squares)
}

/// Whether a slider of `role` moves along the line from `a` to `b` (aligned squares).
fn slides_along(role: Role, a: Square, b: Square) -> bool {
    let straight = a.file() == b.file() || a.rank() == b.rank();
    match role {
        Role::Queen => true,
        Role::Rook => straight,
        Role::Bishop => !straight,
        _ => false,
    }
}

/// One side's pins in the position before the move (the Stockfish rule).
#[derive(Clone, Default)]
struct PinInfo {
    /// Pieces of the side alone between its king and an enemy slider (with the other
    /// enemy sliders aligned with the king taken off), as Stockfish's
    /// `blockers_for_king`, restricted to the side's own pieces.
    pinned: Vec<Square>,
    /// The enemy sliders doing that pinning.
    pinners: Vec<Square>,
}

impl PinInfo {
    fn find(pos: &Position, color: Color) -> PinInfo {
        let kings = pos.colors[color.index()] & pos.roles[Role::King.index()];
        let Some(king) = all_squares().find(|sq| kings & sq.bit() != 0) else {
            return PinInfo::default();
        };
        // Enemy sliders that would attack the king on an empty board.
        let snipers: Vec<Square> = all_squares()
            .filter(|&sq| match pos.piece_on(sq) {
                Some((c, role)) if c != color => {
                    ray(king, sq).is_some() && slides_along(role, king, sq)
                }
                _ => false,
            })
            .collect();
        let mut info = PinInfo::default();
        for &sniper in &snipers {
            let Some(path) = ray(king, sniper) else {
                continue;
            };
            let mut between = Vec::new();
            for &sq in path.iter().take_while(|&&sq| sq != sniper) {
                if pos.occupied() & sq.bit() != 0 && !snipers.contains(&sq) {
                    between.push(sq);
                }
            }
            if let [only] = between[..] {
                if pos.colors[color.index()] & only.bit() != 0 {
                    if !info.pinned.contains(&only) {
                        info.pinned.push(only);
                    }
                    info.pinners.push(sniper);
                }
            }
        }
        info
    }
}

struct Context<'a> {
    to: Square,
    spec: Spec,
    values: &'a PieceValues,
    pins: &'a [PinInfo; 2],
}

impl Context<'_> {
    /// What `side` can win by capturing on the target (0 if it prefers to stand pat).
    fn reply(&self, pos: &Position, side: Color, depth: u32) -> i32 {
        // The king is never captured; 32 pieces cannot make more captures than this.
        if depth > 40 {
            return 0;
        }
        let Some((_, on_square)) = pos.piece_on(self.to) else {
            return 0;
        };
        if on_square == Role::King {
            return 0;
        }
        let Some((from, role)) = self.choose(pos, side) else {
            return 0;
        };
        let mut gain = self.values.value(on_square);
        let mut placed = role;
        if self.spec.promote_recaptures
            && role == Role::Pawn
            && self.to.rank() == side.promotion_rank()
        {
            placed = Role::Queen;
            gain += self.values.value(Role::Queen) - self.values.value(Role::Pawn);
        }
        let mut next = *pos;
        next.take_off(from);
        next.put(self.to, side, placed);
        (gain - self.reply(&next, !side, depth + 1)).max(0)
    }

    /// The piece `side` recaptures with under the rules, if any.
    fn choose(&self, pos: &Position, side: Color) -> Option<(Square, Role)> {
        let occupied = pos.occupied();
        let mut attackers = pos.attackers(side, self.to, occupied);
        attackers.retain(|&(sq, role)| role == Role::King || self.may_capture(pos, side, sq));
        if self.spec.checks && self.checked_from_elsewhere(pos, side) {
            // Taking the piece on the target cannot answer that check: only the king may
            // move, and capturing is the only move this search knows.
            attackers.retain(|&(_, role)| role == Role::King);
        }
        // Least valuable first; `attackers` is in square order, so the first of a kind
        // found is the lowest one.
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            if let Some(&found) = attackers.iter().find(|&&(_, r)| r == role) {
                return Some(found);
            }
        }
        let &(king, _) = attackers.iter().find(|&&(_, r)| r == Role::King)?;
        let seen = if self.spec.king_leaves_square {
            occupied & !king.bit()
        } else {
            occupied
        };
        if pos.attackers(!side, self.to, seen).is_empty() {
            Some((king, Role::King))
        } else {
            None
        }
    }

    /// Whether some enemy piece other than the one on the target attacks `side`'s king.
    fn checked_from_elsewhere(&self, pos: &Position, side: Color) -> bool {
        let kings = pos.colors[side.index()] & pos.roles[Role::King.index()];
        let Some(king) = all_squares().find(|s| kings & s.bit() != 0) else {
            return false;
        };
        pos.attackers(!side, king, pos.occupied())
            .iter()
            .any(|&(sq, _)| sq != self.to)
    }

    /// Whether the (non-king) piece of `side` on `sq` may capture, as far as pins go.
    fn may_capture(&self, pos: &Position, side: Color, sq: Square) -> bool {
        let pins = &self.pins[side.index()];
        match self.spec.pins {
            PinMode::Ignore => true,
            PinMode::Stockfish => {
                // A pinner is still on the board when its square is still occupied (a
                // piece that captured has moved to the target) and it is not the target.
                let pinner_left = pins
                    .pinners
                    .iter()
                    .any(|&p| p != self.to && pos.occupied() & p.bit() != 0);
                !(pinner_left && pins.pinned.contains(&sq))
            }
            PinMode::Uncovered => {
                let kings = pos.colors[side.index()] & pos.roles[Role::King.index()];
                let Some(king) = all_squares().find(|s| kings & s.bit() != 0) else {
                    return true;
                };
                let Some(towards) = ray(king, sq) else {
                    return true;
                };
                // The other half of the line: past the king, seen from `sq`.
                let away: Vec<Square> = ray(sq, king)
                    .unwrap_or_default()
                    .into_iter()
                    .skip_while(|&s| s != king)
                    .skip(1)
                    .collect();
                // Play the capture (which piece lands on the target does not matter here)
                // and look along both halves of the line for an enemy slider.
                let mut after = *pos;
                after.take_off(sq);
                after.put(self.to, side, Role::Pawn);
                [towards, away].iter().all(|half| {
                    let first = half.iter().find(|&&s| after.occupied() & s.bit() != 0);
                    match first.and_then(|&s| after.piece_on(s).map(|p| (s, p))) {
                        Some((s, (color, role))) => !(color != side && slides_along(role, king, s)),
                        None => true,
                    }
                })
            }
        }
    }
}
