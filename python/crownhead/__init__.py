"""crownhead: a fast multi-variant draughts and checkers engine, as a Python module.

The rules of every rule set crownhead plays (English checkers, Italian, Spanish,
Portuguese, Russian, Brazilian, Pool, Czech, PlayOK, International 10x10), its search,
its PDN reader and writer, its game analysis and its puzzles, at native speed::

    import crownhead

    game = crownhead.Game("english")
    game.push("11-15")
    engine = crownhead.Engine(threads=1)
    analysis = engine.analyse(game, depth=12)
    print(analysis.best_move, analysis.score)
"""

from ._crownhead import (
    ENGINE_OPTIONS,
    VARIANTS,
    Analysis,
    Engine,
    Game,
    GameResult,
    IllegalMoveError,
    Line,
    Move,
    MoveAnalysis,
    Puzzle,
    Score,
    Variation,
    __version__,
    analyse_game,
    puzzles,
    read_pdn,
    read_puzzles,
)

__all__ = [
    "ENGINE_OPTIONS",
    "VARIANTS",
    "Analysis",
    "Engine",
    "Game",
    "GameResult",
    "IllegalMoveError",
    "Line",
    "Move",
    "MoveAnalysis",
    "Puzzle",
    "Score",
    "Variation",
    "__version__",
    "analyse_game",
    "puzzles",
    "read_pdn",
    "read_puzzles",
]
