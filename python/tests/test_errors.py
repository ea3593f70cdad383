"""Bad input raises the right Python exception with the engine's message, and never
takes the interpreter down."""

import os
import subprocess
import sys

import pytest

import crownhead


def test_illegal_move_error_is_a_value_error():
    assert issubclass(crownhead.IllegalMoveError, ValueError)


def test_bad_rule_set_and_fen():
    with pytest.raises(ValueError, match="unknown variant 'checkers'"):
        crownhead.Game("checkers")
    with pytest.raises(ValueError, match="no square '33'"):
        crownhead.Game("english", "W:W33:B1")
    with pytest.raises(ValueError, match="bad side to move"):
        crownhead.Game("english", "X:W21:B1")
    with pytest.raises(ValueError, match="crowning square"):
        crownhead.Game("english", "W:W1:B20")
    with pytest.raises(ValueError, match="empty FEN"):
        crownhead.Game("english", "")
    for garbage in ["W:W1-", "W:W-5", "W:W5-1", "W:WKK5", "::::", "W:W\u00e9", "W:" + "9" * 40]:
        with pytest.raises(ValueError):
            crownhead.Game("international", garbage)


def test_bad_moves():
    game = crownhead.Game()
    with pytest.raises(crownhead.IllegalMoveError, match="illegal move '22-18'"):
        game.push("22-18")  # White's move, and Black is to move
    with pytest.raises(crownhead.IllegalMoveError):
        game.push("11-19")
    with pytest.raises(ValueError, match="cannot read move"):
        game.push("11-16x")
    with pytest.raises(ValueError, match="cannot read move") as caught:
        game.push("hello")
    assert not isinstance(caught.value, crownhead.IllegalMoveError)
    with pytest.raises(ValueError, match="no square '40'"):
        game.push("40-44")
    with pytest.raises(TypeError):
        game.push(11)
    # A move of another position that is not legal here.
    other = crownhead.Game("english", "W:W18:B14").legal_moves()[0]
    with pytest.raises(crownhead.IllegalMoveError, match="18x9"):
        game.push(other)
    # Ambiguous: two captures from 10 to 26 take different men (tests/rules/pdn.rs, game 57).
    ambiguous = crownhead.Game("english", "B:W14,15,22,23:B10")
    with pytest.raises(crownhead.IllegalMoveError, match="ambiguous"):
        ambiguous.push("10x26")
    ambiguous.push("10x17x26")
    assert game.moves == [] and game.fen() == crownhead.Game().fen()


def test_bad_engine_settings_and_limits(tmp_path):
    # The engine's own messages, the same the command line and Hub give.
    with pytest.raises(ValueError, match="^threads must be a whole number from 1 to 512, not '0'$"):
        crownhead.Engine(threads=0)
    with pytest.raises(ValueError, match="^tt-size must be a whole number from 1 to 65536, not '1000000000'$"):
        crownhead.Engine(tt_size=10**9)
    with pytest.raises(ValueError, match="unknown variant"):
        crownhead.Engine(variant="chess")
    with pytest.raises(ValueError):
        crownhead.Engine(eval_file=tmp_path / "missing.nnue")
    garbage = tmp_path / "garbage.nnue"
    garbage.write_bytes(b"not a network" * 100)
    with pytest.raises(ValueError):
        crownhead.Engine(eval_file=str(garbage))
    engine = crownhead.Engine(variant="russian", tt_size=1)
    with pytest.raises(ValueError, match="give a limit"):
        engine.analyse(crownhead.Game("russian"))
    with pytest.raises(ValueError, match="movetime"):
        engine.analyse(crownhead.Game("russian"), movetime=-1)
    with pytest.raises(ValueError, match="movetime"):
        engine.analyse(crownhead.Game("russian"), movetime=float("nan"))
    with pytest.raises(ValueError, match="at least 1"):
        engine.analyse(crownhead.Game("russian"), depth=0)
    with pytest.raises(ValueError, match="multipv"):
        engine.analyse(crownhead.Game("russian"), depth=2, multipv=0)
    with pytest.raises(OverflowError):
        engine.analyse(crownhead.Game("russian"), depth=-3)
    with pytest.raises(ValueError, match="russian games, not english"):
        engine.analyse(crownhead.Game("english"), depth=2)
    assert engine.analyse(crownhead.Game("russian"), depth=2).best_move is not None


def test_bad_pdn(tmp_path):
    with pytest.raises(ValueError, match="game 1, line 1: .*illegal move '11-16'"):
        crownhead.read_pdn("1. 11-15 11-16 *")
    text = '[Event "good"]\n1. 11-15 *\n\n[Event "bad"]\n1. 11-15 11-15 *\n\n[Event "good too"]\n1. 9-13 *\n'
    with pytest.raises(ValueError, match="game 2, line 5"):
        crownhead.read_pdn(text)
    games = crownhead.read_pdn(text, skip_errors=True)
    assert [game.tags["Event"] for game in games] == ["good", "good too"]
    with pytest.raises(FileNotFoundError):
        crownhead.read_pdn(tmp_path / "missing.pdn")
    with pytest.raises(ValueError, match="unknown variant"):
        crownhead.read_pdn("1. 11-15 *", variant="go")
    game = crownhead.Game()
    game.push("11-15")
    with pytest.raises(ValueError, match="2 comments for 1 moves"):
        game.comments = ["a", "b"]
    assert crownhead.read_pdn("") == []


#: Run in a Python of its own, so that a file option that blocked (a FIFO opened with no
#: writer) or never ended (/dev/zero read whole) fails the test at its timeout instead of
#: hanging the test run: the engine is made holding the GIL.
NOT_FILES_CHILD = """
import sys
from pathlib import Path

import crownhead

fifo, directory = sys.argv[1], sys.argv[2]
engine = crownhead.Engine(variant="english", tt_size=1)
paths = [(fifo, "a named pipe (FIFO)"), ("/dev/zero", "a character device"), (directory, "a directory")]
for path, what in paths:
    refusal = f"{path}: {what}, not a regular file"
    for keyword in ("eval_file", "book_file"):
        try:
            crownhead.Engine(variant="english", tt_size=1, book=True, **{keyword: path})
        except ValueError as error:
            assert refusal in str(error), (keyword, str(error))
        else:
            raise AssertionError(f"{keyword}={path} was taken")
    for read in (crownhead.read_pdn, lambda source: crownhead.read_puzzles(source, "english")):
        try:
            read(Path(path))
        except OSError as error:
            assert refusal in str(error), str(error)
        else:
            raise AssertionError(f"{path} was read")
    assert engine.analyse(crownhead.Game("english"), depth=2).best_move is not None
print("refused", len(paths))
"""


def test_files_that_are_not_files_are_refused_at_once(tmp_path):
    # A FIFO, /dev/zero and a directory as eval_file and book_file raise ValueError, and
    # as a file read_pdn or read_puzzles reads raise OSError, each saying what the path
    # is; the engine made before still searches.
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    child = subprocess.run(
        [sys.executable, "-c", NOT_FILES_CHILD, str(fifo), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout == "refused 3\n"
