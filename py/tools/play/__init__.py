"""Games between engines of either game (``tools.play.game``), proofs and tactics."""
