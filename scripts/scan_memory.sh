#!/usr/bin/env bash
# Peak memory of `seeswap scan` on N positions versus 10N: a streaming scan stays flat.
#
# Usage: scripts/scan_memory.sh DATA_DIR [path/to/seeswap]
#   DATA_DIR holds Stockfish's books UHO_4060_v4.epd and endgames.epd (~400,000 positions)
#   and bjbraams_chessdb_198350_lines.pgn (16 MB), which are too big for the repository.
#   Default binary: $CARGO_TARGET_DIR/release/seeswap (or target/release/seeswap), built
#   with `cargo build --release -p swapoff-cli` first if missing.
# Inputs: the books and the PGN, each once and concatenated ten times into a temporary
# directory. Output goes
# to /dev/null. Peak RSS comes from /usr/bin/time -v ("Maximum resident set size"), or
# from /proc/<pid>/status VmHWM when GNU time is missing.
# Exits 1 if the 10x run needs more than twice the memory of the 1x run.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
if [[ $# -lt 1 ]]; then
    echo "usage: $0 DATA_DIR [path/to/seeswap]" >&2
    exit 2
fi
shared="$1"
for f in UHO_4060_v4.epd endgames.epd bjbraams_chessdb_198350_lines.pgn; do
    if [[ ! -f "$shared/$f" ]]; then
        echo "missing data file: $shared/$f" >&2
        exit 2
    fi
done

bin="${2:-${CARGO_TARGET_DIR:-$root/target}/release/seeswap}"
if [[ ! -x "$bin" ]]; then
    (cd "$root" && cargo build --release -p swapoff-cli)
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cat "$shared/UHO_4060_v4.epd" "$shared/endgames.epd" > "$tmp/1x.epd"
cp "$shared/bjbraams_chessdb_198350_lines.pgn" "$tmp/1x.pgn"
for ext in epd pgn; do
    for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$tmp/1x.$ext"; done > "$tmp/10x.$ext"
done

# Prints "<peak RSS in KiB> <seconds> <positions>" for one run.
measure() {
    local input="$1" log="$tmp/log"
    local start end kib
    start=$(date +%s.%N)
    if [[ -x /usr/bin/time ]]; then
        /usr/bin/time -v "$bin" scan "$input" > /dev/null 2> "$log" || true
        kib=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
    else
        "$bin" scan "$input" > /dev/null 2> "$log" &
        local pid=$! peak=0 now
        while kill -0 "$pid" 2> /dev/null; do
            now=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2> /dev/null || echo 0)
            [[ -n "$now" && "$now" -gt "$peak" ]] && peak=$now
            sleep 0.05
        done
        wait "$pid" || true
        kib=$peak
    fi
    end=$(date +%s.%N)
    local positions
    positions=$(grep -o 'scan: [0-9]* positions' "$log" | grep -o '[0-9]*' | head -1)
    echo "$kib $(echo "$end - $start" | bc) ${positions:-?}"
}

status=0
printf '%-5s %-4s %12s %14s %10s\n' format size positions "peak RSS KiB" seconds
for ext in epd pgn; do
    read -r kib1 s1 n1 < <(measure "$tmp/1x.$ext")
    read -r kib10 s10 n10 < <(measure "$tmp/10x.$ext")
    printf '%-5s %-4s %12s %14s %10.2f\n' "$ext" 1x "$n1" "$kib1" "$s1"
    printf '%-5s %-4s %12s %14s %10.2f\n' "$ext" 10x "$n10" "$kib10" "$s10"
    if (( kib10 > 2 * kib1 )); then
        echo "$ext: peak memory grows with input size ($kib1 KiB -> $kib10 KiB)" >&2
        status=1
    fi
done
exit $status
