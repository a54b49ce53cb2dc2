"""Table options (games.md G3.3) through `/<game> create`: offered as the game's own
command options, kept by the table, shown on it, and given to every deal."""

from __future__ import annotations

from tests.discord.test_faro_play import FaroDriver, controls, faro_deck


async def test_a_faro_table_created_with_max_bet_20_refuses_a_bet_of_25(harness):
    h = harness
    d = FaroDriver(h, names=("ann",), game="faro")
    await h.slash(d.host, "faro create", max_bet=20)
    assert "max_bet 20" in h.last_response(d.host).text()
    assert "Bets from 10 to 20" in d.table_message().text()  # the lobby says so
    d.decks.append(faro_deck())
    await h.slash(d.host, "faro start")
    assert d.hand.max_bet == 20 and d.hand.record().options == {"max_bet": 20}
    view = await d.open_hand(d.host)
    amounts = [o["value"] for o in controls(view)["amount"]["options"]]
    assert amounts[-1] == "20" and "25" not in amounts
    # A client that sends 25 anyway is refused: the menu offers no such amount.
    stack = d.table.seat_of(d.host.id).stack
    await h.click(d.host, view, controls(view)["amount"]["custom_id"], values=["25"],
                  forged=True)
    assert "Not done: choose one of the amounts in the menu." in d.view_of(d.host).text()
    assert d.hand.private_view(d.seat(d.host)).bets == ()
    await d.click("ann", "amount", ["20"])
    view = await d.click("ann", "on", ["r:5"])
    assert "You bet 20" in view.text()
    assert d.table.seat_of(d.host.id).stack == stack  # chips move at settlement only
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))


async def test_a_bad_table_option_is_refused_in_one_sentence_and_opens_nothing(harness):
    h = harness
    ann = h.user("ann")
    await h.slash(ann, "faro create", max_bet=5)
    said = h.last_response(ann).text()
    assert "max_bet must be a whole number of at least the stake 10" in said
    assert h.bot.tables.in_channel(h.channel.id) is None
