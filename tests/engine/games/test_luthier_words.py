"""Luthier for a person (words.py, render.py): each action in plain words as one seat
sees it, the same in the compiled state and the reference; another seat's face-down
worker and secret deals never told (the text is the same in every world the seat
cannot tell apart); a reason for an illegal move from the rules; notation read in any
case; the drawing within 80 columns; a reason beside each hint. Rules cited from
shared/rules/luthier.md."""

from __future__ import annotations

import json
import re

from engine.game import random_action
from engine.games.luthier import GAME
from engine.games.luthier import tables as T
from engine.games.luthier.actions import BASE, place_action
from engine.games.luthier.reference import LuthierReference
from engine.rng import Rng

# Notation and internal ids: w5@salon, go@guild, take0, buy:wood, family0, patron0>space0.
ID_LIKE = re.compile(r"@|>|:[a-z]|\b(take|family|goals|patron|space|tuck|gift|reroll)\d|\bw\d")


def positions(games, seed, every=7, steps=900):
    """Every `every`-th position along seeded random games of 2-4 seats."""
    rng = Rng(seed)
    for g in range(games):
        state = GAME.new_state(2 + g % 3, seed=rng.randint(2**31))
        for i in range(steps):
            if state.is_terminal():
                break
            if i % every == 0:
                yield state
            state.apply(random_action(state, rng))


def test_every_text_is_plain_distinct_in_its_decision_and_equal_in_the_reference():
    seen = set()
    for state in positions(6, seed=4, every=5):
        twin = LuthierReference.from_dict(state.to_dict())
        legal = state.legal_actions()
        mover = state.current_player()
        for viewer in [None, *range(state.num_players)]:
            texts = [state.describe(a, viewer) for a in legal]
            assert texts == [twin.describe(a, viewer) for a in legal]
            for text in texts:
                assert text and text == text.strip() and not text.endswith(".")
                assert not ID_LIKE.search(text), text
            if viewer is None or viewer == mover:
                assert len(set(texts)) == len(texts), texts
            seen.update(texts)
    assert len(seen) > 500


def _results(state, viewer):
    """{the seat's observation after an action: [the actions giving it]}."""
    out = {}
    for a in state.legal_actions():
        after = state.clone()
        after.apply(a)
        key = json.dumps(after.observation(viewer), sort_keys=True)
        out.setdefault(key, []).append(a)
    return out


def test_a_seat_reads_the_same_text_in_every_world_it_cannot_tell_apart():
    """common.md's fairness property, over random games, every seat, three worlds."""
    rng = Rng(23)
    checked = 0
    for state in positions(4, seed=11, every=9):
        mover = state.current_player()
        for v in range(state.num_players):
            mine = _results(state, v)
            for _ in range(3):
                world = state.determinize(v, rng)
                for key, a2s in _results(world, v).items():
                    for a in mine.get(key, []):
                        text = state.describe(a, v)
                        for a2 in a2s:
                            if mover == v and a2 != a:
                                continue
                            assert world.describe(a2, v) == text, (a, a2)
                            checked += 1
    assert checked > 3000


def test_a_face_down_worker_is_named_to_its_owner_only():
    # 4.2 / 8.3: chips go face down; owner, location and apprentices are public.
    for state in positions(2, seed=3, every=1):
        legal = state.legal_actions()
        if state.current_player() >= 0 and legal[-1] < BASE["ACTIVATE"]:
            break
    p = state.current_player()
    other = (p + 1) % state.num_players
    for impl in (state, LuthierReference.from_dict(state.to_dict())):
        chip = (legal[0] - BASE["PLACE"]) // (T.NUM_LOCATIONS * 4)
        action = place_action(chip, T.PERFORM, 0)
        assert impl.describe(action, p) == (
            f"place worker #{chip + 1} face down on the performance space"
        )
        assert impl.describe(action, other) == ("place a face-down worker on the performance space")
        assert impl.describe(action) == impl.describe(action, p)


def test_setup_deals_are_named_to_their_owner_only():
    state = GAME.new_state(3, seed=2)  # seat 0 keeps a family tile first (3.4.5)
    tiles = state.to_dict()["players"][0]["family"]
    names = [T.load_tables().family_name[c] for c in tiles]
    texts = [state.describe(a, 0) for a in state.legal_actions()]
    assert all(name in text for name, text in zip(names, texts, strict=True))
    assert {state.describe(a, 1) for a in state.legal_actions()} == {
        "keep one of the two dealt family tiles"
    }
    assert state.describe(state.str_to_action("FAMILY1"), 0) == texts[1]


def test_an_illegal_move_gets_the_rule_that_forbids_it():
    state = GAME.new_state(3, seed=2)
    reason = state.illegal_reason
    assert reason(state.str_to_action("family0")) is None
    assert reason(state.str_to_action("buy:wood")) == "not now: you are to keep a family tile"
    assert "chance outcome" in reason(state.str_to_action("notes3"))
    for state in positions(3, seed=6, every=3):
        if state.current_player() < 0:
            continue
        legal = set(state.legal_actions())
        if BASE["PLACE"] <= min(legal) < BASE["ACTIVATE"]:
            # 4.0: worker #4 joins in round 5.
            if state.to_dict()["round"] < 5:
                text = state.illegal_reason(place_action(3, T.SALON, 0))
                assert text == "worker #4 joins in round 5 (4.0)"
                return
    raise AssertionError("no planning decision before round 5")


def test_every_illegal_id_gets_a_reason_without_ids():
    count = 0
    for state in positions(3, seed=8, every=40):
        legal = set(state.legal_actions())
        for a in range(0, state.num_actions, 11):
            reason = state.illegal_reason(a)
            if a in legal:
                assert reason is None
            else:
                assert reason and "\n" not in reason and not ID_LIKE.search(reason), reason
                count += 1
    assert count > 1000


def test_notation_is_read_in_any_case_and_written_unchanged():
    state = GAME.new_state(3, seed=2)
    for a in range(0, state.num_actions, 7):
        text = state.action_to_str(a)
        assert state.str_to_action(text.upper()) == a
        assert state.str_to_action(text.lower()) == a
    assert state.action_to_str(state.str_to_action("CLAIM0m:ROYAL")) == "claim0M:royal"


def test_drawings_fit_80_columns_and_keep_every_option():
    widest = 0
    for state in positions(4, seed=2, every=25):
        for text in [state.render()] + [state.render_for(p) for p in range(state.num_players)]:
            widest = max(widest, *(len(line) for line in text.splitlines()))
    assert 70 < widest <= 80
    text = GAME.new_state(3, seed=2).render_for(0)
    assert "[0] " in text and "[1] " in text  # both family tiles offered (3.4.5)


def test_every_hint_has_a_reason_from_the_seats_own_view():
    checked = 0
    for i, state in enumerate(positions(3, seed=5, every=6)):
        seat = state.current_player()
        if seat < 0:
            continue
        world = state.determinize(seat, Rng(i))
        for a in state.legal_actions()[:12]:
            reason = state.hint_reason(seat, [a])
            assert reason and "\n" not in reason and not ID_LIKE.search(reason), reason
            assert world.hint_reason(seat, [a]) == reason
            checked += 1
    assert checked > 300


def test_game_record_has_rules_and_notation_within_bounds():
    for text in (GAME.rules, GAME.notation):
        lines = text.splitlines()
        assert 3 <= len(lines) <= 12
        assert all(len(line) <= 78 for line in lines)
