"""Leduc poker in words for a person: a bet as the bettor's instruction (chips
counted), a deal as the event each seat sees, why an action cannot be played now,
and the rules and notation in a few lines.

Every text comes from what the viewer observes (`observation(viewer)`, before the
action and, for a deal, after it), so a seat never reads a card it was not shown: the
opponent's private card reads "seat N is dealt a card". Viewer None reads the whole
state (`to_dict`), for a referee or a finished game.
"""

from __future__ import annotations

from engine.games.leduc.actions import CALL, CARD_BASE, FOLD, RAISE, action_to_str

RAISE_SIZE = (2, 4)  # chips, by betting round
MAX_RAISES = 2
RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king"}
SUIT_WORDS = {"s": "spades", "h": "hearts"}

RULES = """\
Six cards: jack, queen and king in spades and hearts. Each seat antes 1 chip and is dealt
one private card; seat 0 acts first in each of two betting rounds.
A raise is 2 chips in the first round and 4 in the second, at most two raises a round;
call matches the bet (a check when there is none); fold only when facing a bet.
One public card is dealt between the rounds. At the showdown a private card that pairs the
public card wins, otherwise the higher private card; equal ranks split the pot."""

NOTATION = """\
fold, call (a check when there is nothing to call), raise.
Cards (dealt by chance, typed only at a real table): rank J Q K, then suit s or h
(Js = jack of spades, Kh = king of hearts); any case."""


def card_words(name: str) -> str:
    """A card name ("Ks") in words ("the king of spades")."""
    return f"the {RANK_WORDS[name[0]]} of {SUIT_WORDS[name[1]]}"


def chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def public_view(state, viewer):
    """What every seat sees of `state` (bets, chips, public card, the deal's count),
    read from the viewer's observation, or the whole state for viewer None."""
    if viewer is None:
        data = state.to_dict()
        data["dealt"] = sum(card is not None for card in data["private"])
        return data
    return state.observation(viewer)


def describe(state, action: int, viewer=None) -> str:
    """`action`, legal in `state`, as seat `viewer` sees it (None: in full)."""
    if viewer is not None:
        state._check_seat(viewer)
    action_to_str(action)  # refuses an id outside the game
    before = public_view(state, viewer)
    if action >= CARD_BASE:
        return _describe_deal(state, action, viewer, before)
    mover = before["to_move"]
    facing = before["contributions"][1 - mover] - before["contributions"][mover]
    if action == FOLD:
        return "fold"
    if action == CALL:
        return f"call {chips(facing)}" if facing > 0 else "check"
    size = RAISE_SIZE[_round(before)]
    if facing > 0:
        return f"call {chips(facing)} and raise by {chips(size)}"
    return f"raise by {chips(size)}"


def _round(view: dict) -> int:
    return 0 if view["public"] is None else 1


def _describe_deal(state, action, viewer, before) -> str:
    after = state.clone()
    after.apply(action)
    if before["dealt"] < 2:
        seat = before["dealt"]
        if viewer is None:
            return f"seat {seat} is dealt {card_words(after.to_dict()['private'][seat])}"
        if viewer == seat:
            return f"seat {seat} is dealt {card_words(after.observation(viewer)['own'])}"
        return f"seat {seat} is dealt a card"
    return f"the public card is {card_words(public_view(after, viewer)['public'])}"


def illegal_reason(state, action: int):
    """Why `action` cannot be played now, or None. Only what every seat sees decides
    it (the chips, the bets, whose turn), so the reason gives nothing away."""
    action_to_str(action)
    view = public_view(state, None)
    player = view["to_move"]
    if state.is_terminal():
        return "the hand is over"
    if player < 0:
        if action < CARD_BASE:
            return "a card is being dealt: bets wait for it"
        return "that card is already out: a card is dealt from the rest of the deck"
    if action >= CARD_BASE:
        return f"no card is dealt now: seat {player} is to bet"
    facing = view["contributions"][1 - player] > view["contributions"][player]
    if action == FOLD and not facing:
        return "there is no bet to fold to: call checks"
    if action == RAISE and view["history"][_round(view)].count("raise") >= MAX_RAISES:
        return f"at most {MAX_RAISES} raises a round"
    return None
