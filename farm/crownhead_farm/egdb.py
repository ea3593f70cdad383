"""``crownhead-farm egdb``: an endgame database built as a task graph, one task per slice
(``crownhead egdb build --slice ID``), each waiting for the slices it needs.

Slices travel through the object store: a task is given the files of every slice its
slice needs, directly or through another, writes those its node lacks to the node's copy
of the database (``NODE_DATABASES``, by binary and rule set), builds its slice there and
returns the file, which the driver writes under ``DIR`` as it comes. Slices whose file
is in ``DIR`` already are read rather than built, so a stopped build resumes.
"""

import json
from dataclasses import dataclass
from pathlib import Path

import ray

from . import command, tasks
from .progress import Progress
from .shipping import CACHE, Shipped, ship, write_atomically

#: Where each node keeps its copy of the databases being built.
NODE_DATABASES = CACHE.parent / "egdb"


@dataclass(frozen=True)
class Slice:
    """A slice as ``crownhead egdb slices --json`` lists it."""

    id: str
    positions: int
    needs: tuple
    file: str

    def __str__(self):
        return f"slice {self.id}"


def closure(slices):
    """Every slice each slice needs, directly or through another: building one probes
    the slices its positions' moves and captures reach, captures played out to the end."""
    needed = {}
    for target in slices:
        reached = set(target.needs)
        for need in target.needs:
            reached |= needed[need]
        needed[target.id] = reached
    return needed


def list_slices(binary, variant, pieces):
    """The slices up to ``pieces`` pieces, in build order."""
    listed = json.loads(
        command.run([binary, "egdb", "slices", "--variant", variant, "--pieces", pieces, "--json"])
    )
    return [Slice(s["id"], s["positions"], tuple(s["needs"]), s["file"]) for s in listed]


@ray.remote(**tasks.TASK_OPTIONS)
def build_slice(binary: Shipped, variant, pieces, threads, target, need_files, *need_contents):
    """Task: builds slice ``target`` on ``threads`` threads from the files of its needs
    and returns its file."""
    root = NODE_DATABASES / f"{binary.digest[:16]}-{variant}"
    for name, content in zip(need_files, need_contents):
        if not (root / name).exists():
            write_atomically(root / name, content)
    args = ["egdb", "build", "--variant", variant, "--pieces", pieces, "--dir", root]
    command.run([binary.path(), *args, "--threads", threads, "--slice", target.id])
    return (root / target.file).read_bytes()


def submit(binary, variant, pieces, out, threads):
    """Submits a task for each slice missing from ``out``, each given the object-store
    copies of the slices it needs (files of ``out``, or the tasks building them).

    Returns the tasks' ObjectRefs, each to its slice, and the number of slices.
    """
    slices = list_slices(binary, variant, pieces)
    by_id, needed = {s.id: s for s in slices}, closure(slices)
    shipped_binary = ship(binary, executable=True)
    task = build_slice.options(num_cpus=threads)
    refs, pending = {}, {}
    for target in slices:
        if (Path(out) / target.file).exists():
            continue
        needs = [by_id[need] for need in sorted(needed[target.id])]
        for need in needs:
            if need.id not in refs:
                refs[need.id] = ray.put((Path(out) / need.file).read_bytes())
        contents = [refs[need.id] for need in needs]
        files = [need.file for need in needs]
        refs[target.id] = task.remote(shipped_binary, variant, pieces, threads, target, files, *contents)
        pending[refs[target.id]] = target
    return pending, len(slices)


def run(binary, variant, pieces, out, threads=1):
    """Builds the slices missing from ``out``, each task on ``threads`` threads (and as
    many CPUs of the cluster), and writes each file as it comes.

    Returns the number of slices built and of those already there.
    """
    pending, count = submit(binary, variant, pieces, out, threads)
    missing = list(pending.values())
    progress = Progress("egdb", "positions", tasks=len(missing), work=sum(s.positions for s in missing))

    def done(target, content):
        write_atomically(Path(out) / target.file, content)
        progress.done(target.positions)

    tasks.gather(pending, done, progress)
    return len(missing), count - len(missing)
