"""Leduc poker drawn as text: the cards, the pot and the betting so far."""

from __future__ import annotations

from typing import Optional

from engine.games.leduc.actions import BET_NAMES, CARD_NAMES
from engine.state import CHANCE_PLAYER as CHANCE
from engine.state import TERMINAL_PLAYER as TERMINAL

NO_CARD = -1


def render(
    round_index: int,
    public: int,
    private: list,
    contributions: list,
    player: int,
    folded: int,
    history: list,
    chips: Optional[list],
) -> str:
    """The position in a few lines. Cards are ids (NO_CARD: not dealt), `player` the
    seat to move, CHANCE or TERMINAL, `chips` the scores at a terminal."""
    shown = CARD_NAMES[public] if public != NO_CARD else "--"
    lines = [
        f"Leduc poker  round {round_index + 1}  public card {shown}  "
        f"pot {contributions[0] + contributions[1]}"
    ]
    for seat in range(2):
        card = CARD_NAMES[private[seat]] if private[seat] != NO_CARD else "--"
        marks = []
        if player == seat:
            marks.append("to move")
        if folded == seat:
            marks.append("folded")
        note = f"  ({', '.join(marks)})" if marks else ""
        lines.append(f"  seat {seat}: [{card}]  in for {contributions[seat]}{note}")
    for r, bets in enumerate(history):
        text = " ".join(BET_NAMES[a] for a in bets) or "-"
        lines.append(f"  bets round {r + 1}: {text}")
    if player == CHANCE:
        lines.append("  next: a card is dealt")
    elif player == TERMINAL:
        lines.append(f"  over: seat 0 {chips[0]:+d}, seat 1 {chips[1]:+d} chips")
    return "\n".join(lines)
