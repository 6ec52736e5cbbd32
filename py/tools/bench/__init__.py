"""The benchmark table (``tools.bench.table``, ``./build.sh bench``) and tools that measure."""
