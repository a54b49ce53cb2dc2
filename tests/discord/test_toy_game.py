"""A game registered here only, high card (tests/toy/), gets from its registry line alone
what every game of the hall gets: its slash commands, its buttons answered, the shared
per-game tests passed, and a hand played in a channel to its settlement. No shared
file names it: the bot, the cogs and the engine find it through the registry.

High card: each player antes the stake and is dealt one card; in turn from the dealer's
left each shows it; the highest rank (ace low) takes the pot.
"""

from __future__ import annotations

import discord
import pytest

import tests.discord.test_games as shared_commands
import tests.discord.test_pictures_games as shared_pictures
import tests.engine.test_public_view as shared_views
import tests.engine.test_tournament as shared_lineups
from bot.client import default_extensions
from cogs.table.components import RenderedView, button
from cogs.table.items import UNKNOWN_CONTROL
from engine import cards as C
from engine import games
from engine.games import Where
from engine.replay import replay
from engine.simulate import simulate
from tests.discord.table_driver import TableDriver
from tests.harness import Harness, every_command

TOY = "toy"
# bob, the last seat, deals first, so ann shows first: ann is dealt the 9♠, bob the K♥.
FIRST_CARDS = ("9S", "KH")


@pytest.fixture
def toy():
    """High card in the registry, after the hall's games, for one test."""
    games.GAMES.place(TOY, Where("tests.toy.game:TOY", "tests.toy.cog"))
    yield games.get(TOY)
    del games.GAMES[TOY]


@pytest.fixture
async def h(toy, tmp_path):
    async with Harness(database_path=tmp_path / "toy.sqlite3") as started:
        yield started


def deck() -> list[int]:
    first = [C.parse(code) for code in FIRST_CARDS]
    return first + [card for card in C.DECK if card not in first]


def test_the_toy_is_registered_after_the_halls_games_and_its_cog_loads_with_theirs(toy):
    assert list(games.GAMES)[-1] == TOY and games.DEFAULT_GAME != TOY
    assert default_extensions()[-6] == "tests.toy.cog"  # then the commands of no one game


async def test_the_toy_gets_its_slash_commands(h):
    assert [command["name"] for command in h.commands] == every_command()
    group = next(command for command in h.commands if command["name"] == TOY)
    assert {"join", "start", "hand", "leave", "rules", "addbot"} <= {
        option["name"] for option in group["options"]}
    ann = h.user("ann")
    await h.slash(ann, "toy rules")
    assert h.last_response(ann).embed["title"] == "High card: how to play"


async def test_games_lists_the_games_in_the_registrys_order(h):
    ann = h.user("ann")
    await h.slash(ann, "games")
    listed = [field["name"] for field in h.last_response(ann).embed["fields"]]
    assert listed == [f"{games.get(game).info.name} — /{game}" for game in games.GAMES]
    assert listed[-1] == "High card — /toy"


@pytest.mark.parametrize("shared", [
    shared_commands.test_games_lists_each_game_with_a_cog_and_how_to_start_it,
    shared_commands.test_each_game_explains_itself_in_its_own_rules,
    shared_commands.test_help_lists_every_command,
], ids=lambda test: test.__name__)
async def test_the_shared_command_tests_pass_with_the_toy_loaded(h, shared):
    assert TOY in h.bot.get_cog("TableCog").uis
    await shared(h)


@pytest.mark.parametrize("shared", [
    shared_pictures.test_the_table_picture_is_built_from_the_public_view_alone,
    shared_pictures.test_every_picture_of_a_deal_shows_only_what_its_view_holds,
    shared_pictures.test_every_game_has_a_table_picture_and_a_hand_picture_where_it_has_a_hand,
    shared_views.test_the_public_view_is_kept_until_the_next_action,
    shared_lineups.test_the_default_lineup_is_each_level_once_strongest_first,
], ids=lambda test: test.__name__)
def test_the_shared_per_game_tests_pass_on_the_toy(toy, shared):
    shared(TOY)


def test_the_toy_simulates_with_every_chip_and_card_checked(toy):
    assert simulate(200, 4, 7, TOY) == {"high_card": 200}


async def test_a_hand_of_the_toy_is_played_to_its_settlement(h):
    d = TableDriver(h, names=("ann", "bob"), game=TOY)
    d.decks.append(deck())
    await d.seat_everyone()
    await h.slash(d.host, "toy start")
    ann, bob = d.user("ann"), d.user("bob")
    assert d.hand.to_act() == (d.seat(ann),)
    for user in (ann, bob):  # each shows from their own view, with its Show button
        view = await d.open_hand(user)
        assert view.ephemeral and view.embed["title"] == "Your hand"
        await h.click(user, view, d.control(view, "show"))
        assert "You showed your card." in d.view_of(user).text()
    table = d.table
    number, settlement = table.last_result
    assert settlement.winners == (d.seat(bob),) and C.label(settlement.high) == "K♥"
    assert settlement.net == {d.seat(ann): -10, d.seat(bob): 10}  # the stake, 10 a seat
    stored = await h.bot.store.hand_by_number(table.id, number)
    assert stored.status == "settled" and stored.record["game"] == TOY
    assert replay(stored.record) == settlement.to_result() == stored.result
    result = next(m for m in reversed(h.public_messages()) if m.embeds
                  and m.embed.get("title", "") == f"Deal {number}: the result")
    assert f"<@{d.seat(bob)}> take the pot with K♥" in result.text()
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))


async def test_a_click_of_an_act_no_game_declares_is_answered_as_out_of_date(h):
    d = TableDriver(h, names=("ann", "bob"), game=TOY)
    d.decks.append(deck())
    await d.seat_everyone()
    await h.slash(d.host, "toy start")
    hall = [ui for game, ui in h.bot.get_cog("TableCog").uis.items() if game != TOY]
    assert "show" not in {act for ui in hall for act in ui.button_acts}  # the toy's alone
    ann = d.user("ann")
    view = await d.open_hand(ann)
    show = d.control(view, "show")
    # The same id with an act no game declares, on a message as an older bot sent it.
    dance = show.removesuffix("show") + "dance"
    old = RenderedView([[button(dance, "Dance", discord.ButtonStyle.secondary)]])
    sent = await h.bot.get_channel(h.channel.id).send("a view of an older bot", view=old)
    await h.click(ann, sent.id, dance)
    assert h.last_response(ann).content == UNKNOWN_CONTROL
    assert d.hand.seq == 0
    await h.click(ann, view, show)  # the declared act is answered and played
    assert d.hand.seq == 1
