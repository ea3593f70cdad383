"""Conversion both ways with pydraughts' Board, on positions with kings in English,
Russian, International and Turkish: the position, the side to move, the moves played and
the legal moves agree with pydraughts' own, and a round trip gives the same game back."""

import random
import types

import draughts
import pytest

import crownhead

# Positions with kings on both sides; the moves played from them include king moves
# and captures.
KING_POSITIONS = {
    "english": ["W:WK18,22,K30,31:BK6,9,K14,12", "B:WK1,K32,20:BK28,5,6"],
    "russian": ["W:WKa1,c3,e3,g3:Bb6,Kd6,f8,Kh4", "B:WKh2,Kb4:Bc7,Kf8,e7,a7"],
    "international": ["W:WK46,31,32,K33,45:B4,K12,13,K24,19", "B:WK50,K3,36:BK41,16,17,18"],
}


def pydraughts_keys(board):
    return {(m.board_move[0][0], m.board_move[-1][1], frozenset(m.captures or ())) for m in board.legal_moves()}


def our_keys_of(move):
    return (move.from_square, move.to_square, frozenset(move.captured))


def our_keys(game):
    return {our_keys_of(m) for m in game.legal_moves()}


def pieces(fen):
    """The FEN's side to move and each side's squares, as sets (pydraughts orders them its
    own way). Other fields (Frisian's runs of king moves) are left out."""
    turn, *lists = fen.split(":")
    return turn, {part[0]: set(part[1:].split(",")) - {""} for part in lists if part[:1] in ("W", "B")}


def play_randomly(game, plies, seed):
    rng = random.Random(seed)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves or game.is_over():
            break
        game.push(rng.choice(moves))
    return game


@pytest.mark.parametrize("variant", sorted(KING_POSITIONS))
def test_round_trips_with_kings(variant):
    captures = 0
    for number, fen in enumerate(KING_POSITIONS[variant]):
        start = crownhead.Game(variant, fen)
        assert "K" in start.fen()
        for seed in range(4):
            game = play_randomly(start.copy(), 12, seed * 10 + number)
            captures += sum(move.is_capture for move in game.moves)
            board = game.to_pydraughts()
            assert isinstance(board, draughts.Board)
            assert pieces(board.fen) == pieces(game.fen())
            assert len(board.move_stack) == len(game.moves)
            assert board.turn == (draughts.WHITE if game.turn == "white" else draughts.BLACK)
            if not game.is_over():
                assert pydraughts_keys(board) == our_keys(game)
            back = crownhead.Game.from_pydraughts(board)
            assert (back.variant, back.start_fen, back.fen()) == (game.variant, game.start_fen, game.fen())
            assert back.moves == game.moves
    assert captures > 0


@pytest.mark.parametrize("variant, name", [("english", "english"), ("russian", "russian"), ("international", "standard")])
def test_a_game_played_on_pydraughts_converts(variant, name):
    # Moves chosen and played by pydraughts, from a position with kings, then converted.
    board = draughts.Board(name, KING_POSITIONS[variant][0])
    rng = random.Random(7)
    for _ in range(10):
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
    game = crownhead.Game.from_pydraughts(board)
    assert len(game.moves) == len(board.move_stack)
    assert pieces(game.fen()) == pieces(board.fen)
    assert game.variant == variant and game.start_fen == crownhead.Game(variant, KING_POSITIONS[variant][0]).fen()
    # Back on pydraughts: the same moves (a flying-king capture pydraughts lists twice
    # may come back by its other landing square: the same move).
    again = game.to_pydraughts()
    key = lambda move: (move.board_move[0][0], move.board_move[-1][1], frozenset(move.captures or ()))
    assert [key(move) for move in again.move_stack] == [key(move) for move in board.move_stack]
    assert pieces(again.fen) == pieces(board.fen)


@pytest.mark.parametrize("variant", ["antidraughts", "breakthrough", "frisian", "frysk"])
def test_lidraughts_variants_convert_both_ways(variant):
    # Random games on pydraughts' board from the start, to their end or 60 plies.
    board = draughts.Board({"frysk": "frysk!"}.get(variant, variant))
    rng = random.Random(3)
    while board.legal_moves() and len(board.move_stack) < 60 and not board.is_over():
        board.push(rng.choice(board.legal_moves()))
    game = crownhead.Game.from_pydraughts(board)
    assert game.variant == variant and len(game.moves) == len(board.move_stack)
    assert pieces(game.fen()) == pieces(board.fen)
    again = game.to_pydraughts()
    assert pieces(again.fen) == pieces(board.fen) and len(again.move_stack) == len(board.move_stack)


def test_rule_sets_pydraughts_lacks_are_refused():
    with pytest.raises(ValueError, match="pydraughts has no pool"):
        crownhead.Game("pool").to_pydraughts()
    # Every rule set of pydraughts 0.6.7 converts now; a board of another is refused.
    with pytest.raises(ValueError, match="crownhead has no rule set for pydraughts' shogi"):
        crownhead.Game.from_pydraughts(types.SimpleNamespace(variant="shogi"))


# Turkish positions (every square played, a1 = 1, b1 = 2, ..., h8 = 64 in both
# libraries): men a step or two from crowning on both sides, and kings.
TURKISH_POSITIONS = ["W:Wa6,c5,d3,e3,f6,h2:Bb3,c4,e7,f3,g5,h7", "B:WKd1,b6,c5,g6:Bb3,e4,Kh8,f3"]


def square_name(number):
    return f"{'abcdefgh'[(number - 1) % 8]}{(number - 1) // 8 + 1}"


def turkish_keys(board):
    """pydraughts' Turkish moves as keys, less the king moves that are quiet yet pass over
    a piece: pydraughts 0.6.7 lists them where a king, like a rook, stops at the first
    piece (RULES.md, "Where pydraughts differs")."""
    occupied = set().union(*pieces(board.fen)[1].values())
    occupied = {name.lstrip("K") for name in occupied}

    def blocked(start, end):
        step = 1 if (end - start) % 8 and abs(end - start) < 8 else 8
        step = step if end > start else -step
        return any(square_name(square) in occupied for square in range(start + step, end, step))

    return {key for key in pydraughts_keys(board) if key[2] or not blocked(key[0], key[1])}


def test_turkish_round_trips_with_a_capture_and_a_crowning():
    played = []
    for number, fen in enumerate(TURKISH_POSITIONS):
        start = crownhead.Game("turkish", fen)
        for seed in range(6):
            # Both sides play the same random moves; their legal moves agree at each ply.
            game, board = start.copy(), draughts.Board("turkish", fen)
            rng = random.Random(seed * 10 + number)
            while len(game.moves) < 16 and not game.is_over():
                assert pieces(board.fen) == pieces(game.fen())
                assert turkish_keys(board) == our_keys(game), game.fen()
                move = rng.choice(game.legal_moves())
                game.push(move)
                board.push(next(theirs for theirs in board.legal_moves()
                                if (theirs.board_move[0][0], theirs.board_move[-1][1],
                                    frozenset(theirs.captures or ())) == our_keys_of(move)))
            played += game.moves
            converted = game.to_pydraughts()
            assert pieces(converted.fen) == pieces(board.fen) == pieces(game.fen())
            assert len(converted.move_stack) == len(game.moves)
            back = crownhead.Game.from_pydraughts(converted)
            assert (back.variant, back.start_fen, back.fen()) == ("turkish", game.start_fen, game.fen())
            assert back.moves == game.moves
    assert any(move.is_capture and len(move.captured) > 1 for move in played)
    assert any(move.crowns for move in played)


def test_a_turkish_game_played_on_pydraughts_converts():
    # From the start, moves chosen by pydraughts among its legal moves but the king
    # moves over pieces (see turkish_keys), then converted both ways.
    board = draughts.Board("turkish")
    rng = random.Random(5)
    while len(board.move_stack) < 60 and not board.is_over():
        legal = turkish_keys(board)
        board.push(rng.choice([move for move in board.legal_moves()
                               if (move.board_move[0][0], move.board_move[-1][1], frozenset(move.captures or ()))
                               in legal]))
    game = crownhead.Game.from_pydraughts(board)
    assert game.variant == "turkish" and game.start_fen == crownhead.Game("turkish").fen()
    assert len(game.moves) == len(board.move_stack) and any(move.is_capture for move in game.moves)
    assert pieces(game.fen()) == pieces(board.fen)
    again = game.to_pydraughts()
    assert pieces(again.fen) == pieces(board.fen) and len(again.move_stack) == len(board.move_stack)


def test_a_turkish_king_move_over_pieces_is_refused():
    # pydraughts' king on d4 moves to d8 over d6 and d7: no legal move for crownhead.
    board = draughts.Board("turkish", "W:WKd4:Bd6,d7,h8")
    board.push(next(move for move in board.legal_moves() if move.board_move == [[28, 60]]))
    with pytest.raises(ValueError, match="no legal move from 28 to 60"):
        crownhead.Game.from_pydraughts(board)
