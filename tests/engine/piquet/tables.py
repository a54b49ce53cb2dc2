"""Piquet records built from the hands we want dealt, so a test reads like a table."""

from __future__ import annotations

import random

from engine import cards as C
from engine.piquet.deal import PiquetDeal
from engine.piquet.game import PIQUET
from engine.piquet.info import PACK
from tests.engine.helpers import table_record

SEATS = [("ann", 500), ("bob", 500)]  # ann deals deals 1, 3, 5: bob is elder first


def pack(elder: str, dealer: str, talon: str = "") -> list[str]:
    """A pack dealing `elder` and `dealer` twelve cards each, in twos, the non-dealer
    first (PIQUET-2.1); the talon starts with `talon`, the rest in pack order."""
    e, d = elder.split(), dealer.split()
    assert len(e) == 12 and len(d) == 12, "twelve cards each"
    order = []
    for pair in range(6):
        order += e[2 * pair : 2 * pair + 2] + d[2 * pair : 2 * pair + 2]
    order += talon.split()
    used = {C.parse(code) for code in order}
    assert len(used) == len(order), "a card is used twice"
    order += [C.code(card) for card in PACK if card not in used]
    assert len(order) == 32
    return order


def plain_packs(count: int = 6, seed: int = 7) -> list[list[str]]:
    rng = random.Random(seed)
    packs = []
    for _ in range(count):
        cards = [C.code(card) for card in PACK]
        rng.shuffle(cards)
        packs.append(cards)
    return packs


def record(first: list[str], actions: list[dict] | None = None, *, stake: int = 5,
           seats=SEATS, later: list[list[str]] | None = None) -> dict:
    return table_record("piquet", seats, stake, dealer=seats[0][0], options={},
                        decks=[first, *(later or plain_packs(5))], actions=actions or [])


def exchange(seat: str, cards: str, show_rest: bool | None = None) -> dict:
    action = {"seat": seat, "do": "exchange", "cards": cards.split()}
    if show_rest is not None:
        action["show_rest"] = show_rest
    return action


def declare(seat: str, kind: str, cards: str) -> dict:
    return {"seat": seat, "do": "declare", "kind": kind, "cards": cards.split()}


def sink(seat: str, kind: str) -> dict:
    return {"seat": seat, "do": "sink", "kind": kind}


def play(seat: str, card: str) -> dict:
    return {"seat": seat, "do": "play", "card": card}


def deal_of(data: dict) -> PiquetDeal:
    return PIQUET.replay(PIQUET.parse_record(data))


def finish_deal(deal: PiquetDeal) -> None:
    """Play the current deal to its end by the time-out moves."""
    number = deal.number
    while not deal.is_over and deal.number == number:
        deal.apply(deal.timeout_action(deal.to_act()[0]))
