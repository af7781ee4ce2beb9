"""Whole games and a few moves of every game through the page, against the AI."""

from __future__ import annotations

import pytest

from helpers import act, dataset, log_lines, phase, screenshot, start_game, wait_my_turn

MAX_DECISIONS = 200


def test_tictactoe_whole_game_by_clicking_board_cells(server, page):
    start_game(page, server, "tictactoe")
    clicks = 0
    while phase(page) != "over":
        assert clicks < 9
        act(page, "#board [data-action].legal")
        clicks += 1
    screenshot(page, "tictactoe")
    lines = log_lines(page)
    assert sum(line.startswith("You:") for line in lines) == clicks
    assert len(lines) >= 5  # no game of tic-tac-toe ends in fewer than five moves
    assert page.locator("#log li.last").count() == 1
    assert page.locator("#summary .result").inner_text() in ("You win.", "You lose.", "A draw.")
    assert page.errors == []


def test_pig_whole_game_through_the_board(server, page):
    start_game(page, server, "pig", variant="target20")
    decisions = 0
    while phase(page) != "over":
        assert decisions < MAX_DECISIONS
        rolls = sum(line.startswith("You: roll") for line in log_lines(page)[-6:])
        offered = [b for b in (0, 1) if page.locator(f'#board [data-action="{b}"].legal').count()]
        assert offered, "the board offers roll or hold on the seat's turn"
        # Roll up to three times a turn, then hold: both buttons get used.
        button = 1 if 1 in offered and (rolls >= 3 or 0 not in offered) else offered[0]
        if decisions == 2:
            screenshot(page, "pig")
        act(page, f'#board [data-action="{button}"].legal')
        decisions += 1
    lines = log_lines(page)
    assert any(line.startswith("You: hold") for line in lines)
    assert any(line.startswith("Chance: the die shows") for line in lines)
    assert page.locator("#summary .result").inner_text() in ("You win.", "You lose.")
    assert page.errors == []


@pytest.mark.parametrize("game", ["maestro", "taktvoll", "luthier", "renaissance"])
def test_big_game_a_few_moves_through_the_legal_list(server, page, game):
    start_game(page, server, game)
    for _ in range(3):
        if phase(page) == "over":
            break
        before = log_lines(page)
        texts = page.locator("#legal button").all_inner_texts()
        assert texts, "the seat to move has legal moves listed"
        act(page, "#legal button >> nth=0")
        while dataset(page)["partial"] != "0":  # a turn of several steps: finish it
            act(page, "#legal button >> nth=0")
        wait_my_turn(page)
        after = log_lines(page)
        assert len(after) > len(before)
        assert any(line.startswith("You: ") for line in after[len(before) :])
    # docs/screenshots/<game>.png is the board drawing's (test_seed_boards.py)
    assert page.errors == []


def test_undo_takes_back_the_move_and_the_reply(server, page):
    start_game(page, server, "tictactoe")
    act(page, '#board [data-action="4"].legal')
    assert log_lines(page)[0] == "You: put an X on b2"
    assert len(log_lines(page)) == 2
    act(page, "#undo")
    assert log_lines(page) == []
    assert page.locator('#board [data-action="4"].legal').count() == 1
    assert page.locator("#undo").is_disabled()


def test_reload_keeps_the_game(server, page):
    start_game(page, server, "tictactoe")
    act(page, '#board [data-action="0"].legal')
    act(page, "#board [data-action].legal")
    before = log_lines(page)
    page.reload()
    page.wait_for_selector("#log li")
    wait_my_turn(page)
    assert log_lines(page) == before
    assert len(before) == 4
