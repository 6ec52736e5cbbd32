"""Sections of the bench table: every module here defines ``rows()`` (see ``tools.bench.table``)."""
