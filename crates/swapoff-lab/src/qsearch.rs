//! A material-only quiescence search: the reference consumer of SEE.
//!
//! Engines use SEE in quiescence search to order captures and to skip the ones that lose
//! material. [`QSearch`] is a small, deterministic quiescence search built to *measure*
//! those two uses: how many nodes an ordering or a pruning rule saves, and what it costs
//! in accuracy. It is a measuring instrument, not an engine.
//!
//! # What it searches
//!
//! - **Evaluation**: material only, from the side to move's view, in the search's
//!   [`PieceValues`] (the king counts 0).
//! - **Stand pat**: the side to move may always stop and take the evaluation.
//! - **Moves**: every legal capture (en passant included) and every legal non-capturing
//!   promotion, with promotions to a queen only (under-promotions are left out, as in
//!   most engines' quiescence search).
//! - **Search**: negamax alpha-beta, fail-hard, no hashing, no depth limit: every move
//!   captures or promotes, so every line ends.
//! - **Checks** (an instrument limitation, stated on purpose): a side in check still only
//!   considers captures and promotions, and may still stand pat. shakmaty's legal move
//!   generation keeps only the captures that resolve the check, but quiet evasions are not
//!   searched, and checkmate and stalemate are not detected. This keeps the search a pure
//!   capture search whose value every ordering and pruning rule is measured against.
//!
//! # Orderings and pruning
//!
//! - [`Ordering::MvvLva`]: most valuable victim first (a queen promotion adds queen − pawn
//!   to the victim), then least valuable attacker (pawn, knight, bishop, rook, queen,
//!   king).
//! - [`Ordering::See`]: highest SEE value first under the given rule set, ties broken by
//!   MVV-LVA.
//! - [`Pruning::SeeBelow`]: a move whose SEE under the given rules is below a threshold is
//!   not searched ([`Pruning::see_negative`] prunes SEE < 0; [`Pruning::see_margin`]
//!   tolerates losses up to a margin). When the ordering computed the same rule set's
//!   SEE values they are reused; otherwise [`See::ge`] is asked lazily, only for moves
//!   the search reaches.
//! - Delta pruning ([`QSearch::delta`]): a move is skipped when even standing pat after
//!   it cannot beat alpha: `stand_pat + captured + promotion gain <= alpha`. With a
//!   material-only evaluation and stand pat always allowed, the opponent can always stop
//!   right after the move, so the move's value is at most that bound: delta pruning never
//!   changes the score, it only saves nodes. Engines add a margin because their
//!   evaluation has positional terms; here none is needed.
//!
//! SEE is evaluated in the search's piece values (`See::new(rules).with_values(values)`),
//! so every rule set counts in the same currency as the evaluation.
//!
//! Orderings never change the score: with a full window, alpha-beta returns the minimax
//! value whatever the order. They change the node count and, among equal moves, which
//! one is reported best. Node counts are deterministic: move generation, sorting (stable)
//! and the search use no randomness and no hashing.
//!
//! ```
//! use swapoff_lab::qsearch::{Ordering, Pruning, QSearch};
//! use swapoff::{PieceValues, Rules};
//!
//! // White's rook takes a hanging queen: from -400 (a rook against a queen) to +500.
//! let pos = swapoff_lab::testing::chess("4k3/8/8/3q4/8/8/8/3RK3 w - -");
//! let search = QSearch::new(PieceValues::STANDARD)
//!     .ordering(Ordering::See(Rules::Default))
//!     .pruning(Pruning::see_negative(Rules::Default));
//! let result = search.search(&pos);
//! assert_eq!(search.evaluate(&pos), -400);
//! assert_eq!(result.score, 500);
//! assert_eq!(result.best_move.map(|m| m.to().to_string()), Some("d5".to_string()));
//! ```

use shakmaty::{Chess, Position, Role};
use swapoff::Move as SeeMove;
use swapoff::{PieceValues, Rules, See};

/// Larger than any material balance ([`swapoff::MAX_PIECE_VALUE`] times the pieces of a
/// side), so it serves as infinity for the window.
const INFINITY: i32 = 1 << 30;

/// How the moves of a node are ordered before they are searched.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ordering {
    /// Most valuable victim, then least valuable attacker. No SEE is computed.
    MvvLva,
    /// Highest SEE value first under the rule set, ties broken by MVV-LVA; every move of a
    /// node gets its SEE computed.
    See(Rules),
}

impl Ordering {
    /// A short name: `mvv-lva`, or `see:<rules>`.
    pub fn name(&self) -> String {
        match self {
            Ordering::MvvLva => "mvv-lva".to_string(),
            Ordering::See(rules) => format!("see:{rules}"),
        }
    }
}

/// Which moves are skipped by SEE.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Pruning {
    /// Every move is searched.
    None,
    /// A move whose SEE under `rules` is below `threshold` is skipped.
    SeeBelow {
        /// The rule set the SEE is computed with.
        rules: Rules,
        /// Moves with SEE < threshold are skipped.
        threshold: i32,
    },
}

impl Pruning {
    /// Skip moves that lose material by SEE (SEE < 0).
    pub const fn see_negative(rules: Rules) -> Pruning {
        Pruning::SeeBelow {
            rules,
            threshold: 0,
        }
    }

    /// Skip moves that lose more than `margin` by SEE (SEE < -margin): the test
    /// `see_ge(move, -margin)` that engines use in quiescence search.
    pub const fn see_margin(rules: Rules, margin: i32) -> Pruning {
        Pruning::SeeBelow {
            rules,
            threshold: margin.saturating_neg(),
        }
    }
}

/// The outcome of one quiescence search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct QResult {
    /// The minimax material balance, from the side to move's view.
    pub score: i32,
    /// Positions visited, the root included.
    pub nodes: u64,
    /// The root move that achieves the score, or `None` when standing pat is best.
    pub best_move: Option<shakmaty::Move>,
    /// The first root move searched (after pruning), or `None` if none was.
    pub first_move: Option<shakmaty::Move>,
    /// Moves skipped by SEE pruning, over the whole search.
    pub see_pruned: u64,
    /// Moves skipped by delta pruning, over the whole search.
    pub delta_pruned: u64,
    /// SEE evaluations made (for ordering or pruning).
    pub see_calls: u64,
}

/// A configured quiescence search. See the [module docs](self) for what it searches.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct QSearch {
    values: PieceValues,
    ordering: Ordering,
    pruning: Pruning,
    delta: bool,
}

/// A move of a node with what ordering and pruning need to know about it.
#[derive(Clone, Copy)]
struct Candidate {
    mv: shakmaty::Move,
    /// Material the move wins outright: the captured piece plus queen − pawn if it promotes.
    gain: i32,
    /// The mover's role index, pawn 0 .. king 5 (the "least valuable attacker" key).
    attacker: usize,
    /// The SEE value under the ordering's rules, when the ordering computed it.
    see: Option<i32>,
}

#[derive(Default)]
struct Counters {
    nodes: u64,
    see_pruned: u64,
    delta_pruned: u64,
    see_calls: u64,
}

/// The root's bookkeeping.
#[derive(Default)]
struct Root {
    best: Option<shakmaty::Move>,
    first: Option<shakmaty::Move>,
}

fn role_index(role: Role) -> usize {
    match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}

impl QSearch {
    /// A search counting material in `values`, ordered MVV-LVA, without pruning.
    pub const fn new(values: PieceValues) -> QSearch {
        QSearch {
            values,
            ordering: Ordering::MvvLva,
            pruning: Pruning::None,
            delta: false,
        }
    }

    /// The same search with another move ordering.
    #[must_use]
    pub const fn ordering(self, ordering: Ordering) -> QSearch {
        QSearch { ordering, ..self }
    }

    /// The same search with another SEE pruning rule.
    #[must_use]
    pub const fn pruning(self, pruning: Pruning) -> QSearch {
        QSearch { pruning, ..self }
    }

    /// The same search with delta pruning on or off (see the module docs: it never
    /// changes the score here).
    #[must_use]
    pub const fn delta(self, on: bool) -> QSearch {
        QSearch { delta: on, ..self }
    }

    /// The piece values.
    pub const fn values(&self) -> PieceValues {
        self.values
    }

    /// The move ordering.
    pub const fn move_ordering(&self) -> Ordering {
        self.ordering
    }

    /// The SEE pruning rule.
    pub const fn see_pruning(&self) -> Pruning {
        self.pruning
    }

    /// Whether delta pruning is on.
    pub const fn delta_pruning(&self) -> bool {
        self.delta
    }

    /// The material balance from the side to move's view: the stand-pat score.
    pub fn evaluate(&self, pos: &Chess) -> i32 {
        let board = pos.board();
        let us = pos.turn();
        let mut score = 0;
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            let pieces = board.by_role(role);
            let ours = (pieces & board.by_color(us)).count() as i32;
            let theirs = (pieces & board.by_color(!us)).count() as i32;
            score += self.value(role) * (ours - theirs);
        }
        score
    }

    /// The moves the search considers in `pos`, in the order it tries them (before
    /// pruning).
    pub fn ordered_moves(&self, pos: &Chess) -> Vec<shakmaty::Move> {
        let mut counters = Counters::default();
        self.candidates(pos, &mut counters)
            .into_iter()
            .map(|c| c.mv)
            .collect()
    }

    /// Searches `pos` with a full window.
    pub fn search(&self, pos: &Chess) -> QResult {
        let mut counters = Counters::default();
        let mut root = Root::default();
        let score = self.node(pos, -INFINITY, INFINITY, &mut counters, Some(&mut root));
        QResult {
            score,
            nodes: counters.nodes,
            best_move: root.best,
            first_move: root.first,
            see_pruned: counters.see_pruned,
            delta_pruned: counters.delta_pruned,
            see_calls: counters.see_calls,
        }
    }

    /// The exact value of each move the search considers in `pos` (in its order, none
    /// pruned at the root): minus the full-window search of the position after it. The
    /// searches below the root use this search's pruning, so the values are the true
    /// quiescence values only when pruning is off.
    pub fn move_scores(&self, pos: &Chess) -> Vec<(shakmaty::Move, i32)> {
        let mut counters = Counters::default();
        self.candidates(pos, &mut counters)
            .into_iter()
            .map(|c| {
                let mut child = pos.clone();
                child.play_unchecked(c.mv);
                let score = -self.node(&child, -INFINITY, INFINITY, &mut counters, None);
                (c.mv, score)
            })
            .collect()
    }

    fn value(&self, role: Role) -> i32 {
        match role {
            Role::Pawn => self.values.pawn(),
            Role::Knight => self.values.knight(),
            Role::Bishop => self.values.bishop(),
            Role::Rook => self.values.rook(),
            Role::Queen => self.values.queen(),
            Role::King => 0,
        }
    }

    /// Legal captures and queen promotions, ordered.
    fn candidates(&self, pos: &Chess, counters: &mut Counters) -> Vec<Candidate> {
        let promotion_gain = self.values.queen() - self.values.pawn();
        let see = match self.ordering {
            Ordering::See(rules) => Some(See::new(rules).with_values(self.values)),
            Ordering::MvvLva => None,
        };
        let mut moves: Vec<Candidate> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| match m.promotion() {
                Some(role) => role == Role::Queen,
                None => m.is_capture(),
            })
            .map(|mv| {
                let captured = mv.capture().map_or(0, |r| self.value(r));
                let promoted = if mv.is_promotion() { promotion_gain } else { 0 };
                let see = see.map(|s| {
                    counters.see_calls += 1;
                    SeeMove::try_from(&mv).map_or(0, |m| s.value(pos, m))
                });
                Candidate {
                    mv,
                    gain: captured + promoted,
                    attacker: role_index(mv.role()),
                    see,
                }
            })
            .collect();
        // Stable sorts: equal keys keep move-generation order, so results are
        // deterministic.
        match self.ordering {
            Ordering::MvvLva => moves.sort_by(mvv_lva),
            Ordering::See(_) => moves.sort_by(|a, b| b.see.cmp(&a.see).then(mvv_lva(a, b))),
        }
        moves
    }

    /// Whether SEE pruning skips `c`.
    fn see_prunes(&self, pos: &Chess, c: &Candidate, counters: &mut Counters) -> bool {
        let Pruning::SeeBelow { rules, threshold } = self.pruning else {
            return false;
        };
        match (self.ordering, c.see) {
            (Ordering::See(ordered_by), Some(value)) if ordered_by == rules => value < threshold,
            _ => {
                counters.see_calls += 1;
                match SeeMove::try_from(&c.mv) {
                    Ok(m) => !See::new(rules)
                        .with_values(self.values)
                        .ge(pos, m, threshold),
                    Err(_) => false,
                }
            }
        }
    }

    fn node(
        &self,
        pos: &Chess,
        mut alpha: i32,
        beta: i32,
        counters: &mut Counters,
        mut root: Option<&mut Root>,
    ) -> i32 {
        counters.nodes += 1;
        let stand_pat = self.evaluate(pos);
        if stand_pat >= beta {
            return beta;
        }
        alpha = alpha.max(stand_pat);
        for c in self.candidates(pos, counters) {
            // Delta first: it is free, SEE is not.
            if self.delta && stand_pat + c.gain <= alpha {
                counters.delta_pruned += 1;
                continue;
            }
            if self.see_prunes(pos, &c, counters) {
                counters.see_pruned += 1;
                continue;
            }
            if let Some(root) = root.as_deref_mut() {
                root.first.get_or_insert(c.mv);
            }
            let mut child = pos.clone();
            child.play_unchecked(c.mv);
            let score = -self.node(&child, -beta, -alpha, counters, None);
            if score >= beta {
                if let Some(root) = root.as_deref_mut() {
                    root.best = Some(c.mv);
                }
                return beta;
            }
            if score > alpha {
                alpha = score;
                if let Some(root) = root.as_deref_mut() {
                    root.best = Some(c.mv);
                }
            }
        }
        alpha
    }
}

/// MVV-LVA: larger gain first, then the cheaper attacker.
fn mvv_lva(a: &Candidate, b: &Candidate) -> core::cmp::Ordering {
    b.gain.cmp(&a.gain).then(a.attacker.cmp(&b.attacker))
}
