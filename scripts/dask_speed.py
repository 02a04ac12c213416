"""Dask beside the command on one question: see scripts/dask_speed, which runs this."""

import glob
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from dask.distributed import Client, LocalCluster

import swapoff.dask

COLUMNS = ["game", "ply", "played", "played_see", "clock", "eval"]
TAGS = ["WhiteElo", "BlackElo"]


def timed(run: Callable[[], int]) -> tuple[float, int]:
    """Wall seconds of `run`, and the rows it counted."""
    started = time.perf_counter()
    rows = run()
    return time.perf_counter() - started, rows


def main() -> None:
    parts = sorted(glob.glob(sys.argv[1])) * (int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    if not parts:
        sys.exit(f"no file matches {sys.argv[1]}")
    command = [os.environ["SEESWAP"], "scan", "--csv", "--threads", "2"]
    command += ["--columns", ",".join(COLUMNS), "--tags", ",".join(TAGS), *parts]

    def cli() -> int:
        # The rows to /dev/null, as a shell's redirection sends them; the count from the
        # closing line on standard error ("seeswap scan: N positions from ...").
        done = subprocess.run(
            command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        return int(done.stderr.decode().rsplit("seeswap scan: ", 1)[1].split()[0])

    def dask() -> int:
        frame = swapoff.dask.scan(parts, columns=COLUMNS, tags=TAGS)
        return int(frame.map_partitions(len).compute().sum())

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster:
        with Client(cluster):
            dask()  # the workers warm, the package imported
            times: dict[str, list[float]] = {"cli": [], "dask": []}
            rows: dict[str, int] = {}
            for _ in range(int(os.environ.get("ROUNDS", "5"))):
                for name, run in (("cli", cli), ("dask", dask)):
                    seconds, rows[name] = timed(run)
                    times[name].append(seconds)
    if rows["cli"] != rows["dask"]:
        sys.exit(f"the rows differ: {rows}")
    medians = {name: statistics.median(t) for name, t in times.items()}
    for name, t in times.items():
        spread = " ".join(f"{s:.2f}" for s in sorted(t))
        print(f"{name:5} {medians[name]:.2f} s  ({spread}), {rows[name]:,} rows")
    ratio = medians["cli"] / medians["dask"]
    print(f"Dask's throughput beside the command's: {ratio:.2f}x")


if __name__ == "__main__":
    main()
