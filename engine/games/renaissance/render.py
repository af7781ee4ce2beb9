"""A text drawing of a Maestro: da Vinci vs Michelangelo position, from its JSON
layout (codec.state_dict), for people reading a game in a terminal. An observation
has the same layout, with the rival's hidden cards as counts: drawn the same way, it
is what one seat sees."""

from __future__ import annotations


def _counts(counts: dict) -> str:
    return " ".join(f"{k}x{v}" if v > 1 else k for k, v in sorted(counts.items())) or "-"


def render(data: dict) -> str:
    names = ("da Vinci", "Michelangelo")
    to_move = data["to_move"]
    mover = {-1: "chance", -2: "game over"}.get(to_move, names[to_move] if to_move >= 0 else "")
    lines = [
        f"Maestro: da Vinci vs Michelangelo  round {data['round']}  phase {data['phase']}"
        f"  to move: {mover}  (variant {data['variant']})",
        f"  gray: {' '.join(data['gray']) or '-'}   centerpieces: "
        + (" ".join(f"{r}:{names[o]}" for r, o in sorted(data["centerpieces"].items())) or "-"),
        f"  lodge standing {_counts(data['lodge']['standing'])}  "
        f"lying {_counts(data['lodge']['lying'])}",
        f"  patronesses: {' '.join(data['patronesses']) or '-'}   study tiles: "
        + " ".join(t or "?" for t in data["study_tiles"]),
    ]
    for seat, ws in enumerate(data["workshops"]):
        res = ws["resources"]
        you = " (you)" if data.get("seat") == seat else ""
        lines.append(
            f"  {names[seat]}{you}: {ws['vp']} VP  study {ws['study']}  "
            f"resources A[{_counts(res['A'])}] B[{_counts(res['B'])}]  "
            f"reserve {ws['reserve']} supply {ws['supply']}"
        )
        lines.append(f"    artworks {_counts(ws['artworks'])}")
        hand = _counts(ws["hand"]) if "hand" in ws else f"{ws['hand_size']} hidden"
        aside = _counts(ws["aside"]) if "aside" in ws else f"{ws['aside_size']} hidden"
        board = " ".join(f"{card}@{dest}" for card, dest, _ in ws["board"]) or "-"
        lines.append(f"    hand {hand}  set aside {aside}  board {board}")
        lines.append(
            f"    display {_counts(ws['display'])}  benefactors {_counts(ws['benefactors'])}"
        )
    bp = " ".join(f"{k}{'*' if v['done'] else ''}" for k, v in sorted(data["blueprints"].items()))
    lines.append(
        f"  blueprints {bp}  markers {data['markers']}   sistine done "
        f"{' '.join(data['sistine']['done']) or '-'} covered "
        f"{' '.join(data['sistine']['covered']) or '-'}"
    )
    return "\n".join(lines)
