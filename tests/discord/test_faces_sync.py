"""The card faces as the application's emojis, synced at start through the offline
harness, which answers Discord's emoji routes as Discord does: uploaded where missing,
kept where there, replaced where redrawn, never touching another emoji; and, when
Discord cannot be reached or refuses, the bot plays on with the cards in words."""

from __future__ import annotations

import logging

from cogs.table.emojis import art, names
from cogs.table.emojis.shown import FACES
from engine import cards as C
from tests.discord.table_driver import QUIET, TableDriver
from tests.harness import Harness
from tests.harness.cards import card_buttons, card_on, cards_shown_in

FACE_COUNT = len(names.MARKS)


def uploads(h: Harness) -> list[str]:
    return [r.body["name"] for r in h.recorder.requests
            if r.method == "POST" and r.path.endswith("/emojis")]


def deletions(h: Harness) -> list[str]:
    return [r.path.rsplit("/", 1)[1] for r in h.recorder.requests
            if r.method == "DELETE" and "/emojis/" in r.path]


def a_stale_face_and_someone_elses(h: Harness) -> tuple[int, int]:
    """An old drawing of the ace of spades (ours, a hash no face has) and an emoji the
    bot's owner uploaded, already in the application's list."""
    stale, other = h.snowflake(), h.snowflake()
    for emoji_id, name in ((stale, "AS_0000"), (other, "party_parrot")):
        h.recorder.emojis[emoji_id] = {"id": str(emoji_id), "name": name, "roles": [],
                                       "require_colons": True, "managed": False,
                                       "animated": False, "available": True}
    return stale, other


async def test_a_first_start_uploads_every_face_and_says_so_once(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="cogs.table.emojis.sync")
    async with Harness(database_path=tmp_path / "a.sqlite3") as h:
        assert FACES.on
        assert len(uploads(h)) == FACE_COUNT
        names_up = {e["name"] for e in h.recorder.emojis.values()}
        assert names_up == {str(names.name_for(m, p)) for m, p in art.all_faces().items()}
        said = [r.getMessage() for r in caplog.records if r.name == "cogs.table.emojis.sync"]
        assert said == [f"Card faces ready: {FACE_COUNT} emojis ({FACE_COUNT} uploaded, "
                        f"0 kept, 0 old removed)"]
    assert not FACES.on  # the bot closed: nothing shown by a closed bot's emojis


async def test_a_start_with_every_face_there_uploads_nothing(tmp_path):
    async with Harness(database_path=tmp_path / "a.sqlite3") as first:
        there = dict(first.recorder.emojis)
    again = Harness(database_path=tmp_path / "a.sqlite3")
    again.recorder.emojis.update(there)
    async with again as h:
        assert FACES.on and uploads(h) == [] and deletions(h) == []
        assert FACES.emoji("AS")["id"] == next(
            e["id"] for e in there.values() if e["name"].startswith("AS_"))


async def test_a_redrawn_face_replaces_ours_and_leaves_other_emojis_alone(tmp_path):
    h = Harness(database_path=tmp_path / "a.sqlite3")
    stale, other = a_stale_face_and_someone_elses(h)
    async with h:
        assert FACES.on
        assert deletions(h) == [str(stale)]
        assert other in h.recorder.emojis and stale not in h.recorder.emojis
        assert FACES.emoji("AS")["name"] == str(names.name_for("AS", art.png("AS")))


async def test_without_discords_emojis_the_bot_plays_on_with_cards_in_words(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="cogs.table.emojis.sync")
    h = Harness(database_path=tmp_path / "a.sqlite3")
    h.recorder.fail("GET", r"/applications/\d+/emojis$", 503)
    async with h:
        assert not FACES.on
        said = [r for r in caplog.records if r.name == "cogs.table.emojis.sync"]
        assert len(said) == 1 and said[0].levelno == logging.WARNING
        assert "shown in words" in said[0].getMessage()
        d = await TableDriver.playing(h, hands=QUIET)
        view = await d.open_hand("ann")
        buttons = card_buttons(view, "pick")
        assert sorted(buttons) == sorted(C.parse(c) for c in QUIET[0].split())
        assert all("emoji" not in b and card_on(b) is not None for b in buttons.values())
        assert "<:" not in d.table_message().text() and "<:" not in view.text()
        assert "2♥ 3♥ 4♥ 8♦ 9♦" in view.embed["description"]
        await d.turn("ann", throw="9D")  # and play goes on
        d.assert_no_hidden_card_in_public()


async def test_an_upload_refused_half_way_leaves_every_card_in_words(tmp_path):
    h = Harness(database_path=tmp_path / "a.sqlite3")
    h.recorder.fail("POST", r"/applications/\d+/emojis$", 400, 50035, times=1)
    async with h:
        assert not FACES.on
        assert len(uploads(h)) == 1  # stopped at the first refusal


async def test_a_full_emoji_list_is_not_overfilled(tmp_path):
    h = Harness(database_path=tmp_path / "a.sqlite3")
    for _ in range(1990):
        emoji_id = h.snowflake()
        h.recorder.emojis[emoji_id] = {"id": str(emoji_id), "name": f"e{emoji_id}"}
    async with h:
        assert not FACES.on and uploads(h) == []


async def test_faces_are_the_default_look_of_the_hand_and_the_table(harness):
    d = await TableDriver.playing(harness, hands=QUIET)
    view = await d.open_hand("ann")
    buttons = card_buttons(view, "pick")
    assert sorted(buttons) == sorted(C.parse(c) for c in QUIET[0].split())
    assert all(b["emoji"]["id"] and "label" not in b for b in buttons.values())
    discard = d.control(view, "throw")
    assert all(o.get("emoji") for o in view.component(discard)["options"])
    await d.turn("ann", throw="9D")
    assert C.parse("9D") in cards_shown_in(d.field("Discard"))


async def test_a_hidden_card_planted_as_a_face_is_caught(harness):
    d = await TableDriver.playing(harness, hands=QUIET)
    hidden = C.parse(QUIET[1].split()[0])  # in bob's hand
    planted = f"Stock: {FACES.card(hidden)}"  # its face, as a public text would hold it
    assert names.cards_in_markup(planted) == {hidden}
    message = d.table_message()
    try:
        d.check_public_text(message, planted, d.public_cards(d.hand))
    except AssertionError as caught:
        assert C.label(hidden) in str(caught)
    else:
        raise AssertionError("a hidden card shown as a face went unseen")
