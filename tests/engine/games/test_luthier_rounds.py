"""Luthier's six rounds, counted from real games as the seed counts them.

Seed (seeds/luthier-ja.txt): 「ルシアーは6ラウンドにわたって行われます。」 (six rounds);
「第6ラウンドが終了した後、ゲームは終了します。」 (the game ends after round 6); moving
the round marker to round 3 or 5 gives every player worker chip #2 or #4; at the end
of round 3 the patron A cards left in the draw pile are discarded. Every expected value
below is written from the seed, never read from the engine's tables.
"""

from __future__ import annotations

import pytest

from engine.errors import StateFormatError
from engine.game import random_action
from engine.games.luthier import GAME
from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from engine.rng import Rng
from luthier_positions import IMPLEMENTATIONS, both

# The worker chips every seat places in each round (spec 4.0, seed): #1 #3 #5 in
# rounds 1-2, #2 joins in round 3, #4 in round 5.
CHIPS_BY_ROUND = {1: "135", 2: "135", 3: "1235", 4: "1235", 5: "12345", 6: "12345"}


def play_recording(state, rng):
    """Play `state` to the end at random, recording each planning phase: its round
    label, the chips each seat placed in it, whether patron A cards were still in the
    draw pile, and the market card face up."""
    rounds = []
    planning = False
    while not state.is_terminal():
        d = state.to_dict()
        if d["phase"] == C.PH_PLANNING and not planning:
            rounds.append(
                {
                    "round": d["round"],
                    "market": d["market"],
                    "deck_a": d["patron_deck_a"],
                    "chips": None,
                }
            )
        if d["phase"] != C.PH_PLANNING and planning:
            placed = d["placed"][: d["placed_n"]]
            rounds[-1]["chips"] = {
                p: "".join(sorted(str(e[C.P_CHIP] + 1) for e in placed if e[C.P_OWNER] == p))
                for p in range(d["num_players"])
            }
        planning = d["phase"] == C.PH_PLANNING
        state.apply(random_action(state, rng))
    return rounds, state.to_dict()


@both
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_has_six_planning_phases_with_the_chips_of_each_round(impl, players, seed):
    rounds, final = play_recording(impl.new_initial(players), Rng(seed * 10 + players))
    assert [r["round"] for r in rounds] == [1, 2, 3, 4, 5, 6]
    for r in rounds:
        assert r["chips"] == {p: CHIPS_BY_ROUND[r["round"]] for p in range(players)}, r["round"]
    assert final["round"] == 6 and final["phase"] == C.PH_OVER


@both
@pytest.mark.parametrize("players", [2, 3, 4])
def test_patron_a_cards_leave_the_draw_pile_at_the_end_of_round_three(impl, players):
    rounds, _ = play_recording(impl.new_initial(players), Rng(players))
    deck_a = {r["round"]: r["deck_a"] for r in rounds}
    # The seed's deck holds more A cards than three rounds of the Salon use up.
    assert all(deck_a[r] > 0 for r in (1, 2, 3)), deck_a
    assert all(deck_a[r] == 0 for r in (4, 5, 6)), deck_a


@both
@pytest.mark.parametrize("seed", [3, 4])
def test_every_patron_dealt_to_the_salon_after_round_three_is_from_deck_b(impl, seed):
    """4.11.7 [seed]: the display refill at the end of round 3 and every draw after it
    come from patron deck B. Cards already face up may stay; none newly dealt is A."""
    table = T.load_tables()
    rng = Rng(seed)
    state = impl.new_initial(4)
    shown = set()
    dealt_late = []
    while not state.is_terminal():
        d = state.to_dict()
        salon = {c for c in d["display"][T.SALON] if c >= 0}
        late = d["round"] >= 4 or (d["round"] == 3 and d["phase"] == C.PH_ROUND_END)
        if late:
            dealt_late += sorted(salon - shown)
        shown = salon
        state.apply(random_action(state, rng))
    assert dealt_late, "no patron was dealt after round 3 in this game"
    assert [table.patron_name[c] for c in dealt_late if table.patron_deck[c] != T.DECK_B] == []


@both
@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_market_card_a_round_m1_first(impl, players):
    """3.1.6 / 4.1 [seed]: round 1 uses market card M1; each later round reveals a new
    one at the previous round's end: six rounds, six different cards."""
    rounds, _ = play_recording(impl.new_initial(players), Rng(100 + players))
    markets = [r["market"] for r in rounds]
    table = T.load_tables()
    assert table.market_name[markets[0]] == "M1"
    assert len(markets) == 6 and len(set(markets)) == 6


@both
def test_the_board_numbers_rounds_one_to_six(impl):
    state = impl.new_initial(3)
    assert state.to_dict()["round"] == 1
    assert "round 1/6" in state.render_for(0)


@both
def test_a_state_saved_under_the_seven_round_numbering_is_refused(impl):
    data = GAME.new_state(3, seed=5).to_dict()
    old = dict(data)
    del old[C.RULES_KEY]
    old["round"] = 0
    with pytest.raises(StateFormatError, match="seven rounds"):
        impl.from_dict(old)
    bad = dict(data, **{C.RULES_KEY: 7})
    with pytest.raises(StateFormatError, match="rules_version"):
        impl.from_dict(bad)
    zero = dict(data, round=0)
    with pytest.raises(StateFormatError, match="round"):
        impl.from_dict(zero)


def test_both_implementations_write_the_rules_version():
    for impl in IMPLEMENTATIONS:
        state = impl.new_initial(2)
        assert state.to_dict()[C.RULES_KEY] == 2
        assert f'"{C.RULES_KEY}":2' in state.to_json()
