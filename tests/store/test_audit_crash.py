"""An audit killed with SIGKILL at any moment leaves nothing half-written.

A child process (audit_crash_child.py) audits a server chunk after chunk, over and over,
and is killed at a random moment, three times per seed. After each kill the checkpoint it
left must be exactly what the ledger rows and the hands it says it has covered add up to
(no chunk half in it), and an audit started then goes on from it to the answer an audit
from scratch gives, which is the old queries' answer.
"""

from __future__ import annotations

import json
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.store import Store, audit, queries
from tests.store.audit_crash_child import SMALL
from tests.store.helpers import DEFAULTS, GUILD
from tests.store.test_stats import ANN, BOB, CAT, History, play

CHILD = Path(__file__).with_name("audit_crash_child.py")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """A server's history, played once through the store, copied for each test."""
    import asyncio

    path = tmp_path_factory.mktemp("audit_crash") / "played.sqlite3"

    async def build() -> None:
        async with await Store.open(path, defaults=DEFAULTS) as store:
            history = History()
            await play(store, history, "gff", 901, (ANN, BOB, CAT), 10, seed=1)
            await play(store, history, "faro", 903, (ANN, BOB, 1001), 6, seed=3)
            await play(store, history, "tonk", 904, (ANN, CAT, 1001), 6, seed=4)
            await play(store, history, "gops", 902, (ANN, BOB), 6, seed=2)

    asyncio.run(build())
    return path


def run_until_killed(path: Path, rng: random.Random) -> None:
    child = subprocess.Popen([sys.executable, str(CHILD), str(path)], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        ready = child.stdout.readline()
        assert ready == "ready\n", ready + child.stderr.read()
        time.sleep(rng.uniform(0.05, 0.8))
    finally:
        child.send_signal(signal.SIGKILL)
    _, err = child.communicate(timeout=30)
    assert child.returncode == -signal.SIGKILL, err  # still auditing when killed


def assert_checkpoint_whole(path: Path) -> int:
    """The checkpoint, if any, against the rows and hands it covers; its version."""
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        row = db.execute(audit.MARK, (GUILD,)).fetchone()
        if row is None:
            return -1  # killed between two audits, the checkpoint dropped: also whole
        version, ledger_through, book, hands_through, records, hands_checked = row
        expected = audit.Book()
        rows, names = audit.ledger_rows(db, GUILD, 0, ledger_through)
        expected.add_rows(audit._named(rows, names), audit.table_games(db, GUILD))
        assert audit.Book.load(json.loads(book)) == expected
        waiting = dict(db.execute("SELECT hand_id, state FROM audit_hands"))
        assert "off" not in waiting.values()  # nothing was changed behind the store
        hands = db.execute(audit.HANDS.format(source=audit.IN_RANGE,
                                              which="t.guild_id = ? AND h.id <= ?"),
                           (GUILD, hands_through)).fetchall()
        stored = db.execute(audit.STORED.format(which="hand_id <= ?"),
                            (GUILD, hands_through)).fetchall()
        checked = audit.check_hands(GUILD, hands, stored)
        assert audit.Records(**json.loads(records)) == checked.records.merged()
        assert hands_checked == checked.hands - len(checked.running) and not checked.off
        return version
    finally:
        db.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_an_audit_killed_at_any_moment_leaves_a_whole_checkpoint(
    played, tmp_path, seed, monkeypatch
):
    rng = random.Random(seed)
    path = tmp_path / "chips.sqlite3"
    shutil.copyfile(played, path)
    versions = []
    for _ in range(3):
        run_until_killed(path, rng)
        versions.append(assert_checkpoint_whole(path))
    assert max(versions) > 0, "the child saved nothing before it was killed"
    for name, value in SMALL.items():
        monkeypatch.setattr(audit, name, value)
    async with await Store.open(path, defaults=DEFAULTS) as store:
        resumed = await store.audit(GUILD)
        assert resumed == await store.db.read(queries.audit, GUILD)
        await store.db.write(audit.forget, GUILD)
        assert resumed == await store.audit(GUILD)
        assert resumed.balances and resumed.records_off == 0
