"""The legal list in plain words plays too: a few turns of each seed game picked from
it, not from the board (whole games, hints, undo and reload of every game by board
clicks: test_seven_games.py)."""

from __future__ import annotations

import pytest

from helpers import act, dataset, log_lines, phase, start_game, wait_my_turn


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
    assert page.errors == []
