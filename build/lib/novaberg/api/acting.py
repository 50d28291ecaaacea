"""Which person a request acts for: the signed-in person, or — for the operator — the one named by `user_id`."""

from __future__ import annotations

from fastapi import HTTPException

from novaberg.api import texts
from novaberg.api.auth import Principal
from novaberg.core.edge import check_id
from novaberg.core.errors import InputError

__all__ = ["acting_person"]


def acting_person(who: Principal, user_id: str | None) -> str:
    """The person the request is for: a malformed `user_id` is a 422, another person's id a 403 (each person
    sees only their own; the operator may name anyone)."""
    try:
        wanted = who.user_id if user_id is None else check_id(user_id, "user_id")
    except InputError as err:
        raise HTTPException(422, str(err)) from err
    if not who.may_act_for(wanted):
        raise HTTPException(403, texts.ERR_FOREIGN_PERSON)
    return wanted
