//! Where the rule sets give different answers, position by position.
