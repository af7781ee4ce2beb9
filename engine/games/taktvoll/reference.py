"""Takt Voll in plain, slow Python: the readable statement of the rules that the
compiled state (state.pyx) is tested against step by step (tests/engine/games).
Section numbers (§) are those of shared/rules/takt-voll.md.

The rules in brief:
- Setup (§3): each seat gets an equal share of the 24 bar lines; the leftovers go
  into the deck; five cards each are dealt from the shuffled deck (a chance node a
  card, seat 0 first, round the table); then a random seat starts (or seat 0).
- A turn (§5.2) is one of: play a card from hand; draw the top card (a chance node)
  and then either keep it or play that very card; pass, only once the deck is empty.
- Where a card goes (§5.1): a clef opens a new row (at most four); a time signature
  goes on a row that has a clef and no signature; a note or rest extends the open bar
  of a row with a signature if the bar stays within the signature; a bar line closes
  an exactly full bar and scores it for its player (§6).
- The bonus (§5.2): a note or rest that fills its bar exactly lets its player add a
  bar line from hand on that bar at once.
- The end (§7): a seat's hand is empty after its turn, or every seat passed in a row;
  each card left in hand costs 1 point, each bar line 2. Ties share the win.
- Variant 1 (§9): consecutive pitched notes of a row at most `max_step` staff steps
  apart. Variant 2: +1 for an interval in `bonus_steps`. Both compare with the last
  pitched note of the row (rests skipped, across bar lines). Rotatable notes may be
  turned round, reading y as 8 - y (§2.1).
"""

from __future__ import annotations

import hashlib
import json
import math

from engine.games.taktvoll import actions, codec, render, views, words
from engine.games.taktvoll.actions import (
    DEAL_BASE,
    DRAW,
    KEEP,
    NOBAR,
    PASS,
    START_BASE,
    play_action,
)
from engine.games.taktvoll.codec import (
    AFTER_DRAW,
    BONUS,
    DEAL,
    DRAWING,
    OVER,
    START,
    STARTING_CARDS,
    TURN,
)
from engine.games.taktvoll.tables import (
    BAR,
    BAR_KIND,
    CLEF,
    KINDS,
    MAX_ROWS,
    MIRROR_AXIS,
    NOTE,
    NUM_KINDS,
    REST,
    SIGNATURE,
    rules_for,
)
from engine.reference import ReferenceState
from engine.state import CHANCE_PLAYER as CHANCE
from engine.state import TERMINAL_PLAYER as TERMINAL


class TaktVollReference(ReferenceState):
    """A Takt Voll position with the same API as the compiled TaktVollState."""

    game_name = "taktvoll"
    actions = actions
    codec = codec
    views = views
    text = render
    words = words
    num_actions = actions.NUM_ACTIONS

    def __init__(self, position: codec.Position):
        self.rules = position.rules
        self.variant = position.rules.variant
        self.num_players = position.players
        self.hands = [list(h) for h in position.hands]  # counts per kind
        self.deck = list(position.deck)  # counts per kind
        self.rows = [list(r) for r in position.rows]  # card codes kind*2+turned
        self.points = list(position.points)
        self.bar_lines_played = list(position.bar_lines_played)
        self.phase = position.phase
        self.turn = position.turn
        self.drawn = position.drawn
        self.bonus_row = position.bonus_row
        self.passes = position.passes

    @classmethod
    def new_initial(cls, num_players=3, variant="standard"):
        return cls(codec.initial_position(rules_for(variant), num_players))

    @classmethod
    def from_position(cls, position: codec.Position):
        return cls(position)

    def position(self) -> codec.Position:
        return codec.Position(
            rules=self.rules,
            players=self.num_players,
            hands=[list(h) for h in self.hands],
            deck=list(self.deck),
            **codec.table_fields(self),
        )

    # ---- whose turn ---------------------------------------------------------------------

    def current_player(self):
        if self.phase == OVER:
            return TERMINAL
        if self.phase in (DEAL, START, DRAWING):
            return CHANCE
        return self.turn

    def is_terminal(self):
        return self.phase == OVER

    def is_chance_node(self):
        return self.current_player() == CHANCE

    def is_setup(self):
        return self.phase in (DEAL, START)

    # ---- the table --------------------------------------------------------------------

    def capacity(self, row):
        """The row's bar length in sixteenths, 0 before its time signature."""
        cards = self.rows[row]
        return KINDS[cards[1] >> 1].capacity if len(cards) > 1 else 0

    def open_bar(self, row):
        """(sixteenths, cards) of the notes and rests since the last bar line."""
        fill = count = 0
        for code in self.rows[row][2:]:
            kind = KINDS[code >> 1]
            if kind.category == BAR:
                fill = count = 0
            else:
                fill += kind.duration
                count += 1
        return fill, count

    @staticmethod
    def sounding_pitch(code):
        """The staff position a played note reads at (turned round: mirrored), or None."""
        kind = KINDS[code >> 1]
        if kind.category != NOTE or kind.pitch is None:
            return None
        return MIRROR_AXIS - kind.pitch if code & 1 else kind.pitch

    def last_pitch(self, row):
        """The last pitched note of the row; rests and bar lines are skipped (§9)."""
        for code in reversed(self.rows[row]):
            pitch = self.sounding_pitch(code)
            if pitch is not None:
                return pitch
        return None

    def bar_is_full(self, row):
        fill, count = self.open_bar(row)
        return len(self.rows[row]) > 1 and count > 0 and fill == self.capacity(row)

    # ---- moves -------------------------------------------------------------------------

    def row_facts(self, row):
        """(capacity, fill, cards in the open bar, last pitch) of a row."""
        fill, count = self.open_bar(row)
        return self.capacity(row), fill, count, self.last_pitch(row)

    def can_play(self, kind_index, row, turned, facts=None):
        """Whether a card of this kind (turned round or not) may go on this row (§5.1).
        `facts` are the rows' row_facts, when the caller has them already."""
        kind = KINDS[kind_index]
        if kind.category == CLEF:
            return len(self.rows) < MAX_ROWS
        if row >= len(self.rows):
            return False
        capacity, fill, count, last = facts[row] if facts else self.row_facts(row)
        if kind.category == SIGNATURE:
            return capacity == 0
        if capacity == 0:
            return False
        if kind.category == BAR:
            return count > 0 and fill == capacity
        if fill + kind.duration > capacity:
            return False
        if self.rules.stepwise and kind.category == NOTE and last is not None:
            pitch = self.sounding_pitch(kind_index * 2 + turned)
            if abs(pitch - last) > self.rules.max_step:
                return False
        return True

    def plays_of(self, kind_index, facts=None):
        """Every legal play of one kind of card, ascending."""
        kind = KINDS[kind_index]
        if kind.category == CLEF:
            return [play_action(kind_index, 0)] if self.can_play(kind_index, 0, 0) else []
        facts = facts or [self.row_facts(row) for row in range(len(self.rows))]
        turnings = (0, 1) if self.rules.can_turn(kind) else (0,)
        return [
            play_action(kind_index, row, turned)
            for row in range(MAX_ROWS)
            for turned in turnings
            if self.can_play(kind_index, row, turned, facts)
        ]

    def legal_actions(self):
        if self.phase == OVER:
            return []
        if self.current_player() == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        hand = self.hands[self.turn]
        if self.phase == AFTER_DRAW:
            # Only the card just drawn may be played (§5.2).
            return [KEEP] + self.plays_of(self.drawn)
        if self.phase == BONUS:
            bonus = [play_action(BAR_KIND, self.bonus_row)] if hand[BAR_KIND] else []
            return [NOBAR] + bonus
        actions = [DRAW if sum(self.deck) else PASS]
        facts = [self.row_facts(row) for row in range(len(self.rows))]
        for kind_index in range(NUM_KINDS):
            if hand[kind_index]:
                actions += self.plays_of(kind_index, facts)
        return actions

    def chance_outcomes(self):
        if self.phase in (DEAL, DRAWING):
            size = sum(self.deck)
            return [(DEAL_BASE + k, n / size) for k, n in enumerate(self.deck) if n]
        if self.phase == START:
            return [(START_BASE + seat, 1.0 / self.num_players) for seat in range(self.num_players)]
        return []

    def _apply(self, action):
        if self.phase == DEAL:
            self._deal(action - DEAL_BASE)
        elif self.phase == START:
            self.turn = action - START_BASE
            self.phase = TURN
        elif self.phase == DRAWING:
            self.deck[action - DEAL_BASE] -= 1
            self.hands[self.turn][action - DEAL_BASE] += 1
            self.drawn = action - DEAL_BASE
            self.phase = AFTER_DRAW
        elif action == DRAW:
            self.passes = 0
            self.phase = DRAWING
        elif action == PASS:
            self.passes += 1
            if self.passes == self.num_players:
                self.phase = OVER  # nobody can or wants to go on (§7, T10)
            else:
                self.turn = (self.turn + 1) % self.num_players
        elif action in (KEEP, NOBAR):
            self.drawn = -1
            self.bonus_row = -1
            self.end_turn()
        else:
            self.drawn = -1
            self.bonus_row = -1
            self.passes = 0
            self.play(*actions.decode_play(action))

    def _deal(self, kind_index):
        each = self.rules.bar_lines_each(self.num_players)
        dealt = sum(sum(h) for h in self.hands) - each * self.num_players
        self.deck[kind_index] -= 1
        self.hands[dealt % self.num_players][kind_index] += 1
        if dealt + 1 == STARTING_CARDS * self.num_players:
            if self.rules.first_seat == "random":
                self.phase = START
            else:
                self.turn = 0
                self.phase = TURN

    def play(self, kind_index, row, turned):
        """Put a card from the mover's hand on the table (§5.1)."""
        seat = self.turn
        kind = KINDS[kind_index]
        self.hands[seat][kind_index] -= 1
        code = kind_index * 2 + turned
        if kind.category == CLEF:
            self.rows.append([code])
            self.end_turn()
            return
        if kind.category == BAR:
            _, count = self.open_bar(row)
            self.points[seat] += self.rules.bar_points(count, self.capacity(row))
            self.bar_lines_played[seat] += 1
            self.rows[row].append(code)
            self.end_turn()
            return
        if kind.category == NOTE and self.rules.interval_bonus:
            last = self.last_pitch(row)
            pitch = self.sounding_pitch(code)
            if (
                last is not None
                and pitch is not None
                and abs(pitch - last) in self.rules.bonus_steps
            ):
                self.points[seat] += 1
        self.rows[row].append(code)
        if kind.category in (NOTE, REST) and self.bar_is_full(row) and sum(self.hands[seat]):
            self.phase = BONUS
            self.bonus_row = row
            return
        self.end_turn()

    def end_turn(self):
        """The game ends at once when the mover's hand is empty (§7); otherwise the
        next seat clockwise is to move."""
        if sum(self.hands[self.turn]) == 0:
            self.phase = OVER
        else:
            self.turn = (self.turn + 1) % self.num_players
            self.phase = TURN

    # ---- outcome ------------------------------------------------------------------------

    def final_scores(self):
        """Points minus the end penalties: 1 a card in hand, 2 a bar line (§6)."""
        return [
            self.points[p] - sum(self.hands[p]) - self.hands[p][BAR_KIND]
            for p in range(self.num_players)
        ]

    def scores(self):
        return self.final_scores() if self.phase == OVER else list(self.points)

    def returns(self):
        if self.phase != OVER:
            raise ValueError("returns() is defined only at a terminal state")
        final = self.final_scores()
        best = max(final)
        winners = final.count(best)
        return [1.0 / winners if s == best else 0.0 for s in final]

    def heuristic(self):
        """Win shares from estimated final scores: the score if the game ended now,
        plus OPEN_BAR_SHARE of each full bar's points for the first seat in turn
        order holding a bar line to close it; a softmax of temperature
        HEURISTIC_TEMPERATURE turns them into shares. Turn order counts from the
        seat that may next play from hand: the mover in its turn or its bonus
        decision, the next seat while the mover draws or holds the card it drew
        (then only that card may be played)."""
        if self.phase == OVER:
            return self.returns()
        n = self.num_players
        estimate = [float(s) for s in self.final_scores()]
        if self.turn >= 0:
            first = self.turn if self.phase in (TURN, BONUS) else (self.turn + 1) % n
            for row in range(len(self.rows)):
                if not self.bar_is_full(row):
                    continue
                _, count = self.open_bar(row)
                value = self.rules.bar_points(count, self.capacity(row))
                for j in range(n):
                    seat = (first + j) % n
                    if self.hands[seat][BAR_KIND]:
                        estimate[seat] += codec.OPEN_BAR_SHARE * value
                        break
        top = max(estimate)
        weights = [math.exp((e - top) / codec.HEURISTIC_TEMPERATURE) for e in estimate]
        total = 0.0
        for w in weights:
            total += w
        return [w / total for w in weights]

    # ---- hashes ---------------------------------------------------------------------------
    # 64 bits of a cryptographic digest of the JSON forms: slow, plainly exact (the
    # compiled state's keys are different numbers with the same equalities).

    def hash(self):
        return _digest(self.to_json())

    def infoset_key(self, seat):
        self._check_seat(seat)
        return _digest(json.dumps(self.observation(seat), sort_keys=True))

    # ---- views and text -----------------------------------------------------------------

    def clone(self):
        return TaktVollReference(self.position())


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")
