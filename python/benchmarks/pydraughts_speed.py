#!/usr/bin/env python3
"""crownhead's Python module against pydraughts on the same positions (README, "Python").

1. legal_moves(): random-play positions of English, Russian and International (1,000 of
   each, reproducible from the seed), each given to both libraries once, then
   legal_moves() called on every position in turn; the time per position is compared.
   crownhead is timed twice: the call alone, and the call with every move's text read
   (pydraughts works out every notation of its moves when it lists them).
2. perft(d) from the start positions: crownhead's Game.perft against the perft of
   scripts/pydraughts_oracle.py (pydraughts' moves, duplicates counted once, push and
   pop), which must agree.

Run from the repository's root, on a quiet machine:

    python3 python/benchmarks/pydraughts_speed.py [--positions 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import draughts

import crownhead

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from pydraughts_oracle import perft as pydraughts_perft  # noqa: E402

# crownhead's names and pydraughts' for the rule sets compared.
VARIANTS = {"english": "english", "russian": "russian", "international": "standard"}
# Perft depths: pydraughts needs seconds for these.
PERFT_DEPTHS = {"english": 4, "russian": 4, "international": 3}


def positions(variant: str, count: int, seed: int) -> list[str]:
    """`count` distinct FENs from random games of `variant` (with legal moves)."""
    rng = random.Random(seed)
    fens: dict[str, None] = {}
    while len(fens) < count:
        game = crownhead.Game(variant)
        for _ in range(rng.randint(1, 80)):
            moves = game.legal_moves()
            if not moves or game.is_over():
                break
            fens.setdefault(game.fen())
            game.push(rng.choice(moves))
    return list(fens)[:count]


def timed(function) -> float:
    started = time.perf_counter()
    function()
    return time.perf_counter() - started


def best_of(runs: int, function) -> float:
    return min(timed(function) for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=1000, help="positions per rule set")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"crownhead {crownhead.__version__}, pydraughts {draughts.__version__}")

    print("\nlegal_moves(), position by position")
    print(f"{'rule set':<14} {'positions':>9} {'pydraughts':>12} {'crownhead':>11} {'with text':>11} {'ratio':>8} {'with text':>10}")
    for variant, name in VARIANTS.items():
        fens = positions(variant, args.positions, args.seed)
        games = [crownhead.Game(variant, fen) for fen in fens]
        boards = [draughts.Board(name, fen) for fen in fens]
        started = time.perf_counter()
        listed = [board.legal_moves() for board in boards]
        theirs = time.perf_counter() - started
        for game, moves in zip(games, listed):
            ours_keys = {(m.from_square, m.to_square, frozenset(m.captured)) for m in game.legal_moves()}
            their_keys = {(m.board_move[0][0], m.board_move[-1][1], frozenset(m.captures or ())) for m in moves}
            assert ours_keys == their_keys, game.fen()
        ours = best_of(5, lambda: [game.legal_moves() for game in games])
        ours_text = best_of(5, lambda: [[move.text for move in game.legal_moves()] for game in games])
        per = lambda seconds: f"{seconds / len(fens) * 1e6:.2f} us"
        print(
            f"{variant:<14} {len(fens):>9} {per(theirs):>12} {per(ours):>11} {per(ours_text):>11}"
            f" {theirs / ours:>7.0f}x {theirs / ours_text:>9.0f}x"
        )

    print("\nperft(d) from the start position")
    print(f"{'rule set':<14} {'depth':>5} {'leaves':>8} {'pydraughts':>12} {'crownhead':>12} {'ratio':>9}")
    for variant, name in VARIANTS.items():
        depth = PERFT_DEPTHS[variant]
        board = draughts.Board(name)
        started = time.perf_counter()
        theirs_count = pydraughts_perft(board, depth)
        theirs = time.perf_counter() - started
        game = crownhead.Game(variant)
        repeats = 200
        ours = best_of(3, lambda: [game.perft(depth) for _ in range(repeats)]) / repeats
        count = game.perft(depth)
        assert count == theirs_count, (variant, count, theirs_count)
        print(f"{variant:<14} {depth:>5} {count:>8} {theirs:>10.3f} s {ours * 1e6:>9.1f} us {theirs / ours:>8.0f}x")


if __name__ == "__main__":
    main()
