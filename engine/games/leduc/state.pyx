# Leduc poker as a compiled State: the rules of reference.py (OpenSpiel's leduc_poker,
# default parameters) over a few C bytes, so a playout or a determinization never
# allocates. Actions: 0 fold, 1 call (or check), 2 raise, 3..8 the cards Js Jh Qs Qh
# Ks Kh as chance outcomes. The JSON layout and notation are shared with the
# reference through actions.py, codec.py and views.py.
from libc.stdint cimport uint64_t
from libc.string cimport memcpy, memset

from engine.games.leduc import actions, codec, views, words
from engine.games.leduc.render import render
from engine.validate import require_observation_of
from engine.rng cimport rng_t, rng_below
from engine.hashing cimport mix64
from engine.state cimport State, CHANCE, TERMINAL

cdef enum:
    FOLD = 0
    CALL = 1
    RAISE = 2
    CARD_BASE = 3
    NUM_CARDS = 6
    NUM_ACTIONS = 9
    ANTE = 1
    MAX_RAISES = 2
    ROUND_SLOTS = 4          # the longest round: call raise raise call
    RETURN_SCALE = 26        # twice the most a seat can put in (1 + 2*2 + 2*4)
    NO_CARD = -1

cdef int RAISE_SIZE[2]
RAISE_SIZE[:] = [2, 4]
cdef uint64_t INFOSET_TAG = (<uint64_t>1) << 41


cdef inline int hand_value(int private_card, int public_card) noexcept nogil:
    # Any pair beats any high card; otherwise the higher card, then the lower.
    cdef int mine = private_card >> 1, shared = public_card >> 1
    if mine == shared:
        return 100 + mine
    if mine > shared:
        return 10 * mine + shared
    return 10 * shared + mine


cdef class LeducState(State):
    # The fields are declared in state.pxd.
    game_name = "leduc"
    words = words

    def __init__(self):
        self.num_players = 2
        self.num_actions = NUM_ACTIONS
        self.variant = "standard"
        self.private_[0] = NO_CARD
        self.private_[1] = NO_CARD
        self.public_card = NO_CARD
        self.contrib[0] = ANTE
        self.contrib[1] = ANTE
        self.round_ = 0
        self.to_move = CHANCE
        self.raises = 0
        self.calls = 0
        self.folded = -1
        self.over = 0
        memset(self.hist, 0, sizeof(self.hist))
        self.hist_len[0] = 0
        self.hist_len[1] = 0

    @classmethod
    def new_initial(cls, num_players=2, variant="standard"):
        return cls()

    # ---- the rules ------------------------------------------------------------------

    cdef int c_current_player(self) noexcept nogil:
        if self.over:
            return TERMINAL
        return self.to_move

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int n = 0, seat = self.to_move
        if self.over or seat == CHANCE:
            return 0
        # Folding is allowed only when facing a bet (as in OpenSpiel).
        if self.contrib[1 - seat] > self.contrib[seat]:
            out[n] = FOLD
            n += 1
        out[n] = CALL
        n += 1
        if self.raises < MAX_RAISES:
            out[n] = RAISE
            n += 1
        return n

    cdef int c_chance_outcomes(self, int* outcomes, double* probs) noexcept nogil:
        cdef int card, n = 0, i
        if self.over or self.to_move != CHANCE:
            return 0
        for card in range(NUM_CARDS):
            if card != self.private_[0] and card != self.private_[1] and card != self.public_card:
                outcomes[n] = CARD_BASE + card
                n += 1
        for i in range(n):
            probs[i] = 1.0 / n
        return n

    cdef void c_apply(self, int action) noexcept nogil:
        cdef int seat = self.to_move, other
        if seat == CHANCE:
            if self.private_[0] == NO_CARD:
                self.private_[0] = action - CARD_BASE
            elif self.private_[1] == NO_CARD:
                self.private_[1] = action - CARD_BASE
                self.to_move = 0
            else:
                self.public_card = action - CARD_BASE
                self.to_move = 0
            return
        other = 1 - seat
        self.hist[self.round_][self.hist_len[self.round_]] = action
        self.hist_len[self.round_] += 1
        if action == FOLD:
            self.folded = seat
            self.over = 1
            return
        # A call and a raise both first match the opponent's chips.
        self.contrib[seat] = self.contrib[other]
        if action == RAISE:
            self.contrib[seat] += RAISE_SIZE[self.round_]
            self.raises += 1
            self.calls = 0
            self.to_move = other
            return
        self.calls += 1
        # A round ends when both checked, or when a raise was called.
        if self.calls == 2 or (self.raises > 0 and self.calls == 1):
            if self.round_ == 1:
                self.over = 1
            else:
                self.round_ = 1
                self.raises = 0
                self.calls = 0
                self.to_move = CHANCE
        else:
            self.to_move = other

    cdef int c_loser(self) noexcept nogil:
        # At a terminal: the seat that lost the pot, or -1 for a split.
        cdef int v0, v1
        if self.folded >= 0:
            return self.folded
        v0 = hand_value(self.private_[0], self.public_card)
        v1 = hand_value(self.private_[1], self.public_card)
        if v0 == v1:
            return -1
        return 0 if v0 < v1 else 1

    cdef void c_scores(self, int* out) noexcept nogil:
        cdef int loser
        out[0] = 0
        out[1] = 0
        if not self.over:
            return
        loser = self.c_loser()
        if loser >= 0:
            out[loser] = -self.contrib[loser]
            out[1 - loser] = self.contrib[loser]

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int chips[2]
        self.c_scores(chips)
        out[0] = 0.5 + chips[0] / <double>RETURN_SCALE
        out[1] = 0.5 + chips[1] / <double>RETURN_SCALE

    cdef void c_heuristic(self, double* out) noexcept nogil:
        # The expected returns of a showdown now: seat 0's chance of winning (over
        # the public cards still possible) weighted by the chips in the pot.
        cdef double equity = 0.0
        cdef int card, count = 0, v0, v1
        if self.over:
            self.c_returns(out)
            return
        if self.private_[1] == NO_CARD:
            out[0] = 0.5
            out[1] = 0.5
            return
        for card in range(NUM_CARDS):
            if self.public_card != NO_CARD and card != self.public_card:
                continue
            if card == self.private_[0] or card == self.private_[1]:
                continue
            v0 = hand_value(self.private_[0], card)
            v1 = hand_value(self.private_[1], card)
            equity += 1.0 if v0 > v1 else (0.5 if v0 == v1 else 0.0)
            count += 1
        equity /= count
        out[0] = 0.5 + (equity - 0.5) * (self.contrib[0] + self.contrib[1]) / <double>RETURN_SCALE
        out[1] = 1.0 - out[0]

    # ---- hashes: exact packed codes (below 2**41) scrambled by a bijection ------------

    cdef uint64_t c_pack_history(self) noexcept nogil:
        cdef uint64_t code = 0
        cdef int r, k
        for r in range(2):
            for k in range(ROUND_SLOTS):
                code = code * 4 + <uint64_t>(self.hist[r][k] if k < self.hist_len[r] else 0)
            code = code * 8 + <uint64_t>self.hist_len[r]
        return code

    cdef uint64_t c_hash(self) noexcept nogil:
        cdef uint64_t code = self.c_pack_history()
        code = code * 8 + <uint64_t>(self.private_[0] + 1)
        code = code * 8 + <uint64_t>(self.private_[1] + 1)
        code = code * 8 + <uint64_t>(self.public_card + 1)
        return mix64(code)

    cdef int c_shown_card(self, int seat) noexcept nogil:
        # The opponent's card is shown to `seat` only at a showdown.
        if self.over and self.folded < 0:
            return self.private_[1 - seat]
        return NO_CARD

    cdef int c_dealt(self) noexcept nogil:
        return (self.private_[0] != NO_CARD) + (self.private_[1] != NO_CARD)

    cdef uint64_t c_infoset_key(self, int seat) noexcept nogil:
        cdef uint64_t code = self.c_pack_history()
        code = code * 8 + <uint64_t>(self.private_[seat] + 1)
        code = code * 8 + <uint64_t>(self.public_card + 1)
        code = code * 8 + <uint64_t>(self.c_shown_card(seat) + 1)
        code = code * 4 + <uint64_t>self.c_dealt()
        code = code * 2 + <uint64_t>seat
        return mix64(code | INFOSET_TAG)

    # ---- copies ---------------------------------------------------------------------

    cdef State c_clone(self):
        cdef LeducState copy = LeducState.__new__(LeducState)
        copy.num_players = 2
        copy.num_actions = NUM_ACTIONS
        copy.variant = self.variant
        self.c_copy_into(copy)
        return copy

    cdef bint c_copy_into(self, State other) noexcept nogil:
        # Casts in place: a typed local would count references, which needs the GIL.
        memcpy((<LeducState>other).private_, self.private_, sizeof(self.private_))
        (<LeducState>other).public_card = self.public_card
        memcpy((<LeducState>other).contrib, self.contrib, sizeof(self.contrib))
        (<LeducState>other).round_ = self.round_
        (<LeducState>other).to_move = self.to_move
        (<LeducState>other).raises = self.raises
        (<LeducState>other).calls = self.calls
        (<LeducState>other).folded = self.folded
        (<LeducState>other).over = self.over
        memcpy((<LeducState>other).hist, self.hist, sizeof(self.hist))
        memcpy((<LeducState>other).hist_len, self.hist_len, sizeof(self.hist_len))
        return True

    cdef State c_determinize(self, int seat, rng_t* rng):
        # from_observation(observation(seat), rng) in C: the opponent's card, if
        # dealt and not shown, is redrawn uniformly from the cards the seat has not
        # seen, consuming the generator exactly as views.from_observation_dict does.
        cdef LeducState copy = <LeducState>self.c_clone()
        cdef int other = 1 - seat, card, n = 0
        cdef int candidates[NUM_CARDS]
        if self.private_[other] == NO_CARD or self.c_shown_card(seat) != NO_CARD:
            return copy
        for card in range(NUM_CARDS):
            if card != self.private_[seat] and card != self.public_card:
                candidates[n] = card
                n += 1
        copy.private_[other] = candidates[rng_below(rng, n)]
        return copy

    # ---- Python-level, game-specific ------------------------------------------------

    def is_setup(self):
        return self.private_[1] == NO_CARD

    def is_showdown(self):
        """True at the end of a hand that nobody folded."""
        return bool(self.over) and self.folded < 0

    def scores(self):
        cdef int chips[2]
        self.c_scores(chips)
        return [chips[0], chips[1]]

    def trajectory(self, seat):
        # The deal of each private card, the first round's bets, the public card,
        # the second round's bets: the order c_apply took them in.
        self._check_seat(seat)
        steps = []
        for who in range(2):
            if self.private_[who] != NO_CARD:
                if who == seat or self.c_shown_card(seat) != NO_CARD:
                    steps.append((CARD_BASE + self.private_[who], True))
                else:
                    steps.append((-1, False))
        steps.extend((bet, True) for bet in self._history()[0])
        if self.public_card != NO_CARD:
            steps.append((CARD_BASE + self.public_card, True))
        steps.extend((bet, True) for bet in self._history()[1])
        return steps

    def _history(self):
        return [[self.hist[r][k] for k in range(self.hist_len[r])] for r in range(2)]

    def to_dict(self):
        return codec.state_dict([self.private_[0], self.private_[1]], self.public_card,
                                self._history(), [self.contrib[0], self.contrib[1]],
                                self.c_current_player())

    @classmethod
    def from_dict(cls, data):
        return codec.from_state_dict(cls, data)

    def observation(self, seat):
        self._check_seat(seat)
        return views.observation_dict(seat, self.private_[seat], self.c_dealt(),
                                      self.c_shown_card(seat), self.public_card,
                                      self._history(), [self.contrib[0], self.contrib[1]],
                                      self.c_current_player())

    @classmethod
    def from_observation(cls, observation, rng):
        require_observation_of(observation, cls.game_name)
        return views.from_observation_dict(cls, observation, rng)

    def action_to_str(self, action):
        return actions.action_to_str(action)

    def str_to_action(self, text):
        return actions.str_to_action(text)

    def render(self):
        cdef int player = self.c_current_player()
        return render(self.round_, self.public_card, [self.private_[0], self.private_[1]],
                      [self.contrib[0], self.contrib[1]], player, self.folded,
                      self._history(), self.scores() if player == TERMINAL else None)
