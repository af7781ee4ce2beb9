"""Table mode in the browser: a person plays a real game at a real table, and the
page follows it for their seat and gives hints. The terminal's table mode
(cli/play/table.py, TableSession) does all of the following; this module keeps one
session per table, saves it in the store, and turns it into the page's view.

The session knows only the seat's observation, so nothing it sends can name what
the seat has not seen: the person taps what happened (their own draws, dice, the
other players' moves, what a showdown revealed), and the chance events the seat
cannot see pass by themselves.

A table's hints search at a level (1..10, cli/levels/ladder.py), chosen when it is
made and changed while it runs. The level's one home is the session's hint spec
(`level:N`), saved with the rest of the session; a table saved before levels keeps
the spec it was saved with, one saved under an old preset's name plays at its level.
"""

from __future__ import annotations

import copy
import secrets
import time
from dataclasses import dataclass, field, replace

from cli.play.seatview import position_text
from cli.play.table import OFFER_SAMPLES, TableSession
from cli.serve.errors import RoomError
from cli.serve.hints import hints_message
from cli.serve.levels import hint_level_choices, legacy_level, read_level, spec_text
from cli.serve.rooms import copied_rng
from cli.serve.sessions import Sessions, new_id, new_token, read_sessions, token_is
from cli.serve.svg import drawer_for
from cli.specs import MAX_LEVEL, MIN_LEVEL, level_spec
from engine.errors import CadenzaError

LEVEL = "level must be"  # what read_level says of a table's hint level


@dataclass
class Table:
    id: str
    token: str
    session: TableSession
    created: float
    version: int = 0
    touched: float = field(default_factory=time.time)  # last change or visit (expiry.py)

    def to_doc(self) -> dict:
        return {
            "id": self.id,
            "token": self.token,
            "created": self.created,
            "version": self.version,
            "touched": self.touched,
            "save": self.session.to_save(),
        }

    # ---- drafts (cli/serve/commits.py: a change lands only once stored) -------------

    def draft(self) -> "Table":
        return replace(self, session=session_copy(self.session))

    def adopt(self, draft: "Table") -> None:
        self.session, self.version, self.touched = draft.session, draft.version, draft.touched

    @classmethod
    def from_doc(cls, registry, doc: dict) -> "Table":
        session = TableSession.from_save(registry, upgraded(doc["save"]))
        touched = doc.get("touched", time.time())  # stored before: idle from now
        return cls(doc["id"], doc["token"], session, doc["created"], doc["version"], touched)


class Tables(Sessions):
    """The running tables, each change landing once saved to the store (commits.py);
    a reveal still being typed is not saved: after a restart it is asked again."""

    def __init__(self, registry, store, searches):
        super().__init__(registry, store, searches, read_tables)
        self.open: dict[str, int] = {}  # table id -> pages open on it

    @property
    def tables(self) -> dict[str, Table]:
        return self.live

    async def create(self, game_name, players, variant, seat, seed=None, level=None) -> Table:
        """A new table whose hints search at `level` (levels.read_level), once stored."""
        try:
            game = self.registry.game(game_name)
            players, variant = game.check_config(players, variant)
        except CadenzaError as exc:
            raise RoomError(str(exc)) from None
        spec = level_spec(read_level(level, LEVEL))
        seed = secrets.randbits(63) if seed is None else seed
        session = TableSession.start(self.registry, game, players, variant, seat, seed, spec)
        table = Table(new_id(), new_token(), session, time.time())
        await self.add(table, self._write(table))
        return table

    def find(self, table_id, token) -> Table:
        table = self.get(table_id, "that table link is not valid")
        if not token_is(table.token, token):
            raise RoomError("that table link is not valid")
        return table

    def visited(self, table: Table, pages: int) -> None:
        """A page joined (pages=1) or left (-1) the table: while one is open, it stays."""
        table.touched = time.time()
        count = self.open.get(table.id, 0) + pages
        if count > 0:
            self.open[table.id] = count
        else:
            self.open.pop(table.id, None)

    async def remove(self, table: Table) -> None:
        """The table gone, from the store and then from memory (expiry.py)."""
        await self.drop(table, self.store.remove_table(table.id))
        self.open.pop(table.id, None)

    async def _write(self, table: Table) -> None:
        if table.session.reveal is None:
            await self.store.save_table(table.id, table.to_doc(), table.created)

    def _land(self, table: Table, change):
        """`change(session)` on a draft of the table, the version moving on, once stored."""

        def changed(draft: Table) -> None:
            change(draft.session)
            draft.version += 1
            draft.touched = time.time()

        return self.commits.land(table, changed, self._write, table.version)

    # ---- changes ---------------------------------------------------------------------

    async def step(self, table: Table, text) -> None:
        """One thing that happened at the table (a move, an outcome, a revealed value),
        in the notation offered; PlayError (nothing changed) if it cannot be."""
        if not isinstance(text, str) or not text.strip():
            raise RoomError("step needs the text of what happened")
        await self._land(table, lambda session: session.play([text.strip()]))

    async def undo(self, table: Table) -> None:
        await self._land(table, lambda session: session.undo())

    async def set_level(self, table: Table, level) -> None:
        """The next hints search at `level` (1..10 or an old preset's name); saved at
        once, so it is refused while a reveal is being typed (which is not saved)."""
        if level is None:
            raise RoomError(f"{LEVEL} {MIN_LEVEL}..{MAX_LEVEL}, got None")
        spec = level_spec(read_level(level, LEVEL))
        reveal = table.session.reveal
        if reveal is not None:
            raise RoomError(f"first type what was revealed: {reveal.prompt()}")
        await self._land(table, lambda session: session.use_hint_spec(spec))

    async def hints(self, table: Table) -> dict:
        """The hints for the seat's turn, each in the notation to tap and in words."""
        session = table.session
        world = session.world()
        session._check_hint_possible(world)
        seat = session.seat
        return await hints_message(
            self.searches,
            f"table:{table.id}",
            table,
            session.game.name,
            world.to_json(),
            str(session.hint_spec),
            session.hint_seeds.next_u64(),
            world,
            {
                "texts": lambda state, action: state.action_to_str(action),
                "words": lambda state, action: state.describe(action, seat),
            },
        )


def read_tables(registry, storage):
    """Every stored table that can be played on, and the Unreadable ones (set aside)."""
    docs, unreadable = storage.load_tables()
    tables, broken = read_sessions("table", docs, lambda doc: Table.from_doc(registry, doc))
    return tables, unreadable + broken


def session_copy(session: TableSession) -> TableSession:
    """A copy of a table's session that a change can make its own: what a step, an
    undo or a new hint level changes (the rest is replaced, never changed in place)."""
    twin = copy.copy(session)
    twin.rng, twin.hint_seeds = copied_rng(session.rng), copied_rng(session.hint_seeds)
    twin.log, twin.undo_stack = list(session.log), list(session.undo_stack)
    twin._restore(session._capture())  # its own knowledge, and reveal being typed
    return twin


def upgraded(save: dict) -> dict:
    """A stored session as it is played now: hints saved under an old preset's name
    search at the preset's level."""
    level = legacy_level(save.get("hint"))
    return save if level is None else {**save, "hint": spec_text(level)}


# ---- what the page gets ----------------------------------------------------------------


def table_view(table: Table) -> dict:
    """The seat's view of its table: what to tap next (each choice in plain words as
    the seat reads it), the position as the seat sees it, the log and the end."""
    session = table.session
    world = session.world()
    seat = session.seat
    player = None if world.is_terminal() else world.current_player()
    entries = offered(session, world)
    mine = session.my_turn()
    legal = {e["id"]: e["words"] for e in entries if mine and "id" in e}
    game = session.game
    context = {"seat": seat, "text": position_text(game, world, seat)}
    drawer = game.board_drawer()
    message = {
        "type": "table",
        "table": table.id,
        "game": game.name,
        "variant": session.variant,
        "players": session.players,
        "seat": seat,
        "version": table.version,
        "phase": table_phase(session, world),
        "to_move": player,
        "situation": table_situation(session, world),
        "entries": entries,
        "board": drawer_for(game)(session.info, legal, context) if drawer else None,
        "text": context["text"],
        "log": list(session.log),
        "can_undo": bool(session.undo_stack),
        # None for a table saved before levels, whose hints keep `hint_setting`.
        "hint_level": session.hint_spec.level,
        "hint_setting": str(session.hint_spec),
        "hint_levels": hint_level_choices(),
        "rules": game.rules,
        "over": None,
    }
    if world.is_terminal():
        scores, returns = session.known_result()
        message["over"] = {"scores": scores, "returns": returns}
    return message


def table_situation(session: TableSession, world) -> str:
    """One line: who is to act and what to tap (the terminal's `situation` says type)."""
    if session.reveal is not None:
        path = session.reveal.missing()[0]
        return f"What was hidden is shown ({session.reveal.cause}): tap {path}."
    if world.is_terminal():
        return "The game is over."
    player = world.current_player()
    if player == session.seat:
        return "Your move: tap what you play, or ask for a hint."
    if player < 0:
        return "Chance: tap what you see rolled or drawn."
    return f"Seat {player} to move: tap what they played."


def table_phase(session: TableSession, world) -> str:
    if session.reveal is not None:
        return "reveal"
    if world.is_terminal():
        return "over"
    player = world.current_player()
    if player == session.seat:
        return "mine"
    return "chance" if player < 0 else "other"


def offered(session: TableSession, world) -> list[dict]:
    """What the person can tap now: {text, words} for each choice (plus `id`, the
    action, on the seat's own turn, for the board). An opponent's move the base world
    does not allow is worded in a world that allows it: a fair describe reads the same
    in every world the seat cannot tell apart. The session's generator is left as it
    was, so drawing the page changes nothing."""
    saved = session.rng.getstate()
    try:
        texts = session.legal_texts()
        if session.reveal is not None:
            path = session.reveal.missing()[0]
            return [{"text": t, "words": f"{path}: {t}"} for t in texts]
        if world.is_terminal():
            return []
        own = world.current_player() == session.seat
        others = [] if own else session.worlds(OFFER_SAMPLES)
        entries = []
        for text in texts:
            entry = {"text": text, "words": text}
            for candidate in [world, *others]:
                try:
                    action = candidate.str_to_action(text)
                except (CadenzaError, ValueError):
                    continue
                if action in candidate.legal_actions():
                    entry["words"] = str(candidate.describe(action, session.seat))
                    if own:
                        entry["id"] = action
                    break
            entries.append(entry)
        return entries
    finally:
        session.rng.setstate(saved)
