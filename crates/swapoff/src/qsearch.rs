//! A material-only quiescence search: the reference consumer of SEE.
