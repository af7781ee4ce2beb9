"""Engine-vs-engine matches and tournaments: `cadenza match` and `cadenza tournament`.

commands (the click commands), runner (one whole run), entrants (who plays),
schedule (which seats, which seeds), referee (one game in a worker process with a
per-decision watchdog), backends and ray_backend (local processes or Ray), records
and store (games.jsonl, match.json, --resume), elo, sprt and ratings (the
statistics), report, progress and plots (what a user sees), tournament (TOML files).
"""
