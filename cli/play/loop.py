"""The `cadenza play` game loop: draw the position, read a line, carry it out, let the
AI seats move, until the person quits or input ends.

A bad line gets one `!` line and the loop goes on. After every move the game is
autosaved (cli/play/autosave.py), and what was typed while the AI thought is thrown
away. A seat with a single legal action plays it at once: an AI seat without a
search, the person's seat unless --no-auto-forced. The game's end gets one summary
(and the running total of the sitting, cli/play/sitting.py); the prompt stays open
for undo, save, load, new, rematch and quit.

Quitting asks first only when the game would be lost: it is not over, not autosaved
and changed since it was last saved or loaded. At the end of input nothing is asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from cli.play import autosave
from cli.play.aisession import AiSession, Note, Thinking
from cli.play.commands import candidates, execute
from cli.play.render import Screen, final_result, unit_of, visible_scores
from cli.play.session import Session
from cli.play.sitting import Settings, Sitting
from cli.play.table import TableSession
from cli.play.terminal import make_reader
from engine.errors import CadenzaError

# Forced moves of the person played in a row before the loop asks anyway (a game
# that forced moves forever would otherwise never prompt).
MAX_FORCED_IN_A_ROW = 1000


@dataclass
class Options:
    auto_forced: bool = True  # play the person's only legal action for them
    autosave_dir: Optional[Path] = None  # None: no autosave


def start_session(
    registry,
    game_name: str,
    players: Optional[int],
    variant: Optional[str],
    seat: int,
    seed: int,
    table: bool,
    opponents: list,
    hint_spec,
) -> Session:
    """A new session from the command line's choices (errors are CadenzaErrors)."""
    game = registry.game(game_name)
    if table:
        return TableSession.start(registry, game, players, variant, seat, seed, hint_spec)
    return AiSession.start(registry, game, players, variant, seat, seed, opponents, hint_spec)


def session_of(registry, settings: Settings, seed: int) -> Session:
    return start_session(
        registry,
        settings.game_name,
        settings.players,
        settings.variant,
        settings.seat,
        seed,
        settings.table,
        settings.opponents,
        settings.hint_spec,
    )


class PlayLoop:
    def __init__(
        self,
        session: Session,
        registry,
        screen: Screen,
        reader,
        sitting: Sitting,
        options: Options,
        autosave_path: Optional[Path] = None,
        seed: Optional[int] = None,
    ):
        self.seed = seed  # the first game's, when it was made from one (not loaded)
        self.session = session
        self.registry = registry
        self.screen = screen
        self.reader = reader
        self.sitting = sitting
        self.options = options
        self.autosave_path = autosave_path
        self.saved = autosave_path is not None  # a resumed game is in its file already
        self.recorded = False  # this game's result is in the sitting's totals

    # ---- the loop ------------------------------------------------------------------------

    def run(self) -> None:
        self.screen.header(self.session, self.seed)
        self.redraw()
        number = 1
        while True:
            line = self.reader.read(f"[{number}] {self.session.game.name}> ")
            number += 1
            if line is None:
                self.leave_note()
                break
            try:
                if not self.carry_out(line):
                    break
            except KeyboardInterrupt:  # a Ctrl-C outside a search: the line is dropped
                self.screen.error("interrupted")
        self.screen.line("Bye.")

    def carry_out(self, line: str) -> bool:
        """One typed line; False to leave."""
        session = self.session
        logged = len(session.log)
        before = visible_scores(session)
        try:
            outcome = execute(line, session, self.screen, self.registry)
        except CadenzaError as exc:
            self.screen.error(str(exc))
            return True
        if outcome.quit:
            return not self.confirm_quit()
        if outcome.next_game:
            self.next_game(outcome.next_game)
            return True
        self.saved = self.saved or outcome.saved
        if outcome.session is not session:
            self.session = outcome.session
            self.autosave_path = None  # a loaded game gets an autosave of its own
            self.recorded = self.session.is_over()
        elif outcome.changed and len(session.log) > logged:
            self.screen.log(session.log[logged:])
            self.screen.score_change(session, before, visible_scores(session))
        if outcome.changed:
            if not self.session.is_over():
                self.recorded = False  # an undo out of the end: it may end otherwise
            if outcome.session is session and not outcome.saved:
                self.saved = False
            self.redraw()
        return True

    def redraw(self) -> None:
        """Let the AI seats and the forced moves go, save, and draw the position."""
        try:
            self.settle()
        except CadenzaError as exc:
            self.screen.error(f"the AI could not move: {exc}")
        self.autosave()
        self.screen.position(self.session)
        if self.session.is_over():
            self.game_over()

    def settle(self) -> None:
        for _ in range(MAX_FORCED_IN_A_ROW):
            self.let_ai_move()
            forced = self.session.forced_move() if self.options.auto_forced else None
            if forced is None:
                return
            logged = len(self.session.log)
            before = visible_scores(self.session)
            self.session.play([forced], record=False)
            lines = self.session.log[logged:]
            self.screen.log([f"{text} (your only move)" for text in lines])
            self.screen.score_change(self.session, before, visible_scores(self.session))

    def let_ai_move(self) -> None:
        """The AI seats and the dice, up to the person's next decision (AI sessions only)."""
        session = self.session
        if not isinstance(session, AiSession):
            return
        searched = False
        before = visible_scores(session)
        events = session.advance()
        for event in events:
            if isinstance(event, Thinking):
                searched = True
                # The search runs when the generator is resumed: show who is thinking.
                with self.screen.thinking(f"seat {event.seat} ({event.spec.searcher}) is thinking"):
                    event = next(events, None)
                if event is None:
                    break
            if isinstance(event, Note):
                self.screen.line(event.text, style="yellow")
                continue
            self.screen.log([event])
            after = visible_scores(session)
            self.screen.score_change(session, before, after)
            before = after
        discard = getattr(self.reader, "discard_typeahead", None)
        if searched and discard is not None and discard():
            self.screen.line("(what you typed while the AI thought was thrown away)")

    # ---- saving and leaving ------------------------------------------------------------

    def autosave(self) -> None:
        where = self.options.autosave_dir
        if where is None:
            return
        try:
            if self.autosave_path is None:
                self.autosave_path = autosave.new_path(where, self.session.game.name)
            autosave.write(self.session, self.autosave_path)
        except CadenzaError as exc:
            self.screen.error(f"{exc}; autosave is off for this game")
            self.options.autosave_dir = None
            return
        self.saved = True

    def unsaved(self) -> bool:
        return not self.saved and not self.session.is_over()

    def confirm_quit(self) -> bool:
        """Whether to leave now: asks when the game would be lost (EOF: yes)."""
        if not self.unsaved():
            self.leave_note()
            return True
        answer = self.reader.read("The game is not saved. Quit anyway? [y/N] ")
        if answer is None or answer.strip().lower() in ("y", "yes"):
            return True
        self.screen.line("Not quitting: save FILE keeps the game.")
        return False

    def leave_note(self) -> None:
        if self.autosave_path is not None and not self.session.is_over():
            self.screen.line(
                f"The game is autosaved in {self.autosave_path}: "
                f"cadenza play --resume continues it."
            )
        elif self.unsaved():
            self.screen.line("The game was not saved.")

    # ---- the end and the next game -------------------------------------------------------

    def game_over(self) -> None:
        self.screen.summary(self.session)
        if self.recorded:
            return
        self.recorded = True
        scores, returns = final_result(self.session)
        self.sitting.record(self.session, scores, returns)
        if self.sitting.played > 1 or self.sitting.hands > 1:
            self.screen.tally(self.sitting.total_line(self.session, unit_of(self.session)))
        if self.sitting.more_hands():
            self.screen.line(f"Next hand ({self.sitting.played + 1} of {self.sitting.hands}):")
            self.next_game("rematch")
        else:
            self.screen.line("Type new for another game, rematch to swap seats, or quit.")

    def next_game(self, kind: str) -> None:
        """Start the sitting's next game: `new` keeps the seats, `rematch` rotates them;
        both with the next seed."""
        players = self.session.players
        settings = self.sitting.rotate(players) if kind == "rematch" else self.sitting.settings
        seed = self.sitting.next_seed()
        try:
            session = session_of(self.registry, settings, seed)
        except CadenzaError as exc:
            self.screen.error(f"cannot start the next game: {exc}")
            return
        self.session = session
        self.autosave_path = None
        self.saved = False
        self.recorded = False
        self.screen.header(session, seed)
        self.redraw()


def run(
    session: Session,
    registry,
    screen: Optional[Screen] = None,
    reader=None,
    seed: Optional[int] = None,
    options: Optional[Options] = None,
    sitting: Optional[Sitting] = None,
    autosave_path: Optional[Path] = None,
) -> None:
    """Play until `quit` or the end of input."""
    screen = screen or Screen()
    holder: dict = {}
    if reader is None:
        reader = make_reader(lambda words: candidates(holder["loop"].session, words))
    loop = PlayLoop(
        session,
        registry,
        screen,
        reader,
        sitting or Sitting.of_session(session, seed),
        options or Options(),
        autosave_path,
        seed,
    )
    holder["loop"] = loop
    loop.run()
