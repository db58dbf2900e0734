"""Benchmarks behind ``python -m fortyfive bench``: random play, the solver, puzzle clicks, the
drills' next puzzle."""
