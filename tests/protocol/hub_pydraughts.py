"""Complete games between pydraughts and crownhead over Hub, driven by pydraughts' own
HubEngine, the client lidraughts-bot uses, with the variant names lidraughts-bot sends
(`normal`, `losing`, `bt`, and `frisian` for Frysk! too, whose start then comes as the pos
string). Every engine move is checked legal by pydraughts, and every game must end by
pydraughts' rules (in Frisian and Frysk!, which have no repetition draw, within MAX_PLIES
plies, or it fails).

Usage: python3 tests/protocol/hub_pydraughts.py PATH_TO_CROWNHEAD
Run by tests/protocol/hub_pydraughts.rs; exits non-zero on any failure.
"""

import random
import sys
import threading
import time

from draughts import BLACK, WHITE, Board
from draughts.engine import HubEngine, Limit

MAX_PLIES = 600


def capture_key(hub_move):
    """A Hub move as (from, to, captured set): captured squares may come in any order."""
    squares = hub_move.replace("-", "x").split("x")
    return squares[0], squares[1], frozenset(squares[2:])


def legal_keys(board):
    return {capture_key(move.hub_move) for move in board.legal_moves()}


# The names lidraughts-bot sends over Hub, where they are not pydraughts' own. Frysk! goes
# as Frisian: HubEngine sends its start position in every pos command.
# pydraughts' Board.winner() at a game's end, in words.
OUTCOMES = {WHITE: "white won", BLACK: "black won", 0: "drawn"}

HUB_NAMES = {"standard": "normal", "antidraughts": "losing", "breakthrough": "bt", "frysk!": "frisian"}


def open_engine(binary, variant):
    engine = HubEngine([binary, "hub"])
    # The one parameter pydraughts needs for 8x8: its own square order in pos strings.
    # The move overhead covers what pydraughts itself takes a move (20 to 40 ms, more under
    # load), which counts against the engine's clock here as it does for lidraughts-bot.
    engine.configure({"variant": HUB_NAMES.get(variant, variant), "pos-encoding": "pydraughts", "threads": 1,
                      "tt-size": 16, "move-overhead": 50})
    engine.init()
    engine.ping()
    return engine


def play_interrupted(engine, board, limit, ponder, interrupt, after, variant):
    """Starts a search on a thread, calls `interrupt` (ponderhit or stop) after `after`
    seconds, and returns the engine's answer, which must come at once."""
    result = {}
    thread = threading.Thread(target=lambda: result.update(play=engine.play(board, limit, ponder)))
    thread.start()
    time.sleep(after)
    interrupt()
    thread.join(timeout=30)
    assert not thread.is_alive(), f"{variant}: no answer after {interrupt.__name__}"
    return result["play"]


def play_game(binary, variant, limit_for, ponder_at=None, stop_at=None, opening=0):
    """Plays crownhead against itself (one process per side), pydraughts keeping the board,
    after `opening` random plies (chosen by random.Random(opening), so that games at the
    same depth differ). Returns the number of plies played and how the game ended."""
    board = Board(variant)
    chooser = random.Random(opening)
    while len(board.move_stack) < opening and board.legal_moves():
        board.push(chooser.choice(board.legal_moves()))
    engines = [open_engine(binary, variant), open_engine(binary, variant)]
    clocks = [None, None]
    plies = len(board.move_stack)
    try:
        while not board.is_over():
            if not board.legal_moves():
                # Frisian: the side to move has only a king the three-king rule stops. It
                # has lost (RULES.md#where-pydraughts-differs); pydraughts' winner() misses it.
                return plies, f"lost by a stopped king (pydraughts: not over), {board.fen}"
            if plies >= MAX_PLIES:
                raise AssertionError(f"{variant}: not over after {MAX_PLIES} plies: {board.fen}")
            side = plies % 2
            engine = engines[side]
            limit, clocks[side] = limit_for(clocks[side])
            started = time.monotonic()
            if plies == ponder_at:
                # Ponder, then tell the engine its move was played: it must answer.
                played = play_interrupted(engine, board, limit, True, engine.ponderhit, 0.2, variant)
            elif plies == stop_at:
                # A long search, stopped from outside.
                played = play_interrupted(engine, board, Limit(movetime=1000), False, engine.stop, 0.3, variant)
            else:
                played = engine.play(board, limit, False)
            spent = time.monotonic() - started
            if clocks[side] is not None:
                clocks[side] = clocks[side] - spent
                assert clocks[side] > 0, f"{variant}: lost on time at ply {plies}"
            key = capture_key(played.move.hub_move)
            assert key in legal_keys(board), f"{variant}: illegal {played.move.hub_move} in {board.fen}"
            board.push(played.move)
            plies += 1
    finally:
        for engine in engines:
            engine.quit()
            engine.kill_process()
    return plies, OUTCOMES[board.winner()]


def clock(base, increment):
    """A limit function for a game clock with increment."""
    def limit_for(left):
        left = base if left is None else left + increment
        return Limit(time=left, inc=increment), left
    return limit_for


def fixed(**kwargs):
    return lambda left: (Limit(**kwargs), None)


def main():
    binary = sys.argv[1]
    # With a second argument N: N games of each of lidraughts' variants crownhead adds,
    # at fixed depths, 3 to 5 in turn, from 0, 2, 4, ... random plies, a number each three
    # games (the deep check CONTRIBUTING.md names); without: the usual five and one each. Not
    # depth 2: there Frisian's network, playing both sides of Frysk!, kept two kings and
    # two men against a lone king for 600 plies without crowning (Frisian has no move
    # limit to end it); from depth 3 it converts.
    deep = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    games = [] if deep else [
        ("english", clock(2.0, 0.1), {"ponder_at": 6}),
        ("italian", fixed(movetime=0.02), {"stop_at": 5}),
        ("russian", fixed(depth=7), {}),
        ("brazilian", fixed(movetime=0.02), {"ponder_at": 3}),
        ("standard", fixed(movetime=0.02), {"stop_at": 4}),
    ]
    for variant in ["antidraughts", "breakthrough", "frisian", "frysk!"]:
        games += [(variant, fixed(depth=3 + game % 3), {"opening": 2 * (game // 3)}) for game in range(max(deep, 1))]
    for variant, limit_for, extra in games:
        started = time.monotonic()
        plies, outcome = play_game(binary, variant, limit_for, **extra)
        print(f"{variant}: game over after {plies} plies ({outcome}) in {time.monotonic() - started:.1f} s")
    print(f"{len(games)} passed, 0 failed")


if __name__ == "__main__":
    main()
