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
    # antidraughts and breakthrough: 720 positions of engine games first (a PDN
    # file of `crownhead match --nodes 300` games), then 300 random ones; perft 3
    # for every third, 2 for the others
    python3 scripts/pydraughts_oracle.py --variant breakthrough --count 300 --seed 1 \
        --pdn tests/data/pydraughts/breakthrough-games.pdn --pdn-count 720 \
        --deep-every 3 --out tests/data/pydraughts/breakthrough.txt --jobs 2
    # frisian and frysk! the same way (frysk! writes tests/data/pydraughts/frysk.txt);
    # turkish with 620 positions of engine games and 400 random ones
    python3 scripts/pydraughts_oracle.py --variant turkish --count 400 --seed 1 \
        --pdn tests/data/pydraughts/turkish-games.pdn --pdn-count 620 \
        --deep-every 3 --out tests/data/pydraughts/turkish.txt --jobs 2
    # "live sample": a few fresh positions printed to stdout
    python3 scripts/pydraughts_oracle.py --variant russian --count 5 --seed 12345

Variants are pydraughts' names: english, italian, russian, brazilian,
standard (= international 10x10 draughts), antidraughts, breakthrough, frisian
and frysk! (all on the international board, with its numbering), and turkish.

Output format
-------------
Comment lines start with '#'.  Every other line is

    fen;d1;d2;d3

(``fen;d1;d2`` for the positions --deep-every leaves at depth 2), where fen is the position exactly as pydraughts' ``Board.fen`` writes it, in the
variant's public notation:

* english: English numbering 1-32, Black on 1-12 at the start and Black moves
  first (``B:W21,...:B1,...``);
* italian: Italian numbering (1 = a8, 32 = h1), White on 21-32, White first;
* russian, brazilian: algebraic squares (``W:Wa1,c3,...:Bb6,...``);
* standard, antidraughts, breakthrough: international numbering 1-50;
* turkish: algebraic squares, every square of the board (``W:Wa2,b2,...:Ba6,...``);
  its moves numbered 1 = a1, 2 = b1, ..., 9 = a2, ..., 64 = h8.

In frisian and frysk! a line is ``fen;line;d1;d2;d3``: the position is the one
the Hub moves of ``line`` (blank-separated, ``32-28`` or ``from x to x
captured...``, at most LINE_PLIES of them, perhaps none) make from ``fen``, the
position that many plies before it (or the game's start).  Frisian's three-king
rule depends on the moves played, and pydraughts reads it from them alone (a
FEN carries no runs of king moves; the last three moves of each side are
enough), so both programs play the line.

Kings are prefixed with ``K``.  pydraughts sorts numeric piece lists as strings
(``B1,10,11,12,2``) and leaves algebraic lists in an arbitrary order (Turkish's in the
order of its internal numbers sorted as strings: ``a2`` last), so a reader should treat
the lists as sets, as the round trip below does.

Frisian
-------
Two things about pydraughts are worked around (RULES.md, "Where pydraughts
differs"):

* ``Board.pop`` rebuilds the pieces from a FEN and forgets when each king was
  crowned, which the three-king rule reads; perft plays each move on a copy of
  the board instead, and a generated position's perft is taken from a fresh
  board replaying its line.
* pydraughts counts a captured king 1.501 men and sums in floating point; the
  rules count 199 and 100.  Where that picks other captures, legal_moves keeps
  the rules' (frisian_by_value), and the table lists the position in a comment.

Turkish
-------
pydraughts 0.6.7 lets a Turkish king's quiet move pass over pieces, its own or the
opponent's, to any empty square of its rank or file (``W:WKd4:Bd6,d7,h8``: it lists
``d4-d8`` over d6 and d7; from the start its perft 5 is 85,146, the rules' 85,090).
A king, like a rook, stops at the first piece (RULES.md, "Where pydraughts differs"):
legal_moves drops a king's quiet move when a square strictly between its start and its
end holds a piece (turkish_king_stops).  Its random positions are kings reached by play
and king-rich set-ups (set_kings, as in antidraughts, on the 8x8 board).

Positions that are over
-----------------------
In breakthrough a position with a king on the board is over (its king's side
has won): pydraughts' ``Board.winner()`` says so, though its
``legal_moves()`` still lists moves there.  Here, as in the rules, a position
pydraughts finds over in breakthrough has no moves, so a crowning move counts
at its own depth and ends its line.  In the other variants a position is over
only when it has no legal move (a fresh board has no history to repeat).

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

Turkish cycles through TURKISH_KINDS, with set_kings (below) among them.

Frisian and Frysk! cycle through FRISIAN_KINDS and FRYSK_KINDS, with a kind of
their own (and set_kings, below, in Frisian; in Frysk! at most five pieces a side):

* king_run: 1-3 kings and 1-5 men a side on random squares, no capture pending,
  then each side moves one king quietly, again and again, until the three-king
  rule stops the side to move's king, then back 0-2 plies.

Antidraughts cycles through ANTIDRAUGHTS_KINDS instead, with a kind of its own:

* set_kings: 1-3 kings and 0-5 men a side on random squares (no man on its
  own far rank; in Turkish on neither first nor last rank), either side to
  move, then 0-2 random plies; at least two distinct moves and four pieces
  (as for kings).

Breakthrough, where the first king ends the game, cycles through
BREAKTHROUGH_KINDS instead, with two kinds of its own:

* crowning: random play that never crowns, until the side to move can crown
  (a move of a man ending on the far rank), then back 0-2 plies, so that a
  crowning comes at depth 1, 2 or 3;
* crowned: as crowning, then the crowning move is played: the position is
  over and both programs must find no moves (perft 0, 0, 0).

With --pdn FILE, the positions of the games of a PDN file (engine games, say)
come before the random ones: every position of every game, the last one too,
replayed on pydraughts' board, distinct, --pdn-count of them taken evenly
spaced (kind "engine").

Positions without legal moves (game over) are never written, but for the
crowned and engine kinds, nor are duplicate FENs.  Each FEN is checked to
round-trip: ``Board(variant, fen)`` must write back the same FEN and have the
same legal moves as the board the game was played on; the perft is then
computed from that fresh board.

Only pydraughts and the Python standard library are used.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import re
import shlex
import sys
import time
from typing import Dict, List, Optional, Tuple

import draughts
from draughts import Board, Move

PYDRAUGHTS_VERSION = "0.6.7"
VARIANTS = ("english", "italian", "russian", "brazilian", "standard", "antidraughts", "breakthrough",
            "frisian", "frysk!", "turkish")
# The rule sets whose positions are written as a line of moves from a FEN (see the
# docstring), and the most plies such a line holds.
LINE_VARIANTS = ("frisian", "frysk!")
LINE_PLIES = 8
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

# Breakthrough's kinds: no kings before the game ends, so positions near a
# crowning and just after one instead.
BREAKTHROUGH_KINDS = (
    "opening",
    "crowning",
    "middle",
    "capture",
    "crowned",
    "late",
    "crowning",
    "middle",
    "crowning",
)

# Antidraughts' kinds: random play makes few kings there (pieces are given
# away), and the king-biased policy is slow on 10x10, so king-rich positions
# are set up at random instead.
ANTIDRAUGHTS_KINDS = (
    "opening",
    "set_kings",
    "middle",
    "capture",
    "set_kings",
    "late",
    "set_kings",
    "middle",
    "set_kings",
)

# Frisian's kinds: king-rich set-ups, and set-ups where one king keeps making
# quiet moves, so that the three-king rule acts.
FRISIAN_KINDS = (
    "opening",
    "king_run",
    "middle",
    "capture",
    "set_kings",
    "late",
    "king_run",
    "middle",
    "king_run",
)

# Frysk!'s: its five men a side crown often enough for the king-biased policy.
FRYSK_KINDS = (
    "opening",
    "king_run",
    "middle",
    "capture",
    "kings",
    "late",
    "king_run",
    "middle",
    "kings",
)

# Turkish's: king-rich set-ups on the 8x8 board besides kings reached by play (slow in
# pydraughts, so second: the live test's two positions are an opening and a set-up).
TURKISH_KINDS = (
    "opening",
    "set_kings",
    "middle",
    "capture",
    "kings",
    "late",
    "set_kings",
    "middle",
    "king_capture",
)

KINDS_OF = {
    "antidraughts": ANTIDRAUGHTS_KINDS,
    "turkish": TURKISH_KINDS,
    "breakthrough": BREAKTHROUGH_KINDS,
    "frisian": FRISIAN_KINDS,
    "frysk!": FRYSK_KINDS,
}

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


def is_decided(board: Board) -> bool:
    """True when pydraughts finds a breakthrough game over (a king on the board, or no move).

    pydraughts' ``legal_moves()`` still lists moves in such a position; its
    ``winner()`` is what says the game has ended, so the position has no moves.
    """
    return board.variant == "breakthrough" and board.winner() is not None


# The positions where the capture rule of the rules and pydraughts' differ, met since the
# last call of take_departures (see frisian_by_value).
DEPARTURES: List[str] = []


def legal_moves(board: Board) -> list:
    """pydraughts' legal moves of ``board``, none in a decided position (see is_decided),
    Frisian's captures by the rules' values (see frisian_by_value), no Turkish king's quiet
    move over pieces (see turkish_king_stops)."""
    if is_decided(board):
        return []
    moves = board.legal_moves()
    if board.variant == "turkish" and moves and not moves[0].captures:
        return turkish_king_stops(board, moves)
    if board.variant in LINE_VARIANTS and moves and moves[0].captures and opponent_kings(board) >= 1:
        return frisian_by_value(board, moves)
    return moves


def turkish_king_stops(board: Board, moves: list) -> list:
    """``moves`` (quiet moves of a Turkish position) but a king's that passes over a piece.

    pydraughts 0.6.7 lets a Turkish king's quiet move go on past pieces, its own or the
    opponent's, to any empty square of the rank or file (``W:WKd4:Bd6,d7,h8``: ``d4-d8``);
    a king, like a rook, stops at the first piece (RULES.md, "Where pydraughts differs").
    """
    pieces = parse_fen(board.fen)

    def passes_over(move) -> bool:
        start, end = move.board_move[0][0], move.board_move[-1][1]
        if not pieces.get(square_name("turkish", start), ("", False))[1]:
            return False
        return any(square_name("turkish", square) in pieces for square in squares_between(start, end))

    return [move for move in moves if not passes_over(move)]


def squares_between(start: int, end: int) -> List[int]:
    """The squares strictly between two squares of one rank or file of the 8x8 board,
    numbered 1 = a1, 2 = b1, ..., 9 = a2, ..., 64 = h8 (Turkish)."""
    step = 1 if (start - 1) // 8 == (end - 1) // 8 else 8
    if end < start:
        step = -step
    return list(range(start + step, end, step))


def opponent_kings(board: Board) -> int:
    """How many kings the side not to move has."""
    white, black = king_counts(board.fen)
    return black if side_to_move(board.fen) == "W" else white


def frisian_by_value(board: Board, listed: list) -> list:
    """Frisian's captures of greatest value by the rules (a man 100, a king 199), then by a king.

    pydraughts counts a man 1 and a king 1.501, in floating point, which picks other
    captures in two cases: where one sequence takes three kings or more than another
    (3 kings, 597, beat 5 men, 500; pydraughts: 4.503 against 5), and where two
    sequences of equal value sum to different floats for taking the pieces in another
    order (1 + 1.501 + 1 + 1 + 1.501 is 6.001999999999999, 1.501 + 1 + 1 + 1 + 1.501
    is 6.002), when pydraughts keeps only the larger. Both need a king to be taken,
    so this is asked only when the opponent has one. It reads pydraughts' own unfiltered
    sequences (``Game.get_moves``), keeps those of greatest value and, if a king
    makes one of them, only the kings' (as pydraughts does, RULES.md#frisian); where
    that differs from pydraughts' list, the position is noted in DEPARTURES.
    """
    game = board._game
    raw_moves, raw_captures = game.get_moves()

    def is_king(square):
        return game.board.searcher.get_piece_by_position(square).king

    values = [sum(199 if is_king(square) else 100 for square in captured if square is not None)
              for captured in raw_captures]
    best = [index for index, value in enumerate(values) if value == max(values)]
    by_king = [index for index in best if is_king(raw_moves[index][0][0])]
    kept = by_king or best
    board_moves = [raw_moves[index] for index in kept]
    captures = [raw_captures[index] for index in kept]
    ruled = [Move(board_move=steps, possible_moves=board_moves, possible_captures=captures)
             for steps in board_moves]
    departure = f"{board.fen} after {' '.join(m.hub_move for m in board.move_stack)}"
    if {move_key(move) for move in ruled} != {move_key(move) for move in listed} and departure not in DEPARTURES:
        DEPARTURES.append(departure)
    return ruled


def take_departures() -> List[str]:
    """The departures noted since the last call, which are then forgotten."""
    taken = list(DEPARTURES)
    DEPARTURES.clear()
    return taken


def distinct_moves(board: Board) -> Dict[MoveKey, object]:
    """Legal moves of ``board`` with duplicates removed (first one kept), in pydraughts' order."""
    moves: Dict[MoveKey, object] = {}
    for move in legal_moves(board):
        moves.setdefault(move_key(move), move)
    return moves


def perft(board: Board, depth: int) -> List[int]:
    """Numbers of distinct move sequences of lengths 1 to ``depth``, from one walk of the tree.

    Each move is played on a copy of the board: pydraughts' ``Board.pop`` rebuilds
    the pieces from a FEN, which forgets when each king was crowned, and Frisian's
    three-king rule reads that (a man's moves up to its crowning would count as
    the king's); ``Board.copy`` keeps it.
    """
    moves = distinct_moves(board)
    counts = [len(moves)] + [0] * (depth - 1)
    if depth > 1:
        for move in moves.values():
            child = board.copy()
            child.push(move)
            for index, count in enumerate(perft(child, depth - 1), start=1):
                counts[index] += count
    return counts


# ---------------------------------------------------------------------------
# Reading FENs (only to classify positions)
# ---------------------------------------------------------------------------

def square_name(variant: str, number: int) -> str:
    """Name used in ``Board.fen`` for a square numbered as in ``Move.board_move``.

    For russian/brazilian, pydraughts numbers moves 1 = a1, 2 = c1, ..., 5 = b2,
    ..., 32 = h8 but writes FENs with algebraic names; for turkish 1 = a1, 2 = b1,
    ..., 9 = a2, ..., 64 = h8, and algebraic names in FENs too; other variants use the
    same numbers in both.
    """
    if variant in ("russian", "brazilian"):
        row = (number - 1) // 4
        column = ((number - 1) % 4) * 2 + (row % 2)
        return "abcdefgh"[column] + str(row + 1)
    if variant == "turkish":
        return "abcdefgh"[(number - 1) % 8] + str((number - 1) // 8 + 1)
    return str(number)


def square_number(variant: str, name: str) -> int:
    """The number of a square named as in a PDN move (``32``, or in Turkish ``d3``: 20)."""
    if variant == "turkish" and name[:1].isalpha():
        return "abcdefgh".index(name[0]) + 8 * (int(name[1:]) - 1) + 1
    return int(name)


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
        "duplicate_listed": len(legal_moves(board)) > len(moves),
        "crowning": any(crowns(board, move) for move in moves.values()),
        "over": not moves,
        "king_blocked": king_blocked(board),
    }


def king_blocked(board: Board) -> bool:
    """True when the three-king rule takes quiet moves from the side to move: pydraughts'
    unfiltered sequences (``Game.get_moves``) hold quiet moves its legal moves do not."""
    if board.variant not in LINE_VARIANTS:
        return False
    raw_moves, raw_captures = board._game.get_moves()
    quiet = sum(1 for captured in raw_captures if captured == [None])
    return not any(move.captures for move in board.legal_moves()) and quiet > len(board.legal_moves())


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
    if not distinct_moves(board):
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
    listed = legal_moves(board)
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
    return len(legal_moves(board)) > len(moves)


def far_rank(board: Board) -> range:
    """The squares of the side to move's far rank, on the 10x10 board (1-5 for White)."""
    return range(1, 6) if side_to_move(board.fen) == "W" else range(46, 51)


def crowns(board: Board, move) -> bool:
    """True when ``move`` of a man ends on the far rank (breakthrough only: no kings before).

    This only steers play towards crownings; whether one ends the game is
    pydraughts' verdict (is_decided), read after the move is played.
    """
    return board.variant == "breakthrough" and move.board_move[-1][1] in far_rank(board)


def can_crown(board: Board, moves) -> bool:
    return any(crowns(board, move) for move in moves.values())


def non_crowning_move(rng: random.Random, board: Board):
    """A uniformly random distinct move that does not crown, else any (breakthrough)."""
    moves = list(distinct_moves(board).values())
    quiet = [move for move in moves if not crowns(board, move)]
    return rng.choice(quiet or moves) if moves else None


def set_kings(rng: random.Random, variant: str, fewest_men: int = 0) -> Board:
    """A random position with 1-3 kings and ``fewest_men``-5 men a side (see the kinds
    above); in Frysk!, 5 pieces a side at most. On Turkish's 8x8 board no man stands on
    the first or last rank."""
    if variant == "turkish":
        free, men_of = list(range(1, 65)), {"W": range(9, 57), "B": range(9, 57)}
    else:
        free, men_of = list(range(1, 51)), {"W": range(6, 51), "B": range(1, 46)}
    rng.shuffle(free)
    parts = []
    for colour, men_squares in men_of.items():
        kings = rng.randint(1, 2 if variant == "frysk!" else 3)
        items = [f"K{square_name(variant, free.pop())}" for _ in range(kings)]
        most_men = 5 - kings if variant == "frysk!" else 5
        for _ in range(rng.randint(min(fewest_men, most_men), most_men)):
            square = next(square for square in free if square in men_squares)
            free.remove(square)
            items.append(square_name(variant, square))
        parts.append(colour + ",".join(items))
    board = Board(variant, fen=f"{rng.choice('WB')}:{parts[0]}:{parts[1]}")
    play_plies(rng, board, rng.randint(0, 2))
    return board


def king_run_move(rng: random.Random, board: Board):
    """A move that lengthens the side to move's run of quiet moves by one king.

    Nine times in ten: a quiet move of the king that made the side's last move, if
    it has one; else of any king; else (and the tenth time) a random move; of the
    king moves, one that leaves the opponent no capture if there is one. Played
    from a set-up with men on both sides, this runs into the three-king rule.
    """
    moves = list(distinct_moves(board).values())
    if not moves:
        return None
    kings = {square for square, (colour, king) in parse_fen(board.fen).items()
             if king and colour == side_to_move(board.fen)}
    quiet = [move for move in moves if not move.captures and str(move.board_move[0][0]) in kings]
    last = str(board.move_stack[-2].board_move[-1][1]) if len(board.move_stack) >= 2 else None
    same = [move for move in quiet if str(move.board_move[0][0]) == last]
    if rng.random() < 0.9 and (same or quiet):
        candidates = same or quiet
        safe = [move for move in candidates if not gives_capture(board, move)]
        return rng.choice(safe or candidates)
    return rng.choice(moves)


def gives_capture(board: Board, move) -> bool:
    """True when the opponent has a capture after ``move``."""
    board.push(move)
    answer = opponent_must_capture(board)
    board.pop()
    return answer


def reach_king_run(rng: random.Random, variant: str) -> Optional[Board]:
    """A set-up with kings and men on both sides, then king_run_move until the three-king
    rule takes a king's quiet moves from the side to move (within 16 plies), then back 0-2
    plies, so that the rule acts at depth 1, 2 or 3 of the perft; None if it never does."""
    board = set_kings(rng, variant, fewest_men=1)
    for _ in range(20):
        if not capture_pending(board, distinct_moves(board)):
            break
        board = set_kings(rng, variant, fewest_men=1)
    if not play_until(rng, board, lambda b, m: king_blocked(b), 16, 0.0, king_run_move):
        return None
    for _ in range(min(rng.randint(0, 2), len(board.move_stack))):
        board.pop()
    return board if rich_enough(board) else None


def reach_crowning(rng: random.Random, variant: str) -> Optional[Board]:
    """A breakthrough board where the side to move can crown, or None (three games tried)."""
    for _ in range(3):
        board = Board(variant)
        play_plies(rng, board, rng.randint(0, 6))
        if play_until(rng, board, can_crown, 300, 0.0, non_crowning_move):
            return board
    return None


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
        elif kind == "king_run":
            board = reach_king_run(rng, variant)
            if board is not None:
                return board
        elif kind == "set_kings":
            board = set_kings(rng, variant)
            if rich_enough(board):
                return board
        elif kind in ("crowning", "crowned"):
            board = reach_crowning(rng, variant)
            if board is None:
                continue
            if kind == "crowned":
                board.push(rng.choice([m for m in distinct_moves(board).values() if crowns(board, m)]))
                return board
            for _ in range(min(rng.randint(0, 2), len(board.move_stack))):
                board.pop()
            return board
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

def task(args: Tuple[str, int, int, int]) -> dict:
    """Generate position ``index`` for (variant, seed), check its FEN and compute its perft."""
    variant, seed, index, deep_every = args
    kinds = KINDS_OF.get(variant, KINDS)
    kind = kinds[index % len(kinds)]
    rng = random.Random(seed * 1000003 + index)
    started = time.time()
    board = generate_position(variant, kind, rng)
    if board is None:
        return {"index": index, "kind": kind, "fen": None, "error": "no position found"}
    return examine(variant, board, index, kind, started, depth(index, deep_every))


def engine_task(args: Tuple[str, int, Tuple[str, List[str]], int]) -> dict:
    """Check and compute the perft of position ``index`` of the PDN games (see pdn_positions)."""
    variant, index, (fen, line), deep_every = args
    return examine(variant, replay(variant, fen, line), -1 - index, "engine", time.time(),
                   depth(index, deep_every))


def depth(index: int, deep_every: int) -> int:
    """The perft depth of position ``index``: the deepest for every ``deep_every``-th, else one less."""
    return max(DEPTHS) if index % deep_every == 0 else max(DEPTHS) - 1


def line_start(board: Board) -> Tuple[str, List[str]]:
    """Where the position of ``board`` is written from: in LINE_VARIANTS the FEN
    LINE_PLIES plies back (or the game's start) and the Hub moves played since,
    elsewhere the position's own FEN and no moves."""
    if board.variant not in LINE_VARIANTS:
        return board.fen, []
    plies = min(LINE_PLIES, len(board.move_stack))
    root = board.copy()
    for _ in range(plies):
        root.pop()
    return root.fen, [move.hub_move for move in board.move_stack[len(board.move_stack) - plies:]]


def same_position(fen: str, other: str) -> bool:
    """Whether two FENs as pydraughts writes them hold the same side to move and pieces,
    the piece lists read as sets (pydraughts' order is its own)."""
    return side_to_move(fen) == side_to_move(other) and parse_fen(fen) == parse_fen(other)


def hub_key(text: str) -> MoveKey:
    """A Hub move (``32-28``, ``21x25x23``: from, to, then the captured squares in any
    order) as a move_key."""
    squares = [int(square) for square in re.split("[-x]", text)]
    return squares[0], squares[1], frozenset(squares[2:])


def replay(variant: str, fen: str, line: List[str]) -> Board:
    """A fresh board of ``fen`` with the Hub moves of ``line`` played, each a distinct legal move."""
    board = Board(variant, fen=fen)
    for text in line:
        board.push(distinct_moves(board)[hub_key(text)])
    return board


def examine(variant: str, board: Board, index: int, kind: str, started: float, depth: int) -> dict:
    """Check that ``board``'s position round-trips (its FEN, or in LINE_VARIANTS the FEN
    and line of line_start) and compute its perft from the fresh board."""
    fen = board.fen
    root, line = line_start(board)
    result = {"index": index, "kind": kind, "fen": fen, "root": root, "line": line, "error": None}

    # Round trip: the FEN and line must make the same position as the played board.
    if not same_position(Board(variant, fen=root).fen, root):
        result["error"] = f"FEN does not round-trip: {root} -> {Board(variant, fen=root).fen}"
        return result
    try:
        fresh = replay(variant, root, line)
    except KeyError as error:
        result["error"] = f"line {line} from {root} does not replay: {error}"
        return result
    # In LINE_VARIANTS the moves are not compared: the played board may have been
    # through Board.pop, which forgets when its kings were crowned (see perft).
    played_moves = fresh.legal_moves() if variant in LINE_VARIANTS else board.legal_moves()
    fresh_moves = fresh.legal_moves()
    if not same_position(fresh.fen, fen):
        result["error"] = f"FEN does not round-trip: {fen} -> {fresh.fen}"
        return result
    if len(played_moves) != len(fresh_moves) or \
            sorted(m.steps_move for m in played_moves) != sorted(m.steps_move for m in fresh_moves):
        result["error"] = f"legal moves differ after FEN round trip: {fen}"
        return result
    if not distinct_moves(fresh) and kind not in ("crowned", "engine"):
        result["error"] = "game over"
        return result

    take_departures()
    result["features"] = classify(variant, fresh, distinct_moves(fresh))
    result["raw_moves"] = len(fresh_moves)
    result["perft"] = perft(fresh, depth)
    result["departures"] = take_departures()
    if fresh.fen != fen:
        result["error"] = "perft did not restore the board"
        return result
    result["seconds"] = time.time() - started
    return result


# ---------------------------------------------------------------------------
# Positions of PDN games
# ---------------------------------------------------------------------------

PDN_NOISE = re.compile(r"\{[^}]*\}|\d+\.(\.\.)?")
PDN_RESULTS = {"2-0", "0-2", "1-1", "0-0", "1-0", "0-1", "1/2-1/2", "*"}


def pdn_games(text: str) -> List[Tuple[Optional[str], List[str]]]:
    """(FEN tag or None, move texts) of each game of a PDN file."""
    games = []
    for chunk in re.split(r"(?=\[Event )", text):
        fen = re.search(r'\[FEN "([^"]*)"\]', chunk)
        movetext = re.sub(r"\[[^\]]*\]", " ", chunk)
        moves = [text for text in PDN_NOISE.sub(" ", movetext).split() if text not in PDN_RESULTS]
        if moves:
            games.append((fen.group(1) if fen else None, moves))
    return games


def pdn_move(board: Board, text: str):
    """The legal move of ``board`` that a PDN move text (``32-28``, ``19x28``, ``28x19x8``) names.

    The text gives the start, the end and perhaps some landing squares in
    between (in Turkish algebraic: ``d3-d4``, ``d3xd5``); exactly one distinct move must
    fit it.
    """
    squares = [square_number(board.variant, square) for square in re.split("[-x:]", text)]
    fits = [move for move in distinct_moves(board).values()
            if move.steps_move[0] == squares[0] and move.steps_move[-1] == squares[-1]
            and is_subsequence(squares[1:-1], move.steps_move[1:-1])]
    if len(fits) != 1:
        raise ValueError(f"{len(fits)} moves fit {text} in {board.fen}")
    return fits[0]


def is_subsequence(part: List[int], whole: List[int]) -> bool:
    rest = iter(whole)
    return all(square in rest for square in part)


def pdn_positions(variant: str, path: str, count: int) -> List[Tuple[str, List[str]]]:
    """``count`` positions, evenly spaced, of the distinct positions of the games of ``path``,
    each as line_start writes it (a FEN and, in LINE_VARIANTS, the line of moves to it).

    Every position of a game, the start and the end too (where a won game has no
    move), replayed on pydraughts' board; two are the same when their FENs are.
    """
    with open(path, encoding="utf-8") as handle:
        games = pdn_games(handle.read())
    positions: Dict[str, Tuple[str, List[str]]] = {}
    for fen, moves in games:
        board = Board(variant, fen=fen) if fen else Board(variant)
        positions.setdefault(board.fen, line_start(board))
        for text in moves:
            board.push(pdn_move(board, text))
            positions.setdefault(board.fen, line_start(board))
    distinct = list(positions.values())
    step = max(1, len(distinct) // count) if count else len(distinct) + 1
    return distinct[::step][:count]


def generate(variant: str, count: int, seed: int, jobs: int, progress: bool,
             engine_fens: List[Tuple[str, List[str]]], deep_every: int) -> Tuple[List[dict], dict]:
    """The positions of ``engine_fens``, then ``count`` distinct random ones, with their perft.

    The engine positions come first, so that a run stopped early or made with a
    smaller count still begins with the same positions.
    """
    accepted: List[dict] = []
    seen: set = set()
    stats = {"skipped_duplicate": 0, "skipped_error": 0, "errors": []}
    next_index = 0
    pool = multiprocessing.Pool(jobs) if jobs > 1 else None

    def run(function, batch, wanted):
        results = pool.imap(function, batch, chunksize=1) if pool else map(function, batch)
        for result in results:
            if len(accepted) < wanted:
                accept(variant, result, seen, accepted, stats, progress)

    try:
        run(engine_task, [(variant, i, fen, deep_every) for i, fen in enumerate(engine_fens)],
            len(engine_fens))
        wanted = len(accepted) + count
        while len(accepted) < wanted:
            needed = wanted - len(accepted)
            run(task, [(variant, seed, i, deep_every) for i in range(next_index, next_index + needed)],
                wanted)
            next_index += needed
    finally:
        if pool:
            pool.close()
            pool.join()
    return accepted, stats


def accept(variant: str, result: dict, seen: set, accepted: List[dict], stats: dict, progress: bool) -> None:
    """Add ``result`` to ``accepted`` unless it failed or its FEN is there already."""
    if result["error"]:
        stats["skipped_error"] += 1
        stats["errors"].append((result["index"], result["error"]))
        if "round-trip" in result["error"] or "differ" in result["error"] or \
                "restore" in result["error"]:
            print(f"WARNING: position {result['index']}: {result['error']}", file=sys.stderr)
        return
    if result["fen"] in seen:
        stats["skipped_duplicate"] += 1
        return
    seen.add(result["fen"])
    accepted.append(result)
    if progress:
        print(f"[{variant}] {len(accepted)} #{result['index']} {result['kind']:<12} "
              f"{result['seconds']:6.1f}s {result['fen']} {result['perft']}",
              file=sys.stderr, flush=True)


def summary(variant: str, positions: List[dict]) -> Dict[str, int]:
    counts = {"positions": len(positions)}
    for result in positions:
        for name, value in result["features"].items():
            counts[name] = counts.get(name, 0) + int(value)
        counts["kind_" + result["kind"]] = counts.get("kind_" + result["kind"], 0) + 1
        counts["departures"] = counts.get("departures", 0) + len(result["departures"])
    return counts


def render(variant: str, seed: int, count: int, out: Optional[str], positions: List[dict],
           pdn: Optional[Tuple[str, int]], deep_every: int) -> str:
    command = f"python3 scripts/pydraughts_oracle.py --variant {shlex.quote(variant)} --count {count} --seed {seed}"
    if pdn:
        command += f" --pdn {pdn[0]} --pdn-count {pdn[1]}"
    if deep_every != 1:
        command += f" --deep-every {deep_every}"
    if out:
        command += f" --out {out}"
    lines = [
        f"# Perft oracle: pydraughts {draughts.__version__}, variant {variant}, seed {seed}, "
        f"made by scripts/pydraughts_oracle.py",
        "# Duplicate moves (same from, to and set of captured pieces) counted once.",
        f"# Regenerate: {command}",
        "# fen;d1;d2;d3 (d3 only for every --deep-every-th position made)" if variant not in LINE_VARIANTS
        else f"# fen;line;d1;d2;d3: the position the Hub moves of line (at most {LINE_PLIES}) make from fen "
             "(d3 only for every --deep-every-th position made)",
    ]
    for result in positions:
        fields = [result["root"]] + ([" ".join(result["line"])] if variant in LINE_VARIANTS else [])
        lines.append(";".join(fields + [str(n) for n in result["perft"]]))
    for result in positions:
        for departure in result["departures"]:
            lines.append(f"# Captures by the rules' values, not pydraughts' (RULES.md#where-pydraughts-differs), "
                         f"in the perft of position {result['index']} ({result['kind']}): {departure}")
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
    parser.add_argument("--pdn", help="also positions of the games of this PDN file (kind engine)")
    parser.add_argument("--pdn-count", type=int, default=200,
                        help="how many positions of the PDN games (default 200)")
    parser.add_argument("--deep-every", type=int, default=1,
                        help="perft to depth 3 for every N-th position only, the others to 2 "
                             "(counted apart for random and PDN positions; default 1: all)")
    args = parser.parse_args(argv)

    if draughts.__version__ != PYDRAUGHTS_VERSION:
        print(f"WARNING: pydraughts {draughts.__version__} installed, the data is defined for "
              f"{PYDRAUGHTS_VERSION}", file=sys.stderr)

    started = time.time()
    engine_fens = pdn_positions(args.variant, args.pdn, args.pdn_count) if args.pdn else []
    positions, stats = generate(args.variant, args.count, args.seed, max(1, args.jobs),
                                not args.quiet and bool(args.out), engine_fens, max(1, args.deep_every))
    pdn = (args.pdn, args.pdn_count) if args.pdn else None
    text = render(args.variant, args.seed, args.count, args.out, positions, pdn, max(1, args.deep_every))
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
