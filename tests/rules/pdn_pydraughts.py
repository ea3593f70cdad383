"""Reads PDN with pydraughts' PDNReader, a reader written apart from crownhead's, and
prints one JSON line per game: the main-line move strings it found, the result written at
the end of the game, and the rule set its GameType names.

    python3 tests/rules/pdn_pydraughts.py            reads standard input
    python3 tests/rules/pdn_pydraughts.py FILE...    reads each file as a user's script does,
                                                     PDNReader(filename=FILE), and replays every
                                                     game on pydraughts' own Board

A replayed game is played move by move from its start (its FEN tag, else the rule set's
start position) by pydraughts' rules; a move pydraughts does not find among the legal
moves fails the run with the game, ply and position. Each JSON line then also names its
file (its index among the arguments). A game replayed once is not replayed again when
another file holds it (a game pair between two equal engines is one game played twice;
analyse-game writes back the game it read): the moves are the same, and pydraughts takes
about 15 ms a ply on 10x10.

Used by tests/rules/pdn_pydraughts.rs."""

import json
import sys

from draughts import Board, Move
from draughts.PDN import PDNReader


def replay(game, where):
    """Plays `game`'s moves on pydraughts' board; exits naming the first it cannot play."""
    fen = game.tags.get("FEN")
    board = Board(game.variant, fen) if fen else Board(game.variant)
    for ply, text in enumerate(game.moves, start=1):
        try:
            move = Move(board, pdn_move=text)
        except (KeyError, ValueError, IndexError) as error:
            sys.exit(f"{where}, ply {ply}: pydraughts finds no legal move {text!r} in {board.fen} "
                     f"({type(error).__name__}: {error})")
        board.push(move)


def main() -> None:
    if len(sys.argv) == 1:
        for game in PDNReader(pdn_text=sys.stdin.read()).games:
            print(json.dumps({"moves": game.moves, "ending": game.game_ending, "variant": game.variant}))
        return
    replayed = set()
    for file, path in enumerate(sys.argv[1:]):
        try:
            games = PDNReader(filename=path).games
        except Exception as error:  # pydraughts' reader fails on the file: say which
            sys.exit(f"{path}: PDNReader fails: {type(error).__name__}: {error}")
        for number, game in enumerate(games, start=1):
            key = (game.variant, game.tags.get("FEN"), tuple(game.moves))
            if key not in replayed:
                replay(game, f"{path}, game {number}")
                replayed.add(key)
            print(json.dumps({"file": file, "moves": game.moves, "ending": game.game_ending,
                              "variant": game.variant}))


if __name__ == "__main__":
    main()
