"""The page's win-chance graph, the AI's thinking line, the end summary's rematch and
the download link, in the browser."""

from __future__ import annotations

import httpx

from helpers import act, dataset, room_of, screenshot, start_game


def test_graph_thinking_rematch_and_download(page, server):
    start_game(page, server, "tictactoe", strength="3")
    while dataset(page)["phase"] != "over":
        act(page, "#legal button >> nth=0")
    page.wait_for_function("() => Number(document.getElementById('chart').dataset.points) >= 2")
    assert page.locator("#chart svg polyline.graph-line").count() == 1
    assert page.locator("#summary #rematch").is_visible()
    href = page.get_attribute("#download", "href")
    doc = httpx.get(server.url.rstrip("/") + href, timeout=10).json()
    assert doc["game"] == "tictactoe" and doc["turns"]
    screenshot(page, "tictactoe-over-chart")
    old = room_of(page)
    page.click("#rematch")
    page.wait_for_function(
        "([old]) => location.hash.includes('room=') && !location.hash.includes(old)", arg=[old]
    )
    page.wait_for_function("() => document.getElementById('play').dataset.version === '0'")
    assert page.locator("#summary").is_hidden()
    assert not page.errors


def test_the_thinking_line_shows_the_searchs_progress(page, server):
    start_game(page, server, "tictactoe", strength="10", seat=1)
    # the AI (seat 0) moved first; play one move and watch it think about its reply
    page.click("#legal button >> nth=0")
    page.wait_for_function(
        "() => document.getElementById('thinking').textContent.includes('iterations')"
    )
    text = page.text_content("#thinking")
    assert "win chance" in text and "leaning to: put an X on" in text
    screenshot(page, "tictactoe-thinking")
    assert not page.errors


def test_in_leduc_the_thinking_line_shows_counts_and_time_but_not_the_ais_win_chance(page, server):
    start_game(page, server, "leduc", strength="10", seat=0)
    page.click('#board [data-action="1"].legal')  # call: the AI (seat 1) thinks its reply
    page.wait_for_function(
        "() => document.getElementById('thinking').textContent.includes('iterations')"
    )
    text = page.text_content("#thinking")
    assert text.startswith("Seat 1 (AI) thinks: ") and " s" in text
    assert "win chance" not in text and "leaning to" not in text
    assert not page.errors
