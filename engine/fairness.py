"""Fair decks: proof that neither the house nor the players chose a deal's cards.

Version v1 (docs/fairness.md, the exact algorithm): each table holds a secret house
seed, 32 random bytes, and shows its SHA-256, the house hash, before the first deal the
seed serves. Every seat dealt in brings a seed of its own; joined in seat order they
are the deal's client seed. The deal's number at its table is its nonce. The cards come
from one stream of HMAC-SHA256(house seed, "client_seed:nonce:counter") blocks, read as
big-endian 32-bit numbers by an unbiased Fisher-Yates shuffle of the pack sorted by card:
`deck` (or each of `decks`), then each mid-deal `reshuffles` entry, in that order. Once
the house seed is revealed anyone can recompute every card of the deal.

Records made before v1 carry a deck commitment instead: at the deal the table showed
SHA-256(salt + ":" + the deck's card codes joined by spaces), and the record holds the
salt. `commitment` and `verify` still check those.

`python -m engine.fairness verify RECORD.json [--seed HEX]` checks a record.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import struct
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import ge, mod
from typing import Any

from engine import cards as C
from engine.cards import Card
from engine.marks import N_

VERSION = "v1"
SEED_BYTES = 32
MAX_SEED_LENGTH = 64
_SEED = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_SEED_LENGTH}}}")
_HEX64 = re.compile(r"[0-9a-fA-F]{64}")
_SPAN = 2**32
_HMAC_BLOCK = 64  # SHA-256's block size, in bytes: HMAC pads its key to it
_IPAD = bytes(b ^ 0x36 for b in range(256))
_OPAD = bytes(b ^ 0x5C for b in range(256))


def _bounds(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For a shuffle of n cards: the bound of each place from the last down (n, n - 1 ...
    2) and the least u32 each refuses, 2**32 less 2**32 % bound."""
    bounds = tuple(range(n, 1, -1))
    return bounds, tuple(_SPAN - _SPAN % bound for bound in bounds)


_BOUNDS = tuple(_bounds(n) for n in range(129))


# --- v1: seeds ---------------------------------------------------------------------

def new_house_seed() -> bytes:
    """A table's secret house seed: 32 bytes from the operating system's randomness."""
    return secrets.token_bytes(SEED_BYTES)


def house_hash(seed: bytes) -> str:
    """The commitment to a house seed shown before its first deal: SHA-256, lowercase hex."""
    return hashlib.sha256(seed).hexdigest()


def computer_seed(seat_id: str, house_hash: str) -> str:
    """A computer seat's seed: a function of the house hash, which is fixed before the
    deal, so the bot cannot pick it to steer the cards."""
    return hashlib.sha256(f"computer:{seat_id}:{house_hash}".encode()).hexdigest()[:32]


def valid_seed(text: Any) -> bool:
    """Whether `text` may be a seat's seed: 1 to 64 of A-Z a-z 0-9 _ -."""
    return isinstance(text, str) and _SEED.fullmatch(text) is not None


def random_seed() -> str:
    """A seat's seed when its player has not set one: 16 random bytes in hex."""
    return secrets.token_hex(16)


def client_seed(seeds: Sequence[str]) -> str:
    """A deal's client seed: the dealt-in seats' seeds in seat order, joined by commas."""
    if isinstance(seeds, str) or not seeds:
        raise ValueError("a deal's client seed needs the seed of each seat dealt in")
    for seed in seeds:
        if not valid_seed(seed):
            raise ValueError(f"{seed!r} is not a seed: 1 to 64 of A-Z a-z 0-9 _ -")
    return ",".join(seeds)


# --- v1: the stream and the shuffle ------------------------------------------------

class Stream:
    """The u32s of HMAC-SHA256(seed, f"{client_seed}:{nonce}:{counter}"), counter 0, 1,
    2 ..., each block read as eight big-endian u32s in order: one stream per deal."""

    __slots__ = ("_inner", "_outer", "_prefix", "_counter", "_words", "_at")

    def __init__(self, seed: bytes, client_seed: str, nonce: int) -> None:
        if isinstance(nonce, bool) or not isinstance(nonce, int):
            raise TypeError("the nonce is a whole number, the deal's number at its table")
        self._prefix = f"{client_seed}:{nonce}:".encode("ascii")  # ValueError if not ASCII
        # HMAC (RFC 2104) with its two keyed states made once: a block then costs two
        # copies and two short hashes, less than half of hmac.digest's time, which sets
        # the key up again at every call. The tests pin it to hmac.digest's blocks.
        key = bytes(seed)
        if len(key) > _HMAC_BLOCK:
            key = hashlib.sha256(key).digest()
        key = key.ljust(_HMAC_BLOCK, b"\0")
        self._inner = hashlib.sha256(key.translate(_IPAD))
        self._outer = hashlib.sha256(key.translate(_OPAD))
        self._counter = 0
        self._words: tuple[int, ...] = ()  # u32s read from the stream, not all used yet
        self._at = 0  # the next unused one

    def _blocks(self, count: int) -> tuple[int, ...]:
        """The u32s of the next `count` blocks."""
        inner, outer, prefix, first = self._inner, self._outer, self._prefix, self._counter
        self._counter = first + count
        digests = []
        for counter in range(first, first + count):
            block = inner.copy()
            block.update(b"%s%d" % (prefix, counter))
            whole = outer.copy()
            whole.update(block.digest())
            digests.append(whole.digest())
        return struct.unpack(f">{8 * count}I", b"".join(digests))

    def _take(self, count: int) -> tuple[int, ...]:
        """The next `count` u32s."""
        words, at = self._words, self._at
        if len(words) - at < count:
            words, at = words[at:] + self._blocks((count - len(words) + at + 7) // 8), 0
            self._words = words
        self._at = at + count
        return words[at:at + count]

    def next_u32(self) -> int:
        return self._take(1)[0]

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """The cards sorted, then Fisher-Yates from the last place down, each index drawn
        without modulo bias; index 0 of the result is the top card."""
        deck = sorted(cards)
        n = len(deck)
        if n < 2:
            return deck
        bounds, limits = _BOUNDS[n] if n < len(_BOUNDS) else _bounds(n)
        # Place i takes the next u32 x below the largest multiple of bound = i + 1, and
        # j = x % bound. A u32 is refused with odds under 2**-25 for a pack of 128 cards
        # or fewer: all n - 1 are read at once, and only a refusal takes the slow way.
        words = self._take(n - 1)
        if any(map(ge, words, limits)):
            self._words, self._at = words + self._words[self._at:], 0  # unread again
            return self._shuffle_one_by_one(deck)
        for i, j in zip(range(n - 1, 0, -1), map(mod, words, bounds), strict=True):
            deck[i], deck[j] = deck[j], deck[i]
        return deck

    def _shuffle_one_by_one(self, deck: list[Card]) -> list[Card]:
        """`shuffle` of sorted cards one u32 at a time, refusals read past as they come."""
        for i in range(len(deck) - 1, 0, -1):
            bound = i + 1
            limit = _SPAN - _SPAN % bound
            x = self.next_u32()
            while x >= limit:
                x = self.next_u32()
            j = x % bound
            deck[i], deck[j] = deck[j], deck[i]
        return deck

    def replay_to(self, orders: Sequence[Sequence[Card]]) -> Stream:
        """Move the stream past the shuffles of `orders` (a record's reshuffles so far), as
        the deal made them: after a restart, the next reshuffle continues from here."""
        for order in orders:
            self.shuffle(order)
        return self


def deal_cards(
    seed: bytes, client_seed: str, nonce: int, packs: Sequence[Sequence[Card]]
) -> tuple[list[list[Card]], Stream]:
    """The deck of each pack of a deal, from one stream in order, and that stream, placed
    for the deal's mid-deal reshuffles (`stream.shuffle(pile)` for each)."""
    stream = Stream(seed, client_seed, nonce)
    return [stream.shuffle(pack) for pack in packs], stream


def stream_after(
    seed: bytes, client_seed: str, nonce: int,
    decks: Sequence[Sequence[Card]], reshuffles: Sequence[Sequence[Card]] = (),
) -> Stream:
    """A deal's stream made again, past its decks and the reshuffles it has recorded: where
    a table that restarted mid-deal takes its next reshuffle from."""
    return deal_cards(seed, client_seed, nonce, decks)[1].replay_to(reshuffles)


def fair_block(
    house_hash: str, client_seed: str, nonce: int, house_seed: bytes | None = None
) -> dict:
    """The record's `fair` object; the house seed is in it only once revealed."""
    block: dict[str, Any] = {
        "version": VERSION, "house_hash": house_hash, "client_seed": client_seed,
        "nonce": nonce,
    }
    if house_seed is not None:
        block["house_seed"] = house_seed.hex()
    return block


# --- checking a record -------------------------------------------------------------

NOT_REVEALED = N_(
    "The house seed is not revealed yet: it is revealed when the table closes or a player "
    "rotates it (/fair rotate)."
)


@dataclass(frozen=True)
class Verdict:
    ok: bool
    reason: str  # one short sentence
    cards: list[list[str]] = field(default_factory=list)  # the recomputed lists, codes
    names: list[str] = field(default_factory=list)  # `deck`, `decks[1]`, `reshuffles[0]`


class _Refused(Exception):
    """Why a record cannot be checked, as the sentence to give."""


def verify_fair(record: Any, seed_hex: str | None = None) -> Verdict:
    """Whether a record's cards are the ones its seeds make: with `seed_hex`, or else the
    house seed its `fair` object reveals. A record without `fair` (made before v1) is
    checked by its deck commitment. Never raises: bad input is a verdict with a reason."""
    try:
        return _verify(record, seed_hex)
    except _Refused as why:
        return Verdict(False, str(why))
    except Exception as exc:  # a bug must still answer with a sentence
        return Verdict(False, f"The record could not be checked ({type(exc).__name__}).")


def _verify(record: Any, seed_hex: str | None) -> Verdict:
    if not isinstance(record, dict):
        raise _Refused("The record is not a JSON object.")
    lists = _card_lists(record)
    if "fair" not in record:
        return _verify_old(record, lists)
    fair = record["fair"]
    if not isinstance(fair, dict):
        raise _Refused("The record's fair is not an object.")
    if fair.get("version") != VERSION:
        raise _Refused(f"The record's fair version is {fair.get('version')!r}; "
                       f"this check knows {VERSION!r}.")
    committed = fair.get("house_hash")
    if not isinstance(committed, str) or not _HEX64.fullmatch(committed):
        raise _Refused("The record's fair.house_hash is not 64 hexadecimal characters.")
    joined, nonce = fair.get("client_seed"), fair.get("nonce")
    if not isinstance(joined, str) or not all(map(valid_seed, joined.split(","))):
        raise _Refused("The record's fair.client_seed is not seeds (1 to 64 of A-Z a-z 0-9 "
                       "_ -) joined by commas.")
    if isinstance(nonce, bool) or not isinstance(nonce, int) or nonce < 0:
        raise _Refused("The record's fair.nonce is not a whole number.")
    if seed_hex is None:
        seed_hex = fair.get("house_seed")
        if seed_hex is None:
            raise _Refused(NOT_REVEALED)
    if not isinstance(seed_hex, str) or not _HEX64.fullmatch(seed_hex.strip()):
        raise _Refused("The house seed must be 64 hexadecimal characters (32 bytes).")
    seed = bytes.fromhex(seed_hex.strip())
    if house_hash(seed) != committed.lower():
        return Verdict(False, N_("The seed does not match the house hash."))
    stream = Stream(seed, joined, nonce)
    made = [(name, stream.shuffle(cards), cards) for name, cards in lists]
    names = [name for name, _, _ in made]
    codes = [[C.code(card) for card in deck] for _, deck, _ in made]
    for name, deck, recorded in made:
        if deck != recorded:
            at = next(i for i, (a, b) in enumerate(zip(deck, recorded, strict=True)) if a != b)
            return Verdict(False, (
                f"{name} differs from the seeds' shuffle at card {at + 1} (the record has "
                f"{C.code(recorded[at])}, the seeds make {C.code(deck[at])})."
            ), codes, names)
    return Verdict(True, _all_made(names), codes, names)


def _all_made(names: list[str]) -> str:
    decks = sum(not name.startswith("reshuffles") for name in names)
    if decks == len(names):
        return (N_("The deck is the one the seeds make.") if decks == 1
                else N_("The decks are the ones the seeds make."))
    return (N_("The deck and its reshuffles are the ones the seeds make.") if decks == 1
            else N_("The decks and their reshuffles are the ones the seeds make."))


def _verify_old(record: dict, lists: list[tuple[str, list[Card]]]) -> Verdict:
    names = [name for name, _ in lists]
    codes = [[C.code(card) for card in cards] for _, cards in lists]
    if "salt" not in record or "commitment" not in record:
        raise _Refused("The record has no fair object, nor a salt and commitment: there is "
                       "nothing to check its deck against.")
    if not verify(record):
        return Verdict(False, N_("The deck does not match the commitment shown at its deal (a "
                                 "record made before seeds, checked by its salt)."), codes, names)
    if any(name.startswith("reshuffles") for name in names):
        return Verdict(True, N_("The deck matches the commitment shown at its deal (a record "
                                "made before seeds, checked by its salt; its reshuffles were "
                                "not committed to)."), codes, names)
    return Verdict(True, N_("The deck matches the commitment shown at its deal (a record made "
                            "before seeds, checked by its salt)."), codes, names)


def _card_lists(record: dict) -> list[tuple[str, list[Card]]]:
    """(name, cards) of each shuffle of the record, in the stream's order."""
    if "deck" in record:
        found = [("deck", record["deck"])]
    elif "decks" in record:
        decks = record["decks"]
        if not isinstance(decks, list) or not decks:
            raise _Refused("The record's decks is not a list of decks.")
        found = [(f"decks[{k}]", deck) for k, deck in enumerate(decks)]
    else:
        raise _Refused("The record has no deck or decks.")
    reshuffles = record.get("reshuffles", [])
    if not isinstance(reshuffles, list):
        raise _Refused("The record's reshuffles is not a list.")
    found += [(f"reshuffles[{k}]", order) for k, order in enumerate(reshuffles)]
    return [(name, _cards(name, codes)) for name, codes in found]


def _cards(name: str, codes: Any) -> list[Card]:
    # A deck is never empty; a reshuffle of no cards is no draw from the stream.
    if not isinstance(codes, list) or not (codes or name.startswith("reshuffles")):
        raise _Refused(f"The record's {name} is not a list of card codes.")
    cards = []
    for i, code in enumerate(codes):
        try:
            cards.append(C.parse_with_joker(code))
        except C.CardError:
            raise _Refused(f"The record's {name}[{i}] is not a card code: {code!r}.") from None
    if len(set(cards)) != len(cards):
        twice = next(card for i, card in enumerate(cards) if card in cards[:i])
        raise _Refused(f"The record's {name} has {C.code(twice)} twice.")
    return cards


# --- before v1: the deck commitment --------------------------------------------------

def new_salt() -> str:
    return secrets.token_hex(16)


def committed_text(deck: Sequence[Card], salt: str) -> str:
    """Exactly what is hashed, as text; its UTF-8 bytes go into SHA-256. Card codes are
    the record's (`TH` for the ten of hearts)."""
    return salt + ":" + " ".join(C.code(card) for card in deck)


def commitment(deck: Sequence[Card], salt: str) -> str:
    return hashlib.sha256(committed_text(deck, salt).encode()).hexdigest()


def record_text(record: dict) -> str | None:
    """The committed text of a finished hand's record, or None if it lacks a deck or salt.
    A record of several deals (`decks`, G3.2) commits to its packs one after another."""
    try:
        codes = record["deck"] if "deck" in record else [c for d in record["decks"] for c in d]
        return committed_text([C.parse_with_joker(code) for code in codes], record["salt"])
    except (KeyError, TypeError, ValueError):
        return None


def verify(record: dict) -> bool:
    """Whether a finished hand's record matches the commitment shown at its deal."""
    text = record_text(record)
    return text is not None and (
        hashlib.sha256(text.encode()).hexdigest() == record.get("commitment")
    )


# --- python -m engine.fairness verify ----------------------------------------------

USAGE = (
    "usage: python -m engine.fairness verify RECORD.json [--seed HEX]\n"
    "Checks that a hand record's cards are the ones its seeds make (docs/fairness.md).\n"
    "RECORD.json is a record as /<game> history gives it, or - for standard input;\n"
    "--seed is the table's house seed in hex, when the record does not reveal it.\n"
    "Exit 0: verified; 1: not verified; 2: bad use or a file that cannot be read."
)


def _arguments(args: list[str]) -> tuple[str | None, str | None] | None:
    """(record path or None for standard input, seed or None), or None for bad use."""
    if not args or args[0] != "verify":
        return None
    path = seed = None
    rest = iter(args[1:])
    for arg in rest:
        if arg == "--seed" or arg.startswith("--seed="):
            if seed is not None:
                return None
            seed = arg[7:] if arg.startswith("--seed=") else next(rest, None)
            if not seed:
                return None
        elif (arg.startswith("-") and arg != "-") or path is not None:
            return None
        else:
            path = arg
    return (None if path in (None, "-") else path), seed


def main(argv: list[str] | None = None) -> int:
    from engine.errors import EngineError  # engine.replay imports the record, which
    from engine.replay import load_record, read_record  # imports this module

    args = sys.argv[1:] if argv is None else argv
    if any(arg in ("-h", "--help") for arg in args):
        print(USAGE)
        return 0
    parsed = _arguments(args)
    at_terminal = (parsed is not None and parsed[0] is None and "-" not in args
                   and sys.stdin is not None and sys.stdin.isatty())
    if parsed is None or at_terminal:
        print(USAGE, file=sys.stderr)
        return 2
    path, seed = parsed
    if seed is not None and not _HEX64.fullmatch(seed):
        print("The --seed must be the house seed: 64 hexadecimal characters.", file=sys.stderr)
        return 2
    try:
        text = read_record(path)
    except EngineError as exc:
        print(f"{exc.message[:1].upper()}{exc.message[1:]}.", file=sys.stderr)
        return 2
    try:
        data = load_record(text)
    except EngineError as exc:
        verdict = Verdict(False, f"{exc.message[:1].upper()}{exc.message[1:]}.")
    else:
        verdict = verify_fair(data, seed)
    print(("verified: " if verdict.ok else "NOT verified: ") + verdict.reason)
    if verdict.ok:
        for name, codes in zip(verdict.names, verdict.cards, strict=True):
            print(f"{name}: {' '.join(codes)}")
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    sys.exit(main())
