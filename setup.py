"""Only the compiled extension modules live here; metadata is in pyproject.toml.

Every engine/**/*.pyx and search/**/*.pyx becomes an extension module. Release
builds turn bounds and wraparound checks off; CADENZA_DEBUG=1 turns them back on.
The test-only packages (TEST_ONLY, left out of the wheel by pyproject.toml) are
compiled only in place, for a development checkout's tests.
"""

import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# Packages the tests use and a wheel leaves out (pyproject.toml's find.exclude).
TEST_ONLY = ("engine.games.randomtree",)

DEBUG = os.environ.get("CADENZA_DEBUG", "") not in ("", "0")

DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
    "embedsignature": True,
}


def extensions():
    here = Path(__file__).parent
    sources = sorted(here.glob("engine/**/*.pyx")) + sorted(here.glob("search/**/*.pyx"))
    return [
        Extension(
            ".".join(src.relative_to(here).with_suffix("").parts),
            [str(src.relative_to(here))],
            extra_compile_args=["-O3"] if not DEBUG else ["-O0", "-g"],
        )
        for src in sources
    ]


def is_test_only(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in TEST_ONLY)


class BuildExt(build_ext):
    """build_ext that builds the test-only extensions only in place (an editable
    install or `build_ext --inplace`), never into a wheel."""

    def finalize_options(self):
        super().finalize_options()
        if not (self.inplace or self.editable_mode):
            self.extensions = [e for e in self.extensions if not is_test_only(e.name)]


setup(
    cmdclass={"build_ext": BuildExt},
    ext_modules=cythonize(
        extensions(),
        compiler_directives=DIRECTIVES,
        nthreads=os.cpu_count() or 1,
    ),
)
