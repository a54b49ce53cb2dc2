"""The path of a click on a table's control: from the gateway payload to its item, and
its answer sent without asking Discord for the message back (cogs/table/items.py
TableClicks, bot/replies.py). Every other interaction still goes to discord.py."""

from __future__ import annotations

import discord
import pytest
from discord.http import handle_message_parameters

from cogs.table.components import RenderedView, button
from tests.discord.table_driver import TableDriver
from tests.harness import payloads
from tests.harness.ids import new_token
from tests.harness.messages import COMPONENT


@pytest.fixture
async def playing(harness):
    return await TableDriver.playing(harness)


def _callbacks(h) -> list:
    return [r for r in h.recorder.requests if r.path.endswith("/callback")]


async def test_a_click_reaches_its_control_without_discord_py_parsing_the_message(
        playing, monkeypatch):
    d, h = playing, playing.h
    ann = d.user("ann")
    view = await d.open_hand(ann)
    parsed: list[int] = []
    real_init = discord.Message.__init__

    def counting(self, *, state, channel, data):
        parsed.append(int(data["id"]))
        real_init(self, state=state, channel=channel, data=data)

    def no_view_store(*args, **kwargs):
        raise AssertionError("the click went through discord.py's view store")

    monkeypatch.setattr(discord.Message, "__init__", counting)
    monkeypatch.setattr(h.bot._connection._view_store, "dispatch_view", no_view_store)
    seq = d.hand.seq
    await h.click(ann, view, d.control(view, "stock"))
    assert d.hand.seq == seq + 1
    assert "You drew" in h.message(view.id).text()
    assert view.id not in parsed  # neither the clicked message nor the answer was parsed


async def test_answers_do_not_ask_discord_for_the_message_back(playing):
    d, h = playing, playing.h
    ann = d.user("ann")
    view = await d.open_hand(ann)
    before = len(_callbacks(h))
    await h.click(ann, view, d.control(view, "stock"))
    answer = _callbacks(h)[before]
    assert answer.body["type"] == 7  # the clicked view, edited in place
    assert "with_response" not in answer.params


async def test_a_control_sent_as_another_kind_of_component_changes_nothing(playing):
    d, h = playing, playing.h
    ann = d.user("ann")
    view = await d.open_hand(ann)
    seq, answered = d.hand.seq, len(_callbacks(h))
    stock = d.control(view, "stock")
    payload = payloads.interaction(
        interaction_id=h.snowflake(), application_id=h.application_id, kind=COMPONENT,
        token=new_token(), user=ann, channel=h.channel,
        data={"custom_id": stock, "component_type": 3, "values": ["AS"]},
        app_permissions=0, message=view.data,
    )
    await h.dispatch("INTERACTION_CREATE", payload)
    assert d.hand.seq == seq and len(_callbacks(h)) == answered


class _Elsewhere(discord.ui.DynamicItem[discord.ui.Button], template=r"elsewhere:(?P<n>[0-9]+)"):
    """A control of no table, answered by discord.py's own view store."""

    clicked = 0

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="x", custom_id=f"elsewhere:{n}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        type(self).clicked += 1
        await interaction.response.edit_message(content="answered by discord.py")


async def test_a_click_of_no_table_still_goes_to_discord_py(harness):
    h = harness
    h.bot.add_dynamic_items(_Elsewhere)
    view = discord.ui.View(timeout=None)
    view.add_item(_Elsewhere(1))
    sent = await h.bot.get_channel(h.channel.id).send("elsewhere", view=view)
    await h.click(h.user("zed"), sent.id, "elsewhere:1")
    assert _Elsewhere.clicked == 1
    assert h.message(sent.id).text().startswith("answered by discord.py")


def test_a_rendered_view_is_sent_as_discord_py_sends_a_view():
    view = RenderedView([[button("gff:1:hand", "Your hand", discord.ButtonStyle.primary)]])
    with handle_message_parameters(view=view) as params:
        assert params.payload["components"] == view.to_components()
    # Sent, never listened to: discord.py keeps no finished view.
    assert view.is_finished() and not view.is_dispatchable()


async def test_a_click_whose_payload_cannot_be_read_is_logged_and_dropped(playing):
    d, h = playing, playing.h
    ann = d.user("ann")
    view = await d.open_hand(ann)
    seq, answered = d.hand.seq, len(_callbacks(h))
    payload = payloads.interaction(
        interaction_id=h.snowflake(), application_id=h.application_id, kind=COMPONENT,
        token=new_token(), user=ann, channel=h.channel,
        data={"custom_id": d.control(view, "stock"), "component_type": 2},
        app_permissions=0, message=view.data,
    )
    del payload["token"]  # Discord always sends one; a reader must not fall over without
    with h.expect_error("could not be read"):
        await h.dispatch("INTERACTION_CREATE", payload)
    assert d.hand.seq == seq and len(_callbacks(h)) == answered
    await h.click(ann, view, d.control(view, "stock"))  # and the next click is answered
    assert d.hand.seq == seq + 1


async def test_a_table_message_edit_leaves_discord_s_answer_unparsed(harness, monkeypatch):
    d = await TableDriver.playing(harness)
    h = d.h
    table_message = d.table_message()
    parsed: list[int] = []
    real_init = discord.Message.__init__

    def counting(self, *, state, channel, data):
        parsed.append(int(data["id"]))
        real_init(self, state=state, channel=channel, data=data)

    monkeypatch.setattr(discord.Message, "__init__", counting)
    before = len(h.recorder.requests)
    await d.act("ann", "stock")
    edits = [r for r in h.recorder.requests[before:]
             if r.method == "PATCH" and r.path.endswith(f"/messages/{table_message.id}")]
    assert edits  # the table message shows the draw
    assert table_message.id not in parsed
