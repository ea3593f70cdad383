"""The engine's playing options from Python, as Hub's `strength` and `move-overhead` and
the command line's `--strength` and `--move-overhead` set them: the checks
tests/engine/strength.rs makes of strength levels (full strength plays the unweakened
search's move, analysis is never weakened, the weakest level varies its moves, every
level plays a forced win), the weakest level's moves worth less by a deeper full-strength
search, and each value read back or refused in the engine's own words."""

import collections

import pytest

import crownhead

# tests/engine/strength.rs's English positions: the start and a quiet middle game.
START = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
MIDDLE_GAME = "W:W17,21,22,24,25,26,28,29,30,31,32:B1,2,3,5,6,7,9,10,11,12,15"


def engine(strength=10):
    # Without the book, which is played from at every level, so that each move is searched.
    return crownhead.Engine(tt_size=16, book=False, strength=strength)


def summary(analysis):
    return (analysis.best_move, analysis.score, analysis.depth, analysis.pv)


def test_strength_and_move_overhead_read_back():
    default = crownhead.Engine(tt_size=1)
    assert (default.strength, default.move_overhead) == (10, 10)
    chosen = crownhead.Engine(tt_size=1, strength=3, move_overhead=250)
    assert (chosen.strength, chosen.move_overhead) == (3, 250)
    assert "strength=3" in repr(chosen)
    assert (crownhead.Engine(tt_size=1, strength=1, move_overhead=0).strength, chosen.threads) == (1, 1)
    assert crownhead.Engine(tt_size=1, move_overhead=10_000).move_overhead == 10_000


@pytest.mark.parametrize("value", [0, 11, -1, 256, 10**12])
def test_a_strength_out_of_range_is_refused(value):
    with pytest.raises(ValueError, match=f"^strength must be a whole number from 1 to 10, not '{value}'$"):
        crownhead.Engine(strength=value)


@pytest.mark.parametrize("value", [-1, 10_001, 10**12])
def test_a_move_overhead_out_of_range_is_refused(value):
    message = f"^move-overhead must be a whole number from 0 to 10000, not '{value}'$"
    with pytest.raises(ValueError, match=message):
        crownhead.Engine(move_overhead=value)


def test_an_overhead_longer_than_the_move_time_still_searches():
    # The budget is the move time less the overhead, but at least a millisecond: a move is
    # still found, and it is legal.
    game = crownhead.Game("english", MIDDLE_GAME)
    best = crownhead.Engine(tt_size=1, book=False, move_overhead=10_000).best_move(game, movetime=0.05)
    assert best in game.legal_moves()


def test_full_strength_plays_and_every_level_analyses_as_the_unweakened_search():
    for fen in [START, MIDDLE_GAME]:
        game = crownhead.Game("english", fen)
        analysed = engine(10).analyse(game, depth=9)
        assert engine(10).best_move(game, depth=9) == analysed.best_move, fen
        for strength in (1, 5, 9):
            assert summary(engine(strength).analyse(game, depth=9)) == summary(analysed), (fen, strength)


def test_the_weakest_level_plays_worse_moves():
    # Every move's value by a deeper full-strength search (one line per legal move): full
    # strength plays the best, 17-14, more than a man ahead of every other move; the
    # weakest level, searching a few plies, plays others, and loses men by them.
    game = crownhead.Game("english", MIDDLE_GAME)
    legal = game.legal_moves()
    deep = engine(10).analyse(game, depth=12, multipv=len(legal))
    value = {line.pv[0]: line.score.men for line in deep.lines}
    assert set(value) == set(legal)
    best = deep.best_move
    assert best.text == "17-14" and all(value[best] - value[move] > 1.0 for move in legal if move != best)
    assert engine(10).best_move(game, depth=12) == best
    weak = engine(1)
    played = [weak.best_move(game, depth=12) for _ in range(24)]
    assert all(move in legal for move in played)
    losses = [value[best] - value[move] for move in played]
    assert sum(losses) / len(losses) > 0.5, collections.Counter(move.text for move in played)


def test_the_weakest_level_varies_its_moves():
    game = crownhead.Game("english", START)
    weak = engine(1)
    played = {weak.best_move(game, depth=20).text for _ in range(24)}
    assert len(played) >= 3, played
    assert played <= {move.text for move in game.legal_moves()}
    assert len({engine(10).best_move(game, depth=8).text for _ in range(3)}) == 1


def test_every_level_plays_a_forced_win_it_sees():
    # White must capture: 22x8 takes both Black men and wins at once, 23x14 takes one.
    for strength in range(1, 11):
        weak = engine(strength)
        for _ in range(4):
            game = crownhead.Game("english", "W:W22,23:B11,18")
            game.push(weak.best_move(game, depth=20))
            assert game.result().winner == "white", (strength, game.moves)
