"""Shared paths and fixtures for the Python module's tests."""

import subprocess
from pathlib import Path

import pytest

#: The repository's root (python/tests/ is two levels below it).
ROOT = Path(__file__).resolve().parents[2]

#: The Rust tests' data, which these tests share.
DATA = ROOT / "tests" / "data"


@pytest.fixture(scope="session")
def crownhead_binary():
    """The command-line program, built by `cargo test --release` (or here if missing)."""
    binary = ROOT / "target" / "release" / "crownhead"
    if not binary.exists():
        subprocess.run(["cargo", "build", "--release", "--bin", "crownhead"], cwd=ROOT, check=True)
    return binary
