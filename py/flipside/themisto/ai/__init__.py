"""Themisto's computer player: threats, evaluation, search and the engine.

Nothing in the rules imports this package: the facade loads it on first use (``api``).
"""
