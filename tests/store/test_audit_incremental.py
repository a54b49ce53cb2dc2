"""/audit in one pass (bot/store/audit.py): a first audit gives the answer of the queries it
replaces, a later one reads only what is new, and whatever is changed behind the store's
back is still found: chips moved without a ledger row, a player's row of a hand long since
checked, a total.

The history is played through the store (tests/store/test_stats.py's: four games, a
computer at two of them, a banking game), on SQLite and on PostgreSQL; the audit's chunks
and lags are made small so that a few dozen hands take many chunks.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3

import pytest

from bot.store import audit, queries
from bot.store.errors import AuditRunning
from bot.store.stats import rebuild
from tests.store.helpers import GUILD, behind_the_store, deal, play_on, seated_table
from tests.store.test_stats import ANN, BOB, CAT, History, play

SMALL = {"LEDGER_CHUNK": 40, "HAND_CHUNK": 4, "LEDGER_LAG": 5, "HAND_LAG": 2}


@pytest.fixture(autouse=True)
def small_chunks(monkeypatch):
    for name, value in SMALL.items():
        monkeypatch.setattr(audit, name, value)


@pytest.fixture
def no_lag(monkeypatch):
    """Every hand and row into the checkpoint at once: what a later audit reads again is
    then only what is new (the lags are PostgreSQL's late commits' margin)."""
    monkeypatch.setattr(audit, "LEDGER_LAG", 0)
    monkeypatch.setattr(audit, "HAND_LAG", 0)


@pytest.fixture
async def history(store) -> History:
    played = History()
    await play(store, played, "gff", 901, (ANN, BOB, CAT), 8, seed=1)
    await play(store, played, "faro", 903, (ANN, BOB, 1001), 5, seed=3)
    await play(store, played, "tonk", 904, (ANN, CAT, 1001), 5, seed=4)
    await play(store, played, "gops", 902, (ANN, BOB), 4, seed=2)
    return played


class Derivations:
    """stats.derive as the audit calls it, counted."""

    def __init__(self, monkeypatch) -> None:
        self.hands: list[int] = []
        derive = audit.derive

        def counted(hand_id, *args):
            self.hands.append(hand_id)
            return derive(hand_id, *args)

        monkeypatch.setattr(audit, "derive", counted)


async def audited(store, seen: list | None = None) -> audit.Audit:
    async def progress(checked: int, total: int) -> None:
        seen.append((checked, total))

    return await store.audit(GUILD, progress if seen is not None else None)


async def old_answer(store) -> audit.Audit:
    """The answer of the queries the audit replaces: the whole ledger grouped at once, every
    hand derived again (queries.audit)."""
    return await store.db.read(queries.audit, GUILD)


async def mark(store) -> audit.Mark:
    return await store.db.read(audit.read_mark, GUILD)


async def waiting(store) -> list[tuple]:
    return await store.db.read(lambda db: db.execute(
        "SELECT hand_id, state, rows_off FROM audit_hands ORDER BY hand_id").fetchall())


async def hands_count(store) -> int:
    return await store.db.read(lambda db: db.execute("SELECT COUNT(*) FROM hands").fetchone()[0])


async def test_the_first_audit_answers_as_the_old_queries_did(store, history):
    table = await seated_table(store, users=(ANN, BOB), channel=905)
    running, _ = await deal(store, table.id)  # a hand being played: its pots are in play
    seen = []
    found = await audited(store, seen)
    assert found == await old_answer(store)
    assert found.balances and found.records_off == 0 and found.mismatches == ()
    assert {line.game for line in found.house} == {"", "faro"}
    assert found.in_play > 0 and found.stacks > 0
    # Told at once, then as it went, chunk after chunk, to the last hand.
    total = await hands_count(store)
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    assert [checked for checked, _ in seen] == sorted(checked for checked, _ in seen)
    assert len(seen) > total // audit.HAND_CHUNK
    assert {t for _, t in seen} == {total}
    checkpoint = await mark(store)
    assert 0 < checkpoint.hands_through < running  # the newest hands wait for the next
    assert checkpoint.ledger_through > 0


async def test_a_second_audit_with_nothing_new_reads_no_hand(store, history, no_lag,
                                                             monkeypatch):
    first = await audited(store)
    before = await mark(store)
    derived = Derivations(monkeypatch)
    seen = []
    assert await audited(store, seen) == first
    assert derived.hands == [] and seen == [(0, 0)]
    assert (await mark(store)).version == before.version  # nothing new: nothing saved


async def test_with_the_lags_only_the_newest_hands_are_read_again(store, history, monkeypatch):
    first = await audited(store)
    derived = Derivations(monkeypatch)
    assert await audited(store) == first
    assert 0 < len(derived.hands) <= audit.HAND_LAG  # the newest ids' hands alone


async def test_hands_added_after_an_audit_are_checked_by_the_next(store, history, no_lag,
                                                                  monkeypatch):
    first = await audited(store)
    before = await mark(store)
    derived = Derivations(monkeypatch)
    more = History()
    await play(store, more, "gff", 906, (BOB, CAT), 5, seed=7)
    found = await audited(store)
    assert found == await old_answer(store) and found.balances and found.records_off == 0
    new_hands = await store.db.read(lambda db: db.execute(
        "SELECT id FROM hands WHERE id > ? ORDER BY id", (before.hands_through,)).fetchall())
    settled = await store.db.read(lambda db: db.execute(
        "SELECT id FROM hands WHERE id > ? AND status = 'settled' ORDER BY id",
        (before.hands_through,)).fetchall())
    assert sorted(derived.hands) == [hand for (hand,) in settled]  # each new one, once
    after = await mark(store)
    assert after.hands_through > before.hands_through
    assert after.ledger_through > before.ledger_through
    assert after.hands_checked == before.hands_checked + len(new_hands)
    assert found.minted > first.minted or found.wallets != first.wallets


async def test_a_wallet_changed_without_a_ledger_row_is_named(store, history, db_path, no_lag):
    await audited(store)
    async with behind_the_store(db_path) as db:
        await db.execute("UPDATE wallets SET balance = balance + 7 WHERE guild_id = ?"
                         " AND user_id = ?", (GUILD, ANN))
    found = await audited(store)
    assert not found.balances and found.held == found.minted - found.burned + 7
    assert found.mismatches == (await old_answer(store)).mismatches
    assert [m[0] for m in found.mismatches] == [f"wallet:{ANN}"]
    # Chips moved between two wallets keep every sum; the checksums still see it.
    async with behind_the_store(db_path) as db:
        await db.execute("UPDATE wallets SET balance = balance - 7 WHERE guild_id = ?"
                         " AND user_id = ?", (GUILD, ANN))
        await db.execute("UPDATE wallets SET balance = balance + 3 WHERE guild_id = ?"
                         " AND user_id = ?", (GUILD, ANN))
        await db.execute("UPDATE wallets SET balance = balance - 3 WHERE guild_id = ?"
                         " AND user_id = ?", (GUILD, BOB))
    found = await audited(store)
    assert found.held == found.minted - found.burned and not found.balances
    assert [m[0] for m in found.mismatches] == [f"wallet:{ANN}", f"wallet:{BOB}"]
    async with behind_the_store(db_path) as db:
        await db.execute("UPDATE wallets SET balance = balance - 3 WHERE guild_id = ?"
                         " AND user_id = ?", (GUILD, ANN))
        await db.execute("UPDATE wallets SET balance = balance + 3 WHERE guild_id = ?"
                         " AND user_id = ?", (GUILD, BOB))
    assert (await audited(store)).balances


async def test_a_players_row_changed_behind_the_checkpoint_is_found(store, history, db_path,
                                                                     no_lag):
    await audited(store)
    checkpoint = await mark(store)
    (hand_id,) = await store.db.read(lambda db: db.execute(
        "SELECT MIN(hand_id) FROM hand_players").fetchone())
    assert hand_id <= checkpoint.hands_through  # long since checked
    async with behind_the_store(db_path) as db:
        await db.execute("UPDATE hand_players SET net = net + 5 WHERE hand_id = ?"
                         " AND user_id = ?", (hand_id, ANN))
    found = await audited(store)
    assert found.records_off == 2 and found.balances  # the row as stored, and as derived
    assert (await audited(store)).records_off == 2  # found again, until it is right
    async with behind_the_store(db_path) as db:
        await db.execute("UPDATE hand_players SET net = net - 5 WHERE hand_id = ?"
                         " AND user_id = ?", (hand_id, ANN))
    assert (await audited(store)).records_off == 0
    assert await waiting(store) == []
    # A row deleted, or one added, behind the checkpoint is found the same way.
    async with behind_the_store(db_path) as db:
        await db.execute("DELETE FROM hand_players WHERE hand_id = ? AND user_id = ?",
                         (hand_id, ANN))
    assert (await audited(store)).records_off == 1


@pytest.mark.parametrize("change", [
    "UPDATE game_totals SET net = net + 1 WHERE guild_id = ? AND user_id = ?",
    "UPDATE game_totals SET hands = hands + 1 WHERE guild_id = ? AND user_id = ?",
    "UPDATE player_figures SET value = value + 1 WHERE guild_id = ? AND user_id = ?",
])
async def test_a_total_changed_behind_the_checkpoint_is_found(store, history, db_path, no_lag,
                                                              change):
    await audited(store)
    async with behind_the_store(db_path) as db:
        await db.execute(change, (GUILD, BOB))
    found = await audited(store)
    assert found.records_off > 0 and found.balances
    async with behind_the_store(db_path) as db:
        await db.execute(change.replace("+ 1", "- 1"), (GUILD, BOB))
    assert (await audited(store)).records_off == 0


async def test_a_hand_running_at_an_audit_is_checked_once_it_settles(store, history, no_lag):
    table = await seated_table(store, users=(ANN, BOB), channel=905)
    rng = random.Random(5)
    running, hand = await deal(store, table.id, rng=rng)
    while hand.is_over:  # a deal that ended at once is no running hand
        running, hand = await deal(store, table.id, rng=rng)
    assert (await audited(store)).records_off == 0
    assert await waiting(store) == [(running, "running", 0)]
    before = await mark(store)
    await play_on(store, running, hand, rng)
    found = await audited(store)
    assert found == await old_answer(store) and found.records_off == 0
    assert await waiting(store) == []
    after = await mark(store)
    assert after.records.rows > before.records.rows  # its rows now in the sums
    assert after.hands_checked == before.hands_checked + 1


async def test_a_rebuild_of_the_records_forgets_the_checkpoint(store, history):
    await audited(store)
    assert (await mark(store)).version > 0
    await store.db.write(rebuild)
    assert await store.db.read(lambda db: db.execute(
        "SELECT COUNT(*) FROM audit_marks").fetchone()[0]) == 0
    assert await audited(store) == await old_answer(store)


async def test_a_second_audit_of_the_server_while_one_runs_is_refused(store, history):
    started, go_on = asyncio.Event(), asyncio.Event()

    async def slow(checked: int, total: int) -> None:
        started.set()
        await go_on.wait()

    first = asyncio.ensure_future(store.audit(GUILD, slow))
    await started.wait()
    with pytest.raises(AuditRunning, match="already running"):
        await store.audit(GUILD)
    go_on.set()
    assert (await first).balances
    assert (await store.audit(GUILD)).balances  # once done, it may run again


async def test_a_save_from_an_overtaken_checkpoint_writes_nothing(store, history):
    await audited(store)
    checkpoint = await mark(store)
    moved = await store.db.write(audit.save, checkpoint, 1)
    checkpoint.hands_through = 1
    with pytest.raises(AuditRunning):
        await store.db.write(audit.save, checkpoint, 2, [(1, "running", 0)])
    assert await mark(store) == moved
    assert await waiting(store) == []


@pytest.mark.sqlite_only(reason="the same on both databases: the process sees rows, not the"
                                " database")
async def test_big_chunks_are_derived_in_a_process_of_their_own(store, history, monkeypatch):
    here = await audited(store)
    await store.db.write(audit.forget, GUILD)
    monkeypatch.setattr(audit, "APART", 2)
    assert await audited(store) == here and here.records_off == 0 and here.balances


def test_the_checksums_of_sql_and_python_agree():
    """A wallet's weight is computed by SQL for every wallet and by Python for the ledger's
    rows: the same for every id a player can have."""
    db = sqlite3.connect(":memory:")
    rng = random.Random(3)
    for user in [1, 7, 999_999, 2**63 - 1] + [rng.randrange(2**63) for _ in range(200)]:
        sql = db.execute(f"SELECT {audit.USER_WEIGHT}, {audit.USER_WEIGHT2}"
                         " FROM (SELECT ? AS user_id)", (user,)).fetchone()
        assert sql == audit.account_weights(f"wallet:{user}")
    # A name that only looks like a wallet's is hashed as the account it is.
    assert audit.account_weights("wallet:007") != audit.account_weights("wallet:7")
