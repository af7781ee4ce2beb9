"""The list of what the person can type, numbered and made short enough for a small
terminal: moves that differ in one part only (the same piece on many spaces, the
same space with many pieces) share one line, each shown by that part and its number.

Generic over games: a notation is cut at its first separator (`@`, `:`, `>`) into a
head and a tail; the moves are grouped by head or by tail, whichever gives fewer
lines. The person types a move's notation or its number (`number_of`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

SEPARATORS = "@:>"
# Fewer moves than this are listed one a line, with their plain words.
ONE_A_LINE = 10
# A group needs at least this many moves (fewer read better whole).
GROUP_MIN = 3
# The marker of the part that varies inside a group.
ELLIPSIS = "…"


@dataclass
class Group:
    """Moves sharing all of their notation but one part: `pattern` shows the shared
    part around ELLIPSIS, `words` what their plain words share, `items` each move's
    (number, varying part)."""

    pattern: str
    words: str
    items: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class Single:
    number: int
    text: str
    words: str


def split_notation(text: str) -> Optional[tuple[str, str, str]]:
    """(head, separator, tail) at the first separator, or None without one."""
    for i, char in enumerate(text):
        if char in SEPARATORS and 0 < i < len(text) - 1:
            return text[:i], char, text[i + 1 :]
    return None


def common_words(texts: list[str]) -> str:
    """The words every text starts with (empty when they share none)."""
    split = [t.split() for t in texts]
    shared = []
    for words in zip(*split, strict=False):
        if any(w != words[0] for w in words[1:]):
            break
        shared.append(words[0])
    return " ".join(shared)


def _grouped(entries: list[tuple[str, str]], by_head: bool) -> list:
    """The entries as Singles and Groups, grouped by the shared head or tail."""
    keys: dict[tuple[str, str], list[int]] = {}
    for index, (text, _) in enumerate(entries):
        parts = split_notation(text)
        if parts is not None:
            head, sep, tail = parts
            keys.setdefault((head, sep) if by_head else (sep, tail), []).append(index)
    in_group = {}
    for key, members in keys.items():
        if len(members) >= GROUP_MIN:
            for index in members:
                in_group[index] = key
    shown, groups = [], {}
    for index, (text, words) in enumerate(entries):
        key = in_group.get(index)
        if key is None:
            shown.append(Single(index + 1, text, words))
            continue
        if key not in groups:
            members = keys[key]
            described = [entries[i][1] for i in members]
            plain = any(w != entries[i][0] for i, w in zip(members, described, strict=True))
            pattern = f"{key[0]}{key[1]}{ELLIPSIS}" if by_head else f"{ELLIPSIS}{key[0]}{key[1]}"
            groups[key] = Group(pattern, common_words(described) if plain else "")
            shown.append(groups[key])
        head, sep, tail = split_notation(text)
        groups[key].items.append((index + 1, tail if by_head else head))
    return shown


def arrange(entries: list[tuple[str, str]]) -> list:
    """The entries (notation, plain words), numbered from 1, as Singles and Groups:
    one a line when they are few, else grouped the way that takes fewer lines."""
    if len(entries) < ONE_A_LINE:
        return [Single(i + 1, text, words) for i, (text, words) in enumerate(entries)]
    return min((_grouped(entries, True), _grouped(entries, False)), key=len)


def numbers_allowed(texts: list[str]) -> bool:
    """Whether a number typed alone can mean a listed move (not where a game's
    notation is itself a number)."""
    return bool(texts) and not any(t.isdigit() for t in texts)


def number_of(line: str, texts: list[str]) -> Optional[str]:
    """The move a line names by its number in the list, or None when the line is not
    a lone number (or numbers are not used here). Raises ValueError out of range."""
    word = line.strip()
    if not word.isdigit() or not numbers_allowed(texts):
        return None
    number = int(word)
    if not 1 <= number <= len(texts):
        raise ValueError(f"there is no move {number}: the list goes 1..{len(texts)}")
    return texts[number - 1]
