"""Engine-vs-engine matches and tournaments: `cadenza match` and `cadenza tournament`.

commands (the click commands), runner (one whole run), entrants (who plays),
schedule (which seats, which seeds), referee (one game in a worker process with a
per-decision watchdog), backends (picks local_backend or ray_backend; errors has
their BackendError), records and store (games.jsonl, match.json, --resume), elo, sprt
and ratings (the statistics), report, progress and plots (what a user sees),
tournament (TOML files).
"""
