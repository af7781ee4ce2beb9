"""What one seat of a room receives: built only from that seat's observation, the
words of actions as that seat reads them and its own legal actions, never from the
state itself (a browser sees nothing its seat could not see at a real table).
"""

from __future__ import annotations

from typing import Optional

from cli.play.seatview import position_text, seat_scores
from cli.serve.svg import drawer_for
from engine.rng import Rng

CHANCE_UNSEEN = "something you cannot see"
MOVE_UNSEEN = "a move you cannot see"
# What a room that went on from an edited or foreign file says (cli/serve/gamefile.py).
NEW_POSITION_NOTE = (
    "This game starts from an uploaded position, not one played here from the start."
)


def seat_words(game, state, action: int, viewer: int) -> str:
    """`state.describe(action, viewer)`, unless it would tell the viewer more than it
    can see: when another action here leaves the viewer's observation the same but
    reads differently (a game whose describe is still the notation), the viewer reads
    only that something happened."""
    text = state.describe(action, viewer)
    mover = state.current_player()
    if not game.hidden_information or mover == viewer:
        return text
    after = state.clone()
    after.apply(action)
    seen = after.observation(viewer)
    for other in state.legal_actions():
        if other == action:
            continue
        world = state.clone()
        world.apply(other)
        if world.observation(viewer) == seen and state.describe(other, viewer) != text:
            return CHANCE_UNSEEN if mover < 0 else MOVE_UNSEEN
    return text


def join_words(texts: list[str]) -> str:
    """The words of one decision's actions, repeats in a row counted ("3 x a move you
    cannot see")."""
    parts: list[list] = []
    for text in texts:
        if parts and parts[-1][0] == text:
            parts[-1][1] += 1
        else:
            parts.append([text, 1])
    return ", ".join(text if n == 1 else f"{n} x {text}" for text, n in parts)


def view_for(room, seat: int, partial: Optional[list] = None, state=None) -> dict:
    """The message for `seat`: the board, its legal actions (when it is to move), the
    log in its words and the end of the game. `state` is the position after the
    seat's `partial` turn when it is building one."""
    game = room.game
    state = room.state if state is None else state
    to_move = state.current_player()
    legal = {}
    if to_move == seat and room.resigned is None:
        legal = {a: seat_words(game, state, a, seat) for a in state.legal_actions()}
    observation = state.observation(seat)
    context = {"seat": seat, "text": position_text(game, state, seat)}
    if not game.hidden_information:
        if partial:
            context["last_actions"] = list(partial)
        elif room.log:
            context["last_actions"] = list(room.log[-1]["actions"])
    board = drawer_for(game)(observation, legal, context)
    humans = sum(s.kind == "human" for s in room.seats)
    message = {
        "type": "view",
        "room": room.id,
        "game": game.name,
        "variant": room.setup["variant"],
        "seat": seat,
        "version": room.version,
        "seats": [
            {
                "seat": i,
                "kind": s.kind,
                "strength": s.strength,
                "you": i == seat,
                "joined": i in getattr(room, "joined", ()),
            }
            for i, s in enumerate(room.seats)
        ],
        "to_move": to_move,
        "thinking": room.thinking,
        "board": board,
        "legal": [{"id": a, "text": text} for a, text in legal.items()],
        "partial": [],
        "log": [{"mover": e["mover"], "text": e["texts"][seat]} for e in room.log],
        "can_undo": (
            humans == 1 and bool(room.checkpoints) and not partial and room.resigned is None
        ),
        "rules": game.rules,
        "over": None,
    }
    if partial:
        message["partial"] = _partial_words(room, seat, partial)
    if state.is_terminal():
        message["over"] = summary(game, state, seat)
    elif room.resigned is not None:
        message["over"] = resigned_summary(room, seat)
    message["chart"] = room.chart_for(seat)
    message["hidden_information"] = game.hidden_information
    message["notice"] = NEW_POSITION_NOTE if room.setup.get("new_position") else None
    return message


def resigned_summary(room, seat: int) -> dict:
    """The end of a game a seat gave up: it lost, and nothing more is told."""
    if room.resigned == seat:
        result = "You resigned."
    else:
        result = f"Seat {room.resigned} resigned: you win."
    return {"result": result, "returns": None, "scores": None}


def _partial_words(room, seat: int, partial: list) -> list[dict]:
    scratch = room.state.clone()
    words = []
    for action in partial:
        words.append({"id": action, "text": seat_words(room.game, scratch, action, seat)})
        scratch.apply(action)
    return words


def summary(game, state, seat: int) -> dict:
    """The end of the game as `seat` may know it: who won (the best return), each
    seat's share of the win and, where every world the seat cannot tell apart
    agrees, its score."""
    returns = state.returns()
    best = max(returns)
    if len(set(returns)) == 1:
        result = "A draw."
    elif returns[seat] < best:
        result = "You lose."
    elif returns.count(best) == 1:
        result = "You win."
    else:
        result = "You share the win."
    scores = seat_scores(game, state, seat, Rng(0))
    return {"result": result, "returns": returns, "scores": scores}
