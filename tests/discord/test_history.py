"""`/gff history` reaches every table a channel has had, closed ones included, and tells a
player how to check a hand's deck commitment, or checks it for them."""

from __future__ import annotations

import hashlib
import json
import re

from bot.store import packing
from tests.discord.table_driver import QUIET, TableDriver

CHECK = re.compile(r"`printf '%s' '([^']+)' \| sha256sum` must print ([0-9a-f]{64})")


async def play_one_hand_and_end(d: TableDriver) -> int:
    """Seat everyone, play a hand to its end, end the table between hands: its id."""
    await d.seat_everyone()
    await d.start(QUIET)
    await d.act("ann", "drop")
    table_id = d.table.id
    await d.h.slash(d.host, "gff end")
    assert d.table is None
    return table_id


async def test_the_last_hand_of_a_closed_table_can_be_fetched(harness):
    d = TableDriver(harness)
    h = d.h
    table_id = await play_one_hand_and_end(d)
    cy = d.user("cy")  # any player, not only the host
    await h.slash(cy, "gff history", hand=1)
    sent = h.last_response(cy)
    assert sent.ephemeral and "no table" not in sent.text()
    (attachment,) = sent.attachments.values()
    record = json.loads(attachment.data)
    assert record["result"]["ended"] == "caught"
    await h.slash(cy, "gff history")
    listing = h.last_response(cy)
    assert f"table {table_id} (closed)" in listing.text() and "**1.** caught" in listing.text()


async def test_an_earlier_table_is_named_by_its_number(harness):
    d = TableDriver(harness)
    h = d.h
    first = await play_one_hand_and_end(d)
    await h.slash(d.host, "gff join")  # a new table in the same channel
    second = d.table.id
    assert second != first
    await h.slash(d.host, "gff history")
    listing = h.last_response(d.host)
    assert f"at table {second}" in listing.text() and "No hands yet." in listing.text()
    assert f"table {first}: closed, 1 hand" in listing.text()
    await h.slash(d.host, "gff history", hand=1, table=first)
    (attachment,) = h.last_response(d.host).attachments.values()
    assert json.loads(attachment.data)["result"]["ended"] == "caught"
    await h.slash(d.host, "gff history", hand=1)  # the open table has no hand 1
    assert f"Hand 1 is not finished at table {second}." in h.last_response(d.host).text()


async def test_a_table_of_another_channel_is_not_shown_here(harness):
    d = TableDriver(harness)
    h = d.h
    first = await play_one_hand_and_end(d)
    elsewhere = await h.add_channel("elsewhere")
    await h.slash(d.host, "gff history", channel=elsewhere)
    assert "There is no table in this channel" in h.last_response(d.host).text()
    await h.slash(d.host, "gff history", channel=elsewhere, hand=1, table=first)
    answer = h.last_response(d.host)
    assert f"Table {first} was not played in this channel." in answer.text()
    assert not answer.attachments


async def test_the_history_says_exactly_which_bytes_the_commitment_hashes(harness):
    d = TableDriver(harness)
    h = d.h
    await play_one_hand_and_end(d)
    await h.slash(d.host, "gff history", hand=1)
    sent = h.last_response(d.host)
    (attachment,) = sent.attachments.values()
    record = json.loads(attachment.data)
    text, digest = CHECK.search(sent.content).groups()
    # The one-liner's text is the salt, a colon and the deck's codes: hashing it is
    # the commitment shown at the deal.
    assert text == record["salt"] + ":" + " ".join(record["deck"])
    assert hashlib.sha256(text.encode()).hexdigest() == digest == record["commitment"]


async def test_verify_recomputes_the_commitment_from_the_stored_record(harness):
    d = TableDriver(harness)
    h = d.h
    table_id = await play_one_hand_and_end(d)
    await h.slash(d.host, "gff history", hand=1, verify=True)
    assert "Deck check: **verified**" in h.last_response(d.host).text()
    # A record whose deck was changed after the deal no longer matches.
    def swap_two_cards(db):
        where = " FROM hands WHERE table_id = ? AND number = 1"
        record, result = packing.unpack(db.execute("SELECT packed" + where, (table_id,))
                                        .fetchone()[0])
        changed = json.loads(record)
        changed["deck"][:2] = changed["deck"][1::-1]
        db.execute(
            "UPDATE hands SET packed = ? WHERE table_id = ? AND number = 1",
            (packing.pack(json.dumps(changed, separators=(",", ":")), result), table_id),
        )

    await h.bot.store.db.write(swap_two_cards)
    await h.slash(d.host, "gff history", hand=1, verify=True)
    said = h.last_response(d.host).text()
    assert "Deck check: **not verified**" in said and "commitment" in said
