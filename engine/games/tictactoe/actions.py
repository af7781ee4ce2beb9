"""Tic-tac-toe's notation, shared by the compiled state and the reference: cell
actions 0..8, row-major from a1, written as the cell's name (a1 b1 c1 = 0 1 2, ...,
a3 b3 c3 = 6 7 8)."""

from engine.errors import IllegalActionError
from engine.validate import is_int

COLUMNS = "abc"
NUM_ACTIONS = 9


def action_to_str(action) -> str:
    if not is_int(action) or not 0 <= action < NUM_ACTIONS:
        raise IllegalActionError(f"no tic-tac-toe action {action!r}")
    row, column = divmod(action, 3)
    return f"{COLUMNS[column]}{row + 1}"


def str_to_action(text) -> int:
    """The cell named by `text`, in either case ("B2" is b2)."""
    if isinstance(text, str):
        text = text.lower()
    if (
        not isinstance(text, str)
        or len(text) != 2
        or text[0] not in COLUMNS
        or text[1] not in "123"
    ):
        raise IllegalActionError(f"a tic-tac-toe move is a cell a1..c3, got {text!r}")
    return (int(text[1]) - 1) * 3 + COLUMNS.index(text[0])
