"""Endgame databases from Python: Engine(egdb_path=...) probes the databases
`crownhead egdb build` writes, or the built-in ones where it holds none, and scores a
database loss beyond any evaluation."""

import subprocess

import pytest

import crownhead

# English, Black to move with one king against two: lost (two kings beat one, as
# tests/engine/search.rs plays out and `crownhead egdb probe` says).
LOST = "B:WK14,K23:BK1"


@pytest.fixture(scope="module")
def english_egdb(crownhead_binary, tmp_path_factory):
    root = tmp_path_factory.mktemp("egdb")
    build = [str(crownhead_binary), "egdb", "build", "--variant", "english", "--pieces", "3"]
    subprocess.run(build + ["--dir", str(root), "--threads", "1"], check=True, capture_output=True)
    probe = [str(crownhead_binary), "egdb", "probe", "--variant", "english", "--fen", LOST, "--dir", str(root)]
    assert subprocess.run(probe, check=True, capture_output=True, text=True).stdout.strip() == "loss"
    return root


def test_the_search_probes_the_databases(english_egdb):
    game = crownhead.Game("english", LOST)
    with_egdb = crownhead.Engine(egdb_path=english_egdb, tt_size=16).analyse(game, depth=2)
    without = crownhead.Engine(egdb_path="", tt_size=16).analyse(game, depth=2)
    # A database loss scores 50 men less the evaluation; a king down is far less.
    assert with_egdb.score.men <= -45, with_egdb.score
    assert without.score.men > -45, without.score
    assert not with_egdb.score.is_decisive


def test_egdb_path_must_be_a_directory(tmp_path):
    with pytest.raises(ValueError, match="^egdb-path .*missing: not a directory$"):
        crownhead.Engine(egdb_path=tmp_path / "missing")
    # An empty directory is a valid root with no database in it: the built-in one
    # serves.
    game = crownhead.Game("english", LOST)
    assert crownhead.Engine(egdb_path=str(tmp_path)).analyse(game, depth=2).score.men <= -45
