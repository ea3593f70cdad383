"""Which crownhead binary the farm ships: ``--crownhead``, else ``$CROWNHEAD``, else
``crownhead`` on the PATH, else the repository's ``target/release/crownhead``."""

import os
import shutil
import subprocess
from pathlib import Path


class NoBinary(Exception):
    """No crownhead binary was found, or the one named is not a program."""


def repository_root():
    """The root of the git repository the current directory is in, or None."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return Path(out.strip())


def find(explicit=None):
    """The path of the crownhead binary to use.

    Raises:
        NoBinary: the binary named is not an executable file, or none is found.
    """
    named = explicit or os.environ.get("CROWNHEAD")
    if named:
        path = Path(shutil.which(named) or named)
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise NoBinary(f"{named} is not an executable file")
        return path.resolve()
    on_path = shutil.which("crownhead")
    if on_path:
        return Path(on_path).resolve()
    root = repository_root()
    built = root / "target" / "release" / "crownhead" if root else None
    if built and built.is_file():
        return built
    raise NoBinary(
        "no crownhead binary: give --crownhead PATH or set CROWNHEAD, put crownhead on the "
        "PATH, or run `cargo build --release` in the repository"
    )
