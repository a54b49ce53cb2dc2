"""Fair decks (v1) in the store: the tables' house seeds (current, rotated between deals,
revealed at the close), the players' own seeds, a deal's `fair` block kept in its record
from the deal to its settlement, and migration 0007 from a database of version 6."""

from __future__ import annotations

import hashlib
import random
import sqlite3

import asyncpg
import pytest

from bot.store import (
    BadSetting,
    HandRunning,
    HouseSeed,
    Mismatch,
    NoTable,
    Store,
    TableClosed,
)
from bot.store.fair import BAD_PLAYER_SEED
from bot.store.migrate import bundled, migrate
from bot.store.postgres import is_postgres_url
from bot.store.postgres.migrate import migrate as migrate_postgres
from bot.store.postgres.store import bundled_migrations
from engine.gff.hand import GffHand
from engine.simulate import random_action
from tests.store.helpers import (
    CHANNEL,
    DEFAULTS,
    GUILD,
    HOST,
    USERS,
    behind_the_store,
    play_on,
    seated_table,
    snapshot,
)
from tests.store.test_hands import ann_deals

ANN, BOB, CY = USERS[:3]
NOW_MS = 1_700_000_000_000  # the tests' clock (helpers.Clock) in ms


def seed(n: int) -> tuple[str, str]:
    """The n-th house seed of a test, in hex, and its commitment (SHA-256 of its bytes)."""
    raw = hashlib.sha256(f"test seed {n}".encode()).digest()
    return raw.hex(), hashlib.sha256(raw).hexdigest()


def fair_block(nonce: int, house_hash: str, seeds: str = "ann,bob,cy") -> dict:
    return {"version": "v1", "house_hash": house_hash, "client_seed": seeds, "nonce": nonce}


async def house_rows(store) -> list[tuple]:
    return await store.db.read(
        lambda db: db.execute(
            "SELECT house_hash, table_id, seed, created_ms, revealed_ms FROM house_seeds"
            " ORDER BY table_id, created_ms, house_hash"
        ).fetchall()
    )


# -- house seeds -----------------------------------------------------------------


async def test_a_table_gets_its_first_seed_and_it_is_its_current_one(store):
    table = await store.open_table(GUILD, CHANNEL, HOST)
    assert await store.house_seed(table.id) is None
    hex_seed, house_hash = seed(1)
    made = await store.new_house_seed(table.id, hex_seed, house_hash)
    assert made == HouseSeed(house_hash, table.id, hex_seed, NOW_MS, None)
    assert await store.house_seed(table.id) == made
    assert await store.house_seed_by_hash(house_hash) == made
    # A lookup as a player types it: upper case, spaces around.
    assert await store.house_seed_by_hash(f" {house_hash.upper()} ") == made
    assert await store.house_seed_by_hash(seed(2)[1]) is None


async def test_a_second_seed_comes_only_by_rotating(store, clock):
    table = await store.open_table(GUILD, CHANNEL, HOST)
    first = await store.new_house_seed(table.id, *seed(1))
    before = await snapshot(store), await house_rows(store)
    with pytest.raises(Mismatch, match="not revealed yet: rotate it"):
        await store.new_house_seed(table.id, *seed(2))
    assert (await snapshot(store), await house_rows(store)) == before

    clock.advance(5)
    revealed, current = await store.rotate_house_seed(table.id, *seed(2))
    assert revealed == [HouseSeed(first.house_hash, table.id, first.seed, NOW_MS, NOW_MS + 5000)]
    assert current == HouseSeed(seed(2)[1], table.id, seed(2)[0], NOW_MS + 5000, None)
    assert await store.house_seed(table.id) == current
    assert await store.house_seed_by_hash(first.house_hash) == revealed[0]


async def test_a_rotation_in_the_same_millisecond_still_makes_the_new_seed_current(store):
    table = await store.open_table(GUILD, CHANNEL, HOST)
    await store.new_house_seed(table.id, *seed(1))
    for n in range(2, 6):
        revealed, current = await store.rotate_house_seed(table.id, *seed(n))
        assert [s.house_hash for s in revealed] == [seed(n - 1)[1]]
        assert await store.house_seed(table.id) == current
        assert (await store.house_seeds([table.id]))[table.id] == current


async def test_a_table_without_a_seed_rotates_to_its_first(store):
    table = await store.open_table(GUILD, CHANNEL, HOST)
    revealed, current = await store.rotate_house_seed(table.id, *seed(1))
    assert revealed == [] and await store.house_seed(table.id) == current


async def test_a_seed_deals_once_at_one_table(store):
    one = await store.open_table(GUILD, CHANNEL, HOST)
    two = await store.open_table(GUILD, CHANNEL + 1, HOST)
    await store.new_house_seed(one.id, *seed(1))
    with pytest.raises(Mismatch, match="used before"):
        await store.new_house_seed(two.id, *seed(1))
    await store.rotate_house_seed(one.id, *seed(2))
    with pytest.raises(Mismatch, match="used before"):  # revealed: never again
        await store.rotate_house_seed(one.id, *seed(1))
    assert (await store.house_seed(one.id)).house_hash == seed(2)[1]
    assert await store.house_seed(two.id) is None


async def test_no_rotation_while_a_hand_is_dealt_from_the_seed(store, clock):
    table = await seated_table(store)
    current = await store.new_house_seed(table.id, *seed(1))
    dealt = await store.start_hand(
        table.id, ann_deals(200), fair=fair_block(1, current.house_hash)
    )
    before = await snapshot(store), await house_rows(store)
    for refused in (
        store.rotate_house_seed(table.id, *seed(2)),
        store.reveal_house_seeds(table.id),
    ):
        with pytest.raises(HandRunning):
            await refused
    assert (await snapshot(store), await house_rows(store)) == before
    assert await store.house_seed(table.id) == current

    hand = dealt.running.hand
    await play_on(store, dealt.running.hand_id, hand, random.Random(3))
    clock.advance(1)
    revealed, new = await store.rotate_house_seed(table.id, *seed(2))
    assert [s.house_hash for s in revealed] == [current.house_hash]
    assert revealed[0].revealed_ms == NOW_MS + 1000
    assert await store.house_seed(table.id) == new


async def test_the_seeds_are_revealed_at_the_close(store, clock):
    table = await seated_table(store)
    await store.new_house_seed(table.id, *seed(1))
    await store.rotate_house_seed(table.id, *seed(2))
    await store.start_hand(table.id, ann_deals(200), fair=fair_block(1, seed(2)[1]))
    clock.advance(60)
    await store.close_table(table.id)  # voids the running hand
    revealed = await store.reveal_house_seeds(table.id)
    assert revealed == [HouseSeed(seed(2)[1], table.id, seed(2)[0], NOW_MS, NOW_MS + 60_000)]
    assert await store.house_seed(table.id) is None
    assert await store.reveal_house_seeds(table.id) == []  # nothing left to reveal
    assert await store.house_seeds([table.id]) == {}
    shown = await store.house_seed_by_hash(seed(1)[1])
    assert shown.revealed_ms == NOW_MS and shown.seed == seed(1)[0]
    with pytest.raises(TableClosed):
        await store.new_house_seed(table.id, *seed(3))
    with pytest.raises(TableClosed):
        await store.rotate_house_seed(table.id, *seed(3))


async def test_the_current_seeds_of_many_tables_in_one_read(store, monkeypatch):
    opened = [await store.open_table(GUILD, CHANNEL + n, HOST) for n in range(12)]
    expected = {}
    for n, table in enumerate(opened):
        if n % 4 == 0:
            continue  # no seed
        expected[table.id] = await store.new_house_seed(table.id, *seed(100 + n))
        if n % 4 == 2:
            _, expected[table.id] = await store.rotate_house_seed(table.id, *seed(200 + n))
        if n % 4 == 3:
            await store.close_table(table.id)
            await store.reveal_house_seeds(table.id)
            del expected[table.id]
    reads = []
    read = store.db.read

    def counted(work, *args):
        reads.append(work)
        return read(work, *args)

    monkeypatch.setattr(store.db, "read", counted)
    # Thousands of ids (past the 999 parameters an old SQLite takes), most of no table.
    ids = [t.id for t in opened] + list(range(10_000, 13_000))
    assert await store.house_seeds(ids) == expected
    assert len(reads) == 1
    assert await store.house_seeds([]) == {} and len(reads) == 1


async def test_the_seed_methods_check_their_arguments_first(store):
    table = await store.open_table(GUILD, CHANNEL, HOST)
    hex_seed, house_hash = seed(1)
    before = await house_rows(store)
    for bad_seed, bad_hash in (
        (hex_seed.upper(), house_hash),
        (hex_seed[:-2], house_hash),
        (bytes.fromhex(hex_seed), house_hash),
        (hex_seed, house_hash.upper()),
        (hex_seed, seed(2)[1]),  # not this seed's hash
        (hex_seed, hashlib.sha256(hex_seed.encode()).hexdigest()),  # of the hex, not the bytes
    ):
        for method in (store.new_house_seed, store.rotate_house_seed):
            with pytest.raises(BadSetting):
                await method(table.id, bad_seed, bad_hash)
    assert await house_rows(store) == before
    with pytest.raises(BadSetting, match="64 lowercase hex"):
        await store.house_seed_by_hash("not a hash")
    with pytest.raises(NoTable):
        await store.house_seed(table.id + 1000)
    with pytest.raises(NoTable):
        await store.new_house_seed(table.id + 1000, hex_seed, house_hash)
    with pytest.raises(NoTable):
        await store.reveal_house_seeds(table.id + 1000)
    with pytest.raises(NoTable):
        await store.next_hand_number(table.id + 1000)


async def test_the_database_itself_keeps_seeds_in_shape(store, db_path):
    table = await store.open_table(GUILD, CHANNEL, HOST)
    hex_seed, house_hash = seed(1)
    async with behind_the_store(db_path) as db:
        if not is_postgres_url(db_path):
            await db.execute("PRAGMA foreign_keys = ON")  # as the store's connections have
        for bad in (
            (house_hash, table.id, hex_seed.upper()),
            (house_hash, table.id, hex_seed + "0"),
            ("x" * 64, table.id, hex_seed),
            (house_hash, table.id + 1000, hex_seed),  # no such table
        ):
            with pytest.raises(sqlite3.IntegrityError):
                await db.execute(
                    "INSERT INTO house_seeds (house_hash, table_id, seed, created_ms)"
                    " VALUES (?, ?, ?, 0)",
                    bad,
                )
        for bad in ("", "x" * 65, "a b", "a.b", "ü", "a\n"):
            with pytest.raises(sqlite3.IntegrityError):
                await db.execute(
                    "INSERT INTO player_seeds (user_id, seed, set_ms) VALUES (1, ?, 0)", (bad,)
                )
        await db.execute(
            "INSERT INTO player_seeds (user_id, seed, set_ms) VALUES (1, ?, 0)", ("-_aZ09" * 10,)
        )


# -- players' seeds --------------------------------------------------------------


async def test_a_players_seed_is_theirs_at_every_table(store, clock):
    assert await store.player_seeds([ANN, BOB]) == {}
    await store.set_player_seed(ANN, "lucky-7")
    await store.set_player_seed(BOB, "B" * 64)
    clock.advance(1)
    await store.set_player_seed(ANN, "luckier_8")
    assert await store.player_seeds([ANN, BOB, CY]) == {ANN: "luckier_8", BOB: "B" * 64}
    assert await store.player_seeds([CY]) == {}
    assert await store.player_seeds([]) == {}
    rows = await store.db.read(
        lambda db: db.execute("SELECT user_id, set_ms FROM player_seeds ORDER BY 1").fetchall()
    )
    assert rows == [(ANN, NOW_MS + 1000), (BOB, NOW_MS)]


async def test_a_players_seed_is_1_to_64_letters_digits_dashes_or_underscores(store):
    await store.set_player_seed(ANN, "ok")
    for bad in ("", "x" * 65, "two words", "dot.", "ü", "tab\t", "line\n", None, 7, b"bytes"):
        with pytest.raises(BadSetting) as refused:
            await store.set_player_seed(ANN, bad)
        assert refused.value.message == BAD_PLAYER_SEED
    assert await store.player_seeds([ANN]) == {ANN: "ok"}


# -- a deal's fair block ---------------------------------------------------------


async def test_the_fair_block_stays_in_the_record_from_the_deal_to_the_settlement(store):
    table = await seated_table(store)
    current = await store.new_house_seed(table.id, *seed(1))
    assert await store.next_hand_number(table.id) == 1
    fair = fair_block(1, current.house_hash)
    dealt = await store.start_hand(table.id, ann_deals(200), fair=fair)
    running = dealt.running
    assert (running.number, running.fair) == (1, fair)
    stored = await store.hand(running.hand_id)
    assert stored.record == {**running.hand.record().to_json(), "fair": fair}
    assert list(stored.record)[-1] == "fair"  # after the game's fields
    assert await store.next_hand_number(table.id) == 2  # the running hand has 1

    hand, rng = running.hand, random.Random(4)
    checked = 0
    for _ in range(3):
        seq = hand.seq
        hand.apply(random_action(hand, rng))
        # The new stocks' statement is every game's; GFF's replay ignores a `reshuffles`.
        await store.record_action(
            running.hand_id, seq, hand.actions[-1], hand.settlement, turn_started_ms=NOW_MS,
            reshuffles=[["AS", "KS"]] * (seq + 1),
        )
        if hand.is_over:
            break
        assert (await store.hand(running.hand_id)).record["fair"] == fair
        assert (await store.running_hand(table.id)).fair == fair
        assert (await store.recover()).running[table.id].fair == fair
        checked += 1
    assert checked and (await store.hand(running.hand_id)).record["reshuffles"]
    await play_on(store, running.hand_id, hand, rng)
    stored = await store.hand(running.hand_id)
    assert stored.status == "settled" and stored.seq == len(hand.actions)
    assert stored.record["fair"] == fair
    assert stored.record["actions"] == [a.to_json() for a in hand.actions]

    second = fair_block(2, current.house_hash, "ann,bob")
    dealt = await store.start_hand(table.id, ann_deals_after(await store.table(table.id)),
                                   fair=second)
    assert (dealt.running.number, dealt.running.fair) == (2, second)


def ann_deals_after(table):
    """The next deal at `table`, its seats as they stand (any dealer will do)."""
    seats = [(s.seat_id, s.stack) for s in table.seats if s.stack >= 2 * table.stake]
    return GffHand.start(seats=seats, stake=table.stake, dealer=seats[0][0],
                         deck=list(range(52)), carry=table.carry)


async def test_a_deal_without_a_fair_block_has_none(store):
    table = await seated_table(store)
    dealt = await store.start_hand(table.id, ann_deals(200))
    assert dealt.running.fair is None
    assert "fair" not in (await store.hand(dealt.running.hand_id)).record
    assert (await store.running_hand(table.id)).fair is None


async def test_a_fair_block_whose_nonce_is_not_the_hand_number_is_refused(store):
    table = await seated_table(store)
    house_hash = (await store.new_house_seed(table.id, *seed(1))).house_hash
    before = await snapshot(store)
    for nonce in (0, 2, "1", True, None, 1.0):
        with pytest.raises(Mismatch, match="nonce"):
            await store.start_hand(table.id, ann_deals(200), fair=fair_block(nonce, house_hash))
    for bad in (
        ["not", "an", "object"],
        {**fair_block(1, house_hash), "house_seed": seed(1)[0]},  # not before it is revealed
        {**fair_block(1, house_hash), "when": object()},
    ):
        with pytest.raises(Mismatch):
            await store.start_hand(table.id, ann_deals(200), fair=bad)
    assert await snapshot(store) == before
    dealt = await store.start_hand(table.id, ann_deals(200), fair=fair_block(1, house_hash))
    assert dealt.running.number == 1


# -- migration 0007 ----------------------------------------------------------------


async def make_version_6(target) -> None:
    """A database as migrations 1 to 6 left it, with two servers' settings."""
    rows = [(GUILD, 10, 20, 1000, 200, 60, 1), (GUILD + 1, 5, 20, 500, 100, 30, 0)]
    insert = (
        "INSERT INTO guild_settings (guild_id, stake, buy_in_stakes, starting_chips,"
        " daily_chips, turn_seconds, pictures) VALUES"
    )
    if is_postgres_url(target):
        conn = await asyncpg.connect(target)
        try:
            await migrate_postgres(conn, bundled_migrations()[:6])
            await conn.executemany(f"{insert} ($1, $2, $3, $4, $5, $6, $7)", rows)
        finally:
            await conn.close()
        return
    db = sqlite3.connect(target, isolation_level=None)
    try:
        migrate(db, bundled()[:6])
        db.executemany(f"{insert} (?, ?, ?, ?, ?, ?, ?)", rows)
    finally:
        db.close()


@pytest.mark.empty_database
async def test_a_version_6_database_migrates_and_every_server_shows_no_pictures(db_path):
    await make_version_6(db_path)
    async with behind_the_store(db_path) as db:
        assert await db.execute("SELECT MAX(version) FROM schema_version") == [(6,)]
    async with await Store.open(db_path, defaults=DEFAULTS) as store:
        assert (await store.guild_settings(GUILD)).pictures == 0
        assert (await store.guild_settings(GUILD + 1)).pictures == 0
        # A server's choice from now on is kept.
        await store.update_guild_settings(GUILD, pictures=1)
        table = await store.open_table(GUILD, CHANNEL, HOST)
        await store.new_house_seed(table.id, *seed(1))
        await store.set_player_seed(ANN, "mine")
    async with behind_the_store(db_path) as db:
        assert await db.execute("SELECT version, name FROM schema_version WHERE version = 7") == [
            (7, "fair_seeds")
        ]
    async with await Store.open(db_path, defaults=DEFAULTS) as store:
        assert (await store.guild_settings(GUILD)).pictures == 1
        assert (await store.house_seed(table.id)).house_hash == seed(1)[1]
        assert await store.player_seeds([ANN]) == {ANN: "mine"}
