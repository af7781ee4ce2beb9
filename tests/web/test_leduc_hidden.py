"""Leduc through the page, with the hidden-information check: before the showdown,
neither the page's DOM nor any WebSocket message it received names the opponent's
card (the true card read from the store)."""

from __future__ import annotations

import json
import re

from helpers import act, phase, room_of, screenshot, start_game

FOLD, CALL, RAISE = 0, 1, 2


def test_leduc_whole_game_and_the_opponent_card_never_reaches_the_page(server, page):
    frames: list[str] = []
    page.on(
        "websocket",
        lambda ws: ws.on(
            "framereceived",
            lambda payload: frames.append(
                payload if isinstance(payload, str) else payload.decode()
            ),
        ),
    )
    start_game(page, server, "leduc")
    room = room_of(page)
    opponent_card = server.stored_state(room)["private"][1]
    word = re.compile(rf"\b{opponent_card}\b")
    doms = []
    decisions = 0
    while phase(page) != "over":
        assert decisions < 8
        doms.append(page.content())
        # Raise once when the board offers it, else call: every bet button is a board click.
        bet = (
            RAISE
            if decisions == 0 and page.locator(f'#board [data-action="{RAISE}"].legal').count()
            else CALL
        )
        if decisions == 0:
            screenshot(page, "leduc")
        act(page, f'#board [data-action="{bet}"].legal')
        decisions += 1
    assert decisions >= 1
    assert page.locator("#summary .result").inner_text() in ("You win.", "You lose.", "A draw.")
    views = [json.loads(f) for f in frames]
    before_end = [f for f, v in zip(frames, views, strict=True) if v.get("over") is None]
    assert len(before_end) >= decisions  # each decision was answered while the game went on
    for text in before_end + doms:
        assert not word.search(text), f"the opponent's card {opponent_card} reached the page"
    # The page did see its own card: the check would catch a card that is there.
    own = server.stored_state(room)["private"][0]
    assert any(re.search(rf"\b{own}\b", text) for text in before_end)
