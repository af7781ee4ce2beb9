"""Strength a person can choose: levels 1..10 of the game's default searcher
(ladder.py maps a level to its budget and noise), their calibration by a ladder of
matches (calibrate.py) and its table (table.py)."""
