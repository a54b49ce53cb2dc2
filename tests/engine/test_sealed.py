"""A round of simultaneous choices, sealed then revealed together (G3.4, engine/sealed.py)."""

from __future__ import annotations

from engine.sealed import SealedRound


def test_g3_4_choices_come_in_any_order_and_the_last_one_reveals_them_all():
    bidding = SealedRound()
    bidding.open(("ann", "bob", "cy"))
    assert bidding.waiting() == ("ann", "bob", "cy")
    assert bidding.seal("cy", "KS") is False
    assert bidding.seal("ann", 3) is False  # any value: a card, an amount, a word
    assert bidding.waiting() == ("bob",) and bidding.has_chosen("cy")
    assert bidding.seal("bob", None) is True  # the last one due
    assert bidding.reveal() == {"cy": "KS", "ann": 3, "bob": None}
    assert bidding.waiting() == ("ann", "bob", "cy")  # the same seats are due again


def test_one_seat_choosing_never_changes_anothers_number():
    bidding = SealedRound()
    bidding.open(("ann", "bob"))
    before = {seat: bidding.seat_seq(seat) for seat in ("ann", "bob")}
    bidding.seal("ann", 1)
    assert bidding.seat_seq("bob") == before["bob"]
    assert bidding.seat_seq("ann") != before["ann"]


def test_a_reveal_or_a_close_changes_every_seats_number():
    bidding = SealedRound()
    bidding.open(("ann", "bob"))
    seen = {bidding.seat_seq("bob")}
    bidding.seal("ann", 1)
    bidding.seal("bob", 2)
    bidding.reveal()
    seen.add(bidding.seat_seq("bob"))
    bidding.open(("bob",))  # a tie: only bob chooses again
    assert bidding.waiting() == ("bob",)
    bidding.close()
    seen.add(bidding.seat_seq("bob"))
    assert len(seen) == 3 and bidding.waiting() == ()
