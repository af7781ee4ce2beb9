"""Takt Voll in plain words for a person: an action as one seat sees it (`describe`),
why an action cannot be played now (`illegal_reason`), and the rules summary and the
notation legend shown by front-ends (`RULES`, `NOTATION`). Section numbers (§) are
those of shared/rules/takt-voll.md.

Everything here is read from the seat's View (codec.View), never from the whole
position, so a seat's text cannot name a card it has not seen: another seat's draw
reads "seat 2 draws a card" to it, and only the drawer is told which card it was.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalActionError
from engine.games.taktvoll import actions, codec, views
from engine.games.taktvoll.actions import DEAL_BASE, DRAW, KEEP, NOBAR, PASS, PLAY_BASE
from engine.games.taktvoll.codec import AFTER_DRAW, BONUS, DEAL, DRAWING, START
from engine.games.taktvoll.tables import (
    BAR,
    BAR_KIND,
    CLEF,
    DECK,
    KINDS,
    MAX_ROWS,
    MIRROR_AXIS,
    NOTE,
    REST,
    SIGNATURE,
)

RULES = """\
3-8 players build up to four shared rows of music. A row starts with a clef,
then a time signature (1/4, 2/4, 3/4 or 4/4); notes and rests fill its bars,
and a bar may never hold more than its time signature.
On your turn: play one card from hand, or draw the top card (you may then play
that card only), or pass once the deck is empty.
A bar line closes an exactly full bar and scores its note and rest cards for
whoever plays it. The card that fills a bar may be followed at once by a bar
line from hand: the only way to play two cards in a turn.
The game ends when a hand is empty or every seat passes in a row; a card left
in hand costs 1 point, a bar line 2. Variant 1: notes of a row at most a third
apart. Variant 2: +1 for a prime, fourth, fifth or octave."""

NOTATION = """\
draw, pass, keep (keep the drawn card), nobar (decline the bonus bar line);
clef opens the next row; CARD@ROW plays a card on row 1-4: 3/4@1 a time
signature, bar@2 a bar line, W H Q E S@3 a semibreve, minim, crotchet, quaver,
semiquaver; rW rH rQ rE@3 the rests; with pitches, QG4@2 a crotchet on G4,
QG4~@2 turned round (it reads mirrored about the middle line).
Chance: +Q a crotchet comes off the deck, start2 seat 2 takes the first turn.
Notation is not case-sensitive: q@2 is Q@2."""

VALUE_NAMES = {"W": "semibreve", "H": "minim", "Q": "crotchet", "E": "quaver", "S": "semiquaver"}
PITCH_NAMES = dict(zip(DECK["note_pitches"], DECK["pitch_names"], strict=True))


def card_name(kind: int) -> str:
    """A kind of card in words: "clef", "3/4 time signature", "crotchet G4", "minim rest"."""
    k = KINDS[kind]
    if k.category == CLEF:
        return "clef"
    if k.category == SIGNATURE:
        return f"{k.name} time signature"
    if k.category == BAR:
        return "bar line"
    if k.category == REST:
        return f"{VALUE_NAMES[k.value]} rest"
    if k.pitch is None:
        return VALUE_NAMES[k.value]
    return f"{VALUE_NAMES[k.value]} {PITCH_NAMES[k.pitch]}"


def a_card(kind: int) -> str:
    return ("an " if card_name(kind)[0] in "aeiou" else "a ") + card_name(kind)


def _turned(kind: int) -> str:
    return f" turned round (it reads {PITCH_NAMES[MIRROR_AXIS - KINDS[kind].pitch]})"


@dataclass
class Table:
    """What a seat (or a referee, seat None) sees before an action."""

    view: codec.View
    viewer: int | None  # None: everything may be named

    def row(self, row: int) -> codec.RowSummary:
        return codec.summarize_row(self.view.rules, self.view.rows[row], "row")

    def names(self, seat: int) -> bool:
        """Whether a card that goes to `seat`'s hand may be named."""
        return self.viewer is None or self.viewer == seat

    def who(self, seat: int) -> str:
        return "you" if self.viewer == seat else f"seat {seat}"


def table_of(state, viewer) -> Table:
    """The Table a seat sees: its observation; for viewer None, the whole position
    (drawn from the mover's seat, so the card just drawn is known)."""
    if viewer is None:
        pos = state.position()
        return Table(views.view_of(pos, max(pos.turn, 0)), None)
    return Table(codec.parse_view(state.observation(viewer)), viewer)


# ---- describe -------------------------------------------------------------------------------


def describe(state, action, viewer=None) -> str:
    if viewer is not None:
        state._check_seat(viewer)
    actions.action_to_str(action)  # IllegalActionError for an id that names nothing
    table = table_of(state, viewer)
    v = table.view
    if v.phase in (DEAL, DRAWING):
        return _card_off_deck(table, action - DEAL_BASE)
    if v.phase == START:
        seat = action - actions.START_BASE
        return f"{table.who(seat)} {'take' if table.viewer == seat else 'takes'} the first turn"
    if action == DRAW:
        return "draw the top card of the deck"
    if action == PASS:
        return "pass: the deck is empty"
    if action == KEEP:
        if v.drawn >= 0:
            return f"keep the {card_name(v.drawn)} just drawn in hand"
        return "keep the card just drawn in hand"
    if action == NOBAR:
        return f"play no bonus bar line on row {v.bonus_row + 1}"
    return _play(table, *actions.decode_play(action))


def _card_off_deck(table: Table, kind: int) -> str:
    v = table.view
    if v.phase == DEAL:
        dealt = sum(v.hand_sizes) - v.rules.bar_lines_each(v.players) * v.players
        seat = dealt % v.players
        verb = "are" if table.viewer == seat else "is"
        card = a_card(kind) if table.names(seat) else "a card"
        return f"{table.who(seat)} {verb} dealt {card}"
    seat = v.turn
    verb = "draw" if table.viewer == seat else "draws"
    card = a_card(kind) if table.names(seat) else "a card"
    return f"{table.who(seat)} {verb} {card}"


def _play(table: Table, kind: int, row: int, turned: int) -> str:
    v = table.view
    k = KINDS[kind]
    if k.category == CLEF:
        return f"play a clef to open row {len(v.rows) + 1}"
    if k.category == SIGNATURE:
        return f"play the {card_name(kind)} on row {row + 1}"
    summary = table.row(row)
    if k.category == BAR:
        points = v.rules.bar_points(summary.count, summary.capacity)
        bonus = "the bonus " if v.phase == BONUS else "a "
        return f"play {bonus}bar line on row {row + 1}, scoring its {_points(points)}"
    drawn = (
        "the drawn "
        if v.phase == AFTER_DRAW
        else ("an " if card_name(kind)[0] in "aeiou" else "a ")
    )
    fill = summary.fill + k.duration
    text = f"play {drawn}{card_name(kind)}{_turned(kind) if turned else ''} on row {row + 1}"
    text += " (fills the bar)" if fill == summary.capacity else f" (bar {fill}/{summary.capacity})"
    bonus = interval_bonus_of(v, summary, kind, turned)
    return text + (", +1 for the interval" if bonus else "")


def _points(points: int) -> str:
    return f"{points} point" + ("" if points == 1 else "s")


def _sounding(kind: int, turned: int):
    pitch = KINDS[kind].pitch
    if KINDS[kind].category != NOTE or pitch is None:
        return None
    return MIRROR_AXIS - pitch if turned else pitch


def interval_bonus_of(v: codec.View, summary: codec.RowSummary, kind: int, turned: int) -> bool:
    """Variant 2 (§9): a prime, fourth, fifth or octave from the row's last note."""
    pitch = _sounding(kind, turned)
    if not v.rules.interval_bonus or pitch is None or summary.last_pitch == codec.NO_PITCH:
        return False
    return abs(pitch - summary.last_pitch) in v.rules.bonus_steps


# ---- illegal_reason ----------------------------------------------------------------------------


def illegal_reason(state, action):
    """Why `action` cannot be played now, from the rules; None if it can."""
    try:
        actions.action_to_str(action)
    except IllegalActionError:
        return (
            "that is no takt voll move: a clef always opens the next row, and only a pitched "
            "semibreve, minim or crotchet can be turned round (§2.1)"
        )
    if action in state.legal_actions():
        return None
    if state.is_terminal():
        return "the game is over"
    seat = state.current_player()
    if seat < 0:
        return "the shuffle decides now: cards are dealt or drawn, or the first seat is chosen"
    table = table_of(state, seat)
    v = table.view
    if action >= DEAL_BASE:
        return "that is the shuffle's outcome, not a move: a seat cannot choose it"
    if v.phase == AFTER_DRAW:
        return _after_draw_reason(v, action)
    if v.phase == BONUS:
        if action >= PLAY_BASE and actions.decode_play(action)[0] == BAR_KIND:
            if actions.decode_play(action)[1] != v.bonus_row:
                return (
                    "the bonus bar line goes only on the bar just filled, "
                    f"on row {v.bonus_row + 1} (§5.2)"
                )
            return "you hold no bar line"
        return (
            f"the bar just filled: now only its bonus bar line on row {v.bonus_row + 1}, "
            "or none, may follow (§5.2)"
        )
    if action == DRAW:
        return "the deck is empty: pass instead (§5.2)"
    if action == PASS:
        return "you may pass only once the deck is empty; draw a card instead (§5.2)"
    if action == KEEP:
        return "there is no drawn card to keep: keep follows a draw"
    if action == NOBAR:
        return "no bar was just filled, so there is no bonus bar line to decline"
    kind, row, turned = actions.decode_play(action)
    if not v.hand[kind]:
        return f"you hold no {card_name(kind)}"
    return _placement_reason(v, kind, row, turned, table)


def _after_draw_reason(v: codec.View, action: int) -> str:
    if action in (DRAW, PASS, NOBAR):
        return f"you have drawn: keep the {card_name(v.drawn)} or play it (§5.2)"
    kind, row, turned = actions.decode_play(action)
    if kind != v.drawn:
        return f"after a draw only the card drawn, the {card_name(v.drawn)}, may be played (§5.2)"
    return _placement_reason(v, kind, row, turned, Table(v, v.seat))


def _placement_reason(v: codec.View, kind: int, row: int, turned: int, table: Table) -> str:
    """Why a card held (or just drawn) cannot go on that row (§5.1, §9)."""
    k = KINDS[kind]
    if k.category == CLEF:
        return f"all {MAX_ROWS} rows are open already: there are only {MAX_ROWS} clefs"
    if row >= len(v.rows):
        return f"there is no row {row + 1} yet: a clef opens a new row (§5.1)"
    summary = table.row(row)
    if k.category == SIGNATURE:
        return f"row {row + 1} has its time signature already (§5.1)"
    if not summary.capacity:
        return f"row {row + 1} needs a time signature before any {card_name(kind)} (§5.1)"
    state_of_bar = f"row {row + 1}'s bar holds {summary.fill}/{summary.capacity} sixteenths"
    if k.category == BAR:
        return f"a bar line closes only an exactly full bar; {state_of_bar} (§5.1)"
    if summary.fill + k.duration > summary.capacity:
        return f"a {card_name(kind)} ({k.duration} sixteenths) does not fit: {state_of_bar} (§5.1)"
    if turned and not v.rules.can_turn(k):
        return "this card is not turned round in this game (§2.1)"
    pitch = _sounding(kind, turned)
    if v.rules.stepwise and pitch is not None and summary.last_pitch != codec.NO_PITCH:
        return (
            f"Variant 1: a note at most {v.rules.max_step} staff steps from the row's last note, "
            f"{PITCH_NAMES[summary.last_pitch]} (§9)"
        )
    return "the rules do not allow that card there now (§5.1)"
