"""Takt Voll for a person (words.py, render.py): each action in plain words as one seat
sees it, the same in the compiled state and the reference; a seat never told what it
cannot see (another seat's draw reads the same in every world it cannot tell apart);
a reason for an illegal move from the rules; notation read in any case; drawings
within 80 columns; a reason beside each hint. Rules cited from shared/rules/takt-voll.md."""

from __future__ import annotations

import re

import pytest

from engine.game import random_action
from engine.games.taktvoll.reference import TaktVollReference
from engine.rng import Rng
from test_taktvoll import BARS8, GAME, IMPLEMENTATIONS, make

# Notation and internal ids: "Q@2", "+Q", "start1", "bar@1", a bare number.
ID_LIKE = re.compile(r"@\d|^\+|\bstart\d|\bnobar\b|~|\b\d{3,}\b|\b(W|H|Q|E|S|r[WHQE])\b")


def games(count, seed, steps=160):
    """Positions along seeded random games, every player count and variant."""
    rng = Rng(seed)
    for g in range(count):
        n = 3 + g % 6
        variant = GAME.variants[g % len(GAME.variants)]
        state = GAME.new_state(n, variant, seed=rng.randint(2**31))
        for _ in range(steps):
            if state.is_terminal():
                break
            yield state
            state.apply(random_action(state, rng))


def viewers(state):
    return [None, *range(state.num_players)]


def test_every_text_is_plain_distinct_in_its_decision_and_equal_in_the_reference():
    seen = 0
    for state in games(12, seed=5):
        twin = TaktVollReference.from_dict(state.to_dict())
        legal = state.legal_actions()
        mover = state.current_player()
        for viewer in viewers(state):
            texts = [state.describe(a, viewer) for a in legal]
            assert texts == [twin.describe(a, viewer) for a in legal]
            for text in texts:
                assert text and text == text.strip() and not text.endswith(".")
                assert not ID_LIKE.search(text), text
            if viewer is None or viewer == mover:
                assert len(set(texts)) == len(texts), texts
            seen += len(texts)
    assert seen > 5000


def test_a_seat_reads_the_same_text_in_every_world_it_cannot_tell_apart():
    """common.md's fairness property: for a world s2 the seat cannot tell from s and
    an action a2 there with the same result for the seat, the text is the same."""
    rng = Rng(17)
    checked = 0
    for i, state in enumerate(games(8, seed=9, steps=120)):
        if i % 3:
            continue
        legal = state.legal_actions()
        for v in range(state.num_players):
            worlds = [state.determinize(v, rng) for _ in range(3)]
            for a in legal:
                after = state.clone()
                after.apply(a)
                seen = after.observation(v)
                text = state.describe(a, v)
                for world in worlds:
                    for a2 in world.legal_actions():
                        if state.current_player() == v and a2 != a:
                            continue
                        result = world.clone()
                        result.apply(a2)
                        if result.observation(v) == seen:
                            assert world.describe(a2, v) == text
                            checked += 1
    assert checked > 2000


@IMPLEMENTATIONS
def test_a_draw_names_the_card_to_the_drawer_only(cls):
    # §5.2: the drawer takes the top card; §8: the hands are secret.
    state = make(cls, ["Q " + BARS8, "E " + BARS8, "S " + BARS8], phase="draw", turn=1)
    crotchet = state.str_to_action("+Q")
    assert state.describe(crotchet, 1) == "you draw a crotchet"
    assert state.describe(crotchet, 0) == "seat 1 draws a card"
    assert state.describe(state.str_to_action("+H"), 0) == "seat 1 draws a card"
    assert state.describe(crotchet) == "seat 1 draws a crotchet"
    state.apply(crotchet)
    assert state.describe(state.str_to_action("keep"), 1) == "keep the crotchet just drawn in hand"
    assert state.describe(state.str_to_action("keep"), 2) == "keep the card just drawn in hand"


@IMPLEMENTATIONS
def test_plays_read_with_the_row_and_the_bar(cls):
    state = make(cls, ["Q bar*8", "E " + BARS8, "S " + BARS8], rows=["clef 2/4 Q"])
    assert state.describe(state.str_to_action("q@1"), 2) == (
        "play a crotchet on row 1 (fills the bar)"
    )
    state = make(cls, ["H bar*8", "E " + BARS8, "S " + BARS8], rows=["clef 2/4 Q Q"])
    assert state.describe(state.str_to_action("bar@1")) == (
        "play a bar line on row 1, scoring its 2 points"
    )


@IMPLEMENTATIONS
def test_an_illegal_move_gets_the_rule_that_forbids_it(cls):
    hands = ["W Q 3/4 bar*8", "E " + BARS8, "S " + BARS8]
    state = make(cls, hands, rows=["clef 2/4 Q", "clef"])
    reason = state.illegal_reason
    # §5.1: a semibreve (16) does not fit a 2/4 bar holding a crotchet.
    assert "does not fit" in reason(state.str_to_action("W@1"))
    # §5.1: a bar line only on an exactly full bar.
    assert "exactly full" in reason(state.str_to_action("bar@1"))
    # §5.1: a note needs the row's time signature first.
    assert "needs a time signature" in reason(state.str_to_action("Q@2"))
    assert "has its time signature" in reason(state.str_to_action("3/4@1"))
    assert "no row 3" in reason(state.str_to_action("Q@3"))
    assert reason(state.str_to_action("H@1")) == "you hold no minim"
    # §5.2: pass only once the deck is empty.
    assert "only once the deck is empty" in reason(state.str_to_action("pass"))
    assert reason(state.str_to_action("Q@1")) is None


def test_every_illegal_id_gets_a_reason_without_ids():
    for i, state in enumerate(games(6, seed=3, steps=100)):
        if i % 7:
            continue
        legal = set(state.legal_actions())
        for a in range(0, state.num_actions, 3):
            reason = state.illegal_reason(a)
            if a in legal:
                assert reason is None
            else:
                assert reason and "\n" not in reason and not ID_LIKE.search(reason), reason


@IMPLEMENTATIONS
def test_notation_is_read_in_any_case_and_written_unchanged(cls):
    state = cls.new_initial(3, "variant1")
    for text in ("QG4~@2", "rW@1", "3/4@1", "bar@4", "clef", "+QG4", "start2", "draw", "keep"):
        action = state.str_to_action(text)
        assert state.str_to_action(text.lower()) == action
        assert state.str_to_action(text.upper()) == action
        assert state.action_to_str(action) == text


def test_drawings_fit_80_columns():
    widest = 0
    for i, state in enumerate(games(12, seed=21, steps=200)):
        if i % 5:
            continue
        texts = [state.render()] + [state.render_for(p) for p in range(state.num_players)]
        for text in texts:
            widest = max(widest, *(len(line) for line in text.splitlines()))
    assert 60 < widest <= 80


@IMPLEMENTATIONS
def test_a_long_row_wraps_instead_of_being_cut(cls):
    bars = ["E " * 8, "S " * 10 + "Q E", "Q Q rQ E E", "H rE"]
    row = "clef 4/4 " + " bar ".join(bars)
    hands = ["Q bar*5", "W " + BARS8, "W " + BARS8]
    state = make(cls, hands, rows=[row], played=[3, 0, 0], points=[25, 0, 0])
    text = state.render()
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "row 1:" in text.splitlines()[1] and text.splitlines()[2].startswith("      ")
    drawn = " ".join(text.split("\n  seat 0")[0].split())
    assert drawn.count(" S") == 10 and drawn.count(" E") == 11  # no card is cut off


def test_every_hint_has_a_reason_from_the_seats_own_view():
    for i, state in enumerate(games(6, seed=8, steps=120)):
        if state.is_chance_node() or i % 2:
            continue
        seat = state.current_player()
        for a in state.legal_actions():
            reason = state.hint_reason(seat, [a])
            assert reason and not ID_LIKE.search(reason)
            world = state.determinize(seat, Rng(i))
            assert world.hint_reason(seat, [a]) == reason


def test_game_record_has_rules_and_notation_within_bounds():
    for text in (GAME.rules, GAME.notation):
        lines = text.splitlines()
        assert 3 <= len(lines) <= 12
        assert all(len(line) <= 78 for line in lines)


@pytest.mark.parametrize("viewer", [0, 1])
def test_a_bad_viewer_is_refused(viewer):
    state = GAME.new_state(3, seed=1)
    with pytest.raises(ValueError):
        state.describe(state.legal_actions()[0], viewer + 5)
