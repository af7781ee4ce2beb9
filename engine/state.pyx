# The State base class: the Python API of every game, written once over the cdef
# primitives that each game overrides (declared in state.pxd).
import json

from libc.stdlib cimport malloc, free

from engine.errors import IllegalActionError, StateFormatError, illegal_action_message
from engine.rng cimport Rng
from engine.glue import ModuleGlue
from engine.validate import is_int, require_state_of

CHANCE_PLAYER = CHANCE
TERMINAL_PLAYER = TERMINAL


cdef class State:
    """A game position. Subclasses override the cdef primitives and the Python
    methods marked "game-specific" below, and name their game's modules for the
    glue (engine/glue.py); everything else is shared.

    Actions are integers in a fixed space of size `num_actions`. Player actions and
    chance outcomes never share an id, so an action's text needs no context.
    """

    # The registered name of the game, written into every state's JSON.
    game_name = "state"

    # ---- cdef primitives: neutral defaults, overridden by every game --------------

    cdef int c_current_player(self) noexcept nogil:
        return TERMINAL

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        return 0

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        return 0

    cdef void c_apply(self, int action) noexcept nogil:
        pass

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int i
        for i in range(self.num_players):
            out[i] = 1.0 / self.num_players

    cdef void c_heuristic(self, double* out) noexcept nogil:
        cdef int i
        for i in range(self.num_players):
            out[i] = 1.0 / self.num_players

    cdef uint64_t c_hash(self) noexcept nogil:
        return 0

    cdef bint c_copy_into(self, State other) noexcept nogil:
        return False

    cdef uint64_t c_infoset_key(self, int seat) noexcept nogil:
        # Perfect information: a seat knows the whole state.
        return self.c_hash()

    cdef State c_clone(self):
        raise NotImplementedError(f"{type(self).__name__} does not implement c_clone")

    cdef State c_determinize(self, int seat, rng_t* rng):
        # The slow, always-correct path; hidden-information games override it in C.
        cdef Rng py_rng = Rng.__new__(Rng)
        py_rng.state = rng[0]
        result = type(self).from_observation(self.observation(seat), py_rng)
        rng[0] = py_rng.state
        return result

    # ---- the Python API -------------------------------------------------------------

    def current_player(self):
        """The seat to move (0..n-1), CHANCE (-1) or TERMINAL (-2)."""
        return self.c_current_player()

    def is_terminal(self):
        return self.c_current_player() == TERMINAL

    def is_chance_node(self):
        return self.c_current_player() == CHANCE

    def is_setup(self):
        """True at a chance node of the game's setup (a deal before the first turn).

        `GameSpec.new_state(seed=...)` resolves these; table mode leaves them to the
        person at the table. Game-specific; most games have none."""
        return False

    def legal_actions(self):
        """The legal actions, ascending; at a chance node, the possible outcomes."""
        cdef int player = self.c_current_player()
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if player == TERMINAL:
            return []
        cdef int* buf = <int*>malloc(max(self.num_actions, 1) * sizeof(int))
        if buf == NULL:
            raise MemoryError()
        try:
            n = self.c_legal_actions(buf)
            return [buf[i] for i in range(n)]
        finally:
            free(buf)

    def chance_outcomes(self):
        """(action, probability) pairs at a chance node; [] elsewhere."""
        if self.c_current_player() != CHANCE:
            return []
        cdef int size = max(self.num_actions, 1)
        cdef int* acts = <int*>malloc(size * sizeof(int))
        cdef double* probs = <double*>malloc(size * sizeof(double))
        if acts == NULL or probs == NULL:
            free(acts)
            free(probs)
            raise MemoryError()
        try:
            n = self.c_chance_outcomes(acts, probs)
            return [(acts[i], probs[i]) for i in range(n)]
        finally:
            free(acts)
            free(probs)

    def apply(self, action):
        """Apply one action (or chance outcome). An illegal one raises
        IllegalActionError and leaves the state unchanged."""
        if not is_int(action):
            raise IllegalActionError(f"an action is an integer, not {action!r}")
        if self.c_current_player() == TERMINAL:
            raise IllegalActionError("the game is over: no action is legal")
        if action not in self.legal_actions():
            raise IllegalActionError(illegal_action_message(self, action))
        self.c_apply(<int>action)

    def clone(self):
        """An independent copy."""
        return self.c_clone()

    def returns(self):
        """Per-seat utility at a terminal: shares of the win in [0, 1], ties split."""
        if self.c_current_player() != TERMINAL:
            raise ValueError("returns() is defined only at a terminal state")
        return self._c_vector(0)

    def heuristic(self):
        """Per-seat evaluation in [0, 1] (the returns at a terminal)."""
        if self.c_current_player() == TERMINAL:
            return self._c_vector(0)
        return self._c_vector(1)

    def hash(self):
        """A 64-bit hash of the whole state."""
        return self.c_hash()

    def infoset_key(self, seat):
        """A 64-bit hash of what `seat` knows."""
        self._check_seat(seat)
        return self.c_infoset_key(seat)

    def determinize(self, seat, Rng rng not None):
        """A state `seat` cannot tell from this one, hidden parts resampled."""
        self._check_seat(seat)
        return self.c_determinize(seat, &rng.state)

    def to_json(self):
        """The whole state as one line of JSON; `from_json` restores it exactly."""
        return json.dumps(self.to_dict(), separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_json(cls, text):
        """The state `to_json` wrote. Raises StateFormatError on anything else."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise StateFormatError(f"not valid JSON: {exc}") from None
        return cls.from_dict_checked(data)

    @classmethod
    def from_dict_checked(cls, data):
        """`from_dict` with every failure turned into one StateFormatError."""
        require_state_of(data, cls.game_name)
        try:
            return cls.from_dict(data)
        except StateFormatError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:
            raise StateFormatError(f"invalid {cls.game_name} state: {exc!r}") from None

    def __reduce__(self):
        # Pickling (for worker processes) goes through the exact JSON round trip.
        return (type(self).from_json, (self.to_json(),))

    def __copy__(self):
        return self.c_clone()

    def __deepcopy__(self, memo):
        return self.c_clone()

    def __eq__(self, other):
        return type(other) is type(self) and self.to_dict() == other.to_dict()

    __hash__ = None  # mutable; use hash() for the 64-bit state hash

    def __repr__(self):
        return f"<{type(self).__name__} {self.to_json()}>"

    # ---- game-specific Python methods ----------------------------------------------

    @classmethod
    def new_initial(cls, num_players, variant):
        """The start of a game of `variant` for `num_players` seats, before any setup
        chance node is resolved (game-specific; GameSpec.new_state calls it)."""
        raise NotImplementedError

    def scores(self):
        """The game's own points for each seat (game-specific)."""
        raise NotImplementedError

    def position(self):
        """The whole state in its codec's plain-Python form (game-specific)."""
        raise NotImplementedError

    @classmethod
    def from_position(cls, position):
        """The state holding `position`, already checked (game-specific)."""
        raise NotImplementedError

    def trajectory(self, seat):
        """The steps from `new_initial(num_players, variant)` to this state as `seat`
        saw them: a list of (action, seen) pairs, where a step the seat did not see
        reads (-1, False); None when the game does not keep its history (searchers
        that search from the start of the game, such as oos, then cannot play it)."""
        return None

    # ---- the glue to the game's modules, written once (engine/glue.py) ---------------

    # The game's modules: a game names them (its actions.py, codec.py, views.py,
    # render.py and words.py) and the methods below call them.
    actions = codec = views = text = words = None

    to_dict = ModuleGlue.to_dict
    from_dict = ModuleGlue.__dict__["from_dict"]
    observation = ModuleGlue.observation
    from_observation = ModuleGlue.__dict__["from_observation"]
    action_to_str = ModuleGlue.action_to_str
    str_to_action = ModuleGlue.str_to_action
    render = ModuleGlue.render
    render_for = ModuleGlue.render_for
    hint_reason = ModuleGlue.hint_reason
    describe = ModuleGlue.describe
    illegal_reason = ModuleGlue.illegal_reason
    _check_seat = ModuleGlue._check_seat

    # ---- helpers -------------------------------------------------------------------

    def _c_vector(self, int which):
        cdef double out[MAX_PLAYERS]
        if which == 0:
            self.c_returns(out)
        else:
            self.c_heuristic(out)
        return [out[i] for i in range(self.num_players)]
