"""The bridge's information states (plugins/openspiel/game.py): a seat's string is
its observation plus each step as it saw it, so it tells apart exactly what the
seat can tell apart; resampling keeps it; the game's facts come from its GameSpec."""

import pyspiel
import pytest
from open_spiel.python.algorithms.get_all_states import get_all_states

from engine.errors import GameConfigError
from engine.game import sample_chance
from engine.rng import Rng
from plugins.manager import default_registry
from plugins.openspiel import game as bridge

REGISTRY = default_registry()
HIDDEN = sorted(name for name, spec in REGISTRY.games.items() if spec.hidden_information)
CARD = 3  # Leduc deals card k as the outcome 3 + k (engine/games/leduc)


def leduc():
    return bridge.openspiel_game(REGISTRY.game("leduc"))


def played(game, actions):
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def test_leduc_has_its_936_information_sets():
    # Leduc poker's information sets at decisions number 936 (OpenSpiel's own
    # leduc_poker has as many): the strings are neither coarser nor finer.
    states = get_all_states(leduc(), include_terminals=False, include_chance_states=False)
    keys = {(s.current_player(), s.information_state_string()) for s in states.values()}
    ospiel = get_all_states(
        pyspiel.load_game("leduc_poker"), include_terminals=False, include_chance_states=False
    )
    theirs = {(s.current_player(), s.information_state_string()) for s in ospiel.values()}
    assert len(keys) == len(theirs) == 936


def test_a_seat_cannot_tell_apart_what_it_did_not_see():
    # Seat 0 holds card 0 in both; seat 1 holds card 2 in one, card 4 in the other.
    game = leduc()
    one, other = played(game, [CARD + 0, CARD + 2]), played(game, [CARD + 0, CARD + 4])
    assert one.information_state_string(0) == other.information_state_string(0)
    assert one.information_state_string(1) != other.information_state_string(1)
    assert one.observation_string(0) == other.observation_string(0)
    for state in (one, other):
        state.apply_action(2)  # seat 0 raises: both seats see it
    assert one.information_state_string(0) == other.information_state_string(0)
    assert one.information_state_string(1) != other.information_state_string(1)
    # What seat 0 did is part of what it knows: a call is not a raise.
    called = played(game, [CARD + 0, CARD + 2, 1])
    assert called.information_state_string(0) != one.information_state_string(0)


def test_perfect_information_strings_keep_the_order_of_moves():
    # Tic-tac-toe: X at 0 then 4 vs X at 4 then 0 (O at 8 both times) reach one
    # position; the observations agree, the histories do not.
    game = bridge.openspiel_game(REGISTRY.game("tictactoe"))
    first, second = played(game, [0, 8, 4]), played(game, [4, 8, 0])
    assert first.observation_string(1) == second.observation_string(1)
    assert first.information_state_string(1) != second.information_state_string(1)
    assert str(first) == str(second)  # the same whole state


def test_a_clone_shares_the_past_and_not_the_future():
    game = leduc()
    state = played(game, [CARD + 1, CARD + 3])
    before = state.information_state_string(0)
    clone = state.clone()
    clone.apply_action(2)
    assert state.information_state_string(0) == before
    assert clone.information_state_string(0) != before
    assert state.history() == [CARD + 1, CARD + 3] and clone.history() == [CARD + 1, CARD + 3, 2]


@pytest.mark.parametrize("name", HIDDEN)
def test_resampling_keeps_the_seats_information_state(name):
    spec = REGISTRY.game(name)
    game = bridge.openspiel_game(spec)
    rng = Rng(11)
    state = game.new_initial_state()
    checked = redrawn = 0
    while checked < 30:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            state.apply_action(sample_chance(state.cadenza, rng))
            continue
        seat = state.current_player()
        for _ in range(3):
            world = state.resample(seat, rng)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.observation_string(seat) == state.observation_string(seat)
            assert world.cadenza.observation(seat) == state.cadenza.observation(seat)
            assert world.legal_actions() == state.legal_actions()
            redrawn += world.cadenza.hash() != state.cadenza.hash()
        checked += 1
        # OpenSpiel's own entry point, with its sampler, does the same.
        world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.information_state_string(seat) == state.information_state_string(seat)
        state.apply_action(rng.choice(state.legal_actions()))
    assert redrawn > 0  # the hidden parts were drawn again, not copied


def test_the_game_facts_come_from_the_game_spec():
    kind = pyspiel.GameType
    facts = {
        name: bridge.openspiel_game(REGISTRY.game(name)).get_type()
        for name in ("tictactoe", "pig", "leduc")
    }
    assert facts["tictactoe"].chance_mode == kind.ChanceMode.DETERMINISTIC
    assert facts["tictactoe"].information == kind.Information.PERFECT_INFORMATION
    assert facts["pig"].chance_mode == kind.ChanceMode.EXPLICIT_STOCHASTIC
    assert facts["pig"].information == kind.Information.PERFECT_INFORMATION
    assert facts["leduc"].chance_mode == kind.ChanceMode.EXPLICIT_STOCHASTIC
    assert facts["leduc"].information == kind.Information.IMPERFECT_INFORMATION
    takt = bridge.openspiel_game(REGISTRY.game("taktvoll"), 5, "variant1")
    assert takt.num_players() == 5 and takt.get_parameters()["variant"] == "variant1"
    assert takt.new_initial_state().cadenza.num_players == 5


def test_a_player_count_the_game_does_not_have_is_refused_in_one_line():
    spec = REGISTRY.game("taktvoll")
    with pytest.raises(GameConfigError, match="^taktvoll takes 3-8 players, got 9$"):
        bridge.openspiel_game(spec, 9)
    bridge.register(spec)
    with pytest.raises(ValueError, match="^taktvoll takes 3-8 players, got 9$"):
        pyspiel.load_game("cadenza_taktvoll", {"players": 9})
