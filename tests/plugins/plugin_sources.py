"""Sources of the throwaway third-party plugins that the plugin tests install in a tmp dir.

`cadenza_demo` is a real plugin: a compiled game ("count to 10", a .pyx that cimports
the installed engine.state.State) and a pure-Python searcher ("first"). The others
are broken on purpose, one way each, to prove a bad plugin never takes down the rest.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import engine

# Count to 10: seats take turns adding 1 or 2 to a running total starting at 0; the
# seat that reaches 10 wins. Actions 0 and 1 are "add1" and "add2".
COUNT_PYX = """
from libc.stdint cimport uint64_t

from engine.errors import IllegalActionError
from engine.state cimport State, TERMINAL
from engine.validate import get_int, require

cdef int TARGET = 10


cdef class CountState(State):
    cdef int total
    cdef int to_move

    game_name = "count10"

    def __init__(self):
        self.num_players = 2
        self.num_actions = 2
        self.variant = "standard"
        self.total = 0
        self.to_move = 0

    @classmethod
    def new_initial(cls, num_players=2, variant="standard"):
        return cls()

    cdef int c_current_player(self) noexcept nogil:
        return TERMINAL if self.total >= TARGET else self.to_move

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        if self.total >= TARGET:
            return 0
        out[0] = 0
        if self.total + 2 > TARGET:
            return 1
        out[1] = 1
        return 2

    cdef void c_apply(self, int action) noexcept nogil:
        self.total += action + 1
        if self.total < TARGET:
            self.to_move = 1 - self.to_move

    cdef void c_returns(self, double* out) noexcept nogil:
        out[self.to_move] = 1.0
        out[1 - self.to_move] = 0.0

    cdef uint64_t c_hash(self) noexcept nogil:
        return <uint64_t>(self.total * 2 + self.to_move + 1) * 0x9E3779B97F4A7C15ULL

    cdef State c_clone(self):
        cdef CountState copy = CountState()
        copy.total = self.total
        copy.to_move = self.to_move
        return copy

    def scores(self):
        done = self.total >= TARGET
        return [1 if done and s == self.to_move else 0 for s in range(2)]

    def to_dict(self):
        return {"game": "count10", "total": self.total, "to_move": self.to_move}

    @classmethod
    def from_dict(cls, data):
        cdef CountState s = cls()
        s.total = get_int(data, "total", 0, TARGET)
        s.to_move = get_int(data, "to_move", 0, 1)
        return s

    def observation(self, seat):
        self._check_seat(seat)
        return dict(self.to_dict(), seat=seat)

    @classmethod
    def from_observation(cls, observation, rng):
        data = dict(observation)
        data.pop("seat", None)
        return cls.from_dict_checked(data)

    def action_to_str(self, action):
        if action not in (0, 1):
            raise IllegalActionError(f"no count10 action {action!r}")
        return f"add{action + 1}"

    def str_to_action(self, text):
        if text not in ("add1", "add2"):
            raise IllegalActionError(f"a count10 move is add1 or add2, got {text!r}")
        return int(text[3]) - 1
"""

DEMO_PLUGIN = '''
"""The demo plugin: a compiled game and a pure-Python searcher."""
from engine.game import GameSpec
from plugins.hookspecs import hookimpl
from search.base import Decision, Searcher, SearcherSpec, turn_of

from cadenza_demo.count import CountState


class FirstSearcher(Searcher):
    """Always the lowest legal action."""

    name = "first"

    def choose(self, state, seat, budget, rng):
        lowest = lambda s: min(s.legal_actions())
        return Decision(actions=turn_of(state, seat, lowest(state), lowest),
                        value=state.heuristic()[seat])


@hookimpl
def cadenza_register_games(register):
    register(GameSpec(name="count10", state_class=CountState, min_players=2,
                      max_players=2, description="add 1 or 2; reach 10 to win"))


@hookimpl
def cadenza_register_searchers(register):
    register(SearcherSpec("first", FirstSearcher, {}, "the lowest legal action"))
'''

SETUP_PY = """
from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    name="cadenza-demo",
    ext_modules=cythonize(
        [Extension("cadenza_demo.count", ["cadenza_demo/count.pyx"])],
        include_path=[{include!r}],
        compiler_directives={{"language_level": 3}},
    ),
)
"""

# Broken plugins: (distribution, entry-point name, module source). Each fails in
# exactly one way; none of them may stop the demo plugin or the built-ins.
BROKEN = {
    "cadenza_bad_import": (
        "bad_import",
        """
raise RuntimeError("this plugin cannot be imported")
""",
    ),
    "cadenza_bad_hook": (
        "bad_hook",
        """
from plugins.hookspecs import hookimpl

@hookimpl
def cadenza_register_games(register):
    raise RuntimeError("this plugin fails inside its hook")
""",
    ),
    "cadenza_duplicate": (
        "duplicate",
        """
from engine.games.tictactoe import GAME
from plugins.hookspecs import hookimpl
import dataclasses

@hookimpl
def cadenza_register_games(register):
    register(dataclasses.replace(GAME, description="an impostor"))
""",
    ),
    "cadenza_not_a_spec": (
        "not_a_spec",
        """
from plugins.hookspecs import hookimpl

@hookimpl
def cadenza_register_searchers(register):
    register({"name": "dict-searcher"})
""",
    ),
    "cadenza_bad_argument": (
        "bad_argument",
        """
from plugins.hookspecs import hookimpl

@hookimpl
def cadenza_register_games(registrar):
    raise AssertionError("never called: the argument is misnamed")
""",
    ),
}

BROKEN_NAMES = tuple(entry_name for entry_name, _ in BROKEN.values())


def write_dist_info(root: Path, dist: str, entry_name: str, module: str) -> None:
    """The metadata importlib.metadata reads for an installed distribution."""
    info = root / f"{dist}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[cadenza]\n{entry_name} = {module}\n")


def build_demo(root: Path) -> None:
    """Writes cadenza_demo under `root` and compiles its game in place."""
    package = root / "cadenza_demo"
    package.mkdir()
    (package / "__init__.py").write_text('"""A third-party Cadenza plugin for tests."""\n')
    (package / "count.pyx").write_text(textwrap.dedent(COUNT_PYX))
    (package / "plugin.py").write_text(textwrap.dedent(DEMO_PLUGIN))
    # The shipped engine/*.pxd are found from the installed package's parent.
    include = str(Path(engine.__file__).resolve().parent.parent)
    (root / "setup.py").write_text(SETUP_PY.format(include=include))
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    )
    write_dist_info(root, "cadenza_demo", "demo", "cadenza_demo.plugin")


def write_broken(root: Path) -> None:
    """Writes every broken plugin under `root`, one module and dist-info each."""
    for dist, (entry_name, source) in BROKEN.items():
        (root / f"{dist}.py").write_text(textwrap.dedent(source))
        write_dist_info(root, dist, entry_name, dist)
