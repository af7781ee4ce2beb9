"""A text drawing of a Maestro position, shared by the compiled state and the
reference (both hand it their codec.Fields)."""

from __future__ import annotations

from engine.games.maestro import codec, tables


def _short(name: str, width: int = 7) -> str:
    return name[:width].ljust(width)


def render(board: tables.Board, f: codec.Fields, scores: list[int]) -> str:
    names = board.tile_names
    lines = [f"Maestro ({f.variant}), {f.players} players, applause {f.applause}/{board.applause}"]
    for r, row_id in enumerate(board.row_ids):
        start = board.row_starts[r]
        cells = []
        for i, instrument in enumerate(board.row_instruments[r]):
            kind = f.cells[start + i]
            if kind == codec.EMPTY:
                cells.append(f" {_short(instrument)} ")
            else:
                cells.append(f"[{_short(names[kind])}]")
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
    return "\n".join(lines)
