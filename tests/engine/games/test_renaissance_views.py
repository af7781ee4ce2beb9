"""Maestro: da Vinci vs Michelangelo: what each seat sees (7 of the spec). Hands,
set-aside cards, a face-down Gossip card and the order of the decks are hidden;
observation(seat) shows exactly the rest, from_observation and the compiled
determinization deal the unseen cards uniformly from what is unaccounted for, and a
searcher given two positions the seat cannot tell apart answers the same."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.errors import IllegalActionError, StateFormatError
from engine.game import play_randomly, random_action, sample_chance
from engine.games.renaissance import actions
from engine.games.renaissance.components import COMPONENTS as C
from engine.games.renaissance.reference import RenaissanceReference
from engine.games.renaissance.state import RenaissanceState
from engine.rng import Rng
from search.base import Budget, decide
from test_renaissance import (
    CARD,
    DA_VINCI,
    IMPLEMENTATIONS,
    MICHELANGELO,
    act,
    cards,
    legal,
    position,
)


def hidden_part(state, seat):
    """The rival's cards the seat cannot see."""
    ws = state.to_dict()["workshops"][1 - seat]
    gossip = [slot[0] for slot in ws["board"] if slot[1] == "gossip" and not ws["gossip_known"]]
    return ws["hand"], ws["aside"], gossip


@IMPLEMENTATIONS
def test_the_rivals_hand_set_aside_and_gossip_are_hidden(cls):
    # 7: hands and set-aside cards are known to their owner only; a Gossip card is
    # face down.
    def edit(raw):
        raw["hand"][MICHELANGELO] = cards("A3/1", "B1/1", "B1/2", "B2/1")
        raw["aside"][MICHELANGELO] = cards("A1/2", "A2/1", "A3/0")
        raw["slots"][MICHELANGELO] = [[CARD["B3/1"], C.gossip, -1]]

    state = position(cls, hand=["A2/1", "A3/0"], aside=["A4/0", "B3/0", "B2/2"], edit=edit)
    view = state.observation(DA_VINCI)
    mine, theirs = view["workshops"]
    assert mine["hand"] == {"A2/1": 1, "A3/0": 1} and mine["aside"] == {
        "A4/0": 1,
        "B3/0": 1,
        "B2/2": 1,
    }
    assert "hand" not in theirs and "aside" not in theirs
    truth = state.to_dict()["workshops"][1]
    assert theirs["hand_size"] == sum(truth["hand"].values())
    assert theirs["aside_size"] == sum(truth["aside"].values())
    assert theirs["board"] == [["?", "gossip", None]]
    # Nothing in the view names a card the rival holds that the deck list does not.
    assert theirs["deck"] == truth["deck"]
    assert view["seat"] == DA_VINCI
    # Michelangelo sees his own Gossip card.
    assert state.observation(MICHELANGELO)["workshops"][1]["board"] == [["B3/1", "gossip", None]]


@IMPLEMENTATIONS
def test_a_draw_is_seen_only_by_the_drawer(cls):
    # 7: "each Workshop's draw of 8 of 12": later draws are chance events whose
    # outcome only the drawer sees.
    from test_renaissance import last_turn_of_round

    state = act(last_turn_of_round(cls), "done")
    assert state.is_chance_node() and not state.is_setup()
    drawer = state.to_dict()["first"]
    outcomes = [a for a, _ in state.chance_outcomes()]
    assert len(outcomes) > 1
    views = []
    for outcome in outcomes[:2]:
        child = state.clone()
        child.apply(outcome)
        views.append((child.observation(drawer), child.observation(1 - drawer)))
    assert views[0][0] != views[1][0]
    assert views[0][1] == views[1][1]


@IMPLEMENTATIONS
def test_a_card_upgraded_in_hand_is_known_to_the_rival(cls):
    # 7: "the rival knows the full deck list, because every upgrade is public": the
    # new card came face up from the display, so the rival knows it is in the hand,
    # and every determinization keeps it there.
    from test_renaissance import study_upgrade

    state = study_upgrade(cls, hand=["A2/1", "A4/0", "B1/1"])
    act(state, "up:A4/0>A5/1", "refill:A6/0")
    view = state.observation(MICHELANGELO)
    assert view["workshops"][0]["known_hand"] == {"A5/1": 1}
    for seed in range(20):
        guess = cls.from_observation(view, Rng(seed))
        assert guess.to_dict()["workshops"][0]["hand"].get("A5/1") == 1


@IMPLEMENTATIONS
def test_the_rivals_cards_are_dealt_uniformly_from_what_is_unaccounted(cls):
    # from_observation: the unseen cards are sampled uniformly from the cards not
    # accounted for. At the first turn the rival holds 5 of its 12 cards in hand (and
    # 3 aside, 4 undrawn), so a card it has once is in its hand 5/12 of the time.
    state = position(cls, hand=["A2/1", "A3/0"])
    view = state.observation(DA_VINCI)
    samples = 1200
    in_hand = Counter()
    for seed in range(samples):
        hand = cls.from_observation(view, Rng(seed)).to_dict()["workshops"][1]["hand"]
        assert sum(hand.values()) == view["workshops"][1]["hand_size"]
        for name, count in hand.items():
            in_hand[name] += count
    for name in ("A1/2", "B3/1"):
        share = in_hand[name] / samples
        assert abs(share - 5 / 12) < 0.05, (name, share)
    assert abs(in_hand["A2/1"] / samples - 2 * 5 / 12) < 0.08  # a card held twice


def test_the_compiled_determinization_draws_like_from_observation():
    # c_determinize is from_observation(observation(seat)) in C, drawing from the
    # generator in the same order, so both give the same position for one seed.
    rng = Rng(17)
    for game in range(8):
        state = RenaissanceState("standard")
        play_randomly(state, rng, 40 + 17 * game)
        for seat in (0, 1):
            for seed in range(3):
                compiled = state.determinize(seat, Rng(seed))
                python = RenaissanceState.from_observation(state.observation(seat), Rng(seed))
                reference = RenaissanceReference.from_observation(
                    state.observation(seat), Rng(seed)
                )
                assert compiled.to_dict() == python.to_dict() == reference.to_dict()


@IMPLEMENTATIONS
def test_a_face_down_gossip_may_be_a_card_the_rival_knew_in_hand(cls):
    # 5.3 and 7: a card played face down from a hand leaves the rival knowing only
    # that the known card is in the hand or the Gossip slot: determinizations put it
    # in either place.
    from test_renaissance import study_upgrade

    state = study_upgrade(cls, hand=["A2/1", "A4/0", "B1/1"])
    act(state, "up:A4/0>A5/1", "refill:A6/0")
    # Michelangelo's turn: any card; then da Vinci plays one card face down.
    act(state, legal(state)[0])
    while state.current_player() != DA_VINCI:
        act(state, legal(state)[-1] if state.is_chance_node() else legal(state)[0])
    act(state, "A5/1@gossip")
    view = state.observation(MICHELANGELO)
    assert view["workshops"][0]["known_hand"] == {"A5/1": 1}
    places = Counter()
    for seed in range(200):
        ws = cls.from_observation(view, Rng(seed)).to_dict()["workshops"][0]
        gossip = next(slot[0] for slot in ws["board"] if slot[1] == "gossip")
        places["gossip" if gossip == "A5/1" else "hand"] += 1
        assert gossip == "A5/1" or ws["hand"].get("A5/1") == 1
    assert places["gossip"] > 40 and places["hand"] > 40


@IMPLEMENTATIONS
def test_the_infoset_key_is_exactly_the_observation(cls):
    state = position(cls, hand=["A2/1", "A3/0"])
    view = state.observation(DA_VINCI)
    keys = {cls.from_observation(view, Rng(seed)).infoset_key(DA_VINCI) for seed in range(10)}
    assert keys == {state.infoset_key(DA_VINCI)}
    # The determinizations deal Michelangelo's own cards differently: his key sees it.
    twins = {cls.from_observation(view, Rng(seed)).infoset_key(MICHELANGELO) for seed in range(10)}
    assert len(twins) > 1
    other = position(cls, hand=["A2/1", "A4/0"])
    assert other.infoset_key(DA_VINCI) != state.infoset_key(DA_VINCI)


@IMPLEMENTATIONS
@pytest.mark.parametrize(
    "field,value,message",
    [
        ("hand_size", 9, "hand_size"),
        ("hand_size", 7, "do not add up"),
        ("deck", {"A1/2": 12}, "starting cards"),
        ("known_hand", {"A1/2": 1, "B3/0": 5}, "known"),
    ],
)
def test_an_impossible_observation_is_refused(cls, field, value, message):
    state = position(cls, hand=["A2/1", "A3/0"])
    view = state.observation(DA_VINCI)
    view["workshops"][1][field] = value
    with pytest.raises(StateFormatError, match=message):
        cls.from_observation(view, Rng(1))
    with pytest.raises(StateFormatError):
        cls.from_observation({**state.observation(DA_VINCI), "seat": 2}, Rng(1))


@pytest.mark.parametrize("seed", range(4))
def test_no_peeking_the_rivals_cards_change_nothing(registry, seed):
    # A searcher sees only from_observation(observation(mover)): two positions with
    # the rival's hand, set-aside and Gossip cards dealt differently get the same
    # decision.
    game = registry.game("renaissance")
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    for _ in range(30 + 11 * seed):
        state.apply(random_action(state, rng))
    while state.is_chance_node():
        state.apply(sample_chance(state, rng))
    mover = state.current_player()
    twin = state.determinize(mover, Rng(seed + 100))
    while twin.to_json() == state.to_json():
        twin = state.determinize(mover, rng)
    assert hidden_part(twin, mover) != hidden_part(state, mover)
    searcher = registry.searcher("ismcts").create(rollout_depth=12)
    one = decide(searcher, game, state, Budget(iterations=150), seed=3)
    two = decide(searcher, game, twin, Budget(iterations=150), seed=3)
    assert one.actions == two.actions and one.value == two.value


# ---- notation and the JSON format ----------------------------------------------------------------


def test_every_action_has_one_short_name_without_spaces():
    names = [actions.action_to_str(a) for a in range(actions.NUM_ACTIONS)]
    assert len(set(names)) == actions.NUM_ACTIONS
    assert not any(any(ch.isspace() for ch in name) for name in names)
    assert all(actions.str_to_action(name) == a for a, name in enumerate(names))
    for example in (
        "A2/1@moveR",
        "B3/0@gossip",
        "aside:A1/2+A2/1+B3/1",
        "FLO>SIE",
        "lodge:R>B",
        "up:A4/0>A5/1",
        "up:slot2>B3/3",
        "cover:FM.R",
        "tile:col2",
        "build:IC",
        "build:r2c3",
        "pay:G.B",
        "spend3",
        "done",
        "deal:B3/0",
        "refill:AE/1",
        "bonus:vp2",
        "patroness:scholar",
        "first:1",
        "benefactor:courier",
        "gray:URB",
    ):
        assert actions.action_to_str(actions.str_to_action(example)) == example
    for bad in ("", "A2/1@nowhere", "FLO>XXX", "aside:A1/2", "spend100", 7, None):
        with pytest.raises(IllegalActionError):
            actions.str_to_action(bad)
    for bad in (-1, actions.NUM_ACTIONS, True, "done"):
        with pytest.raises(IllegalActionError):
            actions.action_to_str(bad)


@IMPLEMENTATIONS
@pytest.mark.parametrize(
    "edit,message",
    [
        (lambda d: d["workshops"][0]["artworks"].update(FLO=5), "16 Artworks"),
        (lambda d: d["lodge"]["standing"].update(R=9), "Collectors"),
        (lambda d: d["workshops"][0]["deck"].update({"A1/2": 2, "A2/1": 1}), "starting cards"),
        (lambda d: d.update(gray=["SIE"]), "gray"),
        (lambda d: d["centerpieces"].update(FLO=0), "Gallery"),
        (lambda d: d["centerpieces"].update(MIL=1), "Centerpiece"),
        (lambda d: d["workshops"][1].update(gossip_pile="table"), "gossip_pile"),
        (lambda d: d.update(to_move=1), "to_move"),
        (lambda d: d["turn"].update(last="no-such-action"), "turn.last"),
        (lambda d: d["workshops"][0]["board"].extend([["A2/1", "moveR", None]] * 2), "holds"),
    ],
)
def test_a_bad_state_gets_one_clear_error(cls, edit, message):
    data = position(cls, hand=["A2/1", "A3/0"]).to_dict()
    edit(data)
    with pytest.raises(StateFormatError, match=message):
        cls.from_dict(data)


@IMPLEMENTATIONS
def test_json_round_trips_on_both_sides(cls):
    state = position(cls, hand=["A2/1", "A3/0"])
    text = state.to_json()
    for other in (RenaissanceState, RenaissanceReference):
        assert other.from_json(text).to_json() == text
    assert json.loads(text)["game"] == "renaissance"


def test_render_draws_the_position():
    text = position(RenaissanceState, hand=["A2/1", "A3/0"]).render()
    assert "da Vinci" in text and "Michelangelo" in text and "hand A2/1 A3/0" in text


def test_a_seat_is_drawn_only_what_it_sees():
    state = position(RenaissanceState, hand=["A2/1", "A3/0"])
    mine = state.render_for(DA_VINCI)
    assert "da Vinci (you):" in mine and "hand A2/1 A3/0" in mine
    theirs = state.render_for(MICHELANGELO)
    assert "Michelangelo (you):" in theirs and "hand A2/1 A3/0" not in theirs
    assert "hand 2 hidden  set aside 0 hidden" in theirs
    for seed in range(5):  # the same drawing in every world the seat cannot tell apart
        assert state.determinize(MICHELANGELO, Rng(seed)).render_for(MICHELANGELO) == theirs
