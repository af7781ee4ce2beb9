"""What a person sees of the AI's thinking: the progress reports of its search
(search/progress.py), the place of its search in the server's queue, and the seed
of the short searches that draw the person's win-chance graph.

Only what the person's seat may see goes out: the number of iterations, the time
and the AI's own win chance always; the AI's best move so far only in a game
without hidden information (in one with it, the move the AI leans to can tell what
it holds, so it is shown only once played, in the log). The move is in the
person's words (views.seat_words).
"""

from __future__ import annotations

import zlib
from typing import Optional

from cli.serve.views import join_words, seat_words

MASK64 = (1 << 64) - 1


def best_words(room, player: int, viewer: int, pv: list) -> Optional[str]:
    """The AI's best decision so far (the pv's actions while `player` is to move), as
    `viewer` reads it; None in a hidden-information game or without a pv."""
    if room.game.hidden_information or not pv:
        return None
    scratch = room.state.clone()
    words = []
    for action in pv:
        if scratch.is_terminal() or scratch.current_player() != player:
            break
        if action not in scratch.legal_actions():
            break
        words.append(seat_words(room.game, scratch, action, viewer))
        scratch.apply(action)
    return join_words(words) if words else None


def progress_message(room, player: int, viewer: int, report: dict) -> dict:
    value = report.get("value")
    return {
        "type": "progress",
        "version": room.version,
        "seat": player,
        "queued": None,
        "iterations": report.get("iterations"),
        "ms": report.get("ms"),
        "value": None if value is None else round(float(value), 3),
        "best": best_words(room, player, viewer, list(report.get("pv") or [])),
    }


def queued_message(room, ahead: Optional[int]) -> dict:
    """The AI's search waits for `ahead` searches (None: it is running)."""
    return {"type": "progress", "version": room.version, "seat": room.thinking, "queued": ahead}


def chart_seed(room) -> int:
    """A graph search's seed: fixed by the room and the moment, and apart from the
    room's own seed streams, so drawing the graph never changes the AI's replies."""
    return (zlib.crc32(room.id.encode()) * 0x9E3779B97F4A7C15 + room.version) & MASK64
