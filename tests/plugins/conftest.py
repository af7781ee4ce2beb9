"""Fixtures for the plugin tests: real third-party plugins installed in tmp dirs.

The demo plugin's game is compiled once per session (a Cython build takes seconds).
"""

import pytest

from plugin_sources import build_demo, write_broken


@pytest.fixture(scope="session")
def demo_dir(tmp_path_factory):
    """A directory that, on sys.path, installs the working `cadenza_demo` plugin."""
    root = tmp_path_factory.mktemp("demo_plugin")
    build_demo(root)
    return root


@pytest.fixture(scope="session")
def broken_dir(tmp_path_factory):
    """A directory that, on sys.path, installs the plugins broken on purpose."""
    root = tmp_path_factory.mktemp("broken_plugins")
    write_broken(root)
    return root
