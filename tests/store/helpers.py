"""Shared by the store tests: a table of players, hands played through the store, snapshots."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg

from bot.store import GuildSettings, Store, Table
from bot.store.postgres import is_postgres_url
from bot.store.postgres.database import integrity_error
from bot.store.postgres.dialect import translate
from engine import cards as C
from engine.actions import Drop
from engine.gff.hand import GffHand
from engine.simulate import random_action

GUILD = 501
OTHER_GUILD = 502
CHANNEL = 601
HOST = 700
USERS = (701, 702, 703, 704, 705, 706)
DEFAULTS = GuildSettings(
    stake=10, buy_in_stakes=20, starting_chips=1000, daily_chips=200, turn_seconds=60
)


class Clock:
    """Store time that a test moves by hand."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def assert_chips_add_up(store: Store) -> None:
    """The conservation check for every guild, and every balance equal to its ledger rows."""
    guilds = await store.conservation()
    for guild in guilds:
        assert guild.holds, guild
        assert await store.ledger_mismatches(guild.guild_id) == []


def _everything(db: sqlite3.Connection) -> dict:
    return {
        "ledger": db.execute("SELECT COUNT(*) FROM ledger").fetchone()[0],
        "wallets": db.execute("SELECT * FROM wallets ORDER BY 1, 2").fetchall(),
        "seats": db.execute("SELECT * FROM seats ORDER BY 1, 2").fetchall(),
        "tables": db.execute("SELECT * FROM tables ORDER BY id").fetchall(),
        "carried": db.execute("SELECT * FROM carried_posts ORDER BY 1, 2, 3").fetchall(),
        "hands": db.execute("SELECT * FROM hands ORDER BY id").fetchall(),
        "running hands": db.execute("SELECT * FROM running_hands ORDER BY 1").fetchall(),
        "settings": db.execute("SELECT * FROM guild_settings ORDER BY 1").fetchall(),
    }


async def snapshot(store: Store) -> dict:
    """Every row that holds chips or state: equal snapshots mean nothing was written."""
    return await store.db.read(_everything)


async def seated_table(
    store: Store, users=USERS[:3], channel: int = CHANNEL, guild: int = GUILD, **options
) -> Table:
    """A table in `channel` with each of `users` bought in."""
    table = await store.open_table(guild, channel, HOST, **options)
    for user in users:
        await store.open_wallet(guild, user)
        await store.buy_in(table.id, user)
    return await store.table(table.id)


async def deal(
    store: Store, table_id: int, deck: list[int] | None = None, rng: random.Random | None = None
) -> tuple[int, GffHand]:
    """Deal the table's next hand (the deal moves left each hand) and store it.

    Without a deck or rng the deal is fixed and never ends the hand at once.
    """
    table = await store.table(table_id)
    seats = [(s.seat_id, s.stack) for s in table.seats if s.stack >= 2 * table.stake]
    ids = [seat_id for seat_id, _ in seats]
    if table.last_dealer is None or str(table.last_dealer) not in ids:
        dealer = ids[0]
    else:
        dealer = ids[(ids.index(str(table.last_dealer)) + 1) % len(ids)]
    def start(deck: list[int]) -> GffHand:
        return GffHand.start(
            seats=seats, stake=table.stake, dealer=dealer, deck=deck, carry=table.carry
        )

    if deck is not None:
        hand = start(deck)
    elif rng is not None:
        hand = start(rng.sample(range(52), 52))
    else:
        # Callers that name no deck want a hand still running after the deal; an
        # unseeded shuffle ends at once (GFF-3.3) often enough to make a test flaky.
        shuffle = random.Random(0)
        while (hand := start(shuffle.sample(range(52), 52))).is_over:
            pass
    running = (await store.start_hand(table_id, hand)).running
    return running.hand_id, hand


async def play_on(store: Store, hand_id: int, hand: GffHand, rng: random.Random) -> None:
    """Random legal actions through the store until the hand is settled."""
    while not hand.is_over:
        seq = hand.seq
        action = random_action(hand, rng)
        hand.apply(action)
        await store.record_action(hand_id, seq, action, hand.settlement)


async def play_hand(store: Store, table_id: int, rng: random.Random) -> GffHand:
    hand_id, hand = await deal(store, table_id, rng=rng)
    await play_on(store, hand_id, hand, rng)
    return hand


def stacked_deck(hands: list[str], stock: str = "") -> list[int]:
    """A deck that deals `hands` in turn order (left of the dealer first, dealer last).

    Five codes each; the dealer's fifth card is the flip card (GFF-3.1).
    """
    dealt = [[C.parse(code) for code in hand.split()] for hand in hands]
    order = [dealt[seat][i] for i in range(5) for seat in range(len(dealt))]
    order += [C.parse(code) for code in stock.split()]
    assert len(set(order)) == len(order), "a card is used twice"
    return order + [c for c in C.DECK if c not in order]


async def flop_hand(store, table_id: int, dealer: int, left: int, left_cards: str):
    """One two-player hand where the dealer's fifth card, 9S, makes clubs the flop suit.

    The player on the dealer's left drops at once with 20 against the dealer's 41,
    so wins the game pot; the dealer wins the flip with 2S. The flop pot carries
    unless `left_cards` holds a club (GFF-4.1, 4.2, 4.5).
    """
    table = await store.table(table_id)
    stacks = {seat.user_id: seat.stack for seat in table.seats}
    hand = GffHand.start(
        seats=[(str(dealer), stacks[dealer]), (str(left), stacks[left])],
        stake=table.stake,
        dealer=str(dealer),
        deck=stacked_deck([left_cards, "KH QH JD 2S 9S"]),
        carry=table.carry,
    )
    running = (await store.start_hand(table_id, hand)).running
    hand.apply(Drop(str(left)))
    await store.record_action(running.hand_id, 0, hand.actions[0], hand.settlement)
    return hand.settlement


NO_CLUB = "2H 3H 4D 5D 6D"
A_CLUB = "2H 3H 4D 5D 6C"


class BehindTheStore:
    """Statements sent straight to the store's database, around the store: to tamper with
    it as a bug or a bad disk might, or to read what it wrote. SQLite's SQL on either
    database; an integrity error is sqlite3's on both."""

    def __init__(self, sqlite: sqlite3.Connection | None, postgres: Any = None) -> None:
        self._sqlite = sqlite
        self._postgres = postgres

    async def execute(self, sql: str, params: Any = ()) -> list[tuple]:
        if self._sqlite is not None:
            return self._sqlite.execute(sql, params).fetchall()
        statement = translate(sql)
        try:
            rows = await self._postgres.fetch(statement.sql, *statement.arguments(params))
        except asyncpg.IntegrityConstraintViolationError as error:
            raise integrity_error(error) from error
        return [tuple(row) for row in rows]


@asynccontextmanager
async def behind_the_store(db_path: Path | str) -> AsyncIterator[BehindTheStore]:
    """Each statement its own transaction, as a shell on the database would send it."""
    if is_postgres_url(db_path):
        conn = await asyncpg.connect(db_path)
        try:
            yield BehindTheStore(None, conn)
        finally:
            await conn.close()
        return
    db = sqlite3.connect(db_path, isolation_level=None)
    try:
        yield BehindTheStore(db)
    finally:
        db.close()
