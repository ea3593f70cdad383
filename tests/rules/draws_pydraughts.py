"""Plays games on pydraughts 0.6.7's board and prints its verdict at every ply: the oracle
of tests/rules/draws_pydraughts.rs, which compares crownhead's Game::result with it.

Reads one JSON object a line on standard input:

    {"variant": "standard", "fen": START, "moves": [[32, 28], [19, 23, 32], ...],
     "fens": [FEN after move 1, FEN after move 2, ...]}

`variant` is pydraughts' name (english, italian, russian, brazilian, standard,
antidraughts, breakthrough, frisian, frysk!, turkish); START and
the FENs are in the rule set's public notation, as crownhead writes them; each move is its
squares in the rule set's numbering (1 = a1 ... 32 = h8 for russian and brazilian, 1 = a1,
2 = b1 ... 64 = h8 for turkish), the start square and then every landing square. For each game it prints one line: a letter a
ply, the start position first, each what pydraughts' Board.winner() says there: `W` White
won, `B` Black won, `D` drawn, `-` not over (English colours are the public ones, Black
first). Board.winner() is get_winner(): a side with no move loses (wins in antidraughts;
in breakthrough a side with a king has won), then is_draw(). The games are crownhead's,
so a Turkish king never passes over pieces, which pydraughts would allow: pydraughts
accepts every move, and only its verdict on a hemmed king differs (draws_pydraughts.rs).

Moves are pushed step by step without asking pydraughts for the legal moves first (that
takes ten times longer on 10x10); instead, after every move the pieces on pydraughts' board
must be those of the FEN crownhead gave, else the run fails naming the game and the ply.
The move generators themselves are compared by tests/rules/pydraughts_oracle.rs.
"""

import json
import sys

from draughts import BLACK, WHITE, Board, Move

VERDICTS = {None: "-", 0: "D", WHITE: "W", BLACK: "B"}


def pieces(fen):
    """The set of (colour, square, king) a FEN describes; piece lists read as sets, other
    fields (the runs of king moves crownhead writes in Frisian) left out."""
    found = set()
    for part in fen.split(":")[1:]:
        colour, items = part[:1], part[1:]
        if colour not in ("W", "B"):
            continue
        for item in filter(None, items.split(",")):
            king = item.startswith("K")
            found.add((colour, item[1:] if king else item, king))
    return found


def verdicts(number, game):
    """The verdict letters of one game; exits if pydraughts' board leaves crownhead's game."""
    board = Board(game["variant"], game["fen"])
    if pieces(board.fen) != pieces(game["fen"]):
        sys.exit(f"game {number}: pydraughts reads {game['fen']} as {board.fen}")
    letters = [VERDICTS[board.winner()]]
    for ply, (steps, fen) in enumerate(zip(game["moves"], game["fens"]), start=1):
        try:
            board.push(Move(steps_move=steps))
        except (ValueError, KeyError, IndexError) as error:
            sys.exit(f"game {number}, ply {ply}: pydraughts refuses {steps} in {board.fen}: {error}")
        if pieces(board.fen) != pieces(fen):
            sys.exit(f"game {number}, ply {ply}: after {steps} pydraughts has {board.fen}, crownhead {fen}")
        letters.append(VERDICTS[board.winner()])
    return "".join(letters)


def main():
    for number, line in enumerate(sys.stdin, start=1):
        print(verdicts(number, json.loads(line)), flush=False)


if __name__ == "__main__":
    main()
