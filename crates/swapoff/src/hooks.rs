//! Checking a board's performance hooks against its contract: an override that answers
//! differently from the default changes SEE values silently, so this says which hook and
//! where.

use crate::board::{exposure, SeeBoard};
use crate::types::{Bitboard, Color, Role, Square};
use core::fmt;

/// A performance hook whose answer differs from what the board's contract implies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookMismatch {
    /// The hook, e.g. `"pieces_of"`.
    pub hook: &'static str,
    /// Where, what it answered, and what the contract implies.
    pub detail: String,
}

impl fmt::Display for HookMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.hook, self.detail)
    }
}

impl std::error::Error for HookMismatch {}

/// The board seen through its contract alone: its hooks are the defaults.
struct Plain<'a, B: ?Sized>(&'a B);

impl<B: SeeBoard + ?Sized> SeeBoard for Plain<'_, B> {
    fn by_color(&self, color: Color) -> Bitboard {
        self.0.by_color(color)
    }
    fn by_role(&self, role: Role) -> Bitboard {
        self.0.by_role(role)
    }
}

fn differ<T: fmt::Debug + PartialEq>(
    hook: &'static str,
    at: impl fmt::Display,
    got: T,
    want: T,
) -> Result<(), HookMismatch> {
    if got == want {
        return Ok(());
    }
    Err(HookMismatch {
        hook,
        detail: format!("{at}: answers {got:?}, the contract implies {want:?}"),
    })
}

/// Checks every [performance hook](SeeBoard#performance-hooks) of `board` against the
/// answer its two required methods imply, on every square and for both colours, and
/// returns the first that differs. For [`king_exposure`](SeeBoard::king_exposure) the
/// answer must hold every square between a king and an enemy slider on a line from it.
///
/// Call it in the tests of a board that overrides hooks, on the positions it is tested
/// on; [`PreparedBoard`](crate::PreparedBoard) calls it on itself in debug builds.
///
/// ```
/// # #[cfg(feature = "cozy-chess")] {
/// use swapoff::{check_hooks, PreparedBoard};
/// let board: cozy_chess::Board = "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1".parse().unwrap();
/// assert_eq!(check_hooks(&board), Ok(()));
/// assert_eq!(check_hooks(&PreparedBoard::new(&board)), Ok(()));
/// # }
/// ```
pub fn check_hooks<B: SeeBoard + ?Sized>(board: &B) -> Result<(), HookMismatch> {
    let plain = Plain(board);
    differ("occupied", "the board", board.occupied(), plain.occupied())?;
    let sliders = (board.diagonal_sliders(), board.straight_sliders());
    let want = (plain.diagonal_sliders(), plain.straight_sliders());
    differ(
        "diagonal_sliders/straight_sliders",
        "the board",
        sliders,
        want,
    )?;
    for color in [Color::White, Color::Black] {
        for role in Role::ALL {
            let at = format_args!("{color:?} {role:?}").to_string();
            differ(
                "pieces_of",
                at,
                board.pieces_of(color, role),
                plain.pieces_of(color, role),
            )?;
        }
        differ("pins", color, board.pins(color), plain.pins(color))?;
        let needed = exposure(&plain, color);
        let kept = board.king_exposure(color);
        if kept & needed != needed {
            let at = format!("{color:?}, squares {:#x} missing", needed & !kept);
            differ("king_exposure", at, kept, needed)?;
        }
    }
    let occupied = plain.occupied();
    for sq in (0..64).filter_map(Square::new) {
        // `occupant` first: `role_on`'s default answers through it.
        if occupied & sq.bit() != 0 {
            differ("occupant", sq, board.occupant(sq), plain.occupant(sq))?;
        }
        differ("role_on", sq, board.role_on(sq), plain.role_on(sq))?;
        let promotes = board.pawn_promotes_capturing_on(sq);
        let want = plain.pawn_promotes_capturing_on(sq);
        differ("pawn_promotes_capturing_on", sq, promotes, want)?;
    }
    Ok(())
}
