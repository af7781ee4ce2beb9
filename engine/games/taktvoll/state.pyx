# Takt Voll as a compiled State: the rules of reference.py over one plain C struct
# (state.pxd), so a clone is a struct copy and a playout or a determinization never
# touches a Python object. Card kinds, action ids and the JSON forms come from
# tables.py, actions.py and codec.py, shared with the reference; section numbers (§) are those of
# shared/rules/takt-voll.md.
from libc.stdint cimport uint64_t
from libc.string cimport memset

from engine.games.taktvoll import actions, codec, tables, views, words
from engine.games.taktvoll import render as _render
from engine.hashing cimport mix64
from engine.rng cimport rng_t, rng_below
from engine.shares cimport softmax_shares
from engine.state cimport State, CHANCE, TERMINAL, MAX_PLAYERS

cdef enum:
    # Phases (codec.PHASES, checked below).
    DEAL = 0
    START = 1
    TURN = 2
    DRAWING = 3
    AFTER_DRAW = 4
    BONUS = 5
    OVER = 6
    # Card categories.
    CAT_CLEF = 0
    CAT_SIGNATURE = 1
    CAT_BAR = 2
    CAT_NOTE = 3
    CAT_REST = 4
    # The special actions (actions.DRAW ...).
    A_DRAW = 0
    A_PASS = 1
    A_KEEP = 2
    A_NOBAR = 3
    NO_PITCH = -100

# Hash salts: distinct constants so hands, deck, rows and views never mix up.
cdef uint64_t HAND_SALT = 0x5A17C0DE00000001ULL
cdef uint64_t DECK_SALT = 0x5A17C0DE00000002ULL
cdef uint64_t ROW_SALT = 0x5A17C0DE00000003ULL
cdef uint64_t PUBLIC_SALT = 0x5A17C0DE00000004ULL
cdef uint64_t VIEW_SALT = 0x5A17C0DE00000005ULL
cdef uint64_t GOLDEN = 0x9E3779B97F4A7C15ULL

# The card catalogue as C tables, filled once from tables.py at import.
cdef int NUM_KINDS
cdef int KIND_CATEGORY[MAX_KINDS]
cdef int KIND_DURATION[MAX_KINDS]
cdef int KIND_CAPACITY[MAX_KINDS]
cdef int KIND_PITCH[MAX_KINDS]
cdef int KIND_TURNABLE[MAX_KINDS]   # a second orientation reads differently (Kind.turnable)
cdef int CLEF_KIND, BAR_KIND, QUARTER, MIRROR_AXIS
cdef int PLAY_BASE, DEAL_BASE, START_BASE, NUM_ACTIONS
cdef double TEMPERATURE, OPEN_BAR_SHARE


def _fill_tables():
    global NUM_KINDS, CLEF_KIND, BAR_KIND, QUARTER, MIRROR_AXIS
    global PLAY_BASE, DEAL_BASE, START_BASE, NUM_ACTIONS, TEMPERATURE, OPEN_BAR_SHARE
    categories = {tables.CLEF: CAT_CLEF, tables.SIGNATURE: CAT_SIGNATURE,
                  tables.BAR: CAT_BAR, tables.NOTE: CAT_NOTE, tables.REST: CAT_REST}
    deck = tables.DECK
    notes_and_rests = len(deck["note_values"]) * deck["notes_per_value"] + len(deck["rest_values"])
    biggest = deck["clefs"] + len(deck["time_signatures"]) + deck["bar_lines"] + notes_and_rests
    longest_row = 2 + notes_and_rests + deck["bar_lines"]
    if tables.NUM_KINDS > MAX_KINDS or biggest > MAX_DECK or longest_row > ROW_CAP:
        raise ImportError("data/rules.toml describes a deck larger than the compiled state holds "
                          "(MAX_KINDS, MAX_DECK, ROW_CAP in state.pxd)")
    if codec.PHASES.index("over") != OVER or codec.PHASES.index("after-draw") != AFTER_DRAW:
        raise ImportError("codec.PHASES and the compiled phases disagree")
    NUM_KINDS = tables.NUM_KINDS
    for kind in tables.KINDS:
        KIND_CATEGORY[kind.index] = categories[kind.category]
        KIND_DURATION[kind.index] = kind.duration
        KIND_CAPACITY[kind.index] = kind.capacity
        KIND_PITCH[kind.index] = NO_PITCH if kind.pitch is None else kind.pitch
        KIND_TURNABLE[kind.index] = kind.turnable
    CLEF_KIND = tables.CLEF_KIND
    BAR_KIND = tables.BAR_KIND
    QUARTER = tables.DATA["durations"]["Q"]
    MIRROR_AXIS = tables.MIRROR_AXIS
    PLAY_BASE = actions.PLAY_BASE
    DEAL_BASE = actions.DEAL_BASE
    START_BASE = actions.START_BASE
    NUM_ACTIONS = actions.NUM_ACTIONS
    TEMPERATURE = codec.HEURISTIC_TEMPERATURE
    OPEN_BAR_SHARE = codec.OPEN_BAR_SHARE


_fill_tables()


cdef inline uint64_t count_key(uint64_t salt, int kind, int count) noexcept nogil:
    # Zobrist key of "kind held `count` times"; holding none adds nothing.
    if count == 0:
        return 0
    return mix64(salt ^ ((<uint64_t>kind << 8) | <uint64_t>count))


cdef inline uint64_t combine(uint64_t h, uint64_t x) noexcept nogil:
    return mix64((h ^ x) + GOLDEN)


cdef inline int play_id(int kind, int row, int turned) noexcept nogil:
    return PLAY_BASE + (kind * ROW_SLOTS + row) * 2 + turned


cdef inline int sounding_pitch(int code) noexcept nogil:
    # A turned card reads mirrored about the middle line (§2.1).
    cdef int pitch = KIND_PITCH[code >> 1]
    if pitch == NO_PITCH or KIND_CATEGORY[code >> 1] != CAT_NOTE:
        return NO_PITCH
    return MIRROR_AXIS - pitch if code & 1 else pitch


cdef class TaktVollState(State):
    """A Takt Voll position (3-8 players); see reference.py for the rules in prose."""

    game_name = "taktvoll"
    actions = actions
    codec = codec
    views = views
    text = _render
    words = words

    @classmethod
    def new_initial(cls, num_players=3, variant=tables.DEFAULT_VARIANT):
        return cls.from_position(codec.initial_position(tables.rules_for(variant), num_players))

    # ---- cards moving between hands, deck and table (keys kept up to date) ------------

    cdef void c_give(self, int seat, int kind) noexcept nogil:
        cdef int c = self.t.hand[seat][kind]
        self.t.hand_key[seat] ^= count_key(HAND_SALT, kind, c) ^ count_key(HAND_SALT, kind, c + 1)
        self.t.hand[seat][kind] = c + 1
        self.t.hand_size[seat] += 1

    cdef void c_take(self, int seat, int kind) noexcept nogil:
        cdef int c = self.t.hand[seat][kind]
        self.t.hand_key[seat] ^= count_key(HAND_SALT, kind, c) ^ count_key(HAND_SALT, kind, c - 1)
        self.t.hand[seat][kind] = c - 1
        self.t.hand_size[seat] -= 1

    cdef void c_off_deck(self, int kind) noexcept nogil:
        cdef int c = self.t.deck[kind]
        self.t.deck_key ^= count_key(DECK_SALT, kind, c) ^ count_key(DECK_SALT, kind, c - 1)
        self.t.deck[kind] = c - 1
        self.t.deck_size -= 1

    cdef void c_append(self, int row, int code) noexcept nogil:
        self.t.row_cards[row][self.t.row_len[row]] = code
        self.t.row_len[row] += 1
        self.t.row_key[row] = mix64(self.t.row_key[row] + (<uint64_t>code + 1) * GOLDEN)

    # ---- the rules ----------------------------------------------------------------------

    cdef int c_current_player(self) noexcept nogil:
        if self.t.phase == OVER:
            return TERMINAL
        if self.t.phase == TURN or self.t.phase == AFTER_DRAW or self.t.phase == BONUS:
            return self.t.turn
        return CHANCE

    cdef int c_bar_points(self, int count, int capacity) noexcept nogil:
        if self.sw.bar_score == 0:
            return count
        if self.sw.bar_score == 1:
            return capacity // QUARTER
        return capacity

    cdef bint c_can_play(self, int kind, int row, int turned) noexcept nogil:
        # Where a card may go (§5.1); Variant 1's step limit (§9).
        cdef int category = KIND_CATEGORY[kind], pitch, step
        if category == CAT_CLEF:
            return self.t.num_rows < ROW_SLOTS
        if row >= self.t.num_rows:
            return False
        if category == CAT_SIGNATURE:
            return self.t.capacity[row] == 0
        if self.t.capacity[row] == 0:
            return False
        if category == CAT_BAR:
            return self.t.count[row] > 0 and self.t.fill[row] == self.t.capacity[row]
        if self.t.fill[row] + KIND_DURATION[kind] > self.t.capacity[row]:
            return False
        if self.sw.stepwise and category == CAT_NOTE and self.t.last_pitch[row] != NO_PITCH:
            pitch = sounding_pitch(kind * 2 + turned)
            if pitch != NO_PITCH:
                step = pitch - self.t.last_pitch[row]
                if step > self.sw.max_step or -step > self.sw.max_step:
                    return False
        return True

    cdef int c_plays_of(self, int kind, int* out, int n) noexcept nogil:
        # Appends every legal play of a card of this kind, ascending; returns the count.
        cdef int row, turned, turnings
        if KIND_CATEGORY[kind] == CAT_CLEF:
            if self.c_can_play(kind, 0, 0):
                out[n] = play_id(kind, 0, 0)
                n += 1
            return n
        turnings = 2 if (self.sw.turning and KIND_TURNABLE[kind]) else 1
        for row in range(self.t.num_rows):
            for turned in range(turnings):
                if self.c_can_play(kind, row, turned):
                    out[n] = play_id(kind, row, turned)
                    n += 1
        return n

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int n = 0, kind, seat = self.t.turn
        if self.t.phase == TURN:
            out[0] = A_DRAW if self.t.deck_size > 0 else A_PASS
            n = 1
            for kind in range(NUM_KINDS):
                if self.t.hand[seat][kind]:
                    n = self.c_plays_of(kind, out, n)
            return n
        if self.t.phase == AFTER_DRAW:
            # Only the card just drawn may be played (§5.2).
            out[0] = A_KEEP
            return self.c_plays_of(self.t.drawn, out, 1)
        if self.t.phase == BONUS:
            out[0] = A_NOBAR
            if self.t.hand[seat][BAR_KIND]:
                out[1] = play_id(BAR_KIND, self.t.bonus_row, 0)
                return 2
            return 1
        return 0

    cdef int c_chance_outcomes(self, int* outcomes, double* probs) noexcept nogil:
        cdef int n = 0, kind, seat
        if self.t.phase == DEAL or self.t.phase == DRAWING:
            for kind in range(NUM_KINDS):
                if self.t.deck[kind]:
                    outcomes[n] = DEAL_BASE + kind
                    probs[n] = self.t.deck[kind] / <double>self.t.deck_size
                    n += 1
        elif self.t.phase == START:
            for seat in range(self.num_players):
                outcomes[n] = START_BASE + seat
                probs[n] = 1.0 / self.num_players
                n += 1
        return n

    cdef void c_apply(self, int action) noexcept nogil:
        cdef int kind, rest
        if self.t.phase == DEAL:
            # Five cards each, one at a time round the table from seat 0 (§3).
            kind = action - DEAL_BASE
            self.c_off_deck(kind)
            self.c_give(self.t.dealt % self.num_players, kind)
            self.t.dealt += 1
            if self.t.dealt == self.sw.deal_total:
                if self.sw.random_first:
                    self.t.phase = START
                else:
                    self.t.turn = 0
                    self.t.phase = TURN
        elif self.t.phase == START:
            self.t.turn = action - START_BASE
            self.t.phase = TURN
        elif self.t.phase == DRAWING:
            kind = action - DEAL_BASE
            self.c_off_deck(kind)
            self.c_give(self.t.turn, kind)
            self.t.drawn = kind
            self.t.phase = AFTER_DRAW
        elif action == A_DRAW:
            self.t.passes = 0
            self.t.phase = DRAWING
        elif action == A_PASS:
            self.t.passes += 1
            if self.t.passes == self.num_players:
                self.t.phase = OVER       # nobody can or wants to go on (§7, T10)
            else:
                self.t.turn = (self.t.turn + 1) % self.num_players
        elif action == A_KEEP or action == A_NOBAR:
            self.t.drawn = -1
            self.t.bonus_row = -1
            self.c_end_turn()
        else:
            self.t.drawn = -1
            self.t.bonus_row = -1
            self.t.passes = 0
            rest = action - PLAY_BASE
            self.c_play(rest // (2 * ROW_SLOTS), (rest // 2) % ROW_SLOTS, rest % 2)

    cdef void c_play(self, int kind, int row, int turned) noexcept nogil:
        # A card from the mover's hand onto the table (§5.1), scoring a closed bar (§6)
        # and Variant 2's intervals (§9); a note or rest that fills its bar opens the
        # bonus bar line (§5.2).
        cdef int seat = self.t.turn, code = kind * 2 + turned, category = KIND_CATEGORY[kind]
        cdef int pitch, step
        self.c_take(seat, kind)
        if category == CAT_CLEF:
            row = self.t.num_rows
            self.t.num_rows += 1
            self.t.row_len[row] = 0
            self.t.capacity[row] = 0
            self.t.fill[row] = 0
            self.t.count[row] = 0
            self.t.last_pitch[row] = NO_PITCH
            self.t.row_key[row] = mix64(ROW_SALT + <uint64_t>row)
            self.c_append(row, code)
            self.c_end_turn()
            return
        if category == CAT_SIGNATURE:
            self.t.capacity[row] = KIND_CAPACITY[kind]
            self.c_append(row, code)
            self.c_end_turn()
            return
        if category == CAT_BAR:
            self.t.points[seat] += self.c_bar_points(self.t.count[row], self.t.capacity[row])
            self.t.bar_lines_played[seat] += 1
            self.t.fill[row] = 0
            self.t.count[row] = 0
            self.c_append(row, code)
            self.c_end_turn()
            return
        pitch = sounding_pitch(code)
        if pitch != NO_PITCH:
            if self.sw.interval_bonus and self.t.last_pitch[row] != NO_PITCH:
                step = pitch - self.t.last_pitch[row]
                if step < 0:
                    step = -step
                if step < 32 and (self.sw.bonus_mask >> step) & 1:
                    self.t.points[seat] += 1
            self.t.last_pitch[row] = pitch
        self.t.fill[row] += KIND_DURATION[kind]
        self.t.count[row] += 1
        self.c_append(row, code)
        if self.t.fill[row] == self.t.capacity[row] and self.t.hand_size[seat] > 0:
            self.t.phase = BONUS
            self.t.bonus_row = row
            return
        self.c_end_turn()

    cdef void c_end_turn(self) noexcept nogil:
        # The game ends at once when the mover's hand is empty (§7).
        if self.t.hand_size[self.t.turn] == 0:
            self.t.phase = OVER
        else:
            self.t.turn = (self.t.turn + 1) % self.num_players
            self.t.phase = TURN

    # ---- outcome --------------------------------------------------------------------------

    cdef int c_final_score(self, int seat) noexcept nogil:
        # Points minus 1 a card left in hand and 2 a bar line (§6).
        return self.t.points[seat] - self.t.hand_size[seat] - self.t.hand[seat][BAR_KIND]

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int seat, best = -1000000, winners = 0, score
        for seat in range(self.num_players):
            score = self.c_final_score(seat)
            if score > best:
                best = score
                winners = 1
            elif score == best:
                winners += 1
        for seat in range(self.num_players):
            out[seat] = 1.0 / winners if self.c_final_score(seat) == best else 0.0

    cdef void c_heuristic(self, double* out) noexcept nogil:
        # Win shares from estimated final scores (reference.py's heuristic): the score
        # if the game ended now, plus a share of each full bar's points for the first
        # seat in turn order that holds a bar line to close it; then a softmax. Turn
        # order counts from the mover in its turn or bonus decision, from the next
        # seat while the mover draws or holds the card it drew.
        cdef int n = self.num_players, seat, row, j, first, value
        if self.t.phase == OVER:
            self.c_returns(out)
            return
        for seat in range(n):
            out[seat] = <double>self.c_final_score(seat)
        if self.t.turn >= 0:
            first = self.t.turn
            if self.t.phase != TURN and self.t.phase != BONUS:
                first = (self.t.turn + 1) % n
            for row in range(self.t.num_rows):
                if (self.t.capacity[row] == 0 or self.t.count[row] == 0
                        or self.t.fill[row] != self.t.capacity[row]):
                    continue
                value = self.c_bar_points(self.t.count[row], self.t.capacity[row])
                for j in range(n):
                    seat = (first + j) % n
                    if self.t.hand[seat][BAR_KIND]:
                        out[seat] += OPEN_BAR_SHARE * value
                        break
        softmax_shares(out, n, TEMPERATURE)

    # ---- hashes ---------------------------------------------------------------------------

    cdef uint64_t c_public_key(self) noexcept nogil:
        # Everything every seat sees: the table, the scores, the counts, the phase.
        cdef uint64_t h = PUBLIC_SALT
        cdef int seat, row
        h = combine(h, <uint64_t>self.t.phase)
        h = combine(h, <uint64_t>(self.t.turn + 1))
        h = combine(h, <uint64_t>(self.t.bonus_row + 1))
        h = combine(h, <uint64_t>self.t.passes)
        h = combine(h, <uint64_t>self.t.deck_size)
        h = combine(h, <uint64_t>self.t.num_rows)
        for seat in range(self.num_players):
            h = combine(h, <uint64_t>self.t.points[seat])
            h = combine(h, <uint64_t>self.t.bar_lines_played[seat])
            h = combine(h, <uint64_t>self.t.hand_size[seat])
        for row in range(self.t.num_rows):
            h = combine(h, self.t.row_key[row])
        return h

    cdef uint64_t c_hash(self) noexcept nogil:
        cdef uint64_t h = self.c_public_key()
        cdef int seat
        for seat in range(self.num_players):
            h = combine(h, self.t.hand_key[seat])
        h = combine(h, self.t.deck_key)
        return combine(h, <uint64_t>(self.t.drawn + 1))

    cdef uint64_t c_infoset_key(self, int seat) noexcept nogil:
        # Exactly what observation(seat) holds: the public part, the seat's own hand,
        # the card it just drew, and every hand once the game is over.
        cdef uint64_t h
        if self.t.phase == OVER:
            return combine(self.c_hash(), VIEW_SALT + <uint64_t>seat)
        h = combine(self.c_public_key(), self.t.hand_key[seat])
        h = combine(h, VIEW_SALT + <uint64_t>seat)
        if self.t.phase == AFTER_DRAW and self.t.turn == seat:
            h = combine(h, <uint64_t>(self.t.drawn + 1))
        return h

    cdef void c_rehash(self) noexcept nogil:
        cdef int seat, kind, row, i
        self.t.deck_key = 0
        for kind in range(NUM_KINDS):
            self.t.deck_key ^= count_key(DECK_SALT, kind, self.t.deck[kind])
        for seat in range(self.num_players):
            self.t.hand_key[seat] = 0
            for kind in range(NUM_KINDS):
                self.t.hand_key[seat] ^= count_key(HAND_SALT, kind, self.t.hand[seat][kind])
        for row in range(self.t.num_rows):
            self.t.row_key[row] = mix64(ROW_SALT + <uint64_t>row)
            for i in range(self.t.row_len[row]):
                self.t.row_key[row] = mix64(self.t.row_key[row]
                                            + (<uint64_t>self.t.row_cards[row][i] + 1) * GOLDEN)

    # ---- copies ---------------------------------------------------------------------------

    cdef State c_clone(self):
        cdef TaktVollState copy = TaktVollState.__new__(TaktVollState)
        copy.num_players = self.num_players
        copy.num_actions = self.num_actions
        copy.variant = self.variant
        copy.rules = self.rules
        self.c_copy_into(copy)
        return copy

    cdef bint c_copy_into(self, State other) noexcept nogil:
        (<TaktVollState>other).t = self.t
        (<TaktVollState>other).sw = self.sw
        return True

    cdef State c_determinize(self, int seat, rng_t* rng):
        # views.position_from_view in C, drawing exactly as it does: the cards the
        # seat has not seen (the deck and the other hands, less the bar lines those
        # seats certainly hold), listed by kind, shuffled like Rng.shuffle, then dealt
        # in seat order into the other hands' unknown places; the rest is the deck.
        cdef TaktVollState copy = <TaktVollState>self.c_clone()
        cdef int cards[MAX_DECK]
        cdef int known[MAX_PLAYERS]
        cdef int pool[MAX_KINDS]
        cdef int n = self.num_players, p, kind, i, _, j, swap, total = 0, at = 0, unknown
        if self.t.phase == OVER:
            return copy   # every hand is shown at the end
        for kind in range(NUM_KINDS):
            pool[kind] = self.t.deck[kind]
        for p in range(n):
            known[p] = 0
            if p == seat:
                continue
            known[p] = self.sw.bar_lines_each - self.t.bar_lines_played[p]
            if known[p] < 0:
                known[p] = 0
            for kind in range(NUM_KINDS):
                pool[kind] += self.t.hand[p][kind]
            pool[BAR_KIND] -= known[p]
        for kind in range(NUM_KINDS):
            for _ in range(pool[kind]):
                cards[total] = kind
                total += 1
        for i in range(total - 1, 0, -1):
            j = rng_below(rng, <unsigned int>(i + 1))
            swap = cards[i]
            cards[i] = cards[j]
            cards[j] = swap
        for p in range(n):
            if p == seat:
                continue
            unknown = self.t.hand_size[p] - known[p]
            memset(copy.t.hand[p], 0, sizeof(copy.t.hand[p]))
            copy.t.hand[p][BAR_KIND] = known[p]
            if self.t.phase == AFTER_DRAW and p == self.t.turn:
                copy.t.drawn = cards[at]
            for i in range(unknown):
                copy.t.hand[p][cards[at + i]] += 1
            at += unknown
        memset(copy.t.deck, 0, sizeof(copy.t.deck))
        for i in range(at, total):
            copy.t.deck[cards[i]] += 1
        copy.c_rehash()
        return copy

    # ---- conversions to and from plain Python (codec.Position) -------------------------------

    @classmethod
    def from_position(cls, pos):
        cdef TaktVollState s = TaktVollState.__new__(TaktVollState)
        cdef int seat, kind, row, i
        rules = pos.rules
        n = pos.players
        s.num_players = n
        s.num_actions = NUM_ACTIONS
        s.variant = rules.variant
        s.rules = rules
        s.sw.bar_lines_each = rules.bar_lines_each(n)
        s.sw.deal_total = codec.STARTING_CARDS * n
        s.sw.stepwise = rules.stepwise
        s.sw.max_step = rules.max_step
        s.sw.interval_bonus = rules.interval_bonus
        s.sw.bonus_mask = sum(1 << d for d in rules.bonus_steps if 0 <= d < 32)
        s.sw.bar_score = tables.BAR_SCORES.index(rules.bar_score)
        s.sw.turning = rules.rotation == "mirror"
        s.sw.random_first = rules.first_seat == "random"
        memset(&s.t, 0, sizeof(s.t))
        for seat in range(n):
            for kind in range(NUM_KINDS):
                s.t.hand[seat][kind] = pos.hands[seat][kind]
            s.t.hand_size[seat] = sum(pos.hands[seat])
            s.t.points[seat] = pos.points[seat]
            s.t.bar_lines_played[seat] = pos.bar_lines_played[seat]
        for kind in range(NUM_KINDS):
            s.t.deck[kind] = pos.deck[kind]
        s.t.deck_size = sum(pos.deck)
        s.t.num_rows = len(pos.rows)
        for row, codes in enumerate(pos.rows):
            summary = codec.summarize_row(rules, codes, f"rows[{row}]")
            s.t.row_len[row] = len(codes)
            for i, code in enumerate(codes):
                s.t.row_cards[row][i] = code
            s.t.capacity[row] = summary.capacity
            s.t.fill[row] = summary.fill
            s.t.count[row] = summary.count
            s.t.last_pitch[row] = summary.last_pitch
        s.t.phase = pos.phase
        s.t.turn = pos.turn
        s.t.drawn = pos.drawn
        s.t.bonus_row = pos.bonus_row
        s.t.passes = pos.passes
        s.t.dealt = sum(sum(h) for h in pos.hands) - s.sw.bar_lines_each * n
        if pos.phase not in codec.SETUP_PHASES:
            s.t.dealt = s.sw.deal_total
        s.c_rehash()
        return s

    def position(self):
        """The whole state as a codec.Position."""
        n = self.num_players
        return codec.Position(
            rules=self.rules, players=n,
            hands=[[self.t.hand[p][k] for k in range(NUM_KINDS)] for p in range(n)],
            deck=[self.t.deck[k] for k in range(NUM_KINDS)],
            rows=[[self.t.row_cards[r][i] for i in range(self.t.row_len[r])]
                  for r in range(self.t.num_rows)],
            points=[self.t.points[p] for p in range(n)],
            bar_lines_played=[self.t.bar_lines_played[p] for p in range(n)],
            phase=self.t.phase, turn=self.t.turn, drawn=self.t.drawn,
            bonus_row=self.t.bonus_row, passes=self.t.passes)

    # ---- Python-level, game-specific ----------------------------------------------------------

    def is_setup(self):
        return self.t.phase == DEAL or self.t.phase == START

    def scores(self):
        """Points so far; at the end, with the penalties for cards left in hand."""
        if self.t.phase == OVER:
            return [self.c_final_score(p) for p in range(self.num_players)]
        return [self.t.points[p] for p in range(self.num_players)]
