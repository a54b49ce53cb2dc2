"""What every game's table must agree on once a hand is over: the engine's settlement, the
stored record and its replay, the store's stacks, the table message, the result embed,
/bankroll, /history and /audit; and a hand played through a restart ends as without one.

Each play test sits down with the server defaults: stake 10, buy-in 200, 1000 starting
chips. A game's own checks (scores, a carried farm, a score sheet) follow these.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from engine.replay import replay
from tests.discord.table_driver import TableDriver
from tests.harness import Harness, Message

START, BUY_IN, STAKE = 1000, 200, 10


async def assert_chips_conserved(h: Harness) -> None:
    """Wallets, stacks and carried pots add up to what was minted less what was burned."""
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))


async def assert_audit_balances(h: Harness) -> None:
    await h.slash(h.owner, "audit")
    assert "Every chip is accounted for." in h.last_response(h.owner).text()


async def assert_stored_replays(h: Harness, table_id: int, number: int, settlement: Any,
                                game: str | None = None) -> Any:
    """Hand `number` is stored settled, and its record replays to the table's result
    (and is a record of `game`, when named); the stored hand."""
    stored = await h.bot.store.hand_by_number(table_id, number)
    assert stored.status == "settled"
    assert game is None or stored.record["game"] == game
    assert replay(stored.record) == settlement.to_result() == stored.result
    return stored


async def assert_cashed_out(d: TableDriver, name: str, settlement: Any) -> None:
    """`name` is no longer seated, their bankroll what they kept at the buy-in and the
    stack the settlement left them; every chip is accounted for."""
    assert d.table is None or d.table.seat_of(d.user(name).id) is None
    wallet = await d.h.bot.store.wallet(d.h.guild_id, d.user(name).id)
    assert wallet.balance == START - BUY_IN + settlement.stacks[d.seat(name)]
    await assert_chips_conserved(d.h)


async def assert_played_out_as_away(d: TableDriver, name: str, settlement: Any) -> None:
    """`name` was away for two turns in a row, was said to be, and was played to the end
    and cashed out; every chip is accounted for and no hidden card was shown."""
    said = "\n".join(m.text() for m in d.h.public_messages())
    assert f"<@{d.user(name).id}> was away for two turns in a row" in said
    await assert_cashed_out(d, name, settlement)
    d.assert_no_hidden_card_in_public()


def result_message(d: TableDriver, number: int) -> Message:
    """The newest result embed of hand `number`: "Game 3: the result"."""
    title = f"{d.hand_noun} {number}: the result"
    return next(m for m in reversed(d.h.public_messages())
                if m.embeds and m.embed.get("title", "") == title)


async def assert_bankrolls(d: TableDriver, expected: dict[str, int]) -> None:
    """/bankroll shows each player their chips at the table and the rest of their bankroll."""
    for name, stack in expected.items():
        await d.h.slash(d.user(name), "bankroll")
        fields = {f["name"]: f["value"] for f in d.h.last_response(d.user(name)).embed["fields"]}
        assert fields["At tables"] == str(stack)
        assert fields["Bankroll"] == str(START - BUY_IN)


async def assert_everything_agrees(d: TableDriver, ended: str, expected: dict[str, int]
                                   ) -> tuple[Any, str]:
    """The hand just over ended as `ended` with the stacks `expected` (by name), and the
    engine, the store, the table message, the result embed, /bankroll and /audit agree to
    the chip; no hidden card was shown. The settlement and the result's text."""
    h, table = d.h, d.table
    number, settlement = table.last_result
    assert settlement.ended == ended
    by_name = {name: d.seat(name) for name in expected}
    assert {n: settlement.stacks[s] for n, s in by_name.items()} == expected
    await assert_stored_replays(h, table.id, number, settlement, d.game)
    info = await h.bot.store.table(table.id)
    in_db = {str(seat.user_id): seat.stack for seat in info.seats}
    assert {n: in_db[s] for n, s in by_name.items()} == expected
    text = result_message(d, number).text()
    table_text = d.table_message().text()
    for name, seat in by_name.items():
        assert f"<@{seat}>: " in text and f"→ {expected[name]}" in text
        assert f"<@{seat}> — {expected[name]} chips" in table_text
    await assert_bankrolls(d, expected)
    await assert_chips_conserved(h)
    await assert_audit_balances(h)
    d.assert_no_hidden_card_in_public()
    return settlement, text


async def assert_history_replays(d: TableDriver, who: str | None = None) -> tuple[str, dict]:
    """`/<game> history` lists the table's hands, and with the last hand's number attaches
    its record, which replays to the table's result: the list's text and the record (its
    result taken out)."""
    h, user = d.h, d.person(who or d.host)
    number, settlement = d.table.last_result
    await h.slash(user, f"{d.game} history")
    listed = h.last_response(user).text()
    await h.slash(user, f"{d.game} history", hand=number)
    (attachment,) = h.last_response(user).attachments.values()
    record = json.loads(attachment.data)
    assert record["game"] == d.game
    assert replay(record) == settlement.to_result() == record.pop("result")
    return listed, record


async def play_through_a_restart(
    folder: Path,
    open_table: Callable[[Harness], Awaitable[TableDriver]],
    moves: Sequence[Any],
    make: Callable[[TableDriver, Any], Awaitable[Any]],
    stop_after: int | None,
) -> dict:
    """`moves` made one by one (`make(d, move)`) at a table `open_table` opens, the bot
    restarted before move `stop_after` (never, if None) with every view kept as it was
    shown: the stored result, each user id made its name so that runs compare. The
    record must replay, every chip be accounted for and no hidden card be shown."""
    folder.mkdir()  # each run's own folder: the bot makes no folder for a database
    async with Harness(database_path=folder / "table.sqlite3") as h:
        d = await open_table(h)
        for done, move in enumerate(moves):
            if done == stop_after:
                await h.restart()
                d.rehook()
            await make(d, move)
        number, settlement = d.table.last_result
        stored = await assert_stored_replays(h, d.table.id, number, settlement)
        await assert_chips_conserved(h)
        d.assert_no_hidden_card_in_public()
        result = json.dumps(stored.result)
        for user in d.users:
            result = result.replace(str(user.id), user.name)
        return json.loads(result)
