//! The default rules taken apart (the `ablation` feature): the rule sets between
//! `Classic` and `Default` that add one of the default rules at a time, for measuring in
//! an engine's matches what each rule is worth. They are a type of their own, not
//! variants of [`Rules`](crate::Rules), so that turning the feature on anywhere in a
//! build adds items and changes no enum an engine matches on.

use crate::rules::{FastRules, PinRule};
use core::fmt;

/// A part of the default rules, played by [`See::part`](crate::See::part).
///
/// ```
/// # #[cfg(feature = "cozy-chess")] {
/// use swapoff::ablation::Part;
/// use swapoff::{Move, Rules, See};
/// // Nxe6 uncovers Ba1 against Kh8: pins alone let fxe6 answer it, checks do not.
/// let board: cozy_chess::Board = "7k/5p2/4p3/8/3N4/8/8/B5K1 w - - 0 1".parse().unwrap();
/// let nxe6 = Move::from_cozy(&board, "d4e6".parse().unwrap());
/// assert_eq!(See::part(Part::Pins).value(&board, nxe6), -200);
/// assert_eq!(See::part(Part::PinsChecks).value(&board, nxe6), 100);
/// assert_eq!(See::new(Rules::Default).value(&board, nxe6), 100);
/// # }
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Part {
    /// The default rules' pins alone (with the exception for a capture along the pin's
    /// line), over the classic swap list.
    Pins,
    /// Pins and discovered checks, without the king rule and recapture promotions.
    PinsChecks,
}

impl Part {
    /// Both parts, in the order they add rules.
    pub const ALL: [Part; 2] = [Part::Pins, Part::PinsChecks];

    /// Its name: `pins`, `pins-checks`.
    pub const fn name(self) -> &'static str {
        match self {
            Part::Pins => "pins",
            Part::PinsChecks => "pins-checks",
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

pub(crate) struct PinsRules;
pub(crate) struct PinsChecksRules;

impl FastRules for PinsRules {
    const PINS: PinRule = PinRule::Uncovered;
    const KING_XRAY: bool = false;
    const PROMOTE_RECAPTURES: bool = false;
    const ONLY_NORMAL: bool = false;
    const CHECKS: bool = false;
}

impl FastRules for PinsChecksRules {
    const PINS: PinRule = PinRule::Uncovered;
    const KING_XRAY: bool = false;
    const PROMOTE_RECAPTURES: bool = false;
    const ONLY_NORMAL: bool = false;
    const CHECKS: bool = true;
}
