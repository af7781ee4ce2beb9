"""Leduc poker's action space and its notation, shared by the compiled state and the
pure-Python reference: the bets, then the six cards as chance outcomes."""

from __future__ import annotations

from engine.errors import IllegalActionError
from engine.validate import is_int

# The action space (fixed, as in OpenSpiel's leduc_poker: 0 fold, 1 call, 2 raise),
# then the six cards as chance outcomes. Card c has rank c // 2 (J, Q, K) and suit
# c % 2 (spades, hearts); its chance outcome is CARD_BASE + c.
FOLD, CALL, RAISE = 0, 1, 2


CARD_BASE = 3


NUM_CARDS = 6


NUM_ACTIONS = CARD_BASE + NUM_CARDS


BET_NAMES = ("fold", "call", "raise")


CARD_NAMES = ("Js", "Jh", "Qs", "Qh", "Ks", "Kh")
LOWER_CARD_NAMES = tuple(name.lower() for name in CARD_NAMES)


def action_to_str(action) -> str:
    if not is_int(action) or not 0 <= action < NUM_ACTIONS:
        raise IllegalActionError(
            f"a Leduc action is 0..{NUM_ACTIONS - 1} (fold, call, raise, then a card), "
            f"got {action!r}"
        )
    if action < CARD_BASE:
        return BET_NAMES[action]
    return CARD_NAMES[action - CARD_BASE]


def str_to_action(text) -> int:
    """The action written as `text`, in any case ("RAISE", "ks")."""
    key = text.lower() if isinstance(text, str) else None
    if key in BET_NAMES:
        return BET_NAMES.index(key)
    if key in LOWER_CARD_NAMES:
        return CARD_BASE + LOWER_CARD_NAMES.index(key)
    raise IllegalActionError(
        f"a Leduc action is fold, call, raise or a card ({', '.join(CARD_NAMES)}), got {text!r}"
    )
