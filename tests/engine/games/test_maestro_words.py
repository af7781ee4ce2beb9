"""Maestro for a person (engine/games/maestro/words.py, render.py): actions in plain
words, reasons for illegal actions citing shared/rules/maestro-1989.md, notation read
in any letter case, hint reasons, and drawings that fit 80 columns."""

from __future__ import annotations

import random
import re

import pytest

from engine.games.maestro import GAME, words
from engine.games.maestro.reference import MaestroReference
from engine.games.maestro.state import MaestroState
from tests.engine.games.maestro_positions import IMPLEMENTATIONS, act, both, position

# Notation tokens that must never reach a person's text.
NOTATION = re.compile(r"\bR\d+\.\d|:p\d|\bp\d+s\d|\bdraw\d|\bagency\d|\btile:|\bpass\b")


def random_positions(impl, seed: int, games: int = 3):
    """Every position of `games` random games (2-4 players), with the rng."""
    rng = random.Random(seed)
    for game in range(games):
        state = impl.new_initial(2 + game % 3)
        while not state.is_terminal():
            yield state, rng
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, probs)[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)
        yield state, rng


@both
def test_every_decision_reads_as_distinct_plain_words_equal_in_both_implementations(impl):
    other = MaestroReference if impl is MaestroState else MaestroState
    decisions = 0
    for state, _ in random_positions(impl, seed=11):
        legal = state.legal_actions()
        if not legal:
            continue
        texts = [state.describe(a) for a in legal]
        assert all(texts) and len(set(texts)) == len(texts), texts
        assert not [t for t in texts if NOTATION.search(t)], texts
        assert texts == [state.describe(a, viewer=0) for a in legal]  # nothing is hidden
        twin = other.from_json(state.to_json())
        assert texts == [twin.describe(a) for a in legal]
        decisions += not state.is_chance_node()
    assert decisions > 100


@both
def test_every_illegal_action_gets_a_reason_and_a_legal_one_none(impl):
    checked = 0
    for state, rng in random_positions(impl, seed=12, games=2):
        legal = set(state.legal_actions())
        for action in rng.sample(range(state.num_actions), 25):
            reason = state.illegal_reason(action)
            if action in legal:
                assert reason is None
            else:
                assert reason and not NOTATION.search(reason) and "\n" not in reason
                checked += 1
    assert checked > 1000


def test_a_second_row_in_one_turn_cites_one_row_a_turn():
    # Spec 5.2: "P may place tiles into one board row, and only one". Seat 0 starts
    # row 3 with its maestro; its violin cannot then go into row 4.
    for impl in IMPLEMENTATIONS:
        state = position(impl, agencies={0: {10: "maestro", 9: "maestro", 1: "violin"}})
        act(state, "R3.1:p0s10")
        reason = state.illegal_reason(state.str_to_action("R4.1:p0s9"))
        assert "row 3 (Bach: Musical Offering)" in reason and "one row" in reason


def test_a_rivals_bottom_row_cites_exclusive_contracts():
    # Spec 5.2: spaces 6-10 of an opponent "only while Q's agency is completely full".
    for impl in IMPLEMENTATIONS:
        state = position(
            impl,
            agencies={0: {10: "maestro"}, 1: {7: "violin"}},
            rows={"R4": ["maestro", None, None, None]},
        )
        reason = state.illegal_reason(state.str_to_action("R4.2:p1s7"))
        assert "exclusive" in reason and "full" in reason and "seat 1" in reason


def test_drawing_more_than_the_free_spaces_cites_spec_4c():
    # Spec 4 C: "k may not exceed the number of empty spaces in P's agency". Seat 0
    # has 9 tiles, so one free space: draw2 is refused.
    tiles = ["violin", "viola", "cello", "flute", "oboe", "horn", "tuba", "harp", "sax"]
    for impl in IMPLEMENTATIONS:
        state = position(impl, agencies={0: {i + 1: t for i, t in enumerate(tiles)}})
        act(state, "pass")
        reason = state.illegal_reason(state.str_to_action("draw2"))
        assert "1 free agency space" in reason and "at most 1" in reason and "4 C" in reason


def test_an_empty_row_needs_a_maestro_and_a_space_its_own_instrument():
    # Spec 5.2: an empty row starts with a maestro; each further tile matches the
    # instrument of its space.
    for impl in IMPLEMENTATIONS:
        state = position(impl, agencies={0: {10: "maestro", 1: "violin", 2: "cello"}})
        reason = state.illegal_reason(state.str_to_action("R4.1:p0s1"))
        assert "empty" in reason and "maestro" in reason and "a violin" in reason
        act(state, "R4.1:p0s10")
        reason = state.illegal_reason(state.str_to_action("R4.2:p0s2"))
        assert "takes a violin, not a cello" in reason


def test_a_taken_agency_space_is_refused_for_a_drawn_tile():
    # Spec 4 D: the drawn tile goes on an empty space of the agency.
    for impl in IMPLEMENTATIONS:
        state = position(impl)
        act(state, "pass", "draw1", "tile:violin")
        assert state.illegal_reason(state.str_to_action("agency10")) == (
            "agency space 10 already holds a maestro: choose a free one"
        )
        assert state.describe(state.str_to_action("agency6")) == (
            "put the violin you drew on agency space 6 (exclusive; it costs 6 if left there)"
        )


@both
def test_notation_is_read_in_any_letter_case_and_written_unchanged(impl):
    state = impl.new_initial(2)
    for text in ("R4.1:p0s10", "pass", "draw2", "agency7", "tile:violin", "R10.7:p3s1"):
        action = state.str_to_action(text)
        assert state.str_to_action(text.upper()) == action
        assert state.str_to_action(text.lower()) == action
        assert state.action_to_str(action) == text


@both
def test_drawings_fit_80_columns(impl):
    widest = 0
    for state, _ in random_positions(impl, seed=13, games=3):
        lines = state.render().split("\n")
        widest = max(widest, *map(len, lines))
        assert "Alpenjaegermarsch" in state.render()  # wrapped, not cut off
    assert widest <= 80


@both
def test_hint_reasons_say_what_each_decision_gains(impl):
    seen = 0
    for state, _ in random_positions(impl, seed=14, games=2):
        seat = state.current_player()
        if seat < 0:
            continue
        for action in state.legal_actions():
            reason = state.hint_reason(seat, [action])
            assert reason and "\n" not in reason and not NOTATION.search(reason)
            seen += 1
    assert seen > 300


def test_a_hint_that_finishes_a_row_names_the_points_and_the_critic():
    # Spec 5.3: a row begun and finished in one turn scores 10 a tile, and its
    # finisher takes the critic. Row 1 (saxophone, piano) from seat 0's own agency.
    for impl in IMPLEMENTATIONS:
        state = position(impl, agencies={0: {10: "maestro", 3: "piano"}})
        steps = [state.str_to_action(t) for t in ("R1.1:p0s10", "R1.2:p0s3", "pass", "draw1")]
        reason = state.hint_reason(0, steps)
        assert reason.startswith("scores 20; completes row 1 (Milhaud: Scaramouche)")
        assert "critic" in reason and "13 penalty points avoided" in reason


def test_the_game_record_carries_the_rules_and_the_notation_legend():
    for text in (GAME.rules, GAME.notation):
        lines = text.split("\n")
        assert 3 <= len(lines) <= 12 and max(map(len, lines)) <= 78
    assert GAME.rules == words.RULES and GAME.notation == words.NOTATION


@pytest.mark.parametrize("bad", [3.0, True, -1, 10**6])
def test_a_bad_id_gets_a_reason_not_an_error(bad):
    assert MaestroState.new_initial(2).illegal_reason(bad)
