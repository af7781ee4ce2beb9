"""Undo in the browser's game is the terminal's fair undo (cli/play/aisession.py): what
the person's seat could not see is dealt again and the dice move on, so taking back a
draw in Takt Voll and drawing again does not show the same card every time."""

from __future__ import annotations

import json

from wsclient import Seat, new_room

TRIES = 8


def draw_action(view) -> int:
    return next(e["id"] for e in view["legal"] if e["text"].startswith("draw the top card"))


def test_undo_and_draw_again_does_not_repeat_the_unseen_card(server):
    room = new_room(server, "taktvoll", seat=0, strengths={"1": "easy", "2": "easy"})
    seat = Seat(server, room)
    seat.my_turn()
    seen = []
    for _ in range(TRIES):
        before = len(seat.view["log"])
        view = seat.play([draw_action(seat.view)])
        drawn = [e["text"] for e in view["log"][before:] if e["mover"] < 0]
        assert drawn, view["log"][before:]
        seen.append(drawn[0])
        seat.send({"type": "undo", "version": view["version"]})
        version = view["version"]
        view = seat.until(lambda m, v=version: m["type"] == "view" and m["version"] > v)[-1]
        assert len(view["log"]) == before  # back to before the draw
        seat.my_turn()
    assert len(set(seen)) > 1, seen
    seat.close()


def test_undo_keeps_what_the_seat_saw(server, registry):
    """The redealt position is one the seat cannot tell from the one it left."""
    room = new_room(server, "taktvoll", seat=0, strengths={"1": "easy", "2": "easy"})
    seat = Seat(server, room)
    seat.my_turn()
    game = registry.game("taktvoll")
    seen = game.from_json(_stored_json(server, room["room"])).observation(0)
    view = seat.play([draw_action(seat.view)])
    seat.send({"type": "undo", "version": view["version"]})
    seat.until(lambda m: m["type"] == "view" and m["version"] > view["version"])
    assert game.from_json(_stored_json(server, room["room"])).observation(0) == seen
    seat.close()


def _stored_json(server, room_id) -> str:
    return json.dumps(server.stored_state(room_id))
