"""Type stubs for crownhead's native module (re-exported by the package crownhead)."""

import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

__version__: str

#: The names of the rule sets crownhead plays (aliases: "american" for english,
#: "standard" and "normal" for international).
VARIANTS: List[str]

#: The engine's options, one dict each, made from the engine's own table: ``name`` (as
#: Hub's ``set-param`` takes it), ``keyword`` (``Engine``'s), ``type`` (``"int"``,
#: ``"bool"`` or ``"path"``), ``default`` (None for a path: see ``Engine``), ``min`` and
#: ``max`` (ints only) and ``help``.
ENGINE_OPTIONS: List[Dict[str, Any]]

class IllegalMoveError(ValueError):
    """A move that is not legal in the position, or that could be several legal moves."""

class Move:
    """A legal move of a position. Moves are equal when they start and end on the same
    squares, capture the same pieces and crown alike."""

    @property
    def text(self) -> str:
        """The move in the rule set's notation: ``11-15``, ``22x15``, ``c3-d4``; the full
        path only when another legal move has the same start and end."""
    @property
    def full_text(self) -> str:
        """The move with every landing square written: ``25x18x9``."""
    @property
    def hub(self) -> str:
        """The move in the Hub protocol's form: numbers, the captured squares after the end."""
    @property
    def from_square(self) -> int:
        """The number of the square the piece leaves (algebraic rule sets number a1 = 1,
        c1 = 2, ..., Turkish a1 = 1, b1 = 2, ..., as Hub and pydraughts do)."""
    @property
    def to_square(self) -> int:
        """The number of the square the piece ends on."""
    @property
    def captured(self) -> List[int]:
        """The numbers of the captured pieces' squares, in ascending order."""
    @property
    def is_capture(self) -> bool:
        """Whether the move captures."""
    @property
    def crowns(self) -> bool:
        """Whether a man is crowned by the move."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class GameResult:
    """How a game ended, by the rule set's win and draw rules."""

    #: ``"white"`` or ``"black"``, or ``None`` for a draw.
    winner: Optional[str]
    #: ``"no legal move"``, ``"threefold repetition"``, ``"move limit"``, ``"lone king held"``
    #: or ``"crowned"`` (breakthrough).
    reason: str
    #: The result as the rule set writes it in PDN: ``"1-0"``, ``"0-1"``, ``"1/2-1/2"``
    #: (International ``"2-0"``, ``"0-2"``, ``"1-1"``); the first score is the first player's.
    pdn: str

class Variation:
    """A line of a game's PDN tree played instead of one of its moves (or of another
    variation's), from the position before it: ``Game.variations(ply)`` gives them. A
    read-only view; ``Game.add_variation`` adds one."""

    @property
    def comment(self) -> Optional[str]:
        """The comment before the variation's first move, if any."""
    @property
    def start_fen(self) -> str:
        """The position the first move is played in, as a PDN FEN."""
    @property
    def moves(self) -> List[Move]:
        """The moves, in order."""
    @property
    def glyphs(self) -> List[Optional[str]]:
        """The glyph of each move (``"!"``, ``"?"``, ``"!!"``, ``"??"``, ``"!?"``, ``"?!"``)
        or None."""
    @property
    def comments(self) -> List[Optional[str]]:
        """The comment after each move, or None."""
    def variations(self, ply: int) -> List["Variation"]:
        """The variations of the move at ``ply`` (0 for this variation's first move).
        Raises IndexError for a ply past the moves."""
    def __len__(self) -> int: ...

class Game:
    """A game of draughts or checkers: a start position, the moves played from it, the
    PDN tags, and each move's glyph, comment and variations."""

    def __init__(self, variant: str = "english", fen: Optional[str] = None) -> None:
        """A game of ``variant`` from its start position, or from ``fen`` (a PDN FEN such as
        ``"W:W31-50:B1-20"``). Raises ValueError for an unknown rule set or a bad FEN."""
    @property
    def variant(self) -> str:
        """The rule set's name."""
    @property
    def turn(self) -> str:
        """The side to move: ``"white"`` or ``"black"``."""
    @property
    def start_fen(self) -> str:
        """The start position as a PDN FEN."""
    @property
    def moves(self) -> List[Move]:
        """The moves played, in order."""
    @property
    def tags(self) -> Dict[str, str]:
        """The PDN tags, changed in place. ``Result`` is the result ``pdn()`` writes while
        the game is not over by the rules; ``GameType``, ``FEN`` and ``SetUp`` are
        written from the game itself."""
    @tags.setter
    def tags(self, tags: Dict[str, str]) -> None: ...
    @property
    def comments(self) -> List[Optional[str]]:
        """The comment after each move played (``None`` where there is none)."""
    @comments.setter
    def comments(self, comments: Sequence[Optional[str]]) -> None: ...
    @property
    def glyphs(self) -> List[Optional[str]]:
        """The glyph of each move played: ``"!"``, ``"?"``, ``"!!"``, ``"??"``, ``"!?"``,
        ``"?!"`` (read from PDN as a suffix or as the NAGs ``$1`` to ``$6``), or None.
        Set one per move; ValueError for another text."""
    @glyphs.setter
    def glyphs(self, glyphs: Sequence[Optional[str]]) -> None: ...
    @property
    def intro_comment(self) -> Optional[str]:
        """The comment before the first move, if any."""
    @intro_comment.setter
    def intro_comment(self, comment: Optional[str]) -> None: ...
    def variations(self, ply: int) -> List[Variation]:
        """The variations of the move at ``ply`` (0 for the first move): lines played
        instead of it, from the position before it. Raises IndexError for a ply past
        the moves."""
    def add_variation(
        self, ply: int, moves: Sequence[Union[Move, str]], comment: Optional[str] = None
    ) -> Variation:
        """Adds a variation to the move at ``ply``: ``moves`` (Moves or texts) played
        instead of it from the position before it, with ``comment`` before them, and
        returns it. Raises IndexError for a ply past the moves, IllegalMoveError or
        ValueError for a move that cannot be played (the game is then unchanged)."""
    def fen(self) -> str:
        """The position now as a PDN FEN."""
    def legal_moves(self) -> List[Move]:
        """The legal moves of the position now."""
    def push(self, move: Union[Move, str]) -> Move:
        """Plays a Move or a move's text (``11-15``, ``22x15``, ``25x18x9``, ``c3-d4``,
        ``c3d4``, the Hub form) and returns it. Raises IllegalMoveError for a move that
        is not legal now or is ambiguous, ValueError for text that is not a move."""
    def pop(self) -> Move:
        """Takes back the last move and returns it. Raises IndexError with no move played."""
    def is_over(self) -> bool:
        """Whether the game is over by the rules: no legal move, or a draw rule."""
    def result(self) -> Optional[GameResult]:
        """The result if the game is over by the rules, else None."""
    def claimable_result(self) -> Optional[GameResult]:
        """The result a referee judging by pydraughts' rules (lidraughts-bot, DXP referees)
        confirms too, which the engine claims over DXP; else None. It is ``result()``,
        except that a lone-king draw comes only once the rule's count has also run since a
        man last moved or a piece was captured, as pydraughts counts it (RULES.md, "Where
        pydraughts differs"); wins, repetitions and move-limit draws are claimable at once."""
    def perft(self, depth: int) -> int:
        """The number of move sequences of exactly ``depth`` plies from the position now."""
    def copy(self) -> "Game":
        """A copy of the game: moves, tags, glyphs, comments and variations."""
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any) -> "Game": ...
    def pdn(self) -> str:
        """The game as PDN text: tags, numbered moves with their glyphs, comments and
        variations, and the result."""
    def _repr_svg_(self) -> str:
        """The position as an SVG picture (what notebooks show)."""
    def to_pydraughts(self) -> Any:
        """The game as a pydraughts ``draughts.Board``, its moves replayed on it (english,
        italian, russian, brazilian, international, antidraughts, breakthrough, frisian,
        frysk, turkish). Raises ValueError for other rule sets."""
    @staticmethod
    def from_pydraughts(board: Any) -> "Game":
        """The game a pydraughts ``Board`` holds: its start position and its moves. Raises
        ValueError for a rule set crownhead lacks and for a move that is not legal here (in
        Turkish, pydraughts lets a king's quiet move pass over pieces)."""

class Score:
    """A search score for the side to move. Scores compare as the engine orders them."""

    @property
    def men(self) -> float:
        """The score in men; a win in N plies is ``100 - N/100``, a loss its negation."""
    @property
    def centi_men(self) -> int:
        """The score in centi-men; a win in N plies is ``10000 - N``."""
    @property
    def is_decisive(self) -> bool:
        """Whether the score is a forced win or loss rather than an evaluation."""
    @property
    def win_in(self) -> Optional[int]:
        """Plies to the end when the side to move wins by force, else None."""
    @property
    def loss_in(self) -> Optional[int]:
        """Plies to the end when the side to move loses by force, else None."""
    def __float__(self) -> float: ...
    def __lt__(self, other: "Score") -> bool: ...
    def __le__(self, other: "Score") -> bool: ...
    def __gt__(self, other: "Score") -> bool: ...
    def __ge__(self, other: "Score") -> bool: ...

class Line:
    """One line of a multi-PV search."""

    #: The line's rank, 1 for the best.
    multipv: int
    #: Its score for the side to move.
    score: Score
    #: The depth it was searched to.
    depth: int
    #: The deepest ply reached.
    seldepth: int
    #: The principal variation, its first move first.
    pv: List[Move]

class Analysis:
    """What a search found."""

    #: The move to play; None only when the side to move has no legal move.
    best_move: Optional[Move]
    #: The expected reply, if any.
    ponder: Optional[Move]
    #: The best move's score for the side to move.
    score: Score
    #: The last completed depth.
    depth: int
    #: Nodes searched, all threads together.
    nodes: int
    #: Seconds taken.
    time: float
    #: Nodes per second.
    nps: int
    #: The principal variation, the best move first.
    pv: List[Move]
    #: Each line's last report, the best first (one unless multipv > 1).
    lines: List[Line]

class Engine:
    """The search, with its options and transposition table, kept between searches."""

    def __init__(
        self,
        variant: Optional[str] = None,
        threads: int = 1,
        tt_size: int = 64,
        eval_file: Optional[Union[str, os.PathLike[str]]] = None,
        egdb_path: Optional[Union[str, os.PathLike[str]]] = None,
        book: bool = True,
        book_file: Optional[Union[str, os.PathLike[str]]] = None,
        book_ply: int = 40,
        book_margin: int = 4,
        strength: int = 10,
        move_overhead: int = 10,
    ) -> None:
        """An engine for ``variant`` (None: any rule set) with ``threads`` search threads,
        a ``tt_size`` MiB transposition table, the network file ``eval_file`` (None: the
        built-in networks) and the endgame databases under ``egdb_path`` (the directory
        ``crownhead egdb build --dir`` writes to; None: where it writes by default, as for
        Hub and the command line; the built-in databases where it holds fewer pieces;
        ``""``: none). ``best_move`` takes its move from
        the opening book where ``book`` is on and the book (``book_file``, made by
        ``crownhead book build``; None: the rule set's built-in one) has one, fewer than
        ``book_ply`` plies from the start, drawn among the moves within ``book_margin``
        centi-men of the best; ``analyse`` always searches. ``strength`` is how well
        ``best_move`` plays, 1 (weakest) to 10 (full strength), as Hub's ``strength``:
        below 10 its searches are cut short and now and then play a slightly worse move;
        ``analyse`` is always at full strength. ``move_overhead`` is the milliseconds (0 to
        10000) kept back from every move's time, as Hub's ``move-overhead``: a ``movetime``
        search stops that much sooner (after a millisecond at least). Raises ValueError
        for a bad rule set, number (a strength or move overhead out of range too),
        network or book file, or an egdb_path that is not a directory. The keywords are the
        engine's options (``ENGINE_OPTIONS``)."""
    @property
    def variant(self) -> Optional[str]:
        """The rule set the engine was made for, or None for any."""
    @property
    def threads(self) -> int:
        """The number of search threads."""
    @property
    def tt_size(self) -> int:
        """The transposition table's size in MiB."""
    @property
    def strength(self) -> int:
        """The strength level ``best_move`` plays at, 1 (weakest) to 10 (full strength)."""
    @property
    def move_overhead(self) -> int:
        """The milliseconds kept back from every move's time (a ``movetime`` search's too)."""
    def analyse(
        self,
        game: Game,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
        multipv: int = 1,
    ) -> Analysis:
        """Searches the position ``game`` has reached to ``depth`` plies, for ``movetime``
        seconds (less the move overhead) or about ``nodes`` nodes (the first reached stops
        it; at least one is needed), reporting the ``multipv`` best lines, at full strength
        whatever ``strength`` is. Runs without the GIL; Ctrl-C stops it and raises
        KeyboardInterrupt."""
    def best_move(
        self,
        game: Game,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
    ) -> Optional[Move]:
        """The move the engine would play in the position ``game`` has reached: from the
        opening book where the engine plays from one and it has a move there, else the
        search's choice within ``analyse``'s limits at the engine's ``strength``. None when
        the side to move has no move."""
    def book_moves(self, game: Game) -> List[Tuple[Move, float]]:
        """The opening book's moves in the position ``game`` has reached, best first, each
        with its value in men for the side that plays it; empty where the book has none."""
    def new_game(self) -> None:
        """Forgets everything learnt: the next search is unrelated to the last."""

class MoveAnalysis:
    """The engine's view of one move of a game, as ``crownhead analyse-game`` gives it."""

    #: The move played.
    move: Move
    #: The score after the move played, for the side that played it.
    score: Score
    #: The engine's choice in the position the move was played in.
    best_move: Optional[Move]
    #: The score of that position with the engine's choice, for the side to move.
    best_score: Score
    #: The men the move gave away against the engine's choice.
    loss: float
    #: ``"mistake"`` (0.40 men or more given away), ``"blunder"`` (0.90 or more) or None.
    judgement: Optional[str]
    #: The comment ``crownhead analyse-game`` writes after the move (scores from the first
    #: player's side).
    comment: str

class Puzzle:
    """A position where the side to move has one move that wins and every other move does
    not, with the whole line that shows it. ``str(puzzle)`` is its line in a puzzle file,
    as ``crownhead puzzles export`` prints it: FEN, solution, theme, difficulty and
    rating, separated by tabs."""

    @property
    def variant(self) -> str:
        """The rule set's name."""
    @property
    def fen(self) -> str:
        """The position as a PDN FEN, the solver to move."""
    @property
    def turn(self) -> str:
        """The solver, the side to move: ``"white"`` or ``"black"``."""
    @property
    def moves(self) -> List[Move]:
        """The solution: the solver's key move, the opponent's best reply, the solver's
        next move and so on, ending with a move of the solver's."""
    @property
    def key_move(self) -> Move:
        """The solver's key move, the first of ``moves``."""
    @property
    def theme(self) -> str:
        """What the line does: ``"block"``, ``"shot"``, ``"breakthrough"``, ``"endgame"``
        or ``"gain"``."""
    @property
    def difficulty(self) -> int:
        """How much searching it takes to find the key move: 1 for the first iterations,
        one more for each doubling of the nodes."""
    @property
    def rating(self) -> int:
        """The puzzle's starting rating, on the scale of people's ratings (800 at
        difficulty 1, 100 more a step)."""
    def game(self) -> Game:
        """A new game at the puzzle's position, for the solver to play."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def puzzles(variant: str = "english") -> List[Puzzle]:
    """The built-in puzzles of ``variant``, easiest first (by starting rating). Raises
    ValueError for an unknown rule set."""

def read_puzzles(source: Union[str, os.PathLike[str]], variant: str = "english") -> List[Puzzle]:
    """The puzzles of a puzzle file (a path) or of its text, all of ``variant``; blank
    lines and ``#`` lines are skipped. Raises ValueError naming the file and the line
    that is not a puzzle, OSError naming a file that cannot be read or is not a regular
    file (a FIFO, a device, a directory)."""

def read_pdn(
    source: Union[str, os.PathLike[str]], variant: str = "english", skip_errors: bool = False
) -> List[Game]:
    """The games of a PDN file (a path) or PDN text, each with its tags, moves, glyphs,
    comments, variations and result (the ``Result`` tag). ``variant`` is the rule set of games whose tags name
    none. Raises ValueError for a game that cannot be read, unless ``skip_errors``;
    OSError naming a file that cannot be read or is not a regular file (a FIFO, a device,
    a directory)."""

def analyse_game(
    game: Game,
    depth: Optional[int] = None,
    movetime: Optional[float] = None,
    nodes: Optional[int] = None,
    engine: Optional[Engine] = None,
) -> List[MoveAnalysis]:
    """Every move of ``game`` given its score, the engine's choice and a mistake or blunder
    mark, as ``crownhead analyse-game`` computes them (with ``engine``, or a new one-thread
    engine). Ctrl-C stops it and raises KeyboardInterrupt."""
