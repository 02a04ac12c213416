"""Each README's Python examples run, verbatim, in a fresh virtual environment that has
only what the README's own install line installs (from this checkout)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("readme", ["README.md", "crates/swapoff-py/README.md"])
def test_the_examples_run_after_the_readme_s_install_line(readme, tmp_path):
    text = (ROOT / readme).read_text()
    line = re.search(r'pip install "(\./crates/swapoff-py(?:\[[a-z,]+\])?)"', text)
    assert line, f"{readme} has no install line"
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, f"{readme} has no Python example"
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    install = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    try:
        # pip's own words when it fails (a full disk, the index out of reach), not only
        # its exit status.
        done = subprocess.run(
            [*install, line.group(1)], cwd=ROOT, capture_output=True, text=True
        )
        assert done.returncode == 0, (
            f"{readme}: pip install {line.group(1)} failed:\n{done.stdout}{done.stderr}"
        )
        for i, block in enumerate(blocks):
            script = tmp_path / f"example_{i}.py"
            script.write_text(block)
            # From the repository's root: the examples name its files.
            done = subprocess.run(
                [python, str(script)], cwd=ROOT, capture_output=True, text=True
            )
            assert done.returncode == 0, f"{readme}, example {i + 1}:\n{done.stderr}"
    finally:
        # The environment holds Dask, pyarrow, polars and DuckDB (about 1 GB): pytest
        # keeps its last runs' temporary folders, so it goes now.
        shutil.rmtree(venv, ignore_errors=True)
