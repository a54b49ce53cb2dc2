"""A process given SHARD_COUNT and SHARD_IDS runs only its shards' servers: it recovers,
claims and acts on their tables alone, and lets each table go when it closes or stops."""

from __future__ import annotations

import logging

import pytest

from bot import command_sync
from bot.store import ShardSet, SqliteStore, TableHeldElsewhere
from tests.harness import Harness


def on_shard(shard: int, count: int) -> int:
    """A server id that Discord sends to `shard` of `count` ((id >> 22) % count)."""
    return ((1_000_000 * count + shard) << 22) | 4321


async def open_table(path, guild_id: int) -> tuple[int, int]:
    """A table left open in `guild_id` by a bot that runs every shard, as before a restart:
    its id and its channel's."""
    # Each harness is a new Discord: the commands are synced to it again.
    command_sync.record_path(path).unlink(missing_ok=True)
    async with Harness(database_path=path, guild_id=guild_id) as h:
        await h.slash(h.user("ann"), "gff join")
        return h.bot.tables.in_channel(h.channel.id).id, h.channel.id


async def test_a_server_on_another_shard_is_refused_and_nothing_is_opened(tmp_path, caplog):
    guild = on_shard(1, 2)
    async with Harness(
        database_path=tmp_path / "gff.sqlite3", guild_id=guild, shard_count=2, shard_ids="0"
    ) as h:
        ann = h.user("ann")
        with caplog.at_level(logging.WARNING, logger="bot.client"):
            await h.slash(ann, "gff join")
        answer = h.last_response(ann)
        assert answer.ephemeral
        assert "another of the bot's processes" in answer.content
        assert "nothing was changed" in answer.content
        assert h.bot.tables.tables == {}
        assert await h.bot.store.channel_tables(guild, h.channel.id) == []
        assert h.public_messages() == []
    assert any(f"server {guild}" in r.getMessage() and "refused" in r.getMessage()
               for r in caplog.records)


@pytest.mark.parametrize(
    ("shard_ids", "ids", "syncs"), [("0", [0], True), ("1", [1], False), ("0-1", [0, 1], True)]
)
async def test_only_the_process_that_runs_shard_0_syncs_the_commands(
    tmp_path, shard_ids, ids, syncs
):
    async with Harness(
        database_path=tmp_path / "gff.sqlite3", guild_id=on_shard(0, 2),
        shard_count=2, shard_ids=shard_ids,
    ) as h:
        assert bool(h.recorder.global_commands) is syncs
        assert h.bot.shard_ids == ids
        assert h.bot.shard_count == 2


async def test_recovery_brings_back_only_the_tables_of_this_process_shards(tmp_path):
    path = tmp_path / "gff.sqlite3"
    mine, channel = await open_table(path, on_shard(1, 2))
    theirs, their_channel = await open_table(path, on_shard(0, 2))
    async with Harness(
        database_path=path, guild_id=on_shard(1, 2), channel_id=channel,
        shard_count=2, shard_ids="1",
    ) as h:
        assert set(h.bot.tables.tables) == {mine}
        assert h.bot.tables.in_channel(channel).id == mine
        # The other shard's table is left as it was, open, for its own process.
        past = await h.bot.store.channel_tables(on_shard(0, 2), their_channel)
        assert [(t.id, t.status) for t in past] == [(theirs, "open")]


async def test_a_table_another_process_holds_is_not_resumed(tmp_path, monkeypatch, caplog):
    path = tmp_path / "gff.sqlite3"
    guild = on_shard(0, 1)
    held, channel = await open_table(path, guild)
    command_sync.record_path(path).unlink()

    async def held_elsewhere(store, table_id):
        if table_id == held:
            raise TableHeldElsewhere(table_id)

    monkeypatch.setattr(SqliteStore, "claim_table", held_elsewhere)
    with caplog.at_level(logging.WARNING, logger="bot.tables.recovery"):
        async with Harness(database_path=path, guild_id=guild, channel_id=channel) as h:
            assert h.bot.tables.tables == {}
            ann = h.user("ann")
            # The channel's table is still open (the other process runs it): no second one.
            await h.slash(ann, "gff join", channel=h.channel)
            assert "already an open table" in h.last_response(ann).content
            assert h.bot.tables.tables == {}
    warned = [r.getMessage() for r in caplog.records if f"Table {held} " in r.getMessage()]
    assert warned and "another bot process runs it" in warned[0]


async def test_a_new_table_another_process_holds_is_refused_and_no_chips_move(
    tmp_path, monkeypatch
):
    async def always_held(store, table_id):
        raise TableHeldElsewhere(table_id)

    monkeypatch.setattr(SqliteStore, "claim_table", always_held)
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        ann = h.user("ann")
        await h.slash(ann, "gff join")
        answer = h.last_response(ann)
        assert answer.ephemeral and "another bot process" in answer.content
        assert h.bot.tables.tables == {}
        assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
        assert not await h.bot.store.standings(h.guild_id)  # nobody bought in or has a wallet


async def test_a_failed_claim_closes_the_table_it_opened(tmp_path, monkeypatch):
    async def broken(store, table_id):
        raise RuntimeError("the database went away")

    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        ann = h.user("ann")
        with monkeypatch.context() as patch:
            patch.setattr(SqliteStore, "claim_table", broken)
            with h.expect_error("Command /gff join failed"):
                await h.slash(ann, "gff join")
        assert "nothing was changed" in h.last_response(ann).content
        tables = await h.bot.store.channel_tables(h.guild_id, h.channel.id)
        assert [t.status for t in tables] == ["closed"]  # no open table that nobody runs
        await h.slash(ann, "gff join")  # the channel is free for the next one
        assert h.bot.tables.in_channel(h.channel.id) is not None


async def test_tables_are_let_go_when_they_close_and_when_the_bot_stops(tmp_path, monkeypatch):
    claimed: list[int] = []
    released: list[int] = []

    async def claim(store, table_id):
        claimed.append(table_id)

    async def release(store, table_id):
        released.append(table_id)

    monkeypatch.setattr(SqliteStore, "claim_table", claim)
    monkeypatch.setattr(SqliteStore, "release_table", release)
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        ann = h.user("ann")
        second = await h.add_channel("second")
        await h.slash(ann, "gff join")
        await h.slash(ann, "gff join", channel=second)
        first_id = h.bot.tables.in_channel(h.channel.id).id
        second_id = h.bot.tables.in_channel(second.id).id
        assert claimed == [first_id, second_id]
        await h.slash(ann, "gff end")
        assert released == [first_id]
    assert released == [first_id, second_id]


async def test_a_click_from_a_server_of_another_shard_is_refused(tmp_path, caplog):
    """Discord never sends one (a click goes to its server's shard); if a misrouted one
    came, it is answered and logged, and the table is not touched."""
    guild = on_shard(0, 2)
    async with Harness(
        database_path=tmp_path / "gff.sqlite3", guild_id=guild, shard_count=2, shard_ids="0"
    ) as h:
        ann = h.user("ann")
        await h.slash(ann, "gff join")
        table = h.bot.tables.in_channel(h.channel.id)
        message = next(m for m in h.public_messages() if f"gff:{table.id}:hand" in m.custom_ids)
        h.bot.tables.shards = ShardSet((1,), 2)  # as if this server had moved shards
        with caplog.at_level(logging.WARNING, logger="bot.client"):
            await h.click(ann, message, f"gff:{table.id}:hand")
        answer = h.last_response(ann)
        assert answer.ephemeral and "another of the bot's processes" in answer.content
        assert "No hand has been dealt" not in answer.content  # the table was never asked
    assert any(f"server {guild}" in r.getMessage() for r in caplog.records)
