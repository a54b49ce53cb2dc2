"""`python tests/tables/crash_tables.py DB SEED`: the table service playing until killed.

test_crash.py runs this in a child process and kills it with SIGKILL at random
moments. It is the bot without Discord: the same store, table service and
timers, with three tables played at once by random legal actions. Started on a
file that already holds tables (after a kill), it picks them up as the bot does.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.store import GuildSettings, Store  # noqa: E402
from bot.tables import (  # noqa: E402
    AsyncioScheduler,
    SilentListener,
    TableError,
    TableService,
)
from engine.simulate import random_action  # noqa: E402

GUILD = 1000
TABLES = 3



async def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    store = await Store.open(path, defaults=GuildSettings(stake=10, buy_in_stakes=20))
    service = TableService(store, AsyncioScheduler(), SilentListener(), next_hand_seconds=0)
    await service.restore(await store.recover())
    for channel in range(2000, 2000 + TABLES):
        if service.in_channel(channel) is None:
            for user in range(3):
                await service.join(GUILD, channel, 10**9 + channel * 10 + user)
    for table in list(service.tables.values()):
        if table.hand is None or table.hand.is_over:
            await service.deal(table)
    print("ready", flush=True)
    while True:
        for table in list(service.tables.values()):
            hand = table.hand
            if hand is None or hand.is_over:
                await asyncio.sleep(0)  # the next deal is a timer: let it run
                if len(table.can_be_dealt()) < 2:
                    for seat in table.info.seats:  # a rebuy keeps the table going
                        await service.leave(table.info.channel_id, seat.user_id)
                continue
            action = random_action(hand, rng, 0.1)
            try:
                await service.act(table.id, int(action.seat), action, hand.seq)
            except TableError:
                pass  # a timer got there first
        await asyncio.sleep(0)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
