"""The fair deck, v1 (docs/fairness.md): the stream, the shuffle, the record's `fair`
object and its check, pinned to known answers and to a few lines of hmac written here
from the spec alone."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
from collections import Counter
from operator import add
from statistics import NormalDist

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import cards as C
from engine import fairness as F
from engine import games
from engine.farmer.info import PACK as FARMER_PACK
from engine.pageone.info import PACK as PAGEONE_PACK
from engine.piquet.info import PACK as PIQUET_PACK

SEED = bytes(range(32))  # the known-answer seed: 00 01 02 ... 1f
CLIENT = "a,b"
NONCE = 1

# Computed by engine.fairness and by `reference_words` below, which follows the spec
# with hmac.digest directly.
FIRST_WORDS = [
    1088901683, 4277518651, 2068726374, 3793422013,
    397912423, 828702585, 3530765176, 243483276,
]
FIRST_CODES = ["AH", "KH", "KS", "7S", "8C", "2D", "TC", "6S", "9D", "JH"]


# --- the spec in a few lines, independent of engine.fairness ----------------------------

def reference_words(seed: bytes, client: str, nonce: int):
    counter = 0
    while True:
        block = hmac.digest(seed, f"{client}:{nonce}:{counter}".encode("ascii"), "sha256")
        counter += 1
        for k in range(0, 32, 4):
            yield int.from_bytes(block[k:k + 4], "big")


def reference_shuffle(words, cards):
    deck = sorted(cards)
    for i in range(len(deck) - 1, 0, -1):
        x = next(words)
        while x >= 2**32 - (2**32 % (i + 1)):
            x = next(words)
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def codes(cards):
    return [C.code(card) for card in cards]


# --- records made by the engine ---------------------------------------------------------

def played_record(game_id: str, seed: bytes = SEED, *, nonce: int = 1, players: int = 2,
                  options: dict | None = None, reshuffles: bool = False) -> dict:
    """A finished deal (or game) of random play, dealt from the seats' seeds as a table
    deals, with its `fair` object revealing `seed`. With `reshuffles`, the first deal from
    `nonce` on whose record rebuilt its stock."""
    game, options = games.get(game_id), options or {}
    info = game.info
    committed = F.house_hash(seed)
    ids = [f"cpu{i}" for i in range(1, players + 1)]
    joined = F.client_seed([F.computer_seed(seat, committed) for seat in ids])
    while True:
        pack = list(game.pack(options))
        decks, stream = F.deal_cards(seed, joined, nonce, [pack] * info.deals_per_game)
        hand = game.start(
            seats=[(seat, 200) for seat in ids], stake=10,
            dealer=ids[0] if info.has_dealer else None,
            deck_or_decks=decks[0] if info.deals_per_game == 1 else decks,
            carry=dict.fromkeys(info.carried_pots, 0), options=options,
        )
        if info.reshuffles:
            hand.shuffle_with(stream.shuffle)
        rng = random.Random(nonce)
        while not hand.is_over:
            hand.apply(game.simulation_action(hand, rng))
        record = hand.record().to_json()
        if not reshuffles or record.get("reshuffles"):
            record["fair"] = F.fair_block(committed, joined, nonce, seed)
            return record
        nonce += 1


def swapped(cards: list[str], a: int, b: int) -> list[str]:
    cards = list(cards)
    cards[a], cards[b] = cards[b], cards[a]
    return cards


# --- known answers ----------------------------------------------------------------------

def test_the_known_answer_by_the_engine_and_by_hmac_directly():
    stream = F.Stream(SEED, CLIENT, NONCE)
    assert [stream.next_u32() for _ in range(8)] == FIRST_WORDS
    words = reference_words(SEED, CLIENT, NONCE)
    assert [next(words) for _ in range(8)] == FIRST_WORDS

    decks, _ = F.deal_cards(SEED, CLIENT, NONCE, [C.DECK])
    assert codes(decks[0][:10]) == FIRST_CODES
    by_hand = reference_shuffle(reference_words(SEED, CLIENT, NONCE), C.DECK)
    assert codes(by_hand[:10]) == FIRST_CODES and by_hand == decks[0]


def test_the_stream_is_hmac_sha256_of_client_seed_nonce_and_counter():
    block = hmac.new(SEED, b"a,b:1:0", hashlib.sha256).digest()
    assert FIRST_WORDS[0] == int.from_bytes(block[:4], "big")
    second = hmac.new(SEED, b"a,b:1:1", hashlib.sha256).digest()
    stream = F.Stream(SEED, CLIENT, NONCE)
    for _ in range(8):
        stream.next_u32()
    assert stream.next_u32() == int.from_bytes(second[:4], "big")


def test_the_engine_matches_the_reference_for_any_pack_and_stream_position():
    rng = random.Random(3)
    for nonce in range(200):
        seed = rng.randbytes(32)
        stream, words = F.Stream(seed, "x", nonce), reference_words(seed, "x", nonce)
        for _ in range(4):
            cards = rng.sample(range(53), rng.randrange(0, 54))
            assert stream.shuffle(cards) == reference_shuffle(words, cards)
            assert stream.next_u32() == next(words)  # read one by one between shuffles


class Rigged(F.Stream):
    """A stream whose blocks are given words: to reach the refusals of the shuffle, which
    a real stream meets less than once in 2**25 draws."""

    def __init__(self, words):
        super().__init__(b"", "", 0)
        self.given = list(words)

    def _blocks(self, count):
        taken, self.given = self.given[:8 * count], self.given[8 * count:]
        return tuple(taken)


def test_a_word_at_or_over_the_limit_is_refused_and_the_next_one_read():
    top = 2**32 - 1
    limit_52 = 2**32 - 2**32 % 52  # 2**32 % 52 == 48: the words from here are refused
    given = [limit_52, top, limit_52 + 5, 60, *range(100, 200)]
    stream = Rigged(given)
    deck = stream.shuffle(C.DECK)
    assert deck == reference_shuffle(iter(given), C.DECK)
    # The last place took j = 60 % 52 = 8: the three words over the limit were skipped.
    assert deck[51] == sorted(C.DECK)[8]
    assert stream.next_u32() == given[3 + 51]


def test_a_refusal_mid_pack_takes_the_slow_way_to_the_same_cards():
    words = list(range(1000, 1100))
    words[10] = 2**32 - 1
    stream = Rigged(words)
    assert stream.shuffle(C.DECK) == reference_shuffle(iter(words), C.DECK)
    assert stream.next_u32() == words[52]


def test_a_change_to_the_seed_the_client_seed_or_the_nonce_changes_the_deck():
    deck = F.deal_cards(SEED, CLIENT, NONCE, [C.DECK])[0][0]
    for at in range(32):
        other = bytearray(SEED)
        other[at] ^= 1
        assert F.deal_cards(bytes(other), CLIENT, NONCE, [C.DECK])[0][0] != deck
    for client in ("a,c", "b,a", "a", "a,b,c", "A,b"):
        assert F.deal_cards(SEED, client, NONCE, [C.DECK])[0][0] != deck
    for nonce in (0, 2, 10, 11):
        assert F.deal_cards(SEED, CLIENT, nonce, [C.DECK])[0][0] != deck


def test_a_record_of_another_version_is_not_verified():
    record = played_record("gff")
    assert F.verify_fair(record).ok
    for version in ("v2", "V1", None, 1):
        verdict = F.verify_fair({**record, "fair": {**record["fair"], "version": version}})
        assert not verdict.ok and "version" in verdict.reason


def test_the_shuffle_sorts_first_so_the_order_given_does_not_matter():
    pack = list(C.DECK)
    backwards = pack[::-1]
    assert F.Stream(SEED, CLIENT, 5).shuffle(pack) == F.Stream(SEED, CLIENT, 5).shuffle(backwards)


# --- the positions are uniform ----------------------------------------------------------

DECKS = 100_000
TAIL = 1e-4  # each side: the test fails one fair run in 5,000


def chi_square_bounds(dof: int) -> tuple[float, float]:
    """The 0.01st and 99.99th percentiles of chi-square with `dof` degrees of freedom, by
    Wilson and Hilferty's normal approximation of its cube root."""
    def at(p: float) -> float:
        z = NormalDist().inv_cdf(p)
        return dof * (1 - 2 / (9 * dof) + z * (2 / (9 * dof)) ** 0.5) ** 3
    return at(TAIL), at(1 - TAIL)


def position_statistic(decks, pack) -> float:
    """Pearson's statistic of the n x n table of how often each card came to each place,
    scaled to chi-square with (n - 1)**2 degrees of freedom.

    Each deck is a permutation, so a deck adds one to each row and each column: the
    counts' covariance is N / (n - 1) times the projection on tables whose rows and
    columns sum to 0, a space of (n - 1)**2 dimensions, and the plain statistic is
    n / (n - 1) times chi-square there (its mean is n(n - 1), not (n - 1)**2)."""
    n = len(pack)
    offsets = range(0, 53 * n, 53)  # place p, card c counted at 53p + c
    counts: Counter = Counter()
    total = 0
    for deck in decks:
        counts.update(map(add, offsets, deck))
        total += 1
    expected = total / n
    plain = sum((counts[53 * p + c] - expected) ** 2 for p in range(n) for c in pack) / expected
    return plain * (n - 1) / n


@pytest.mark.parametrize(
    "pack",
    [C.DECK, FARMER_PACK, PIQUET_PACK, PAGEONE_PACK],
    ids=["52 cards", "Farmer's 45", "Piquet's 32", "Page One's 53 (joker)"],
)
def test_every_card_is_as_likely_at_every_place(pack):
    seed = hashlib.sha256(f"chi-square {len(pack)}".encode()).digest()
    decks = (F.Stream(seed, "chi,square", d).shuffle(pack) for d in range(DECKS))
    statistic = position_statistic(decks, pack)
    low, high = chi_square_bounds((len(pack) - 1) ** 2)
    assert low < statistic < high, (statistic, low, high)


def test_the_statistic_finds_a_biased_shuffle():
    # Swapping each place with any place (not only those below it) is the classic
    # biased shuffle: 20,000 decks of 32 are plenty to see it.
    rng, pack = random.Random(5), list(PIQUET_PACK)

    def naive():
        deck = list(pack)
        for i in range(len(deck)):
            j = rng.randrange(len(deck))
            deck[i], deck[j] = deck[j], deck[i]
        return deck

    _, high = chi_square_bounds(31**2)
    assert position_statistic((naive() for _ in range(20_000)), pack) > 2 * high


# --- seeds and the fair object ----------------------------------------------------------

def test_seeds():
    house = F.new_house_seed()
    assert isinstance(house, bytes) and len(house) == 32 and house != F.new_house_seed()
    assert F.house_hash(SEED) == hashlib.sha256(SEED).hexdigest()
    assert F.house_hash(SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    mine = F.random_seed()
    assert len(mine) == 32 and F.valid_seed(mine) and int(mine, 16) >= 0
    committed = F.house_hash(SEED)
    cpu = F.computer_seed("cpu1", committed)
    assert cpu == hashlib.sha256(f"computer:cpu1:{committed}".encode()).hexdigest()[:32]
    assert F.valid_seed(cpu) and cpu != F.computer_seed("cpu2", committed)
    assert cpu != F.computer_seed("cpu1", F.house_hash(bytes(32)))


def test_valid_seeds_and_the_client_seed():
    for good in ("a", "Z9", "x" * 64, "my-lucky_seed-7"):
        assert F.valid_seed(good)
    for bad in ("", "x" * 65, "a,b", "a b", "é", "a:b", None, 7, "a\n"):
        assert not F.valid_seed(bad)
    assert F.client_seed(["a", "b-2", "c_3"]) == "a,b-2,c_3"
    for bad in ([], "ab", ["a", ""], ["a,b"], ["ok", "not ok"]):
        with pytest.raises(ValueError):
            F.client_seed(bad)


def test_the_fair_block_reveals_the_seed_only_when_given():
    committed = F.house_hash(SEED)
    assert F.fair_block(committed, "a,b", 3) == {
        "version": "v1", "house_hash": committed, "client_seed": "a,b", "nonce": 3,
    }
    revealed = F.fair_block(committed, "a,b", 3, SEED)
    assert revealed["house_seed"] == SEED.hex() and len(revealed["house_seed"]) == 64
    assert json.loads(json.dumps(revealed)) == revealed


def test_a_restarted_deal_takes_its_next_reshuffle_where_the_stream_was():
    pack, pile = list(PAGEONE_PACK), [3, 9, 27, 40, 52]
    decks, stream = F.deal_cards(SEED, CLIENT, 4, [pack])
    first = stream.shuffle(pile)
    second = stream.shuffle(pile[:3])
    after = stream.next_u32()
    again = F.stream_after(SEED, CLIENT, 4, decks, [first])
    assert again.shuffle(pile[:3]) == second and again.next_u32() == after
    replayed = F.deal_cards(SEED, CLIENT, 4, [pack])[1].replay_to([first, second])
    assert replayed.next_u32() == after


# --- verifying records ------------------------------------------------------------------

def test_a_played_record_of_one_deck_verifies():
    record = played_record("gff")
    verdict = F.verify_fair(record)
    assert verdict == F.Verdict(True, "The deck is the one the seeds make.",
                                [record["deck"]], ["deck"])
    assert F.verify_fair(record, SEED.hex()).ok  # the seed given, as well as revealed
    assert F.verify_fair(record, SEED.hex().upper()).ok


def test_two_swapped_cards_fail_at_the_first_of_them():
    record = played_record("gff")
    deck = record["deck"]
    verdict = F.verify_fair({**record, "deck": swapped(deck, 6, 20)})
    assert not verdict.ok
    assert verdict.reason == (
        f"deck differs from the seeds' shuffle at card 7 (the record has {deck[20]}, "
        f"the seeds make {deck[6]})."
    )
    assert verdict.cards == [deck]  # what the seeds make


def test_a_wrong_seed_fails():
    record = played_record("gff")
    for seed in (bytes(32), SEED[:-1] + b"\x00"):
        verdict = F.verify_fair(record, seed.hex())
        assert verdict == F.Verdict(False, "The seed does not match the house hash.")
    wrong = {**record, "fair": {**record["fair"], "house_seed": bytes(32).hex()}}
    assert F.verify_fair(wrong).reason == "The seed does not match the house hash."


def test_a_record_of_several_decks_verifies_and_a_swap_in_one_fails():
    record = played_record("piquet")
    assert len(record["decks"]) == 6
    verdict = F.verify_fair(record)
    assert verdict.ok and verdict.reason == "The decks are the ones the seeds make."
    assert verdict.names == [f"decks[{k}]" for k in range(6)] and verdict.cards == record["decks"]
    decks = [list(d) for d in record["decks"]]
    decks[1] = swapped(decks[1], 0, 31)
    verdict = F.verify_fair({**record, "decks": decks})
    assert not verdict.ok and verdict.reason.startswith("decks[1] differs from the seeds' "
                                                        "shuffle at card 1 (the record has ")
    # The decks are shuffled in order from one stream: swapping two decks fails too.
    reordered = [record["decks"][1], record["decks"][0], *record["decks"][2:]]
    assert F.verify_fair({**record, "decks": reordered}).reason.startswith("decks[0] differs")


def test_a_record_with_reshuffles_verifies_and_a_changed_reshuffle_fails():
    record = played_record("pageone", reshuffles=True)
    assert record["reshuffles"] and F.verify_fair(record).ok
    assert F.verify_fair(record).reason == (
        "The deck and its reshuffles are the ones the seeds make.")
    last = len(record["reshuffles"]) - 1
    order = record["reshuffles"][last]
    if len(order) < 2:
        pytest.skip("the reshuffle found holds one card")
    changed = [*record["reshuffles"][:last], swapped(order, 0, len(order) - 1)]
    verdict = F.verify_fair({**record, "reshuffles": changed})
    assert not verdict.ok
    assert verdict.reason.startswith(f"reshuffles[{last}] differs from the seeds' shuffle "
                                     "at card 1")


@pytest.mark.parametrize("game_id", ["jackchangeit", "fiftyone"])
def test_the_other_games_that_reshuffle_verify(game_id):
    options = {"joker": True} if game_id == "fiftyone" else {}
    record = played_record(game_id, nonce=1, options=options, reshuffles=True)
    assert F.verify_fair(record).ok


def test_an_unrevealed_seed_says_when_it_will_be():
    record = played_record("gff")
    fair = {k: v for k, v in record["fair"].items() if k != "house_seed"}
    verdict = F.verify_fair({**record, "fair": fair})
    assert verdict == F.Verdict(False, (
        "The house seed is not revealed yet: it is revealed when the table closes or a "
        "player rotates it (/fair rotate)."))
    assert F.verify_fair({**record, "fair": fair}, SEED.hex()).ok


def test_an_old_record_verifies_by_its_salt():
    old = played_record("gff")
    del old["fair"]
    deck = [C.parse(code) for code in old["deck"]]
    old["salt"], old["commitment"] = "abc", F.commitment(deck, "abc")
    verdict = F.verify_fair(old)
    assert verdict.ok and "checked by its salt" in verdict.reason and verdict.cards == [old["deck"]]
    assert not F.verify_fair({**old, "deck": swapped(old["deck"], 0, 1)}).ok
    assert "nothing to check" in F.verify_fair({"deck": old["deck"]}).reason


def test_an_old_record_with_a_joker_verifies():
    deck = list(PAGEONE_PACK)
    random.Random(1).shuffle(deck)
    old = {"game": "pageone", "deck": codes(deck), "salt": "s",
           "commitment": F.commitment(deck, "s")}
    assert "JK" in old["deck"] and F.verify(old) and F.verify_fair(old).ok


BAD = [
    (None, "not a JSON object"),
    ([1, 2], "not a JSON object"),
    ("deck", "not a JSON object"),
    ({}, "no deck or decks"),
    ({"deck": "AS 2S"}, "deck is not a list"),
    ({"deck": ["AS", "ZZ"]}, "deck[1] is not a card code"),
    ({"deck": ["AS", "AS"]}, "has AS twice"),
    ({"deck": [1, 2]}, "deck[0] is not a card code"),
    ({"decks": []}, "decks is not a list of decks"),
    ({"decks": [["AS"], "x"]}, "decks[1] is not a list"),
    ({"deck": ["AS"], "reshuffles": "x"}, "reshuffles is not a list"),
    ({"deck": ["AS"], "reshuffles": [["2S", "XX"]]}, "reshuffles[0][1] is not a card code"),
    ({"deck": ["AS"], "fair": "v1"}, "fair is not an object"),
    ({"deck": ["AS"], "fair": {}}, "version"),
]


@pytest.mark.parametrize(("record", "why"), BAD, ids=[why for _, why in BAD])
def test_bad_records_are_refused_with_a_reason(record, why):
    verdict = F.verify_fair(record)
    assert not verdict.ok and why in verdict.reason and verdict.reason.endswith(".")


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("house_hash", "00", "house_hash"), ("house_hash", None, "house_hash"),
        ("house_hash", "g" * 64, "house_hash"),
        ("client_seed", "", "client_seed"), ("client_seed", "a,,b", "client_seed"),
        ("client_seed", "é", "client_seed"), ("client_seed", 7, "client_seed"),
        ("nonce", "1", "nonce"), ("nonce", True, "nonce"), ("nonce", -1, "nonce"),
        ("nonce", 1.0, "nonce"),
        ("house_seed", "zz", "64 hexadecimal"), ("house_seed", 5, "64 hexadecimal"),
        ("house_seed", "00" * 33, "64 hexadecimal"),
    ],
)
def test_a_bad_fair_object_is_refused_with_a_reason(field, value, why):
    record = played_record("gff")
    verdict = F.verify_fair({**record, "fair": {**record["fair"], field: value}})
    assert not verdict.ok and why in verdict.reason


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["AS", "JK", "v1", "deck", SEED.hex()]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["deck", "decks", "reshuffles", "fair", "version", "house_hash",
                         "client_seed", "nonce", "house_seed", "salt", "commitment"]),
        inner, max_size=5),
    max_leaves=20,
)


@settings(max_examples=300)
@given(JSON, st.none() | st.text(max_size=70))
def test_whatever_it_is_given_the_check_answers_and_never_raises(record, seed):
    verdict = F.verify_fair(record, seed)
    assert isinstance(verdict, F.Verdict) and isinstance(verdict.reason, str) and verdict.reason
    assert "could not be checked" not in verdict.reason  # the catch-all for a bug
