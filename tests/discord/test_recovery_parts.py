"""After a restart the tables come back a part at a time, and the bot answers at those
already back while the rest load: a table still loading says so, and nothing is changed."""

from __future__ import annotations

import asyncio

from bot.store import SqlStore
from bot.tables import recovery as table_recovery
from tests.discord.table_driver import QUIET, TableDriver
from tests.harness import Harness

LOADING = "being brought back after a restart"


async def test_the_first_tables_answer_while_the_rest_are_still_loading(tmp_path, monkeypatch):
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        first = TableDriver(h)
        await first.seat_everyone()
        await first.start(QUIET, stock="QS")
        second = await h.add_channel("second-table")
        for user in first.users:
            await h.slash(user, "gff join", channel=second)
        first_id = first.table.id
        second_id = h.bot.tables.in_channel(second.id).id
        assert first_id < second_id  # recovery goes in table order

        # One table a part, and the second part held back until the test lets it go.
        monkeypatch.setattr(table_recovery, "RECOVERY_PART", 1)
        gate = asyncio.Event()
        recover = SqlStore.recover

        async def held_back(store, shards=None, *, tables=None):
            if tables is not None and second_id in tables:
                await gate.wait()
            return await recover(store, shards, tables=tables)

        monkeypatch.setattr(SqlStore, "recover", held_back)
        h.wait_for_recovery = False
        await h.restart()
        first.rehook()
        for _ in range(100):
            if first_id not in h.bot.tables.loading:
                break
            await asyncio.sleep(0.01)
        assert not h.bot.recovered.done()
        assert h.bot.tables.loading == {second_id: second.id}

        # The first table plays on: its hand is there, its turn clock runs.
        await h.slash(first.user("ann"), "gff hand")
        assert LOADING not in h.last_response(first.user("ann")).text()
        assert first.hand.seq == 0

        # The second is neither there nor gone: a join is refused, not a second table.
        newcomer = h.user("dee")
        await h.slash(newcomer, "gff join", channel=second)
        assert LOADING in h.last_response(newcomer).text()
        await h.slash(first.user("bob"), "gff table", channel=second)
        assert LOADING in h.last_response(first.user("bob")).text()
        join_button = f"gff:{second_id}:join"
        table_message = next(
            m for m in reversed(h.public_messages(second)) if join_button in m.custom_ids
        )
        await h.click(newcomer, table_message, join_button)
        assert LOADING in h.last_response(newcomer).text()

        gate.set()
        await h.bot.recovered
        assert h.bot.tables.loading == {}
        back = h.bot.tables.in_channel(second.id)
        assert back is not None and back.id == second_id
        assert sorted(s.user_id for s in back.info.seats) == sorted(u.id for u in first.users)
        await h.slash(newcomer, "gff join", channel=second)
        assert LOADING not in h.last_response(newcomer).text()
        assert newcomer.id in {s.user_id for s in h.bot.tables.in_channel(second.id).info.seats}


async def test_a_part_the_store_cannot_read_is_tried_again(tmp_path, monkeypatch):
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        d = TableDriver(h)
        await d.seat_everyone()
        await d.start(QUIET, stock="QS")
        table_id = d.table.id
        failures = []
        recover = SqlStore.recover

        async def fails_once(store, shards=None, *, tables=None):
            if not failures:
                failures.append(tables)
                raise OSError("disk I/O error")
            return await recover(store, shards, tables=tables)

        monkeypatch.setattr(SqlStore, "recover", fails_once)
        monkeypatch.setattr(table_recovery.asyncio, "sleep", _no_wait)
        with h.expect_error("Recovering tables"):
            await h.restart()
        d.rehook()
        assert failures == [[table_id]]
        assert d.table.id == table_id and d.hand.seq == 0


async def _no_wait(seconds: float) -> None:
    return None
