"""One game of each lidraughts variant, crownhead against itself, each side played by
lidraughts-bot's own, unmodified game loop (`play_game` of `lidraughts-bot.py`, with its
`engine_wrapper.py`, `model.py`, `config.py` and pydraughts 0.5.7 as its requirements pin),
against a stand-in for lidraughts' bot API that this script provides: no network.

What the bot does here is what it does on lidraughts: it loads its `config.yml` with its own
`load_config` (its default file, with the engine entry README.md#running-crownhead-under-lidraughts-bot
gives), maps the API's variant name to a Hub name (`parse_variant`), starts `crownhead hub`
through `engine_wrapper.create_engine` (`set-param` of every `hub_options` entry, `variant`
and `initial-time`), plays its first move in 10 s (`choose_first_move`), then every move on
the clock the stand-in sends (`wtime`, `btime`, `winc`, `binc` in ms, less the bot's own
`move_overhead`), pondering when the config says so, and quits the engine at the end.

The stand-in is the referee: it keeps the game with pydraughts (the bot's version), checks
every move the bot sends is one of pydraughts' legal moves, runs the clocks as lidraughts
does (the first move of each side is not timed), and ends the game by pydraughts' rules, or
after --max-plies where pydraughts has no end for the variant (Frisian and Frysk!: it has no
repetition rule), which is then reported as a cap, not an end. Frisian and Frysk! are skipped
with a message when crownhead's `hub` reply does not list `frisian`.

Run through scripts/lidraughts-bot, which makes the virtual environment; directly:
  python3 scripts/lidraughts_bot_games.py BOT_DIR CROWNHEAD [--clock 30+0.3] [--max-plies 400]
      [--variants standard,russian,...] [--first-move-ms MS] [--log FILE]
BOT_DIR is a checkout of lidraughts-bot (the bot is AGPL-3.0: it is not copied into this
repository). Prints one line a game and a last line `N passed, N failed`; exits 1 on a failure.
"""

import argparse
import copy
import gc
import importlib.metadata
import importlib.util
import json
import logging
import os
import queue
import re
import signal
import sys
import tempfile
import threading
import time

# The API's variant objects (key, name, short) and start FENs, as lidraughts sends them in
# gameFull; Frysk! comes with its own start, From Position with the game's.
VARIANTS = {
    "standard": ("Standard", "Std", "startpos"),
    # After 1. 32-28 19-23: White must take.
    "fromPosition": ("From Position", "FEN",
                     "W:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,"
                     "14,15,16,17,18,20,23"),
    "russian": ("Russian", "Russian", "startpos"),
    "brazilian": ("Brazilian", "Brazilian", "startpos"),
    "antidraughts": ("Antidraughts", "Anti", "startpos"),
    "breakthrough": ("Breakthrough", "BT", "startpos"),
    "frisian": ("Frisian", "Frisian", "startpos"),
    "frysk": ("Frysk!", "Frysk", "W:W46,47,48,49,50:B1,2,3,4,5"),
}
FRISIAN_FAMILY = {"frisian", "frysk"}
PLAYERS = {"white": "crownhead-white", "black": "crownhead-black"}
# How pydraughts' HubEngine logs a line it sends: `5 %s << %s PID LINE`.
SENT_LINE = re.compile(r"<< %s (\d+) ")


def side_game_id(colour):
    return f"game-{colour}"


def load_bot(bot_dir):
    """lidraughts-bot.py as a module (its name has a hyphen), its own modules importable."""
    sys.path.insert(0, bot_dir)
    spec = importlib.util.spec_from_file_location("lidraughts_bot", os.path.join(bot_dir, "lidraughts-bot.py"))
    bot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bot)
    return bot


def write_config(bot, bot_dir, crownhead, work_dir, first_move_ms):
    """The bot's default config.yml with README's engine entry for crownhead, loaded by the
    bot's own load_config. Options of the default file crownhead does not have stay."""
    import yaml

    with open(os.path.join(bot_dir, "config.yml.default")) as file:
        config = yaml.safe_load(file)
    engine = config["engine"]
    engine["dir"] = os.path.dirname(os.path.abspath(crownhead))
    engine["name"] = os.path.basename(crownhead)
    engine["engine_argument"] = "hub"
    engine["working_dir"] = work_dir
    engine["protocol"] = "hub"
    engine["ponder"] = True
    engine["hub_options"].update({"threads": 1, "tt-size": 16, "pos-encoding": "pydraughts-0.5"})
    if first_move_ms:
        # The bot's own setting: caps the movetime searches (its 10 s first move) only.
        engine["hub_options"]["go_commands"] = {"movetime": first_move_ms}
    path = os.path.join(work_dir, "config.yml")
    with open(path, "w") as file:
        yaml.safe_dump(config, file)
    os.environ["LIDRAUGHTS_BOT_TOKEN"] = "not-a-token"
    return bot.load_config(path)


class Referee:
    """The stand-in for lidraughts' server: one game, two players, pydraughts' rules."""

    def __init__(self, draughts, key, clock, max_plies):
        name, short, fen = VARIANTS[key]
        self.draughts = draughts
        self.key = key
        self.board = draughts.Game(name.lower(), fen)
        self.max_plies = max_plies
        self.initial_ms, self.inc_ms = clock
        self.clocks = {"white": self.initial_ms, "black": self.initial_ms}
        self.moves = []
        self.plies = 0
        self.turn_started = time.monotonic()
        self.status = "started"
        self.winner = None
        self.failure = None
        self.note = ""
        self.streams = {"white": queue.Queue(), "black": queue.Queue()}
        self.lock = threading.Lock()
        self.full = {
            "type": "gameFull",
            "variant": {"key": key, "name": name, "short": short},
            "clock": {"initial": self.initial_ms, "increment": self.inc_ms},
            "speed": "bullet",
            "perf": {"name": "Bullet"},
            "rated": False,
            "createdAt": int(time.time() * 1000),
            "white": {"id": PLAYERS["white"], "name": PLAYERS["white"], "title": "BOT", "rating": 2000},
            "black": {"id": PLAYERS["black"], "name": PLAYERS["black"], "title": "BOT", "rating": 2000},
            "initialFen": fen,
        }

    def side_to_move(self):
        return "white" if self.board.whose_turn() == self.draughts.WHITE else "black"

    def state(self):
        state = {
            "type": "gameState",
            "moves": " ".join(self.moves),
            "wtime": max(0, int(self.clocks["white"])),
            "btime": max(0, int(self.clocks["black"])),
            "winc": self.inc_ms,
            "binc": self.inc_ms,
            "status": self.status,
        }
        if self.winner:
            state["winner"] = self.winner
        return state

    def game_full(self, colour):
        """gameFull as `colour`'s stream starts with it. The id differs by side: the bot
        keeps pondering results by game id in a global, one process for all its games."""
        return dict(self.full, id=side_game_id(colour), state=self.state())

    def play(self, colour, result):
        """A move the bot of `colour` sent: timed, checked legal, played, broadcast."""
        with self.lock:
            if self.status != "started":
                return
            if colour != self.side_to_move():
                self.end_with_failure(f"{colour} moved out of turn")
                return
            self.charge_clock(colour)
            if self.status != "started":
                return
            legal, _ = self.board.legal_moves()
            if result.move is None or result.move.board_move not in legal:
                played = None if result.move is None else result.move.board_move
                self.end_with_failure(f"{colour} sent {played}, not a legal move in {self.board.get_li_fen()}")
                return
            for part in result.move.li_api_move:
                self.board.push_str_move(part)
                self.moves.append(part)
            self.plies += 1
            self.judge()
            self.broadcast()

    def charge_clock(self, colour):
        """lidraughts' clock: the first move of each side is free, then the time taken is
        charged and the increment added; a clock below zero loses."""
        if self.plies >= 2:
            self.clocks[colour] -= (time.monotonic() - self.turn_started) * 1000
            if self.clocks[colour] < 0:
                self.end_with_failure(f"{colour} lost on time")
                return
            self.clocks[colour] += self.inc_ms

    def judge(self):
        """Ends the game when pydraughts says it is over, or at the cap."""
        if self.board.is_over():
            winner = self.board.get_winner()
            if winner == self.draughts.WHITE:
                self.winner, self.status = "white", self.win_status()
            elif winner == self.draughts.BLACK:
                self.winner, self.status = "black", self.win_status()
            else:
                self.status = "draw"
        elif self.plies >= self.max_plies:
            self.status = "draw"
            self.note = f"not over by pydraughts' rules after {self.plies} plies (cap)"

    def win_status(self):
        return "variantEnd" if self.key in ("antidraughts", "breakthrough") else "mate"

    def end_with_failure(self, reason):
        self.failure = reason
        self.status = "aborted"
        self.broadcast()

    def broadcast(self):
        self.turn_started = time.monotonic()
        state = self.state()
        for stream in self.streams.values():
            stream.put(state)

    def stop(self, reason):
        with self.lock:
            if self.status == "started":
                self.end_with_failure(reason)


class GameStream:
    """The bot's game stream: gameFull, then a gameState a move, keep-alive empty lines
    (lidraughts sends them) while nothing happens, ending after the game's last state."""

    def __init__(self, referee, colour):
        self.referee = referee
        self.colour = colour

    def iter_lines(self):
        yield json.dumps(self.referee.game_full(self.colour)).encode("utf-8")
        while True:
            try:
                state = self.referee.streams[self.colour].get(timeout=1)
            except queue.Empty:
                yield b""
                continue
            yield json.dumps(state).encode("utf-8")
            if state["status"] != "started":
                return


class Lidraughts:
    """The calls `play_game` makes on its `li` object, answered by the referee."""

    def __init__(self, referee, colour):
        self.referee = referee
        self.colour = colour
        self.baseUrl = "http://localhost/"

    def get_game_stream(self, game_id):
        return GameStream(self.referee, self.colour)

    def make_move(self, game_id, move):
        self.referee.play(self.colour, move)

    def resign(self, game_id):
        self.referee.stop(f"{self.colour} resigned")

    def abort(self, game_id):
        self.referee.stop(f"{self.colour} aborted")

    def chat(self, game_id, room, text):
        pass

    def get_ongoing_games(self):
        return []

    def get_game_pgn(self, game_id):
        return ""


class HubTraffic(logging.Handler):
    """pydraughts' debug log of every Hub line, kept to check what the engines were told
    and that they answered nothing pydraughts did not expect."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines = []

    def emit(self, record):
        self.lines.append(record.getMessage())

    def take(self):
        lines, self.lines = self.lines, []
        return lines


def play_side(bot, referee, colour, config, errors):
    """One side: the bot's own play_game, as its game process runs it."""
    li = Lidraughts(referee, colour)
    profile = {"username": PLAYERS[colour], "title": "BOT"}
    # Without its backoff decorator, which would call it again on any error for ten minutes:
    # the error is reported instead. The config is copied as each game process of the bot
    # has its own: create_engine writes into it.
    play_game = bot.play_game.__wrapped__
    try:
        play_game(li, side_game_id(colour), queue.Queue(), profile, copy.deepcopy(config), [], queue.Queue(),
                  None, lambda *_: None, logging.INFO)
    except Exception as error:  # the bot's own error, reported with the game
        errors[colour] = f"{type(error).__name__}: {error}"
        referee.stop(f"{colour}'s bot raised {errors[colour]}")


def check_traffic(lines, hub_variant):
    """What pydraughts logged: each engine told the variant, and no answer it did not
    expect. Returns the problems and the engines' process ids."""
    problems = [line for line in lines if "Unexpected engine response" in line]
    told = [line for line in lines if f"set-param name=variant value={hub_variant}" in line]
    if len(told) != 2:
        problems.append(f"set-param name=variant value={hub_variant} sent {len(told)} times, not twice")
    return problems, {int(match.group(1)) for match in map(SENT_LINE.search, lines) if match}


def leftover_engines(pids):
    """The engine processes (of this script's) still running a few seconds after the bots
    are done; each is ended (its process group, as pydraughts' kill_process does)."""
    gc.collect()
    deadline = time.monotonic() + 5
    while any(map(running, pids)) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = sorted(filter(running, pids))
    for pid in left:
        os.killpg(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    return left


def running(pid):
    """Whether the child process `pid` is still running; reaps it once it has ended."""
    try:
        return os.waitpid(pid, os.WNOHANG) == (0, 0)
    except ChildProcessError:
        return False


def play(bot, draughts, key, config, args, traffic):
    """One whole game of `key`; returns (passed, line)."""
    referee = Referee(draughts, key, args.clock, args.max_plies)
    hub_variant = bot.parse_variant(VARIANTS[key][0])
    errors = {}
    started = time.monotonic()
    sides = [threading.Thread(target=play_side, args=(bot, referee, colour, config, errors), daemon=True)
             for colour in PLAYERS]
    for side in sides:
        side.start()
    for side in sides:
        side.join(timeout=args.game_timeout)
    if any(side.is_alive() for side in sides):
        referee.stop("a side did not finish")
        return False, f"{key}: the bot did not finish the game in {args.game_timeout} s"
    problems, pids = check_traffic(traffic.take(), hub_variant)
    left = leftover_engines(pids)
    seconds = time.monotonic() - started
    result = referee.winner or referee.status
    summary = (f"{key} (Hub {hub_variant}): {referee.plies} plies, {result}"
               f"{', ' + referee.note if referee.note else ''}; clocks left "
               f"{referee.clocks['white'] / 1000:.1f} s / {referee.clocks['black'] / 1000:.1f} s; {seconds:.0f} s")
    if referee.failure or problems:
        return False, f"{summary}: FAILED: " + "; ".join(filter(None, [referee.failure] + problems))
    if errors:
        # lidraughts-bot's tell_user_game_result calls board.is_fifty_moves(), which
        # pydraughts 0.5.7's Game lacks, on every drawn game: after the game, on the bot's
        # side, which then neither stops nor quits its engine.
        if referee.status == "draw" and all("is_fifty_moves" in error for error in errors.values()):
            return True, (f"{summary}; then the bot's own draw bug ({errors['white']}); "
                          f"engines it left running, ended here: {len(left)}")
        return False, f"{summary}: FAILED: the bot raised {errors}"
    if left:
        return False, f"{summary}: FAILED: {len(left)} engine processes still running after the game"
    return True, summary


def engine_variants(draughts, crownhead):
    """The variant names crownhead's `hub` reply lists, as pydraughts reads them."""
    engine = draughts.engine.HubEngine([crownhead, "hub"])
    variants = set(engine.variants)
    engine.quit()
    engine.p.communicate()
    return variants


def parse_clock(text):
    base, _, inc = text.partition("+")
    return int(float(base) * 1000), int(float(inc or 0) * 1000)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bot_dir")
    parser.add_argument("crownhead")
    parser.add_argument("--clock", type=parse_clock, default=parse_clock("30+0.3"), help="seconds+increment")
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--first-move-ms", type=int, default=0,
                        help="the bot's go_commands movetime: caps its 10 s first move")
    parser.add_argument("--game-timeout", type=float, default=900)
    parser.add_argument("--log", default=os.path.join(tempfile.gettempdir(), "lidraughts-bot-games.log"))
    args = parser.parse_args()

    logging.basicConfig(filename=args.log, level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    # A pondering thread of the bot whose engine was ended here dies with EOFError: logged.
    threading.excepthook = lambda hook: logging.getLogger("thread").error(
        "%s died", hook.thread.name, exc_info=(hook.exc_type, hook.exc_value, hook.exc_traceback))
    traffic = HubTraffic()
    pydraughts_log = logging.getLogger("pydraughts")
    pydraughts_log.setLevel(logging.DEBUG)
    pydraughts_log.addHandler(traffic)

    bot = load_bot(os.path.abspath(args.bot_dir))
    import draughts
    import draughts.engine

    crownhead = os.path.abspath(args.crownhead)
    work_dir = tempfile.mkdtemp(prefix="lidraughts-bot-")
    config = write_config(bot, args.bot_dir, crownhead, work_dir, args.first_move_ms)
    listed = engine_variants(draughts, crownhead)
    traffic.take()
    print(f"pydraughts {importlib.metadata.version('pydraughts')}; "
          f"crownhead lists variants: {' '.join(sorted(listed))}; log: {args.log}", flush=True)

    passed = failed = 0
    for key in args.variants.split(","):
        if key in FRISIAN_FAMILY and "frisian" not in listed:
            print(f"{key}: skipped: crownhead's hub reply does not list frisian", flush=True)
            continue
        ok, line = play(bot, draughts, key, config, args, traffic)
        print(line, flush=True)
        passed, failed = passed + ok, failed + (not ok)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
