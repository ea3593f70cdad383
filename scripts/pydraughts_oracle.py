#!/usr/bin/env python3
"""Perft oracle for crownhead, computed with pydraughts 0.6.7.

pydraughts (https://pypi.org/project/pydraughts/) is an independent Python
implementation of several draughts variants.  This script plays random games
with it and writes, for each position reached, the number of legal move
sequences at depths 1, 2 and 3 ("perft").  crownhead's move generator is then
tested against these numbers.

Usage
-----
    pip install pydraughts==0.6.7
    # write a data file (300 positions, reproducible from the seed)
    python3 scripts/pydraughts_oracle.py --variant english --count 300 --seed 1 \
        --out tests/data/pydraughts/english.txt --jobs 2
    # "live sample": a few fresh positions printed to stdout
    python3 scripts/pydraughts_oracle.py --variant russian --count 5 --seed 12345

Variants are pydraughts' names: english, italian, russian, brazilian and
standard (= international 10x10 draughts).

Output format
-------------
Comment lines start with '#'.  Every other line is

    fen;d1;d2;d3

where fen is the position exactly as pydraughts' ``Board.fen`` writes it, in the
variant's public notation:

* english: English numbering 1-32, Black on 1-12 at the start and Black moves
  first (``B:W21,...:B1,...``);
* italian: Italian numbering (1 = a8, 32 = h1), White on 21-32, White first;
* russian, brazilian: algebraic squares (``W:Wa1,c3,...:Bb6,...``);
* standard: international numbering 1-50.

Kings are prefixed with ``K``.  pydraughts sorts numeric piece lists as strings
(``B1,10,11,12,2``) and leaves algebraic lists in an arbitrary order, so a
reader should treat the lists as sets.

Duplicate moves
---------------
pydraughts lists flying-king captures that differ only in an intermediate
landing square on the same diagonal as separate moves.  Here two legal moves
are the same move when they have the same from square, the same final square
and the same *set* of captured squares, and such duplicates are counted once,
at every depth:  perft(d) = sum over distinct moves m of perft(d - 1) after m.

How positions are chosen
------------------------
Position number i (i = 0, 1, 2, ...) is produced by its own generator
``random.Random(seed * 1000003 + i)``, so the output depends only on the variant
and the seed (not on --jobs).  Positions are played from the start position
with one of several "kinds" of play, cycling through KINDS:

* opening / middle: uniformly random distinct legal moves for a random
  number of plies (1-12 / 12-40);
* late: 40-120 plies, half of them with the king-biased policy below (purely
  random games mostly end in a few exchanges before that);
* capture: as above, then random play goes on until the side to move has a
  capture pending;
* kings: a "king-biased" policy (promote when possible, otherwise mostly
  moves that leave no capture to the opponent) is played until both sides
  have a king (or, failing that, two kings are on the board), then a few more
  plies;
* king_capture: as kings, then play goes on until the side to move has a
  capture that pydraughts lists more than once (duplicate flying-king paths)
  or, failing that within 40 plies, a multi-capture by a king, a capture by a
  king, or any capture.

Positions without legal moves (game over) are never written, nor are
duplicate FENs.  Each FEN is checked to round-trip: ``Board(variant, fen)``
must write back the same FEN and have the same legal moves as the board the
game was played on; the perft is then computed from that fresh board.

Only pydraughts and the Python standard library are used.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from typing import Dict, List, Optional, Tuple

import draughts
from draughts import Board

PYDRAUGHTS_VERSION = "0.6.7"
VARIANTS = ("english", "italian", "russian", "brazilian", "standard")
DEPTHS = (1, 2, 3)

# Kinds of position, used in turn (position i gets KINDS[i % len(KINDS)]).
# Four in nine kinds aim at two or more kings on the board.
KINDS = (
    "opening",
    "kings",
    "middle",
    "capture",
    "kings",
    "late",
    "king_capture",
    "middle",
    "kings",
)

# Ply ranges for the plain random kinds.
PLY_RANGES = {
    "opening": (1, 12),
    "middle": (12, 40),
    "late": (40, 120),
    "capture": (2, 60),
}

MoveKey = Tuple[int, int, frozenset]


# ---------------------------------------------------------------------------
# Moves and perft
# ---------------------------------------------------------------------------

def move_key(move) -> MoveKey:
    """Identity of a move: (from square, final square, set of captured squares).

    The squares are pydraughts' per-variant numbers (``Move.board_move`` and
    ``Move.captures``); any one-to-one numbering gives the same identity.
    """
    return (move.board_move[0][0], move.board_move[-1][1], frozenset(move.captures or ()))


def distinct_moves(board: Board) -> Dict[MoveKey, object]:
    """Legal moves of ``board`` with duplicates removed (first one kept), in pydraughts' order."""
    moves: Dict[MoveKey, object] = {}
    for move in board.legal_moves():
        moves.setdefault(move_key(move), move)
    return moves


def perft(board: Board, depth: int) -> int:
    """Number of distinct move sequences of length ``depth`` (board is restored on return)."""
    moves = distinct_moves(board)
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    for move in moves.values():
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


# ---------------------------------------------------------------------------
# Reading FENs (only to classify positions)
# ---------------------------------------------------------------------------

def square_name(variant: str, number: int) -> str:
    """Name used in ``Board.fen`` for a square numbered as in ``Move.board_move``.

    For russian/brazilian, pydraughts numbers moves 1 = a1, 2 = c1, ..., 5 = b2,
    ..., 32 = h8 but writes FENs with algebraic names; other variants use the
    same numbers in both.
    """
    if variant in ("russian", "brazilian"):
        row = (number - 1) // 4
        column = ((number - 1) % 4) * 2 + (row % 2)
        return "abcdefgh"[column] + str(row + 1)
    return str(number)


def parse_fen(fen: str) -> Dict[str, Tuple[str, bool]]:
    """Map square name -> (colour 'W'/'B', is_king) for a FEN as pydraughts writes it."""
    pieces: Dict[str, Tuple[str, bool]] = {}
    for part in fen.split(":")[1:]:
        if not part:
            continue
        colour = part[0]
        for item in part[1:].split(","):
            if not item:
                continue
            king = item.startswith("K")
            pieces[item[1:] if king else item] = (colour, king)
    return pieces


def king_counts(fen: str) -> Tuple[int, int]:
    """(white kings, black kings) in a FEN."""
    white = black = 0
    for colour, king in parse_fen(fen).values():
        if king:
            if colour == "W":
                white += 1
            else:
                black += 1
    return white, black


def side_to_move(fen: str) -> str:
    return fen.split(":")[0]


def classify(variant: str, board: Board, moves: Dict[MoveKey, object]) -> Dict[str, bool]:
    """Features of a position that the summary counts."""
    fen = board.fen
    white_kings, black_kings = king_counts(fen)
    pieces = parse_fen(fen)
    captures = [m for m in moves.values() if m.captures]
    king_captures = [m for m in captures
                     if pieces.get(square_name(variant, m.board_move[0][0]), ("", False))[1]]
    return {
        "kings2": white_kings + black_kings >= 2,
        "kings_both": white_kings >= 1 and black_kings >= 1,
        "capture": bool(captures),
        "multi_capture": any(len(m.captures) >= 2 for m in captures),
        "king_capture": bool(king_captures),
        "king_multi_capture": any(len(m.captures) >= 2 for m in king_captures),
        "duplicate_listed": len(board.legal_moves()) > len(moves),
    }


# ---------------------------------------------------------------------------
# Random play
# ---------------------------------------------------------------------------

def random_move(rng: random.Random, board: Board):
    """A uniformly random distinct legal move, or None when there is none."""
    moves = list(distinct_moves(board).values())
    return rng.choice(moves) if moves else None


def opponent_must_capture(board: Board) -> bool:
    """True if the side to move on ``board`` has a capture (so every legal move is one).

    This only steers the king-biased policy, never the perft numbers, so it may
    use pydraughts' internal board, which answers about 100 times faster than
    ``legal_moves()``; it falls back to ``legal_moves()`` if the internals change.
    """
    try:
        return bool(board._game.board.get_possible_capture_moves([]))
    except AttributeError:  # pragma: no cover - other pydraughts versions
        replies = board.legal_moves()
        return bool(replies and replies[0].captures)


def king_biased_move(rng: random.Random, board: Board):
    """A move chosen to make kings appear: promote if possible, else mostly play safe.

    Each candidate is tried on the board: a move that increases the mover's
    number of kings is taken (90 %); otherwise, 80 % of the time, a move after
    which the opponent has no capture is taken if one exists; otherwise any
    random move.  Keeping material on the board lets men walk to promotion
    instead of the game ending in a few exchanges.
    """
    moves = list(distinct_moves(board).values())
    if not moves:
        return None
    index = 0 if side_to_move(board.fen) == "W" else 1
    kings_before = king_counts(board.fen)[index]
    promoting, safe = [], []
    for move in moves:
        board.push(move)
        if king_counts(board.fen)[index] > kings_before:
            promoting.append(move)
        if not opponent_must_capture(board):
            safe.append(move)
        board.pop()
    if promoting and rng.random() < 0.9:
        return rng.choice(promoting)
    if safe and rng.random() < 0.8:
        return rng.choice(safe)
    return rng.choice(moves)


def mixed_move(rng: random.Random, board: Board, biased: float):
    """king_biased_move with probability ``biased``, else a uniformly random move."""
    return king_biased_move(rng, board) if rng.random() < biased else random_move(rng, board)


def play_plies(rng: random.Random, board: Board, plies: int, biased: float = 0.0) -> None:
    """Play ``plies`` moves (see mixed_move); if the game ends first, step back 1-4 plies.

    Every position before the last one of a game has a legal move (one was
    played from it), so the board always ends on a position with legal moves,
    unless the start position had none.
    """
    for _ in range(plies):
        move = mixed_move(rng, board, biased)
        if move is None:
            break
        board.push(move)
    if not board.legal_moves():
        for _ in range(min(rng.randint(1, 4), len(board.move_stack))):
            board.pop()


def play_until(rng: random.Random, board: Board, condition, max_plies: int, biased: float,
               chooser=None) -> bool:
    """Play until ``condition(board, distinct moves)`` holds at a position with legal moves.

    Moves come from ``chooser(rng, board)`` if given, else from mixed_move with
    probability ``biased`` of the king-biased policy.  Returns False if the
    game ends or max_plies is exceeded first.
    """
    for _ in range(max_plies + 1):
        moves = distinct_moves(board)
        if not moves:
            return False
        if condition(board, moves):
            return True
        board.push(chooser(rng, board) if chooser else mixed_move(rng, board, biased))
    return False


def lists_duplicates(board: Board) -> bool:
    """True when board.legal_moves() lists some move more than once (see move_key)."""
    listed = board.legal_moves()
    return len(listed) > len({move_key(m) for m in listed})


def duplicate_seeking_move(rng: random.Random, board: Board):
    """A random move after which the opponent has a move listed twice, if any; else mixed play.

    One ply of look-ahead: this is how positions with duplicate flying-king
    capture paths (the case the deduplication is for) are found in reasonable
    time; pure random play reaches them rarely.
    """
    moves = list(distinct_moves(board).values())
    hits = []
    for move in moves:
        board.push(move)
        if opponent_must_capture(board) and two_kings(board, None) and lists_duplicates(board):
            hits.append(move)
        board.pop()
    return rng.choice(hits) if hits else mixed_move(rng, board, 0.3)


def two_kings(board: Board, moves) -> bool:
    white, black = king_counts(board.fen)
    return white + black >= 2


def kings_both_sides(board: Board, moves) -> bool:
    white, black = king_counts(board.fen)
    return white >= 1 and black >= 1 and white + black >= 2


def capture_pending(board: Board, moves) -> bool:
    return any(m.captures for m in moves.values())


def duplicate_listed(board: Board, moves) -> bool:
    """Condition form of lists_duplicates (``moves`` = the distinct moves)."""
    return len(board.legal_moves()) > len(moves)


def make_king_capture_condition(variant: str, multi: bool):
    def condition(board: Board, moves) -> bool:
        pieces = parse_fen(board.fen)
        for move in moves.values():
            if move.captures and (not multi or len(move.captures) >= 2):
                if pieces.get(square_name(variant, move.board_move[0][0]), ("", False))[1]:
                    return True
        return False
    return condition


def rich_enough(board: Board) -> bool:
    """At least two distinct moves and four pieces: keeps king positions from being near-finished games."""
    return len(parse_fen(board.fen)) >= 4 and len(distinct_moves(board)) >= 2


def reach_kings(rng: random.Random, variant: str) -> Optional[Board]:
    """A board with two or more kings (kings for both sides if it can be had), or None.

    Up to three games try for kings on both sides, then up to three for any
    two kings; the position must also pass rich_enough.
    """
    for condition in (kings_both_sides, two_kings):
        for _ in range(3):
            board = Board(variant)
            if play_until(rng, board, lambda b, m: condition(b, m) and rich_enough(b), 250, 0.85):
                return board
    return None


def generate_position(variant: str, kind: str, rng: random.Random) -> Optional[Board]:
    """Play one game from the start and return the board at the chosen position."""
    for _attempt in range(20):
        if kind in ("opening", "middle"):
            low, high = PLY_RANGES[kind]
            board = Board(variant)
            play_plies(rng, board, rng.randint(low, high))
            return board
        if kind == "late":
            # Purely random games often end in a few exchanges; half the plies
            # use the king-biased policy, which makes games last longer.
            low, high = PLY_RANGES[kind]
            board = Board(variant)
            play_plies(rng, board, rng.randint(low, high), biased=0.5)
            if len(board.move_stack) >= low // 2:
                return board
        elif kind == "capture":
            low, high = PLY_RANGES[kind]
            board = Board(variant)
            play_plies(rng, board, rng.randint(low, high))
            if play_until(rng, board, capture_pending, 40, 0.0):
                return board
        elif kind == "kings":
            board = reach_kings(rng, variant)
            if board is None:
                continue
            later = board.copy()
            play_plies(rng, later, rng.randint(0, 12), biased=0.5)
            # Keep the extra plies only if two kings are still on the board.
            return later if two_kings(later, None) and rich_enough(later) else board
        elif kind == "king_capture":
            board = reach_kings(rng, variant)
            if board is None:
                continue
            start = len(board.move_stack)
            # Prefer a capture that pydraughts lists more than once (a flying
            # king with several stops on one line: the duplicate case), then a
            # king multi-capture, then any king capture, then any capture,
            # always with two or more kings on the board (and rich_enough).
            for condition, plies, biased, chooser in (
                    (duplicate_listed, 40, 0.0, duplicate_seeking_move),
                    (make_king_capture_condition(variant, True), 40, 0.5, None),
                    (make_king_capture_condition(variant, False), 40, 0.5, None),
                    (capture_pending, 30, 0.3, None)):
                def wanted(b, m, condition=condition):
                    return two_kings(b, m) and rich_enough(b) and condition(b, m)
                if play_until(rng, board, wanted, plies, biased, chooser):
                    return board
                while len(board.move_stack) > start:
                    board.pop()
            return board
        else:
            raise ValueError(f"unknown kind {kind}")
    return None


# ---------------------------------------------------------------------------
# One task = one position
# ---------------------------------------------------------------------------

def task(args: Tuple[str, int, int]) -> dict:
    """Generate position ``index`` for (variant, seed), check its FEN and compute its perft."""
    variant, seed, index = args
    kind = KINDS[index % len(KINDS)]
    rng = random.Random(seed * 1000003 + index)
    started = time.time()
    board = generate_position(variant, kind, rng)
    result = {"index": index, "kind": kind, "fen": None, "error": None}
    if board is None:
        result["error"] = "no position found"
        return result
    fen = board.fen
    result["fen"] = fen

    # Round trip: the FEN must describe the same position as the played board.
    fresh = Board(variant, fen=fen)
    played_moves = board.legal_moves()
    fresh_moves = fresh.legal_moves()
    if fresh.fen != fen:
        result["error"] = f"FEN does not round-trip: {fen} -> {fresh.fen}"
        return result
    if len(played_moves) != len(fresh_moves) or \
            sorted(m.steps_move for m in played_moves) != sorted(m.steps_move for m in fresh_moves):
        result["error"] = f"legal moves differ after FEN round trip: {fen}"
        return result
    if not fresh_moves:
        result["error"] = "game over"
        return result

    result["features"] = classify(variant, fresh, distinct_moves(fresh))
    result["raw_moves"] = len(fresh_moves)
    result["perft"] = [perft(fresh, depth) for depth in DEPTHS]
    if fresh.fen != fen:
        result["error"] = "perft did not restore the board"
        return result
    result["seconds"] = time.time() - started
    return result


def generate(variant: str, count: int, seed: int, jobs: int, progress: bool) -> Tuple[List[dict], dict]:
    """Produce ``count`` distinct positions with their perft, in index order."""
    accepted: List[dict] = []
    seen = set()
    stats = {"skipped_duplicate": 0, "skipped_error": 0, "errors": []}
    next_index = 0
    pool = multiprocessing.Pool(jobs) if jobs > 1 else None
    try:
        while len(accepted) < count:
            needed = count - len(accepted)
            batch = [(variant, seed, i) for i in range(next_index, next_index + needed)]
            next_index += needed
            results = pool.imap(task, batch, chunksize=1) if pool else map(task, batch)
            for result in results:
                if len(accepted) >= count:
                    break
                if result["error"]:
                    stats["skipped_error"] += 1
                    stats["errors"].append((result["index"], result["error"]))
                    if "round-trip" in result["error"] or "differ" in result["error"] or \
                            "restore" in result["error"]:
                        print(f"WARNING: position {result['index']}: {result['error']}", file=sys.stderr)
                    continue
                key = result["fen"]
                if key in seen:
                    stats["skipped_duplicate"] += 1
                    continue
                seen.add(key)
                accepted.append(result)
                if progress:
                    print(f"[{variant}] {len(accepted)}/{count} #{result['index']} {result['kind']:<12} "
                          f"{result['seconds']:6.1f}s {result['fen']} {result['perft']}",
                          file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    return accepted, stats


def summary(variant: str, positions: List[dict]) -> Dict[str, int]:
    counts = {"positions": len(positions)}
    for result in positions:
        for name, value in result["features"].items():
            counts[name] = counts.get(name, 0) + int(value)
        counts["kind_" + result["kind"]] = counts.get("kind_" + result["kind"], 0) + 1
    return counts


def render(variant: str, seed: int, count: int, out: Optional[str], positions: List[dict]) -> str:
    command = f"python3 scripts/pydraughts_oracle.py --variant {variant} --count {count} --seed {seed}"
    if out:
        command += f" --out {out}"
    lines = [
        f"# Perft oracle: pydraughts {draughts.__version__}, variant {variant}, seed {seed}, "
        f"made by scripts/pydraughts_oracle.py",
        "# Duplicate moves (same from, to and set of captured pieces) counted once.",
        f"# Regenerate: {command}",
        "# fen;d1;d2;d3",
    ]
    for result in positions:
        lines.append(";".join([result["fen"]] + [str(n) for n in result["perft"]]))
    return "\n".join(lines) + "\n"


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", required=True, choices=VARIANTS,
                        help="pydraughts variant (standard = international 10x10)")
    parser.add_argument("--count", type=int, default=5, help="number of positions (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--out", help="output file (default: standard output)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--quiet", action="store_true", help="no progress on standard error")
    args = parser.parse_args(argv)

    if draughts.__version__ != PYDRAUGHTS_VERSION:
        print(f"WARNING: pydraughts {draughts.__version__} installed, the data is defined for "
              f"{PYDRAUGHTS_VERSION}", file=sys.stderr)

    started = time.time()
    positions, stats = generate(args.variant, args.count, args.seed, max(1, args.jobs),
                                progress=not args.quiet and bool(args.out))
    text = render(args.variant, args.seed, args.count, args.out, positions)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        sys.stdout.write(text)

    counts = summary(args.variant, positions)
    print(f"[{args.variant}] {len(positions)} positions in {time.time() - started:.0f}s; "
          + ", ".join(f"{k}={v}" for k, v in sorted(counts.items()))
          + f"; skipped duplicates={stats['skipped_duplicate']} errors={stats['skipped_error']}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
