"""A bot stopped at any moment and started again on the same database goes on as before."""

from __future__ import annotations

import json

import pytest

from tests.discord.table_driver import QUIET, TableDriver
from tests.harness import Harness

# One full hand, as (player, act, cards, target): draws from both piles, a spread, a hit,
# discards and a winning drop.
SCRIPT = [
    ("ann", "stock", "", None), ("ann", "spread", "2H 3H 4H", None), ("ann", "throw", "8D", None),
    ("bob", "take", "", None), ("bob", "hit", "5H 6H 7H", 0), ("bob", "throw", "8D", None),
    ("cy", "take", "", None), ("cy", "throw", "8D", None),
    ("ann", "drop", "", None),
]


async def restart(d: TableDriver) -> None:
    await d.h.restart()
    d.rehook()


async def play(tmp_path, stop_after: int | None) -> tuple[dict, dict[str, int]]:
    tmp_path.mkdir()
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        d = TableDriver(h)
        await d.seat_everyone()
        await d.start(QUIET, stock="QS")
        for done, (name, act, cards, target) in enumerate(SCRIPT):
            if done == stop_after:
                await restart(d)
            await d.act(name, act, cards, target)
        number, settlement = d.table.last_result
        stored = await h.bot.store.hand_by_number(d.table.id, number)
        wallets = {u.name: (await h.bot.store.wallet(h.guild_id, u.id)).balance for u in d.users}
        assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
        d.assert_no_hidden_card_in_public()
        # Each run has its own user ids: compare by name.
        result = json.dumps(stored.result)
        for user in d.users:
            result = result.replace(str(user.id), user.name)
        return json.loads(result), wallets


async def test_a_restart_between_any_two_actions_changes_nothing(tmp_path):
    expected = await play(tmp_path / "straight", None)
    assert expected[0]["ended"] == "drop"
    for stop_after in range(len(SCRIPT)):
        assert await play(tmp_path / f"stop{stop_after}", stop_after) == expected, stop_after


async def test_buttons_of_messages_sent_before_a_restart_still_work(harness):
    d = TableDriver(harness)
    await d.seat_everyone()
    await d.start(QUIET, stock="QS")
    ann = d.user("ann")
    view = await d.open_hand(ann)
    table_message = d.table_message()
    await restart(d)
    await d.h.click(ann, view, d.control(view, "stock"))  # the old ephemeral view
    assert d.hand.seq == 1 and "You drew" in d.h.message(view.id).text()
    await d.h.click(d.user("bob"), table_message, f"gff:{d.table.id}:hand")
    assert d.h.last_response(d.user("bob")).ephemeral


@pytest.mark.parametrize("waited", [0, 40, 59])
async def test_the_turn_clock_resumes_with_the_time_that_was_left(harness, waited):
    d = TableDriver(harness)
    await d.seat_everyone()
    await d.start(QUIET)
    await d.h.advance(waited)
    await restart(d)
    await d.h.advance(60 - waited - 1)
    assert d.hand.seq == 0  # still ann's first turn, untouched
    await d.h.advance(1)
    assert d.hand.seq == 2 and d.hand.current == d.seat(d.user("bob"))


async def test_a_record_that_cannot_be_resumed_is_voided_with_every_post_refunded(tmp_path):
    path = tmp_path / "gff.sqlite3"
    async with Harness(database_path=path) as h:
        d = TableDriver(h)
        await d.seat_everyone()
        await d.start(QUIET)
        hand_id = d.table.running.hand_id
        # Damage the stored record: its deck loses a card, so it can no longer be replayed.
        await h.bot.store.db.write(lambda db: db.execute(
            "UPDATE running_hands SET record = json_remove(record, '$.deck[0]')"
            " WHERE hand_id = ?", (hand_id,)
        ))
        await restart(d)
        assert d.table.hand is None  # voided, not resumed
        stored = await h.bot.store.hand(hand_id)
        assert stored.status == "void"
        info = await h.bot.store.table(d.table.id)
        assert [s.stack for s in info.seats] == [200, 200, 200]
        assert "could not be resumed" in "\n".join(m.text() for m in h.public_messages())
        assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))


async def test_a_voided_hands_notice_names_players_not_ids(tmp_path):
    path = tmp_path / "gff.sqlite3"
    async with Harness(database_path=path) as h:
        d = TableDriver(h)
        await d.seat_everyone()
        await d.start(QUIET)
        hand_id = d.table.running.hand_id
        bob = str(d.user("bob").id)
        # A stored action out of turn: the engine's reason names bob's seat by its id.
        await h.bot.store.db.write(lambda db: db.execute(
            "UPDATE running_hands SET record = json_insert(record, '$.actions[#]', json(?))"
            " WHERE hand_id = ?",
            (f'{{"seat": "{bob}", "do": "draw", "from": "stock"}}', hand_id),
        ))
        await restart(d)
        notice = next(m.text() for m in h.public_messages() if "could not be resumed" in m.text())
        assert f"<@{bob}>" in notice
        assert bob not in notice.replace(f"<@{bob}>", "")
        assert "GFF-" not in notice
