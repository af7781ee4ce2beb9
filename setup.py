"""Only the compiled extension modules live here; metadata is in pyproject.toml.

Every engine/**/*.pyx and search/**/*.pyx becomes an extension module. Release
builds turn bounds and wraparound checks off; CADENZA_DEBUG=1 turns them back on.
"""

import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

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


setup(
    ext_modules=cythonize(
        extensions(),
        compiler_directives=DIRECTIVES,
        nthreads=os.cpu_count() or 1,
    )
)
