"""Waiting for tasks: results handed over as they come, a failed task reported with its
command and output, and the tasks still pending cancelled when the farm stops."""

import ray
from ray.exceptions import RayError, RayTaskError

from .command import CommandFailed

#: How often Ray runs a task again after it failed or its worker died, each time in a
#: fresh worker process (on another node when its node is gone).
RETRIES = 3

#: Options of every farm task: one CPU, retried on failure.
TASK_OPTIONS = {"num_cpus": 1, "max_retries": RETRIES, "retry_exceptions": True}


class Stop(Exception):
    """Raised by a result handler: the farm has what it needs, cancel the rest."""


class TaskFailed(Exception):
    """A task failed on every try: which task, and the command and output of its last."""

    def __init__(self, task, cause):
        super().__init__(task, cause)
        self.task, self.cause = task, cause

    def __str__(self):
        return f"{self.task} failed after {RETRIES + 1} tries: {self.cause}"


def _cause(error):
    """The failing command and its output if a command failed, else Ray's account."""
    cause = getattr(error, "cause", None) if isinstance(error, RayTaskError) else None
    return str(cause) if isinstance(cause, CommandFailed) else str(error)


def gather(pending, on_done, progress):
    """Waits for the tasks of ``pending`` (an ObjectRef to a task description each).

    ``on_done(task, result)`` is called as each finishes, in the order they finish; it
    returns a dict of more tasks to wait for (ObjectRef to description), or None, and
    raises Stop to stop early. Tasks still pending when this returns or raises are
    cancelled.

    Raises:
        TaskFailed: a task failed on every try.
    """
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=1.0)
            for ref in ready:
                task = pending.pop(ref)
                try:
                    result = ray.get(ref)
                except RayError as error:
                    raise TaskFailed(task, _cause(error)) from None
                pending.update(on_done(task, result) or {})
            if not ready:
                progress.show()
    except Stop:
        pass
    finally:
        cancel(pending)
        progress.finish()


def cancel(refs):
    """Cancels the tasks of ``refs``: a running one is interrupted, which kills its
    command."""
    for ref in list(refs):
        try:
            ray.cancel(ref)
        except (RayError, ValueError, TypeError):
            pass
