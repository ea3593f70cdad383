"""The rules through Python agree with the Rust tests' independent figures: published
start-position perft counts, pydraughts' perft counts on random positions, pydraughts'
own legal moves, the rules' win and draw conditions, and pydraughts' verdicts on the
results a game may claim."""

import random

import draughts
import pytest

import crownhead
from conftest import DATA

# Start-position perft from depth 1, the published counts tests/rules/perft.rs checks: English
# OEIS A133046; the others rhalbersma/dctl's test suite (duplicate captures dropped).
PUBLISHED = {
    "english": [7, 49, 302, 1469, 7361, 36768, 179740, 845931],
    "russian": [7, 49, 302, 1469, 7482, 37986, 190146, 929899],
    "brazilian": [7, 49, 302, 1469, 7473, 37628, 187302, 907830],
    "pool": [7, 49, 302, 1469, 7482, 37986, 190146, 929896],
    "czech": [7, 49, 302, 1469, 7361, 36768, 179740, 845931],
    "spanish": [7, 49, 302, 1469, 7361, 36473, 177532, 828783],
    "italian": [7, 49, 302, 1469, 7361, 36473, 177532, 828783],
    "international": [9, 81, 658, 4265, 27117, 167140, 1049442],
}

# crownhead's names for the oracle files of tests/data/pydraughts/ and pydraughts' names.
PYDRAUGHTS_NAMES = {
    "english": "english",
    "italian": "italian",
    "russian": "russian",
    "brazilian": "brazilian",
    "international": "standard",
}


@pytest.mark.parametrize("variant", sorted(PUBLISHED))
def test_start_perft_matches_published_counts(variant):
    game = crownhead.Game(variant)
    assert [game.perft(depth) for depth in range(1, len(PUBLISHED[variant]) + 1)] == PUBLISHED[variant]
    assert len(game.legal_moves()) == PUBLISHED[variant][0]


def oracle_positions(variant):
    """(fen, [perft 1, 2, 3]) from pydraughts' table for ``variant``."""
    lines = (DATA / "pydraughts" / f"{variant}.txt").read_text().splitlines()
    for line in lines:
        if line.strip() and not line.startswith("#"):
            fen, *counts = line.split(";")
            yield fen, [int(count) for count in counts]


@pytest.mark.parametrize("variant", sorted(PYDRAUGHTS_NAMES))
def test_perft_matches_pydraughts_tables(variant):
    positions = list(oracle_positions(variant))
    assert len(positions) >= 300
    kings = 0
    for fen, counts in positions:
        game = crownhead.Game(variant, fen)
        assert [game.perft(depth) for depth in (1, 2, 3)] == counts, fen
        kings += "K" in fen
    assert kings >= 50, "the tables are rich in kings"


def move_key(start, end, captured):
    return (start, end, frozenset(captured))


@pytest.mark.parametrize("variant", sorted(PYDRAUGHTS_NAMES))
def test_legal_moves_match_pydraughts(variant):
    """Every move of 40 table positions, by start, end and captured squares, against
    pydraughts' own move list (which lists some flying-king captures twice)."""
    positions = list(oracle_positions(variant))
    for fen, _ in random.Random(15).sample(positions, 40):
        ours = crownhead.Game(variant, fen).legal_moves()
        board = draughts.Board(PYDRAUGHTS_NAMES[variant], fen)
        theirs = {
            move_key(move.board_move[0][0], move.board_move[-1][1], move.captures or ())
            for move in board.legal_moves()
        }
        keys = [move_key(move.from_square, move.to_square, move.captured) for move in ours]
        assert len(set(keys)) == len(keys), f"{fen}: a move listed twice"
        assert set(keys) == theirs, fen


def test_move_text_in_each_notation():
    # README's example: a Russian flying king takes c3 and lands on e5, then takes d6 or
    # f4 and may stop on any square behind it.
    game = crownhead.Game("russian", "W:WKa1:Bc3,f4,d6,h8")
    assert sorted(move.text for move in game.legal_moves()) == ["a1xb8", "a1xc7", "a1xg3", "a1xh2"]
    move = next(move for move in game.legal_moves() if move.text == "a1xc7")
    assert move.full_text == "a1xe5xc7"
    assert move.is_capture and len(move.captured) == 2
    # English numbers squares 1-32; a man reaching 1-4 is crowned.
    game = crownhead.Game("english", "W:W5:B20")
    (crowning,) = [move for move in game.legal_moves() if move.to_square == 1]
    assert (crowning.text, crowning.from_square, crowning.crowns) == ("5-1", 5, True)
    game.push(crowning)
    assert game.fen() == "B:WK1:B20"


def test_push_pop_and_history():
    game = crownhead.Game()
    assert game.turn == "black"
    first = game.push("11-15")
    assert first == game.moves[0] and str(first) == "11-15"
    second = game.push(game.legal_moves()[0])
    assert len(game.moves) == 2 and game.turn == "black"
    assert game.pop() == second
    assert [move.text for move in game.moves] == ["11-15"]
    assert game.pop().text == "11-15"
    assert game.fen() == crownhead.Game().fen()
    with pytest.raises(IndexError):
        game.pop()
    # A copy is independent.
    copy = game.copy()
    copy.push("9-13")
    assert game.moves == [] and len(copy.moves) == 1


def test_results_by_the_rules():
    # English: White takes Black's last man and wins, with "no legal move" for Black;
    # Black moves first in English, so White's win is written 0-1.
    game = crownhead.Game("english", "W:W18:B14")
    assert not game.is_over() and game.result() is None
    game.push("18x9")
    result = game.result()
    assert game.is_over()
    assert (result.winner, result.reason, result.pdn) == ("white", "no legal move", "0-1")
    # International: kings shuffled back and forth repeat the position a third time.
    game = crownhead.Game("international", "W:WK47,45:BK4,6")
    for move in ["47-42", "4-10", "42-47", "10-4"] * 2:
        assert not game.is_over()
        game.push(move)
    result = game.result()
    assert (result.winner, result.reason, result.pdn) == (None, "threefold repetition", "1-1")


def pydraughts_verdict(game):
    """pydraughts' reading of the game: the winner ("white", "black"), "draw", or None
    while it plays on."""
    winner = game.to_pydraughts().winner()
    return {None: None, 0: "draw", draughts.WHITE: "white", draughts.BLACK: "black"}[winner]


def verdict(result):
    return None if result is None else result.winner or "draw"


def test_claimable_results_are_the_results_pydraughts_confirms():
    # English: a win, and kings shuffled until the start position occurs a third time
    # (RULES.md, Draws: the 3rd occurrence, same side to move). Both are results by the
    # rules and claimable at once; before the 8th ply, neither.
    game = crownhead.Game("english", "W:W18:B14")
    assert game.claimable_result() is None and pydraughts_verdict(game) is None
    game.push("18x9")
    claimed = game.claimable_result()
    assert (claimed.winner, claimed.reason, claimed.pdn) == ("white", "no legal move", "0-1")
    assert pydraughts_verdict(game) == "white"
    game = crownhead.Game("english", "W:WK29:BK4")
    for move in ["29-25", "4-8", "25-29", "8-4"] * 2:
        assert game.claimable_result() is None and game.result() is None
        assert pydraughts_verdict(game) is None
        game.push(move)
    claimed = game.claimable_result()
    assert (claimed.winner, claimed.reason, claimed.pdn) == (None, "threefold repetition", "1/2-1/2")
    assert pydraughts_verdict(game) == "draw"
    # International (RULES.md, Where pydraughts differs): a king and a man against a lone
    # king, held for 5 moves since the material arose, draw by the federation's rule, but
    # pydraughts counts the 5 moves in king moves since the man last moved: not claimable
    # until one ply later, where pydraughts draws too.
    game = crownhead.Game("international", "W:WK6,41:BK3")
    for move in "41-36 3-9 6-1 9-14 1-45 14-20 45-50 20-25 50-6 25-20".split():
        assert verdict(game.claimable_result()) == pydraughts_verdict(game) is None
        game.push(move)
    assert game.is_over() and game.result().reason == "lone king held"
    assert game.claimable_result() is None and pydraughts_verdict(game) is None
    game.push("6-1")
    claimed = game.claimable_result()
    assert (claimed.winner, claimed.reason, claimed.pdn) == (None, "lone king held", "1-1")
    assert pydraughts_verdict(game) == "draw"


def test_board_pictures():
    game = crownhead.Game("international", "W:WK46,31:B5,K20")
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count('class="piece white king"') == 1 and svg.count('class="piece black man"') == 1
    assert "white to move" in svg
    text = str(game)
    assert "white to move" in text and text.count("W") == 1 and text.count("b") == 1
    assert repr(game).startswith("<crownhead.Game international W:")
    assert crownhead.VARIANTS[0] == "english" and "international" in crownhead.VARIANTS
