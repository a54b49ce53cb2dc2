"""`python -m engine.fingerprint [--records N] [--seed S]`: what every game's replay says,
in one hash per game.

For each registered game: N records of random legal play (some cut short), each replayed
as it is and once corrupted (a seat, an action, a card, the stake or a field changed), and
every answer — result or error, with its exit status — hashed in order. The same code
prints the same hashes; a change of what any replay answers changes its game's hash. A
restructuring of the engine shows it changed no behaviour by printing the same lines
before and after.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import random
import sys
from collections.abc import Iterator

from engine import games
from engine.replay import run

STAKE = 10
STACKS = (200, 200, 50, 35, 400)  # some below a game's least stack, to be sat out
MAX_ACTIONS = 5000


def records(game_id: str, count: int, rng: random.Random) -> Iterator[dict]:
    """Records of random legal play; about one in seven stops before the deal is over."""
    game = games.get(game_id)
    info = game.info
    for _ in range(count):
        ids = [f"p{j + 1}" for j in range(rng.randint(info.min_seats, min(info.max_seats, 6)))]
        packs = [rng.sample(info.pack, len(info.pack)) for _ in range(info.deals_per_game)]
        stacks = {seat: rng.choice(STACKS) for seat in ids}
        carry = {pot: rng.choice((0, 0, 30)) for pot in info.carried_pots}
        try:
            deal = game.start(
                seats=[(seat, stacks[seat]) for seat in ids], stake=STAKE,
                dealer=rng.choice(ids) if info.has_dealer else None,
                deck_or_decks=packs[0] if len(packs) == 1 else packs, carry=carry,
            )
        except Exception:  # too few seats hold enough to be dealt in: no record to make
            continue
        if info.reshuffles:
            deal.shuffle_with(lambda pile: rng.sample(pile, len(pile)))
        cut_short = rng.random() < 0.15
        for _ in range(MAX_ACTIONS):
            if deal.settlement is not None or (cut_short and rng.random() < 0.05):
                break
            deal.apply(game.simulation_action(deal, rng))
        yield deal.record().to_json()


def corrupted(record: dict, rng: random.Random) -> dict:
    """The record with one thing changed, as a hand-edited or damaged record would be."""
    data = copy.deepcopy(record)
    actions = data.get("actions") or []
    kind = rng.randrange(8)
    if kind == 0 and actions:
        rng.choice(actions)["seat"] = rng.choice([s["id"] for s in data["seats"]] + ["zz"])
    elif kind == 1 and actions:
        del actions[rng.randrange(len(actions))]
    elif kind == 2 and actions:
        actions.insert(rng.randrange(len(actions)), copy.deepcopy(rng.choice(actions)))
    elif kind == 3 and data.get("deck"):
        deck = data["deck"][0] if isinstance(data["deck"][0], list) else data["deck"]
        deck[rng.randrange(len(deck))] = rng.choice(["XX", "AS", "10H", None, 5])
    elif kind == 4:
        data["stake"] = rng.choice([0, -1, "10", 10.5, None, 3])
    elif kind == 5 and actions:
        action = rng.choice(actions)
        action[rng.choice(list(action))] = rng.choice([None, "x", 0, [], "AS", 99])
    elif kind == 6:
        del data[rng.choice(list(data))]
    else:
        data["seats"] = data["seats"][:1] + data["seats"][1:][::-1]
    return data


def fingerprint(game_id: str, count: int, seed: int) -> tuple[int, str]:
    """How many replays were hashed, and the hash of their answers."""
    digest = hashlib.sha256()
    replays = 0
    deals, damage = random.Random(seed), random.Random(seed + 1)
    for record in records(game_id, count, deals):
        for data in (record, corrupted(record, damage)):
            answer, status = run(json.dumps(data))
            digest.update(json.dumps(answer, sort_keys=True).encode() + str(status).encode())
            replays += 1
    return replays, digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.fingerprint",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=400, help="records per game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    whole = hashlib.sha256()
    for game_id in games.GAMES:
        replays, digest = fingerprint(game_id, args.records, args.seed)
        print(game_id, replays, digest)
        whole.update(digest.encode())
    print("all", whole.hexdigest()[:16])
    return 0


if __name__ == "__main__":
    sys.exit(main())
