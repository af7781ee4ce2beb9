"""Searchers: from random baselines to MCTS and expectimax, each a plugin."""
