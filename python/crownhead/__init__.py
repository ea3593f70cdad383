"""crownhead: a fast multi-variant draughts and checkers engine, as a Python module.

The rules of every rule set crownhead plays (English checkers, Italian, Spanish,
Portuguese, Russian, Brazilian, Pool, Czech, PlayOK, International 10x10), its search,
its PDN reader and writer and its game analysis, at native speed::

    import crownhead

    game = crownhead.Game("english")
    game.push("11-15")
    engine = crownhead.Engine(threads=1)
    analysis = engine.analyse(game, depth=12)
    print(analysis.best_move, analysis.score)
"""

from typing import Optional

from . import _crownhead
from ._crownhead import (
    VARIANTS,
    Analysis,
    Game,
    GameResult,
    IllegalMoveError,
    Line,
    Move,
    MoveAnalysis,
    Score,
    __version__,
    analyse_game,
    read_pdn,
)


class Engine(_crownhead.Engine):
    __doc__ = _crownhead.Engine.__doc__

    def best_move(
        self,
        game: Game,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
    ) -> Optional[Move]:
        """The move the engine would play in the position ``game`` has reached (None when
        there is no legal move); the limits are ``analyse``'s."""
        return self.analyse(game, depth=depth, movetime=movetime, nodes=nodes).best_move


__all__ = [
    "VARIANTS",
    "Analysis",
    "Engine",
    "Game",
    "GameResult",
    "IllegalMoveError",
    "Line",
    "Move",
    "MoveAnalysis",
    "Score",
    "__version__",
    "analyse_game",
    "read_pdn",
]
