"""Compact records: a hand that is over keeps its record and result as one packed blob.

While a hand runs, its record is JSON text (`running_hands.record`, migration 0010),
appended to at each action. In the transaction that settles or voids the hand, its
record and its result are packed together (`pack`) into one blob, `hands.packed`, and
read back (`unpack`, or `stored` for a row's columns) as the very texts that were
packed, byte for byte: /history, the replay and the players' records see what they saw
before. A value that is not packed (JSON text: the `record` and `result` a row held
before 0010, until `pack_over_hands` packs it) is read as it is.

A blob is one byte naming its format, then a zstandard frame (without its magic number;
with its content size and checksum, so a damaged blob is found, never misread) made
with the format's dictionary. The dictionary is trained on the records of all the
hall's games (`python -m bot.store.packing train`) and ships with the package; a later
dictionary comes as a new format number and file, and the old file stays, so that every
row packed before stays readable.

Format 1 transforms the text before zstandard, in ways undone exactly (the result of the
undoing is compared with the text at every pack; where it differs, or the text holds a
byte the transform uses as a marker, format 2 packs the text as it is):
- each seat's id, as the quoted JSON string the record names it by, is one control byte
  (never in JSON text) wherever it stands, and the ids are listed once, in front;
- every run of quoted card codes (`"KS","7H",...`, a deck or an action's cards) is one
  byte a card (0x80 and up: the text is ASCII);
- the deck commitment, when it is SHA-256 of the record's salt and deck (as
  engine/fairness.py makes it), is one byte, and computed again when unpacked.

Payload of format 1, before zstandard: the seat ids (each the inside of its quoted JSON
string, `\\x02` between them), `\\x00`, the record, and if there is one `\\x00` and the
result. Format 2: a flag byte (1 if there is a result), the record's length in UTF-8
bytes (4 bytes, big-endian), the record, the result.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import struct
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import zstandard

from bot.store.errors import StoreError

LEVEL = 9  # zstandard's; 19 packs some 10 bytes smaller at 15 times the time
PACKAGE = "bot.store"


@dataclass(frozen=True, slots=True)
class Format:
    number: int  # the blob's first byte
    dictionary: str  # its file in the package
    sha256: str  # of the dictionary's bytes: a changed file is refused, never misread
    transformed: bool


# Made by `python -m bot.store.packing train` (32 KiB, seed 33, 300 hands of each game).
DICTIONARY_1 = (
    "records1.zdict", "1bae37a9c41dabd7a1153fe93522f101035888f642857818216c9360bcc5aa6c"
)
FORMATS = {
    1: Format(1, *DICTIONARY_1, transformed=True),
    2: Format(2, *DICTIONARY_1, transformed=False),
}
CURRENT, VERBATIM = FORMATS[1], FORMATS[2]
# A value whose first byte is one of these is JSON text, not a blob: no format number
# may be one of them.
TEXT_STARTS = frozenset(b"{[ \t\r\n")
MAX_UNPACKED = 64 * 1024 * 1024  # bytes; a record is at most 8 MiB (engine/replay.py)


class PackingError(StoreError, ValueError):
    """A packed record that cannot be read, or a dictionary that is not the one shipped.

    A ValueError too: the players' records skip a hand they cannot read (stats.py)."""


class DamagedRecord(PackingError):
    def __init__(self, why: str) -> None:
        super().__init__(f"A hand's stored record is damaged: {why}.")


# --- the transform of format 1 ---------------------------------------------------------

SEPARATOR = "\x00"
ID_SEPARATOR = "\x02"
COMMITMENT = "\x01"
FIRST_SEAT = 0x10  # seat k is chr(0x10 + k)
MAX_SEATS = 16
FIRST_CARD = 0x80  # card i (engine/cards.py; 52 is the joker) is chr(0x80 + i)
CODES = tuple(rank + suit for suit in "SHDC" for rank in "A23456789TJQK") + ("JK",)
CARD_OF = {code: chr(FIRST_CARD + i) for i, code in enumerate(CODES)}
CODE_OF = {char: code for code, char in CARD_OF.items()}
_CODE = r"(?:[A2-9TJQK][SHDC]|JK)"
CARD_RUN = re.compile(rf'"{_CODE}"(?:,"{_CODE}")*')
CARD_CHARS = re.compile(f"[{chr(FIRST_CARD)}-{chr(FIRST_CARD + len(CODES) - 1)}]+")
ONE_CARD = {char: f'"{code}"' for char, code in CODE_OF.items()}
# The control characters the transform writes as markers: a text holding any of them,
# or any character past ASCII (the cards' markers), is packed verbatim. JSON text holds
# no raw control character but whitespace, and the store writes it ASCII.
CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")
# Read from the record's text, not its parsed JSON (a third of the time): a wrong reading
# only costs bytes, as every pack is checked by unpacking it.
SEAT_ID = re.compile(r'"id":\s*("(?:[^"\\]|\\.)+")')
SALT = re.compile(r'"salt":\s*"([^"\\]*)"')
DECK = re.compile(r'"deck":\s*\[([^\]]*)\]')
DECKS = re.compile(r'"decks":\s*\[((?:\s*\[[^\]]*\]\s*,?)*)\]')
QUOTED = re.compile(r'"([^"\\]*)"')


def _cards_out(match: re.Match[str]) -> str:
    return "".join(map(CARD_OF.__getitem__, match.group()[1:-1].split('","')))


def _cards_in(match: re.Match[str]) -> str:
    run = match.group()
    if len(run) == 1:  # an action's card: most runs
        return ONE_CARD[run]
    return '"' + '","'.join(map(CODE_OF.__getitem__, run)) + '"'


def _commitment(record: str) -> str | None:
    """SHA-256 of the record's salt and deck, as engine/fairness.py makes the commitment."""
    salt = SALT.search(record)
    deck = DECK.search(record) or DECKS.search(record)
    if salt is None or deck is None:
        return None
    codes = QUOTED.findall(deck.group(1))
    return hashlib.sha256(f"{salt.group(1)}:{' '.join(codes)}".encode()).hexdigest()


def _seat_tokens(record: str) -> list[str]:
    """The seats' ids as the record's text quotes them, in order (at most MAX_SEATS)."""
    tokens: list[str] = []
    for token in SEAT_ID.findall(record):
        if token not in tokens:
            tokens.append(token)
            if len(tokens) == MAX_SEATS:
                break
    return tokens


def _transformed(record: str, result: str | None) -> str | None:
    """Format 1's payload, or None where the text must be packed verbatim."""
    for text in (record, result or ""):
        if not text.isascii() or CONTROLS.search(text):
            return None
    digest = _commitment(record)
    if digest is not None:
        record = record.replace(f'"{digest}"', COMMITMENT)
    text = record if result is None else record + SEPARATOR + result
    tokens = _seat_tokens(record)
    for k, token in enumerate(tokens):
        text = text.replace(token, chr(FIRST_SEAT + k))
    text = CARD_RUN.sub(_cards_out, text)
    return ID_SEPARATOR.join(token[1:-1] for token in tokens) + SEPARATOR + text


def _untransformed(payload: str) -> tuple[str, str | None]:
    ids, separated, text = payload.partition(SEPARATOR)
    if not separated:
        raise ValueError("no seat ids")
    text = CARD_CHARS.sub(_cards_in, text)
    if ids:
        for k, seat_id in enumerate(ids.split(ID_SEPARATOR)):
            text = text.replace(chr(FIRST_SEAT + k), f'"{seat_id}"')
    record, has_result, result = text.partition(SEPARATOR)
    if COMMITMENT in record:
        digest = _commitment(record)
        if digest is None:
            raise ValueError("the commitment cannot be computed again")
        record = record.replace(COMMITMENT, f'"{digest}"')
    return record, (result if has_result else None)


def _verbatim(record: str, result: str | None) -> bytes:
    head = record.encode("utf-8", "surrogatepass")
    tail = b"" if result is None else result.encode("utf-8", "surrogatepass")
    return struct.pack(">BI", result is not None, len(head)) + head + tail


def _from_verbatim(payload: bytes) -> tuple[str, str | None]:
    if len(payload) < 5:
        raise ValueError("too short")
    has_result, length = struct.unpack_from(">BI", payload)
    if has_result not in (0, 1) or 5 + length > len(payload):
        raise ValueError("bad lengths")
    record = payload[5 : 5 + length].decode("utf-8", "surrogatepass")
    result = payload[5 + length :].decode("utf-8", "surrogatepass")
    if not has_result and result:
        raise ValueError("bytes after the record")
    return record, (result if has_result else None)


# --- the dictionaries and codecs -------------------------------------------------------

_dictionaries: dict[str, bytes] = {}
_dictionaries_lock = threading.Lock()
_local = threading.local()  # a thread's own compressors: zstandard's are not shared


def dictionary_bytes(fmt: Format) -> bytes:
    """The format's dictionary as shipped; PackingError if it is missing or not that file."""
    with _dictionaries_lock:
        data = _dictionaries.get(fmt.dictionary)
        if data is None:
            try:
                data = resources.files(PACKAGE).joinpath(fmt.dictionary).read_bytes()
            except OSError:
                raise PackingError(
                    f"The records dictionary {fmt.dictionary} is not installed with the bot"
                    " (bot/store package data)."
                ) from None
            if hashlib.sha256(data).hexdigest() != fmt.sha256:
                raise PackingError(
                    f"The records dictionary {fmt.dictionary} is not the one format"
                    f" {fmt.number} was made with: restore it, and add a new format instead."
                )
            _dictionaries[fmt.dictionary] = data
    return data


class _Codec:
    def __init__(self, dictionary: bytes, level: int = LEVEL) -> None:
        compression = zstandard.ZstdCompressionDict(dictionary)
        compression.precompute_compress(level=level)
        self.compressor = zstandard.ZstdCompressor(
            level=level, dict_data=compression, write_checksum=True,
            write_content_size=True, write_dict_id=False,
        )
        self.decompressor = zstandard.ZstdDecompressor(
            dict_data=zstandard.ZstdCompressionDict(dictionary),
            format=zstandard.FORMAT_ZSTD1_MAGICLESS,
        )

    def compress(self, payload: bytes) -> bytes:
        return self.compressor.compress(payload)[4:]  # the frame without its magic number

    def decompress(self, frame: bytes) -> bytes:
        size = zstandard.get_frame_parameters(
            frame, format=zstandard.FORMAT_ZSTD1_MAGICLESS
        ).content_size
        if not 0 <= size <= MAX_UNPACKED:
            raise zstandard.ZstdError(f"a content size of {size}")
        stream = self.decompressor.decompressobj()
        data = stream.decompress(frame)
        if not stream.eof or stream.unused_data or len(data) != size:
            raise zstandard.ZstdError("the frame is cut short or runs on")
        return data


def _codec(fmt: Format) -> _Codec:
    codecs = getattr(_local, "codecs", None)
    if codecs is None:
        codecs = _local.codecs = {}
    codec = codecs.get(fmt.dictionary)
    if codec is None:
        codec = codecs[fmt.dictionary] = _Codec(dictionary_bytes(fmt))
    return codec


# --- pack and unpack -------------------------------------------------------------------


def _text(value: str | bytes, what: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (bytes, bytearray, memoryview)):
        try:
            return bytes(value).decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"the {what} is not UTF-8 text") from None
    raise TypeError(f"the {what} must be text, not {type(value).__name__}")


def payload(record: str, result: str | None) -> tuple[Format, bytes]:
    """The format a record and result are packed in, and the bytes given to zstandard."""
    transformed = _transformed(record, result)
    if transformed is not None:
        try:
            exact = _untransformed(transformed) == (record, result)
        except (ValueError, KeyError):
            exact = False
        if exact:
            return CURRENT, transformed.encode("latin-1")
    return VERBATIM, _verbatim(record, result)


def pack(record: str | bytes, result: str | bytes | None = None) -> bytes:
    """One blob holding a hand's record and result (JSON texts), to be read by `unpack`."""
    record = _text(record, "record")
    result = None if result is None else _text(result, "result")
    fmt, data = payload(record, result)
    return bytes((fmt.number,)) + _codec(fmt).compress(data)


def is_packed(value: Any) -> bool:
    """Whether a stored value is a packed blob (not JSON text)."""
    return isinstance(value, (bytes, bytearray, memoryview)) and len(value) > 0 and (
        value[0] not in TEXT_STARTS
    )


def unpack(value: str | bytes) -> tuple[str, str | None]:
    """(record, result) as they were packed; JSON text that was never packed is read as it
    is, (text, None). DamagedRecord if the blob cannot be read back exactly."""
    if isinstance(value, str):
        return value, None
    if not isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(f"a stored record is text or a blob, not {type(value).__name__}")
    blob = bytes(value)
    if not blob:
        raise DamagedRecord("it is empty")
    if blob[0] in TEXT_STARTS:
        try:
            return blob.decode("utf-8"), None
        except UnicodeDecodeError:
            raise DamagedRecord("its text is not UTF-8") from None
    fmt = FORMATS.get(blob[0])
    if fmt is None:
        raise DamagedRecord(
            f"its format {blob[0]} is not one this bot knows (a newer bot's, or damage)"
        )
    try:
        data = _codec(fmt).decompress(blob[1:])
    except zstandard.ZstdError:
        raise DamagedRecord("its compressed bytes do not check out") from None
    try:
        if fmt.transformed:
            return _untransformed(data.decode("latin-1"))
        return _from_verbatim(data)
    except (ValueError, KeyError):
        raise DamagedRecord(f"its format {fmt.number} payload does not read back") from None


def stored(packed: bytes | None, record: str | None, result: str | None) -> tuple[str, str | None]:
    """A hands row's (record, result) texts, packed or not (migration 0010's columns)."""
    if packed is not None:
        return unpack(packed)
    if record is None:
        raise DamagedRecord("the row holds neither a record nor a packed one")
    return record, result


# --- the hands packed after migration 0010 ------------------------------------------

BATCH = 200  # hands a transaction: some 40 ms of packing, so a batch holds no write long
PENDING = (
    "SELECT id, record, result FROM hands"
    " WHERE id > ? AND status <> 'running' AND packed IS NULL ORDER BY id LIMIT ?"
)
# Whether the schema packs records (0010 applied; a store opened with migrations of its
# own, as in tests, may have no hands at all).
PACKS = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'running_hands'"
PACK_ROW = (
    "UPDATE hands SET packed = ?, record = NULL, result = NULL"
    " WHERE id = ? AND status <> 'running' AND packed IS NULL"
)


def pack_over_hands(db: Any, after_id: int = 0, limit: int = BATCH) -> int | None:
    """Pack up to `limit` hands that are over and not packed yet, with ids above
    `after_id`, in the caller's transaction: the last id looked at, or None when none
    was left. Run in write transactions until None (after migration 0010, which cannot
    pack: SQL has no zstandard); a hand left unpacked meanwhile is read all the same."""
    rows = db.execute(PENDING, (after_id, limit)).fetchall()
    if not rows:
        return None
    db.executemany(PACK_ROW, [(pack(record, result), hand_id)
                              for hand_id, record, result in rows])
    return rows[-1][0]


def _packs(db: Any) -> tuple | None:
    return db.execute(PACKS).fetchone()


async def pack_all_over(database: Any, limit: int = BATCH) -> int:
    """Every hand over that is still text, packed, a batch per write transaction (the
    store's `Database`: SQLite's or PostgreSQL's); how many batches it took. A batch
    committed stays packed if the process stops before the last. A dictionary that is
    missing or not the one shipped stops the start here, not a hand's settlement later.

    The store runs it when it opens, before any table plays: it has work only once, at
    the first start after migration 0010 (about 4,000 hands a second, `python -m bench
    records`), and then no batch holds the writer while players wait on their actions;
    at every later start the index of hands to pack finds none at once."""
    for fmt in FORMATS.values():
        dictionary_bytes(fmt)
    after, batches = 0, 0
    if await database.read(_packs) is None:
        return batches
    while (last := await database.write(pack_over_hands, after, limit)) is not None:
        after, batches = last, batches + 1
    return batches


# --- training: `python -m bot.store.packing train` -------------------------------------

TRAIN_SEED = 33
TRAIN_HANDS = 300  # per game
DICTIONARY_SIZE = 32 * 1024
COVER = {"k": 1024, "d": 8, "f": 20, "accel": 1, "steps": 0}
DICTIONARY_ID = 0x6766_0001
STAKES = (1, 5, 10, 10, 10, 25, 100)
# Format 1's dictionary was made from the registry's first twelve games, in its order (a
# game added later comes after them, and packs well all the same: its cards and seat ids
# are the transform's); training on them again gives the shipped file, byte for byte.
TRAINED_GAMES = 12


def trained_on() -> tuple[str, ...]:
    from engine import games  # only training needs the engine

    return tuple(games.GAMES)[:TRAINED_GAMES]


def _discord_id(rng: random.Random) -> str:
    """A person's Discord id, or now and then a computer player's (bot/tables/computer.py)."""
    if rng.random() < 0.2:
        return str(1000 * rng.randint(1, 3) + rng.randint(1, 20))
    return str(rng.randrange(2 * 10**17, 13 * 10**17))


def records(game_id: str, count: int, rng: random.Random,
            players: int | None = None) -> list[tuple[str, str]]:
    """`count` settled hands of random legal play, (record, result) as the store keeps
    them: the record's JSON without spaces, with the salt and commitment the table
    service deals with and the new stocks where the store adds them (last); the result
    as json.dumps writes it."""
    from engine import games  # only training needs the engine

    game = games.get(game_id)
    info = game.info
    made: list[tuple[str, str]] = []
    while len(made) < count:
        seats = players or rng.randint(info.min_seats, min(info.max_seats, 6))
        ids = [_discord_id(rng) for _ in range(seats)]
        if len(set(ids)) != seats:
            continue
        stake = rng.choice(STAKES)
        stacks = [(seat, stake * rng.choice((8, 15, 20, 20, 20, 30, 50))) for seat in ids]
        packs = [rng.sample(info.pack, len(info.pack)) for _ in range(info.deals_per_game)]
        try:
            deal = game.start(
                seats=stacks, stake=stake, dealer=rng.choice(ids) if info.has_dealer else None,
                deck_or_decks=packs[0] if len(packs) == 1 else packs,
                carry={pot: rng.choice((0, 0, 3 * stake)) for pot in info.carried_pots},
                salt=f"{rng.getrandbits(128):032x}",
            )
        except Exception:  # too few seats can be dealt in: no hand to record
            continue
        if info.reshuffles:
            deal.shuffle_with(lambda pile: rng.sample(pile, len(pile)))
        for _ in range(5000):
            if deal.settlement is not None:
                break
            deal.apply(game.simulation_action(deal, rng))
        if deal.settlement is None:
            continue
        record = deal.record().to_json()
        if "reshuffles" in record:  # json_set puts a new key last (hands.SET_RESHUFFLES)
            record["reshuffles"] = record.pop("reshuffles")
        made.append((json.dumps(record, separators=(",", ":")),
                     json.dumps(deal.settlement.to_result())))
    return made


def corpus(hands: int = TRAIN_HANDS, seed: int = TRAIN_SEED,
           game_ids: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """The training hands: `hands` of each game (those of format 1's dictionary unless
    named), from fixed seeds."""
    made: list[tuple[str, str]] = []
    for number, game_id in enumerate(trained_on() if game_ids is None else game_ids):
        made += records(game_id, hands, random.Random(seed * 1000 + number))
    return made


def train(hands: Sequence[tuple[str, str]], size: int = DICTIONARY_SIZE) -> bytes:
    """A dictionary for format 1's payloads of these hands (the same hands, the same
    bytes: one thread, fixed parameters)."""
    samples = []
    for record, result in hands:
        fmt, data = payload(record, result)
        if fmt is CURRENT:
            samples.append(data)
    trained = zstandard.train_dictionary(
        size, samples, dict_id=DICTIONARY_ID, threads=1, **COVER
    )
    return trained.as_bytes()


def measure(dictionary: bytes, hands: Sequence[tuple[str, str]],
            level: int = LEVEL) -> tuple[float, float, float]:
    """Mean bytes of format 1's blob (the format byte in), and µs to pack and to unpack."""
    codec = _Codec(dictionary, level)
    blobs = []
    started = time.perf_counter()
    for record, result in hands:
        fmt, data = payload(record, result)
        blobs.append(bytes((fmt.number,)) + codec.compress(data))
    packing = (time.perf_counter() - started) / len(hands) * 1e6
    started = time.perf_counter()
    for blob in blobs:
        text = codec.decompress(blob[1:])
        if blob[0] == CURRENT.number:
            _untransformed(text.decode("latin-1"))
        else:
            _from_verbatim(text)
    unpacking = (time.perf_counter() - started) / len(hands) * 1e6
    return sum(map(len, blobs)) / len(blobs), packing, unpacking


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.store.packing",
        description="Make the records dictionary again from the hall's games (fixed seeds).",
    )
    parser.add_argument("command", choices=["train"])
    parser.add_argument("--out", type=Path, help="where to write it (default: the shipped "
                        "file, only if it is missing or the same bytes)")
    parser.add_argument("--hands", type=int, default=TRAIN_HANDS, help="per game")
    parser.add_argument("--seed", type=int, default=TRAIN_SEED)
    parser.add_argument("--size", type=int, default=DICTIONARY_SIZE)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    dictionary = train(corpus(args.hands, args.seed), args.size)
    digest = hashlib.sha256(dictionary).hexdigest()
    print(f"dictionary: {len(dictionary):,} bytes, sha256 {digest}"
          f" ({time.perf_counter() - started:.1f} s)")
    shipped = resources.files(PACKAGE).joinpath(CURRENT.dictionary)
    out = args.out
    if out is None:
        if shipped.is_file() and shipped.read_bytes() != dictionary:
            print(f"{CURRENT.dictionary} differs from what was just made: rows packed with "
                  "it need it as it is. Give --out for a new format's file.", file=sys.stderr)
            return 1
        out = Path(str(shipped))
    out.write_bytes(dictionary)
    print(f"written to {out}")
    if digest != CURRENT.sha256 and out == Path(str(shipped)):
        print(f"note: format {CURRENT.number} names sha256 {CURRENT.sha256}", file=sys.stderr)
    # Measured on hands it was not trained on: three players at the first game, and every game.
    from engine import games

    held_out = random.Random(args.seed + 1)
    first = records(games.DEFAULT_GAME, 500, held_out, players=3)
    size, packing, unpacking = measure(dictionary, first)
    text = sum(len(r) + len(s) for r, s in first) / len(first)
    print(f"3-player {games.DEFAULT_GAME}: {text:,.0f} bytes of text -> {size:,.0f} packed;"
          f" pack {packing:.0f} us, unpack {unpacking:.0f} us")
    for game_id in games.GAMES:
        hands = records(game_id, 60, held_out)
        size, _, _ = measure(dictionary, hands)
        text = sum(len(r) + len(s) for r, s in hands) / len(hands)
        print(f"  {game_id:<14} {text:>9,.0f} -> {size:>7,.0f} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
