"""Random game trees: a synthetic two-seat game with chance nodes, for testing
searchers against brute force. Not a plugin game (nobody plays it)."""

from engine.games.randomtree.state import RandomTreeState

__all__ = ["RandomTreeState"]
