"""Checks a hand record's cards against its seeds (v1, docs/fairness.md); standard library only.
Usage: python verify.py RECORD.json [HOUSE_SEED_HEX]   (the seed, if the record lacks it)"""
import hashlib
import hmac
import json
import sys

ORDER = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"] + ["JK"]  # card ints

def u32s(seed, fair):  # the stream: HMAC-SHA256 blocks, counter 0, 1, 2 ..., as u32s
    for counter in range(2**64):
        message = f"{fair['client_seed']}:{fair['nonce']}:{counter}".encode()
        block = hmac.new(seed, message, hashlib.sha256).digest()
        yield from (int.from_bytes(block[k:k + 4], "big") for k in range(0, 32, 4))

def check(record, seed_hex):
    fair = record["fair"]
    seed = bytes.fromhex(seed_hex or fair["house_seed"])
    if hashlib.sha256(seed).hexdigest() != fair["house_hash"].lower():
        return "the seed does not match the house hash"
    stream, decks = u32s(seed, fair), [record["deck"]] if "deck" in record else record["decks"]
    lists = [("deck" if "deck" in record else f"decks[{k}]", d) for k, d in enumerate(decks)]
    lists += [(f"reshuffles[{k}]", r) for k, r in enumerate(record.get("reshuffles", []))]
    for name, codes in lists:
        cards = sorted(set(codes), key=ORDER.index)  # each card once, in card order
        for i in range(len(cards) - 1, 0, -1):  # Fisher-Yates, without modulo bias
            while (x := next(stream)) >= 2**32 - 2**32 % (i + 1):
                pass  # refused: it would favour the low places
            cards[i], cards[x % (i + 1)] = cards[x % (i + 1)], cards[i]
        print(f"{name}: {' '.join(cards)}")
        if cards != codes:
            at = next((i for i, c in enumerate(codes) if i == len(cards) or cards[i] != c), 0)
            return f"{name} differs at card {at + 1} (the record has {codes[at]})"

try:
    why = check(json.load(open(sys.argv[1], encoding="utf-8")), (sys.argv[2:] or [None])[0])
except (LookupError, ValueError, TypeError, OSError) as exc:  # no `fair`, bad JSON, no file
    why = f"cannot check this record ({type(exc).__name__}: {exc})"
print(f"NOT verified: {why}" if why else "verified")
sys.exit(1 if why else 0)
