"""A table from its first join to its close: eliminations, leaving, ending, history."""

from __future__ import annotations

import json

from engine.fairness import verify
from engine.replay import replay
from tests.discord.table_driver import QUIET, TableDriver


async def wallet(h, user) -> int:
    return (await h.bot.store.wallet(h.guild_id, user.id)).balance


async def test_a_whole_game_until_players_are_out_and_the_table_winds_down(harness):
    h = harness
    d = TableDriver(h)
    ann, bob, cy = d.users
    # The smallest buy-in: 4 stakes, so a caught drop or missing the pots knocks players out.
    await h.slash(ann, "gff create", stake=10, buy_in=40)
    await h.slash(bob, "gff join")
    await h.slash(cy, "gff join")
    await d.start(QUIET)
    await d.act("ann", "drop")  # 26 against cy's 23: caught
    # ann: 40 - 30 posted - 10 caught = 0. bob: 40 - 30 = 10, below two stakes.
    # cy: 40 - 30 + game 40 + flip 30 = 80. Nobody holds a spade: the flop's 30 carries.
    said = "\n".join(m.text() for m in h.public_messages())
    assert f"<@{ann.id}> is out: below two stakes; 0 chips went back" in said
    assert f"<@{bob.id}> is out: below two stakes; 10 chips went back" in said
    pinged = {user for m in h.public_messages() for user in m.pinged}
    assert {ann.id, bob.id} <= pinged  # told, with a mention
    assert "Next hand" not in said  # one player left: no countdown
    table = d.table
    assert [s.user_id for s in table.info.seats] == [cy.id]
    assert table.info.carry == {"flip": 0, "flop": 30}
    assert await wallet(h, ann) == 960 and await wallet(h, bob) == 970
    lobby = d.table_message()
    assert f"<@{cy.id}> — 80 chips" in lobby.text()
    # cy leaves: the table closes; each carried chip goes back to who posted it (GFF-4.6).
    await h.slash(cy, "gff leave")
    assert h.bot.tables.in_channel(h.channel.id) is None
    assert (await wallet(h, ann), await wallet(h, bob), await wallet(h, cy)) == (970, 980, 1050)
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
    assert "closed" in h.public_messages()[-1].text()


async def test_leaving_mid_hand_plays_out_the_hand_then_cashes_out(harness):
    h = harness
    d = TableDriver(h)
    await d.seat_everyone()
    await d.start(QUIET, stock="KS QS JS")
    bob = d.user("bob")
    await h.slash(bob, "gff leave")
    assert "when this hand is over" in h.last_response(bob).text()
    await d.turn("ann", "9D")
    # bob's turn is played for him at once: draw QS, throw it (worth 10, the highest).
    assert d.hand.current == d.seat(d.user("cy"))
    assert d.hand.discards[-1] == __import__("engine.cards", fromlist=["parse"]).parse("QS")
    await d.act("cy", "drop")  # cy 23 against ann's 2H 3H 4H 8D KS = 27: cy wins
    assert d.table.seat_of(bob.id) is None
    assert await wallet(h, bob) == 800 + 170


async def test_ending_during_a_hand_closes_after_it(harness):
    h = harness
    d = TableDriver(h)
    await d.seat_everyone()
    await d.start(QUIET)
    await h.slash(d.host, "gff end")
    assert "when this hand is over" in h.last_response(d.host).text()
    assert d.table is not None
    table_id = d.table.id
    await d.act("ann", "drop")
    assert h.bot.tables.tables.get(table_id) is None
    # Nothing is kept for a closed table, however many a server opens over time.
    cog = h.bot.get_cog("TableCog")
    presenter, controls = cog.presenter, cog.controls
    assert table_id not in presenter.shown  # its messages, queue and worker
    assert [k for k in [*controls.shown, *controls.picked] if k[0] == table_id] == []
    totals = [await wallet(h, u) for u in d.users]
    # The flop's 30 carried from the hand went back to who posted it: 10 each.
    assert totals == [1000 - 40 + 10, 1000 - 30 + 10, 1000 + 40 + 10]


async def test_history_lists_hands_and_hands_out_a_finished_record(harness):
    h = harness
    d = TableDriver(h)
    await d.seat_everyone()
    await d.start(QUIET)
    await h.slash(d.host, "gff history", hand=1)
    assert "not finished" in h.last_response(d.host).text()  # the deck stays secret
    await d.act("ann", "drop")
    await h.slash(d.host, "gff history")
    listing = h.last_response(d.host)
    assert listing.ephemeral and "caught" in listing.text()
    await h.slash(d.host, "gff history", hand=1)
    sent = h.last_response(d.host)
    (attachment,) = sent.attachments.values()
    record = json.loads(attachment.data)
    assert replay(record) == record["result"]
    assert verify(record)  # the deck commitment shown at the deal checks out


async def test_config_shows_and_changes_the_server_defaults(harness):
    h = harness
    await h.slash(h.owner, "config")
    assert "stake 10" in h.last_response(h.owner).text()
    await h.slash(h.owner, "config", stake=5, buy_in_stakes=10, daily_chips=50)
    assert "Saved" in h.last_response(h.owner).text()
    ann = h.user("ann")
    await h.slash(ann, "gff join")
    table = h.bot.tables.in_channel(h.channel.id)
    assert (table.info.stake, table.info.buy_in) == (5, 50)


async def test_daily_chips_once_a_day_and_the_standings(harness):
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    await h.slash(ann, "daily")
    assert "+200" in h.last_response(ann).text()
    wallet_now = await h.bot.store.wallet(h.guild_id, ann.id)
    assert f"<t:{wallet_now.daily_ready_ms() // 1000}:R>" in h.last_response(ann).text()
    await h.slash(ann, "daily")
    again = h.last_response(ann)
    assert again.ephemeral and "+200" not in again.text()
    await h.slash(bob, "gff join")
    # One command, as players type it: whose chips, and the standings, in one answer.
    await h.slash(ann, "bankroll", player=bob)
    shown = h.last_response(ann)
    assert shown.ephemeral and shown.embed["description"] == f"<@{bob.id}>"
    fields = {f["name"]: f["value"] for f in shown.embed["fields"]}
    assert fields == {"Bankroll": "800", "At tables": "200", "Total": "1,000", "Rank here": "#2",
                      "Standings": f"**#1** <@{ann.id}> — 1,200 chips\n"
                                   f"**#2** <@{bob.id}> — 1,000 chips"}
    await h.slash(bob, "bankroll")
    assert h.last_response(bob).embed["description"] == f"<@{bob.id}>"
    newcomer = h.user("cat")
    await h.slash(newcomer, "bankroll")
    shown = h.last_response(newcomer)
    assert shown.embed["description"].startswith("You have no chips here yet")
    assert f"**#1** <@{ann.id}>" in shown.text()  # the standings all the same
