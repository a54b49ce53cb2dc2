import json
import random

from engine.cards import DECK
from engine.fairness import commitment, new_salt, verify
from engine.gff.hand import GffHand
from engine.replay import run
from engine.simulate import random_action


def test_a_finished_hands_record_proves_its_deck_was_fixed_at_the_deal():
    rng = random.Random(7)
    deck = list(DECK)
    rng.shuffle(deck)
    salt = new_salt()
    hand = GffHand.start(seats=[("a", 200), ("b", 200)], stake=10, dealer="b", deck=deck,
                         salt=salt)
    shown_at_the_deal = hand.commitment
    while not hand.is_over:
        hand.apply(random_action(hand, rng))
    record = hand.record().to_json()
    assert record["commitment"] == shown_at_the_deal == commitment(deck, salt)
    assert verify(record)
    # The record with its salt still replays: the fields are ignored there.
    assert run(json.dumps(record)) == (hand.settlement.to_result(), 0)


def test_a_changed_deck_or_salt_fails_the_check():
    deck = list(DECK)
    record = {"deck": ["AS"], "salt": "x", "commitment": "0" * 64}
    assert not verify(record)
    good = {"deck": [f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK"], "salt": "s"}
    good["commitment"] = commitment(deck, "s")
    assert verify(good)
    swapped = {**good, "deck": [good["deck"][1], good["deck"][0], *good["deck"][2:]]}
    assert not verify(swapped)
    assert not verify({**good, "salt": "t"})
    assert not verify({"deck": "nonsense"})


def test_the_committed_text_is_the_salt_a_colon_and_the_record_codes():
    import hashlib

    from engine.fairness import committed_text, record_text

    deck = list(DECK)
    text = committed_text(deck, "abc")
    assert text.startswith("abc:AS 2S 3S") and " TS " in text and text.count(" ") == 51
    assert hashlib.sha256(text.encode()).hexdigest() == commitment(deck, "abc")
    codes = [f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK"]
    assert record_text({"deck": codes, "salt": "abc"}) == text
    assert record_text({"deck": codes}) is None and record_text({"salt": 1, "deck": codes}) is None
