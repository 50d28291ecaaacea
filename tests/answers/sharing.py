"""A person shares one folder of her own files with Nova, indexed at once (the question path's tests)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any


def share_folder(nova: Any, home: Path, user: str, folder_name: str, files: dict[str, str], now: datetime) -> None:
    """`home/user/folder_name` with these files (name → text), allowed, granted to Nova and indexed."""
    folder = home / user / folder_name
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    nova.files.allow(user, str(home / user), now=now)
    nova.files.grant(user, "nova", str(folder), now=now)
    nova.files.index(now, user_id=user, character_id="nova")
