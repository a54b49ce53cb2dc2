"""PIQUET-3.1 to 3.4: the combinations found through engine/piquet/scoring.py's tables
are those the rules define, found card by card here, in the same order (3.2: the best
first, equal ones by suit)."""

from __future__ import annotations

import random

import pytest

from engine import cards as C
from engine.piquet import scoring as S
from engine.piquet.info import PACK

KINDS = ("point", "sequence", "set")


def height(card: int) -> int:
    """1.1: from the seven (0) up to the ace (7)."""
    return "789TJQKA".index(C.code(card)[0])


def value(card: int) -> int:
    """1.2: A 11, K Q J T 10, 9 8 7 face value."""
    return {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10}.get(C.code(card)[0]) or int(
        C.code(card)[0]
    )


def by_suit(hand) -> list[list[int]]:
    return [sorted((c for c in hand if C.suit(c) == suit), key=height) for suit in range(4)]


def points(hand) -> list[frozenset]:
    return [frozenset(cards) for cards in by_suit(hand) if cards]


def sequences(hand) -> list[frozenset]:
    found = []
    for cards in by_suit(hand):
        runs: list[list[int]] = []
        for card in cards:
            if runs and height(card) == height(runs[-1][-1]) + 1:
                runs[-1].append(card)
            else:
                runs.append([card])
        found += [frozenset(run) for run in runs if len(run) >= 3]
    return found


def sets(hand) -> list[frozenset]:
    groups = [frozenset(c for c in hand if height(c) == h) for h in range(3, 8)]  # T to A
    return [group for group in groups if len(group) >= 3]


def key(kind: str, combo: frozenset) -> tuple[int, int]:
    """3.3."""
    if kind == "point":
        return len(combo), sum(map(value, combo))
    return len(combo), max(map(height, combo))


def combinations(kind: str, hand) -> list[frozenset]:
    found = {"point": points, "sequence": sequences, "set": sets}[kind](hand)
    return sorted(found, key=lambda combo: key(kind, combo), reverse=True)  # stable


def hands(count: int, seed: int = 5):
    rng = random.Random(seed)
    for _ in range(count):
        yield set(rng.sample(PACK, rng.randint(0, 20)))


@pytest.mark.parametrize("kind", KINDS)
def test_piquet_3_1_3_2_the_tables_find_every_combination_best_first(kind):
    for hand in hands(3000):
        assert S.combinations(kind, hand) == combinations(kind, hand), sorted(hand)
        assert S.combinations(kind, sorted(hand)) == combinations(kind, hand)
        for combo in combinations(kind, hand):
            assert S.key(kind, combo) == key(kind, combo)  # 3.3


def test_piquet_3_1_every_kind_at_once_as_each_alone():
    for hand in hands(1000, seed=6):
        assert S.every_combination(hand) == {kind: S.combinations(kind, hand) for kind in KINDS}


def test_piquet_3_1_a_suit_whole_from_seven_to_ace_is_one_run_ending_at_the_ace():
    hearts = {C.make(rank, C.HEARTS) for rank in (6, 7, 8, 9, 10, 11, 12, 0)}
    assert S.sequences(hearts) == [frozenset(hearts)]
    assert S.combinations("sequence", hearts)[0] == frozenset(hearts)
    assert S.score_kind("sequence", frozenset(hearts), S.sequences(hearts)) == 18  # 3.4


def test_piquet_1_1_1_2_heights_and_values_of_the_32():
    for card in PACK:
        assert S.height(card) == height(card) and S.value(card) == value(card)


def test_piquet_2_2_carte_blanche_is_a_hand_without_a_face_card():
    for hand in hands(2000, seed=7):
        faces = any(C.code(card)[0] in "KQJ" for card in hand)
        assert S.is_carte_blanche(hand) is not faces
