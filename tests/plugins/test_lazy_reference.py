"""Starting the engine never loads the slow pure-Python reference twins: the
registry names each one by import path and GameSpec.reference_class() imports it on
first use. Checked in a fresh interpreter, since this test run has imported them."""

import subprocess
import sys

START_EVERY_GAME = """
import sys
from plugins.manager import default_registry
for spec in default_registry().games.values():
    state = spec.new_state(seed=1)
    state.legal_actions()
    state.to_json()
print(" ".join(sorted(m for m in sys.modules
                      if m.startswith("engine.games.") and m.endswith(".reference"))))
"""


def test_starting_every_game_imports_no_reference_twin():
    out = subprocess.run(
        [sys.executable, "-c", START_EVERY_GAME], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == [], f"imported at start: {sorted(out)}"


def test_the_reference_is_imported_when_asked_for():
    from plugins.manager import default_registry

    spec = default_registry().games["leduc"]
    assert spec.reference_class().__name__ == "LeducReference"
    assert spec.reference_class().game_name == "leduc"
