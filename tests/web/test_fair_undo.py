"""Undo in the browser's game is the terminal's fair undo (cli/play/aisession.py): what
the person's seat could not see is dealt again and the dice move on, so taking back a
draw in Takt Voll and drawing again does not show the same card every time. (That the
redealt position is one the seat cannot tell from the one it left is checked for every
hidden game in test_seven_games.py.)"""

from __future__ import annotations

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
