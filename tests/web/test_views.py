"""What one seat receives, without a browser: a chance outcome the seat cannot see
reads as unseen while the game's describe is still the notation, and a view never
carries the state or another seat's private card."""

from __future__ import annotations

import json
import re

from cli.serve.rooms import Room
from cli.serve.views import seat_words, view_for


def test_an_unseen_deal_reads_as_unseen_and_a_seen_one_in_full(registry):
    leduc = registry.game("leduc")
    state = leduc.new_state(seed=3, resolve_setup=False)  # seat 0's card is dealt first
    outcome = state.legal_actions()[0]
    # The game's own words are fair (words.py), so the unseen deal reads as one.
    assert seat_words(leduc, state, outcome, 1) == "seat 0 is dealt a card"
    assert seat_words(leduc, state, outcome, 0) == state.describe(outcome, 0)
    assert seat_words(leduc, state, outcome, 0) != seat_words(leduc, state, outcome, 1)


def test_a_leduc_view_holds_only_the_seats_own_card(registry):
    room = Room.new(registry, "leduc", None, None, 0, {}, seed=11)
    own, other = room.state.to_dict()["private"]
    text = json.dumps(view_for(room, 0))
    assert re.search(rf"\b{own}\b", text)
    assert not re.search(rf"\b{other}\b", text)
    assert room.state.to_json() not in text
