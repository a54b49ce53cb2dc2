"""`/stats`, `/bankroll game:<game>` and the house's book in `/audit`, driven through the
bot: a hand played to the end with a computer player, then the commands read it back."""

from __future__ import annotations

import pytest

from bot.tables.computer import is_computer
from tests.discord.test_computers import play_hand_to_the_end, table_with_computers
from tests.harness import CommandError


@pytest.fixture
async def played(harness):
    d = await table_with_computers(harness, "sharp")
    d.deal_next(["2H 3H 4H 8D 9D", "5H 6H 7H TD JD"])
    await d.h.slash(d.host, "gff start")
    await play_hand_to_the_end(d)
    return d


async def test_stats_show_the_hand_played_with_a_computer_apart(played):
    d, h = played, played.h
    ann = d.user("ann")
    seat = d.seat(ann)
    settlement = d.table.hand.settlement
    net, won = settlement.net[seat], seat in settlement.winners
    await h.slash(ann, "stats")
    answer = h.last_response(ann)
    fields = {field["name"]: field["value"] for field in answer.embed["fields"]}
    assert answer.ephemeral
    assert fields["Among people"].startswith("0 hands, 0 won")
    assert fields["With computer players"].startswith(f"1 hand, {int(won)} won · net {net:+,}")
    assert fields["Favourite game"] == "Game, Flip and Flop"
    flips = int(settlement.flip_winner == seat)
    assert f"flips won {flips}" in fields["Game, Flip and Flop (with computers)"]


async def test_stats_of_a_game_not_played_and_of_a_computer_say_so(played):
    d, h = played, played.h
    ann = d.user("ann")
    await h.slash(ann, "stats", game="gops")
    assert h.last_response(ann).text() == "You have no settled hands at Gops here yet."
    robot = next(s.user_id for s in d.table.info.seats if is_computer(s.user_id))
    assert (await h.bot.store.player_stats(h.guild_id, robot)).per_game == ()
    with pytest.raises(CommandError):
        await h.slash(ann, "stats", game="poker")  # Discord offers the games only


async def test_standings_at_a_game_list_people_by_net_chips_won_there(played):
    d, h = played, played.h
    ann = d.user("ann")
    seat = d.seat(ann)
    net = d.table.hand.settlement.net[seat]
    await h.slash(ann, "bankroll", game="gff")
    shown = h.last_response(ann).text()
    assert f"**#1** <@{ann.id}> — {net:+,} chips over 1 hand (" in shown
    assert "#2" not in shown  # the computer player is not ranked
    await h.slash(ann, "bankroll", game="faro")
    assert "Nobody has settled a hand of Faro here yet." in h.last_response(ann).text()


async def test_the_audit_shows_the_house_book_and_that_records_agree(played):
    d, h = played, played.h
    await h.slash(h.owner, "audit")
    shown = h.last_response(h.owner).text()
    buy_in = d.table.info.buy_in
    assert f"Computer players: minted {buy_in:,}, burned 0, net {-buy_in:+,}" in shown
    assert "Agree with the hands." in shown and "Every chip is accounted for" in shown
