"""The interfaces of a game folder's modules (engine/games/README.md), declared once.

Every game names the same functions in the same files, so a front-end, a test or the
state glue (engine/glue.py) finds a concept under one name in every game. A
"position" is the game's own plain-Python form of a whole state (its codec's record);
an "observation" is the JSON-able dict of what one seat knows.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Callable, Optional, Protocol, runtime_checkable


@runtime_checkable
class ActionsModule(Protocol):
    """actions.py: the action ids and their notation, the only home of both."""

    NUM_ACTIONS: int

    def action_to_str(self, action: int) -> str:
        """Short notation without spaces; IllegalActionError for an id of no action."""

    def str_to_action(self, text: str) -> int:
        """The id `action_to_str` writes as `text`; IllegalActionError otherwise."""


@runtime_checkable
class CodecModule(Protocol):
    """codec.py: the JSON layout of a whole state and its validation."""

    def state_dict(self, position: Any) -> dict:
        """The position as the state's JSON-able dict (with its "game" key)."""

    def parse_state(self, data: dict) -> Any:
        """The position a state dict holds; StateFormatError on anything else."""


@runtime_checkable
class ViewsModule(Protocol):
    """views.py (hidden-information games): what one seat knows."""

    def observation_dict(self, position: Any, seat: int) -> dict:
        """Exactly what `seat` knows of the position, as a JSON-able dict."""

    def determinize(self, observation: dict, rng: Any, from_position: Callable) -> Any:
        """A state consistent with `observation`, the unseen parts drawn with `rng`:
        the position drawn, made a state by `from_position` (the compiled class's or
        the reference's) and checked to show the seat exactly `observation`."""


@runtime_checkable
class RenderModule(Protocol):
    """render.py: text for a person."""

    def render(self, position: Any) -> str:
        """A multi-line drawing of the whole position."""

    def render_observation(self, observation: dict) -> Optional[str]:
        """A drawing of one seat's observation (None: the front-end draws it)."""

    def hint_reason(self, state: Any, seat: int, actions: list) -> Optional[str]:
        """One line on why `seat` would play `actions`, or None."""


@runtime_checkable
class WordsModule(Protocol):
    """words.py: actions in plain words and the rules for a person."""

    RULES: str
    NOTATION: str

    def describe(self, state: Any, action: int, viewer: Optional[int]) -> str:
        """`action` in plain words as seat `viewer` sees it (None: in full)."""

    def illegal_reason(self, state: Any, action: int) -> Optional[str]:
        """One line on why `action` cannot be played now, or None."""


@runtime_checkable
class SvgModule(Protocol):
    """svg.py: the web board."""

    def draw(self, observation: dict, legal: list, context: Any) -> list:
        """SVG elements of `observation`, an action's element carrying its id."""


# The file each interface is for, in a game folder.
INTERFACES: dict[str, type] = {
    "actions": ActionsModule,
    "codec": CodecModule,
    "views": ViewsModule,
    "render": RenderModule,
    "words": WordsModule,
    "svg": SvgModule,
}


def declared_names(interface: type) -> list[str]:
    """The constants and functions `interface` declares."""
    functions = [
        name
        for name, value in vars(interface).items()
        if callable(value) and not name.startswith("_")
    ]
    return sorted([*interface.__annotations__, *functions])


def missing_names(module: ModuleType, interface: type) -> list[str]:
    """The names `interface` declares that `module` lacks or holds as a non-callable."""
    missing = []
    for name in declared_names(interface):
        value = getattr(module, name, None)
        declared = getattr(interface, name, None)
        if value is None or (callable(declared) and not callable(value)):
            missing.append(name)
    return sorted(missing)
