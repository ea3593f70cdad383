"""Files shipped to the workers through Ray's object store: the crownhead binaries, and
the opening and network files a command names.

A worker keeps each file in a cache named by its SHA-256, so a binary is fetched and
written once per node however many tasks use it.
"""

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import ray

#: Where workers keep the files shipped to them.
CACHE = Path(tempfile.gettempdir()) / "crownhead-farm" / "files"


@dataclass(frozen=True)
class Shipped:
    """A file in the object store: its name, content hash and whether it is a program."""

    name: str
    digest: str
    executable: bool
    ref: ray.ObjectRef

    def path(self):
        """On a worker: the file's local path, written from the object store if missing."""
        path = CACHE / self.digest / self.name
        if not path.exists():
            write_atomically(path, ray.get(self.ref), 0o755 if self.executable else 0o644)
        return path


def ship(path, executable=False):
    """Puts the file at ``path`` in the object store."""
    content = Path(path).read_bytes()
    digest = hashlib.sha256(content).hexdigest()
    return Shipped(Path(path).name, digest, executable, ray.put(content))


def write_atomically(path, content, mode=0o644):
    """Writes ``content`` to ``path`` under a temporary name with permissions ``mode``,
    then renames it, so that a file seen under its name is whole and usable."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(handle, "wb") as file:
        file.write(content)
    os.chmod(temporary, mode)
    os.replace(temporary, path)
