# Sourced by the timing scripts: `copies BIN...` copies release binaries into a temporary
# folder (removed on exit) and sets COPIES to it. Runs are timed from the copies: on the
# machine of docs/speed.md, the binary as the linker wrote it ran the question 9-11%
# slower than a copy of the same bytes (made by `cp`, as `cargo install` and pip make an
# installed one), from how its pages sit in the page cache.
copies() {
    COPIES=$(mktemp -d)
    trap 'rm -rf "$COPIES"' EXIT
    cp "$@" "$COPIES/"
}
