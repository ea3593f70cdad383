"""The fixtures of the farm's tests: the crownhead binary, and a local Ray cluster of
four worker CPUs started for the session."""

import os
import subprocess

import pytest
import ray

from .farm_support import ROOT


@pytest.fixture(scope="session")
def crownhead():
    """The command-line program as README's test command builds it (`cargo test --profile
    test-release`), in cargo's target directory; built here if missing."""
    binary = ROOT / os.environ.get("CARGO_TARGET_DIR", "target") / "test-release" / "crownhead"
    if not binary.exists():
        build = ["cargo", "build", "--profile", "test-release", "--bin", "crownhead"]
        subprocess.run(build, cwd=ROOT, check=True)
    return binary


@pytest.fixture(scope="session")
def cluster():
    """The address of a local Ray cluster with four CPUs, this process its first driver."""
    ray.init(address="local", num_cpus=4, include_dashboard=False, log_to_driver=False)
    yield ray.get_runtime_context().gcs_address
    ray.shutdown()
