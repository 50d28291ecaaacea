from tests.files.conftest import home  # noqa: F401  (a person's directory tree outside the data directory)
