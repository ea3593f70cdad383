"""What the farm's tests share: paths, ``crownhead-farm`` and crownhead run to their
end, directories compared, and a Ray worker of the session's cluster killed."""

import filecmp
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

#: The repository's root (farm/tests/ is two levels below it).
ROOT = Path(__file__).resolve().parents[2]

#: The longest a farm command of these tests may take.
TIMEOUT = 120


def run_farm(address, *args):
    """Runs ``crownhead-farm`` (the installed console script) joined to the cluster."""
    command = [shutil.which("crownhead-farm") or "crownhead-farm", args[0], "--address", address, *args[1:]]
    return subprocess.run([str(arg) for arg in command], capture_output=True, text=True, timeout=TIMEOUT)


def run_crownhead(binary, *args):
    """Runs crownhead to its end and returns its standard output."""
    done = subprocess.run(
        [binary, *map(str, args)], capture_output=True, text=True, timeout=TIMEOUT, check=True
    )
    return done.stdout


def same_tree(left, right):
    """Asserts that two directories hold the same files with the same bytes."""
    left_files = sorted(p.relative_to(left) for p in Path(left).rglob("*") if p.is_file())
    right_files = sorted(p.relative_to(right) for p in Path(right).rglob("*") if p.is_file())
    assert left_files == right_files
    _, mismatch, errors = filecmp.cmpfiles(left, right, left_files, shallow=False)
    assert (mismatch, errors) == ([], [])


def parent(pid):
    """The parent of process ``pid``, or None if it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])


def workers_running(marker):
    """The Ray workers of this session's cluster (children of the raylet this process
    started) running a crownhead command with ``marker`` among its arguments."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if cmdline and b"crownhead-farm/files" in cmdline[0] and marker.encode() in cmdline:
            worker = parent(int(entry.name))
            if worker and parent(parent(worker) or 0) == os.getpid():
                found.append(worker)
    return found


def kill_a_worker(marker, deadline=60):
    """Waits for a farm task running a crownhead command with ``marker`` in its command
    line, kills its Ray worker (SIGKILL) and returns the worker's pid."""
    stop = time.monotonic() + deadline
    while time.monotonic() < stop:
        for worker in workers_running(marker):
            os.kill(worker, signal.SIGKILL)
            return worker
        time.sleep(0.05)
    raise AssertionError(f"no task ran `crownhead {marker}` within {deadline} s")
