"""Reads PDN from standard input with pydraughts' PDNReader, a reader written apart from
crownhead's, and prints one JSON line per game: the main-line move strings it found, the
result written at the end of the game, and the rule set its GameType names.

Used by tests/pdn_pydraughts.rs."""

import json
import sys

from draughts.PDN import PDNReader


def main() -> None:
    reader = PDNReader(pdn_text=sys.stdin.read())
    for game in reader.games:
        print(json.dumps({"moves": game.moves, "ending": game.game_ending, "variant": game.variant}))


if __name__ == "__main__":
    main()
