"""Tables and seats: opening a table, buying in, cashing out, closing with every chip returned.

Each function runs inside one transaction on the connection's thread (see db.py).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from bot.i18n import N_
from bot.store import hands, ledger, packing
from bot.store.amounts import MAX_CHIPS
from bot.store.errors import (
    AlreadySeated,
    ChannelBusy,
    InHand,
    Mismatch,
    NoTable,
    NotSeated,
    TableClosed,
    TableFull,
    TooManyChips,
)
from bot.store.models import Seat, ShardSet, Table
from bot.store.seats import leave
from bot.store.shards import served_by
from bot.store.wallets import supply, wallet
from engine import games

TABLE_COLUMNS = (
    "id, guild_id, channel_id, host_id, game, stake, buy_in, max_players, turn_seconds, status"
)
AT_TABLE = ("seated", "away")


def open_table(
    db: sqlite3.Connection,
    now_ms: int,
    guild_id: int,
    channel_id: int,
    host_id: int,
    game: str,
    stake: int,
    buy_in: int,
    max_players: int,
    turn_seconds: int,
    options: dict | None = None,
) -> Table:
    if find_open_table(db, channel_id) is not None:
        raise ChannelBusy(channel_id)
    cursor = db.execute(
        "INSERT INTO tables (guild_id, channel_id, host_id, game, stake, buy_in, max_players,"
        " turn_seconds, opened_ms, options) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (guild_id, channel_id, host_id, game, stake, buy_in, max_players, turn_seconds, now_ms,
         json.dumps(options or {}, sort_keys=True)),
    )
    return load_table(db, cursor.lastrowid)


def find_open_table(db: sqlite3.Connection, channel_id: int) -> Table | None:
    row = db.execute(
        "SELECT id FROM tables WHERE channel_id = ? AND status = 'open'", (channel_id,)
    ).fetchone()
    return None if row is None else load_table(db, row[0])


def open_table_ids(db: sqlite3.Connection, shards: ShardSet | None = None) -> list[int]:
    """The open tables, or only those of the servers `shards` serve."""
    where, args = served_by(shards, "guild_id")
    rows = db.execute(f"SELECT id FROM tables WHERE status = 'open'{where} ORDER BY id", args)
    return [table_id for (table_id,) in rows]


def open_tables(db: sqlite3.Connection, shards: ShardSet | None = None) -> dict[int, int]:
    """The open tables' channels by table id, or only those of the servers `shards` serve:
    what start-up announces before it brings the tables back a part at a time."""
    where, args = served_by(shards, "guild_id")
    rows = db.execute(
        f"SELECT id, channel_id FROM tables WHERE status = 'open'{where} ORDER BY id", args
    )
    return dict(rows.fetchall())


def load_table(db: sqlite3.Connection, table_id: int) -> Table:
    found = db.execute(f"SELECT {TABLE_COLUMNS}, options FROM tables WHERE id = ?",
                       (table_id,)).fetchone()
    if found is None:
        raise NoTable(table_id)
    row, options = found[:-1], found[-1]
    info = games.get(row[4]).info
    pots = dict.fromkeys(info.pots, 0)
    pots.update(db.execute("SELECT name, amount FROM table_pots WHERE table_id = ?", (table_id,)))
    carried_by: dict[str, dict[int, int]] = {pot: {} for pot in info.carried_pots}
    for pot, user_id, amount in db.execute(
        "SELECT pot, user_id, amount FROM carried_posts WHERE table_id = ?"
        " ORDER BY pot, user_id",
        (table_id,),
    ):
        carried_by.setdefault(pot, {})[user_id] = amount
    seats = tuple(
        Seat(*seat)
        for seat in db.execute(
            "SELECT table_id, user_id, position, stack, status FROM seats"
            " WHERE table_id = ? AND status <> 'left' ORDER BY position",
            (table_id,),
        )
    )
    played, last_dealer, last_result = _last_hands(db, table_id)
    dealer = None if last_dealer is None else int(last_dealer)
    position = _position(db, table_id, dealer, seats)
    named = _named_dealer(row[4], last_result)
    return Table(
        *row,
        pots=pots,
        carried_by=carried_by,
        seats=seats,
        hands_played=played,
        last_dealer=dealer,
        last_dealer_position=position,
        next_dealer=named,
        next_dealer_position=_position(db, table_id, named, seats),
        options=json.loads(options),
    )


def _last_hands(db: sqlite3.Connection, table_id: int) -> tuple[int, Any, str | None]:
    """The hands the table has finished, the dealer of its last hand (running or not),
    and the result of its last settled hand (JSON text). A hand over keeps its record and
    result packed (bot/store/packing.py), read back only for the last hand or two."""
    played = db.execute(
        "SELECT COUNT(*) FROM hands WHERE table_id = ? AND status <> 'running'", (table_id,)
    ).fetchone()[0]
    last = db.execute(
        "SELECT h.status, COALESCE(r.record, h.record), h.result, h.packed"
        " FROM hands AS h LEFT JOIN running_hands AS r ON r.hand_id = h.id"
        " WHERE h.table_id = ? ORDER BY h.number DESC LIMIT 1",
        (table_id,),
    ).fetchone()
    if last is None:
        return played, None, None
    status, *stored = last
    record, result = packing.stored(stored[2], stored[0], stored[1])
    parsed = json.loads(record)
    dealer = parsed.get("dealer") if isinstance(parsed, dict) else None
    if status != "settled":
        settled = db.execute(
            "SELECT record, result, packed FROM hands WHERE table_id = ? AND status = 'settled'"
            " ORDER BY number DESC LIMIT 1",
            (table_id,),
        ).fetchone()
        result = None if settled is None else packing.stored(settled[2], *settled[:2])[1]
    return played, dealer, result


def _named_dealer(game: str, result: str | None) -> int | None:
    """The seat the last settled deal's result names to deal next, where the game's page
    names one (FARMER-5.6; `Game.named_dealer`): kept in the result, so a restart keeps
    it too."""
    if result is None:
        return None
    seat_id = games.get(game).named_dealer(json.loads(result))
    return None if seat_id is None else hands.user_of(seat_id)


def _position(
    db: sqlite3.Connection, table_id: int, user_id: int | None, seats: Sequence[Seat] = ()
) -> int | None:
    """Where `user_id` sits or last sat at the table (a seat that left keeps its row);
    read from `seats`, those at the table now, when the user is one of them."""
    if user_id is None:
        return None
    seated = next((seat.position for seat in seats if seat.user_id == user_id), None)
    if seated is not None:
        return seated
    found = db.execute(
        "SELECT position FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id)
    ).fetchone()
    return None if found is None else found[0]


def open_table_row(db: sqlite3.Connection, table_id: int) -> tuple[int, int, int]:
    """(guild, buy-in, max players) of an open table, or the error that says why not."""
    row = db.execute(
        "SELECT guild_id, buy_in, max_players, status FROM tables WHERE id = ?", (table_id,)
    ).fetchone()
    if row is None:
        raise NoTable(table_id)
    if row[3] != "open":
        raise TableClosed()
    return row[0], row[1], row[2]


def buy_in(
    db: sqlite3.Connection, now_ms: int, table_id: int, user_id: int, ref: str, house: bool
) -> Seat:
    """Take a seat with the table's buy-in, from the user's wallet to a new stack; for a
    house seat (a computer player), minted into it."""
    guild_id, amount, max_players = open_table_row(db, table_id)
    if house:
        if supply(db, guild_id) > MAX_CHIPS - amount:
            raise TooManyChips()
    else:
        wallet(db, guild_id, user_id)  # NoWallet before anything else
    status = db.execute(
        "SELECT status FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id)
    ).fetchone()
    if status is not None and status[0] in AT_TABLE:
        raise AlreadySeated()
    taken = {
        row[0]
        for row in db.execute(
            "SELECT position FROM seats WHERE table_id = ? AND status <> 'left'", (table_id,)
        )
    }
    if len(taken) >= max_players:
        raise TableFull(max_players)
    position = min(set(range(max_players)) - taken)
    # A player who left keeps their row (stack 0), so the seat account stays one row.
    db.execute(
        "INSERT INTO seats (table_id, user_id, position, stack, status, house)"
        " VALUES (?, ?, ?, 0, 'seated', ?)"
        " ON CONFLICT (table_id, user_id) DO UPDATE SET position = excluded.position,"
        " status = 'seated', house = excluded.house",
        (table_id, user_id, position, int(house)),
    )
    ledger.move(
        db,
        at_ms=now_ms,
        guild_id=guild_id,
        source=ledger.MINT if house else ledger.wallet(guild_id, user_id),
        target=ledger.seat(table_id, user_id),
        amount=amount,
        reason="house: a computer sits" if house else "buy-in",
        ref=ref,
    )
    return Seat(table_id, user_id, position, amount, "seated")


def cash_out(db: sqlite3.Connection, now_ms: int, table_id: int, user_id: int, ref: str) -> int:
    """Leave the table: the whole stack back to the wallet; the chips returned."""
    guild_id, *_ = open_table_row(db, table_id)
    row = db.execute(
        "SELECT stack, status FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id)
    ).fetchone()
    if row is None or row[1] not in AT_TABLE:
        raise NotSeated()
    if user_id in hands.seats_in_running_hand(db, table_id):
        raise InHand()
    return leave(db, now_ms, guild_id, table_id, user_id, row[0], "cash-out", ref)


def set_away(db: sqlite3.Connection, table_id: int, user_id: int, away: bool) -> None:
    """Mark a player away (auto-played after time-outs) or back."""
    open_table_row(db, table_id)
    changed = db.execute(
        "UPDATE seats SET status = ? WHERE table_id = ? AND user_id = ? AND status <> 'left'",
        ("away" if away else "seated", table_id, user_id),
    ).rowcount
    if changed != 1:
        raise NotSeated()


def close_table(db: sqlite3.Connection, now_ms: int, table_id: int) -> dict[int, int]:
    """Void any running hand, cash out every seat, and hand out what the pots still carry
    by the table's game's own rule (GFF-4.6: back to who posted it).

    Returns the chips each user got back.
    """
    guild_id, *_ = open_table_row(db, table_id)
    running = hands.running_hand_id(db, table_id)
    if running is not None:
        # Kept in the hand's record in English; marked so that /history can show it
        # translated. Translators: why a hand was void: "**3.** void: the table closed".
        hands.void_hand(db, now_ms, running, N_("the table closed"))
    returned: dict[int, int] = {}
    seats = db.execute(
        "SELECT user_id, stack FROM seats WHERE table_id = ? AND status <> 'left'"
        " ORDER BY position",
        (table_id,),
    ).fetchall()
    for user_id, stack in seats:
        returned[user_id] = leave(
            db,
            now_ms,
            guild_id,
            table_id,
            user_id,
            stack,
            "table closed",
            f"table:{table_id}:close:seat:{user_id}",
        )
    table = load_table(db, table_id)
    carried = {pot: amount for pot, amount in table.pots.items() if amount}
    posted_by = {
        pot: {str(user): amount for user, amount in by_user.items()}
        for pot, by_user in table.carried_by.items()
    }
    # The seat that would deal next, where the game names one (FARMER-2.5 shares the
    # farm from the farmer's left); otherwise the last deal's dealer.
    next_dealer = table.next_dealer if table.next_dealer is not None else table.last_dealer
    dealer = None if next_dealer is None else str(next_dealer)
    shares = games.get(table.game).close_carried(
        carried, posted_by, [str(user_id) for user_id, _ in seats], dealer
    )
    for index, share in enumerate(shares):
        kind, _, pot = share.source.partition(":")
        to, _, user = share.target.partition(":")
        if kind != "pot" or to != "seat":
            raise Mismatch(f"carried chips cannot go from {share.source} to {share.target}")
        user_id = hands.user_of(user)
        # A computer player's share is the house's: burned, as its stack was (seats.py),
        # for its chips never rest in a wallet.
        house = db.execute(
            "SELECT house FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id)
        ).fetchone()
        is_house = bool(house and house[0])
        ledger.move(
            db,
            at_ms=now_ms,
            guild_id=guild_id,
            source=ledger.pot(table_id, pot),
            target=ledger.BURN if is_house else ledger.wallet(guild_id, user_id),
            amount=share.amount,
            reason=f"house: {share.reason}" if is_house else share.reason,
            ref=f"table:{table_id}:close:carried:{index}",
        )
        returned[user_id] = returned.get(user_id, 0) + share.amount
    db.execute("DELETE FROM carried_posts WHERE table_id = ?", (table_id,))
    left = db.execute(
        "SELECT COALESCE(SUM(amount), 0) FROM table_pots WHERE table_id = ?", (table_id,)
    ).fetchone()[0]
    if left:
        raise Mismatch(f"{left:,} chips in the pots were posted by nobody on record")
    db.execute(
        "UPDATE tables SET status = 'closed', closed_ms = ? WHERE id = ?", (now_ms, table_id)
    )
    return returned
