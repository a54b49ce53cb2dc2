"""Build hand records from the hands we want dealt, so a test reads like a table."""

from __future__ import annotations

from engine import cards as C
from tests.engine.helpers import table_record


def stacked_deck(hands: list[str], stock: str = "") -> list[str]:
    """A deck that deals `hands` (in turn order: left of the dealer first, dealer last).

    Each entry is five card codes separated by spaces; the dealer's fifth card is the
    flip card (GFF-3.1). `stock` lists the top of the stock; the remaining cards
    follow in a fixed order.
    """
    dealt = [h.split() for h in hands]
    assert all(len(h) == 5 for h in dealt), "five cards each"
    order = [dealt[seat][i] for i in range(5) for seat in range(len(dealt))]
    order += stock.split()
    used = {C.parse(code) for code in order}
    assert len(used) == len(order), "a card is used twice"
    order += [C.code(c) for c in C.DECK if c not in used]
    return order


def record(
    seats: list[tuple[str, int]],
    dealer: str,
    hands: list[str],
    actions: list[dict] | None = None,
    *,
    stake: int = 10,
    stock: str = "",
    carry: dict | None = None,
) -> dict:
    data = table_record("gff", seats, stake, dealer=dealer, deck=stacked_deck(hands, stock),
                        actions=actions or [])
    if carry is not None:
        data["carry"] = carry
    return data


def draw(seat: str, source: str = "stock") -> dict:
    return {"seat": seat, "do": "draw", "from": source}


def discard(seat: str, card: str) -> dict:
    return {"seat": seat, "do": "discard", "card": card}


def spread(seat: str, cards: str) -> dict:
    return {"seat": seat, "do": "spread", "cards": cards.split()}


def hit(seat: str, index: int, cards: str) -> dict:
    return {"seat": seat, "do": "hit", "spread": index, "cards": cards.split()}


def drop(seat: str) -> dict:
    return {"seat": seat, "do": "drop"}
