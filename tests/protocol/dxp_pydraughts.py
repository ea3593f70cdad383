"""Complete games between pydraughts' DXPEngine (the initiator, as lidraughts-bot uses it)
and a listening crownhead follower. pydraughts plays its own side with random legal
moves; every move of crownhead's is checked legal by pydraughts, and each game must end
by pydraughts' rules.

Usage: python3 tests/protocol/dxp_pydraughts.py PORT VARIANT GAMES
Run by tests/protocol/dxp.rs against `crownhead dxp --listen 127.0.0.1:PORT`.
"""

import random
import sys
import types

from draughts import Board
from draughts.engine import DXPEngine
from draughts.engines.dxp_communication import dxp_classes

# pydraughts waits 7 s between shutting its socket down and closing it, after the
# GAMEEND has gone; nothing is sent in that pause, so the test skips it (its module's
# `time` is swapped for one whose sleep returns at once) and a game takes what it plays.
dxp_classes.time = types.SimpleNamespace(sleep=lambda seconds: None)

MAX_PLIES = 400


def capture_key(hub_move):
    squares = hub_move.replace("-", "x").split("x")
    return squares[0], squares[1], frozenset(squares[2:])


def play_game(port, variant, engine_moves_first, seed):
    rng = random.Random(seed)
    engine = DXPEngine(None, {"engine-opened": True, "ip": "127.0.0.1", "port": port, "initial-time": 60})
    board = Board(variant)
    if not engine_moves_first:
        board.push(rng.choice(board.legal_moves()))
    engine_side = board.turn
    plies = 0
    try:
        while not board.is_over():
            assert plies < MAX_PLIES, f"{variant}: not over after {MAX_PLIES} plies: {board.fen}"
            if board.turn == engine_side:
                played = engine.play(board)
                assert played.move is not None, f"{variant}: no move from crownhead in {board.fen}"
                legal = {capture_key(move.hub_move) for move in board.legal_moves()}
                assert capture_key(played.move.hub_move) in legal, f"{variant}: illegal {played.move.hub_move}"
                board.push(played.move)
            else:
                board.push(rng.choice(board.legal_moves()))
            plies += 1
    finally:
        engine.quit()
    return plies, board.winner(), engine_side


def main():
    port, variant, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    for game in range(games):
        plies, winner, engine_side = play_game(port, variant, game % 2 == 0, seed=game)
        outcome = "draw" if winner in (None, 0) else ("crownhead won" if winner == engine_side else "crownhead lost")
        print(f"{variant} game {game + 1}: over after {plies} plies, {outcome}")
    print(f"{games} passed, 0 failed")


if __name__ == "__main__":
    main()
