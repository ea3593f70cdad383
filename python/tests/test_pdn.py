"""PDN through Python: the real collections of tests/data/pdn/ read with the counts and
results tests/rules/pdn.rs checks, then written by Game.pdn() and read again unchanged;
the annotated games' variations, glyphs and comments kept through the same round trip,
and variations added from Python."""

import pytest

import crownhead
from conftest import DATA

PDN = DATA / "pdn"

DERIVED = {"result", "gametype", "variant", "setup", "fen"}


def results(games):
    """(first player wins, second player wins, draws), by the Result tags."""
    tally = [0, 0, 0]
    for game in games:
        index = {"1-0": 0, "2-0": 0, "0-1": 1, "0-2": 1, "1/2-1/2": 2, "1-1": 2}.get(game.tags.get("Result"))
        if index is not None:
            tally[index] += 1
    return tuple(tally)


def assert_round_trip(games):
    for game in games:
        text = game.pdn()
        (again,) = crownhead.read_pdn(text, variant="czech")  # the tags name the rule set
        assert again.variant == game.variant
        assert again.start_fen == game.start_fen
        assert [move.text for move in again.moves] == [move.text for move in game.moves]
        assert again.moves == game.moves
        assert again.comments == game.comments
        assert again.glyphs == game.glyphs
        assert again.intro_comment == game.intro_comment
        assert tree(again) == tree(game)
        assert again.tags["Result"] == game.tags.get("Result", "*")
        kept = {name: value for name, value in game.tags.items() if name.lower() not in DERIVED}
        assert {name: value for name, value in again.tags.items() if name.lower() not in DERIVED} == kept
        assert again.pdn() == text


def line_tree(line):
    """A variation (or game) as plain values: per move its text, glyph, comment and the
    trees of its variations."""
    return [
        (move.text, glyph, comment, [[variation.comment, line_tree(variation)] for variation in line.variations(ply)])
        for ply, (move, glyph, comment) in enumerate(zip(line.moves, line.glyphs, line.comments))
    ]


def tree(game):
    return [game.intro_comment, line_tree(game)]


@pytest.mark.parametrize(
    "name, variant, count, tally",
    [
        # The figures of tests/rules/pdn.rs (results counted with grep in the files).
        ("tinsley.pdn", "english", 33, (3, 7, 23)),
        ("wk2003.pdn", "international", 23, (4, 2, 17)),
        ("kurnik.pdn", "international", 4, (1, 1, 2)),
        ("ussr1947.pdn", "russian", 54, None),
    ],
)
def test_collections_round_trip(name, variant, count, tally):
    games = crownhead.read_pdn(PDN / name, variant="russian" if variant == "russian" else "english")
    assert len(games) == count
    assert {game.variant for game in games} == {variant}
    if tally is not None:
        assert results(games) == tally
    assert_round_trip(games)


def test_tinsley_details():
    # tests/rules/pdn.rs: the first game is Tinsley against Rex, 56 plies, ending 24x15x6.
    games = crownhead.read_pdn(str(PDN / "tinsley.pdn"))
    first = games[0]
    assert (first.tags["Black"], first.tags["White"]) == ("MF Tinsley", "M Rex")
    assert len(first.moves) == 56 and len(first.moves[55].captured) == 2
    assert [move.text for move in games[1].moves[9:12]] == ["27x9", "6x22", "25x11"]


def test_problems_with_comments_and_setups():
    # Two of the 91 games give an ambiguous capture (tests/rules/pdn.rs): skipped on request.
    games = crownhead.read_pdn(PDN / "tricks_traps_and_shots.pdn", skip_errors=True)
    assert len(games) == 89
    assert results(games) == (23, 48, 18)
    assert games[0].tags["Event"] == "TTS Example 1"
    assert games[0].start_fen != crownhead.Game().start_fen
    assert any(comment for game in games for comment in game.comments)
    assert_round_trip(games)


def test_a_played_game_written_and_read_back():
    game = crownhead.Game("english", "W:W18:B14")
    game.tags["White"] = "Ann"
    game.push("18x9")
    game.comments = ["the last man"]
    text = game.pdn()
    # Black moves first in English, so White's win is 0-1; the start is a set-up.
    assert '[White "Ann"]' in text and '[Result "0-1"]' in text and '[FEN "W:W18:B14"]' in text
    assert "18x9 {the last man} 0-1" in text
    (back,) = crownhead.read_pdn(text)
    assert back.tags["White"] == "Ann" and back.result().winner == "white"
    assert back.comments == ["the last man"]
    # A result the rules do not give (a resignation) comes from the Result tag.
    game = crownhead.Game("international")
    game.push("32-28")
    game.tags["Result"] = "0-2"
    assert game.pdn().rstrip().endswith("32-28 0-2")
    assert crownhead.read_pdn(game.pdn())[0].tags["Result"] == "0-2"
    del game.tags["Result"]
    assert game.pdn().rstrip().endswith("32-28 *")


@pytest.mark.parametrize("name", ["english", "international", "russian"])
def test_annotated_games_keep_their_tree(name):
    # Written for the tests (tests/data/pdn/README.md): two games each, variations nested
    # two deep, glyphs and comments; tests/rules/pdn_tree.rs checks the same files.
    games = crownhead.read_pdn(PDN / "annotated" / f"{name}.pdn", variant=name)
    assert len(games) == 2
    for game in games:
        nested = [
            inner
            for ply in range(len(game.moves))
            for variation in game.variations(ply)
            for inner_ply in range(len(variation))
            for inner in variation.variations(inner_ply)
        ]
        assert nested, game.tags["Event"]
    assert_round_trip(games)


def test_the_standards_variation_file_through_python():
    # `32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 14x23`
    (game,) = crownhead.read_pdn(PDN / "edge" / "variation.pdn", variant="international")
    assert [move.text for move in game.moves] == ["32-28", "19-23", "28x19", "14x23"]
    assert [game.variations(ply) != [] for ply in range(4)] == [False, True, False, False]
    (variation,) = game.variations(1)
    assert [move.text for move in variation.moves] == ["18-23", "38-32", "12-18"]
    assert variation.start_fen == crownhead.read_pdn("32-28", variant="international")[0].fen()
    (nested,) = variation.variations(1)
    assert ([move.text for move in nested.moves], nested.glyphs) == (["37-32", "23-29"], ["?", "!"])
    assert nested.comments == [None, "Black wins"]
    assert repr(nested) == "<Variation 37-32 23-29>"
    with pytest.raises(IndexError):
        game.variations(4)
    with pytest.raises(IndexError):
        nested.variations(2)


def test_annotations_and_variations_made_in_python():
    game = crownhead.Game("english")
    for move in ["11-15", "23-19", "8-11"]:
        game.push(move)
    game.intro_comment = "a study"
    game.glyphs = [None, "!?", None]
    game.comments = [None, None, "the book move"]
    added = game.add_variation(1, ["22-18", "15x22"], comment="or")
    assert [move.text for move in added.moves] == ["22-18", "15x22"] and added.comment == "or"
    inner = game.add_variation(2, ["12-16"])
    assert len(game.variations(2)) == 1 and inner.moves[0].text == "12-16"
    text = game.pdn()
    moves = "{a study} 1. 11-15 23-19!? ({or} 1... 22-18 2. 15x22) 2. 8-11 {the book move} (2. 12-16) *"
    assert text.split("\n\n")[1].split() == moves.split()
    (back,) = crownhead.read_pdn(text)
    assert tree(back) == tree(game)
    # Taking back a move drops its annotations and variations; a copy keeps them.
    copy = game.copy()
    game.pop()
    assert game.glyphs == [None, "!?"] and len(game.comments) == 2
    assert tree(copy)[1][2][3] == [[None, [("12-16", None, None, [])]]]
    # Bad input leaves the game unchanged.
    with pytest.raises(crownhead.IllegalMoveError):
        game.add_variation(1, ["22-18", "11-15"])
    with pytest.raises(ValueError, match="no glyph"):
        game.glyphs = ["!!!", None]
    with pytest.raises(ValueError, match="2 moves"):
        game.glyphs = ["!"]
    with pytest.raises(IndexError):
        game.add_variation(2, ["24-20"])
    assert len(game.variations(1)) == 1 and game.glyphs == [None, "!?"]
