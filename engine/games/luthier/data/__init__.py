"""Luthier's component data (cards, tiles, tracks, tables) as JSON files, read by
engine/games/luthier/tables.py. Every record says where its values come from: "seed"
(the rules text), "seed-ex" (a worked example there) or "assumed" (a placeholder until
the real card faces are known). Real card data replaces these files without code
changes, within the size limits in tables.py."""
