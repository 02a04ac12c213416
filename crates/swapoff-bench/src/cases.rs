//! What is timed, shared by `seeswap bench` and the lab's criterion benches: each case
//! (`see_ge(m, 0)`, `see_ge` with cycling thresholds, `see`) under each rule set, as an
//! engine calls it.

use swapoff::{Move, Rules, See, SeeBoard};

/// What is asked of each pair.
///
/// ```
/// use swapoff_bench::cases::Case;
/// assert_eq!(Case::ALL.map(Case::name), ["see_ge0", "see_ge_cycle", "see"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Case {
    /// `see_ge(m, 0)`.
    Ge0,
    /// `see_ge(m, t)` with t cycling -100, 0, +100 along the pairs.
    GeCycle,
    /// `see(m)`.
    Value,
}

impl Case {
    /// Every case, in the order the reports list them.
    pub const ALL: [Case; 3] = [Case::Ge0, Case::GeCycle, Case::Value];

    /// Its name in the reports.
    pub fn name(self) -> &'static str {
        match self {
            Case::Ge0 => "see_ge0",
            Case::GeCycle => "see_ge_cycle",
            Case::Value => "see",
        }
    }
}

/// A pair as the cases ask it: its board's index, its move and its cycling threshold.
pub trait Asked {
    /// The index of its position in the boards timed.
    fn board(&self) -> usize;
    /// The move.
    fn mv(&self) -> Move;
    /// The threshold of [`Case::GeCycle`].
    fn threshold(&self) -> i32;
}

impl Asked for crate::pairs::Pair {
    #[inline(always)]
    fn board(&self) -> usize {
        self.pos as usize
    }
    #[inline(always)]
    fn mv(&self) -> Move {
        self.mv
    }
    #[inline(always)]
    fn threshold(&self) -> i32 {
        self.threshold
    }
}

/// The rule sets timed, each with its label and default values.
pub fn rule_sets() -> [(&'static str, See); 3] {
    [
        ("default", See::new(Rules::Default)),
        ("classic", See::new(Rules::Classic)),
        ("stockfish", See::new(Rules::Stockfish)),
    ]
}

/// One case over `pairs` on `boards`; the sum keeps the calls from being optimised away.
///
/// The default rules and the Stockfish rules, with their values, are timed as an engine
/// calls them: the free functions, and a rule set held in a `const`, both resolved when
/// the program is compiled.
#[inline(never)]
pub fn run<B: SeeBoard, P: Asked>(see: See, boards: &[B], pairs: &[P], case: Case) -> i64 {
    if see == See::default() {
        return each(boards, pairs, case, swapoff::see_ge, swapoff::see);
    }
    const STOCKFISH: See = See::new(Rules::Stockfish);
    if see == STOCKFISH {
        let ge = |b: &B, m, t| STOCKFISH.ge(b, m, t);
        return each(boards, pairs, case, ge, |b: &B, m| STOCKFISH.value(b, m));
    }
    each(
        boards,
        pairs,
        case,
        |b: &B, m, t| see.ge(b, m, t),
        |b: &B, m| see.value(b, m),
    )
}

/// A threshold test and a value over `pairs`, one loop per case.
#[inline(always)]
fn each<B: SeeBoard, P: Asked>(
    boards: &[B],
    pairs: &[P],
    case: Case,
    see_ge: impl Fn(&B, Move, i32) -> bool,
    see: impl Fn(&B, Move) -> i32,
) -> i64 {
    let mut sum = 0i64;
    match case {
        Case::Ge0 => {
            for p in pairs {
                sum += i64::from(see_ge(&boards[p.board()], p.mv(), 0));
            }
        }
        Case::GeCycle => {
            for p in pairs {
                sum += i64::from(see_ge(&boards[p.board()], p.mv(), p.threshold()));
            }
        }
        Case::Value => {
            for p in pairs {
                sum += i64::from(see(&boards[p.board()], p.mv()));
            }
        }
    }
    sum
}
