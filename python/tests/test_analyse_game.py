"""analyse_game: a move that allows a 2-for-1 shot is a blunder, and every comment is the
one `crownhead analyse-game` writes for the same game and depth."""

import subprocess

import pytest

import crownhead
from conftest import DATA

SHOT = DATA / "analyse" / "shot.pdn"


def test_the_move_allowing_a_shot_is_a_blunder():
    # tests/tools/analyse_game.rs: after 1. 9-13 22-18, Black's 5-9 allows 18-15 11x18 23x14x5,
    # two men for one.
    game = crownhead.read_pdn(SHOT)[0]
    analysis = crownhead.analyse_game(game, depth=10)
    assert [ply.move.text for ply in analysis] == ["9-13", "22-18", "5-9", "18-15", "11x18", "23x5"]
    assert [ply.judgement for ply in analysis] == [None, None, "blunder", None, None, None]
    blunder = analysis[2]
    assert blunder.best_move is not None and blunder.best_move.text != "5-9"
    assert blunder.loss >= 0.9
    assert blunder.best_score.men - blunder.score.men == pytest.approx(blunder.loss)
    assert "blunder" in blunder.comment and ", best " in blunder.comment
    # White's shot is the engine's own choice: no loss, no alternative named.
    assert analysis[3].best_move == analysis[3].move and analysis[3].loss == 0
    assert "best" not in analysis[3].comment
    # Black (the first player in English) is a man down after the shot.
    assert analysis[3].score.men > 0.9


def test_same_comments_as_the_command_line(crownhead_binary, tmp_path):
    out = tmp_path / "annotated.pdn"
    subprocess.run(
        # No endgame database, as the module's default engine.
        [str(crownhead_binary), "analyse-game", str(SHOT), "--depth", "9", "--egdb-path", "", "--out", str(out)],
        check=True,
        capture_output=True,
    )
    (annotated,) = crownhead.read_pdn(out)
    game = crownhead.read_pdn(SHOT)[0]
    engine = crownhead.Engine(threads=1, tt_size=64)
    analysis = crownhead.analyse_game(game, depth=9, engine=engine)
    assert [ply.comment for ply in analysis] == annotated.comments
    assert annotated.tags["Annotator"].startswith("crownhead")
