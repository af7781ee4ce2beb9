"""Leduc poker in plain, slow Python: the readable statement of the rules that the
compiled state (state.pyx) is tested against, step by step (tests/engine/games).

The rules, as in OpenSpiel's leduc_poker with its default parameters:
- six cards, J Q K in two suits; each seat antes 1 and is dealt one private card;
- two betting rounds, seat 0 acting first in each; a raise adds 2 in the first round
  and 4 in the second, at most two raises a round; "call" checks when there is
  nothing to call, and folding is allowed only when facing a bet;
- a round ends when both seats have checked, or a raise has been called;
- one public card is dealt between the rounds;
- at the showdown a private card pairing the public card wins, otherwise the higher
  private card; equal ranks split the pot.
"""

from __future__ import annotations

from engine.games.leduc import actions, codec, views, words
from engine.games.leduc.actions import CALL, CARD_BASE, FOLD, NUM_CARDS, RAISE
from engine.games.leduc.codec import TERMINAL
from engine.reference import ReferenceState
from engine.state import CHANCE_PLAYER as CHANCE
from engine.validate import require_observation_of, require_state_of

ANTE = 1
RAISE_SIZE = (2, 4)  # by betting round
MAX_RAISES = 2  # a round
RETURN_SCALE = 2 * codec.MAX_CONTRIBUTION  # returns = 0.5 + chips won / 26


def rank(card: int) -> int:
    return card // 2


def hand_value(private: int, public: int) -> int:
    """Larger is better: any pair beats any high card; otherwise the higher card of
    the two decides, then the lower (the public card is shared, so in effect the
    higher private rank wins)."""
    mine, shared = rank(private), rank(public)
    if mine == shared:
        return 100 + mine
    return 10 * max(mine, shared) + min(mine, shared)


class LeducReference(ReferenceState):
    """A Leduc poker position with the same API as the compiled LeducState."""

    game_name = "leduc"
    words = words
    num_players = 2
    num_actions = actions.NUM_ACTIONS

    def __init__(self):
        self.variant = "standard"
        self.private = [-1, -1]  # card ids; -1 until dealt
        self.public = -1
        self.history = [[], []]  # bet ids, by round
        self.contributions = [ANTE, ANTE]
        self.round = 0
        self.to_move = CHANCE
        self.raises = 0  # in the current round
        self.calls = 0  # since the last raise (or the round's start)
        self.folded = -1  # the seat that folded, if any
        self.over = False

    @classmethod
    def new_initial(cls, num_players=2, variant="standard"):
        return cls()

    # ---- whose turn -----------------------------------------------------------------

    def current_player(self):
        return TERMINAL if self.over else self.to_move

    def is_terminal(self):
        return self.over

    def is_chance_node(self):
        return not self.over and self.to_move == CHANCE

    def is_setup(self):
        return self.private[1] < 0

    def is_showdown(self):
        return self.over and self.folded < 0

    # ---- moves ----------------------------------------------------------------------

    def _seen_cards(self):
        return [c for c in self.private + [self.public] if c >= 0]

    def chance_outcomes(self):
        if not self.is_chance_node():
            return []
        left = [c for c in range(NUM_CARDS) if c not in self._seen_cards()]
        return [(CARD_BASE + c, 1.0 / len(left)) for c in left]

    def legal_actions(self):
        if self.over:
            return []
        if self.to_move == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        facing_a_bet = self.contributions[1 - self.to_move] > self.contributions[self.to_move]
        actions = [FOLD] if facing_a_bet else []
        actions.append(CALL)
        if self.raises < MAX_RAISES:
            actions.append(RAISE)
        return actions

    def _apply(self, action: int) -> None:
        if self.to_move == CHANCE:
            self._deal(action - CARD_BASE)
        else:
            self._bet(action)

    def _deal(self, card):
        if self.private[0] < 0:
            self.private[0] = card
        elif self.private[1] < 0:
            self.private[1] = card
            self.to_move = 0
        else:
            self.public = card
            self.to_move = 0

    def _bet(self, action):
        seat = self.to_move
        other = 1 - seat
        self.history[self.round].append(action)
        if action == FOLD:
            self.folded = seat
            self.over = True
            return
        # Both call and raise first match the opponent's contribution.
        self.contributions[seat] = self.contributions[other]
        if action == RAISE:
            self.contributions[seat] += RAISE_SIZE[self.round]
            self.raises += 1
            self.calls = 0
            self.to_move = other
            return
        self.calls += 1
        round_over = self.calls == 2 or (self.raises > 0 and self.calls == 1)
        if not round_over:
            self.to_move = other
        elif self.round == 1:
            self.over = True
        else:
            self.round = 1
            self.raises = 0
            self.calls = 0
            self.to_move = CHANCE

    # ---- outcome --------------------------------------------------------------------

    def scores(self):
        """Net chips won by each seat; nothing is won before the hand ends."""
        if not self.over:
            return [0, 0]
        if self.folded >= 0:
            loser = self.folded
        else:
            values = [hand_value(self.private[s], self.public) for s in (0, 1)]
            if values[0] == values[1]:
                return [0, 0]
            loser = 0 if values[0] < values[1] else 1
        won = [0, 0]
        won[loser] = -self.contributions[loser]
        won[1 - loser] = self.contributions[loser]
        return won

    def returns(self):
        if not self.over:
            raise ValueError("returns() is defined only at a terminal state")
        return [0.5 + chips / RETURN_SCALE for chips in self.scores()]

    def heuristic(self):
        """Each seat's expected returns if the hand went to a showdown now: its
        chance of winning (the public card averaged over the deck if not dealt yet)
        weighted by the chips in the pot."""
        if self.over:
            return self.returns()
        if self.private[1] < 0:
            return [0.5, 0.5]
        if self.public >= 0:
            publics = [self.public]
        else:
            publics = [c for c in range(NUM_CARDS) if c not in self.private]
        equity = 0.0
        for p in publics:
            v0, v1 = hand_value(self.private[0], p), hand_value(self.private[1], p)
            equity += 1.0 if v0 > v1 else 0.5 if v0 == v1 else 0.0
        equity /= len(publics)
        pot = sum(self.contributions)
        h0 = 0.5 + (equity - 0.5) * pot / RETURN_SCALE
        return [h0, 1.0 - h0]

    # ---- hashes ---------------------------------------------------------------------
    # Both pack the facts into distinct integers below 2**41, then scramble them with
    # a bijective mixer, so different facts never share a key.

    @staticmethod
    def _pack_history(history):
        code = 0
        for bets in history:
            for k in range(codec.MAX_ROUND_ACTIONS):
                code = code * 4 + (bets[k] if k < len(bets) else 0)
            code = code * 8 + len(bets)
        return code

    def hash(self):
        code = self._pack_history(self.history)
        for card in (self.private[0], self.private[1], self.public):
            code = code * 8 + card + 1
        return mix64(code)

    def infoset_key(self, seat):
        self._check_seat(seat)
        shown = self.private[1 - seat] if self.is_showdown() else -1
        dealt = sum(1 for c in self.private if c >= 0)
        code = self._pack_history(self.history)
        code = code * 8 + self.private[seat] + 1
        code = code * 8 + self.public + 1
        code = code * 8 + shown + 1
        code = code * 4 + dealt
        code = code * 2 + seat
        return mix64(code | INFOSET_TAG)

    # ---- views and text -------------------------------------------------------------

    def to_dict(self):
        return codec.state_dict(
            self.private, self.public, self.history, self.contributions, self.current_player()
        )

    @classmethod
    def from_dict(cls, data):
        require_state_of(data, cls.game_name)
        return codec.from_state_dict(cls, data)

    def trajectory(self, seat):
        """The steps from the start as `seat` saw them (State.trajectory)."""
        self._check_seat(seat)
        steps = []
        for who in range(2):
            if self.private[who] >= 0:
                seen = who == seat or self.is_showdown()
                steps.append((CARD_BASE + self.private[who], True) if seen else (-1, False))
        steps.extend((bet, True) for bet in self.history[0])
        if self.public >= 0:
            steps.append((CARD_BASE + self.public, True))
        steps.extend((bet, True) for bet in self.history[1])
        return steps

    def observation(self, seat):
        self._check_seat(seat)
        shown = self.private[1 - seat] if self.is_showdown() else -1
        dealt = sum(1 for c in self.private if c >= 0)
        return views.observation_dict(
            seat,
            self.private[seat],
            dealt,
            shown,
            self.public,
            self.history,
            self.contributions,
            self.current_player(),
        )

    @classmethod
    def from_observation(cls, observation, rng):
        require_observation_of(observation, cls.game_name)
        return views.from_observation_dict(cls, observation, rng)

    def action_to_str(self, action):
        return actions.action_to_str(action)

    def str_to_action(self, text):
        return actions.str_to_action(text)


INFOSET_TAG = 1 << 41


def mix64(z: int) -> int:
    """splitmix64's finaliser: a bijection on 64-bit integers that spreads the bits."""
    mask = (1 << 64) - 1
    z &= mask
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return z ^ (z >> 31)
