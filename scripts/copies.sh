# Sourced by the timing scripts: `copies BIN...` copies release binaries into a temporary
# folder (removed on exit) and sets COPIES to it. Runs are timed from fresh copies: on
# the machine of docs/speed.md, the binary as the linker wrote it once ran the question
# 9-11% slower than a `cp` of the same bytes, and at the copy's speed after its pages had
# left the page cache (the slowness was that file's state in the cache, not the code).
copies() {
    COPIES=$(mktemp -d)
    trap 'rm -rf "$COPIES"' EXIT
    cp "$@" "$COPIES/"
}
