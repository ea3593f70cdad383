"""Shared paths for the Python module's tests."""

from pathlib import Path

#: The repository's root (python/tests/ is two levels below it).
ROOT = Path(__file__).resolve().parents[2]

#: The Rust tests' data, which these tests share.
DATA = ROOT / "tests" / "data"
