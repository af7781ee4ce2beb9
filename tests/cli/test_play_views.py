"""What a seat may see in `cadenza play`: the generic drawing of an observation, the
`render_for` hook, scores hidden where the unseen decides them, the hint-reason hook,
and the reveal paths that table mode asks the person to type."""

from types import SimpleNamespace

import pytest

from cli.play.errors import PlayError
from cli.play.hints import ending_reason, move_reason
from cli.play.reveal import Reveal, differing_paths, leaves, parse_value
from cli.play.seatview import observation_text, position_text, seat_scores
from engine.rng import Rng


class FakeState:
    """A state as the views use it, with its scores and drawings chosen by the test."""

    num_players = 2

    def __init__(self, scores=(0, 0), hidden_text="SECRET", terminal=False, returns=(0.5, 0.5)):
        self._scores = list(scores)
        self._hidden_text = hidden_text
        self._terminal = terminal
        self._returns = list(returns)

    def render(self):
        return self._hidden_text

    def render_for(self, seat):
        return None

    def hint_reason(self, seat, actions):
        return None

    def observation(self, seat):
        return {
            "game": "fake",
            "seat": seat,
            "hand": ["c1", "c2"],
            "pot": {"chips": 3, "open": None},
        }

    def scores(self):
        return self._scores

    def clone(self):
        return self

    def apply(self, action):
        pass

    def is_terminal(self):
        return self._terminal

    def returns(self):
        return self._returns

    def determinize(self, seat, rng):
        """The worlds the test chose, in turn (`self` when it chose none)."""
        worlds = getattr(self, "worlds", [self])
        self.drawn = getattr(self, "drawn", -1) + 1
        return worlds[self.drawn % len(worlds)]


def fake_game(hidden=True):
    return SimpleNamespace(hidden_information=hidden)


def test_an_observation_is_drawn_as_key_value_lines():
    text = observation_text(
        {
            "game": "x",
            "seat": 1,
            "hand": ["Ks", None],
            "open": True,
            "table": {"rows": [[1, 2], []], "note": None},
            "history": [],
        }
    )
    assert text.splitlines() == [
        "seat: 1",
        "hand: Ks -",
        "open: yes",
        "table:",
        "  rows: [[1 2] []]",
        "  note: -",
        "history: -",
    ]


def test_a_hidden_information_game_is_never_drawn_by_render():
    state = FakeState(hidden_text="opponent holds Kh")
    game = fake_game()
    assert "Kh" not in position_text(game, state, 0)
    assert position_text(game, state, 0).splitlines()[:2] == ["seat: 0", "hand: c1 c2"]
    state.render_for = lambda seat: f"drawn for seat {seat}"
    assert position_text(game, state, 1) == "drawn for seat 1"
    assert position_text(fake_game(hidden=False), state, 0) == "opponent holds Kh"


def test_scores_that_depend_on_the_unseen_are_hidden():
    state = FakeState(scores=(3, 9))
    state.worlds = [FakeState(scores=(3, s)) for s in (1, 4, 1, 2)]
    assert seat_scores(fake_game(), state, 0, Rng(1)) == [3, None]
    assert seat_scores(fake_game(hidden=False), state, 0, Rng(1)) == [3, 9]
    same = FakeState(scores=(3, 5))
    assert seat_scores(fake_game(), same, 0, Rng(1)) == [3, 5]


def test_reasons_from_the_hook_or_from_an_agreed_ending():
    ends_won = [FakeState(terminal=True, returns=(1.0, 0.0))] * 3
    assert ending_reason(ends_won, 0, [5]) == "wins the game"
    assert ending_reason(ends_won, 1, [5]) == "loses the game"
    drawn = [FakeState(terminal=True, returns=(0.5, 0.5))]
    assert ending_reason(drawn, 0, [5]) == "ends the game in a draw"
    chips = [FakeState(terminal=True, returns=(0.6, 0.4), scores=(2, -2))]
    assert ending_reason(chips, 0, [5]) == "ends the game with your score at 2"
    disagree = [
        FakeState(terminal=True, returns=(1.0, 0.0)),
        FakeState(terminal=True, returns=(0.0, 1.0)),
    ]
    assert ending_reason(disagree, 0, [5]) is None
    assert ending_reason([FakeState()], 0, [5]) is None, "a game that goes on"
    hooked = FakeState()
    hooked.hint_reason = lambda seat, actions: f"seat {seat} banks\n{actions}"
    assert move_reason([hooked], 1, [4]) == "seat 1 banks [4]"


def test_reveal_paths_are_the_leaves_the_worlds_disagree_on():
    a = {"seat": 0, "opponent": "Ks", "hands": [["c1", "c2"], None], "pot": 3}
    b = {"seat": 0, "opponent": "Qh", "hands": [["c1", "c3"], None], "pot": 3}
    assert leaves(a)["hands.0.1"] == "c2"
    assert differing_paths([a, b]) == ["opponent", "hands.0.1"]
    c = {"seat": 0, "opponent": "Qh", "hands": [["c1"], None], "pot": 3}
    assert differing_paths([a, c]) == ["opponent", "hands.0"], (
        "a list of another length is one path"
    )
    assert differing_paths([a, dict(a)]) == []


def test_a_reveal_takes_bare_values_in_order_or_by_path():
    a = {"opponent": "Ks", "count": 1, "shown": None}
    b = {"opponent": "Qh", "count": 2, "shown": None}
    reveal = Reveal.between("seat 1: call", [a, b])
    assert reveal.paths == ["opponent", "count"]
    assert reveal.completions() == ["Ks", "Qh"]
    assert (
        reveal.prompt() == "seat 1: call reveals opponent: type it (possible, for example: Ks Qh)"
    )
    reveal.assign("count=7")
    reveal.assign("Jh")
    assert reveal.missing() == [] and reveal.observation() == {
        "opponent": "Jh",
        "count": 7,
        "shown": None,
    }
    assert a["opponent"] == "Ks", "the worlds' observations are not changed"
    with pytest.raises(PlayError, match="nothing more to reveal"):
        reveal.assign("Kh")


def test_typed_values_take_the_type_of_what_was_seen():
    assert parse_value("12", ["Ks"]) == "12"
    assert parse_value("12", [3, 4]) == 12
    assert parse_value("[1,2]", [[1]]) == [1, 2]
    assert parse_value("-", [3]) is None
    assert parse_value("Ks", [3]) == "Ks"
