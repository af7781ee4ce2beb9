"""engine.game: GameSpec's configuration checks, variant parsing, setup resolution
and error wrapping, sample_chance's distribution and the random playthrough helpers."""

from __future__ import annotations

import dataclasses

import pytest

from engine.errors import GameConfigError, StateFormatError
from engine.game import GameSpec, play_randomly, random_action, sample_chance
from engine.rng import Rng


class Deal:
    """A minimal position for GameSpec's setup logic: two cards dealt from four, then
    play. It has exactly the methods new_state and sample_chance use."""

    CARDS = (0, 1, 2, 3)

    def __init__(self, num_players, variant):
        self.num_players, self.variant, self.dealt = num_players, variant, []

    @classmethod
    def new_initial(cls, num_players, variant):
        return cls(num_players, variant)

    def is_setup(self):
        return len(self.dealt) < 2

    def chance_outcomes(self):
        left = [c for c in self.CARDS if c not in self.dealt]
        return [(c, 1.0 / len(left)) for c in left] if self.is_setup() else []

    def apply(self, card):
        assert card in dict(self.chance_outcomes()), "new_state applies only outcomes"
        self.dealt.append(card)

    @classmethod
    def from_observation(cls, observation, rng):
        return cls(observation["players"], observation["variant"])


def parse_target(variant):
    if not variant.startswith("target") or not 1 <= int(variant[6:]) <= 50:
        raise ValueError("a target is target1..target50")
    return int(variant[6:])


SPEC = GameSpec(
    name="deal",
    state_class=Deal,
    min_players=2,
    max_players=4,
    variants=("target10", "target20"),
    default_players=3,
    variant_parser=parse_target,
)


def test_defaults():
    assert SPEC.check_config(None, None) == (3, "target10")
    assert SPEC.default_variant == "target10" and SPEC.players_default == 3
    plain = dataclasses.replace(SPEC, default_players=None)
    assert plain.players_default == 2


@pytest.mark.parametrize("players", [1, 5, 0, -2, True, 2.0, "3"])
def test_player_counts_outside_the_range_name_the_range(players):
    with pytest.raises(GameConfigError, match=r"deal takes 2-4 players"):
        SPEC.check_config(players, None)


def test_listed_and_parsed_variants_are_accepted():
    assert SPEC.check_config(2, "target20") == (2, "target20")
    assert SPEC.check_config(4, "target37") == (4, "target37")


@pytest.mark.parametrize("variant", ["target0", "target51", "targetx", "other"])
def test_variants_the_parser_refuses_are_config_errors(variant):
    with pytest.raises(GameConfigError, match=f"bad variant '{variant}'"):
        SPEC.check_config(2, variant)


def test_without_a_parser_only_listed_variants_exist():
    strict = dataclasses.replace(SPEC, variant_parser=None)
    with pytest.raises(GameConfigError, match=r"variants: target10, target20"):
        strict.check_config(2, "target37")


def test_new_state_resolves_the_setup_from_the_seed():
    state = SPEC.new_state(seed=5)
    assert not state.is_setup() and len(state.dealt) == 2
    assert (state.num_players, state.variant) == (3, "target10")
    assert SPEC.new_state(seed=5).dealt == state.dealt
    deals = {tuple(SPEC.new_state(seed=s).dealt) for s in range(200)}
    assert len(deals) == 12, "every ordered pair of the four cards turns up"


def test_new_state_can_leave_the_setup_to_the_table():
    state = SPEC.new_state(2, "target20", seed=5, resolve_setup=False)
    assert state.is_setup() and state.dealt == []


def test_from_observation_wraps_every_failure_in_state_format_error():
    with pytest.raises(StateFormatError, match="not an observation of deal"):
        SPEC.from_observation({"game": "other"}, Rng(1))
    with pytest.raises(StateFormatError, match="not an observation of deal"):
        SPEC.from_observation(["game", "deal"], Rng(1))
    with pytest.raises(StateFormatError, match="invalid deal observation: KeyError"):
        SPEC.from_observation({"game": "deal"}, Rng(1))
    state = SPEC.from_observation({"game": "deal", "players": 2, "variant": "target10"}, Rng(1))
    assert state.num_players == 2


def test_from_json_and_from_dict_go_through_the_state_class(tictactoe):
    with pytest.raises(StateFormatError, match="not valid JSON"):
        tictactoe.from_json("{")
    with pytest.raises(StateFormatError, match="a state is a JSON object"):
        tictactoe.from_dict([1, 2])
    start = tictactoe.new_state()
    assert tictactoe.from_dict(start.to_dict()).to_json() == start.to_json()


def test_sample_chance_follows_the_probabilities():
    class Weighted:
        def chance_outcomes(self):
            return [(3, 0.5), (7, 0.3), (9, 0.2)]

    rng = Rng(17)
    counts = {3: 0, 7: 0, 9: 0}
    for _ in range(30_000):
        counts[sample_chance(Weighted(), rng)] += 1
    expected = {3: 15_000, 7: 9_000, 9: 6_000}
    chi2 = sum((counts[a] - e) ** 2 / e for a, e in expected.items())
    assert chi2 < 13.8, counts  # df 2, 0.1%


def test_random_action_samples_chance_by_weight_and_decisions_uniformly(registry):
    state = registry.game("pig").new_state()
    rng = Rng(4)
    seen = {random_action(state, rng) for _ in range(200)}
    assert seen == set(state.legal_actions())
    state.apply(next(a for a in state.legal_actions() if state.action_to_str(a) == "roll"))
    assert state.is_chance_node()
    faces = {random_action(state, rng) for _ in range(200)}
    assert faces == {action for action, _ in state.chance_outcomes()}


def test_play_randomly_stops_at_the_end_and_counts_what_it_applied(tictactoe):
    state = tictactoe.new_state()
    assert play_randomly(state, Rng(9), 3) == 3 and state.to_dict()["board"].count(-1) == 6
    applied = play_randomly(state, Rng(9), 100)
    assert state.is_terminal() and 2 <= applied <= 6
    assert play_randomly(state, Rng(9), 5) == 0


def test_play_randomly_is_the_same_walk_for_the_same_seed(tictactoe):
    first, second = tictactoe.new_state(), tictactoe.new_state()
    play_randomly(first, Rng(21), 5)
    play_randomly(second, Rng(21), 5)
    assert first.to_json() == second.to_json()


def test_game_specs_are_immutable_records():
    with pytest.raises(dataclasses.FrozenInstanceError):
        SPEC.name = "other"
