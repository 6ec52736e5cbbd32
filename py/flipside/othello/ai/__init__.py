"""Othello's computer player: search, evaluation, exact and ProbCut endgames, openings.

Nothing in the rules imports this package: the facade loads it on first use (``api``).
"""
