"""Pictures through the offline harness: in a server that turns them on, the table
message carries a PNG of the cards, drawn from the public view, and a hand view one of
its player's cards when they ask for it; by default cards are faces and nothing is drawn.

The harness itself checks every picture the bot uploads in any test (a PNG that
decodes, of a sane size: tests/harness/pictures.py); these tests check what is drawn.
"""

from __future__ import annotations

import pytest

from bot.settings import Settings, load_settings
from bot.store import BadSetting, GuildSettings, Store
from cogs.gff.pictures import hand_picture, table_picture
from cogs.table.pictures.layout import BACK, seats_face_down
from cogs.table.pictures.render import render
from tests.discord.table_driver import TableDriver
from tests.harness import Harness, Message
from tests.harness.pictures import png_problem


def picture_of(message: Message, name: str) -> bytes | None:
    found = [a.data for a in message.attachments.values() if a.filename == name]
    assert len(found) <= 1
    return found[0] if found else None


def picture_of_version(version: dict) -> int | None:
    """The size of a former version's hand picture (a former version keeps no bytes)."""
    sizes = [a["size"] for a in version.get("attachments", []) if a["filename"] == "hand.png"]
    return sizes[0] if sizes else None


@pytest.fixture
async def pictured(tmp_path):
    """A bot whose server has pictures on (they are off by default)."""
    async with Harness(database_path=tmp_path / "gff.sqlite3", pictures=True) as h:
        yield h


async def ask_for_picture(d: TableDriver, who: str) -> Message:
    user = d.user(who)
    view = d.view_of(user)
    await d.h.click(user, view, d.control(view, "picture"))
    return d.view_of(user)


async def test_the_table_picture_is_the_public_view_drawn_and_changes_with_it(
    pictured: Harness,
):
    d = await TableDriver.playing(pictured)
    shown = picture_of(d.table_message(), "table.png")
    assert shown is not None and png_problem(shown) is None
    assert shown == render(table_picture(d.hand.public_view()))
    await d.turn("ann", throw="2H")
    after = picture_of(d.table_message(), "table.png")
    assert after is not None and after != shown
    assert after == render(table_picture(d.hand.public_view()))
    d.assert_no_hidden_card_in_public()


async def test_a_hand_picture_is_drawn_when_its_player_asks_and_not_before(pictured: Harness):
    d = await TableDriver.playing(pictured)
    ann = d.user("ann")
    view = await d.open_hand(ann)
    assert view.ephemeral and view.viewer == ann.id
    assert picture_of(view, "hand.png") is None  # not drawn for a look at the cards
    await ask_for_picture(d, "ann")
    own = picture_of(d.view_of(ann), "hand.png")  # added by an edit once drawn
    private = d.h.bot.tables.hand_view(d.table, ann.id)
    assert own == render(hand_picture(private, ()))
    # Drawn before: asked again, the answer carries it at once, without a second edit.
    edits = len(d.view_of(ann).versions)
    await ask_for_picture(d, "ann")
    assert picture_of(d.view_of(ann), "hand.png") == own
    assert len(d.view_of(ann).versions) == edits + 1
    # No other player's message carries a hand picture.
    for message in pictured.public_messages():
        assert picture_of(message, "hand.png") is None


async def test_a_click_after_the_picture_never_shows_the_old_picture(pictured: Harness):
    d = await TableDriver.playing(pictured)
    ann = d.user("ann")
    await d.open_hand(ann)
    before = picture_of(await ask_for_picture(d, "ann"), "hand.png")
    assert before is not None
    await d.h.click(ann, d.view_of(ann), d.control(d.view_of(ann), "stock"))
    assert picture_of(d.view_of(ann), "hand.png") is None  # the hand changed: not shown
    after = picture_of(await ask_for_picture(d, "ann"), "hand.png")
    private = d.h.bot.tables.hand_view(d.table, ann.id)
    assert after == render(hand_picture(private, ())) and after != before


async def test_a_turn_s_view_goes_out_without_drawing_anything(pictured: Harness):
    d = await TableDriver.playing(pictured)
    bob = d.user("bob")
    await d.open_hand(bob)
    before = picture_of(await ask_for_picture(d, "bob"), "hand.png")
    assert before is not None
    cache = d.h.bot.get_cog("TableCog").pictures.cache
    drawn = len(cache._kept)
    edits = len(d.view_of(bob).versions)
    await d.turn("ann", throw="2H")  # bob's turn: his view is brought up to date
    versions = d.view_of(bob).versions[edits:]
    assert len(versions) == 1 and picture_of_version(versions[0]) == len(before)
    assert picture_of(d.view_of(bob), "hand.png") is None  # the old hand's is gone
    assert d.control(d.view_of(bob), "picture")  # and a new one is a press away
    assert len(cache._kept) <= drawn + 2  # only table pictures were drawn meanwhile


async def test_a_server_that_turns_pictures_off_gets_words_only(pictured: Harness):
    harness = pictured
    d = await TableDriver.playing(harness)
    assert picture_of(d.table_message(), "table.png") is not None
    await harness.slash(harness.owner, "config", pictures=False)
    assert "pictures off" in harness.last_response(harness.owner).content
    await d.turn("ann", throw="2H")
    assert picture_of(d.table_message(), "table.png") is None
    assert d.table_message().embeds  # the words are all still there
    bob = d.user("bob")
    view = await d.open_hand(bob)
    assert picture_of(view, "hand.png") is None
    assert not any(i.endswith(":picture") for i in view.custom_ids)
    await harness.slash(harness.owner, "config", pictures=True)
    await d.turn("bob", throw="5H")
    assert picture_of(d.table_message(), "table.png") is not None


async def test_the_bot_default_is_no_pictures_and_cards_as_faces(harness: Harness):
    d = await TableDriver.playing(harness)
    view = await d.open_hand(d.user("ann"))
    await d.turn("ann", throw="2H")
    assert harness.recorder.uploads == []
    assert not any(i.endswith(":picture") for i in view.custom_ids)
    assert "<:" in d.table_message().text()  # the faces, drawn by Discord


def test_the_bot_default_is_read_from_the_environment_file(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=t\nPICTURES=true\n", encoding="utf-8")
    assert load_settings(tmp_path / ".env").pictures is True
    assert Settings.from_values().pictures is False


async def test_a_server_setting_is_on_or_off_and_nothing_else(tmp_path):
    store = await Store.open(tmp_path / "chips.sqlite3", defaults=GuildSettings())
    try:
        guild = 123456789012345678
        with pytest.raises(BadSetting):
            await store.update_guild_settings(guild, pictures=2)
        assert (await store.guild_settings(guild)).pictures == 1
        assert (await store.update_guild_settings(guild, pictures=0)).pictures == 0
        assert (await store.guild_settings(guild)).pictures == 0
    finally:
        await store.close()


def test_seats_face_down_shows_counts_only_and_who_acts():
    names = {"1": "Seat 1", "2": "Seat 2", "3": "Seat 3"}
    groups = seats_face_down(names, [("1", 3), ("2", 0), ("3", 5)], ("3",), note=" (to act)")
    assert [g.caption for g in groups] == ["Seat 1", "Seat 3 (to act)"]  # none held: left out
    assert [len(g.slots) for g in groups] == [3, 5]
    assert all(slot.kind == BACK and slot.card is None for g in groups for slot in g.slots)
