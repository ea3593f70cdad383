"""The fixtures of the farm's tests: the crownhead binary, and a local Ray cluster of
four worker CPUs started for the session."""

import subprocess

import pytest
import ray

from .farm_support import ROOT


@pytest.fixture(scope="session")
def crownhead():
    """The command-line program, built by `cargo test --release` (or here if missing)."""
    binary = ROOT / "target" / "release" / "crownhead"
    if not binary.exists():
        subprocess.run(["cargo", "build", "--release", "--bin", "crownhead"], cwd=ROOT, check=True)
    return binary


@pytest.fixture(scope="session")
def cluster():
    """The address of a local Ray cluster with four CPUs, this process its first driver."""
    ray.init(address="local", num_cpus=4, include_dashboard=False, log_to_driver=False)
    yield ray.get_runtime_context().gcs_address
    ray.shutdown()
