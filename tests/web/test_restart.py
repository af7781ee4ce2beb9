"""A server killed with SIGKILL mid-game and started again: the page reconnects by
itself and the game goes on from the last acknowledged move."""

from __future__ import annotations

from helpers import act, log_lines, start_game, wait_my_turn
from webserver import Server


def test_kill_9_mid_game_loses_no_acknowledged_move(tmp_path, page):
    server = Server(tmp_path / "data")
    server.start()
    try:
        start_game(page, server, "pig", variant="target50")
        for _ in range(3):
            act(page, '#board [data-action="0"].legal')  # roll: each answered by the die
        acknowledged = log_lines(page)
        assert len(acknowledged) >= 6
        server.kill()
        page.wait_for_selector("#banner:has-text('reconnecting')")
        server.start()
        page.wait_for_function(
            "() => document.getElementById('banner').textContent === ''", timeout=30_000
        )
        wait_my_turn(page)
        resumed = log_lines(page)
        assert resumed[: len(acknowledged)] == acknowledged
        act(page, '#board [data-action="1"].legal')  # hold: the game goes on after the restart
        assert log_lines(page)[len(resumed)].startswith("You: hold")
    finally:
        server.stop()
