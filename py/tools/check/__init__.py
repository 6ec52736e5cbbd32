"""Checks of the code itself: the mutation score and the module map."""
