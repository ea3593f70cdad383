"""The search from Python: the forced shots tests/engine/search.rs uses, forced wins played out
to the end, multi-PV, the GIL released, and Ctrl-C (KeyboardInterrupt) stopping a long
search."""

import _thread
import signal
import threading
import time

import pytest

import crownhead


def test_english_two_for_one_shot():
    # tests/engine/search.rs: 23-18 gives a man, 14x23 is forced, 27x18x11 takes two.
    game = crownhead.Game("english", "W:W22,23,27,28,32:B5,14,15")
    analysis = crownhead.Engine(tt_size=16).analyse(game, depth=6)
    assert analysis.best_move.text == "23-18"
    assert analysis.score.men >= 2.0, analysis.score
    assert analysis.pv[0] == analysis.best_move
    assert [move.text for move in analysis.pv[:3]] == ["23-18", "14x23", "27x11"]


def test_russian_flying_king_shot():
    # tests/engine/search.rs: c3-d4 forces e5xc3, and the king on a1 flies over c3 and f6.
    game = crownhead.Game("russian", "W:WKa1,c3,g1:Be5,f6,h6")
    best = crownhead.Engine(variant="russian", tt_size=16).best_move(game, depth=6)
    assert best.text == "c3-d4"


def test_a_forced_win_is_played_out_in_the_plies_it_names():
    # Two kings against one in English win by force (tests/engine/search.rs plays them out).
    # The engine's win in N must end the game, won, after its principal variation. Databases
    # off: the built-in one holds these positions, and its wins score 50 men and up where
    # this reads the wins the search finds on the board.
    engine = crownhead.Engine(tt_size=16, egdb_path="")
    game = crownhead.Game("english", "W:WK14,K19:BK28")
    for _ in range(80):
        if game.is_over():
            break
        analysis = engine.analyse(game, depth=14)
        if analysis.score.win_in is not None:
            plies = analysis.score.win_in
            assert analysis.score.is_decisive and analysis.score.loss_in is None
            assert analysis.score.men == pytest.approx(100 - plies / 100)
            line = game.copy()
            for move in analysis.pv:
                line.push(move)
            assert len(analysis.pv) == plies
            assert line.result().winner == game.turn
            break
        game.push(analysis.best_move)
    else:
        pytest.fail("no forced win found in 80 plies")
    # Two plies before the end the losing side is to move: a loss in 2 for it.
    line.pop()
    line.pop()
    losing = crownhead.Engine(tt_size=16, egdb_path="").analyse(line, depth=6)
    assert (losing.score.loss_in, losing.score.win_in) == (2, None)
    assert losing.score.men == pytest.approx(-99.98)
    assert losing.score < crownhead.Engine(tt_size=16).analyse(crownhead.Game(), depth=4).score


def test_multipv_lists_distinct_moves_best_first():
    analysis = crownhead.Engine(tt_size=16).analyse(crownhead.Game(), depth=6, multipv=3)
    assert [line.multipv for line in analysis.lines] == [1, 2, 3]
    firsts = [line.pv[0] for line in analysis.lines]
    assert len(set(firsts)) == 3
    assert [line.score for line in analysis.lines] == sorted((line.score for line in analysis.lines), reverse=True)
    assert analysis.best_move == firsts[0]
    assert all(line.depth == 6 for line in analysis.lines)


def test_limits():
    engine = crownhead.Engine(tt_size=16)
    game = crownhead.Game("international")
    analysis = engine.analyse(game, nodes=50_000)
    assert analysis.best_move is not None and analysis.nodes < 50_000 + 2_048
    started = time.monotonic()
    analysis = engine.analyse(game, movetime=0.2)
    assert time.monotonic() - started < 1.0
    assert analysis.depth >= 2 and analysis.time <= 0.5
    assert engine.analyse(crownhead.Game("english", "W:W29:B25,22"), depth=3).best_move is None
    # The largest depth Python can pass is as good as no depth limit.
    assert engine.analyse(game, depth=2**32 - 1, movetime=0.2).depth >= 3


def test_the_search_releases_the_gil():
    counts = []
    stop = threading.Event()

    def count():
        n = 0
        while not stop.is_set():
            n += 1
        counts.append(n)

    worker = threading.Thread(target=count)
    worker.start()
    try:
        crownhead.Engine(tt_size=16).analyse(crownhead.Game("international"), movetime=0.5)
    finally:
        stop.set()
        worker.join()
    # With the GIL held for half a second the counter could not have moved much; a
    # Python loop counts millions in that time.
    assert counts[0] > 100_000, counts


@pytest.fixture
def sigint_raises():
    """Python's own SIGINT handler, which raises KeyboardInterrupt. A process started in
    the background by a non-interactive shell ignores SIGINT, and then
    `_thread.interrupt_main()` does nothing."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def interrupted(call):
    """Runs `call` while a timer thread presses Ctrl-C after half a second (as
    `_thread.interrupt_main()` does); checks that it raised KeyboardInterrupt and returns
    the seconds it took."""
    timer = threading.Timer(0.5, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
    return time.monotonic() - started


def test_ctrl_c_stops_a_long_search(sigint_raises):
    engine = crownhead.Engine(tt_size=16)
    game = crownhead.Game("international")
    # Hours to depth 60; the movetime only bounds a failing test.
    elapsed = interrupted(lambda: engine.analyse(game, depth=60, movetime=20))
    assert 0.4 < elapsed < 2.0, elapsed
    # The engine is still usable.
    assert engine.analyse(game, depth=3).best_move is not None


def test_ctrl_c_stops_a_game_analysis(sigint_raises):
    game = crownhead.Game("international")
    for _ in range(6):
        game.push(game.legal_moves()[0])
    elapsed = interrupted(lambda: crownhead.analyse_game(game, depth=60, movetime=5))
    assert 0.4 < elapsed < 2.0, elapsed


def test_best_move_plays_from_the_opening_book():
    # The built-in English book: every move of the start, best first; with no margin the
    # best is played at once (a depth-60 search would take far longer), without the book
    # a search answers.
    game = crownhead.Game("english")
    engine = crownhead.Engine(variant="english", tt_size=16, book_margin=0)
    moves = engine.book_moves(game)
    assert len(moves) == 7
    assert [value for _, value in moves] == sorted((value for _, value in moves), reverse=True)
    started = time.monotonic()
    assert engine.best_move(game, depth=60) == moves[0][0]
    assert time.monotonic() - started < 5
    margin = crownhead.Engine(tt_size=16, book_margin=100)
    played = {margin.best_move(game, depth=60).text for _ in range(24)}
    assert len(played) >= 2 and played <= {move.text for move, _ in moves}
    assert crownhead.Engine(book=False, tt_size=16).best_move(game, depth=4) is not None
    assert crownhead.Engine(tt_size=16).book_moves(crownhead.Game("italian")) == []
    assert len(crownhead.Engine(tt_size=16).book_moves(crownhead.Game("russian"))) == 7
    assert len(crownhead.Engine(tt_size=16).book_moves(crownhead.Game("international"))) == 9
    with pytest.raises(ValueError, match="book-file"):
        crownhead.Engine(book_file="/no/such/book")
    with pytest.raises(ValueError, match="book-margin"):
        crownhead.Engine(book_margin=101)
