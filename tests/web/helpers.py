"""Driving the page the way a person does: start a game from the form, click the
board or the legal list, wait until the seat is to move again; tap a table on a
phone and check that the page fits it; and a search queue that only records."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import parse_qs

from webserver import SCREENSHOTS

WAIT_TURN = """([version, partial]) => {
  const d = document.getElementById('play').dataset;
  return (d.version !== version || d.partial !== partial)
      && (d.phase === 'mine' || d.phase === 'over');
}"""


def start_game(page, server, game, variant=None, strength="3", seat=0, players=None):
    page.goto(server.url)
    page.select_option("#game", game)
    if players:
        page.select_option("#players", str(players))
    if variant:
        page.select_option("#variant", variant)
    page.select_option("#seat", str(seat))
    for select in page.locator("#ai-seats select").all():
        select.select_option(strength)
    page.click("#start")
    page.wait_for_selector("#board svg")
    wait_my_turn(page)


def room_of(page) -> str:
    return parse_qs(page.url.split("#", 1)[1])["room"][0]


def dataset(page) -> dict:
    return page.eval_on_selector("#play", "el => Object.assign({}, el.dataset)")


def phase(page) -> str:
    return dataset(page).get("phase", "")


def wait_my_turn(page) -> None:
    """Until the seat is to move or the game is over."""
    page.wait_for_function(
        "() => ['mine', 'over'].includes(document.getElementById('play').dataset.phase)"
    )


def act(page, selector: str) -> None:
    """Click `selector` and wait for the answer: the next step of the turn, or the
    seat's next turn (the AI having replied), or the end."""
    before = dataset(page)
    page.click(selector)
    page.wait_for_function(WAIT_TURN, arg=[before["version"], before["partial"]])


def log_lines(page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def screenshot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


BOARD_MOVE = "#board [data-action].legal"
OFFERED = """() => {
  const words = new Map([...document.querySelectorAll('#legal button')]
      .map((b) => [b.dataset.action, b.textContent]));
  return [...document.querySelectorAll('#board [data-action].legal')]
      .map((e) => [e.getAttribute('data-action'), words.get(e.getAttribute('data-action'))]);
}"""


def offered(page) -> dict[int, str]:
    """The board's clickable actions (id -> the words the legal list gives them)."""
    return {int(a): text for a, text in page.evaluate(OFFERED)}


def click_action(page, action: int) -> None:
    act(page, f'{BOARD_MOVE}[data-action="{action}"]')


def partial_lines(page) -> list[str]:
    return page.locator("#partial li").all_inner_texts()


def board_html(page) -> str:
    return page.inner_html("#board")


def reload(page) -> None:
    page.reload()
    page.wait_for_selector("#board svg")
    wait_my_turn(page)


# ---- table mode, and a phone ------------------------------------------------------------

PHONE = {"width": 390, "height": 844}
MIN_TARGET = 44  # px: the smallest comfortable touch target
# What does not fit a phone: anything wider than the screen or off it sideways (but
# inside a box that scrolls sideways itself, as a board does), a button or a chooser
# smaller than a thumb.
PHONE_LAYOUT = (
    """() => {
  const width = window.innerWidth;
  const problems = [];
  const scrolled = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;  // not shown
    if ((box.left < -0.5 || box.right > width + 0.5) && !scrolled(el))
      problems.push(`${el.tagName}#${el.id}.${el.className} spans ${box.left}..${box.right}`);
    if (['BUTTON', 'SELECT'].includes(el.tagName) && box.height < %d)
      problems.push(`${el.tagName} "${el.textContent}" is ${box.height}px tall`);
  }
  if (document.documentElement.scrollWidth > width)
    problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}px`);
  return problems;
}"""
    % MIN_TARGET
)


# The smallest text of the board drawn in `selector`, in screen pixels: its font size
# times the scale the drawing is shown at (the smaller of the two axes', as an SVG
# keeps its aspect).
BOARD_TEXT_PX = """(selector) => {
  const svg = document.querySelector(selector + ' svg');
  const view = svg.viewBox.baseVal, box = svg.getBoundingClientRect();
  const scale = Math.min(box.width / view.width, box.height / view.height);
  let least = Infinity;
  for (const text of svg.querySelectorAll('text')) {
    if (text.getBoundingClientRect().width === 0 || !text.textContent.trim()) continue;
    least = Math.min(least, parseFloat(getComputedStyle(text).fontSize) * scale);
  }
  return least;
}"""
# What a phone's reader is asked to read: 8px, the size of fine print.
MIN_TEXT_PX = 8


def table_data(page) -> dict:
    return page.eval_on_selector("#table", "el => Object.assign({}, el.dataset)")


def tap(page, selector: str) -> None:
    """Tap `selector` and wait for the table's answer (its next version)."""
    before = table_data(page)["version"]
    page.tap(selector)
    page.wait_for_function(
        "v => document.getElementById('table').dataset.version !== v", arg=before
    )


# ---- the server's searches, without a server ---------------------------------------------


class RecordingSearches:
    """The server's search queue, recording each job's seat spec instead of searching."""

    on_queue = None

    def __init__(self):
        self.specs = []

    async def run(self, owner, job, game_name, state_json, spec, *rest, **progress):
        self.specs.append(spec)
        return []


def run_apart(coroutine):
    """Run `coroutine` to its end on a thread of its own (a browser test in the same
    worker holds a running event loop) and return its answer."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
