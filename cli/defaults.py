"""Defaults every command shares. The budget of a decision: a `go`/`hint` or a seat spec
(play, selfplay, match, tournament) that names neither `iterations` nor `movetime`
searches up to this long. A second keeps a person's game brisk while the compiled
searchers run thousands of iterations in it. A timed search is not reproducible:
name `iterations` for that. No imports, so that `--help` texts can state it cheaply.
"""

DEFAULT_MOVETIME_MS = 1000
DEFAULT_BUDGET_TEXT = f"movetime={DEFAULT_MOVETIME_MS}"

# Actions after which a game that has not ended is given up (selfplay, match).
MAX_ACTIONS = 100_000
