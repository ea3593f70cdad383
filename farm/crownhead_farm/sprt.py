"""``crownhead-farm sprt``: an SPRT between two builds, its game pairs played in batches
as tasks (``crownhead match --pairs FIRST-LAST --json`` each).

The batches' games are counted centrally by crownhead itself (``crownhead
match-summary``), in game order and only over the batches that follow on from pair 1
without a gap, so the statistics, the verdict and the summary are those of one ``crownhead
match --sprt`` playing the same pairs one after another. When a bound is crossed, or the
games run out, the batches still under way are cancelled.

Each batch's JSON summary is kept in the state directory, so a stopped test resumes.
"""

import json
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import ray

from . import cluster, command, tasks
from .progress import Progress
from .shipping import Shipped, ship, write_atomically

#: A batch file's name: its first and last pair.
_BATCH_NAME = re.compile(r"^pairs-(\d+)-(\d+)\.json$")


@dataclass
class Options:
    """The test: ``limit`` is the match's limit arguments (``["--nodes", "20000"]``),
    ``games`` the most games to play (None: until the SPRT decides)."""

    variant: str
    sprt: str
    limit: list
    openings: str = "builtin"
    games: int = None
    batch_pairs: int = 10
    candidate_options: tuple = ()
    base_options: tuple = ()


@dataclass(frozen=True)
class Batch:
    """Game pairs ``first`` to ``last``, counted from 1."""

    first: int
    last: int

    def __str__(self):
        return f"pairs {self.first}-{self.last}"

    def file_name(self):
        """The name of the batch's JSON summary in the state directory."""
        return f"pairs-{self.first}-{self.last}.json"


def match_args(options, engines, openings):
    """The ``crownhead match`` arguments of the test but the pairs: ``engines`` the
    candidate's and the base's command, ``openings`` the opening set or file."""
    args = ["match", "--engine", engines[0]]
    for option in options.candidate_options:
        args += ["--engine-option", option]
    args += ["--engine", engines[1]]
    for option in options.base_options:
        args += ["--engine-option", option]
    return args + ["--variant", options.variant, *options.limit, "--openings", openings]


@ray.remote(**tasks.TASK_OPTIONS)
def play_batch(runner: Shipped, engines, options, openings, batch):
    """Task: plays a batch of pairs and returns its JSON summary."""
    local = [str(engine.path()) for engine in engines]
    openings_path = str(openings.path()) if openings else options.openings
    args = match_args(options, local, openings_path)
    return command.run([runner.path(), *args, "--pairs", f"{batch.first}-{batch.last}", "--json"])


class Test:
    """The batches played so far, and what crownhead makes of them."""

    def __init__(self, binary, options, state):
        self.binary, self.options, self.state = binary, options, Path(state)
        self.done = {}
        for path in self.state.glob("pairs-*.json"):
            match = _BATCH_NAME.match(path.name)
            if match:
                batch = Batch(int(match[1]), int(match[2]))
                self.done[batch.first] = batch
        self.last_pair = None if options.games is None else (options.games + 1) // 2

    def next_batches(self, start):
        """Batches from pair ``start`` on, around those played and up to the cap."""
        pair = start
        starts = sorted(self.done)
        while self.last_pair is None or pair <= self.last_pair:
            if pair in self.done:
                pair = self.done[pair].last + 1
                continue
            last = pair + self.options.batch_pairs - 1
            last = min([last] + [s - 1 for s in starts if s > pair])
            if self.last_pair is not None:
                last = min(last, self.last_pair)
            yield Batch(pair, last)
            pair = last + 1

    def record(self, batch, summary):
        """Keeps a finished batch's JSON summary."""
        write_atomically(self.state / batch.file_name(), summary.encode())
        self.done[batch.first] = batch

    def prefix(self):
        """The files of the batches that follow on from pair 1, and the last pair they reach."""
        files, pair = [], 1
        while pair in self.done:
            files.append(self.state / self.done[pair].file_name())
            pair = self.done[pair].last + 1
        return files, pair - 1

    def summary(self, as_json):
        """crownhead's summary of the games counted so far (text, or parsed JSON)."""
        files, _ = self.prefix()
        if not files:
            return None
        args = [self.binary, "match-summary", "--sprt", self.options.sprt, *files]
        out = command.run(args + ["--json"] if as_json else args)
        return json.loads(out) if as_json else out

    def finished(self):
        """Whether the SPRT decided or every pair up to the cap is counted; the LLR note."""
        summary = self.summary(as_json=True)
        if summary is None:
            return False, ""
        sprt = summary["sprt"]
        note = f"LLR {sprt['llr']:.2f} ({sprt['lower']:.2f}, {sprt['upper']:.2f})"
        _, reached = self.prefix()
        capped = self.last_pair is not None and reached >= self.last_pair
        return sprt["verdict"] != "no decision" or capped, note


def check_sprt(binary, scratch, text):
    """Has crownhead read the SPRT's bounds, before any game is played.

    Raises:
        command.CommandFailed: crownhead refuses them.
    """
    empty = Path(scratch) / "no-games.json"
    empty.write_text('{"engines": ["", ""], "games": []}')
    command.run([binary, "match-summary", "--sprt", text, empty])


def run(binary, candidate, base, options, state=None):
    """Plays the test on the cluster and returns crownhead's text summary."""
    with tempfile.TemporaryDirectory(prefix="crownhead-farm-sprt-") as scratch:
        check_sprt(binary, scratch, options.sprt)
        state = Path(state or scratch)
        state.mkdir(parents=True, exist_ok=True)
        return _play(binary, candidate, base, options, Test(binary, options, state))


def _play(binary, candidate, base, options, test):
    runner = ship(binary, executable=True)
    engines = (ship(candidate, executable=True), ship(base, executable=True))
    openings = ship(options.openings) if options.openings != "builtin" else None
    batches = test.next_batches(1)
    progress = Progress("sprt", "games", work=None if options.games is None else options.games)

    def submit(count):
        submitted = {}
        for batch in batches:
            submitted[play_batch.remote(runner, engines, options, openings, batch)] = batch
            if len(submitted) == count:
                break
        return submitted

    def done(batch, summary):
        test.record(batch, summary)
        finished, note = test.finished()
        progress.done(2 * (batch.last - batch.first + 1), note)
        if finished:
            raise tasks.Stop
        return submit(1)

    finished, _ = test.finished()
    if not finished:
        tasks.gather(submit(2 * cluster.cpu_count()), done, progress)
    return test.summary(as_json=False)
