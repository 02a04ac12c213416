"""How the question scales with threads (run by scripts/scaling)."""

import os
import re
import statistics
import subprocess
import sys
import time
from typing import TypedDict

QUESTION = [
    "--csv",
    "--columns",
    "game,ply,played,played_see,clock,eval",
    "--tags",
    "WhiteElo,BlackElo",
]
# Seconds between two looks at the threads' CPU times (a thread's last few milliseconds
# before it ends may be missed: a thread is read until it is gone).
SAMPLE = 0.005


class Run(TypedDict):
    """One run: wall and CPU seconds, positions, and CPU seconds by thread role."""

    wall: float
    cpu: float
    positions: int
    threads: dict[str, float]


def role(name: str) -> str:
    """A thread's role, from the name the scan gives it."""
    if name.startswith("swapoff-scan"):
        return "workers"
    if name.startswith("swapoff-read"):
        return "reader"
    if name.startswith("swapoff-unzip"):
        return "unzip"
    return "writer"


def thread_times(pid: int) -> dict[int, tuple[str, float]]:
    """Each live thread's name and CPU seconds (user + system) so far."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return out
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                stat = f.read()
        except (FileNotFoundError, ProcessLookupError):
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        out[int(tid)] = (name, (int(fields[11]) + int(fields[12])) / tick)
    return out


def run(path: str, threads: int) -> Run:
    command = [os.environ["SEESWAP"], "scan", "--threads", str(threads), *QUESTION, path]
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seen: dict[int, tuple[str, float]] = {}
    while child.poll() is None:
        seen.update(thread_times(child.pid))
        time.sleep(SAMPLE)
    wall = time.perf_counter() - started
    stderr = child.stderr.read().decode() if child.stderr else ""
    if child.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{stderr}")
    found = re.search(r"(\d+) positions", stderr)
    by_role = {"unzip": 0.0, "reader": 0.0, "workers": 0.0, "writer": 0.0}
    for name, cpu in seen.values():
        by_role[role(name)] += cpu
    return {
        "wall": wall,
        "cpu": sum(by_role.values()),
        "positions": int(found.group(1)) if found else 0,
        "threads": by_role,
    }


def main() -> None:
    path = sys.argv[1]
    rounds = int(os.environ.get("ROUNDS", "3"))
    cores = os.cpu_count() or 1
    counts = list(range(1, cores + 1))
    runs: dict[int, list[Run]] = {n: [] for n in counts}
    for _ in range(rounds):
        for n in counts:
            runs[n].append(run(path, n))
    print(f"medians of {rounds} alternated rounds on {cores} cores: {path}")
    print(
        "(one thread reads, scans and writes on the main thread: all of it is the writer's)"
    )
    print(
        "threads  wall s  positions/s  speedup  CPU s  unzip  reader  workers  writer  cut"
    )
    base = statistics.median(r["wall"] for r in runs[1])
    fractions = []
    for n in counts:
        wall = statistics.median(r["wall"] for r in runs[n])
        cpu = statistics.median(r["cpu"] for r in runs[n])
        roles = runs[n][0]["threads"]
        parts = {k: statistics.median(r["threads"][k] for r in runs[n]) for k in roles}
        positions = runs[n][0]["positions"]
        speedup = base / wall
        share = parts["reader"] / cpu if cpu else 0.0
        rate = positions / wall / 1e6
        cells = [
            f"{n:>7}  {wall:6.3f}  {rate:9.2f}M  {speedup:6.2f}x  {cpu:5.2f}",
            f"{parts['unzip']:5.2f}  {parts['reader']:6.2f}  {parts['workers']:7.2f}",
            f"{parts['writer']:6.2f}",
            f"{share:6.1%}",
        ]
        print("  ".join(cells))
        if n > 1:
            fractions.append((n / speedup - 1) / (n - 1))
    if fractions:
        serial = min(max(fractions[-1], 0.0), 1.0)
        print(f"serial fraction (Amdahl, from {counts[-1]} threads): {serial:.3f}")
        for cores_then in (16, 64):
            allowed = 1 / (serial + (1 - serial) / cores_then)
            print(f"speedup Amdahl's law then allows at {cores_then} cores: {allowed:.1f}x")


if __name__ == "__main__":
    main()
