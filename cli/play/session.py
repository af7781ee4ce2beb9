"""What both kinds of `cadenza play` session share: the game, the person's seat, the
hint searcher, the log of what happened, the undo stack, and all-or-nothing lines.

A subclass (aisession.AiSession, table.TableSession) says how to capture and restore
its position (`_capture`/`_restore`), how to apply one typed token (`_step`), and
what its save file holds besides the fields every session has (`_own_save`, and an
undo snapshot's `to_save`).
"""

from __future__ import annotations

from typing import Any, Callable

from cli.gameloop import build_searcher
from cli.play.errors import PlayError
from cli.play.hints import DEFAULT_TOP, Hints, find_hints
from cli.play.saveformat import log_field, log_length, need
from cli.specs import SeatSpec
from engine.errors import CadenzaError, StateFormatError
from engine.rng import Rng
from engine.validate import is_int
from search.base import SearchError


def check_seat(seat: int, players: int) -> int:
    """The person's seat, which must be one of the game's."""
    if not is_int(seat) or not 0 <= seat < players:
        raise PlayError(
            f"your seat must be 0..{players - 1} in a {players}-player game, got {seat!r}"
        )
    return seat


class Session:
    """One person's game. `log` holds a line for every move, outcome and reveal;
    `undo_stack` a snapshot taken before every line that changed the position.
    `position` is a state of the game as it starts: its player count and variant
    are the session's."""

    mode = "session"

    def __init__(self, registry, game, position, seat: int, hint_spec: SeatSpec, hint_seeds: Rng):
        self.registry = registry
        self.game = game
        self.players = position.num_players
        self.variant = position.variant
        self.seat = check_seat(seat, self.players)
        self.hint_seeds = hint_seeds
        self.use_hint_spec(hint_spec)
        self.log: list[str] = []
        self.undo_stack: list[Any] = []

    # ---- what a subclass provides ------------------------------------------------------

    def view_state(self):
        """A state to draw and search from: the real one, or at a table a world
        consistent with the person's observation (drawn only as the seat sees it)."""
        raise NotImplementedError

    def _capture(self) -> Any:
        raise NotImplementedError

    def _restore(self, snapshot: Any) -> None:
        raise NotImplementedError

    def _take_back(self, snapshot: Any) -> None:
        """Undo to `snapshot`: by default exactly as `_restore`; a session that knows
        more than the person's seat deals again what that seat could not see."""
        self._restore(snapshot)

    def _step(self, token: str) -> None:
        """Apply one typed token, or raise (CadenzaError) leaving cleanup to `play`."""
        raise NotImplementedError

    def situation(self) -> str:
        """One line: who is to act and what to type."""
        raise NotImplementedError

    def legal_texts(self) -> list[str]:
        """What can be typed now (notation), for the listing and completion."""
        raise NotImplementedError

    def _own_save(self) -> dict:
        """The save file's fields of this kind of session (its position, its dice),
        written after those every session has and before the undo stack."""
        raise NotImplementedError

    # ---- shared behaviour --------------------------------------------------------------

    def is_over(self) -> bool:
        return self.view_state().is_terminal()

    def play(self, tokens: list[str], record: bool = True) -> None:
        """Apply the tokens in order, all or nothing: on any error the session is
        exactly as before and PlayError says what was wrong. `record` False plays
        them without an undo point of their own (a forced move: undo takes it back
        with the decision before it)."""
        if not tokens:
            return
        before = self._capture()
        try:
            for token in tokens:
                self._step(token)
        except (CadenzaError, ValueError) as exc:
            self._restore(before)
            raise PlayError(str(exc)) from None
        if record:
            self.undo_stack.append(before)

    def my_turn(self) -> bool:
        """Whether the person is to decide a move of their own seat now."""
        state = self.view_state()
        return not state.is_terminal() and state.current_player() == self.seat

    def forced_move(self) -> str | None:
        """The notation of the person's only legal action, when they have just one."""
        if not self.my_turn():
            return None
        texts = self.legal_texts()
        return texts[0] if len(texts) == 1 else None

    def legal_entries(self) -> list[tuple[str, str]]:
        """What can be typed now, each as (notation, plain words as the seat sees it);
        the words are the notation where the position cannot say more."""
        state = self.view_state()
        legal = set(state.legal_actions()) if not state.is_terminal() else set()
        entries = []
        for text in self.legal_texts():
            try:
                action = state.str_to_action(text)
            except (CadenzaError, ValueError):
                action = None
            words = state.describe(action, self.seat) if action in legal else text
            entries.append((text, str(words)))
        return entries

    def completions(self, tokens_before: list[str]) -> list[str]:
        """What may follow `tokens_before` on the line (they are tried, then undone)."""
        before = self._capture()
        try:
            for token in tokens_before:
                self._step(token)
            return self.legal_texts()
        except (CadenzaError, ValueError):
            return []
        finally:
            self._restore(before)

    def undo(self) -> list[str]:
        """Back to the person's previous decision, as the person knew it (see
        `_take_back`); the log lines taken back."""
        if not self.undo_stack:
            raise PlayError("nothing to undo")
        log_before = list(self.log)
        self._take_back(self.undo_stack.pop())
        return log_before[len(self.log) :]

    def hint(self, top: int = DEFAULT_TOP) -> Hints:
        """The best `top` decisions (`stopped` when a Ctrl-C cut their search short)."""
        state = self.view_state()
        self._check_hint_possible(state)
        try:
            return find_hints(
                self.game,
                state,
                self.hint_searcher,
                self.hint_spec.budget,
                self.hint_seeds.next_u64(),
                top,
                self.hint_spec.searcher,
            )
        except SearchError as exc:
            raise PlayError(f"no hint: {exc}") from None

    def use_hint_spec(self, spec: SeatSpec) -> None:
        """Search the next hints with `spec`; its searcher is built first, so one that
        cannot be built leaves the hints as they were."""
        searcher = build_searcher(self.registry, self.game, spec)
        self.hint_spec, self.hint_searcher = spec, searcher

    def _check_hint_possible(self, state) -> None:
        if state.is_terminal():
            raise PlayError("the game is over: there is nothing to hint")
        if state.current_player() != self.seat:
            raise PlayError(f"hints are for your own seat ({self.seat}), which is not to move")

    def who(self, player: int) -> str:
        if player == self.seat:
            return f"you (seat {player})"
        return "chance" if player < 0 else f"seat {player}"

    # ---- save files (savefile.py) -------------------------------------------------------

    def to_save(self) -> dict:
        return {
            "game": self.game.name,
            "players": self.players,
            "variant": self.variant,
            "seat": self.seat,
            "hint": str(self.hint_spec),
            "hint_seeds": list(self.hint_seeds.getstate()),
            "log": list(self.log),
            **self._own_save(),
            "undo": [snapshot.to_save() for snapshot in self.undo_stack],
        }

    def load_history(self, data: dict, snapshot_of: Callable[[dict, str, int], Any]) -> None:
        """The log and the undo stack of save file `data`: `snapshot_of(entry, key,
        log_len)` reads one undo entry (`key` names it in errors)."""
        self.log = log_field(data)
        for i, entry in enumerate(need(data, "undo", list)):
            if not isinstance(entry, dict):
                raise StateFormatError(f"undo[{i}] must be an object")
            self.undo_stack.append(snapshot_of(entry, f"undo[{i}]", log_length(entry, self.log)))
