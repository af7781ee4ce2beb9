"""The play page on a phone (390x844, touch), for each game. The seed games' drawings
are 720-900 units wide: shrunk to the screen their text would be 4-6px, so on a narrow
screen a board keeps a readable size and scrolls sideways in its own box, while the
page never scrolls sideways and its buttons are a thumb's size (helpers.PHONE_LAYOUT).
A move is then made by tapping the board, scrolled to where the move is. A table
(table mode) of each game is checked the same way at its start."""

from __future__ import annotations

import pytest

from helpers import (
    BOARD_MOVE,
    BOARD_TEXT_PX,
    MIN_TEXT_PX,
    PHONE_LAYOUT,
    WAIT_TURN,
    dataset,
    screenshot,
    start_game,
)

GAMES = ["tictactoe", "pig", "leduc", "maestro", "taktvoll", "luthier", "renaissance"]


@pytest.mark.parametrize("game", GAMES)
def test_a_board_reads_and_plays_on_a_phone(server, phone, game):
    page = phone
    start_game(page, server, game)
    assert page.evaluate(BOARD_TEXT_PX, "#board") >= MIN_TEXT_PX
    # Nothing off the screen sideways but inside the board's own scroll, every button
    # a thumb's size.
    assert page.evaluate(PHONE_LAYOUT) == []
    screenshot(page, f"{game}-phone")
    # The tap is a move: the turn's next step, or the seat's next turn after the AI's.
    before = dataset(page)
    page.locator(BOARD_MOVE).last.tap()
    page.wait_for_function(WAIT_TURN, arg=[before["version"], before["partial"]])
    assert page.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_a_table_reads_on_a_phone(server, phone, game):
    page = phone
    page.goto(server.url)
    page.select_option("#mode", "table")
    page.select_option("#game", game)
    page.select_option("#seat", "0")
    page.tap("#start")
    page.wait_for_selector("#table[data-phase]")
    assert page.evaluate(PHONE_LAYOUT) == []
    assert page.evaluate(BOARD_TEXT_PX, "#table-board") >= MIN_TEXT_PX
    assert page.errors == []
