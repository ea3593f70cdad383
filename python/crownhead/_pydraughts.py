"""Conversion between crownhead's Game and pydraughts' Board (``import draughts``).

Both directions replay the moves: a Board made from a Game starts from the game's start
position and has its moves on its move stack, and the other way round. A move is matched
by its start square, end square and set of captured squares, in the square numbers both
libraries share (algebraic rule sets number their playing squares along the ranks from
a1 = 1: c1 = 2 on the dark squares, b1 = 2 in Turkish). pydraughts lists some
flying-king captures twice (the same move by another landing square); either is the same
move here. In Turkish, pydraughts lets a king's quiet move pass over pieces (RULES.md,
"Where pydraughts differs"); such a move of a pydraughts game is no legal move here, and
refused.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Tuple

from ._crownhead import Game

# crownhead's rule set names and pydraughts' names for the same rules.
_TO_PYDRAUGHTS: Dict[str, str] = {
    "english": "english",
    "italian": "italian",
    "russian": "russian",
    "brazilian": "brazilian",
    "international": "standard",
    "antidraughts": "antidraughts",
    "breakthrough": "breakthrough",
    "frisian": "frisian",
    "frysk": "frysk!",
    "turkish": "turkish",
}
_FROM_PYDRAUGHTS: Dict[str, str] = {name: ours for ours, name in _TO_PYDRAUGHTS.items()}
_FROM_PYDRAUGHTS["american"] = "english"

_Key = Tuple[int, int, FrozenSet[int]]


def _board_key(move: Any) -> _Key:
    """A pydraughts move's start, end and captured squares."""
    steps = move.board_move
    return (steps[0][0], steps[-1][1], frozenset(move.captures or ()))


def _move_key(move: Any) -> _Key:
    """A crownhead move's start, end and captured squares."""
    return (move.from_square, move.to_square, frozenset(move.captured))


def _replay(moves: Iterable[Any], key: Callable[[Any], _Key], legal: Callable[[], List[Any]],
            their_key: Callable[[Any], _Key], push: Callable[[Any], Any], where: Callable[[], str]) -> None:
    """Plays each of ``moves`` on the other side as the legal move ``legal()`` lists with
    the same start, end and captured squares (the first, when a capture is listed twice)."""
    for move in moves:
        wanted = key(move)
        matches = [candidate for candidate in legal() if their_key(candidate) == wanted]
        if not matches:
            raise ValueError(f"no legal move from {wanted[0]} to {wanted[1]} in {where()}")
        push(matches[0])


def to_board(game: Game) -> Any:
    """The game as a pydraughts Board: its start position, then its moves."""
    import draughts

    name = _TO_PYDRAUGHTS.get(game.variant)
    if name is None:
        raise ValueError(
            f"pydraughts has no {game.variant} rule set (it has {', '.join(sorted(_TO_PYDRAUGHTS))})"
        )
    board = draughts.Board(name, game.start_fen)
    _replay(game.moves, _move_key, board.legal_moves, _board_key, board.push, lambda: board.fen)
    return board


def from_board(board: Any) -> Game:
    """The game a pydraughts Board holds: its start position, then its move stack."""
    name = _FROM_PYDRAUGHTS.get(board.variant)
    if name is None:
        raise ValueError(
            f"crownhead has no rule set for pydraughts' {board.variant} (it converts "
            f"{', '.join(sorted(_FROM_PYDRAUGHTS))})"
        )
    game = Game(name, board.initial_fen)
    _replay(board.move_stack, _board_key, game.legal_moves, _move_key, game.push, game.fen)
    return game
