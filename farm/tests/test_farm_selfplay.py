"""``crownhead-farm selfplay`` against ``crownhead selfplay`` run shard by shard."""

import threading

from crownhead_farm import selfplay

from .farm_support import kill_a_worker, run_crownhead, run_farm, same_tree

GAMES, SHARDS = 12, 4


def reference(crownhead, directory, nodes):
    """The shards as `crownhead selfplay --shard K/S` writes them, one after another."""
    directory.mkdir()
    for shard in range(1, SHARDS + 1):
        out = selfplay.shard_file(directory, shard, SHARDS)
        run = ["--games", GAMES, "--nodes", nodes, "--seed", 7, "--shard", f"{shard}/{SHARDS}"]
        run_crownhead(crownhead, "selfplay", *run, "--out", out)
    return directory


def test_four_shards_are_the_files_crownhead_writes_and_a_stopped_run_resumes(crownhead, cluster, tmp_path):
    out = tmp_path / "farm"
    run = ["--games", GAMES, "--nodes", 300, "--seed", 7, "--shards", SHARDS]
    done = run_farm(cluster, "selfplay", "--crownhead", crownhead, *run, "--out", out)
    assert done.returncode == 0, done.stderr
    assert "selfplay: 4/4 tasks, 12 games" in done.stderr
    assert [line.split(":")[0] for line in done.stdout.splitlines()] == [f"shard {k}/4" for k in range(1, 5)]
    expected = reference(crownhead, tmp_path / "one-machine", 300)
    same_tree(out, expected)

    selfplay.shard_file(out, 3, SHARDS).unlink()
    options = selfplay.Options(
        variant="english", games=GAMES, limit=["--nodes", 300], shards=SHARDS, out=out, seed=7
    )
    assert list(selfplay.run(options, crownhead)) == [3]
    same_tree(out, expected)


def test_a_worker_killed_mid_run_loses_and_doubles_no_game(crownhead, cluster, tmp_path):
    out = tmp_path / "farm"
    options = selfplay.Options(
        variant="english", games=GAMES, limit=["--nodes", 3000], shards=SHARDS, out=out, seed=7
    )
    result = {}
    farm = threading.Thread(target=lambda: result.update(selfplay.run(options, crownhead)))
    farm.start()
    kill_a_worker("selfplay")
    farm.join(timeout=120)
    assert not farm.is_alive()
    assert sorted(result) == [1, 2, 3, 4]
    same_tree(out, reference(crownhead, tmp_path / "one-machine", 3000))
