"""The progress line on standard error: tasks done, work done and its rate, time left.

On a terminal the line is rewritten in place; otherwise a line is printed at most every
few seconds, and at the end.
"""

import sys
import time

#: Seconds between lines when standard error is not a terminal.
_QUIET_INTERVAL = 5.0


def duration(seconds):
    """``1h02m``, ``3m05s`` or ``42s``."""
    seconds = int(round(seconds))
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"


class Progress:
    """Counts finished tasks and their work (games or positions) and shows the rate."""

    def __init__(self, label, unit, tasks=None, work=None, stream=None):
        """``tasks`` and ``work`` are the totals, None when unknown (an open SPRT)."""
        self.label, self.unit = label, unit
        self.total_tasks, self.total_work = tasks, work
        self.tasks = self.work = 0
        self.note = ""
        self.stream = stream or sys.stderr
        self.started = time.monotonic()
        self.shown = 0.0

    def done(self, work, note=None):
        """Counts a finished task that did ``work`` units; ``note`` is shown after."""
        self.tasks += 1
        self.work += work
        if note is not None:
            self.note = note
        self.show()

    def line(self):
        """The progress as one line."""
        elapsed = max(time.monotonic() - self.started, 1e-9)
        rate = self.work / elapsed
        tasks = f"{self.tasks}/{self.total_tasks}" if self.total_tasks else f"{self.tasks}"
        text = f"{self.label}: {tasks} tasks, {self.work} {self.unit}, {rate:.1f} {self.unit}/s"
        if self.total_work and self.work and self.work < self.total_work:
            text += f", {duration((self.total_work - self.work) / rate)} left"
        text += f", {duration(elapsed)} elapsed"
        return f"{text}  {self.note}".rstrip()

    def show(self, final=False):
        """Shows the line: always on a terminal, at intervals otherwise."""
        now = time.monotonic()
        if self.stream.isatty():
            self.stream.write("\r\x1b[K" + self.line() + ("\n" if final else ""))
        elif final or now - self.shown >= _QUIET_INTERVAL:
            self.stream.write(self.line() + "\n")
        else:
            return
        self.shown = now
        self.stream.flush()

    def finish(self):
        """Shows the last line."""
        self.show(final=True)
