"""Takt Voll drawn as text for a person: the whole table, or only what one seat sees
(folded to 80 columns: long rows and hands wrap, never crop), and the
reason beside a hint."""

from __future__ import annotations

from engine.drawing import folded
from engine.games.taktvoll import words
from engine.games.taktvoll.actions import DRAW as DRAW_ACTION
from engine.games.taktvoll.actions import KEEP as KEEP_ACTION
from engine.games.taktvoll.actions import NOBAR as NOBAR_ACTION
from engine.games.taktvoll.actions import PASS as PASS_ACTION
from engine.games.taktvoll.actions import PLAY_BASE, decode_play
from engine.games.taktvoll.codec import (
    DEAL,
    OVER,
    PHASES,
    START,
    Position,
    View,
    code_name,
    known_bar_lines,
    parse_view,
    summarize_row,
)
from engine.games.taktvoll.tables import BAR, BAR_KIND, KINDS, Rules


def _grouped(counts) -> str:
    parts = [f"{KINDS[k].name}x{n}" if n > 1 else KINDS[k].name for k, n in enumerate(counts) if n]
    return " ".join(parts) or "-"


def row_text(rules: Rules, codes: list[int]) -> str:
    """A row as bars: "clef 3/4 | Q Q Q | E E [4/12]" (the open bar's fill last)."""
    words = [code_name(c) for c in codes[:2]]
    summary = summarize_row(rules, codes, "row")
    bar: list[str] = []
    for code in codes[2:]:
        if code >> 1 == BAR_KIND:
            words.append(" ".join(bar) + " |")
            bar = []
        else:
            bar.append(code_name(code))
    if summary.capacity:
        words.append(" ".join(bar + [f"[{summary.fill}/{summary.capacity}]"]))
    return " ".join(w for w in words if w)


def render(pos: Position) -> str:
    """The whole position (every hand shown) in a few lines."""
    return _draw(pos, [sum(h) for h in pos.hands], sum(pos.deck), pos.hands, viewer=None)


def render_observation(observation: dict) -> str:
    """What one seat sees, drawn like `render`: its own hand; the others' only as
    counts until the game is over. Drawn from the observation itself, so it can show
    nothing the seat cannot see."""
    view = parse_view(observation)
    hands = view.hands or [view.hand if p == view.seat else None for p in range(view.players)]
    return _draw(view, view.hand_sizes, view.deck_size, hands, viewer=view.seat)


def _unseen_hand(view: View, seat: int) -> str:
    bars = known_bar_lines(view.rules, view.players, view.bar_lines_played[seat])
    return f"unseen ({bars} of them bar lines)" if bars else "unseen"


def _draw(pos, sizes: list, deck_size: int, hands: list, viewer) -> str:
    """`pos` is a Position or a View (the fields they share); a hand of None is unseen."""
    n = pos.players
    mover = {DEAL: "dealing", START: "drawing the first seat", OVER: "game over"}.get(
        pos.phase, f"seat {pos.turn} to move ({PHASES[pos.phase]})"
    )
    lines = [f"Takt Voll  {pos.rules.variant}  {n} players  deck {deck_size}  {mover}"]
    for r, row in enumerate(pos.rows):
        lines.append(f"  row {r + 1}: {row_text(pos.rules, row)}")
    if not pos.rows:
        lines.append("  no rows yet")
    for p in range(n):
        notes = []
        if pos.drawn >= 0 and p == pos.turn:
            notes.append(f"drew {KINDS[pos.drawn].name}")
        if pos.bonus_row >= 0 and p == pos.turn:
            notes.append(f"may close row {pos.bonus_row + 1}")
        note = f"  ({', '.join(notes)})" if notes else ""
        you = " (you)" if p == viewer else ""
        cards = _grouped(hands[p]) if hands[p] is not None else _unseen_hand(pos, p)
        lines.append(f"  seat {p}{you}: {pos.points[p]} pts, {sizes[p]} cards: {cards}{note}")
    if pos.passes:
        lines.append(f"  {pos.passes} pass(es) in a row")
    return "\n".join(folded(lines))


def hint_reason(state, seat: int, actions: list) -> str | None:
    """What playing `actions` (the seat's decision, up to chance or its turn's end)
    gains or avoids, judged from what `seat` sees only."""
    state._check_seat(seat)
    if not actions:
        return None
    table = words.table_of(state, seat)
    v = table.view
    first = actions[0]
    if first == DRAW_ACTION:
        fits = [a for a in state.legal_actions() if a >= PLAY_BASE]
        if not fits:
            return "no card in hand fits the table: draw, and play the card drawn if it fits"
        return "keeps the cards in hand for later: draw, and play the card drawn if it fits"
    if first == PASS_ACTION:
        return "nothing to play and the deck is empty"
    if first == KEEP_ACTION:
        return "the drawn card fits nowhere you want it: keep it for a later turn"
    if first == NOBAR_ACTION:
        return "keeps the bar line in hand (it costs 2 points if still held at the end)"
    kind, row, turned = decode_play(first)
    k = KINDS[kind]
    if k.category == BAR:
        count = table.row(row).count
        points = v.rules.bar_points(count, table.row(row).capacity)
        return f"closes row {row + 1}'s bar for {points} points and sheds a bar line (-2 if kept)"
    gain = "sheds a card from hand (-1 a card left at the end)"
    if len(actions) > 1 and decode_play(actions[1])[0] == BAR_KIND:
        summary = table.row(row)
        points = v.rules.bar_points(summary.count + 1, summary.capacity)
        return f"fills row {row + 1}'s bar and closes it at once for {points} points"
    if words.card_name(kind) == "clef":
        return f"opens row {len(v.rows) + 1}, room for more bars; {gain}"
    if k.duration and table.row(row).fill + k.duration == table.row(row).capacity:
        return f"fills row {row + 1}'s bar, which the next bar line scores; {gain}"
    if words.interval_bonus_of(v, table.row(row), kind, turned):
        return f"scores a point for the interval at once; {gain}"
    return gain
