"""Puzzles through Python: the built-in sets are the shipped files' puzzles, easiest
first, each playable on its own Game and written back as its file line; a shot checked by
hand (tests/tools/puzzles.rs says how) read from text and from a file; damaged files
refused naming the file and the line."""

import re

import pytest

import crownhead
from conftest import ROOT

#: A classic English shot: White gives 20, Black's 12 takes it onto 19, and 24 takes
#: two, landing on 6 to crown.
SHOT = "W:W20,24,27,28,30:B3,5,10,12,13\t20-16 12x19 24x6\tshot\t1\t800"


def shipped_lines(variant):
    """The puzzle lines of the rule set's shipped file, puzzles/VARIANT.tsv."""
    text = (ROOT / "puzzles" / f"{variant}.tsv").read_text()
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("variant", crownhead.VARIANTS)
def test_the_built_in_set_is_the_shipped_file_easiest_first(variant):
    puzzles = crownhead.puzzles(variant)
    assert sorted(str(puzzle) for puzzle in puzzles) == sorted(shipped_lines(variant))
    assert [puzzle.rating for puzzle in puzzles] == sorted(puzzle.rating for puzzle in puzzles)
    assert all(puzzle.variant == variant for puzzle in puzzles)
    assert len(set(puzzles)) == len(puzzles)
    assert set(crownhead.read_puzzles("\n".join(shipped_lines(variant)) + "\n", variant)) == set(puzzles)


@pytest.mark.parametrize("variant", ["english", "international", "russian", "frisian"])
def test_each_built_in_puzzle_plays_on_its_game(variant):
    for puzzle in crownhead.puzzles(variant):
        game = puzzle.game()
        assert (game.variant, game.fen(), game.turn, game.moves) == (variant, puzzle.fen, puzzle.turn, [])
        assert puzzle.key_move == puzzle.moves[0]
        assert puzzle.key_move in game.legal_moves()
        for move in puzzle.moves:
            game.push(move.text)
        assert game.moves == puzzle.moves
        assert len(puzzle.moves) % 2 == 1
        assert puzzle.theme in {"block", "shot", "breakthrough", "endgame", "gain"}
        assert puzzle.rating == 700 + 100 * min(max(puzzle.difficulty, 1), 18)
        assert crownhead.read_puzzles(str(puzzle), variant) == [puzzle]


def test_the_hand_checked_shot():
    (puzzle,) = crownhead.read_puzzles(f"# one puzzle\n\n{SHOT}\n")
    assert str(puzzle) == SHOT
    assert (puzzle.variant, puzzle.turn, puzzle.theme, puzzle.difficulty, puzzle.rating) == (
        "english", "white", "shot", 1, 800)
    assert [move.text for move in puzzle.moves] == ["20-16", "12x19", "24x6"]
    assert puzzle.moves[2].captured == [10, 19]
    assert repr(puzzle) == (
        "<crownhead.Puzzle english W:W20,24,27,28,30:B3,5,10,12,13 shot rating 800: 20-16 12x19 24x6>")
    game = puzzle.game()
    for move in puzzle.moves:
        game.push(move)
    assert game.fen() == "B:W6,27,28,30:B3,5,13"


def test_a_puzzle_file_is_read_by_its_path(tmp_path):
    path = tmp_path / "shot.tsv"
    path.write_text(f"{SHOT}\n{SHOT}\n")
    assert crownhead.read_puzzles(path) == crownhead.read_puzzles(str(path))
    assert len(crownhead.read_puzzles(path)) == 2


@pytest.mark.parametrize("damaged, message", [
    (SHOT.replace("\t800", ""), "line 2: expected 5 tab-separated fields"),
    (SHOT.replace("W20", "W99"), "line 2: no square '99' on this board"),
    (SHOT.replace("24x6", "24x15"), "line 2: solution move 3: illegal move '24x15'"),
    (SHOT.replace("24x6", "24x6 3-7"), "line 2: a solution has an odd number of moves"),
    (SHOT.replace("shot", "trick"), "line 2: unknown theme 'trick'"),
    (SHOT.replace("\t1\t", "\thard\t"), "line 2: bad difficulty 'hard'"),
], ids=["fields", "square", "move", "length", "theme", "difficulty"])
def test_a_damaged_file_is_refused_naming_it_and_the_line(tmp_path, damaged, message):
    path = tmp_path / "damaged.tsv"
    path.write_text(f"{SHOT}\n{damaged}\n")
    with pytest.raises(ValueError, match=f"^{re.escape(f'{path}: {message}')}"):
        crownhead.read_puzzles(path)
    with pytest.raises(ValueError, match=f"^{re.escape(message)}"):
        crownhead.read_puzzles(f"{SHOT}\n{damaged}\n")


def test_errors():
    with pytest.raises(ValueError, match="unknown"):
        crownhead.puzzles("chess")
    with pytest.raises(ValueError, match="line 1"):
        crownhead.read_puzzles(SHOT, "international")
    with pytest.raises(OSError):
        crownhead.read_puzzles(ROOT / "puzzles" / "missing.tsv")
    assert crownhead.read_puzzles("") == []
