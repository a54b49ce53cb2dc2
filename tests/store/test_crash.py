"""A process killed at any moment loses no chip, and every hand goes on where it was.

A child process plays three tables at once through the store (on a SQLite file, or
on a PostgreSQL database) and is killed with SIGKILL at a random moment, twice per
seed. After each kill the store is reopened as a restart would, recovery runs, and
the store must hold every commit the child reported, conserve every chip, and give
back each running hand exactly as its record leaves it.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.store import Store
from tests.store.helpers import DEFAULTS, assert_chips_add_up, play_on

PLAYER = Path(__file__).with_name("crash_player.py")
ROOT = Path(__file__).resolve().parents[2]


def run_until_killed(db_path: Path | str, seed: int, rng: random.Random) -> list[str]:
    """Start the player, SIGKILL it after a random number of commits; what it reported.

    Counting commits rather than seconds keeps the test meaningful on a busy
    machine; the small random pause puts the kill anywhere in the next write.
    """
    seen: list[str] = []
    with subprocess.Popen(
        [sys.executable, str(PLAYER), str(db_path), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as child:
        try:
            ready = child.stdout.readline()
            assert ready == "ready\n", ready + child.stderr.read()
            for _ in range(rng.randint(1, 400)):
                line = child.stdout.readline()
                if not line:
                    break
                seen.append(line)
            time.sleep(rng.uniform(0, 0.005))
        finally:
            child.send_signal(signal.SIGKILL)
        # Read through child.stdout itself: communicate() would read the pipe beneath
        # it and miss the lines readline() has already buffered.
        rest, err = child.stdout.read(), child.stderr.read()
        assert child.wait(timeout=30) == -signal.SIGKILL, err  # still playing when killed
    return ("".join(seen) + rest).split("\n")[:-1]  # a line the kill cut short never counts


def committed(lines: list[str]) -> tuple[dict[int, int], set[int]]:
    """The last action count reported for each hand, and the hands reported settled."""
    seqs: dict[int, int] = {}
    settled: set[int] = set()
    for line in lines:
        kind, hand_id, *rest = line.split()
        if kind == "S":
            settled.add(int(hand_id))
        else:
            seqs[int(hand_id)] = int(rest[0])
    return seqs, settled


async def check_after_restart(db_path: Path | str, lines: list[str]) -> None:
    seqs, settled = committed(lines)
    async with await Store.open(db_path, defaults=DEFAULTS) as store:
        # What a restart finds before recovery changes anything.
        stored = {hand_id: await store.hand(hand_id) for hand_id in seqs}
        recovery = await store.recover()
        assert recovery.voided == ()  # no commit ever leaves a record that cannot replay
        assert recovery.settled == ()  # the last action and its settlement commit together
        await assert_chips_add_up(store)

        for hand_id, seq in seqs.items():
            hand = stored[hand_id]
            if hand_id in settled:
                assert hand.status == "settled"
            # Everything reported is durable; at most one more commit went unreported.
            assert hand.seq in (seq, seq + 1), (hand_id, hand.seq, seq)

        for table_id, running in recovery.running.items():
            hand = await store.hand(running.hand_id)
            assert hand.status == "running" and hand.table_id == table_id
            # The hand goes on exactly where its last commit left it.
            assert running.hand.seq == hand.seq
            assert running.hand.record().to_json() == hand.record

        # Finish the interrupted hands through the store: still not a chip astray.
        for running in recovery.running.values():
            await play_on(store, running.hand_id, running.hand, random.Random(running.hand_id))
        await assert_chips_add_up(store)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
async def test_a_killed_process_loses_no_chip_and_no_commit(db_path, seed):
    rng = random.Random(seed)
    for round_ in range(2):
        lines = run_until_killed(db_path, seed * 10 + round_, rng)
        assert lines, "the player was killed before it played anything"
        await check_after_restart(db_path, lines)
    if isinstance(db_path, Path):
        assert os.path.getsize(db_path) > 0
