"""Building a revision of crownhead for ``sprt --base REV --candidate REV``: the
repository's ``scripts/build-revision``, which ``scripts/sprt`` uses too, builds it in a
temporary git worktree once and keeps the binary by commit."""

import sys
from pathlib import Path

from . import binary, command


def build(revision):
    """The path of ``revision``'s crownhead binary, built unless kept from before.

    Raises:
        binary.NoBinary: not inside the crownhead repository.
        command.CommandFailed: the revision is unknown or does not build.
    """
    root = binary.repository_root()
    script = root / "scripts" / "build-revision" if root else None
    if not (script and script.is_file()):
        raise binary.NoBinary(f"building '{revision}' needs the crownhead repository: run from inside it")
    print(
        f"crownhead-farm: {revision}: building unless built before (scripts/build-revision)", file=sys.stderr
    )
    out = command.run([script, revision], cwd=root)
    return root / Path(out.strip().splitlines()[-1])
