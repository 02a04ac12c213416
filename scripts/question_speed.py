"""The cost of a question beside reading the games (run by scripts/question_speed)."""

import os
import shutil
import statistics
import subprocess
import sys
import time
from typing import Literal, TypedDict

Run = Literal["baseline", "validate", "question", "all"]
Measure = Literal["user", "cpu", "elapsed"]


class Times(TypedDict):
    """One run's seconds: user, user and system (CPU), and wall-clock."""

    user: float
    cpu: float
    elapsed: float


QUESTION = [
    "--columns",
    "game,ply,played,played_see,clock,eval",
    "--tags",
    "WhiteElo,BlackElo",
]


def timed(command: list[str]) -> Times:
    """Runs `command` (its output to /dev/null) and returns its seconds, to the
    microsecond, from the child's own resource usage (the kernel samples how a run's time
    splits between user and system; their sum, the CPU time, is exact)."""
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(command)}")
    return {
        "user": usage.ru_utime,
        "cpu": usage.ru_utime + usage.ru_stime,
        "elapsed": elapsed,
    }


def main() -> None:
    path = sys.argv[1]
    rounds = int(os.environ.get("ROUNDS", "5"))
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    scan = [*pin, os.environ["SEESWAP"], "scan", "--threads", "1", "--csv"]
    commands: dict[Run, list[str]] = {
        "baseline": [*pin, os.environ["LAB"], "read-games", path]
    }
    # pgn-reader's own `validate` example, when given: the baseline the target names,
    # built as its authors build it (their release profile; read-games is built with ours).
    if os.environ.get("VALIDATE"):
        commands["validate"] = [*pin, os.environ["VALIDATE"], path]
    commands["question"] = [*scan, *QUESTION, path]
    commands["all"] = [*scan, path]
    runs: dict[Run, list[Times]] = {run: [] for run in commands}
    for _ in range(rounds):
        for run, command in commands.items():
            runs[run].append(timed(command))
    measures: list[Measure] = ["user", "cpu", "elapsed"]
    median = {
        run: {m: statistics.median(t[m] for t in times) for m in measures}
        for run, times in runs.items()
    }
    print(f"medians of {rounds} alternated rounds, one core; seconds and throughput beside")
    print("the baseline, by user time, by CPU time (user + system) and by wall-clock time")
    name: dict[Run, str] = {
        "baseline": "read-games",
        "validate": "validate",
        "question": "the question",
        "all": "every column",
    }

    def throughput(run: Run, base: Run, m: Measure) -> str:
        return f"{median[base][m] / median[run][m]:.2f}x"

    for run in commands:
        cells = [
            f"{m} {median[run][m]:.3f} s ({throughput(run, 'baseline', m)})"
            for m in measures
        ]
        print(f"{name[run]:<13} " + "  ".join(cells))
    if "validate" in commands:
        print("beside validate, by user, CPU and wall-clock time:")
        for run in ("question", "all"):
            cells = [f"{m} {throughput(run, 'validate', m)}" for m in measures]
            print(f"{name[run]:<13} " + "  ".join(cells))


if __name__ == "__main__":
    main()
