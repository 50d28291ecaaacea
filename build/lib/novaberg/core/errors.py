"""Domain errors: library errors are re-raised as one of these with a clear message."""

from __future__ import annotations

__all__ = [
    "NovabergError",
    "ConfigError",
    "DataDirError",
    "DataDirInUseError",
    "DatabaseError",
    "DatabaseUnavailableError",
    "InputError",
    "ModelError",
    "ModelUnreachableError",
    "ModelAnswerError",
]


class NovabergError(Exception):
    """Base of every error novaberg raises on purpose."""


class ConfigError(NovabergError):
    """A setting, connector name or embedder name is not valid."""


class DataDirError(NovabergError):
    """The data directory is missing, not a directory, or corrupt."""


class DataDirInUseError(DataDirError):
    """Another process holds the data directory."""


class DatabaseError(NovabergError):
    """The database could not be reached or a statement failed."""


class DatabaseUnavailableError(DatabaseError):
    """The database or Redis does not answer right now (HTTP 503); the pool recovers when it returns."""


class InputError(NovabergError, ValueError):
    """Input from outside (HTTP, CLI, facade, a model's answer) is refused: nothing was run or stored."""


class ModelError(NovabergError):
    """A model connector failed."""


class ModelUnreachableError(ModelError):
    """The model server did not answer (after the one retry)."""


class ModelAnswerError(ModelError):
    """The model answered, but not with what was asked (checked reading: `step` names the failure)."""

    def __init__(self, step: str, message: str) -> None:
        super().__init__(message)
        self.step = step
