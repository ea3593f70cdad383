"""The README's Python example runs as written (from the repository's root)."""

import os
import re

from conftest import ROOT


def test_readme_example_runs(capsys):
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("\n## Python\n") :]
    example = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert len(example.strip().splitlines()) <= 12
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        exec(compile(example, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 8  # six moves, the result line, the analysis
    assert "5-9" in lines[2] and lines[2].endswith(", blunder")
    assert lines[6] == "None 1-0"
