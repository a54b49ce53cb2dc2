"""A table may be opened in a thread: it plays there and is still there after a restart."""

from __future__ import annotations

from engine import cards as C
from tests.discord.table_driver import QUIET
from tests.engine.decks import stacked_deck


def quiet_deal(h) -> None:
    """The next deal is one that runs: a shuffled deck can end a hand at the deal (GFF-3.3),
    which would leave no hand to resume and move chips before the thread is deleted."""
    deck = [C.parse(code) for code in stacked_deck(QUIET[:2])]
    h.bot.tables.deck_source = lambda table: deck


async def test_a_table_in_a_thread_plays_and_survives_a_restart(harness):
    h = harness
    thread = await h.add_thread("cards")
    ann, bob = h.user("ann"), h.user("bob")
    for user in (ann, bob):
        await h.slash(user, "gff join", channel=thread)
    quiet_deal(h)
    await h.slash(ann, "gff start", channel=thread)
    table = h.bot.tables.in_channel(thread.id)
    assert table is not None and table.hand is not None
    assert h.public_messages(thread)  # the table message is posted in the thread
    assert not h.public_messages(h.channel)

    await h.restart()

    table = h.bot.tables.in_channel(thread.id)
    assert table is not None and table.hand is not None  # resumed, not closed as gone
    assert "gone" not in "\n".join(m.text() for m in h.public_messages(thread))


async def test_a_deleted_thread_closes_its_table_and_returns_every_chip(harness):
    h = harness
    thread = await h.add_thread("cards")
    ann, bob = h.user("ann"), h.user("bob")
    for user in (ann, bob):
        await h.slash(user, "gff join", channel=thread)
    quiet_deal(h)
    await h.slash(ann, "gff start", channel=thread)
    await h.dispatch("THREAD_DELETE", {
        "id": str(thread.id), "guild_id": str(h.guild_id),
        "parent_id": str(h.channel.id), "type": 11,
    })
    assert h.bot.tables.in_channel(thread.id) is None
    for user in (ann, bob):
        assert (await h.bot.store.wallet(h.guild_id, user.id)).balance == 1000


async def test_a_table_finds_its_channel_or_thread_through_its_server(harness, monkeypatch):
    """discord.py's get_channel looks through every server the process serves; a table's
    sends look in their own server only, channel or thread."""
    h = harness

    def every_server(channel_id):
        raise AssertionError("looked through every server for a table's channel")

    monkeypatch.setattr(h.bot, "get_channel", every_server)
    monkeypatch.setattr(h.bot._connection, "get_channel", every_server)
    thread = await h.add_thread("cards")
    for where in (h.channel, thread):
        ann, bob = h.user(f"ann-{where.id}"), h.user(f"bob-{where.id}")
        for user in (ann, bob):
            await h.slash(user, "gff join", channel=where)
        quiet_deal(h)
        await h.slash(ann, "gff start", channel=where)
        messages = h.public_messages(where)
        assert any(m.embeds and "hand 1" in m.embed["title"] for m in messages)
