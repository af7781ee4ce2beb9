"""A game of `cadenza serve` as a file the person downloads, and a new room that goes
on from an uploaded one.

The file is JSON and holds only what the person's seat may know: the game, the
seats (the person's and the AI strengths), the log in the seat's own words and its
win-chance graph. What lets the game go on depends on the game:

- without hidden information, the start position and every turn's actions (the
  chance outcomes too, which the seat has seen): an upload replays them, each
  checked legal, on any server;
- with hidden information, the actions would name what the seat has not seen (the
  other hands, the deck's order), so the file holds instead `resume`, an opaque,
  unguessable reference to a copy of the game the server keeps: an upload goes on
  from that copy, on this server only.

Neither holds the game's seed or dice, and a resumed game gets new ones: what the
seat could not see is dealt again from what it sees (the fair undo's rule,
cli/play/aisession.py), so uploading one file again and again cannot show the
person a card or a roll to come.
"""

from __future__ import annotations

import secrets

from cli.levels.ladder import DEFAULT_LEVEL
from cli.play.aisession import redealt
from cli.serve.rooms import Room, RoomError
from engine.errors import CadenzaError

FORMAT = "cadenza-web-game"
FORMAT_VERSION = 1


class FileError(RoomError):
    """An uploaded file that cannot be resumed; nothing changed."""


def game_file(room: Room, seat: int, store) -> dict:
    """The file of `room` for `seat`."""
    game = room.game
    doc = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game.name,
        "players": room.setup["players"],
        "variant": room.setup["variant"],
        "seat": seat,
        "seats": [
            {"kind": s.kind} if s.kind == "human" else {"kind": s.kind, "strength": s.strength}
            for s in room.seats
        ],
        "log": [{"mover": e["mover"], "text": e["texts"][seat]} for e in room.log],
        "chart": room.chart_for(seat),
    }
    if game.hidden_information:
        doc["resume"] = _keep_copy(room, store)
    else:
        start = game.new_state(room.setup["players"], room.setup["variant"], room.setup["seed"])
        doc["start"] = start.to_json()
        doc["turns"] = [{"mover": e["mover"], "actions": list(e["actions"])} for e in room.log]
    return doc


def _keep_copy(room: Room, store) -> str:
    save_id = store.find_save(room.id, room.version)
    if save_id is None:
        save_id = secrets.token_urlsafe(24)
        copy = {
            "setup": room.setup,
            "position": room.position(),
            "log": room.log,
            "checkpoints": room.checkpoints,
        }
        store.save_game(save_id, room.id, room.version, copy)
    return save_id


def _need(doc: dict, key: str, kind):
    value = doc.get(key)
    if isinstance(value, bool) or not isinstance(value, kind):
        raise FileError(f"the file's {key} is missing or not a {kind.__name__}")
    return value


def resume_room(registry, doc: dict, store) -> tuple[Room, int]:
    """A new room (new seat link, new dice) that goes on from the file; its human seat."""
    if doc.get("format") != FORMAT or doc.get("format_version") != FORMAT_VERSION:
        raise FileError(f"not a game file of this server (format {FORMAT} {FORMAT_VERSION})")
    seat = _need(doc, "seat", int)
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
    if room.game.hidden_information:
        _go_on_from_copy(registry, room, seat, _need(doc, "resume", str), store)
    else:
        _replay(room, seat, _need(doc, "start", str), _need(doc, "turns", list))
    return room, seat


def _go_on_from_copy(registry, room: Room, seat: int, save_id: str, store) -> None:
    copy = store.load_save(save_id)
    if copy is None:
        raise FileError("this server keeps no game for that file (it resumes where it was made)")
    setup = copy["setup"]
    if (setup["game"], setup["players"], setup["variant"]) != (
        room.setup["game"],
        room.setup["players"],
        room.setup["variant"],
    ) or setup["seats"][seat]["kind"] != "human":
        raise FileError("the file does not match the game the server keeps for it")
    kept = Room.from_stored(registry, {"id": room.id, **copy})
    room.state = redealt(kept.state, seat, room.dice)
    room.log, room.checkpoints, room.chart = kept.log, kept.checkpoints, kept.chart
    room.resigned = kept.resigned


def _replay(room: Room, seat: int, start_json: str, turns: list) -> None:
    game = room.game
    try:
        state = game.from_json(start_json)
    except (CadenzaError, ValueError) as exc:
        raise FileError(f"the file's start position cannot be read: {exc}") from None
    if state.num_players != room.setup["players"] or state.variant != room.setup["variant"]:
        raise FileError("the file's start position is not of its game's players and variant")
    room.state = state
    for n, turn in enumerate(turns):
        if not isinstance(turn, dict):
            raise FileError(f"turn {n} must be an object")
        mover, actions = turn.get("mover"), turn.get("actions")
        if isinstance(mover, bool) or not isinstance(mover, int) or not isinstance(actions, list):
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
