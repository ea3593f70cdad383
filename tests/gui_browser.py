"""The board in the browser, driven in headless Chromium as a person uses it.

    python3 tests/gui_browser.py CROWNHEAD_BINARY

Starts `crownhead gui --no-open --port 0`, reads the URL it prints, and with selenium
(driving Debian's /usr/bin/chromedriver, so that nothing is downloaded):
- checks that every rule set's start position is drawn with the labels and places
  `crownhead board --svg` gives it;
- in English and in International, plays a move by clicking, sees the legal targets
  highlighted and the engine's reply;
- turns the board round with Flip and back;
- shows live analysis lines (two, with multi-PV) and the best move's arrow;
- loads a PDN, navigates it, and saves it; the saved game is read back by pydraughts'
  PDNReader and replayed on pydraughts' board, and printed on stdout as one JSON line
  ({"saved_pdn": ...}) for the Rust test to read with crownhead's own reader.

With CROWNHEAD_SCREENSHOTS=DIR it writes gui-game.png and gui-analysis.png into DIR.
Run by tests/gui.rs."""

import json
import os
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree

from draughts import Board, Move
from draughts.PDN import PDNReader
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
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


def start_server(binary):
    """The server process and the URL it prints."""
    server = subprocess.Popen([binary, "gui", "--no-open", "--port", "0", "--tt-size", "16"],
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
    for _ in range(50):
        try:
            driver.find_element(By.CSS_SELECTOR, f'#board rect.dark[data-square="{name}"]').click()
            return
        except StaleElementReferenceException:  # drawn again meanwhile: the click was not made
            time.sleep(0.05)
    sys.exit(f"square {name} could not be clicked")


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
        assert pieces in (24, 32, 40), f"{variant}: {pieces} pieces at the start"
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
    driver.find_element(By.ID, "multipv").clear()
    driver.find_element(By.ID, "multipv").send_keys("2")
    driver.find_element(By.ID, "analyse-start").click()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#lines .line")) == 2, "two analysis lines")
    depth = lambda d: max(int(re.search(r" d(\d+) ", line.text).group(1))
                          for line in d.find_elements(By.CSS_SELECTOR, "#lines .line"))
    wait(driver, lambda d: depth(d) >= 6, "the analysis to deepen")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board polyline.arrow"), "the best move's arrow")
    if screenshots:
        driver.save_screenshot(os.path.join(screenshots, "gui-analysis.png"))
    driver.find_element(By.ID, "analyse-stop").click()
    wait(driver, lambda d: d.find_element(By.ID, "analyse-start").is_enabled(), "the analysis to stop")


def load_and_navigate(driver):
    Select(driver.find_element(By.ID, "engine-side")).select_by_value("none")
    choose_variant(driver, "english")
    start = fen(driver)
    for summary in driver.find_elements(By.CSS_SELECTOR, "details:not([open]) summary"):
        summary.click()
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
            errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
            assert not errors, f"the page logged errors: {errors}"
            print(json.dumps({"variants": variants, "saved_pdn": saved, "moves": expected}))
        finally:
            driver.quit()
            server.kill()
            server.wait()


if __name__ == "__main__":
    main()
