"""``crownhead-farm sprt`` against ``crownhead match --sprt`` playing the same pairs."""

import pytest

from crownhead_farm import sprt
from crownhead_farm.command import CommandFailed

from .farm_support import ROOT, run_crownhead, run_farm

#: The second engine's network: crownhead against itself with another network wins,
#: draws and loses; one search thread at a fixed node count plays the same games on
#: every run.
NETWORK = f"eval-file={ROOT / 'nets' / 'next' / 'english-gen1.nnue'}"

#: The test of the comparison: its bounds, limit and length.
TEST = ["--sprt", "0,5", "--nodes", "300", "--games", "40"]


def farm_sprt(cluster, crownhead, *args):
    """``crownhead-farm sprt`` of crownhead against itself, with ``args``."""
    engines = ["--crownhead", crownhead, "--base-binary", crownhead, "--candidate-binary", crownhead]
    return run_farm(cluster, "sprt", *engines, *args)


def test_forty_games_count_as_one_match_counts_them_and_a_stopped_test_resumes(crownhead, cluster, tmp_path):
    state = tmp_path / "batches"
    done = farm_sprt(cluster, crownhead, "--base-option", NETWORK, *TEST, "--batch-pairs", 3, "--dir", state)
    assert done.returncode == 0, done.stderr
    engines = ["--engine", crownhead, "--engine", crownhead, "--engine-option", NETWORK]
    expected = run_crownhead(crownhead, "match", *engines, *TEST)
    assert done.stdout == expected
    assert "Pentanomial  LL" in expected and "sprt: 7 tasks, 40 games" in done.stderr, done.stderr
    assert len(list(state.glob("pairs-*.json"))) == 7

    # A batch lost from the middle is played again, the others are read back.
    (state / "pairs-7-9.json").unlink()
    options = sprt.Options(
        variant="english",
        sprt="0,5",
        limit=["--nodes", "300"],
        games=40,
        batch_pairs=3,
        base_options=(NETWORK,),
    )
    assert sprt.run(crownhead, crownhead, crownhead, options, state) == expected
    assert (state / "pairs-7-9.json").exists()


def test_batches_cover_the_pairs_around_those_played():
    options = sprt.Options(variant="english", sprt="0,5", limit=["--depth", "1"], games=21, batch_pairs=4)
    test = sprt.Test("crownhead", options, ".")
    test.done = {3: sprt.Batch(3, 4), 9: sprt.Batch(9, 9)}
    assert list(test.next_batches(1)) == [sprt.Batch(1, 2), sprt.Batch(5, 8), sprt.Batch(10, 11)]


def test_a_failing_task_is_reported_with_its_command_and_output(crownhead, cluster, tmp_path):
    bad_openings = tmp_path / "openings.txt"
    bad_openings.write_text("11-15 23-19 12-17\n")
    done = farm_sprt(
        cluster, crownhead, "--sprt", "0,5", "--depth", 1, "--games", 4, "--openings", bad_openings
    )
    assert done.returncode == 2
    error = done.stderr
    assert "crownhead-farm: error: pairs 1-2 failed after 4 tries" in error, error
    assert "match --engine" in error and "--pairs 1-2 --json" in error, error
    assert "line 1: illegal move '12-17'" in error, error


def test_bad_bounds_are_refused_by_crownhead_before_any_game(crownhead, cluster):
    options = sprt.Options(variant="english", sprt="5,0", limit=["--depth", "1"], games=4)
    with pytest.raises(CommandFailed, match="is not ELO0,ELO1"):
        sprt.run(crownhead, crownhead, crownhead, options)
