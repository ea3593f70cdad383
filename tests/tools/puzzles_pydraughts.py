"""Replays puzzle solution lines on pydraughts 0.6.7's board, a move generator written
apart from crownhead's: every move must be one of the legal moves pydraughts lists where
it is played. The oracle of tests/tools/puzzles_pydraughts.rs.

Reads one JSON object a line on standard input:

    {"name": "english puzzle 12", "variant": "english", "fen": FEN,
     "moves": [[from, to, [captured, ...]], ...]}

`variant` is pydraughts' name (english, italian, russian, brazilian, standard,
antidraughts, breakthrough, frisian, frysk!, turkish); FEN is in the rule set's public
notation, as crownhead writes it; each move is its start and end squares and its captured
squares in the rule set's numbering (1 = a1 ... 32 = h8 for russian and brazilian, 1 = a1,
2 = b1 ... 64 = h8 for turkish), as pydraughts numbers them. A move is found among pydraughts' legal moves by those three (pydraughts
lists some flying-king captures twice, by another landing square: either is the move).

Prints `checked N lines, P moves`; exits naming the line, the ply and the position at
the first move pydraughts does not list, or a FEN it reads otherwise.
"""

import json
import sys
from pathlib import Path

from draughts import Board

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from draws_pydraughts import pieces  # noqa: E402  a FEN's pieces, as a set


def key(move):
    """A pydraughts move's start, end and captured squares."""
    steps = move.board_move
    return (steps[0][0], steps[-1][1], frozenset(move.captures or ()))


def replay(line):
    """Plays the line's moves on pydraughts' board; exits at the first it does not list."""
    board = Board(line["variant"], line["fen"])
    if board.fen[:1] != line["fen"][:1] or pieces(board.fen) != pieces(line["fen"]):
        sys.exit(f"{line['name']}: pydraughts reads {line['fen']} as {board.fen}")
    for ply, (start, end, captured) in enumerate(line["moves"], start=1):
        wanted = (start, end, frozenset(captured))
        found = [move for move in board.legal_moves() if key(move) == wanted]
        if not found:
            listed = sorted(key(move)[:2] for move in board.legal_moves())
            sys.exit(f"{line['name']}, move {ply}: pydraughts has no legal move {start}-{end} capturing "
                     f"{sorted(captured)} in {board.fen} (it lists {listed})")
        board.push(found[0])
    return len(line["moves"])


def main():
    lines = moves = 0
    for text in sys.stdin:
        moves += replay(json.loads(text))
        lines += 1
    print(f"checked {lines} lines, {moves} moves")


if __name__ == "__main__":
    main()
