# Pig as a compiled State: two seats race to bank `target` points with one die.
#
# Actions: 0 = roll, 1 = hold; the die is an explicit chance node whose outcomes are
# actions 2..7 (faces 1..6). A 1 wipes out the turn total and passes the turn; 2..6
# add to it; holding banks it and passes the turn. A seat whose banked score plus turn
# total has reached the target may only hold, which ends the game (as in OpenSpiel).
# The state is exactly (target, scores, turn total, seat, rolling): no move counter, so
# positions repeat and a transposition table or value iteration sees them as one.
from libc.stdint cimport uint64_t

from engine.errors import GameConfigError
from engine.games.pig import actions, codec, words
from engine.games.pig import render as _render
from engine.games.pig.codec import DEFAULT_VARIANT, parse_variant
from engine.games.pig.codes cimport FACE_BASE, FACES, HOLD, NUM_ACTIONS, ROLL
from engine.hashing cimport mix64
from engine.state cimport State, CHANCE, TERMINAL

cdef enum:
    NO_WINNER = -1


cdef class PigState(State):
    game_name = "pig"
    actions = actions
    codec = codec
    text = _render
    words = words

    def __init__(self, variant=DEFAULT_VARIANT):
        try:
            self.target = parse_variant(variant)
        except ValueError as exc:
            raise GameConfigError(str(exc)) from None
        self.num_players = 2
        self.num_actions = NUM_ACTIONS
        self.variant = variant
        self.banked[0] = 0
        self.banked[1] = 0
        self.turn_total = 0
        self.to_move = 0
        self.rolling = False
        self.winner = NO_WINNER

    @classmethod
    def new_initial(cls, num_players=2, variant=DEFAULT_VARIANT):
        if num_players != 2:
            raise GameConfigError(f"pig is played by 2 players, got {num_players!r}")
        return cls(variant)

    # ---- cdef primitives -----------------------------------------------------------

    cdef int c_current_player(self) noexcept nogil:
        if self.winner != NO_WINNER:
            return TERMINAL
        if self.rolling:
            return CHANCE
        return self.to_move

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        if self.winner != NO_WINNER or self.rolling:
            return 0
        if self.banked[self.to_move] + self.turn_total >= self.target:
            out[0] = HOLD
            return 1
        out[0] = ROLL
        out[1] = HOLD
        return 2

    cdef int c_chance_outcomes(self, int* outcomes, double* probs) noexcept nogil:
        cdef int f
        if not self.rolling or self.winner != NO_WINNER:
            return 0
        for f in range(FACES):
            outcomes[f] = FACE_BASE + f
            probs[f] = 1.0 / FACES
        return FACES

    cdef void c_apply(self, int action) noexcept nogil:
        cdef int face
        if action == ROLL:
            self.rolling = True
        elif action == HOLD:
            self.banked[self.to_move] += self.turn_total
            self.turn_total = 0
            if self.banked[self.to_move] >= self.target:
                self.winner = self.to_move
            else:
                self.to_move = 1 - self.to_move
        else:
            face = action - FACE_BASE + 1
            self.rolling = False
            if face == 1:
                self.turn_total = 0
                self.to_move = 1 - self.to_move
            else:
                self.turn_total += face

    cdef void c_returns(self, double* out) noexcept nogil:
        # Only one seat banks at a time, so a finished game always has one winner.
        if self.winner == NO_WINNER:
            out[0] = 0.5
            out[1] = 0.5
        else:
            out[self.winner] = 1.0
            out[1 - self.winner] = 0.0

    cdef void c_heuristic(self, double* out) noexcept nogil:
        # The score race: each seat's distance to the target, the mover's turn total
        # counted as banked (holding would bank it), and the win estimated as the
        # share of the total distance still left to the opponent.
        cdef int mover = self.to_move
        cdef double need[2]
        cdef int seat
        if self.winner != NO_WINNER:
            self.c_returns(out)
            return
        for seat in range(2):
            need[seat] = self.target - self.banked[seat]
        need[mover] -= self.turn_total
        if need[mover] <= 0:
            # The mover must hold now and that wins.
            out[mover] = 1.0
            out[1 - mover] = 0.0
            return
        out[0] = (need[1] + 1.0) / (need[0] + need[1] + 2.0)
        out[1] = 1.0 - out[0]

    cdef uint64_t c_hash(self) noexcept nogil:
        # Every field fits its bit range (target <= 1000, scores and turn total
        # <= 1005), so the code is exact before mixing.
        cdef uint64_t code = <uint64_t>self.target
        code |= (<uint64_t>self.banked[0]) << 10
        code |= (<uint64_t>self.banked[1]) << 21
        code |= (<uint64_t>self.turn_total) << 32
        code |= (<uint64_t>self.to_move) << 43
        code |= (<uint64_t>self.rolling) << 44
        return mix64(code + 1)

    cdef State c_clone(self):
        cdef PigState copy = PigState.__new__(PigState)
        copy.num_players = 2
        copy.num_actions = NUM_ACTIONS
        copy.variant = self.variant
        self.c_copy_into(copy)
        return copy

    cdef bint c_copy_into(self, State other) noexcept nogil:
        # Casts in place: a typed local would count references, which needs the GIL.
        (<PigState>other).target = self.target
        (<PigState>other).banked[0] = self.banked[0]
        (<PigState>other).banked[1] = self.banked[1]
        (<PigState>other).turn_total = self.turn_total
        (<PigState>other).to_move = self.to_move
        (<PigState>other).rolling = self.rolling
        (<PigState>other).winner = self.winner
        return True

    # ---- Python-level, game-specific -----------------------------------------------

    @property
    def target_score(self):
        """The winning score of this variant."""
        return self.target

    @property
    def turn_points(self):
        """The points at risk in the current turn."""
        return self.turn_total

    @property
    def turn_seat(self):
        """The seat whose turn it is (also while its die is rolling; the winner at the end)."""
        return self.to_move

    def scores(self):
        return [self.banked[0], self.banked[1]]

    def position(self):
        return codec.Position(self.variant, [self.banked[0], self.banked[1]], self.turn_total,
                              self.to_move, bool(self.rolling))

    @classmethod
    def from_position(cls, pos):
        cdef PigState s = cls(pos.variant)
        s.banked[0] = pos.scores[0]
        s.banked[1] = pos.scores[1]
        s.turn_total = pos.turn_total
        s.to_move = pos.to_move
        s.rolling = pos.rolling
        s.winner = pos.to_move if pos.scores[pos.to_move] >= s.target else NO_WINNER
        return s
