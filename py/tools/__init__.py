"""Flipside's native tools (not in the wheel), run from the repository root with ``py/`` on
the path, for example ``PYTHONPATH=py .venv/bin/python -m tools.bench.table``.

- ``tools.build``: the site in ``dist/`` (``./build.sh build``), icons, the rules page;
- ``tools.bench``: the benchmark table (``./build.sh bench``) and its sections;
- ``tools.train``: fits, evaluation training, the opening book, the checks of the evaluation;
- ``tools.play``: games between engines (one game loop for both games), proofs, tactics;
- ``tools.check``: the mutation score and the module map;
- ``tools.browsers``: where the browsers are and how to drive a page in each (tests, benches).
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The repository's root folder."""
DIST = ROOT / "dist"
"""The built site (``./build.sh build``)."""
SHARED_DATA = ROOT / ".." / "shared" / "data"
"""WTHOR games and FFO positions, beside the repository."""
