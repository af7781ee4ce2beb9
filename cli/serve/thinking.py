"""What a person sees of the AI's thinking: the progress reports of its search
(search/progress.py), the place of its search in the server's queue, and where the
short searches for the person (its win-chance graph, its hints) start from.

Only what the person's seat may see goes out. In a game without hidden information
that is the number of iterations, the time, the AI's win chance and its best move so
far (in the person's words, views.seat_words). In one with hidden information it is
the number of iterations and the time only: the AI's win chance and the move it
leans to hang on what it holds (in Leduc the chance alone names its card), so they
are shown only once played, in the log. A search for the person starts from a world
rebuilt from the person's observation alone, so nothing the seat cannot see
reaches it.
"""

from __future__ import annotations

import zlib
from typing import Optional

from cli.serve.views import join_words, seat_words
from engine.rng import Rng

MASK64 = (1 << 64) - 1
# Mixed into a search's seed to draw the world it starts from (seat_position).
VIEW_SEED = 0x5EA7_0B5E_4E11_D00D


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
    """A progress report of `player`'s search as `viewer` may read it."""
    value = None if room.game.hidden_information else report.get("value")
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


def seat_position(room, seat: int, seed: int) -> str:
    """The position (JSON) a search for `seat` starts from: with hidden information a
    world drawn (from `seed`) from the seat's observation alone, else the room's."""
    state = room.state
    if not room.game.hidden_information:
        return state.to_json()
    view = room.game.from_observation(state.observation(seat), Rng(seed ^ VIEW_SEED))
    return view.to_json()


def chart_seed(room) -> int:
    """A graph search's seed: fixed by the room and the moment, and apart from the
    room's own seed streams, so drawing the graph never changes the AI's replies."""
    return (zlib.crc32(room.id.encode()) * 0x9E3779B97F4A7C15 + room.version) & MASK64
