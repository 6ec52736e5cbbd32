"""`python -m flipside` entry point."""

from flipside.cli import main

raise SystemExit(main())
