"""Luthier (Dave Beck & Abe Burson, 2025): the worker-placement game of instrument-making
families, for 2-4 seats, from the specification shared/rules/luthier.md and the
Japanese rules text it was checked against.

The rules live twice, on purpose: compiled in state.pyx and the modules it cimports
(LuthierState, for search) and readable in reference.py (LuthierReference); tests play
both side by side.
Component data (cards, tiles, tables; mostly placeholders where the rules text gives no
card faces) is in data/, read by tables.py. The JSON layout of a state is codec.py,
what a seat may see is views.py, the action space and its notation actions.py.

Variants name the interpretations the specification leaves open (see data/rules.json):
"standard", "bonus-after-fallback" (spec 8.5) and "train-to-final" (spec 8.16).
The solo and two-players-plus-AI modes need the solo booklet, which is not in the
rules text, and are not provided.
"""

from engine.games.luthier.state import LuthierState
from engine.games.luthier.tables import load_tables
from engine.games.spec import game_spec

GAME = game_spec(
    name="luthier",
    state_class=LuthierState,
    min_players=2,
    max_players=4,
    default_players=3,
    description="Luthier: worker placement with bidding by skill; patrons, instruments, "
    "performances, repairs, the orchestra's First Chairs; 6 rounds",
    variants=tuple(load_tables().variants),
    variant_descriptions={
        "standard": "the rules spec's recommended readings",
        "bonus-after-fallback": "skill bonuses follow the 2-coin fallback too (spec 8.5)",
        "train-to-final": "market training may move a marker onto the final step (spec 8.16)",
    },
    chance=True,
    hidden_information=True,
    # Measured (issue 25, 3 seats, 200 iterations a decision, each against two default
    # ismcts, 60 games): a random playout of the rest of six rounds says little, so
    # playouts stop after 40 actions and the heuristic scores them, and move-average
    # sampling picks their moves: 0.800 [0.681, 0.882] of the table (playouts to the
    # end would take 0.333). Cut at 20 actions: 0.600; at 60: 0.717; at 120: 0.436;
    # at 5: 0.188 of 32; move-average sampling to the end: 0.533.
    searcher_options={"ismcts": {"rollout_depth": 40, "playout": "mast"}},
)
