//! Score arithmetic that the fast walks (`see`) and the exact search (`exact`) share:
//! the bound no value reaches and the clamp into a window. It sits below both, so that
//! neither module imports the other for it.

/// No SEE value reaches this magnitude (at most 32 captures of at most twice
/// [`crate::MAX_PIECE_VALUE`]), so it serves as infinity and as the clamp for thresholds.
pub(crate) const LIMIT: i32 = 1 << 30;

/// `value.clamp(alpha, beta)` for `alpha < beta`, written out: `Ord::clamp` compiles to an
/// out-of-line call with a panic check on the hot path.
#[inline(always)]
pub(crate) fn clamp(value: i32, alpha: i32, beta: i32) -> i32 {
    value.max(alpha).min(beta)
}
