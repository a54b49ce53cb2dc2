"""`python tests/store/crash_player.py DB SEED`: play through the store until killed.

test_crash.py starts this in a child process and kills it with SIGKILL at a
random moment. After every commit it prints what is now durable, so the test
can tell what the file must hold at least:

    D <hand> 0        a hand was dealt and stored
    A <hand> <seq>    the hand's record now holds <seq> actions
    S <hand>          the hand is settled
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.store import Store  # noqa: E402
from engine.simulate import random_action  # noqa: E402
from tests.store.helpers import DEFAULTS, GUILD, HOST, deal  # noqa: E402

TABLES = 3
PLAYERS = 3


def report(line: str) -> None:
    print(line, flush=True)


async def keep_seated(store: Store, table_id: int, users: list[int]) -> None:
    """Players who went out (GFF-2.6) buy in again, with a grant when their wallet is short."""
    table = await store.table(table_id)
    seated = {s.user_id for s in table.seats}
    for user in users:
        if user not in seated:
            wallet, _ = await store.open_wallet(GUILD, user)
            if wallet.balance < table.buy_in:
                await store.grant(GUILD, user, table.buy_in, "back to the table")
            await store.buy_in(table_id, user)


async def play_table(store: Store, channel: int, rng: random.Random) -> None:
    users = [channel * 10 + i for i in range(PLAYERS)]
    while True:
        table = await store.table_in_channel(channel)
        if table is None:
            table = await store.open_table(GUILD, channel, HOST, buy_in=60)
        running = await store.running_hand(table.id)
        if running is None:
            await keep_seated(store, table.id, users)
            hand_id, hand = await deal(store, table.id, rng=rng)
            report(f"D {hand_id} 0")
        else:
            hand_id, hand = running.hand_id, running.hand
        while not hand.is_over:
            seq = hand.seq
            action = random_action(hand, rng)
            hand.apply(action)
            await store.record_action(hand_id, seq, action, hand.settlement)
            report(f"A {hand_id} {hand.seq}")
        report(f"S {hand_id}")
        if rng.random() < 0.1:
            await store.close_table(table.id)  # every chip back; a new table opens next


async def main(path: str, seed: int) -> None:
    store = await Store.open(path, defaults=DEFAULTS)
    await store.recover()
    report("ready")
    rng = random.Random(seed)
    await asyncio.gather(
        *(
            play_table(store, channel, random.Random(rng.random()))
            for channel in range(1, 1 + TABLES)
        )
    )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
