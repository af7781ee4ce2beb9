"""Takt Voll's action space and its notation, shared by the compiled state and the
pure-Python reference. Player actions come first, then the chance outcomes, so the
two never share an id:
  0 draw, 1 pass, 2 keep (the drawn card), 3 nobar (decline the bonus bar line);
  PLAY_BASE + (kind * MAX_ROWS + row) * 2 + turned: play a card (a clef always
  names row 0: it opens the next row);
  DEAL_BASE + kind: that card comes off the deck (the deal, or a draw);
  START_BASE + seat: that seat takes the first turn.
"""

from __future__ import annotations

from engine.errors import IllegalActionError
from engine.games.taktvoll.tables import (
    CLEF,
    CLEF_KIND,
    KIND_BY_NAME,
    KINDS,
    MAX_PLAYERS,
    MAX_ROWS,
    NUM_KINDS,
)
from engine.validate import is_int

TURNED_MARK = "~"  # a card turned round, as in Q~@2
DRAW, PASS, KEEP, NOBAR = 0, 1, 2, 3


SPECIAL_NAMES = ("draw", "pass", "keep", "nobar")


PLAY_BASE = 4


DEAL_BASE = PLAY_BASE + NUM_KINDS * MAX_ROWS * 2


START_BASE = DEAL_BASE + NUM_KINDS


NUM_ACTIONS = START_BASE + MAX_PLAYERS


def play_action(kind: int, row: int, turned: int = 0) -> int:
    return PLAY_BASE + (kind * MAX_ROWS + row) * 2 + turned


def decode_play(action: int) -> tuple[int, int, int]:
    """(kind, row, turned) of a play action id."""
    rest = action - PLAY_BASE
    return rest // (2 * MAX_ROWS), (rest // 2) % MAX_ROWS, rest % 2


def _valid_play(kind: int, row: int, turned: int) -> bool:
    """Whether a play id names a play of some variant (a clef on row 0, a turned
    card only of a turnable kind)."""
    k = KINDS[kind]
    if k.category == CLEF:
        return row == 0 and turned == 0
    return not turned or k.turnable


def action_to_str(action) -> str:
    """The notation: draw, pass, keep, nobar; a card played as NAME@ROW (rows 1-4,
    NAME~ for a card turned round; a clef is just "clef"); "+NAME" for a card off
    the deck; "startN" for seat N starting."""
    if not is_int(action) or not 0 <= action < NUM_ACTIONS:
        raise IllegalActionError(f"a takt voll action is 0..{NUM_ACTIONS - 1}, got {action!r}")
    if action < PLAY_BASE:
        return SPECIAL_NAMES[action]
    if action < DEAL_BASE:
        kind, row, turned = decode_play(action)
        if not _valid_play(kind, row, turned):
            raise IllegalActionError(f"action {action} names no play")
        name = KINDS[kind].name
        if KINDS[kind].category == CLEF:
            return name
        return f"{name}{TURNED_MARK if turned else ''}@{row + 1}"
    if action < START_BASE:
        return "+" + KINDS[action - DEAL_BASE].name
    return f"start{action - START_BASE}"


# Card names by their lower-case spelling: notation is read case-insensitively.
_KIND_BY_LOWER = {name.lower(): kind for name, kind in KIND_BY_NAME.items()}
if len(_KIND_BY_LOWER) != len(KIND_BY_NAME):
    raise ImportError("two takt voll card names differ only in case")


def str_to_action(text) -> int:
    """The action `action_to_str` writes as `text`, in any mix of upper and lower case."""
    if not isinstance(text, str):
        raise IllegalActionError(f"a takt voll action is text, got {text!r}")
    original, text = text, text.lower()
    if text in SPECIAL_NAMES:
        return SPECIAL_NAMES.index(text)
    if text == "clef":
        return play_action(CLEF_KIND, 0)
    if text.startswith("+") and text[1:] in _KIND_BY_LOWER:
        return DEAL_BASE + _KIND_BY_LOWER[text[1:]].index
    if text.startswith("start") and text[5:].isdigit() and text[5:].isascii():
        seat = int(text[5:])
        if seat < MAX_PLAYERS and text[5:] == str(seat):
            return START_BASE + seat
    card, at, row_text = text.rpartition("@")
    if at and row_text in ("1", "2", "3", "4"):
        turned = card.endswith(TURNED_MARK)
        name = card[:-1] if turned else card
        kind = _KIND_BY_LOWER.get(name)
        if kind is not None and kind.category != CLEF and _valid_play(kind.index, 0, int(turned)):
            return play_action(kind.index, int(row_text) - 1, int(turned))
    raise IllegalActionError(
        f"not a takt voll action: {original!r} (draw, pass, keep, nobar, clef, CARD@ROW such as "
        f"Q@2, 3/4@1, bar@1 or QG4~@2 for a turned card, +CARD, startN)"
    )
