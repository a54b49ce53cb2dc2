"""The table service killed with SIGKILL at any moment: no chip lost, every hand goes on.

After each kill the file is opened again as the bot does at start-up: recovery
replays every running hand (or voids it with refunds), the service picks the
tables up, conservation holds to the chip, and each resumed hand accepts its
next legal action.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.store import GuildSettings, Store
from bot.tables import ManualScheduler, SilentListener, TableService
from engine.simulate import random_action
from tests.tables.crash_tables import GUILD

CHILD = Path(__file__).with_name("crash_tables.py")
ROOT = Path(__file__).resolve().parents[2]


def run_until_killed(path: Path, seed: int, rng: random.Random) -> None:
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(path), str(seed)], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        ready = child.stdout.readline()
        assert ready == "ready\n", ready + child.stderr.read()
        time.sleep(rng.uniform(0.05, 0.6))
    finally:
        child.send_signal(signal.SIGKILL)
    _, err = child.communicate(timeout=10)
    assert child.returncode == -signal.SIGKILL, err


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_killed_at_random_moments_the_tables_go_on_and_every_chip_is_there(
    tmp_path, seed
):
    rng = random.Random(seed)
    path = tmp_path / "gff.sqlite3"
    for kill in range(2):
        run_until_killed(path, seed * 10 + kill, rng)
        store = await Store.open(path, defaults=GuildSettings())
        try:
            recovery = await store.recover()
            service = TableService(store, ManualScheduler(), SilentListener())
            await service.restore(recovery)
            (guild,) = await store.conservation(GUILD)
            assert guild.holds, guild
            audit = await store.audit(GUILD)
            assert audit.balances, audit
            for voided in recovery.voided:
                assert (await store.hand(voided.hand_id)).status == "void"
            resumed = [t for t in service.tables.values() if t.hand and not t.hand.is_over]
            for table in resumed:
                hand = table.hand
                stored = await store.running_hand(table.id)
                assert stored.hand.seq == hand.seq  # exactly where the store left it
                action = random_action(hand, random.Random(seed))
                await service.act(table.id, int(action.seat), action, hand.seq)
            assert resumed or recovery.tables  # there was something to go on with
            played = [h for t in recovery.tables for h in await store.recent_hands(t.id, 100)]
            assert sum(h.seq for h in played) > 0, "the child played nothing before the kill"
            print(f"seed {seed} kill {kill}: {len(played)} hands, "
                  f"{sum(h.status == 'settled' for h in played)} settled, "
                  f"{sum(h.seq for h in played)} actions, {len(recovery.voided)} voided")
        finally:
            await store.close()
