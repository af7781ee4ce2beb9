"""Maestro: da Vinci vs Michelangelo for a person (engine/games/renaissance/words.py,
render.py): actions in plain words as one seat sees them, with nothing hidden from
that seat named (fairness over determinizations), reasons for illegal actions citing
shared/rules/maestro-renaissance.md, notation in any letter case, hint reasons, and
drawings that fit 80 columns."""

from __future__ import annotations

import random
import re

from engine.games.renaissance import GAME, words
from engine.games.renaissance.actions import ACTION_NAMES, DEAL, NUM_ACTIONS, PLAY, T
from engine.games.renaissance.components import COMPONENTS as C
from engine.games.renaissance.reference import RenaissanceReference
from engine.games.renaissance.state import RenaissanceState
from engine.rng import Rng

# Notation tokens that must never reach a person's text (A2/1, @moveR, FLO>SIE,
# lodge:R>B, up:..., spend2, slot3 ...).
NOTATION = re.compile(r"\b[AB][0-9E]/\d|@|\b[A-Z]{3}>|\w:\w|\bspend\d|\bslot\d")
CARD_WORDS = re.compile(r"\b(Master|Assistant)\b")


def random_game(seed: int):
    """Every position of one random game, with the rng."""
    rng = random.Random(seed)
    state = RenaissanceState.new_initial(2)
    while not state.is_terminal():
        yield state, rng
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(outcomes, probs)[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
    yield state, rng


def test_every_decision_reads_as_distinct_words_equal_in_both_implementations():
    decisions = 0
    for state, _ in random_game(seed=21):
        legal = state.legal_actions()
        if not legal:
            continue
        twin = RenaissanceReference.from_dict(state.to_dict())
        mover = state.current_player()
        for viewer in (None, 0, 1):
            texts = [state.describe(a, viewer) for a in legal]
            assert all(texts) and not [t for t in texts if NOTATION.search(t)], texts
            assert texts == [twin.describe(a, viewer) for a in legal]
            if viewer is None or viewer == mover:
                assert len(set(texts)) == len(texts), texts
        decisions += mover >= 0
    assert decisions > 100


def test_a_seat_reads_the_same_in_every_world_it_cannot_tell_apart():
    # The fairness property: for seat v, a world s2 = s.determinize(v) and an action
    # a2 there whose result v sees as it sees s + a, describe(s2, a2, v) equals
    # describe(s, a, v).
    compared = 0
    for step, (state, rng) in enumerate(random_game(seed=22)):
        if state.is_terminal() or step % 4:
            continue
        legal = state.legal_actions()
        for viewer in (0, 1):
            for action in rng.sample(legal, min(3, len(legal))):
                after = state.clone()
                after.apply(action)
                seen = after.observation(viewer)
                text = state.describe(action, viewer)
                for _ in range(3):
                    world = state.determinize(viewer, Rng(rng.randrange(2**32)))
                    for other in world.legal_actions():
                        result = world.clone()
                        result.apply(other)
                        if result.observation(viewer) == seen:
                            assert world.describe(other, viewer) == text
                            compared += 1
    assert compared > 300


def test_set_aside_cards_and_a_rivals_draws_are_never_named_to_the_rival():
    # Spec 7: the hand and set-aside cards are known to the owner only.
    asides = deals = 0
    for state, _ in random_game(seed=23):
        for action in state.legal_actions():
            if ACTION_NAMES[action].startswith("aside:"):
                owner = state.current_player()
                assert not CARD_WORDS.search(state.describe(action, 1 - owner))
                assert CARD_WORDS.search(state.describe(action, owner))
                asides += 1
            elif DEAL <= action < DEAL + T:
                text = {v: state.describe(action, v) for v in (0, 1)}
                drawer = 0 if "seat 0" in text[0] else 1
                assert (
                    text[1 - drawer] == f"seat {drawer} ({C.workshop_names[drawer]}) draws a card"
                )
                assert CARD_WORDS.search(text[drawer])
                deals += 1
    assert asides > 50 and deals > 50


def test_every_illegal_action_gets_a_reason_and_a_legal_one_none():
    checked = 0
    for state, rng in random_game(seed=24):
        legal = set(state.legal_actions())
        for action in rng.sample(range(NUM_ACTIONS), 20):
            reason = state.illegal_reason(action)
            if action in legal:
                assert reason is None
            else:
                assert reason and "\n" not in reason and not NOTATION.search(reason)
                checked += 1
    assert checked > 5000


def _first(seed: int, test):
    """The first position of a random game for which `test(state)` gives an action."""
    for state, _ in random_game(seed):
        found = None if state.is_terminal() else test(state)
        if found is not None:
            return state, found
    raise AssertionError("no such position in the game")


def test_a_set_aside_card_while_the_hand_holds_cards_cites_spec_3_1():
    # Spec 3.1: "Set-aside cards may be played only when the hand is empty".
    def aside_only_card(state):
        if state.to_dict()["phase"] != "turn":
            return None
        ws = state.observation(state.current_player())["workshops"][state.current_player()]
        for name in ws["aside"]:
            if name not in ws["hand"] and ws["hand"]:
                return PLAY + C.card_names.index(name) * (C.num_spaces + 1)
        return None

    state, action = _first(25, aside_only_card)
    assert state.illegal_reason(action) == (
        "set-aside cards are played only once your hand is empty (spec 3.1)"
    )


def test_ending_a_move_in_a_gray_region_cites_spec_4_1():
    # Spec 4.1: "Gray regions may be passed through but no Artwork may end the action
    # in one." Lucca is gray in the standard game (1.2).
    lucca = C.region_names.index("LUC")

    def towards_lucca(state):
        if state.to_dict()["phase"] != "move":
            return None
        for text in ("FLO>LUC", "PIS>LUC"):
            action = state.str_to_action(text)
            if state.illegal_reason(action) and "gray" in state.illegal_reason(action):
                return action
        return None

    state, action = _first(26, towards_lucca)
    assert state.illegal_reason(action) == (
        f"{C.region_titles[lucca]} is gray: no Artwork may end a move there (spec 4.1)"
    )


def test_a_second_gossip_card_in_a_round_cites_spec_5_3():
    # Spec 5.3 / 1.4 [assumed]: one card a round to the Gossip slot.
    def second_gossip(state):
        if state.to_dict()["phase"] != "turn":
            return None
        seat = state.current_player()
        ws = state.observation(seat)["workshops"][seat]
        if not any(slot[1] == "gossip" for slot in ws["board"]):
            return None
        pile = ws["hand"] or ws["aside"]
        return PLAY + C.card_names.index(next(iter(pile))) * (C.num_spaces + 1) + C.gossip

    state, action = _first(27, second_gossip)
    assert "one Gossip card this round" in state.illegal_reason(action)


def test_a_move_at_a_chance_event_says_nobody_chooses_it():
    state = RenaissanceState.new_initial(2)
    assert state.is_chance_node()
    assert "chance" in state.illegal_reason(PLAY)
    # A chance outcome that cannot come up now (no card is dealt during the setup's
    # first shuffle) is refused as such.
    assert "cannot come up" in state.illegal_reason(DEAL)


def test_notation_is_read_in_any_letter_case_and_written_unchanged():
    state = RenaissanceState.new_initial(2)
    for action, name in enumerate(ACTION_NAMES):
        assert state.str_to_action(name.lower()) == action
        assert state.str_to_action(name.upper()) == action
        assert state.action_to_str(action) == name


def test_drawings_fit_80_columns_for_the_table_and_each_seat():
    widest = 0
    for step, (state, _) in enumerate(random_game(seed=28)):
        if step % 5:
            continue
        for text in (state.render(), state.render_for(0), state.render_for(1)):
            widest = max(widest, *map(len, text.split("\n")))
    assert widest <= 80


def test_hint_reasons_say_what_each_decision_gains():
    seen = 0
    for step, (state, _) in enumerate(random_game(seed=29)):
        seat = state.current_player()
        if seat < 0 or step % 3:
            continue
        for action in state.legal_actions()[:10]:
            reason = state.hint_reason(seat, [action])
            assert reason and "\n" not in reason and not NOTATION.search(reason)
            seen += 1
    assert seen > 200


def test_the_game_record_carries_the_rules_and_the_notation_legend():
    for text in (GAME.rules, GAME.notation):
        lines = text.split("\n")
        assert 3 <= len(lines) <= 12 and max(map(len, lines)) <= 78
    assert GAME.rules == words.RULES and GAME.notation == words.NOTATION
