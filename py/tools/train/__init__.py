"""Fits of the Othello search, evaluation training, the opening book, checks of the evaluation."""
