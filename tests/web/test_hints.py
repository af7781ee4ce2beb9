"""Hints on the page: the top three for the seat to move, with a win chance, drawn on
the board where they are board actions."""

from __future__ import annotations

from helpers import screenshot, start_game


def test_hint_shows_top_three_with_win_chance_on_the_board(server, page):
    start_game(page, server, "tictactoe")
    page.click("#hint")
    page.wait_for_selector("#hints li:has-text('win chance')")
    items = page.locator("#hints li").all_inner_texts()
    assert len(items) == 3
    for item in items:
        percent = int(item.split(": ")[1].split("%")[0])
        assert 0 <= percent <= 100
    assert page.locator("#board .hint.hint1").count() == 1
    assert page.locator("#legal button.hinted").count() == 3
    screenshot(page, "tictactoe-hint")
