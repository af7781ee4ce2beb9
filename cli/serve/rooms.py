"""One game room of `cadenza serve`: the whole position (kept only on the server), its
seats (a person with a secret token, or an AI with a seat spec), the log in every
seat's words, and the undo checkpoints.

A person's decision is checked whole before anything changes: each action legal in
turn, all the seat's own. Undo is the terminal game's fair undo (cli/play/aisession.py):
back to before the person's last decision as the person knew it, what the seat could
not see dealt again from what it sees and the dice moving on (so taking a move back
cannot show a card or roll to come), the AI's search seeds rewound.

A room also keeps whether a seat resigned, and the person's win-chance graph: a
point (the log's length then, the seat's estimated share of the win) at each of its
turns (cli/serve/hub.py searches them).
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass
from typing import Any, Optional

from cli.newgame import random_seed, seed_streams
from cli.play.aisession import redealt
from cli.serve.errors import RoomError
from cli.serve.levels import legacy_level, read_level, spec_text
from cli.serve.sessions import new_id, new_token, read_sessions, token_is
from cli.serve.views import join_words, seat_words
from engine.errors import CadenzaError
from engine.rng import Rng
from engine.validate import is_int

# An AI seat's strength is a level 1..10 (cli/levels/ladder.py), written "1".."10".
MAX_TURN_ACTIONS = 64  # more actions than any one turn of any game takes
# What a change of a room changes: the game, kept in the store.
STORED = ("state", "dice", "seeds", "log", "checkpoints", "version", "resigned", "chart", "touched")
CHECKPOINT_KEYS = {"state", "dice", "seeds", "log_len"}


@dataclass
class Seat:
    kind: str  # "human" or "ai"
    token: Optional[str] = None
    spec: Optional[str] = None  # the AI's seat spec, e.g. "level:6"
    strength: Optional[str] = None  # its level, "1".."10"

    def to_dict(self) -> dict:
        return {k: v for k, v in vars(self).items() if v is not None}


class Room:
    def __init__(
        self, room_id, game, setup: dict, state, dice: Rng, seeds: Rng, log, checkpoints, version
    ):
        self.id = room_id
        self.game = game
        self.setup = setup
        self.seats = [Seat(**seat) for seat in setup["seats"]]
        self.state = state
        self.dice = dice
        self.seeds = seeds
        self.log: list[dict] = log
        self.checkpoints: list[dict] = checkpoints
        self.version = version
        self.thinking: Optional[int] = None  # the AI seat searching now (not stored)
        self.joined: set[int] = set()  # the seats with a page open now (not stored)
        self.resigned: Optional[int] = None  # the seat that gave up, ending the game
        self.chart: dict[str, list] = {}  # seat -> [[log length, share of the win], ...]
        self.touched = time.time()  # the last change or visit: idle rooms expire (expiry.py)

    # ---- making and loading ----------------------------------------------------------

    @classmethod
    def new(
        cls, registry, game_name, players, variant, human_seat, strengths, seed=None, humans=()
    ):
        """A new room: `human_seat` is the person's (the creator's) and every seat in
        `humans` another person's, each with its own token (its link); every other
        seat is an AI at the level `strengths[seat]` names ("1".."10", or an old
        preset's name: cli/levels/ladder.py, level_named; DEFAULT_LEVEL when not
        given)."""
        try:
            game = registry.game(game_name)
        except CadenzaError as exc:
            raise RoomError(str(exc)) from None
        players, variant = game.check_config(players, variant)
        if not isinstance(human_seat, int) or not 0 <= human_seat < players:
            raise RoomError(f"your seat must be 0..{players - 1}, got {human_seat!r}")
        people = check_humans(humans, players) | {human_seat}
        registry.default_searcher(game)  # every AI seat plays it, at its level
        seats = []
        for seat in range(players):
            if seat in people:
                seats.append(Seat("human", token=new_token()))
                continue
            level = read_level(strengths.get(seat), f"seat {seat}: strength must be a level")
            seats.append(level_seat(level))
        seed = random_seed() if seed is None else seed
        setup = {
            "game": game.name,
            "players": players,
            "variant": variant,
            "seed": seed,
            "seats": [s.to_dict() for s in seats],
        }
        dice, seeds = seed_streams(seed)
        return cls(
            new_id(), game, setup, game.new_state(players, variant, seed), dice, seeds, [], [], 0
        )

    @classmethod
    def from_stored(cls, registry, doc: dict) -> "Room":
        setup = doc["setup"]
        game = registry.game(setup["game"])
        setup["seats"] = [upgraded(seat) for seat in setup["seats"]]
        position = doc["position"]
        state, dice, seeds = _position_parts(game, position)
        room = cls(
            doc["id"], game, setup, state, dice, seeds, doc["log"], doc["checkpoints"],
            position["version"],
        )  # fmt: skip
        room.resigned = position.get("resigned")
        room.chart = position.get("chart", {})
        room.touched = position.get("touched", room.touched)  # stored before: from now
        return room

    def position(self) -> dict:
        return {
            "state": self.state.to_json(),
            "dice": list(self.dice.getstate()),
            "seeds": list(self.seeds.getstate()),
            "version": self.version,
            "resigned": self.resigned,
            "chart": self.chart,
            "touched": self.touched,
        }

    # ---- drafts (cli/serve/commits.py: a change lands only once stored) -------------

    def draft(self) -> "Room":
        """A copy to change: what a change touches is the copy's own."""
        twin = copy.copy(self)
        twin.state = self.state.clone()
        twin.dice, twin.seeds = copied_rng(self.dice), copied_rng(self.seeds)
        twin.log, twin.checkpoints = list(self.log), list(self.checkpoints)
        twin.chart = {seat: [list(p) for p in points] for seat, points in self.chart.items()}
        return twin

    def adopt(self, draft: "Room") -> None:
        """Take over a stored draft's game (not who is connected or thinking)."""
        for name in STORED:
            setattr(self, name, getattr(draft, name))

    def next_seed(self, take: bool = False) -> int:
        """The seed of the AI's next search: drawn from the room's stream only with
        `take`, by the change that plays the search's answer (a move the store
        refused draws none)."""
        return (self.seeds if take else copied_rng(self.seeds)).next_u64()

    # ---- who is who ------------------------------------------------------------------

    def seat_of(self, token: Any) -> Optional[int]:
        """The seat whose token this is, or None."""
        for seat, entry in enumerate(self.seats):
            if token_is(entry.token, token):
                return seat
        return None

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].kind == "human"

    def ai_to_move(self) -> bool:
        """Whether the room advances by itself now (chance or an AI seat to move)."""
        player = self.state.current_player()
        return not self.over() and not self.is_human(player)

    def over(self) -> bool:
        return self.resigned is not None or self.state.is_terminal()

    # ---- changes ---------------------------------------------------------------------

    def try_turn(self, seat: int, actions: Any):
        """`actions` checked as the seat's decision so far: the position after them.
        RoomError (nothing changed) on anything else."""
        if self.over():
            raise RoomError("the game is over")
        if self.state.current_player() != seat:
            mover = self.state.current_player()
            who = "chance" if mover < 0 else f"seat {mover}"
            raise RoomError(f"it is not your turn: {who} is to move, and you are seat {seat}")
        if not isinstance(actions, list) or not 1 <= len(actions) <= MAX_TURN_ACTIONS:
            raise RoomError(f"actions must be a list of 1..{MAX_TURN_ACTIONS} action ids")
        scratch = self.state.clone()
        for action in actions:
            if scratch.current_player() != seat:
                raise RoomError("those actions go past the end of your turn")
            if not is_int(action):
                raise RoomError(f"an action is an integer id, got {action!r}")
            if action not in scratch.legal_actions():
                reason = None
                if 0 <= action < scratch.num_actions:
                    reason = scratch.illegal_reason(action)
                raise RoomError(reason or f"action {action} is not legal now")
            scratch.apply(action)
        return scratch

    def play_turn(self, seat: int, actions: list) -> None:
        """The person's decision, checked whole (try_turn), with a checkpoint for undo."""
        self.try_turn(seat, actions)
        self.checkpoints.append(
            {
                "state": self.state.to_json(),
                "dice": list(self.dice.getstate()),
                "seeds": list(self.seeds.getstate()),
                "log_len": len(self.log),
            }
        )
        self.apply_turn(seat, actions)

    def apply_turn(self, mover: int, actions: list) -> None:
        """Apply a checked decision (or one chance outcome), logging it in every
        seat's words."""
        texts = [[] for _ in self.seats]
        for action in actions:
            for viewer in range(len(self.seats)):
                texts[viewer].append(seat_words(self.game, self.state, action, viewer))
            self.state.apply(action)
        self.log.append(
            {"mover": mover, "actions": list(actions), "texts": [join_words(t) for t in texts]}
        )
        self.version += 1

    def undo(self, seat: int) -> None:
        """Back to before the person's last decision (only with one person in the room:
        among friends a move once played stands, as at a real table, since taking it
        back would also take back the moves the others made since)."""
        if len(self.human_seats()) != 1:
            raise RoomError("undo is off in a game among several people: a move once played stands")
        if self.resigned is not None:
            raise RoomError("the game is over: a resigned game cannot be undone")
        if not self.checkpoints:
            raise RoomError("nothing to undo")
        snap = self.checkpoints.pop()
        self.state = redealt(self.game.from_json(snap["state"]), seat, self.dice)
        self.seeds.setstate(tuple(snap["seeds"]))
        del self.log[snap["log_len"] :]
        for points in self.chart.values():
            points[:] = [p for p in points if p[0] <= len(self.log)]
        self.version += 1

    def resign(self, seat: int) -> None:
        """The seat gives up: the game is over, and it has lost."""
        if self.over():
            raise RoomError("the game is over")
        if not self.is_human(seat):
            raise RoomError("only a person's seat can resign")
        self.resigned = seat
        self.log.append(
            {"mover": seat, "actions": [], "texts": [f"seat {seat} resigns"] * len(self.seats)}
        )
        self.version += 1

    # ---- the win-chance graph ----------------------------------------------------------

    def chart_point(self, seat: int) -> Optional[float]:
        """The seat's graph point at the log's present length, if it has one."""
        for n, value in self.chart.get(str(seat), []):
            if n == len(self.log):
                return value
        return None

    def add_chart_point(self, seat: int, n: int, value: float) -> None:
        points = self.chart.setdefault(str(seat), [])
        points[:] = [p for p in points if p[0] != n] + [[n, round(value, 4)]]
        points.sort()

    def chart_for(self, seat: int) -> list:
        """The seat's graph: its points, and the result once the game is over (its
        share of the win; 0 for a seat that resigned, the rest shared by the others)."""
        points = [list(p) for p in self.chart.get(str(seat), [])]
        if self.resigned is not None:
            others = 1.0 / max(1, len(self.seats) - 1)
            points.append([len(self.log), 0.0 if self.resigned == seat else others])
        elif self.state.is_terminal():
            points.append([len(self.log), float(self.state.returns()[seat])])
        return points


def level_seat(level: int) -> Seat:
    return Seat("ai", spec=spec_text(level), strength=str(level))


def upgraded(seat: dict) -> dict:
    """A stored seat as it is played now: an AI seat saved with a preset plays at the
    preset's level."""
    level = legacy_level(seat.get("strength")) if seat.get("kind") == "ai" else None
    return seat if level is None else level_seat(level).to_dict()


def check_humans(humans: Any, players: int) -> set[int]:
    """The seats marked for people: a list of distinct seat numbers of the game."""
    if not isinstance(humans, (list, tuple)) or not all(is_int(h) for h in humans):
        raise RoomError("humans must be a list of seat numbers")
    bad = [h for h in humans if not 0 <= h < players]
    if bad:
        raise RoomError(f"a person's seat must be 0..{players - 1}, got {bad[0]}")
    if len(set(humans)) != len(humans):
        raise RoomError("humans names a seat twice")
    return set(humans)


def read_rooms(registry, storage):
    """Every stored room that can be played on, and the Unreadable ones (set aside)."""
    docs, unreadable = storage.load_rooms()
    rooms, broken = read_sessions("room", docs, lambda doc: checked_room(registry, doc))
    return rooms, unreadable + broken


def checked_room(registry, doc: dict) -> Room:
    """The stored room; ValueError unless every log row and checkpoint has the shape
    that is read."""
    room = Room.from_stored(registry, doc)
    for n, entry in enumerate(room.log):
        texts = entry.get("texts") if isinstance(entry, dict) else None
        if (
            not isinstance(texts, list)
            or len(texts) != len(room.seats)
            or not all(isinstance(text, str) for text in texts)
            or not isinstance(entry.get("mover"), int)
            or not isinstance(entry.get("actions"), list)
        ):
            raise ValueError(f"log row {n} is not a turn of this game")
    for n, snap in enumerate(room.checkpoints):
        if not isinstance(snap, dict) or not CHECKPOINT_KEYS <= set(snap):
            raise ValueError(f"checkpoint {n} is not a position of this game")
    return room


def copied_rng(rng: Rng) -> Rng:
    twin = Rng(0)
    twin.setstate(rng.getstate())
    return twin


def _position_parts(game, position: dict):
    dice, seeds = Rng(0), Rng(0)
    dice.setstate(tuple(position["dice"]))
    seeds.setstate(tuple(position["seeds"]))
    return game.from_json(position["state"]), dice, seeds
