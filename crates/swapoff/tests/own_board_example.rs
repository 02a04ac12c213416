//! The `own_board` example is part of the documentation: run it, so that it cannot rot.

#[allow(dead_code)]
#[path = "../examples/own_board.rs"]
mod own_board;

#[test]
fn the_own_board_example_runs_and_its_values_hold() {
    own_board::main().expect("the example's positions parse");
}
