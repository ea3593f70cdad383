"""``crownhead-farm egdb`` against ``crownhead egdb build`` on one machine."""

import threading

from crownhead_farm import egdb

from .farm_support import kill_a_worker, run_crownhead, same_tree


def reference(crownhead, directory, pieces):
    """The database `crownhead egdb build` writes."""
    run_crownhead(crownhead, "egdb", "build", "--variant", "english", "--pieces", pieces, "--dir", directory)
    return directory


def test_a_four_piece_database_is_file_for_file_the_one_crownhead_builds(crownhead, cluster, tmp_path):
    out = tmp_path / "farm"
    assert egdb.run(crownhead, "english", 4, out) == (452, 0)
    expected = reference(crownhead, tmp_path / "one-machine", 4)
    same_tree(out, expected)

    # A stopped build resumes: slices removed (one that others need among them) are
    # built again, the rest kept.
    for name in ("0101-xx", "1110-33", "2011-66"):
        (out / "english" / f"{name}.egdb").unlink()
    assert egdb.run(crownhead, "english", 4, out) == (3, 449)
    same_tree(out, expected)


def test_the_slices_a_slice_needs_include_those_of_its_needs():
    slices = [
        egdb.Slice("a", 1, (), "x/a.egdb"),
        egdb.Slice("b", 1, ("a",), "x/b.egdb"),
        egdb.Slice("c", 1, ("b",), "x/c.egdb"),
    ]
    assert egdb.closure(slices) == {"a": set(), "b": {"a"}, "c": {"a", "b"}}


def test_a_worker_killed_mid_build_loses_and_doubles_no_slice(crownhead, cluster, tmp_path):
    out = tmp_path / "farm"
    result = []
    farm = threading.Thread(target=lambda: result.append(egdb.run(crownhead, "english", 3, out)))
    farm.start()
    kill_a_worker("build")
    farm.join(timeout=120)
    assert result == [(156, 0)]
    same_tree(out, reference(crownhead, tmp_path / "one-machine", 3))
