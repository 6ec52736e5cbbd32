"""Flipside: Othello and Themisto rules engines, notation and AI, standard library only."""

__version__ = "0.1.0"
