"""Driving the page the way a person does: start a game from the form, click the
board or the legal list, wait until the seat is to move again."""

from __future__ import annotations

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
