"""The four seed games played through the page by clicking their board drawings
only (engine/games/<g>/svg.py), against the AI at the easiest strength: many turns,
a hint drawn on the board, an undo and a reload mid-game; whole games are `slow`."""

from __future__ import annotations

import pytest

from helpers import act, dataset, log_lines, phase, screenshot, start_game, wait_my_turn

GAMES = ["maestro", "taktvoll", "luthier", "renaissance"]
BOARD_MOVE = "#board [data-action].legal"
TURNS = 6  # of the person's, in the quick test


def click_board(page, step: int) -> None:
    """One board click: the step-th clickable element (mod their number), so that over
    a game different kinds of move get picked."""
    count = page.locator(BOARD_MOVE).count()
    assert count, "every move of the seat to move is on the board"
    act(page, f"{BOARD_MOVE} >> nth={(step * 7) % count}")


def play_turn(page, step: int) -> int:
    """The person's whole turn by board clicks; the clicks it took."""
    clicks = 0
    click_board(page, step)
    clicks += 1
    while dataset(page)["partial"] != "0" and phase(page) == "mine":
        click_board(page, step + clicks)
        clicks += 1
    wait_my_turn(page)
    return clicks


@pytest.mark.parametrize("game", GAMES)
def test_turns_by_board_clicks_with_hint_undo_and_reload(server, page, game):
    start_game(page, server, game)
    assert page.locator("#board svg.generic").count() == 0, "the game's own drawing"
    # A hint is drawn on the board: the first step of the best move is marked.
    page.click("#hint")
    page.wait_for_selector("#hints li:has-text('win chance')")
    assert page.locator("#board .hint").count() >= 1
    screenshot(page, game)
    for turn in range(TURNS):
        if phase(page) == "over":
            break
        before = len(log_lines(page))
        play_turn(page, turn)
        lines = log_lines(page)
        assert any(line.startswith("You: ") for line in lines[before:])
        if turn == 1:  # undo: back to before this turn
            act(page, "#undo")
            assert len(log_lines(page)) == before
            play_turn(page, turn + 3)
        if turn == 3:  # reload mid-game: the same game comes back
            kept = log_lines(page)
            page.reload()
            page.wait_for_selector("#board svg")
            wait_my_turn(page)
            assert log_lines(page) == kept
    assert page.errors == []


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_whole_game_by_board_clicks(server, page, game):
    start_game(page, server, game)
    turns = 0
    while phase(page) != "over":
        assert turns < 400
        play_turn(page, turns)
        turns += 1
    assert page.locator("#summary .result").inner_text().startswith(("You", "A draw"))
    assert page.errors == []
