"""Every game through the page against the AI (issue 24's list, for each of the seven):
a whole game to its summary by board clicks only, making at least one move of every
kind (movekinds.py); a hint drawn on the board; an undo (the log and the board go back,
and the store holds what the seat saw: the fair rule for hidden games); a reload in the
middle keeps the same view. The seed games' whole games are `slow`.

Only `[data-action].legal`, `#board` and the page's dataset fields are relied on, never
the shapes or places of a game's drawing."""

from __future__ import annotations

import json

import pytest

from helpers import (
    BOARD_MOVE,
    board_html,
    click_action,
    dataset,
    log_lines,
    offered,
    partial_lines,
    phase,
    reload,
    room_of,
    screenshot,
    start_game,
    wait_my_turn,
)
from movekinds import kind_of, pick, required

# Per game: the new-game form's choices (variant, players) where not the defaults.
SETUP = {
    "pig": {"variant": "target20"},  # a whole game of a few dozen rolls, not hundreds
}
SMALL = ["tictactoe", "pig", "leduc"]
SEED = ["maestro", "taktvoll", "luthier", "renaissance"]
MAX_CLICKS = 600  # more board clicks than any whole game here takes (Luthier's ~110)
MAX_HANDS = 12  # Leduc: hands (rematches) to make every kind in


def play_turn(page, game: str, made: set, step: int) -> int:
    """The seat's whole turn by board clicks, each picked by movekinds.pick; every
    click must be a move (in the turn so far or the log, in the same words) of a kind
    the table knows. The clicks it took."""
    clicks = 0
    while True:
        choices = offered(page)
        assert choices, "every move of the seat to move is on the board"
        action = pick(game, choices, made, step + clicks)
        text = choices[action]
        before = len(log_lines(page))
        click_action(page, action)
        clicks += 1
        mine = [line for line in log_lines(page)[before:] if line.startswith("You: ")]
        assert text in partial_lines(page) or any(text in line for line in mine), text
        made.add(kind_of(game, text))
        if dataset(page)["partial"] == "0" or phase(page) != "mine":
            wait_my_turn(page)
            return clicks


def play_to_the_end(page, game: str, made: set) -> int:
    clicks = 0
    while phase(page) != "over":
        assert clicks < MAX_CLICKS
        clicks += play_turn(page, game, made, clicks)
    assert page.locator("#log li.last").count() == 1
    result = page.locator("#summary .result").inner_text()
    assert result in ("You win.", "You lose.", "A draw.", "You share the win."), result
    return clicks


def whole_games(page, server, game: str) -> None:
    start_game(page, server, game, **SETUP.get(game, {}))
    assert page.locator("#board svg.generic").count() == 0, "the game's own drawing"
    made: set[str] = set()
    play_to_the_end(page, game, made)
    hands = 1
    while game == "leduc" and not required(game) <= made:  # movekinds.LAST_PICKED
        assert hands < MAX_HANDS, made
        before = dataset(page)["version"]
        page.click("#rematch")
        page.wait_for_function(
            "v => document.getElementById('play').dataset.version !== v"
            " && document.querySelector('#summary').hidden",
            arg=before,
        )
        wait_my_turn(page)
        play_to_the_end(page, game, made)
        hands += 1
    assert required(game) <= made, f"kinds never made by a board click: {required(game) - made}"
    assert page.errors == []


@pytest.mark.parametrize("game", SMALL + [pytest.param(g, marks=pytest.mark.slow) for g in SEED])
def test_whole_game_by_board_clicks_makes_every_kind_of_move(server, page, game):
    whole_games(page, server, game)


def stored(server, registry, page, game: str):
    """What the store holds that undo must restore: the seat's observation where the
    game hides things (the fair undo deals the unseen again), else the whole state."""
    spec = registry.game(game)
    state = spec.from_json(json.dumps(server.stored_state(room_of(page))))
    return state.observation(0) if spec.hidden_information else state.to_dict()


@pytest.mark.parametrize("game", SMALL + SEED)
def test_hint_on_the_board_undo_and_reload(server, registry, page, game):
    start_game(page, server, game, **SETUP.get(game, {}))
    made: set[str] = set()
    play_turn(page, game, made, 0)  # a game in progress, for the hint's screenshot
    board, log, kept = board_html(page), log_lines(page), stored(server, registry, page, game)
    choices = offered(page)

    # The hint: the top moves (at most 3) with a win chance, the best one's first
    # step marked on the board, on clickable elements of the board only.
    page.click("#hint")
    page.wait_for_selector("#hints li:has-text('win chance')")
    items = page.locator("#hints li").all_inner_texts()
    assert 1 <= len(items) <= 3
    for item in items:
        assert 0 <= int(item.rsplit("% win chance", 1)[0].rsplit(" ", 1)[1]) <= 100
    marks = page.locator("#board .hint")
    assert 1 <= marks.count() <= len(items)
    assert page.locator(f"{BOARD_MOVE}.hint").count() == marks.count()
    best = int(page.get_attribute("#board .hint1", "data-action"))
    assert items[0].startswith(choices[best])
    assert 1 <= page.locator("#legal button.hinted").count() <= len(items)
    screenshot(page, f"{game}-hint")

    # Undo: a whole turn by board clicks, then back to before it (the first turn
    # can still be taken back).
    play_turn(page, game, made, 1)
    assert len(log_lines(page)) > len(log)
    before = dataset(page)["version"]
    page.click("#undo")
    page.wait_for_function("v => document.getElementById('play').dataset.version !== v", arg=before)
    wait_my_turn(page)
    assert log_lines(page) == log
    assert board_html(page) == board
    assert stored(server, registry, page, game) == kept
    assert not page.locator("#undo").is_disabled()

    # Reload in the middle: the same view comes back.
    play_turn(page, game, made, 2)
    board, log = board_html(page), log_lines(page)
    reload(page)
    assert log_lines(page) == log
    assert board_html(page) == board
    assert page.errors == []
