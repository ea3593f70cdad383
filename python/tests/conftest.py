"""Shared paths and fixtures for the Python module's tests."""

import os
import subprocess
from pathlib import Path

import pytest

#: The repository's root (python/tests/ is two levels below it).
ROOT = Path(__file__).resolve().parents[2]

#: The Rust tests' data, which these tests share.
DATA = ROOT / "tests" / "data"


@pytest.fixture(scope="session")
def crownhead_binary():
    """The command-line program as README's test command builds it (`cargo test --profile
    test-release`), in cargo's target directory; built here if missing."""
    binary = ROOT / os.environ.get("CARGO_TARGET_DIR", "target") / "test-release" / "crownhead"
    if not binary.exists():
        build = ["cargo", "build", "--profile", "test-release", "--bin", "crownhead"]
        subprocess.run(build, cwd=ROOT, check=True)
    return binary
