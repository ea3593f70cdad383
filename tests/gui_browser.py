"""The board in the browser, driven in headless Chromium as a person uses it.

    python3 tests/gui_browser.py CROWNHEAD_BINARY

Starts `crownhead gui --no-open --port 0`, reads the URL it prints, and with selenium
(driving Debian's /usr/bin/chromedriver, so that nothing is downloaded):
- checks that every rule set's start position is drawn with the labels and places
  `crownhead board --svg` gives it;
- in English and in International, plays a move by clicking, sees the legal targets
  highlighted and the engine's reply;
- turns the board round with Flip and back;
- shows live analysis lines (two with multi-PV, where the position has two moves) and
  the best move's arrow;
- loads a PDN, navigates it, and saves it; the saved game is read back by pydraughts'
  PDNReader and replayed on pydraughts' board, and printed on stdout as one JSON line
  ({"saved_pdn": ...}) for the Rust test to read with crownhead's own reader;
- sets up a position with the editor (Clear, men and kings of both colours from the
  palette, one taken off again, the side to move), checks the FEN the page shows for it
  and plays a move from it with pydraughts' targets highlighted;
- plays Turkish on its board of 64 playing squares (one colour, grid lines): a position
  set up with the editor, a man's sideways move and a capture entered landing by landing
  that crowns, pydraughts giving the targets and positions, the analysis's best move and
  arrow, and the game saved as PDN that pydraughts reads back;
- loads by FEN an English position with two captures from 30 to 14 that take different
  men, and picks one from the choice the page offers (pydraughts gives the position
  after it);
- plays moves with a finger (W3C touch actions, seen by the board as pointer events of
  pointerType "touch"): two taps, and a drag;
- builds a move tree on a loaded game: a variation played from an earlier position,
  stepped through with the arrow keys and promoted, a glyph and comments written, the
  engine's line added with its button; saves it, loads it back and sees the same tree
  (printed on stdout for the Rust test to compare with crownhead's reader); and loads
  PDN with a broken variation or comment, refused with the reader's line, the tree kept;
- plays the engine on the smallest clock (half a minute, 5 s a move): the clocks show the
  time set, the side to move's runs and the other stands, the increments are added, and
  a clock that runs out ends the game (the run-out comes from moving the page's
  performance.now() on, not from waiting half a minute);
- opens a collection of 1,000 games named on the command line (a second server, with a
  3-piece database built for it), filters, sorts and loads a game, searches its position,
  checks the explorer against `crownhead book probe` and `crownhead egdb probe`, and
  opens a broken file (its error names the line; the list stays) and a good one through
  the file picker (see `collections`).
- has two strength levels play an English ballot twice, colours swapped: the saved PDN
  collection is replayed by pydraughts (every move legal, the game over where the page
  says and with its winner), and the score adds up;
- analyses README's analyse-game example and learns from its mistakes: the positions
  offered to each side are those the analysis marked, a wrong move is told to try again,
  the engine's best is correct, and See why shows the refutation (see `lessons`);
- saves the board as SVG (its pieces those of the FEN, its highlights and the best
  move's arrow in it) and as PNG (decoded here: its size, and each square's colour);
- lays the page out at 390x844, a phone held upright: the board whole, above the panels;
- solves puzzles (a third server, with a puzzle file and a record file named on its
  command line): a shot solved by clicks, the opponent's replies played by the page, the
  answers hidden meanwhile and the board turned to the solver; a miss (a legal move of
  pydraughts' that is not the key) answered on the board by its refutation, the move
  `crownhead analyse` finds after it, then taken back, and the solution shown; the
  ratings and the record file that follow; a puzzle of the list played again, unrated;
  the server run again on the same record: the rating the same, the puzzle missed
  offered at its rating as the miss moved it, its theme shown on request, and a hint
  marking the key's piece, then drawing the key.

Each part's time goes to stderr.

With CROWNHEAD_SCREENSHOTS=DIR it writes gui-game.png, gui-analysis.png, gui-tree.png,
gui-phone.png (docs/gui-phone.png) and gui-puzzles.png (docs/gui-puzzles.png) into DIR.
Run by tests/gui.rs."""

import gzip
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
import zlib

from draughts import BLACK, WHITE, Board, Move
from draughts.PDN import PDNReader
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SVG = "{http://www.w3.org/2000/svg}"

# An English game of a few moves for the PDN part.
PDN = """[Event "browser test"]
[Result "*"]
[GameType "21"]

1. 11-15 23-19 2. 8-11 22-17 3. 4-8 17-13 4. 15-18 24-20 5. 9-14 26-23
6. 18-22 25x9 *
"""

# An English game for the move tree: 2. 12-16 loses a man to 19x12, and the engine
# never plays it (nor 10-14, the variation the test plays instead).
# Five English puzzles of `crownhead puzzles build`'s: FEN, solution, theme, difficulty,
# rating (the set of src/gui/puzzle_desk/tests.rs).
PUZZLES = [
    ("W:W19,22,24,26,27,28,31,32:B3,4,7,8,10,12,13,14", "19-16 12x19 24x6", "shot", 1, 800),
    ("B:WK7:BK19", "19-15", "endgame", 2, 900),
    ("B:W13,17,18,19,21,23,24,26,27,32:B1,2,6,8,10,11,12,14,16,20", "10-15 18x9 15-18 23x14 16x30",
     "breakthrough", 3, 1000),
    ("W:W17,20,21,22,25,26,27,28,29,31:B2,5,6,8,10,11,12,13,14,19", "20-16 11x20 27-24 20x27 31x15 10x19 17x1",
     "shot", 5, 1200),
    ("W:W22,26,27,28,30,31:B4,10,14,15,19,20", "26-23 19x26 30x23 4-8 27-24 20x27 31x24 14-17 22x13", "shot", 8, 1500),
]

TREE_PDN = """[Event "tree test"]
[GameType "21"]

1. 11-15 23-19 2. 12-16 19x12 *
"""


# README's analyse-game example (tests/data/analyse/shot.pdn's first game).
SHOT = ["9-13", "22-18", "5-9", "18-15", "11x18", "23x5"]
SHOT_PDN = """[GameType "21"]

1. 9-13 22-18 2. 5-9 18-15 3. 11x18 23x5 1-0
"""


def start_server(binary, extra=()):
    """The server process and the URL it prints."""
    server = subprocess.Popen([binary, "gui", "--no-open", "--port", "0", "--tt-size", "16", *extra],
                              stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32}", line)
    if not match:
        server.kill()
        sys.exit(f"no URL in the first line crownhead gui printed: {line!r}")
    return server, match.group(0)


def browser(profile):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1200,900"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


def wait(driver, condition, what, seconds=20):
    """Waits for `condition(driver)` to be true; fails naming `what`."""
    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.05,
                             ignored_exceptions=[StaleElementReferenceException]).until(condition)
    except TimeoutException:
        message = driver.find_element(By.ID, "message").text
        sys.exit(f"timed out waiting for {what} (page message: {message!r}, moves: {moves(driver)})")


def fen(driver):
    return driver.find_element(By.ID, "board").get_attribute("data-fen")


def moves(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#moves .move')].map((move) => move.textContent)")


def click_square(driver, name):
    """Clicks the square `name` once the page has drawn the position it asked for."""
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-busy") is None, "the page")
    click_again(driver, f'#board rect.dark[data-square="{name}"]')


def click_again(driver, selector):
    """Clicks the element `selector` finds, again if it was drawn anew meanwhile."""
    for _ in range(50):
        try:
            driver.find_element(By.CSS_SELECTOR, selector).click()
            return
        except StaleElementReferenceException:  # drawn again meanwhile: the click was not made
            time.sleep(0.05)
    sys.exit(f"{selector} could not be clicked")


def targets(driver):
    return sorted(driver.execute_script(
        "return [...document.querySelectorAll('#board .mark.target')].map((mark) => mark.dataset.square)"))


def choose_variant(driver, name):
    select = Select(driver.find_element(By.ID, "variant"))
    if select.first_selected_option.get_attribute("value") != name:
        old = driver.find_element(By.CSS_SELECTOR, "#board rect.border")
        select.select_by_value(name)
        wait(driver, lambda d: not is_attached(old), f"the {name} board")
    wait(driver, lambda d: fen(d), f"the {name} position")


def is_attached(element):
    try:
        element.is_enabled()
        return True
    except Exception:
        return False


def labels_of_page(driver):
    """Every label of the board drawn on the page: (class, x, y, text)."""
    found = driver.execute_script("""return [...document.querySelectorAll('#board text')].map(
        (text) => [text.getAttribute('class'), text.getAttribute('x'), text.getAttribute('y'), text.textContent])""")
    return sorted((kind, float(x), float(y), name) for kind, x, y, name in found)


def labels_of_svg(binary, variant, directory):
    """Every label `crownhead board --svg` draws for the start position: (class, x, y, text)."""
    path = os.path.join(directory, f"{variant}.svg")
    subprocess.run([binary, "board", "--variant", variant, "--svg", path], check=True,
                   stdout=subprocess.DEVNULL)
    found = []
    for text in ElementTree.parse(path).iter(f"{SVG}text"):
        kind = text.get("class")
        if kind in ("square-name", "file", "rank"):
            found.append((kind, float(text.get("x")), float(text.get("y")), text.text))
    return sorted(found)


def check_labels(driver, binary, directory):
    variants = [option.get_attribute("value")
                for option in driver.find_elements(By.CSS_SELECTOR, "#variant option")]
    listed = subprocess.run([binary, "board", "--help"], check=True, capture_output=True, text=True).stdout
    for variant in variants:
        assert variant in listed, f"{variant} is on the page but not in `crownhead board --help`"
    for variant in variants:
        choose_variant(driver, variant)
        page, svg = labels_of_page(driver), labels_of_svg(binary, variant, directory)
        assert svg, f"no labels in the SVG of {variant}"
        assert page == svg, f"{variant}: the page's labels differ from the SVG's:\n{page[:6]}\n{svg[:6]}"
        pieces = driver.execute_script("return document.querySelectorAll('#board .piece').length")
        drawn = ElementTree.parse(os.path.join(directory, f"{variant}.svg")).iter(f"{SVG}g")
        start = sum("piece" in (group.get("class") or "").split() for group in drawn)
        assert pieces == start, f"{variant}: {pieces} pieces at the start, `crownhead board --svg` has {start}"
    return variants


def play_against_engine(driver, variant, engine_side, first, landing, expected_targets):
    """Plays `first`-`landing` by clicking, the engine playing `engine_side`."""
    Select(driver.find_element(By.ID, "engine-side")).select_by_value("none")
    choose_variant(driver, variant)
    movetime = driver.find_element(By.ID, "movetime")
    movetime.clear()
    movetime.send_keys("0.2")
    Select(driver.find_element(By.ID, "engine-side")).select_by_value(engine_side)
    start = fen(driver)
    click_square(driver, first)
    wait(driver, lambda d: targets(d), "the legal targets")
    assert targets(driver) == sorted(expected_targets), f"{variant}: targets {targets(driver)}"
    click_square(driver, landing)
    wait(driver, lambda d: len(moves(d)) == 2, f"the engine's reply in {variant}", 30)
    assert moves(driver)[0] == f"{first}-{landing}", moves(driver)
    assert fen(driver) != start


def square_places(driver):
    """Where each playing square is drawn: its name to its rect's (x, y)."""
    return driver.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('#board rect.dark')]"
        ".map((rect) => [rect.dataset.square, [rect.getAttribute('x'), rect.getAttribute('y')]]))")


def flip(driver):
    """Flip turns the English board round: square N is drawn where 33 - N was, and a
    second flip puts everything back."""
    choose_variant(driver, "english")
    before = square_places(driver)
    driver.find_element(By.ID, "flip").click()
    wait(driver, lambda d: square_places(d) != before, "the board to turn round")
    after = square_places(driver)
    assert all(after[str(n)] == before[str(33 - n)] for n in range(1, 33)), after
    driver.find_element(By.ID, "flip").click()
    wait(driver, lambda d: square_places(d) == before, "the board to turn back")


def analyse(driver, screenshots):
    """Analyses the International game just played. Two lines asked for: as many as
    pydraughts finds moves, up to two (the engine's reply, drawn from its book, may leave
    a single capture)."""
    driver.find_element(By.ID, "multipv").clear()
    driver.find_element(By.ID, "multipv").send_keys("2")
    expected = min(2, len(Board("standard", fen=fen(driver)).legal_moves()))
    driver.find_element(By.ID, "analyse-start").click()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#lines .line")) == expected,
         f"{expected} analysis lines")
    depth = lambda d: max(int(re.search(r" d(\d+) ", line.text).group(1))
                          for line in d.find_elements(By.CSS_SELECTOR, "#lines .line"))
    wait(driver, lambda d: depth(d) >= 6, "the analysis to deepen")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board polyline.arrow"), "the best move's arrow")
    if screenshots:
        driver.save_screenshot(os.path.join(screenshots, "gui-analysis.png"))
    driver.find_element(By.ID, "analyse-stop").click()
    wait(driver, lambda d: d.find_element(By.ID, "analyse-start").is_enabled(), "the analysis to stop")


def open_panels(driver):
    """Opens the panels that start closed (PDN, the position editor)."""
    for summary in driver.find_elements(By.CSS_SELECTOR, "details:not([open]) summary"):
        summary.click()


def load_and_navigate(driver):
    Select(driver.find_element(By.ID, "engine-side")).select_by_value("none")
    choose_variant(driver, "english")
    start = fen(driver)
    open_panels(driver)
    # Pasted: typed key by key, the text would take seconds.
    driver.execute_script("document.getElementById('pdn-text').value = arguments[0]", PDN)
    driver.find_element(By.ID, "pdn-load").click()
    expected = ["11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20", "9-14", "26-23",
                "18-22", "25x9"]
    wait(driver, lambda d: moves(d) == expected, "the PDN's moves")
    assert fen(driver) == start, "a loaded game is shown from its start"
    seen = []
    for _ in expected:
        driver.find_element(By.ID, "forward").click()
        wait(driver, lambda d: fen(d) not in seen + [start], "the next position")
        seen.append(fen(driver))
    driver.find_element(By.ID, "first").click()
    wait(driver, lambda d: fen(d) == start, "the first position")
    driver.find_element(By.CSS_SELECTOR, '#moves .move[data-ply="3"]').click()
    wait(driver, lambda d: fen(d) == seen[2], "the position after move 3")
    driver.find_element(By.ID, "back").click()
    wait(driver, lambda d: fen(d) == seen[1], "the position after move 2")
    driver.find_element(By.ID, "last").click()
    wait(driver, lambda d: fen(d) == seen[-1], "the last position")
    return expected


def review(driver, expected):
    """Analyses the loaded game: every move gets a comment, and the score chart appears."""
    field = driver.find_element(By.ID, "review-movetime")
    field.clear()
    field.send_keys("0.05")
    driver.find_element(By.ID, "review-start").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#chart svg"), "the score chart", 60)
    titles = driver.execute_script("return [...document.querySelectorAll('#moves .move')].map((move) => move.title)")
    assert len(titles) == len(expected) and all(titles), f"a move without a comment: {titles}"


def marked(driver):
    """The main line's moves the analysis marked: {ply from 1: (text, mark)}."""
    marks = driver.execute_script("""return [...document.querySelectorAll('#moves > .move')].map((move) =>
        [Number(move.dataset.ply), move.firstChild.textContent, move.querySelector('.mark')?.textContent || null])""")
    return {ply: (text, mark) for ply, text, mark in marks if mark}


def main_moves(driver):
    """The main line's moves, without the analysis's marks."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#moves > .move')].map((move) => move.firstChild.textContent)")


def lesson_state(driver):
    return driver.find_element(By.ID, "lesson-text").get_attribute("data-state")


def try_lesson_move(driver, start, landing, state):
    """Enters a move in a lesson's position and waits for it to be judged `state`; the
    board stays."""
    before = fen(driver)
    click_square(driver, start)
    click_square(driver, landing)
    wait(driver, lambda d: lesson_state(d) == state, f"{start}-{landing} judged {state}")
    assert fen(driver) == before, "a move tried is not played"


def offered_lessons(driver, side, at_each=lambda ply, text: None):
    """Starts the lessons of `side` and steps through them: the ply of each mistake
    offered (from 1) and the move the page says was played, as the page shows them;
    `at_each(ply, text)` runs at each. The summary at the end."""
    Select(driver.find_element(By.ID, "lessons-side")).select_by_value(side)
    driver.find_element(By.ID, "lessons-start").click()
    wait(driver, lambda d: d.find_element(By.ID, "lesson").is_displayed()
         or d.find_element(By.ID, "lesson-summary").text, f"the lessons of {side}")
    offered = {}
    while driver.find_element(By.ID, "lesson").is_displayed():
        title = driver.find_element(By.ID, "lesson-title").text
        assert title.startswith(f"Lesson {len(offered) + 1} of ") and title.endswith(f"{capitalised(side)} to move."), title
        current = driver.find_elements(By.CSS_SELECTOR, "#moves .move.current")
        ply = int(current[0].get_attribute("data-ply")) + 1 if current else 1
        played = re.search(r"You played (\S+) here", driver.find_element(By.ID, "lesson-text").text).group(1)
        offered[ply] = played
        at_each(ply, played)
        driver.find_element(By.ID, "lesson-next").click()
        wait(driver, lambda d: not d.find_element(By.ID, "lesson").is_displayed()
             or d.find_element(By.ID, "lesson-title").text.startswith(f"Lesson {len(offered) + 1} of"),
             "the next lesson")
    return offered, driver.find_element(By.ID, "lesson-summary").text


def capitalised(text):
    return text[:1].upper() + text[1:]


def lessons(driver):
    """Learn from your mistakes, on README's analyse-game example (Black's 5-9 walks
    into White's 2-for-1 shot 18-15 11x18 23x5): the lessons offered to each side are the
    moves of that side the analysis marked; at 5-9, 5-9 again is told to try again, the
    analysis's best move is correct, and See why shows the shot. A changed game is
    refused, the page keeping its moves."""
    load_pdn_text(driver, SHOT_PDN)
    wait(driver, lambda d: main_moves(d) == SHOT, "the shot game")
    type_into(driver, {"review-movetime": "0.05"})
    driver.find_element(By.ID, "review-start").click()
    wait(driver, lambda d: d.find_element(By.ID, "lessons-start").is_enabled(), "the lessons offered", 30)
    marks = marked(driver)
    assert marks.get(3) == ("5-9", "??"), f"5-9 is marked a blunder: {marks}"
    Select(driver.find_element(By.ID, "lessons-side")).select_by_value("")
    driver.find_element(By.ID, "lessons-start").click()
    wait(driver, lambda d: "Choose the side" in d.find_element(By.ID, "message").text, "the side asked for")
    title = driver.find_element(By.CSS_SELECTOR, '#moves .move[data-ply="3"]').get_attribute("title")
    best = re.search(r"best (\d+)-(\d+)", title).groups()

    def at_blunder(ply, played):
        if ply != 3:
            return
        try_lesson_move(driver, "5", "9", "wrong")
        assert "try again" in driver.find_element(By.ID, "lesson-text").text
        try_lesson_move(driver, *best, "correct")
        driver.find_element(By.ID, "lesson-why").click()
        lines = [line.text for line in driver.find_elements(By.CSS_SELECTOR, "#lesson-lines .lesson-line")]
        assert lines[0].startswith("You played 5-9: 5-9 18-15 11x18 23x5"), lines
        assert lines[1].startswith(f"Better: {best[0]}-{best[1]}: {best[0]}-{best[1]}"), lines

    for side, parity in [("black", 1), ("white", 0)]:
        offered, summary = offered_lessons(driver, side, at_blunder)
        expected = {ply: text for ply, (text, _) in marks.items() if ply % 2 == parity}
        assert offered == expected, f"{side}: offered {offered}, marked {expected}"
        if offered:
            assert summary == f"Found {int(side == 'black')} of {len(offered)}.", summary
        else:
            assert summary.startswith(f"No mistake by {side}"), summary
    driver.find_element(By.ID, "last").click()
    click_square(driver, "12")
    click_square(driver, "16")
    wait(driver, lambda d: len(main_moves(d)) == len(SHOT) + 1, "a move played after the analysis")
    driver.find_element(By.ID, "lessons-start").click()
    wait(driver, lambda d: "not the one analysed" in d.find_element(By.ID, "message").text, "the changed game refused")
    assert main_moves(driver) == SHOT + ["12-16"]
    errors = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert len(errors) == 1 and "/lessons - " in errors[0] and "status of 400" in errors[0], errors


def save(driver, expected):
    driver.find_element(By.ID, "pdn-save").click()
    wait(driver, lambda d: d.find_element(By.ID, "pdn-out").get_attribute("value"), "the saved PDN")
    text = driver.find_element(By.ID, "pdn-out").get_attribute("value")
    games = PDNReader(pdn_text=text).games
    assert len(games) == 1 and games[0].moves == expected, f"pydraughts reads {games[0].moves}"
    assert text.count("{") == len(expected), f"a comment for each move: {text}"
    board = Board(games[0].variant)
    for move in games[0].moves:
        board.push(Move(board, pdn_move=move))
    return text


def tree_of_page(driver):
    """The move tree drawn: each move's [place in the tree, text, glyph, comment] in the
    order drawn, and the comments shown."""
    return driver.execute_script("""const tree = document.getElementById('moves');
        return [[...tree.querySelectorAll('.move')].map((move) => [move.dataset.path,
                   move.firstChild.textContent, move.querySelector('.glyph')?.textContent || null,
                   move.title || null]),
                [...tree.querySelectorAll('.comment')].map((comment) => comment.textContent)]""")


# Read in one script: the page draws the tree again with every analysis report.
def main_line(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#moves > .move')].map((move) => move.textContent)")


def current_path(driver):
    return driver.execute_script("return document.querySelector('#moves .move.current')?.dataset.path")


def variation_texts(driver):
    """Each variation drawn on a line of its own: its moves' texts."""
    return driver.execute_script("""return [...document.querySelectorAll('#moves .variation')].map(
        (line) => [...line.querySelectorAll('.move')].map((move) => move.textContent))""")


def press(driver, key, path):
    """Presses `key` and waits for the move at `path` to be shown."""
    webdriver.ActionChains(driver).send_keys(key).perform()
    wait(driver, lambda d: current_path(d) == path, f"the move at {path} after {key!r}")


def load_pdn_text(driver, text):
    driver.execute_script("document.getElementById('pdn-text').value = arguments[0]", text)
    driver.find_element(By.ID, "pdn-load").click()


def move_tree(driver, screenshots):
    """The move tree: a game is loaded, a different move played from an earlier position
    starts a variation (the arrow keys step along it and between it and the main line),
    which is promoted; a glyph and comments are written; the engine's line is added as
    a variation with its button; the game saved, read again, is the same tree; a PDN
    with a broken variation or an unterminated comment is refused with the reader's
    error naming its line, and the tree stays; a variation is deleted. Returns the saved
    PDN and the tree drawn before."""
    Select(driver.find_element(By.ID, "engine-side")).select_by_value("none")
    choose_variant(driver, "english")
    open_panels(driver)
    load_pdn_text(driver, TREE_PDN)
    wait(driver, lambda d: main_line(d) == ["11-15", "23-19", "12-16", "19x12"], "the tree game's moves")
    driver.find_element(By.CSS_SELECTOR, '#moves .move[data-path="0.0"]').click()
    wait(driver, lambda d: current_path(d) == "0.0", "the position after 23-19")
    click_square(driver, "10")
    click_square(driver, "14")
    wait(driver, lambda d: current_path(d) == "0.0.1", "10-14, a variation")
    click_square(driver, "19")
    click_square(driver, "10")
    wait(driver, lambda d: current_path(d) == "0.0.1.0", "19x10 in the variation")
    assert main_line(driver) == ["11-15", "23-19", "12-16", "19x12"], main_line(driver)
    assert variation_texts(driver) == [["10-14", "19x10"]], variation_texts(driver)
    press(driver, Keys.ARROW_LEFT, "0.0.1")
    press(driver, Keys.ARROW_UP, "0.0.0")
    press(driver, Keys.ARROW_DOWN, "0.0.1")
    press(driver, Keys.ARROW_RIGHT, "0.0.1.0")
    press(driver, Keys.ARROW_LEFT, "0.0.1")
    driver.find_element(By.ID, "tree-promote").click()
    wait(driver, lambda d: main_line(d) == ["11-15", "23-19", "10-14", "19x10"], "the variation promoted")
    assert variation_texts(driver) == [["12-16", "19x12"]], variation_texts(driver)
    driver.find_element(By.CSS_SELECTOR, '.glyph-button[data-glyph="!?"]').click()
    driver.find_element(By.ID, "comment").send_keys("gives a man back")
    wait(driver, lambda d: tree_of_page(d)[0][2] == ["0.0.0", "10-14", "!?", "gives a man back"],
         "the glyph and the comment")
    driver.find_element(By.ID, "first").click()
    wait(driver, lambda d: current_path(d) is None, "the start")
    driver.find_element(By.ID, "comment").send_keys("a game to study")
    # The engine's line from the position after 23-19: the lines drawn are recorded as
    # they come, and the one added must be one of them.
    driver.find_element(By.CSS_SELECTOR, '#moves .move[data-path="0.0"]').click()
    wait(driver, lambda d: current_path(d) == "0.0", "the position after 23-19")
    driver.execute_script("""window.engineLines = [];
        window.lineWatch = new MutationObserver(() => {
          const line = document.querySelector('#lines .line[data-multipv="1"]');
          if (line) window.engineLines.push(line.textContent);
        });
        window.lineWatch.observe(document.getElementById('lines'), { childList: true, subtree: true });""")
    driver.find_element(By.ID, "analyse-start").click()
    depth = lambda d: [int(match.group(1)) for match in
                       [re.search(r" d(\d+) ", line.text) for line in d.find_elements(By.CSS_SELECTOR, "#lines .line")]
                       if match]
    wait(driver, lambda d: depth(d) and max(depth(d)) >= 4, "the analysis of the position after 23-19")
    click_again(driver, '#lines .add-line[data-multipv="1"]')
    wait(driver, lambda d: len(variation_texts(d)) == 2, "the engine's line added")
    if screenshots:
        driver.save_screenshot(os.path.join(screenshots, "gui-tree.png"))
    drawn = driver.execute_script("window.lineWatch.disconnect(); return window.engineLines")
    driver.find_element(By.ID, "analyse-stop").click()
    wait(driver, lambda d: d.find_element(By.ID, "analyse-start").is_enabled(), "the analysis to stop")
    added = variation_texts(driver)[1]
    pvs = [re.search(r" d\d+ (.*?)  \(", text).group(1).split() for text in drawn]
    assert added in pvs, f"the line added, {added}, is none of those drawn: {pvs}"
    tree = tree_of_page(driver)
    # The box still holds the game saved before.
    driver.execute_script("document.getElementById('pdn-out').value = ''")
    driver.find_element(By.ID, "pdn-save").click()
    wait(driver, lambda d: d.find_element(By.ID, "pdn-out").get_attribute("value"), "the saved PDN")
    saved = driver.find_element(By.ID, "pdn-out").get_attribute("value")
    load_pdn_text(driver, saved)
    wait(driver, lambda d: current_path(d) is None, "the game read back")
    assert tree_of_page(driver) == tree, f"the tree read back from {saved}: {tree_of_page(driver)}, not {tree}"
    for broken, line in [(TREE_PDN.replace("12-16", "(2. 9-13 22-18 12-16"), 4),
                         (TREE_PDN.replace("2. 12-16", "{a comment\n\n2. 12-16"), 4)]:
        driver.execute_script("document.getElementById('message').textContent = ''")
        load_pdn_text(driver, broken)
        wait(driver, lambda d: d.find_element(By.ID, "message").text, "the error of a broken PDN")
        message = driver.find_element(By.ID, "message").text
        assert f"line {line}" in message, f"the error {message!r} does not name line {line}"
        assert tree_of_page(driver) == tree, "a broken PDN changed the tree"
    # Delete takes the variation 2. 12-16 19x12 away, and the move before it is shown.
    driver.find_element(By.CSS_SELECTOR, '#moves .move[data-path="0.0.1"]').click()
    wait(driver, lambda d: current_path(d) == "0.0.1", "12-16")
    driver.find_element(By.ID, "tree-delete").click()
    wait(driver, lambda d: current_path(d) == "0.0", "the move before the variation deleted")
    assert variation_texts(driver) == [added], variation_texts(driver)
    # The browser logs each refused request; nothing else may be logged.
    refused = "/api/pdn/read - Failed to load resource: the server responded with a status of 400"
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert len(errors) == 2 and all(refused in entry["message"] for entry in errors), errors
    return {"tree_pdn": saved, "tree": tree[0], "tree_comment": "a game to study"}


def fen_pieces(text):
    """A PDN FEN read by hand: the side to move and the set of (colour, square, king), so
    that two FENs listing the same pieces in another order compare equal."""
    side, *sections = text.strip().split(":")
    pieces = set()
    for section in sections:
        color = {"W": "white", "B": "black"}[section[0]]
        for name in filter(None, section[1:].split(",")):
            king = name.startswith("K")
            pieces.add((color, name.lstrip("K"), king))
    return {"W": "white", "B": "black"}[side], pieces


def pieces_drawn(driver):
    """The pieces drawn on the board: the set of (colour, square, king)."""
    found = driver.execute_script("return [...document.querySelectorAll('#board .piece')].map("
                                  "(piece) => [piece.getAttribute('class'), piece.dataset.square])")
    return {(kind.split()[1], square, kind.split()[2] == "king") for kind, square in found}


def legal_after(start_fen, played):
    """pydraughts' English moves from `start_fen` (their PDN texts, sorted) and the FEN
    after `played`, one of them."""
    board = Board("english", fen=start_fen)
    legal = {move.pdn_move: move for move in board.legal_moves()}
    board.push(legal[played])
    return sorted(legal), board.fen


def edit_position(driver):
    """The position editor: Clear empties the board; men and kings of both colours are
    placed with the palette, one is taken off again, White is chosen to move; the page
    then shows that position's FEN and plays a move from it (pydraughts' targets)."""
    Select(driver.find_element(By.ID, "engine-side")).select_by_value("none")
    choose_variant(driver, "english")
    open_panels(driver)
    shown = pieces_drawn(driver)
    driver.find_element(By.ID, "edit-start").click()
    board_class = lambda d: d.find_element(By.ID, "board").get_attribute("class") or ""
    wait(driver, lambda d: "editing" in board_class(d), "the editor")
    assert pieces_drawn(driver) == shown, "the editor starts from the position shown"
    driver.find_element(By.ID, "edit-clear").click()
    wait(driver, lambda d: not pieces_drawn(d), "an empty board")
    placed = [("white-man", ["22", "27", "26"]), ("white-king", ["10"]), ("black-man", ["3"]),
              ("black-king", ["29"]), ("empty", ["26"])]
    for piece, squares in placed:
        driver.find_element(By.CSS_SELECTOR, f'input[name=piece][value="{piece}"]').click()
        for square in squares:
            click_square(driver, square)
    expected = {("white", "22", False), ("white", "27", False), ("white", "10", True),
                ("black", "3", False), ("black", "29", True)}
    assert pieces_drawn(driver) == expected, f"the editor drew {pieces_drawn(driver)}"
    Select(driver.find_element(By.ID, "edit-side")).select_by_value("white")
    driver.find_element(By.ID, "edit-done").click()
    wait(driver, lambda d: "editing" not in d.find_element(By.ID, "board").get_attribute("class"), "play")
    wait(driver, lambda d: fen(d) and fen_pieces(fen(d)) == ("white", expected),
         f"the placed position's FEN (the page shows {fen(driver)!r})")
    placed_fen = driver.find_element(By.ID, "fen").get_attribute("value")
    assert placed_fen == fen(driver), f"the FEN box shows {placed_fen!r}"
    # The king on 10 moves to any of its four neighbours; pydraughts agrees.
    legal, after = legal_after(placed_fen, "10-15")
    click_square(driver, "10")
    wait(driver, lambda d: targets(d), "the king's targets")
    assert targets(driver) == sorted({move.split("-")[1] for move in legal if move.startswith("10-")}), \
        f"the king's targets {targets(driver)}, pydraughts' moves {legal}"
    click_square(driver, "15")
    wait(driver, lambda d: moves(d) == ["10-15"], "the king's move")
    wait(driver, lambda d: fen_pieces(fen(d)) == fen_pieces(after), f"the position after 10-15 ({after})")


# English, White to move: the man on 30 takes two men and lands on 14 either by 21
# (taking 25 and 17) or by 23 (taking 26 and 18).
AMBIGUOUS = "W:W30:B17,18,25,26"


def ambiguous_capture(driver):
    """Two captures from 30 to 14 that take different men: clicking 30 and 14 offers
    both, and the one picked is played (pydraughts gives the position after it)."""
    Select(driver.find_element(By.ID, "engine-side")).select_by_value("none")
    choose_variant(driver, "english")
    field = driver.find_element(By.ID, "fen")
    field.clear()
    field.send_keys(AMBIGUOUS)
    driver.find_element(By.ID, "load-fen").click()
    wait(driver, lambda d: fen(d) and fen_pieces(fen(d)) == fen_pieces(AMBIGUOUS), "the loaded FEN")
    legal, after = legal_after(AMBIGUOUS, "30x23x14")
    click_square(driver, "30")
    wait(driver, lambda d: targets(d), "the capture's targets")
    assert targets(driver) == ["14", "21", "23"], f"targets {targets(driver)}"
    click_square(driver, "14")
    box = driver.find_element(By.ID, "choice")
    wait(driver, lambda d: box.is_displayed(), "the choice of capture")
    buttons = box.find_elements(By.CSS_SELECTOR, "button.choice")
    assert sorted(button.text for button in buttons) == legal, \
        f"the page offers {[button.text for button in buttons]}, pydraughts has {legal}"
    next(button for button in buttons if button.text == "30x23x14").click()
    wait(driver, lambda d: moves(d) == ["30x23x14"], "the capture picked")
    wait(driver, lambda d: fen_pieces(fen(d)) == fen_pieces(after), f"the position after 30x23x14 ({after})")
    assert not box.is_displayed(), "the choice is gone once made"


# Turkish, White to move: the man on d3 steps sideways to e3; Black's man on f3 must then
# take two men, over e3 to d3 and on over c3 to b3 or over d2 to d1, where it is crowned.
TURKISH = "W:Wc3,d2,d3:Bf3,h7"


def turkish_squares(driver):
    """Each square drawn on the Turkish board: whether it is a playing square, its fill
    and its stroke."""
    return driver.execute_script("return [...document.querySelectorAll('#board rect.square')].map("
                                 "(rect) => [rect.classList.contains('dark'), rect.getAttribute('fill'),"
                                 " rect.getAttribute('stroke')])")


def pydraughts_targets(board, start, landings):
    """The squares the page should mark once `start` and then `landings` are picked:
    the next landing, and the end, of each of pydraughts' moves that goes that way."""
    number = lambda square: (ord(square[0]) - 96) + 8 * (int(square[1:]) - 1)
    name = lambda square: f"{chr(96 + (square - 1) % 8 + 1)}{(square - 1) // 8 + 1}"
    picked = [number(square) for square in landings]
    found = set()
    for move in board.legal_moves():
        path = [move.board_move[0][0]] + [step[1] for step in move.board_move]
        if path[0] == number(start) and path[1:len(picked) + 1] == picked:
            found.update({name(path[len(picked) + 1]), name(path[-1])})
    return sorted(found)


def turkish_game(driver):
    """Turkish on the page: a board of 64 playing squares, one colour with grid lines; the
    position TURKISH set up with the editor on squares a chequered board does not play;
    a sideways man move and a two-man capture entered landing by landing, which crowns,
    with pydraughts' targets and positions; the analysis's best move, one of pydraughts'
    moves, and its arrow; the game saved as PDN that pydraughts replays."""
    Select(driver.find_element(By.ID, "engine-side")).select_by_value("none")
    choose_variant(driver, "turkish")
    squares = turkish_squares(driver)
    assert len(squares) == 64 and all(playing for playing, _, _ in squares), squares
    assert len({(fill, stroke) for _, fill, stroke in squares}) == 1 and squares[0][2], \
        f"the Turkish squares are painted {set((fill, stroke) for _, fill, stroke in squares)}"
    open_panels(driver)
    driver.find_element(By.ID, "edit-start").click()
    driver.find_element(By.ID, "edit-clear").click()
    wait(driver, lambda d: not pieces_drawn(d), "an empty Turkish board")
    for piece, placed in [("white-man", ["c3", "d2", "d3"]), ("black-man", ["f3", "h7"])]:
        driver.find_element(By.CSS_SELECTOR, f'input[name=piece][value="{piece}"]').click()
        for square in placed:
            click_square(driver, square)
    Select(driver.find_element(By.ID, "edit-side")).select_by_value("white")
    driver.find_element(By.ID, "edit-done").click()
    wait(driver, lambda d: fen(d) and fen_pieces(fen(d)) == fen_pieces(TURKISH), "the Turkish position set up")
    board = Board("turkish", fen=TURKISH)
    for clicks, text in [(["d3", "e3"], "d3-e3"), (["f3", "d3", "d1"], "f3xd1")]:
        for index, square in enumerate(clicks[:-1]):
            click_square(driver, square)
            expected = pydraughts_targets(board, clicks[0], clicks[1:index + 1])
            wait(driver, lambda d: targets(d) == expected, f"the targets {expected} after {clicks[:index + 1]}")
        click_square(driver, clicks[-1])
        board.push(next(move for move in board.legal_moves()
                        if Move(board, board_move=move.board_move).pdn_move == text))
        wait(driver, lambda d: moves(d)[-1:] == [text], f"{text} played")
        wait(driver, lambda d: fen_pieces(fen(d)) == fen_pieces(board.fen), f"the position after {text} ({board.fen})")
        assert pieces_drawn(driver) == fen_pieces(board.fen)[1], f"the board shows {pieces_drawn(driver)}"
    assert ("black", "d1", True) in pieces_drawn(driver), "the capture crowned on d1"
    driver.find_element(By.ID, "analyse-start").click()
    def analysed_move(d):
        """The first line's move once it is 4 plies deep or more and drawn as an arrow; the
        lines are written anew as the search goes, so a read may find one half-written."""
        lines = d.find_elements(By.CSS_SELECTOR, "#lines .line")[:1]
        found = re.search(r" d(\d+) (\S+)", lines[0].text) if lines else None
        deep = found and int(found.group(1)) >= 4
        return deep and d.find_elements(By.CSS_SELECTOR, "#board polyline.arrow") and found.group(2)
    analysed = wait(driver, analysed_move, "the Turkish analysis and its arrow")
    legal = {Move(board, board_move=move.board_move).pdn_move for move in board.legal_moves()}
    assert analysed in legal, f"the analysis's move {analysed}, pydraughts' {legal}"
    driver.find_element(By.ID, "analyse-stop").click()
    wait(driver, lambda d: d.find_element(By.ID, "analyse-start").is_enabled(), "the analysis to stop")
    driver.find_element(By.ID, "pdn-save").click()
    wait(driver, lambda d: "f3xd1" in d.find_element(By.ID, "pdn-out").get_attribute("value"), "the saved PDN")
    games = PDNReader(pdn_text=driver.find_element(By.ID, "pdn-out").get_attribute("value")).games
    assert games[0].variant == "turkish" and games[0].moves == ["d3-e3", "f3xd1"], (games[0].variant, games[0].moves)


def centre(driver, name):
    """The centre of square `name` in the viewport's pixels."""
    return driver.execute_script(
        "const box = document.querySelector(`#board rect.dark[data-square='${arguments[0]}']`)"
        ".getBoundingClientRect(); return [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)]",
        name)


def touch(driver, *squares):
    """A finger put on the first of `squares`, moved over the others and lifted: one
    square is a tap, two a drag. W3C actions of a touch pointer, which Chromium delivers
    as pointer events with pointerType "touch"."""
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-busy") is None, "the page")
    # Taken before the finger is down: the page draws the board again at once.
    points = [centre(driver, name) for name in squares]
    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to_location(*points[0]).pointer_down()
    for point in points[1:]:
        actions.pointer_action.move_to_location(*point)
    actions.pointer_action.pointer_up()
    actions.perform()


def play_by_touch(driver):
    """Moves played with a finger: 11-15 by two taps (the targets shown after the first),
    and 22-18 by a drag; the board's handlers heard touch pointers and no mouse."""
    Select(driver.find_element(By.ID, "engine-side")).select_by_value("none")
    choose_variant(driver, "english")
    driver.find_element(By.ID, "new-game").click()
    start = fen_pieces(Board("english").fen)
    wait(driver, lambda d: not moves(d) and fen_pieces(fen(d)) == start, "a new game")
    driver.execute_script("""window.heard = [];
        for (const kind of ['pointerdown', 'pointerup', 'mousedown'])
          document.getElementById('board').addEventListener(kind,
            (event) => window.heard.push(`${kind} ${event.pointerType || ''}`), true);""")
    touch(driver, "11")
    wait(driver, lambda d: targets(d), "the targets of a tap")
    assert targets(driver) == ["15", "16"], f"targets {targets(driver)}"
    touch(driver, "15")
    wait(driver, lambda d: moves(d) == ["11-15"], "the move tapped")
    touch(driver, "22", "18")
    wait(driver, lambda d: moves(d) == ["11-15", "22-18"], "the move dragged")
    heard = driver.execute_script("return window.heard")
    assert heard.count("pointerdown touch") == 3 and heard.count("pointerup touch") == 3, heard
    assert all(kind.endswith(" touch") for kind in heard), f"not only touch: {heard}"


def clock_text(driver, side):
    return driver.find_element(By.ID, f"clock-{side}").text


def seconds_shown(text):
    """The time a clock's display ("Black 0:29") shows, in seconds."""
    minutes, seconds = text.split()[1].split(":")
    return int(minutes) * 60 + int(seconds)


def clock_seconds(driver, side):
    return seconds_shown(clock_text(driver, side))


def running(driver, side):
    return "running" in driver.find_element(By.ID, f"clock-{side}").get_attribute("class")


def clock(driver):
    """A game on the clock, half a minute and 5 s a move, the engine playing White in
    English: both clocks show the time set (a negative one counts as the least); Black's
    runs (the person is to move) and White's stands; Black's move adds the increment and
    starts White's, and the engine's move adds White's; when Black's time runs out, the
    game ends with White winning on time, and no move is taken after it.

    Running out for real would take the half minute: the page measures its clocks with
    performance.now(), and the test moves that on by the time left instead (a script
    in the page, not a hook of the page's)."""
    Select(driver.find_element(By.ID, "engine-side")).select_by_value("none")
    choose_variant(driver, "english")
    driver.find_element(By.ID, "new-game").click()
    wait(driver, lambda d: not moves(d), "a new game")
    # Numbers below the fields' least give the smallest clock, not one run out already.
    type_into(driver, {"clock-minutes": "-1", "clock-increment": "-20"})
    driver.find_element(By.CSS_SELECTOR, "input[name=timing][value=clock]").click()
    wait(driver, lambda d: clock_text(d, "white") == "White 0:30" and clock_text(d, "black") == "Black 0:30",
         "the clocks set")
    assert not running(driver, "white") and not running(driver, "black"), "no clock runs without the engine"
    # Level 1 (a two-ply search) moves at once: the engine's clock hardly runs.
    type_into(driver, {"clock-minutes": "0.5", "clock-increment": "5", "strength": "1"})
    Select(driver.find_element(By.ID, "engine-side")).select_by_value("white")
    wait(driver, lambda d: running(d, "black"), "Black's clock to start")
    wait(driver, lambda d: clock_seconds(d, "black") < 30, "Black's clock to run down")
    assert clock_text(driver, "white") == "White 0:30" and not running(driver, "white"), "White's clock stands"
    before = clock_seconds(driver, "black")
    # The engine answers in milliseconds: what the clocks showed meanwhile is recorded
    # as the page draws it.
    driver.execute_script("""const clocks = document.getElementById('clocks');
        window.clocks = [];
        window.clockWatch = new MutationObserver(() => window.clocks.push(
          [...clocks.children].map((display) => [display.id, display.textContent, display.className])));
        window.clockWatch.observe(clocks, { subtree: true, childList: true, characterData: true, attributes: true });""")
    click_square(driver, "11")
    click_square(driver, "15")
    wait(driver, lambda d: len(moves(d)) == 2, "the engine's move on its clock")
    wait(driver, lambda d: running(d, "black"), "Black's clock to start again")
    shown = driver.execute_script("window.clockWatch.disconnect(); return window.clocks")
    whites_turn = [dict((name, (text, kind)) for name, text, kind in displays) for displays in shown
                   if dict((name, kind) for name, _, kind in displays)["clock-white"] == "running"]
    assert whites_turn, f"White's clock never ran: {shown}"
    assert all(displays["clock-black"] == (whites_turn[0]["clock-black"][0], "") for displays in whites_turn), \
        f"Black's clock did not stand on White's turn: {whites_turn}"
    # 5 s were added, and less than that passed since `before` was shown (without the
    # increment, Black would show `before` or less).
    after = seconds_shown(whites_turn[0]["clock-black"][0])
    assert before < after <= before + 5, f"Black's increment: {before} s before the move, {after} s after"
    assert not running(driver, "white")
    assert 30 < clock_seconds(driver, "white") <= 35, f"White's increment: {clock_text(driver, 'white')}"
    left = clock_seconds(driver, "black")
    driver.execute_script("""const now = performance.now.bind(performance);
        performance.now = () => now() + arguments[0];""", (left + 1) * 1000)
    wait(driver, lambda d: d.find_element(By.ID, "result").text, "the game to end on time")
    assert driver.find_element(By.ID, "result").text == "White wins on time.", driver.find_element(By.ID, "result").text
    assert clock_text(driver, "black") == "Black 0:00" and not running(driver, "black")
    assert not running(driver, "white")
    click_square(driver, "9")
    assert not targets(driver) and len(moves(driver)) == 2, "no move after the game's end"
    driver.execute_script("delete performance.now")
    type_into(driver, {"strength": "10"})


COLLECTION = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "pdn", "collection-1000.pdn.gz")


def collection_numbers(driver, selector):
    return driver.execute_script(
        f"return [...document.querySelectorAll('{selector}')].map((row) => Number(row.dataset.number))")


def explorer_rows(driver, table):
    """The explorer's rows of `table` as [text, ...cells], or its note when it has none."""
    return driver.execute_script(f"""const table = document.getElementById('{table}');
        return [...table.rows].map((row) => [...row.cells].map((cell) => cell.textContent));""")


def explorer_at(driver, moves_played):
    wait(driver, lambda d: d.find_element(By.ID, "explorer").get_attribute("data-shown") == " ".join(moves_played),
         f"the explorer after {moves_played}")


def collections(driver, binary, directory):
    """Opens a collection of 1,000 games named on the command line, filters and sorts its
    list, loads a game, searches its position (colours reversed too), checks the
    explorer's book moves against `crownhead book probe` and its database results
    against `crownhead egdb probe` of each child position, and opens a broken file and a
    good one through the file picker. The games found and the game loaded go to the Rust
    test, which replays the collection with crownhead's PDN reader."""
    path = os.path.join(directory, "collection.pdn")
    with gzip.open(COLLECTION, "rt") as packed:
        text = packed.read()
    with open(path, "w") as out:
        out.write(text)
    egdb = os.path.join(directory, "egdb")
    subprocess.run([binary, "egdb", "build", "--variant", "english", "--pieces", "3", "--dir", egdb],
                   check=True, capture_output=True)
    server, url = start_server(binary, ["--egdb-path", egdb, path])
    try:
        driver.get(url)
        wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"), "the page")
        wait(driver, lambda d: d.find_element(By.ID, "collection").get_attribute("data-total") == "1000",
             "the collection named on the command line")
        assert collection_numbers(driver, "#collection-rows tr") == list(range(1, 51))
        # The filter, against the tags read here: every game with a tag holding "17".
        tags = [dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.M)) for game in re.split(r"\n\n(?=\[)", text.strip())]
        assert len(tags) == 1000, len(tags)
        holding = [number for number, game in enumerate(tags, 1) if any("17" in value for value in game.values())]
        type_into(driver, {"collection-filter": "17"})
        wait(driver, lambda d: collection_numbers(d, "#collection-rows tr") == holding[:50], "the filtered list")
        assert f"{len(holding)} of 1000 games" in driver.find_element(By.ID, "collection-count").text
        white = driver.find_element(By.CSS_SELECTOR, '#collection-table th[data-sort="white"]')
        white.click()
        white.click()
        by_white = sorted(holding, key=lambda number: (tags[number - 1]["White"], number), reverse=True)
        wait(driver, lambda d: collection_numbers(d, "#collection-rows tr") == by_white[:50], "the list by White, last first")
        chosen = by_white[0]
        driver.find_element(By.CSS_SELECTOR, f'#collection-rows tr[data-number="{chosen}"]').click()
        wait(driver, lambda d: f"Game {chosen} of" in d.find_element(By.ID, "message").text, "the game loaded")
        loaded = moves(driver)
        # The position after eight moves, searched with the colours reversed too.
        driver.find_element(By.CSS_SELECTOR, '#moves .move[data-ply="8"]').click()
        explorer_at(driver, loaded[:8])
        searched = fen(driver)
        driver.find_element(By.ID, "search-reversed").click()
        driver.find_element(By.ID, "search-position").click()
        wait(driver, lambda d: d.find_element(By.ID, "search-results").get_attribute("data-total"), "the search")
        found = driver.execute_script("""return [...document.querySelectorAll('#search-results .found')].map(
            (item) => [Number(item.dataset.number), Number(item.dataset.ply), item.dataset.next, item.dataset.reversed === 'true'])""")
        total = int(driver.find_element(By.ID, "search-results").get_attribute("data-total"))
        assert [chosen, 8] in [hit[:2] for hit in found], f"game {chosen} is not found at ply 8: {found}"
        # The collection's moves from the start (the Rust test counts them), and the book's
        # moves there and after the loaded game's first two, as `crownhead book probe` prints them.
        driver.find_element(By.ID, "first").click()
        explorer_at(driver, [])
        opening = explorer_rows(driver, "explorer-games")
        for played in ([], loaded[:2]):
            if played:
                driver.find_element(By.CSS_SELECTOR, '#moves .move[data-ply="2"]').click()
                explorer_at(driver, played)
            probe = subprocess.run([binary, "book", "probe"] + (["--moves", " ".join(played)] if played else []),
                                   check=True, capture_output=True, text=True).stdout.split("\n")
            expected = [line.split(" ") for line in probe if line and not line.startswith("ply ")]
            assert explorer_rows(driver, "explorer-book") == expected, \
                f"book after {played}: {explorer_rows(driver, 'explorer-book')} against {expected}"
        # A later result of the search, loaded at its ply.
        other = next((hit for hit in found if hit[0] != chosen), found[0])
        driver.find_element(By.CSS_SELECTOR,
                            f'#search-results .found[data-number="{other[0]}"][data-ply="{other[1]}"]').click()
        wait(driver, lambda d: f"Game {other[0]} of" in d.find_element(By.ID, "message").text, "a found game")
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#moves .move.current").get_attribute("data-ply")
             == str(other[1]), "the found game at its ply")
        other_fen = fen(driver)
        other_moves = moves(driver)
        database = egdb_results(driver, binary, egdb)
        broken_file(driver, directory, text)
        # The broken file's refusal is the one error the browser logs.
        errors = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        assert len(errors) == 1 and "/api/collection/open" in errors[0] and "400" in errors[0], errors
        return {"chosen": chosen, "loaded": loaded, "searched": searched, "total": total, "found": found,
                "opening": opening, "other": other, "other_fen": other_fen, "other_moves": other_moves,
                "database": database}
    finally:
        driver.get("about:blank")
        server.kill()
        server.wait()
        server.stdout.close()


def egdb_results(driver, binary, egdb):
    """The explorer's database results in an English position of three pieces, each
    against `crownhead egdb probe` of the position after the move (the mover's result is
    the other side's value there, reversed), and the database it says is in use."""
    type_into(driver, {"fen": "B:W27,K18:B10"})
    driver.find_element(By.ID, "load-fen").click()
    explorer_at(driver, [])
    # The directory holds 3 pieces, the built-in database 4: the built-in one is in use.
    in_use = driver.find_element(By.ID, "explorer-egdb-in-use").text
    assert in_use == "in use: built in, up to 4 pieces", in_use
    rows = explorer_rows(driver, "explorer-egdb")
    assert rows and all(len(row) == 2 for row in rows), rows
    reverse = {"win": "loss", "loss": "win", "draw": "draw"}
    for text, result in rows:
        driver.find_element(By.CSS_SELECTOR, f'#explorer-egdb tr[data-text="{text}"]').click()
        explorer_at(driver, [text])
        child = fen(driver)
        value = subprocess.run([binary, "egdb", "probe", "--fen", child, "--dir", egdb],
                               check=True, capture_output=True, text=True).stdout.strip()
        assert result == reverse[value], f"{text}: the explorer says {result}, egdb probe of {child} says {value}"
        driver.find_element(By.ID, "back").click()
        explorer_at(driver, [])
    return rows


def broken_file(driver, directory, text):
    """A broken PDN picked in the page: the error names the game and line, and the
    collection stays; then a good file picked is opened."""
    games = re.split(r"\n\n(?=\[)", text.strip())
    broken = "\n\n".join(games[:3]) + '\n\n[Event "broken"]\n\n1. 11-15 11-15 *\n'
    line = broken.count("\n")
    path = os.path.join(directory, "broken.pdn")
    with open(path, "w") as out:
        out.write(broken)
    driver.find_element(By.ID, "collection-file").send_keys(path)
    wait(driver, lambda d: "broken.pdn" in d.find_element(By.ID, "message").text, "the broken file's error")
    message = driver.find_element(By.ID, "message").text
    assert message == f"broken.pdn: game 4, line {line}: illegal move '11-15'", message
    assert driver.find_element(By.ID, "collection").get_attribute("data-total") == "1000"
    assert driver.find_element(By.ID, "collection-count").text.startswith("collection.pdn:")
    picked = os.path.join(directory, "picked.pdn")
    with open(picked, "w") as out:
        out.write("\n\n".join(games[:1000:2]) + "\n")
    driver.find_element(By.ID, "collection-file").send_keys(picked)
    wait(driver, lambda d: d.find_element(By.ID, "collection").get_attribute("data-total") == "500"
         and d.find_element(By.ID, "collection-count").text.startswith("picked.pdn:"), "the picked file")
ENGLISH_BALLOTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "tools", "matches",
                               "openings", "english.txt")


def ballot(number):
    """The moves of the English deck's `number`th ballot (from 1), read from the file."""
    with open(ENGLISH_BALLOTS) as deck:
        lines = [line.split("#")[0].split() for line in deck]
    return [line for line in lines if line][number - 1]


def allow_downloads(driver, directory):
    """Downloads go into `directory` (headless Chromium refuses them otherwise)."""
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": directory})


def download(driver, button, directory, name):
    """Clicks `button` with downloads going to a new folder in `directory` and returns the
    bytes of the file `name` it downloads."""
    folder = tempfile.mkdtemp(dir=directory)
    allow_downloads(driver, folder)
    driver.find_element(By.ID, button).click()
    path = os.path.join(folder, name)
    wait(driver, lambda d: os.path.exists(path) and not any(f.endswith(".crdownload") for f in os.listdir(folder)),
         f"the download of {name}")
    with open(path, "rb") as file:
        return file.read()


def engine_game(driver, directory):
    """Engine A at level 2 and engine B at level 1, 0.05 s a move and no book, play the
    English deck's ballot 8 twice with the colours swapped. Each saved game starts with
    the ballot's moves (read from the deck's file), every move is legal by pydraughts,
    which sees the game over at the last move and not before, with the winner the page
    shows; the score is the games' points, and the PDN names the engines, swapped."""
    Select(driver.find_element(By.ID, "engine-side")).select_by_value("none")
    choose_variant(driver, "english")
    open_panels(driver)
    type_into(driver, {"duel-a-strength": "2", "duel-b-strength": "1", "duel-a-time": "0.05",
                       "duel-b-time": "0.05", "duel-games": "2", "duel-first": "8"})
    for key in "ab":
        checkbox = driver.find_element(By.ID, f"duel-{key}-book")
        if checkbox.is_selected():
            checkbox.click()
    driver.find_element(By.ID, "duel-play").click()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#duel-list li")) == 2
         and d.find_element(By.ID, "duel-play").is_enabled(), "two engine games", 60)
    outcomes = [item.get_attribute("data-outcome") for item in driver.find_elements(By.CSS_SELECTOR, "#duel-list li")]
    shown = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#duel-list li")]
    games = PDNReader(pdn_text=download(driver, "duel-save", directory, "crownhead-games.pdn").decode()).games
    assert len(games) == 2, f"{len(games)} games saved"
    winners = {WHITE: "white", BLACK: "black", 0: "draw"}
    points_of_a = 0.0
    for number, (game, outcome, text) in enumerate(zip(games, outcomes, shown)):
        assert game.moves[:3] == ballot(8), f"game {number + 1} starts {game.moves[:3]}"
        board = Board("english")
        for ply, move in enumerate(game.moves):
            assert board.winner() is None, f"game {number + 1}: over before ply {ply + 1} ({move})"
            board.push(Move(board, pdn_move=move))
        assert winners.get(board.winner()) == outcome, f"game {number + 1}: pydraughts {board.winner()}, page {outcome}"
        assert f" {game.tags['Result']} (" in text, f"game {number + 1}: the PDN's {game.tags['Result']}, the page's {text}"
        a_white = number == 0
        assert ("level 2" in game.tags["White"]) == a_white and ("level 1" in game.tags["Black"]) == a_white, game.tags
        points_of_a += {"draw": 0.5, "white": float(a_white), "black": float(not a_white)}[outcome]
    score = driver.find_element(By.ID, "duel-score").text
    assert score.startswith(f"A {points_of_a:g} : {2 - points_of_a:g} B"), f"score {score!r}, games {outcomes}"
    wait(driver, lambda d: moves(d) == games[-1].moves, "the board to show the last game's end")
    return [game.moves for game in games]


def png_pixels(data):
    """A PNG decoded with the standard library: its width, height and a function giving
    the (red, green, blue) of a pixel. Only what Chromium writes: 8-bit RGB or RGBA,
    not interlaced."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, compressed = 8, b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and not interlace, f"PNG depth {depth}, colour type {colour}"
        elif kind == b"IDAT":
            compressed += body
    channels = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(compressed), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        rows.append(unfilter(raw[start], bytearray(raw[start + 1:start + 1 + stride]), previous, channels))
        previous = rows[-1]
    return width, height, lambda x, y: tuple(rows[y][x * channels:x * channels + 3])


def unfilter(kind, line, previous, step):
    """A PNG scanline with its filter (`kind`) undone, given the one above."""
    if kind == 2:
        return bytearray((a + b) & 255 for a, b in zip(line, previous))
    for i in range(len(line)):
        left = line[i - step] if i >= step else 0
        up, corner = previous[i], previous[i - step] if i >= step else 0
        if kind == 1:
            line[i] = (line[i] + left) & 255
        elif kind == 3:
            line[i] = (line[i] + (left + up) // 2) & 255
        elif kind == 4:
            guess = left + up - corner
            near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))
            line[i] = (line[i] + near[2]) & 255
    return line


# English, White to move, men and kings of both colours; White's king on 27 is picked,
# so that its targets are highlighted.
PICTURED = "W:W21,22,K27:B3,9,K13"


def pictures(driver, directory):
    """The board saved as SVG and as PNG, with the king on 27 picked: the SVG holds the
    FEN's pieces, and the targets the page highlights, with their style; the PNG is
    twice the drawing's size, and at each playing square shows a white piece, a black
    piece or the empty dark square, as the FEN says. Then the best move's arrow, shown
    while analysing, is in the SVG too."""
    Select(driver.find_element(By.ID, "engine-side")).select_by_value("none")
    choose_variant(driver, "english")
    type_into(driver, {"fen": PICTURED})
    driver.find_element(By.ID, "load-fen").click()
    wait(driver, lambda d: fen(d) and fen_pieces(fen(d)) == fen_pieces(PICTURED), "the pictured position")
    click_square(driver, "27")
    wait(driver, lambda d: targets(d), "the king's targets")
    shown_targets = targets(driver)
    svg = ElementTree.fromstring(download(driver, "save-svg", directory, "crownhead-board.svg"))
    pieces = {(group.get("class").split()[1], group.get("data-square"), "king" in group.get("class").split())
              for group in svg.iter(f"{SVG}g") if "piece" in (group.get("class") or "").split()}
    assert pieces == fen_pieces(PICTURED)[1], f"the SVG's pieces {pieces}"
    marked = sorted(mark.get("data-square") for mark in svg.iter(f"{SVG}circle")
                    if "target" in (mark.get("class") or "").split())
    assert marked == shown_targets, f"the SVG's targets {marked}, the page's {shown_targets}"
    assert ".target" in "".join(style.text or "" for style in svg.iter(f"{SVG}style")), "no style for the targets"
    side = float(svg.get("width"))
    width, height, pixel = png_pixels(download(driver, "save-png", directory, "crownhead-board.png"))
    assert (width, height) == (2 * side, 2 * side), f"a PNG of {width}x{height} for a drawing of {side}"
    drawn = {}
    for square, (x, y) in square_places(driver).items():
        # Below a piece's centre: inside its disc, clear of a king's crown and the targets.
        red, green, blue = pixel(2 * (int(float(x)) + 25), 2 * (int(float(y)) + 35))
        drawn[square] = "white" if min(red, green, blue) > 200 else "black" if max(red, green, blue) < 80 else None
    expected = {square: color for color, square, _ in fen_pieces(PICTURED)[1]}
    assert drawn == {square: expected.get(square) for square in drawn}, f"the PNG shows {drawn}"
    driver.find_element(By.ID, "analyse-start").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board polyline.arrow"), "the best move's arrow")
    svg = ElementTree.fromstring(download(driver, "save-svg", directory, "crownhead-board.svg"))
    assert list(svg.iter(f"{SVG}polyline")), "no arrow in the SVG"
    driver.find_element(By.ID, "analyse-stop").click()
    wait(driver, lambda d: d.find_element(By.ID, "analyse-start").is_enabled(), "the analysis to stop")


def phone(driver, screenshots):
    """At 390x844, a phone held upright: the board fits the screen's width, whole and
    above the panels, and nothing is wider than the screen."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        driver.execute_script("window.scrollTo(0, 0)")
        box = lambda id: driver.execute_script(
            "const box = document.getElementById(arguments[0]).getBoundingClientRect();"
            "return [box.left, box.top, box.right, box.bottom]", id)
        left, top, right, bottom = box("board")
        assert 0 <= left and right <= 390 and 0 <= top and bottom <= 844, f"the board at {box('board')}"
        assert right - left >= 300, f"the board is {right - left} pixels wide"
        assert box("panel")[1] >= bottom, f"the panels at {box('panel')}, the board's bottom at {bottom}"
        width = driver.execute_script("return document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width} pixels wide"
        if screenshots:
            driver.save_screenshot(os.path.join(screenshots, "gui-phone.png"))
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def puzzle_shown(driver):
    """The puzzle of PUZZLES whose position the board shows, or None."""
    shown = fen(driver)
    return next((puzzle for puzzle in PUZZLES if shown and fen_pieces(puzzle[0]) == fen_pieces(shown)), None)


def click_move(driver, text):
    """Plays the move `text` by clicking its first square and its last."""
    squares = re.split("[-x]", text)
    click_square(driver, squares[0])
    click_square(driver, squares[-1])


def puzzle_text(driver, id):
    return driver.find_element(By.ID, id).text


def solve(driver, puzzle, screenshots=None):
    """Plays the solver's moves of `puzzle`; the page plays the replies. With
    `screenshots`, the page is pictured after the first reply."""
    line = puzzle[1].split()
    for index in range(0, len(line), 2):
        click_move(driver, line[index])
        played = line[:index + 2]
        wait(driver, lambda d: main_line(d) == played, f"the solution's moves {played}")
        if screenshots and index == 0:
            wait(driver, lambda d: puzzle_text(d, "puzzle-status").startswith("Right."), "the first reply's words")
            driver.save_screenshot(os.path.join(screenshots, "gui-puzzles.png"))


def puzzles(driver, binary, directory, screenshots):
    """Puzzles from a file named on the command line, the record in a file named there
    too: a shot is solved, a puzzle missed and its solution shown, and one played again
    from the list, unrated; the rating shown is the record file's."""
    path = os.path.join(directory, "puzzles.tsv")
    with open(path, "w") as out:
        out.write("".join(f"{fen}\t{line}\t{theme}\t{difficulty}\t{rating}\n"
                          for fen, line, theme, difficulty, rating in PUZZLES))
    record = os.path.join(directory, "record", "puzzles.json")
    server, url = start_server(binary, ["--puzzle-file", path, "--puzzle-record", record])
    try:
        open_puzzles(driver, url)
        wait(driver, lambda d: puzzle_text(d, "puzzle-rating").startswith(
            "english: rating 1500 ± 700 (provisional); 0 rated, 0 solved; 5 puzzles"), "the newcomer's rating")
        Select(driver.find_element(By.ID, "puzzle-theme")).select_by_value("shot")
        driver.find_element(By.ID, "puzzle-next").click()
        wait(driver, lambda d: puzzle_shown(d), "a puzzle on the board")
        shot = puzzle_shown(driver)
        assert shot[2] == "shot", shot
        assert "White to play and win" in puzzle_text(driver, "puzzle-status")
        # White to move: White's side at the bottom, square 32 below square 1.
        places = square_places(driver)
        assert float(places["32"][1]) > float(places["1"][1]), places
        for hidden in ["analysis", "explorer", "evalbar"]:
            assert not driver.find_element(By.ID, hidden).is_displayed(), f"#{hidden} shows while solving"
        solve(driver, shot, screenshots)
        wait(driver, lambda d: puzzle_text(d, "puzzle-status").startswith("Solved: a shot. Rating "), "solved")
        assert driver.find_element(By.ID, "analysis").is_displayed()
        wait(driver, lambda d: "1 rated, 1 solved" in puzzle_text(d, "puzzle-rating"), "the rating after a solve")
        after_solve = int(re.search(r"rating (\d+)", puzzle_text(driver, "puzzle-rating")).group(1))
        assert after_solve > 1500, after_solve
        with open(record) as kept:
            english = json.load(kept)["variants"]["english"]
        assert (english["tried"], english["solved"], round(english["rating"])) == (1, 1, after_solve), english
        assert fen_pieces(english["history"][0]["puzzle"]) == fen_pieces(shot[0]), english
        # A miss: a legal move that is not the key, then the solution.
        Select(driver.find_element(By.ID, "puzzle-theme")).select_by_value("")
        driver.find_element(By.ID, "puzzle-next").click()
        wait(driver, lambda d: puzzle_shown(d) not in (None, shot), "the next puzzle")
        missed = puzzle_shown(driver)
        key = missed[1].split()[0]
        ends = lambda text: (re.split("[-x]", text)[0], re.split("[-x]", text)[-1])
        legal = [move.pdn_move for move in Board("english", fen=missed[0]).legal_moves()]
        wrong = next(text for text in legal
                     if ends(text) != ends(key) and [ends(other) for other in legal].count(ends(text)) == 1)
        click_move(driver, wrong)
        refutation = best_reply(binary, missed[0], wrong)
        wait(driver, lambda d: puzzle_text(d, "puzzle-status").startswith("Not the move: ")
             and f" is met by {refutation}" in puzzle_text(d, "puzzle-status"), f"the refutation {refutation}")
        _, after_wrong = legal_after(missed[0], wrong)
        board = Board("english", fen=after_wrong)
        board.push(next(move for move in board.legal_moves() if ends(move.pdn_move) == ends(refutation)))
        refuted = board.fen
        wait(driver, lambda d: fen_pieces(fen(d)) == fen_pieces(refuted), "the refutation's reply on the board")
        assert "2 rated, 1 solved" in puzzle_text(driver, "puzzle-rating")
        driver.find_element(By.ID, "puzzle-retry").click()
        wait(driver, lambda d: fen_pieces(fen(d)) == fen_pieces(missed[0]), "the puzzle's position again")
        assert puzzle_text(driver, "puzzle-status").startswith("Try again"), puzzle_text(driver, "puzzle-status")
        driver.find_element(By.ID, "puzzle-solution").click()
        wait(driver, lambda d: main_line(d) == missed[1].split(), "the solution as the main line")
        assert puzzle_text(driver, "puzzle-status").startswith(f"The solution: {missed[1]} (a {missed[2]}).")
        recent = lambda d: [item.get_attribute("class") for item in d.find_elements(By.CSS_SELECTOR, "#puzzle-recent li")]
        assert recent(driver) == ["missed", "solved"], recent(driver)
        # The solved one again, from the list: checked, not rated.
        rating = puzzle_text(driver, "puzzle-rating")
        driver.find_element(By.CSS_SELECTOR, "#puzzle-recent li.solved").click()
        wait(driver, lambda d: puzzle_shown(d) == shot and "unrated" in puzzle_text(d, "puzzle-status"), "the puzzle again")
        solve(driver, shot)
        wait(driver, lambda d: puzzle_text(d, "puzzle-status") == "Solved: a shot.", "solved again")
        assert puzzle_text(driver, "puzzle-rating") == rating
    finally:
        stop_server(driver, server)
    # Another run of crownhead gui on the same record: the rating shown is the same, and
    # the puzzle missed is offered at its rating as the miss moved it, up.
    server, url = start_server(binary, ["--puzzle-file", path, "--puzzle-record", record])
    try:
        open_puzzles(driver, url)
        wait(driver, lambda d: puzzle_text(d, "puzzle-rating") == rating, f"the rating kept: {rating}")
        driver.find_element(By.CSS_SELECTOR, "#puzzle-recent li.missed").click()
        wait(driver, lambda d: puzzle_shown(d) == missed, "the missed puzzle again")
        moved = int(re.search(r"Puzzle rated (\d+)", puzzle_text(driver, "puzzle-status")).group(1))
        assert moved > missed[4], (moved, missed)
        # The theme on request; a hint: the key's piece, then the key.
        assert puzzle_text(driver, "puzzle-theme-shown") == ""
        driver.find_element(By.ID, "puzzle-show-theme").click()
        assert puzzle_text(driver, "puzzle-theme-shown") == f"Theme: {missed[2]}."
        hinted = lambda d: [mark.get_attribute("data-square") for mark in d.find_elements(By.CSS_SELECTOR, "#board .mark.hint")]
        arrows = lambda d: d.find_elements(By.CSS_SELECTOR, "#board .arrow")
        driver.find_element(By.ID, "puzzle-hint").click()
        wait(driver, lambda d: hinted(d) == [ends(key)[0]], f"the mark on {key}'s piece")
        assert not arrows(driver) and "counts as not solved" in puzzle_text(driver, "puzzle-status")
        driver.find_element(By.ID, "puzzle-hint").click()
        wait(driver, lambda d: puzzle_text(d, "puzzle-status") == f"Hint: {key}." and arrows(d), f"the hint {key}")
    finally:
        stop_server(driver, server)


def open_puzzles(driver, url):
    """Loads the page at `url` and opens its Puzzles panel."""
    driver.get(url)
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"), "the page")
    driver.find_element(By.CSS_SELECTOR, "#puzzles summary").click()


def stop_server(driver, server):
    driver.get("about:blank")
    server.kill()
    server.wait()
    server.stdout.close()


def best_reply(binary, start_fen, played):
    """The engine's best move after `played` from `start_fen`, as `crownhead analyse`
    finds it in the search the page's refutation makes: 100,000 nodes on one thread."""
    output = subprocess.run([binary, "analyse", "--fen", start_fen, "--moves", played, "--nodes", "100000",
                             "--tt-size", "16"], capture_output=True, text=True, check=True).stdout
    return re.search(r"^bestmove (\S+)", output, re.MULTILINE).group(1)


def type_into(driver, values):
    """Types each value into the field of its id, in place of what it held."""
    for field, value in values.items():
        driver.find_element(By.ID, field).clear()
        driver.find_element(By.ID, field).send_keys(value)


def timed(what, work):
    """Runs `work`, writing on stderr how long it took."""
    started = time.monotonic()
    result = work()
    print(f"{what}: {time.monotonic() - started:.1f} s", file=sys.stderr)
    return result


def main():
    binary = sys.argv[1]
    screenshots = os.environ.get("CROWNHEAD_SCREENSHOTS")
    started = time.monotonic()
    server, url = start_server(binary)
    with tempfile.TemporaryDirectory() as directory:
        driver = browser(os.path.join(directory, "profile"))
        try:
            driver.get(url)
            wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"), "the page")
            print(f"browser and page: {time.monotonic() - started:.1f} s", file=sys.stderr)
            variants = timed("labels", lambda: check_labels(driver, binary, directory))
            timed("flip", lambda: flip(driver))
            timed("English", lambda: play_against_engine(driver, "english", "white", "11", "15", ["15", "16"]))
            timed("International",
                  lambda: play_against_engine(driver, "international", "black", "32", "28", ["27", "28"]))
            if screenshots:
                driver.save_screenshot(os.path.join(screenshots, "gui-game.png"))
            timed("analysis", lambda: analyse(driver, screenshots))
            expected = timed("PDN", lambda: load_and_navigate(driver))
            timed("game analysis", lambda: review(driver, expected))
            saved = timed("save", lambda: save(driver, expected))
            timed("lessons", lambda: lessons(driver))
            tree = timed("move tree", lambda: move_tree(driver, screenshots))
            timed("editor", lambda: edit_position(driver))
            timed("choice", lambda: ambiguous_capture(driver))
            timed("Turkish", lambda: turkish_game(driver))
            timed("touch", lambda: play_by_touch(driver))
            timed("clock", lambda: clock(driver))
            timed("engine against engine", lambda: engine_game(driver, directory))
            timed("pictures", lambda: pictures(driver, directory))
            timed("phone", lambda: phone(driver, screenshots))
            collection = timed("collections", lambda: collections(driver, binary, directory))
            timed("puzzles", lambda: puzzles(driver, binary, directory, screenshots))
            errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
            assert not errors, f"the page logged errors: {errors}"
            print(json.dumps({"variants": variants, "saved_pdn": saved, "moves": expected,
                              "collection": collection, **tree}))
        finally:
            driver.quit()
            server.kill()
            server.wait()
            server.stdout.close()


if __name__ == "__main__":
    main()
