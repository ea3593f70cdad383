"""``crownhead-farm selfplay``: the shards of a self-play run as tasks, one
``crownhead selfplay --shard K/S`` each, their files gathered into one directory.

Shard K's file is ``DIR/shard-K-of-S.bin``, the same bytes ``crownhead selfplay --shard
K/S --out FILE`` writes on one machine with the same seed. A shard whose file is there
already is not played again, so a stopped run resumes.
"""

import tempfile
from dataclasses import dataclass
from pathlib import Path

import ray

from . import command, tasks
from .progress import Progress
from .shipping import Shipped, ship, write_atomically


@dataclass
class Options:
    """What to play: ``limit`` is ``["--nodes", N]`` or ``["--depth", D]``; ``files``
    holds the ``--openings`` and ``--eval-file`` files to ship, by option."""

    variant: str
    games: int
    limit: list
    shards: int
    out: Path
    seed: int = 1
    random_plies: int = None
    openings: str = "builtin"
    eval_file: Path = None


@dataclass(frozen=True)
class Shard:
    """Shard ``number`` (from 1) of ``count``."""

    number: int
    count: int

    def __str__(self):
        return f"shard {self.number}/{self.count}"


def shard_file(out, shard, shards):
    """Where shard ``shard`` (from 1) of ``shards`` goes."""
    return Path(out) / f"shard-{shard}-of-{shards}.bin"


def shard_games(games, shard, shards):
    """The games of shard ``shard``: the indices ``i < games`` with ``i % shards == shard - 1``."""
    return len(range(shard - 1, games, shards))


def shard_args(options, shard, files):
    """The ``crownhead selfplay`` arguments of a shard, but ``--out``; ``files`` maps an
    option to the local path of its shipped file."""
    args = ["selfplay", "--variant", options.variant, "--games", options.games, *options.limit]
    args += ["--threads", 1, "--seed", options.seed, "--shard", f"{shard}/{options.shards}"]
    if options.random_plies is not None:
        args += ["--random-plies", options.random_plies]
    args += ["--openings", files.get("--openings", options.openings)]
    if "--eval-file" in files:
        args += ["--eval-file", files["--eval-file"]]
    return args


@ray.remote(**tasks.TASK_OPTIONS)
def play_shard(binary: Shipped, options, shard, shipped):
    """Task: plays one shard and returns its file's bytes and the command's summary."""
    files = {option: str(item.path()) for option, item in shipped.items()}
    with tempfile.TemporaryDirectory(prefix="crownhead-farm-selfplay-") as scratch:
        out = Path(scratch) / "shard.bin"
        summary = command.run([binary.path(), *shard_args(options, shard, files), "--out", out])
        return out.read_bytes(), summary


def shipped_files(options):
    """The opening and network files the shards need, shipped."""
    files = {}
    if options.openings != "builtin":
        files["--openings"] = ship(options.openings)
    if options.eval_file:
        files["--eval-file"] = ship(options.eval_file)
    return files


def run(options, binary):
    """Plays the shards whose files are missing and writes each file as it comes.

    Returns the shards' summaries by shard (those played now).
    """
    todo = [
        k for k in range(1, options.shards + 1) if not shard_file(options.out, k, options.shards).exists()
    ]
    progress = Progress(
        "selfplay",
        "games",
        tasks=len(todo),
        work=sum(shard_games(options.games, k, options.shards) for k in todo),
    )
    shipped_binary, files = ship(binary, executable=True), shipped_files(options)
    pending = {play_shard.remote(shipped_binary, options, k, files): Shard(k, options.shards) for k in todo}
    summaries = {}

    def done(shard, result):
        content, summary = result
        write_atomically(shard_file(options.out, shard.number, shard.count), content)
        summaries[shard.number] = summary.strip()
        progress.done(shard_games(options.games, shard.number, shard.count))

    tasks.gather(pending, done, progress)
    return summaries
