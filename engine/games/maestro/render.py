"""Maestro's text for a person, shared by the compiled state and the reference: the
drawing of a position (both hand it their codec.Fields), wrapped to 80 columns, and
the reason beside a hint."""

from __future__ import annotations

from engine.drawing import fit
from engine.games.maestro import codec, tables, words
from engine.games.maestro.actions import PASS


def _short(name: str, width: int = 7) -> str:
    return name[:width].ljust(width)


def render(f: codec.Fields, scores: list[int] | None = None) -> str:
    """The position in a few lines; `scores` (the points by default) beside each seat."""
    board = tables.load_board()
    scores = f.points if scores is None else scores
    names = board.tile_names
    lines = [
        f"Maestro ({f.variant}), {f.players} players, applause {f.applause}/{board.applause}"
        "   (CAPITALS: tiles placed)"
    ]
    for r, row_id in enumerate(board.row_ids):
        start = board.row_starts[r]
        cells = []
        for i, instrument in enumerate(board.row_instruments[r]):
            kind = f.cells[start + i]
            if kind == codec.EMPTY:
                cells.append(_short(instrument))
            else:
                cells.append(_short(names[kind]).upper())
        lines.append(f"  {row_id:>3} {' '.join(cells)}  {board.row_names[r]}")
    for seat in range(f.players):
        agency = f.agencies[seat]
        top = " ".join(
            _short(names[k], 5) if k != codec.EMPTY else "  .  " for k in agency[: board.top_slots]
        )
        bottom = " ".join(
            _short(names[k], 5) if k != codec.EMPTY else "  .  " for k in agency[board.top_slots :]
        )
        marks = []
        if seat == f.to_move and f.phase != codec.OVER:
            marks.append(f"to move ({codec.PHASES[f.phase]})")
        if seat == f.critic:
            marks.append("critic")
        note = f"  {', '.join(marks)}" if marks else ""
        lines.append(f"  seat {seat}: {scores[seat]:>4} points{note}")
        lines.append(f"    {'1-' + str(board.top_slots):>5}: {top}")
        lines.append(f"    {str(board.top_slots + 1) + '-' + str(board.slots):>5}: {bottom}")
    if f.drawn:
        lines.append(f"  drawn, to place: {', '.join(names[k] for k in f.drawn)}")
    if f.phase == codec.OVER:
        lines.append(f"  over ({codec.ENDS[f.end]}): final scores {', '.join(map(str, scores))}")
    return fit("\n".join(lines))


def render_observation(observation: dict) -> str:
    """A seat sees the whole position."""
    return render(codec.parse_state({k: v for k, v in observation.items() if k != "seat"}))


def hint_reason(state, seat: int, actions: list[int]) -> str | None:
    """What playing `actions` (the seat's decision, from `state`) gains or avoids, in
    one line: points, rows finished and the critic, tiles taken from rivals, agency
    penalty avoided, the draw and where a drawn tile goes. Maestro hides nothing, so
    this reads the whole state."""
    actions = list(actions)
    if not actions:
        return None
    board, before = words.position(state)
    after_state = state.clone()
    for action in actions:
        after_state.apply(action)
    _, after = words.position(after_state)
    parts = []
    gained = after.points[seat] - before.points[seat]
    if gained:
        parts.append(f"scores {gained}")
    finished = [
        r for r in range(board.num_rows) if _full(board, after, r) and not _full(board, before, r)
    ]
    for r in finished:
        critic = (
            "" if before.critic == seat else f", taking the critic (+{board.critic_income} a turn)"
        )
        parts.append(f"completes {words.row_title(board, r)}{critic}")
    freed = [
        slot + 1
        for slot in range(board.slots)
        if before.agencies[seat][slot] != codec.EMPTY and after.agencies[seat][slot] == codec.EMPTY
    ]
    if freed:
        spaces = f"space{'s' if len(freed) > 1 else ''} {', '.join(map(str, freed))}"
        parts.append(f"clears your {spaces} ({sum(freed)} penalty points avoided)")
    for rival in range(before.players):
        if rival == seat:
            continue
        taken = sum(
            1
            for slot in range(board.slots)
            if before.agencies[rival][slot] != codec.EMPTY
            and after.agencies[rival][slot] == codec.EMPTY
        )
        if taken:
            parts.append(f"takes {taken} tile{'s' if taken > 1 else ''} from seat {rival}")
    filled = [
        slot + 1
        for slot in range(board.slots)
        if before.agencies[seat][slot] == codec.EMPTY and after.agencies[seat][slot] != codec.EMPTY
    ]
    for space in filled:
        side = "open to rivals" if space <= board.top_slots else "exclusive"
        parts.append(f"keeps the tile on space {space} ({side}, -{space} if left)")
    if after.phase == codec.OVER:
        final = after_state.scores()
        best_rival = max(final[s] for s in range(after.players) if s != seat)
        parts.append(f"ends the game: you {final[seat]}, best rival {best_rival}")
    elif PASS < actions[-1] <= board.max_draw:
        parts.append(_draw_reason(board, after, seat))
    if not parts:
        if actions[0] == PASS:
            return "places nothing: keeps your tiles for a later turn"
        return None
    return "; ".join(parts)


def _draw_reason(board: tables.Board, f: codec.Fields, seat: int) -> str:
    """The trade of a draw of k: tiles to place later against the spaces they fill."""
    k = f.draws_left
    free = sum(1 for kind in f.agencies[seat] if kind == codec.EMPTY)
    bag = codec.bag_counts(board, f)
    musicians = k * (sum(bag) - bag[board.applause_kind]) / max(1, sum(bag))
    most = min(board.max_draw, free)
    trade = "the most tiles to play later" if k == most else "less to pay for tiles left over"
    return (
        f"draws {k}: {trade} (about {musicians:.1f} musicians expected; "
        f"{free - k} of {free} free spaces stay free at least)"
    )


def _full(board: tables.Board, f: codec.Fields, row: int) -> bool:
    start = board.row_starts[row]
    return all(f.cells[c] != codec.EMPTY for c in range(start, start + board.row_lengths[row]))
