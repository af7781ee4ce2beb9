"""The methods between a state and its game's modules, written once.

A game's state class (compiled, engine/state.pyx, or its reference twin,
engine/reference.py) names its modules as class attributes and gives `position()`
and the class method `from_position(position)`; both bases bind the methods below,
so every game's JSON, observations, notation and text go through the same path.
Reached only from Python (front-ends, the protocol, tests), never from a search's
hot loop.

    actions  actions.py (engine.gamemodules.ActionsModule)
    codec    codec.py   (CodecModule)
    views    views.py   (ViewsModule); None in a perfect-information game, whose
             observation is the whole state (engine/whole_view.py)
    text     render.py  (RenderModule); None: the JSON is the drawing
    words    words.py   (WordsModule); None: an action's words are its notation
"""

from __future__ import annotations

from engine.validate import is_int, require_observation_of, require_state_of
from engine.whole_view import state_from_whole_observation, whole_state_observation


class ModuleGlue:
    """The methods; ReferenceState inherits them and State binds each by name (a
    compiled class cannot inherit from a Python one)."""

    # The game's modules, named by each game's state and reference classes.
    actions = None
    codec = None
    views = None
    text = None
    words = None

    def to_dict(self):
        """The whole state as a JSON-able dict with a "game" key."""
        return _named(self, "codec").state_dict(self.position())

    @classmethod
    def from_dict(cls, data):
        """The state `to_dict` wrote, validated."""
        require_state_of(data, cls.game_name)
        return cls.from_position(_named(cls, "codec").parse_state(data))

    def observation(self, seat):
        """A JSON-able dict of exactly what `seat` knows of the position now. It carries
        no history of the moves that led here (a front-end or a bridge that needs that
        keeps the history itself)."""
        self._check_seat(seat)
        if self.views is None:
            return whole_state_observation(self, seat)
        return self.views.observation_dict(self.position(), seat)

    @classmethod
    def from_observation(cls, observation, rng):
        """A full state consistent with `observation`, the unseen parts sampled uniformly
        with `rng`."""
        require_observation_of(observation, cls.game_name)
        if cls.views is None:
            return state_from_whole_observation(observation, cls.from_dict)
        return cls.views.determinize(observation, rng, cls.from_position)

    def action_to_str(self, action):
        """Short notation without spaces."""
        return _named(self, "actions").action_to_str(action)

    def str_to_action(self, text):
        """The action that `action_to_str` writes as `text`; IllegalActionError for text
        that names no action."""
        return _named(self, "actions").str_to_action(text)

    def render(self):
        """A human-readable multi-line drawing of the position."""
        if self.text is None:
            return self.to_json()
        return self.text.render(self.position())

    def render_for(self, seat):
        """A drawing of only what `seat` sees, or None (front-ends then draw
        `observation(seat)` generically, as they do in perfect-information games)."""
        if self.views is None or self.text is None:
            return None
        return self.text.render_observation(self.observation(seat))

    def hint_reason(self, seat, actions):
        """A one-line reason for `seat` to play `actions` (what it gains or avoids), or
        None when the game cannot say; shown beside a hint."""
        if self.text is None:
            return None
        return self.text.hint_reason(self, seat, actions)

    def describe(self, action, viewer=None):
        """`action` (legal here: a move or a chance outcome) in plain words, as seat
        `viewer` sees it: whatever that seat cannot see is left out ("seat 2 draws a
        card"). `viewer` None describes it in full, for a referee or a finished game.

        A move reads as an instruction to the mover, lower case and without a final stop
        ("place the maestro on the flute space of row 3"); a chance outcome as the event
        ("the die shows 4"), naming seats as "seat N". Every log and list a front-end
        shows a person is made of these. Without words, the notation."""
        if self.words is None:
            return self.action_to_str(action)
        return self.words.describe(self, action, viewer)

    def illegal_reason(self, action):
        """One line from the rules on why `action` (an id of this game that is not legal
        here) cannot be played now, without internal ids ("a cello goes only on a cello
        space"), or None when the game cannot say."""
        if self.words is None:
            return None
        return self.words.illegal_reason(self, action)

    def _check_seat(self, seat):
        """ValueError unless `seat` is one of the state's seats."""
        if not is_int(seat) or not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be 0..{self.num_players - 1}, got {seat!r}")


def _named(owner, name: str):
    """The module `owner` (a state or its class) names as `name`; NotImplementedError
    for a game that names none and does not override the method either."""
    module = getattr(owner, name)
    if module is None:
        kind = owner if isinstance(owner, type) else type(owner)
        raise NotImplementedError(f"{kind.__name__} names no {name} module")
    return module
