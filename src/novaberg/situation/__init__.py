"""The Lage of the turn (`sachlage`): acute objects per pair in Redis, offers and their consent."""

from novaberg.situation.lage import (
    AcuteObject,
    Offer,
    Situation,
    TakenOffer,
    load_situation,
    peek_offer,
    store_offer,
    take_offer,
    update_situation,
)

__all__ = ["AcuteObject", "Offer", "Situation", "TakenOffer", "load_situation", "peek_offer", "store_offer",
           "take_offer", "update_situation"]
