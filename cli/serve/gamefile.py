"""A game of `cadenza serve` as a file the person downloads, and a new room that goes
on from an uploaded one.

The file is JSON and holds only what the person's seat may know: the game, the
seats (the person's and the AI strengths), the log in the seat's own words and its
win-chance graph. What lets the game go on depends on the game:

- without hidden information, the start position and every turn's actions (the
  chance outcomes too, which the seat has seen): an upload replays them, each
  checked legal;
- with hidden information, the actions would name what the seat has not seen (the
  other hands, the deck's order), so the server keeps a copy of the game, and of the
  file, with the seat it was written for: an upload goes on from that copy, on this
  server only, and only as that seat.

Every file carries `seal`, an HMAC of its content keyed by the server's secret and
the seat it was written for. An upload must be the file as the server wrote it: a
hidden-information file must match its kept copy field for field (the seal names
the copy), and an open game's file must carry its seal. An open game's file that
the server did not write, or that was changed, starts a game only when the person
asks to start from it as a new position, and the room then says so.

Neither holds the game's seed or dice, and a resumed game gets new ones: what the
seat could not see is dealt again from what it sees (the fair undo's rule,
cli/play/aisession.py), so uploading one file again and again cannot show the
person a card or a roll to come.
"""

from __future__ import annotations

import hashlib
import hmac
import json

from cli.levels.ladder import DEFAULT_LEVEL
from cli.play.aisession import redealt
from cli.serve.rooms import Room, RoomError
from engine.errors import CadenzaError
from engine.validate import is_int

FORMAT = "cadenza-web-game"
FORMAT_VERSION = 1
SECRET_NAME = "game files"  # the store's secret that seals the files (Store.secret)


class FileError(RoomError):
    """An uploaded file that cannot be resumed; nothing changed."""


def game_file(room: Room, seat: int, store) -> dict:
    """The file of `room` for `seat`, sealed (and, with hidden information, kept)."""
    game = room.game
    doc = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game.name,
        "players": room.setup["players"],
        "variant": room.setup["variant"],
        "room": room.id,
        "version": room.version,
        "seat": seat,
        "seats": [
            {"kind": s.kind} if s.kind == "human" else {"kind": s.kind, "strength": s.strength}
            for s in room.seats
        ],
        "log": [{"mover": e["mover"], "text": e["texts"][seat]} for e in room.log],
        "chart": room.chart_for(seat),
    }
    if room.setup.get("new_position"):
        doc["new_position"] = True
    if not game.hidden_information:
        doc["start"] = start_json(room)
        doc["turns"] = [{"mover": e["mover"], "actions": list(e["actions"])} for e in room.log]
    doc["seal"] = seal(store, seat, doc)
    if game.hidden_information:
        copy = {
            "setup": room.setup,
            "position": room.position(),
            "log": room.log,
            "checkpoints": room.checkpoints,
        }
        store.save_game(
            doc["seal"], room.id, room.version, {"seat": seat, "file": doc, "copy": copy}
        )
    return doc


def start_json(room: Room) -> str:
    """The position the room's game started from: its own for a room that went on
    from an uploaded file, else the one its seed deals."""
    setup = room.setup
    if "start" in setup:
        return setup["start"]
    return room.game.new_state(setup["players"], setup["variant"], setup["seed"]).to_json()


def seal(store, seat, doc: dict) -> str:
    """The HMAC of the file's content (all but its seal), keyed by the server's secret
    and the seat the file is for."""
    secret = store.secret(SECRET_NAME).encode()
    key = hmac.new(secret, f"seat {seat}".encode(), hashlib.sha256).digest()
    content = {k: v for k, v in doc.items() if k != "seal"}
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()


def _need(doc: dict, key: str, kind):
    value = doc.get(key)
    if isinstance(value, bool) or not isinstance(value, kind):
        raise FileError(f"the file's {key} is missing or not a {kind.__name__}")
    return value


def resume_room(registry, doc: dict, new_position: bool, store) -> tuple[Room, int]:
    """A new room (new seat link, new dice) that goes on from the file; its human seat.
    `new_position`: the person asks to start from an open game's file as it is, even
    one this server did not write."""
    if doc.get("format") != FORMAT or doc.get("format_version") != FORMAT_VERSION:
        raise FileError(f"not a game file of this server (format {FORMAT} {FORMAT_VERSION})")
    seat = _need(doc, "seat", int)
    try:
        hidden = registry.game(_need(doc, "game", str)).hidden_information
    except CadenzaError as exc:
        raise FileError(str(exc)) from None
    if hidden and new_position:
        raise FileError(
            "a game with hidden information goes on only from the copy this server keeps,"
            " not from an uploaded position"
        )
    kept = _kept_copy(doc, store) if hidden else None
    if not hidden and not new_position:
        _check_seal(doc, store, seat)
    room = _room_for(registry, doc, seat)
    if kept is not None:
        _go_on_from_copy(registry, room, seat, kept["copy"])
    else:
        start = _need(doc, "start", str)
        _replay(room, seat, start, _need(doc, "turns", list))
        room.setup["start"] = start
    if new_position or doc.get("new_position") is True:
        room.setup["new_position"] = True
    return room, seat


def _room_for(registry, doc: dict, seat: int) -> Room:
    """A new room of the file's game and seats: `seat` the person's, the others AI."""
    seats = _need(doc, "seats", list)
    if not all(isinstance(s, dict) for s in seats):
        raise FileError("the file's seats must be objects")
    strengths = {i: s.get("strength", str(DEFAULT_LEVEL)) for i, s in enumerate(seats) if i != seat}
    if not all(isinstance(v, str) for v in strengths.values()):
        raise FileError("an AI seat's strength must be a name")
    room = Room.new(
        registry,
        _need(doc, "game", str),
        _need(doc, "players", int),
        _need(doc, "variant", str),
        seat,
        strengths,
    )
    if len(seats) != len(room.seats):
        raise FileError(f"the file names {len(seats)} seats for {len(room.seats)} players")
    return room


def _check_seal(doc: dict, store, seat: int) -> None:
    """An open game's file must be as this server wrote it for `seat`."""
    claimed = doc.get("seal")
    claimed = claimed if isinstance(claimed, str) else ""
    if not hmac.compare_digest(claimed.encode(), seal(store, seat, doc).encode()):
        raise FileError(
            "this file was not written by this server, or was changed since:"
            " to play it anyway, start from it as a new position"
        )


def _kept_copy(doc: dict, store) -> dict:
    """The server's copy of a hidden-information file, which the upload must match
    field for field: so it goes on only as the seat it was downloaded for."""
    claimed = doc.get("seal")
    kept = store.load_save(claimed) if isinstance(claimed, str) else None
    if kept is None or "file" not in kept:  # a copy kept before files were sealed has none
        raise FileError(
            "this server keeps no game for that file: download it again from its game"
            " (a file goes on only on the server it was downloaded from)"
        )
    if doc["seat"] != kept["seat"]:
        raise FileError(
            f"this file is seat {kept['seat']}'s: it cannot be played as seat {doc['seat']}"
        )
    want = kept["file"]
    changed = sorted(str(k) for k in set(doc) | set(want) if doc.get(k) != want.get(k))
    if changed:
        raise FileError(
            f"the file was changed after it was downloaded ({', '.join(changed)}):"
            " upload it as it was downloaded"
        )
    return kept


def _go_on_from_copy(registry, room: Room, seat: int, copy: dict) -> None:
    kept = Room.from_stored(registry, {"id": room.id, **copy})
    room.state = redealt(kept.state, seat, room.dice)
    room.log, room.checkpoints, room.chart = kept.log, kept.checkpoints, kept.chart
    room.resigned = kept.resigned


def _replay(room: Room, seat: int, start: str, turns: list) -> None:
    game = room.game
    try:
        state = game.from_json(start)
    except (CadenzaError, ValueError) as exc:
        raise FileError(f"the file's start position cannot be read: {exc}") from None
    if state.num_players != room.setup["players"] or state.variant != room.setup["variant"]:
        raise FileError("the file's start position is not of its game's players and variant")
    room.state = state
    for n, turn in enumerate(turns):
        if not isinstance(turn, dict):
            raise FileError(f"turn {n} must be an object")
        mover, actions = turn.get("mover"), turn.get("actions")
        if not is_int(mover) or not isinstance(actions, list):
            raise FileError(f"turn {n} needs a mover seat and a list of actions")
        try:
            _replay_turn(room, seat, mover, actions)
        except CadenzaError as exc:
            raise FileError(f"turn {n}: {exc}") from None


def _replay_turn(room: Room, seat: int, mover: int, actions: list) -> None:
    state = room.state
    if room.over():
        raise FileError("the game was already over")
    if mover == seat and not actions:
        room.resign(seat)
        return
    if mover != state.current_player():
        raise FileError(f"seat {mover} moves, but {state.current_player()} is to move")
    if mover == seat:
        after = room.try_turn(seat, actions)
        if not after.is_terminal() and after.current_player() == seat:
            raise FileError("a turn must be whole")
        room.play_turn(seat, actions)
        return
    scratch = state.clone()
    for action in actions:
        if scratch.current_player() != mover or action not in scratch.legal_actions():
            raise FileError(f"action {action!r} is not legal there")
        scratch.apply(action)
    if not actions or (not scratch.is_terminal() and scratch.current_player() == mover):
        raise FileError("a turn must be whole")
    room.apply_turn(mover, actions)
