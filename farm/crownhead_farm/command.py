"""Running crownhead in a task: its output kept, and a clear error when it fails."""

import ctypes
import signal
import subprocess
import sys

#: prctl's request to have the kernel signal a process when its parent dies.
_PR_SET_PDEATHSIG = 1


class CommandFailed(Exception):
    """A command that exited with an error: the command line, its status and output."""

    def __init__(self, args, status, output):
        super().__init__(args, status, output)
        self.command = " ".join(str(arg) for arg in args)
        self.status = status
        self.output = output

    def __str__(self):
        return f"`{self.command}` exited with status {self.status}:\n{self.output.rstrip()}"


def _die_with_parent():
    """In the child: be killed when the worker that started it dies (Linux only)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def run(args, cwd=None):
    """Runs ``args`` to its end and returns its standard output.

    Standard error is kept with the output for the error report. A worker killed
    mid-run takes the command with it, so that no orphan goes on writing.

    Raises:
        CommandFailed: the command exited with a non-zero status.
    """
    preexec = _die_with_parent if sys.platform.startswith("linux") else None
    process = subprocess.run(
        [str(arg) for arg in args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=preexec,
    )
    if process.returncode != 0:
        raise CommandFailed(args, process.returncode, process.stdout + process.stderr)
    return process.stdout
