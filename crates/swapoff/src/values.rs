//! Piece values: the currency SEE counts in.

use crate::types::Role;
use core::fmt;

/// The largest value a piece may be given.
///
/// It keeps every sum an exchange can produce (at most 32 captures of a promoted queen)
/// far inside `i32`, so no arithmetic in the library can overflow whatever the values and
/// thresholds are.
pub const MAX_PIECE_VALUE: i32 = 1 << 23;

/// The values SEE counts material in. The king is never captured and has no value.
///
/// Values must be positive, at most [`MAX_PIECE_VALUE`], and ordered
/// pawn ≤ knight ≤ bishop ≤ rook ≤ queen: attackers are tried in that order, which is
/// "least valuable first" only when the values agree with it.
///
/// ```
/// use swapoff::PieceValues;
/// let v = PieceValues::default();
/// assert_eq!((v.pawn(), v.knight(), v.bishop(), v.rook(), v.queen()), (100, 300, 300, 500, 900));
/// let wiki = PieceValues::new(100, 325, 325, 500, 1000).unwrap();
/// assert_eq!(wiki.queen(), 1000);
/// assert!(PieceValues::new(100, 300, 300, 500, -1).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PieceValues {
    /// Indexed by `Role::index()`; the king's entry is 0, and one more 0 stands for an
    /// empty square (so that looking one up needs no branch).
    table: [i32; 7],
}

/// Why a set of piece values was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValuesError {
    /// A value is zero or negative.
    NotPositive {
        /// The piece whose value is wrong.
        role: Role,
        /// The value given.
        value: i64,
    },
    /// A value is larger than [`MAX_PIECE_VALUE`].
    TooLarge {
        /// The piece whose value is wrong.
        role: Role,
        /// The value given.
        value: i64,
    },
    /// A piece is worth less than the one before it in pawn, knight, bishop, rook, queen order.
    OutOfOrder {
        /// The cheaper-in-order piece.
        lower: Role,
        /// The piece that is worth less than it.
        higher: Role,
    },
}

impl fmt::Display for ValuesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ValuesError::NotPositive { role, value } => {
                write!(f, "{} value {value} must be positive", role_name(role))
            }
            ValuesError::TooLarge { role, value } => write!(
                f,
                "{} value {value} is larger than the maximum {MAX_PIECE_VALUE}",
                role_name(role)
            ),
            ValuesError::OutOfOrder { lower, higher } => write!(
                f,
                "{} must be worth at least as much as {} (values must not decrease in the order P, N, B, R, Q)",
                role_name(higher),
                role_name(lower)
            ),
        }
    }
}

impl std::error::Error for ValuesError {}

/// Lower-case English name of a piece kind.
pub(crate) fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

impl PieceValues {
    /// The conventional 100/300/300/500/900 values (the shared SEE suites use them).
    pub const STANDARD: PieceValues = PieceValues {
        table: [100, 300, 300, 500, 900, 0, 0],
    };

    /// Stockfish's values (pawn 208, knight 781, bishop 825, rook 1276, queen 2538).
    pub const STOCKFISH: PieceValues = PieceValues {
        table: [208, 781, 825, 1276, 2538, 0, 0],
    };

    /// Checked constructor. Takes `i64` so that any integer a user types can be judged.
    ///
    /// A `const fn`: an engine's values, and a [`See`](crate::See) with them, can be
    /// constants, checked when the program is compiled.
    ///
    /// ```
    /// use swapoff::{PieceValues, Rules, See};
    /// const VALUES: PieceValues = match PieceValues::new(100, 320, 330, 500, 950) {
    ///     Ok(values) => values,
    ///     Err(_) => panic!("piece values out of order"),
    /// };
    /// const SEE: See = See::new(Rules::Default).with_values(VALUES);
    /// assert_eq!(SEE.values().knight(), 320);
    /// ```
    pub const fn new(
        pawn: i64,
        knight: i64,
        bishop: i64,
        rook: i64,
        queen: i64,
    ) -> Result<PieceValues, ValuesError> {
        let given = [pawn, knight, bishop, rook, queen];
        let mut table = [0i32; 7];
        let mut i = 0;
        while i < given.len() {
            let (role, value) = (Role::ALL[i], given[i]);
            if value <= 0 {
                return Err(ValuesError::NotPositive { role, value });
            }
            if value > MAX_PIECE_VALUE as i64 {
                return Err(ValuesError::TooLarge { role, value });
            }
            if i > 0 && value < given[i - 1] {
                return Err(ValuesError::OutOfOrder {
                    lower: Role::ALL[i - 1],
                    higher: role,
                });
            }
            // In range by the checks above.
            table[i] = value as i32;
            i += 1;
        }
        Ok(PieceValues { table })
    }

    /// The value of `role` (0 for the king).
    #[inline(always)]
    pub const fn value(&self, role: Role) -> i32 {
        self.table[role.index()]
    }

    /// Values for pawn, knight, bishop, rook and queen, as a `const` an engine writes in
    /// one line. Values [`new`](Self::new) refuses do not compile in a `const` (and panic
    /// elsewhere), with the reason.
    ///
    /// ```
    /// use swapoff::PieceValues;
    /// const VALUES: PieceValues = PieceValues::of(100, 320, 330, 500, 950);
    /// assert_eq!(VALUES.value(swapoff::Role::Bishop), 330);
    /// ```
    ///
    /// ```compile_fail
    /// // A queen worth less than a rook.
    /// const WRONG: swapoff::PieceValues = swapoff::PieceValues::of(100, 300, 300, 500, 400);
    /// ```
    pub const fn of(pawn: i32, knight: i32, bishop: i32, rook: i32, queen: i32) -> PieceValues {
        match PieceValues::new(
            pawn as i64,
            knight as i64,
            bishop as i64,
            rook as i64,
            queen as i64,
        ) {
            Ok(values) => values,
            Err(ValuesError::NotPositive { .. }) => panic!("piece values must be positive"),
            Err(ValuesError::TooLarge { .. }) => {
                panic!("a piece value is larger than MAX_PIECE_VALUE")
            }
            Err(ValuesError::OutOfOrder { .. }) => panic!(
                "piece values must not decrease in the order pawn, knight, bishop, rook, queen"
            ),
        }
    }

    /// The value of what stands on a square: 0 when it is empty (`None`). Without a
    /// branch: `None` is stored as the index after the king's.
    #[inline(always)]
    pub(crate) const fn of_occupant(&self, role: Option<Role>) -> i32 {
        match role {
            Some(role) => self.table[role.index()],
            None => self.table[6],
        }
    }

    /// Pawn value.
    pub const fn pawn(&self) -> i32 {
        self.table[0]
    }
    /// Knight value.
    pub const fn knight(&self) -> i32 {
        self.table[1]
    }
    /// Bishop value.
    pub const fn bishop(&self) -> i32 {
        self.table[2]
    }
    /// Rook value.
    pub const fn rook(&self) -> i32 {
        self.table[3]
    }
    /// Queen value.
    pub const fn queen(&self) -> i32 {
        self.table[4]
    }

    /// What a pawn gains by becoming a queen: a recapture that promotes wins this on top
    /// of the piece it takes.
    #[inline(always)]
    pub(crate) const fn promotion_gain(&self) -> i32 {
        self.queen() - self.pawn()
    }
}

impl Default for PieceValues {
    fn default() -> Self {
        PieceValues::STANDARD
    }
}

impl fmt::Display for PieceValues {
    /// `P,N,B,R,Q`, the form `--values` accepts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.table;
        write!(f, "{},{},{},{},{}", t[0], t[1], t[2], t[3], t[4])
    }
}

impl core::str::FromStr for PieceValues {
    type Err = ParseValuesError;

    /// Parses `P,N,B,R,Q`, for example `100,325,325,500,1000`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fields: Vec<&str> = s.split(',').map(str::trim).collect();
        if fields.len() != 5 {
            return Err(ParseValuesError::FieldCount(fields.len()));
        }
        let mut v = [0i64; 5];
        for (i, field) in fields.iter().enumerate() {
            v[i] = field.parse().map_err(|e: core::num::ParseIntError| {
                let role = Role::ALL[i];
                let text = (*field).to_string();
                match e.kind() {
                    // Digits, but too many: out of range, not "not an integer".
                    core::num::IntErrorKind::PosOverflow | core::num::IntErrorKind::NegOverflow => {
                        ParseValuesError::OutOfRange { role, text }
                    }
                    _ => ParseValuesError::NotANumber { role, text },
                }
            })?;
        }
        PieceValues::new(v[0], v[1], v[2], v[3], v[4]).map_err(ParseValuesError::Invalid)
    }
}

/// Why a `P,N,B,R,Q` string could not be read as piece values.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ParseValuesError {
    /// Not exactly five comma-separated fields.
    FieldCount(usize),
    /// A field is not an integer.
    NotANumber {
        /// The piece of that field.
        role: Role,
        /// The text found.
        text: String,
    },
    /// A field is an integer too large to be a piece value.
    OutOfRange {
        /// The piece of that field.
        role: Role,
        /// The text found.
        text: String,
    },
    /// The numbers were read but are not acceptable values.
    Invalid(ValuesError),
}

impl fmt::Display for ParseValuesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseValuesError::FieldCount(n) => write!(
                f,
                "expected five values P,N,B,R,Q separated by commas, found {n} field(s)"
            ),
            ParseValuesError::NotANumber { role, text } => {
                write!(f, "{} value {text:?} is not an integer", role_name(*role))
            }
            ParseValuesError::OutOfRange { role, text } => write!(
                f,
                "{} value {text} is out of range (a value is from 1 to {})",
                role_name(*role),
                MAX_PIECE_VALUE
            ),
            ParseValuesError::Invalid(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseValuesError {}
