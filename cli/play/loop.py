"""The `cadenza play` game loop: draw the position, read a line, carry it out, let the
AI seats move, until the person quits or input ends.

A bad line gets one `!` line and the loop goes on; the game's end gets a summary and
the prompt stays open (undo, save, load, quit).
"""

from __future__ import annotations

from typing import Optional

from cli.play.aisession import AiSession, Thinking
from cli.play.commands import candidates, execute
from cli.play.render import Screen
from cli.play.session import Session
from cli.play.table import TableSession
from cli.play.terminal import make_reader
from engine.errors import CadenzaError


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


def let_ai_move(session: Session, screen: Screen) -> None:
    """The AI seats and the dice, up to the person's next decision (AI sessions only)."""
    if not isinstance(session, AiSession):
        return
    events = session.advance()
    for event in events:
        if isinstance(event, Thinking):
            # The search runs when the generator is resumed: show who is thinking.
            with screen.thinking(f"seat {event.seat} ({event.spec.searcher}) is thinking"):
                event = next(events, None)
            if event is None:
                return
        screen.log([event])


def run(
    session: Session,
    registry,
    screen: Optional[Screen] = None,
    reader=None,
    seed: Optional[int] = None,
) -> None:
    """Play until `quit` or the end of input."""
    screen = screen or Screen()
    current = {"session": session}
    if reader is None:
        reader = make_reader(lambda words: candidates(current["session"], words))
    screen.header(session, seed)
    redraw(session, screen)
    number = 1
    while True:
        line = reader.read(f"[{number}] {session.game.name}> ")
        number += 1
        if line is None:
            break
        logged = len(session.log)
        try:
            outcome = execute(line, session, screen, registry)
        except CadenzaError as exc:
            screen.error(str(exc))
            continue
        if outcome.quit:
            break
        if outcome.session is not session:
            session = current["session"] = outcome.session
        elif outcome.changed and len(session.log) > logged:
            screen.log(session.log[logged:])
        if outcome.changed:
            redraw(session, screen)
    screen.line("Bye.")


def redraw(session: Session, screen: Screen) -> None:
    try:
        let_ai_move(session, screen)
    except CadenzaError as exc:
        screen.error(f"the AI could not move: {exc}")
    screen.position(session)
    if session.is_over():
        screen.summary(session)
