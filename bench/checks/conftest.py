"""The bench's own checks: its scorers, loaders and gates, run with `make bench-check` (and first by `make bench`).

They take the test suite's fixtures (an embedded PostgreSQL and Redis per session, a fresh database per test) —
the bench may lean on the tests, never the tests on the bench."""

pytest_plugins = ("tests.conftest",)
