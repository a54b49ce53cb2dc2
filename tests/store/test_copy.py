"""`python -m bot.store.copy`: a bot's whole history moved to PostgreSQL (and back),
proved by conservation, by every balance and by every seed, with play going on from
where it was."""

from __future__ import annotations

import random

import pytest

from bot.store import Store
from bot.store.copy import CopyError, copy, main, prove
from tests.store.helpers import (
    CHANNEL,
    DEFAULTS,
    GUILD,
    OTHER_GUILD,
    USERS,
    assert_chips_add_up,
    behind_the_store,
    deal,
    flop_hand,
    play_hand,
    seated_table,
)
from tests.store.test_fair import seed
from tests.store.test_stats import ROBOT, History, play

ANN, BOB, CAT = USERS[:3]


async def make_history(path) -> None:
    """Several games settled and voided, house seats, a carried pot, a hand still running,
    and a second server."""
    async with await Store.open(path, defaults=DEFAULTS) as store:
        played = History()
        await play(store, played, "gff", 901, (ANN, BOB, CAT), 6, seed=1)
        await play(store, played, "faro", 903, (ANN, BOB, ROBOT), 4, seed=3)
        carried = await seated_table(store, users=(ANN, BOB), channel=CHANNEL)
        await flop_hand(store, carried.id, dealer=ANN, left=BOB, left_cards="AH 2D 3D 4H 5H")
        assert any((await store.table(carried.id)).carry.values())  # GFF-4.5
        await store.buy_in(carried.id, ROBOT, house=True)
        running = await seated_table(store, users=(CAT, USERS[3]), channel=CHANNEL + 1)
        # Fair decks: a seed revealed by a rotation, the current one, one revealed at a
        # close; two players' own seeds.
        await store.new_house_seed(running.id, *seed(1))
        await store.rotate_house_seed(running.id, *seed(2))
        await store.new_house_seed(carried.id, *seed(3))
        await store.set_player_seed(ANN, "ann-s-seed")
        await store.set_player_seed(CAT, "C" * 64)
        await deal(store, running.id)
        closing = await store.open_table(GUILD, CHANNEL + 2, ANN)
        await store.new_house_seed(closing.id, *seed(4))
        await store.close_table(closing.id)
        await store.reveal_house_seeds(closing.id)
        await seated_table(store, users=(ANN,), channel=77, guild=OTHER_GUILD)
        await store.grant(OTHER_GUILD, ANN, 500, "a prize", ref="prize")
        await store.update_guild_settings(GUILD, stake=5)


async def everything(store) -> dict:
    """What players and the service read back: equal on both sides after the copy."""
    recovery = await store.recover()
    guilds = [g.guild_id for g in await store.conservation()]
    return {
        "tables": recovery.tables,
        "running": {t: (r.hand_id, r.number, r.hand.seq) for t, r in recovery.running.items()},
        "hands": [await store.recent_hands(t.id, 100) for t in recovery.tables],
        "standings": [await store.standings(g, 100) for g in guilds],
        "stats": [await store.player_stats(GUILD, user) for user in (ANN, BOB, CAT)],
        "settings": await store.guild_settings(GUILD),
        "audits": [await store.audit(g) for g in guilds],
        "house seeds": await store.house_seeds([t.id for t in recovery.tables]),
        "revealed": [await store.house_seed_by_hash(seed(n)[1]) for n in (1, 4)],
        "players' seeds": await store.player_seeds([ANN, BOB, CAT]),
    }


@pytest.fixture
async def sqlite_history(tmp_path):
    path = tmp_path / "old.sqlite3"
    await make_history(path)
    return path


@pytest.fixture
async def empty_postgres(postgres_server):
    yield await postgres_server.new_database("copy_target")
    await postgres_server.drop_database("copy_target")


async def test_a_history_moves_to_postgresql_whole_and_plays_on(sqlite_history, empty_postgres):
    report = await copy(sqlite_history, empty_postgres)
    assert report.problems == ()
    copied = ("accounts", "ledger_rows", "hands", "running_hands", "seats", "carried_posts")
    assert all(report.rows[t] for t in copied)
    assert report.rows["hand_players"] and report.guilds == 2
    assert (report.rows["house_seeds"], report.rows["player_seeds"]) == (4, 2)
    assert report.lines()[-1].startswith("Conservation holds on both sides")
    async with await Store.open(sqlite_history, defaults=DEFAULTS) as before:
        expected = await everything(before)
    async with await Store.open(empty_postgres, defaults=DEFAULTS) as after:
        assert await everything(after) == expected
        # Play goes on: new rows get ids past the copied ones.
        table = await seated_table(after, users=(ANN, BOB), channel=555)
        assert table.id > max(t.id for t in expected["tables"])
        await play_hand(after, table.id, random.Random(5))
        await assert_chips_add_up(after)


async def test_a_copy_back_to_sqlite_is_proved_the_same_way(
    sqlite_history, empty_postgres, tmp_path
):
    await copy(sqlite_history, empty_postgres)
    report = await copy(empty_postgres, tmp_path / "back.sqlite3")
    assert report.problems == ()


async def test_seeds_that_differ_after_the_copy_are_said(sqlite_history, empty_postgres):
    report = await copy(sqlite_history, empty_postgres)
    async with behind_the_store(empty_postgres) as db:
        await db.execute("UPDATE player_seeds SET seed = 'other' WHERE user_id = ?", (ANN,))
        await db.execute("UPDATE house_seeds SET revealed_ms = NULL WHERE house_hash = ?",
                         (seed(1)[1],))
    async with await Store.open(sqlite_history, defaults=DEFAULTS) as source:
        async with await Store.open(empty_postgres, defaults=DEFAULTS) as target:
            proved = await prove(source, target, report.rows)
    assert proved.problems == ("the house seeds differ", "the players' seeds differ")


def test_the_command_line_copies_and_says_it_proved_it(
    sqlite_history, empty_postgres, capsys
):
    assert main([f"sqlite:///{sqlite_history}", empty_postgres]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("Copying sqlite:///") and "postgresql://postgres@" in said[0]
    assert said[-1] == "Conservation holds on both sides, and every balance is the same."


async def test_a_target_in_use_is_refused_and_left_as_it_was(sqlite_history, empty_postgres):
    await copy(sqlite_history, empty_postgres)
    async with await Store.open(empty_postgres, defaults=DEFAULTS) as store:
        before = await store.conservation()
    with pytest.raises(CopyError, match="the target is not empty"):
        await copy(sqlite_history, empty_postgres)
    async with await Store.open(empty_postgres, defaults=DEFAULTS) as store:
        assert await store.conservation() == before


def test_the_command_line_refuses_what_it_cannot_copy(tmp_path, capsys):
    assert main(["only-one"]) == 2
    assert "usage: python -m bot.store.copy SOURCE TARGET" in capsys.readouterr().err
    assert main(["mysql://x/y", "postgresql://h/db"]) == 2
    assert "neither sqlite:///path/to/file.sqlite3 nor a postgresql:// URL" in (
        capsys.readouterr().err
    )
    missing = tmp_path / "missing.sqlite3"
    assert main([f"sqlite:///{missing}", "postgresql://h/db"]) == 2
    assert capsys.readouterr().err.startswith(f"Not copied: there is no SQLite file at {missing}")
    assert not missing.exists()
