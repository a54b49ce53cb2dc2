"""Discord failing, channels going away, idle tables, the audit: chips are never lost."""

from __future__ import annotations

import asyncio

import discord

from tests.discord.table_driver import QUIET, TableDriver


async def started(harness) -> TableDriver:
    d = TableDriver(harness)
    await d.seat_everyone()
    await d.start(QUIET)
    return d


async def balanced(h) -> bool:
    return all(g.holds for g in await h.bot.store.conservation(h.guild_id))


async def test_a_failed_table_edit_loses_no_action_and_the_next_edit_catches_up(harness):
    d = await started(harness)
    h = d.h
    table_message = d.table_message()
    h.recorder.fail("PATCH", rf"/channels/\d+/messages/{table_message.id}$", 500, times=1)
    await d.act("ann", "stock")
    assert d.hand.seq == 1
    stored = await h.bot.store.running_hand(d.table.id)
    assert stored.hand.seq == 1  # committed although Discord failed
    await d.act("ann", "throw", "9D")
    assert "discards 9♦" in d.table_message().text()  # the next edit shows everything
    assert await balanced(h)


async def test_a_deleted_table_message_is_posted_again(harness):
    d = await started(harness)
    h = d.h
    old = d.table_message()
    h.recorder.fail("PATCH", rf"/channels/\d+/messages/{old.id}$", 404, 10008, times=5)
    await d.act("ann", "stock")
    new = d.table_message()
    assert new.id != old.id and "draws from the stock" in new.text()


async def test_a_failed_answer_to_a_click_still_counts_the_action_once(harness):
    d = await started(harness)
    h = d.h
    ann = d.user("ann")
    view = await d.open_hand(ann)
    h.recorder.fail("POST", r"/interactions/\d+/[^/]+/callback", 500, times=1)
    with h.expect_error("failed on purpose"):
        await h.click(ann, view, d.control(view, "stock"), expect_answer=False)
    assert d.hand.seq == 1
    # The old view is out of date now: a second click changes nothing.
    await h.click(ann, h.message(view.id), d.control(h.message(view.id), "stock"))
    assert d.hand.seq == 1 and "out of date" in h.message(view.id).text()
    assert await balanced(h)


async def test_losing_the_channel_closes_the_table_and_returns_every_chip(harness):
    d = await started(harness)
    h = d.h
    h.recorder.fail("POST", rf"/channels/{h.channel.id}/messages$", 403, 50001, times=99)
    h.recorder.fail("PATCH", rf"/channels/{h.channel.id}/messages/\d+$", 403, 50001, times=99)
    await d.act("ann", "stock")
    assert h.bot.tables.in_channel(h.channel.id) is None
    for user in d.users:
        assert (await h.bot.store.wallet(h.guild_id, user.id)).balance == 1000
    assert await balanced(h)


async def test_a_deleted_channel_closes_its_table(harness):
    d = await started(harness)
    h = d.h
    await h.dispatch("CHANNEL_DELETE", {
        "id": str(h.channel.id), "type": 0, "guild_id": str(h.guild_id), "name": "gff",
        "position": 0, "permission_overwrites": [],
    })
    assert h.bot.tables.in_channel(h.channel.id) is None
    for user in d.users:
        assert (await h.bot.store.wallet(h.guild_id, user.id)).balance == 1000


async def test_an_idle_table_closes_itself_after_30_minutes(harness):
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    await h.slash(ann, "gff join")
    await h.advance(29 * 60)
    await h.slash(bob, "gff join")  # a command: the clock starts again
    await h.advance(29 * 60)
    assert h.bot.tables.in_channel(h.channel.id) is not None
    await h.advance(60)
    assert h.bot.tables.in_channel(h.channel.id) is None
    assert "nobody played for 30 minutes" in h.public_messages()[-1].text()
    assert (await h.bot.store.wallet(h.guild_id, ann.id)).balance == 1000


async def test_clicks_move_the_idle_time_without_setting_a_timer_each(harness, monkeypatch):
    h = harness
    d = await TableDriver.playing(h)
    idle_timers: list[float] = []
    set_timer = h.scheduler.call_later

    def counting(delay, key, job):
        if key.startswith("idle:"):
            idle_timers.append(delay)
        set_timer(delay, key, job)

    monkeypatch.setattr(h.scheduler, "call_later", counting)
    due = h.scheduler.due_in(f"idle:{d.table.id}")
    await h.advance(10)
    await d.act("ann", "stock")
    await d.act("ann", "throw", "9D")
    await d.act("bob", "stock")
    assert idle_timers == []  # the table's one timer stays as it was
    assert h.scheduler.due_in(f"idle:{d.table.id}") == due - 10
    assert d.table.idle_at == h.scheduler.now() + 30 * 60  # the time it looks at moved


async def test_a_hand_in_play_keeps_its_table_open(harness):
    h = harness
    d = TableDriver(h)
    ann, bob, cy = d.users
    await h.slash(ann, "gff create", turn_seconds=600)
    await h.slash(bob, "gff join")
    await h.slash(cy, "gff join")
    await d.start(QUIET)
    # Each player times out once (at 10, 20 and 30 minutes): nobody is away yet,
    # and the idle clock, due at 30 minutes too, finds a hand running.
    await h.advance(31 * 60)
    assert h.bot.tables.in_channel(h.channel.id) is not None
    assert d.hand.seq == 6 and not d.hand.is_over


async def test_the_audit_shows_where_the_chips_are_and_that_they_balance(harness):
    d = await started(harness)
    h = d.h
    await h.slash(h.owner, "audit")
    shown = h.last_response(h.owner)
    fields = {f["name"]: f["value"] for f in shown.embed["fields"]}
    assert shown.ephemeral and "Every chip is accounted for" in shown.text()
    assert fields["Minted"] == "3000" and fields["In bankrolls"] == "2400"
    # During a hand its flip and flop pots are played for: in play, nothing carried yet.
    assert fields["At tables"] == "510" and fields["In pots of hands being played"] == "90"
    assert fields["Carried to the next deal"] == "0" and fields["Held in all"] == "3000"
    await d.act("ann", "drop")
    carry = sum(d.table.last_result[1].carry.values())
    assert carry > 0  # the pots nobody won wait for the next deal (GFF-4.5)
    await h.slash(h.owner, "audit")
    fields = {f["name"]: f["value"] for f in h.last_response(h.owner).embed["fields"]}
    assert fields["In pots of hands being played"] == "0"
    assert fields["Carried to the next deal"] == str(carry) and fields["Held in all"] == "3000"
    bob = h.user("nobody", permissions=discord.Permissions.none())
    await h.slash(bob, "audit")
    assert "Manage Server" in h.last_response(bob).text()


async def test_two_players_acting_at_once_are_served_one_at_a_time(harness):
    import asyncio

    d = await started(harness)
    h = d.h
    ann, bob = d.user("ann"), d.user("bob")
    ann_view, bob_view = await d.open_hand(ann), await d.open_hand(bob)
    await asyncio.gather(
        h.click(ann, ann_view, d.control(ann_view, "stock")),
        h.click(bob, bob_view, d.control(bob_view, "stock"), forged=True),
    )
    assert d.hand.seq == 1 and d.hand.actions[0].seat == d.seat(ann)
    assert "You drew" in h.message(ann_view.id).text()
    # Refused either way: out of turn if served first, out of date if served second.
    bob_says = h.message(bob_view.id).text()
    assert "It is not your turn; waiting for" in bob_says or "out of date" in bob_says
    assert await balanced(h)


async def test_the_deck_commitment_checks_out_for_every_hand_of_a_game(harness):
    import json

    from engine.fairness import verify

    d = await started(harness)
    h = d.h
    shown = []
    for number in range(1, 4):
        shown.append(d.table.hand.commitment)
        assert shown[-1] in d.table_message().text()  # on the table from the deal
        first = next(u.name for u in d.users if d.seat(u) == d.hand.current)
        await d.act(first, "drop")
        if number < 3:
            d.next_hand_begins()
            d.deal_next(QUIET)
            await h.advance(10)
            d.views.clear()
    for number, commitment in enumerate(shown, start=1):
        await h.slash(d.host, "gff history", hand=number)
        (attachment,) = h.last_response(d.host).attachments.values()
        record = json.loads(attachment.data)
        assert record["commitment"] == commitment and verify(record)
    assert len(set(shown)) == 3


async def test_sends_queued_when_the_bot_closes_go_out_before_its_connection_does(
    harness, monkeypatch
):
    d = TableDriver(harness)
    await d.seat_everyone()
    await d.start(QUIET, stock="QS")
    presenter = harness.bot.get_cog("TableCog").presenter
    apply = presenter._apply

    async def slow_apply(table, op):
        await asyncio.sleep(0.05)  # a send on its way over a slow network
        await apply(table, op)

    monkeypatch.setattr(presenter, "_apply", slow_apply)
    sent_before_close: list[str] = []
    close_http = harness.bot.http.close

    async def close() -> None:
        sent_before_close.extend(m.content for m in harness.public_messages())
        await close_http()

    monkeypatch.setattr(harness.bot.http, "close", close)
    await presenter.say(d.table, "The bot is going down for a moment.")
    await harness.restart()
    assert "The bot is going down for a moment." in sent_before_close
