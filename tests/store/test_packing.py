"""Compact records (bot/store/packing.py): a hand's record and result packed into one blob
read back byte for byte, text never packed read as it is, damage found and said. Migration
0010, which gives them their columns, is tests/store/test_migration_0010.py."""

from __future__ import annotations

import hashlib
import json
import random
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.store import StoreError, packing
from engine import games


def _hands_of(game_id: str, seed: int) -> list[tuple[str, str]]:
    """Hands of random play at the game's fewest and most seats, as the store keeps them."""
    info = games.get(game_id).info
    rng = random.Random(seed)
    most = min(info.max_seats, 6)
    return [hand for players in sorted({info.min_seats, most})
            for hand in packing.records(game_id, 3, rng, players=players)]


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_every_games_records_read_back_exactly_and_small(game_id):
    for record, result in _hands_of(game_id, 7):
        blob = packing.pack(record, result)
        assert blob[0] == packing.CURRENT.number  # the store's text is always transformed
        assert packing.unpack(blob) == (record, result)
        assert len(blob) < (len(record) + len(result)) / 3


def test_a_gff_hand_as_the_table_service_deals_it_packs_to_a_few_hundred_bytes():
    hands = packing.records("gff", 20, random.Random(3), players=3)
    sizes = [len(packing.pack(record, result)) for record, result in hands]
    assert sum(sizes) / len(sizes) < 450


def test_the_blob_starts_with_its_format_number():
    record, result = _hands_of("gff", 1)[0]
    blob = packing.pack(record.encode(), result.encode())  # bytes are taken as UTF-8
    assert blob[0] == 1 and packing.FORMATS[1].transformed
    assert packing.is_packed(blob) and not packing.is_packed(record.encode())
    assert all(number not in packing.TEXT_STARTS for number in packing.FORMATS)


def test_a_record_without_a_result_salt_or_seats_reads_back():
    for record in ('{"game":"gff","actions":[]}', "[]", '{"deck":["AS","KD"],"salt":"x"}'):
        assert packing.unpack(packing.pack(record)) == (record, None)


def test_text_the_transform_cannot_take_is_packed_verbatim():
    odd = [
        '{"seats":[{"id":"zoë","stack":5}],"deck":["AS"]}',  # past ASCII
        '{"seats":[{"id":"a\x01b","stack":5}]}',  # a raw control character
        "not JSON at all \x00 with a NUL",
    ]
    for record in odd:
        blob = packing.pack(record, '{"ended": "drop"}')
        assert blob[0] == packing.VERBATIM.number
        assert packing.unpack(blob) == (record, '{"ended": "drop"}')


def test_postgresql_s_spacing_and_key_order_read_back_exactly():
    record, result = _hands_of("gff", 2)[0]
    data = json.loads(record)
    spaced = json.dumps(dict(sorted(data.items(), key=lambda kv: (len(kv[0]), kv[0]))))
    assert packing.unpack(packing.pack(spaced, result)) == (spaced, result)


def test_a_commitment_that_does_not_match_its_deck_is_kept_as_it_is():
    record, result = _hands_of("gff", 4)[0]
    data = json.loads(record)
    data["commitment"] = "0" * 64
    tampered = json.dumps(data, separators=(",", ":"))
    assert packing.unpack(packing.pack(tampered, result)) == (tampered, result)


def test_seat_ids_that_look_like_cards_or_hold_escapes_read_back():
    record = json.dumps({
        "seats": [{"id": "KS", "stack": 1}, {"id": 'a"b', "stack": 2}, {"id": "", "stack": 3}],
        "deck": ["KS", "AS", "JK"], "actions": [{"seat": "KS", "card": "KS"}, {"seat": 'a"b'}],
        "salt": "s",
    }, separators=(",", ":"))
    result = json.dumps({"stacks": {"KS": 1, 'a"b': 2, "": 3}, "winners": ["KS"]})
    assert packing.unpack(packing.pack(record, result)) == (record, result)


# Texts made of what the transform looks for (card codes, seat ids, quotes, commas,
# digests) in any order: whatever they are, they read back as they were.
PIECES = st.sampled_from([
    '"AS"', '"KD"', '"JK"', ",", '","', '"', '""', '"id":', '"id": ', '"p1"', '"1234"',
    '"seats":[{"id":"p1"},{"id":"1234"}]', '"deck":["AS","KD"]', '"salt":"ab"',
    '"commitment":', "[", "]", "{", "}", ":", " ", "\\", '\\"', "KS", "10H", "\n",
    f'"{hashlib.sha256(b"ab:AS KD").hexdigest()}"',
])


@given(st.lists(PIECES, max_size=40), st.one_of(st.none(), st.lists(PIECES, max_size=10)))
def test_any_text_reads_back_exactly(record_pieces, result_pieces):
    record = "".join(record_pieces)
    result = None if result_pieces is None else "".join(result_pieces)
    assert packing.unpack(packing.pack(record, result)) == (record, result)


def test_text_that_was_never_packed_is_read_as_it_is():
    record = '{"game":"gff","actions":[]}'
    assert packing.unpack(record) == (record, None)
    assert packing.unpack(record.encode()) == (record, None)
    assert packing.unpack(b' \n{"a":1}') == (' \n{"a":1}', None)
    assert packing.stored(None, record, '{"ended": "drop"}') == (record, '{"ended": "drop"}')
    blob = packing.pack(record, "{}")
    assert packing.stored(blob, None, None) == (record, "{}")


@pytest.mark.parametrize("damage", ["a byte changed", "cut short", "a byte added", "empty",
                                    "unknown format", "no frame"])
def test_a_damaged_blob_is_refused_with_a_sentence(damage):
    record, result = _hands_of("tonk", 5)[0]
    blob = bytearray(packing.pack(record, result))
    if damage == "a byte changed":
        blob[len(blob) // 2] ^= 0x40
    elif damage == "cut short":
        del blob[-3:]
    elif damage == "a byte added":
        blob += b"\x00"
    elif damage == "empty":
        blob = bytearray()
    elif damage == "unknown format":
        blob[0] = 0x63
    else:
        blob = bytearray(b"\x01")
    with pytest.raises(packing.DamagedRecord) as refused:
        packing.unpack(bytes(blob))
    assert isinstance(refused.value, StoreError) and isinstance(refused.value, ValueError)
    assert refused.value.message.startswith("A hand's stored record is damaged: ")
    assert refused.value.message.endswith(".") and "\n" not in refused.value.message
    if damage == "unknown format":
        assert "format 99" in refused.value.message


def test_a_row_with_neither_text_nor_blob_is_damaged():
    with pytest.raises(packing.DamagedRecord):
        packing.stored(None, None, None)


def test_the_shipped_dictionary_is_the_one_the_formats_name():
    for fmt in packing.FORMATS.values():
        shipped = resources.files("bot.store").joinpath(fmt.dictionary).read_bytes()
        assert hashlib.sha256(shipped).hexdigest() == fmt.sha256
        assert packing.dictionary_bytes(fmt) == shipped


def test_training_again_makes_the_same_dictionary():
    made = packing.train(packing.corpus())
    assert hashlib.sha256(made).hexdigest() == packing.CURRENT.sha256
