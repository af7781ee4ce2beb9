"""The words of tic-tac-toe, pig and Leduc poker (engine/games/<game>/words.py): each
move and chance outcome in plain words as one seat sees it, why an action cannot be
played now, the notation in any case, and the compiled state agreeing with the
reference on all of it. Rules as stated in each game's reference.py docstring."""

from __future__ import annotations

import re

import pytest

from engine.errors import IllegalActionError
from engine.game import random_action
from engine.rng import Rng
from plugins.manager import default_registry

REGISTRY = default_registry()
SMALL_GAMES = ["tictactoe", "pig", "leduc"]
VIEWERS = (None, 0, 1)
RANDOM_GAMES = 40
MAX_STEPS = 400  # pig to 100 can run long; the words are the same past this
# An internal id shown as "(12)" or "action 12".
ID_PATTERN = re.compile(r"\(\d+\)|\baction \d+")


def play(game: str, *moves: str):
    """The position after `moves` in notation (Leduc: the cards first), unshuffled."""
    spec = REGISTRY.game(game)
    state = spec.new_state(resolve_setup=False)
    for move in moves:
        state.apply(state.str_to_action(move))
    return state


def texts(state, viewer=None):
    return [state.describe(a, viewer) for a in state.legal_actions()]


def random_positions(game: str, seed: int):
    """Every position of one seeded random game (both implementations in step)."""
    spec = REGISTRY.game(game)
    variant = "target20" if game == "pig" else None
    state = spec.new_state(variant=variant, resolve_setup=False)
    reference = spec.reference_class().from_json(state.to_json())
    rng = Rng(seed)
    for _ in range(MAX_STEPS):
        yield state, reference
        if state.is_terminal():
            return
        action = random_action(state, rng)
        state.apply(action)
        reference.apply(action)


# ---- tic-tac-toe ------------------------------------------------------------------------


def test_tictactoe_moves_name_the_mark_and_the_cell():
    state = play("tictactoe", "b2")
    assert state.describe(state.str_to_action("a1")) == "put an O on a1"
    assert play("tictactoe").describe(4, 1) == "put an X on b2"


def test_tictactoe_an_occupied_cell_says_what_holds_it():
    state = play("tictactoe", "b2")
    assert state.illegal_reason(4) == "b2 already holds an X"
    assert state.illegal_reason(0) is None
    with pytest.raises(IllegalActionError) as caught:
        state.apply(4)
    assert str(caught.value) == "illegal action b2 here: b2 already holds an X"


def test_tictactoe_cells_parse_in_either_case():
    state = play("tictactoe")
    assert state.str_to_action("B2") == state.str_to_action("b2") == 4
    assert state.str_to_action("C3") == 8


# ---- pig --------------------------------------------------------------------------------


def test_pig_hold_counts_the_points_it_banks():
    state = play("pig")
    assert texts(state) == ["roll the die", "hold with nothing to bank"]
    state = play("pig", "roll", "d5", "roll", "d3")  # turn total 8
    assert texts(state) == ["roll the die", "hold and bank 8 points"]
    state.apply(0)
    assert texts(state) == [
        "the die shows 1: the turn total is lost",
        "the die shows 2",
        "the die shows 3",
        "the die shows 4",
        "the die shows 5",
        "the die shows 6",
    ]


def test_pig_at_the_target_only_hold_and_the_reason_says_so():
    spec = REGISTRY.game("pig")
    state = spec.new_state(variant="target10")
    for move in ("roll", "d6", "roll", "d4"):  # 10 this turn: the target
        state.apply(state.str_to_action(move))
    assert state.legal_actions() == [1]
    assert state.illegal_reason(0) == (
        "0 banked plus 10 this turn reaches the target 10: hold to win"
    )
    with pytest.raises(IllegalActionError, match=r"^illegal action roll here: 0 banked"):
        state.apply(0)
    rolling = play("pig", "roll")
    assert rolling.illegal_reason(1) == "the die is rolling: its face comes first"
    assert play("pig").illegal_reason(5) == "the die is not rolling: roll or hold"


def test_pig_actions_parse_in_any_case():
    state = play("pig")
    assert [state.str_to_action(t) for t in ("ROLL", "Hold", "D6")] == [0, 1, 7]


# ---- Leduc poker ------------------------------------------------------------------------


def test_leduc_bets_count_the_chips():
    state = play("leduc", "Js", "Kh")
    assert texts(state) == ["check", "raise by 2 chips"]
    state = play("leduc", "Js", "Kh", "raise")
    assert texts(state) == ["fold", "call 2 chips", "call 2 chips and raise by 2 chips"]
    state = play("leduc", "Js", "Kh", "call", "call", "Qs")  # second round: raises of 4
    assert texts(state) == ["check", "raise by 4 chips"]
    state = play("leduc", "Js", "Kh", "call", "call", "Qs", "raise", "raise")
    assert texts(state, 0) == ["fold", "call 4 chips"]


def test_leduc_a_private_card_is_named_only_to_its_seat():
    start = play("leduc")
    for viewer in (None, 0):
        assert start.describe(start.str_to_action("Ks"), viewer) == (
            "seat 0 is dealt the king of spades"
        )
    assert {start.describe(a, 1) for a in start.legal_actions()} == {"seat 0 is dealt a card"}
    second = play("leduc", "Ks")
    assert second.describe(second.str_to_action("Qh"), 1) == "seat 1 is dealt the queen of hearts"
    assert {second.describe(a, 0) for a in second.legal_actions()} == {"seat 1 is dealt a card"}
    assert second.describe(second.str_to_action("Qh")) == "seat 1 is dealt the queen of hearts"


def test_leduc_the_public_card_is_named_to_everyone():
    state = play("leduc", "Ks", "Qh", "call", "call")
    for viewer in VIEWERS:
        assert state.describe(state.str_to_action("Jh"), viewer) == (
            "the public card is the jack of hearts"
        )


def test_leduc_illegal_reasons_come_from_the_betting_rules():
    state = play("leduc", "Js", "Kh")
    assert state.illegal_reason(0) == "there is no bet to fold to: call checks"
    assert state.illegal_reason(state.str_to_action("Qs")) == (
        "no card is dealt now: seat 0 is to bet"
    )
    capped = play("leduc", "Js", "Kh", "raise", "raise")
    assert capped.legal_actions() == [0, 1]
    assert capped.illegal_reason(2) == "at most 2 raises a round"
    with pytest.raises(IllegalActionError) as caught:
        capped.apply(2)
    assert str(caught.value) == "illegal action raise here: at most 2 raises a round"
    dealing = play("leduc", "Js")
    assert dealing.illegal_reason(1) == "a card is being dealt: bets wait for it"


def test_leduc_actions_parse_in_any_case():
    state = play("leduc")
    assert [state.str_to_action(t) for t in ("FOLD", "Call", "ks", "KH", "jS")] == [0, 1, 7, 8, 3]


# ---- all three --------------------------------------------------------------------------


@pytest.mark.parametrize("game", SMALL_GAMES)
def test_words_name_no_ids_and_tell_decisions_apart(game):
    """At every decision of random games, each seat reads a different text for each of
    the mover's options, and no text or reason shows an internal id."""
    for seed in range(RANDOM_GAMES):
        for state, _ in random_positions(game, seed):
            for viewer in VIEWERS:
                words = texts(state, viewer)
                assert all(w and not ID_PATTERN.search(w) for w in words), words
                if not state.is_chance_node():
                    assert len(set(words)) == len(words), words
            for action in range(state.num_actions):
                reason = state.illegal_reason(action)
                if action in state.legal_actions():
                    continue
                assert reason is None or not ID_PATTERN.search(reason), reason


@pytest.mark.parametrize("game", SMALL_GAMES)
def test_compiled_and_reference_say_the_same(game):
    for seed in range(RANDOM_GAMES):
        for state, reference in random_positions(game, seed):
            for viewer in VIEWERS:
                assert texts(state, viewer) == texts(reference, viewer)
            for action in range(state.num_actions):
                assert state.illegal_reason(action) == reference.illegal_reason(action)
                if action not in state.legal_actions() and not state.is_terminal():
                    assert refusal(state, action) == refusal(reference, action)


def refusal(state, action) -> str:
    """The message apply refuses `action` with (the state is not changed)."""
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    return str(caught.value)


@pytest.mark.parametrize("game", SMALL_GAMES)
def test_every_small_game_has_rules_and_a_notation_legend(game):
    spec = REGISTRY.game(game)
    assert spec.rules.strip() and spec.notation.strip()
