"""Players' records (/stats, /bankroll game:<game>) and the house's book (/audit).

A history of hands across four games is played through the store, a computer among
the players at two of them; the test keeps each deal's settlement and counts every
figure itself from those (the engine's own objects, not the stored rows), then asks
the store.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field

import pytest

from bot.store import BadSetting, Store
from bot.store.stats import rebuild
from engine import games
from engine.chips import HOUSE
from tests.store.helpers import DEFAULTS, GUILD, HOST, USERS, behind_the_store, snapshot

ANN, BOB, CAT = USERS[:3]
ROBOT = 1001  # a house seat: a computer player
PEOPLE = (ANN, BOB, CAT)


@dataclass
class Tally:
    """One player's figures, counted by the test from the settlements."""

    hands: int = 0
    won: int = 0
    net: int = 0
    biggest_pot: int = 0
    figures: dict[str, int] = field(default_factory=lambda: defaultdict(int))


@dataclass
class History:
    # (user, game, with computers) -> tally; games in the order hands were settled
    tallies: dict = field(default_factory=lambda: defaultdict(Tally))
    wins_in_order: dict = field(default_factory=lambda: defaultdict(list))  # (user, with) -> won?
    game_wins_in_order: dict = field(default_factory=lambda: defaultdict(list))
    minted: dict = field(default_factory=lambda: defaultdict(int))  # house line -> chips
    burned: dict = field(default_factory=lambda: defaultdict(int))


def figures_by_hand(game_id: str, settlement, seat: str) -> dict[str, int]:
    """The games' own figures, read off the settlement object as the rules name them."""
    if game_id == "gff":  # GFF-4 (the flip and the flop), GFF-6.3 (tunking out)
        return {
            "flips won": int(settlement.flip_winner == seat),
            "flops won": int(settlement.flop_winner == seat),
            "tunk outs": int(settlement.ended == "tunk_out" and seat in settlement.game_winners),
        }
    if game_id == "gops":
        return {"points": settlement.scores[seat]}
    if game_id == "faro":  # FARO-2.1: every chip a seat moves is the house's
        return {"net against the house": settlement.net[seat]}
    return {}


async def sit(store, table_id: int, user: int) -> None:
    if user == ROBOT:
        await store.buy_in(table_id, user, house=True)
    else:
        await store.open_wallet(GUILD, user)
        await store.grant(GUILD, user, 10_000, "a long evening")
        await store.buy_in(table_id, user)


async def play(store, history: History, game_id: str, channel: int, users, hands: int, seed):
    """`hands` deals of one game at one table, random legal moves through the store."""
    game = games.get(game_id)
    info = game.info
    rng = random.Random(seed)
    table = await store.open_table(GUILD, channel, HOST, game=game_id)
    for user in users:
        await sit(store, table.id, user)
    if ROBOT in users:
        history.minted[""] += table.buy_in
    for number in range(hands):
        table = await store.table(table.id)
        for user in set(users) - {s.user_id for s in table.seats}:  # eliminated: again
            await sit(store, table.id, user)
            if user == ROBOT:
                history.minted[""] += table.buy_in
        table = await store.table(table.id)
        seats = [(s.seat_id, s.stack) for s in table.seats]
        packs = [rng.sample(list(info.pack), len(info.pack)) for _ in range(info.deals_per_game)]
        deal = game.start(
            seats=seats,
            stake=table.stake,
            dealer=seats[number % len(seats)][0] if info.has_dealer else None,
            deck_or_decks=packs[0] if len(packs) == 1 else packs,
            carry=table.carry,
        )
        running = (await store.start_hand(table.id, deal)).running
        if number == 1:  # a void hand counts in nobody's record
            await store.void_hand(running.hand_id, "the test voids it")
            continue
        while not deal.is_over:
            seq = deal.seq
            action = game.simulation_action(deal, rng)
            deal.apply(action)
            await store.record_action(running.hand_id, seq, action, deal.settlement)
        count(history, game_id, deal)
        for seat in deal.settlement.eliminated:
            if seat == str(ROBOT):
                history.burned[""] += deal.settlement.stacks[seat]
    closing = await store.table(table.id)
    for seat in closing.seats:
        if seat.user_id == ROBOT:
            history.burned[""] += seat.stack
    await store.close_table(table.id)


def count(history: History, game_id: str, deal) -> None:
    settlement = deal.settlement
    dealt_in = deal.dealt_in()
    with_computers = str(ROBOT) in dealt_in
    for seat in dealt_in:
        if seat == str(ROBOT):
            continue
        user = int(seat)
        tally = history.tallies[user, game_id, with_computers]
        net = settlement.net[seat]
        won = seat in settlement.winners
        tally.hands += 1
        tally.won += won
        tally.net += net
        tally.biggest_pot = max(tally.biggest_pot, net)
        for name, value in figures_by_hand(game_id, settlement, seat).items():
            tally.figures[name] += value
        history.wins_in_order[user, with_computers].append(won)
        history.game_wins_in_order[user, game_id, with_computers].append(won)
    for transfer in settlement.transfers:  # a banking game's house (G2.7)
        if transfer.source == HOUSE:
            history.minted[game_id] += transfer.amount
        if transfer.target == HOUSE:
            history.burned[game_id] += transfer.amount


def longest_run(wins: list[bool]) -> int:
    best = run = 0
    for won in wins:
        run = run + 1 if won else 0
        best = max(best, run)
    return best


@pytest.fixture
async def history(store) -> History:
    played = History()
    await play(store, played, "gff", 901, (ANN, BOB, CAT), 10, seed=1)
    await play(store, played, "gops", 902, (ANN, BOB), 6, seed=2)
    await play(store, played, "faro", 903, (ANN, BOB, ROBOT), 6, seed=3)
    await play(store, played, "tonk", 904, (ANN, CAT, ROBOT), 6, seed=4)
    return played


def expected_totals(history: History, user: int, game: str | None, with_computers: bool):
    rows = [
        tally for (who, game_id, side), tally in history.tallies.items()
        if who == user and side == with_computers and game in (None, game_id)
    ]
    return (
        sum(t.hands for t in rows), sum(t.won for t in rows), sum(t.net for t in rows),
        max((t.biggest_pot for t in rows), default=0),
    )


async def test_every_figure_of_a_record_is_the_count_made_from_the_hands(store, history):
    for user, game in [(u, g) for u in PEOPLE for g in (None, "gff", "gops", "faro", "tonk")]:
        found = await store.player_stats(GUILD, user, game)
        for with_computers in (False, True):
            totals = found.totals(with_computers)
            assert (totals.hands, totals.won, totals.net, totals.biggest_pot) == (
                expected_totals(history, user, game, with_computers)
            ), (user, game, with_computers)
            wins = (
                history.wins_in_order[user, with_computers] if game is None
                else history.game_wins_in_order[user, game, with_computers]
            )
            assert totals.streak == longest_run(wins)
        for row in found.per_game:
            tally = history.tallies[user, row.game, row.with_computers]
            assert (row.hands, row.won, row.net, row.biggest_pot) == (
                tally.hands, tally.won, tally.net, tally.biggest_pot
            )
            assert row.figures == dict(tally.figures)
        shown = {(row.game, row.with_computers) for row in found.per_game}
        assert shown == {
            (game_id, side) for (who, game_id, side), tally in history.tallies.items()
            if who == user and tally.hands and game in (None, game_id)
        }


async def test_the_history_has_what_the_figures_need(history):
    """The counts above are not vacuous: wins, losses and the games' own figures occur."""
    gff = [history.tallies[user, "gff", False] for user in PEOPLE]
    assert sum(t.hands for t in gff) == 3 * 9  # 10 deals, one voided
    assert sum(t.won for t in gff) > 0
    assert sum(t.figures["flips won"] + t.figures["flops won"] for t in gff) > 0
    assert any(t.net < 0 for t in gff) and any(t.net > 0 for t in gff)
    assert history.tallies[ANN, "gops", False].figures["points"] > 0
    assert history.tallies[ANN, "faro", True].hands == 5
    assert history.tallies[ANN, "tonk", True].hands > 0
    assert history.minted["faro"] + history.burned["faro"] > 0


async def test_the_favourite_game_is_the_one_of_the_most_hands(store, history):
    for user in PEOPLE:
        hands: dict[str, int] = defaultdict(int)
        for (who, game_id, _), tally in history.tallies.items():
            if who == user:
                hands[game_id] += tally.hands
        most = max(hands.values())
        found = await store.player_stats(GUILD, user)
        assert found.favourite_game == min(g for g, n in hands.items() if n == most)


async def test_a_computer_has_no_record_and_a_stranger_an_empty_one(store, history):
    assert (await store.player_stats(GUILD, ROBOT)).per_game == ()
    stranger = await store.player_stats(GUILD, USERS[5])
    assert stranger.per_game == () and stranger.favourite_game is None
    assert stranger.totals(False).hands == 0


async def test_standings_at_a_game_rank_by_net_chips_won_there(store, history):
    for game in ("gff", "gops", "faro", "tonk"):
        nets = {
            user: sum(
                t.net for (who, g, _), t in history.tallies.items() if who == user and g == game
            )
            for user in PEOPLE
            if any(who == user and g == game for (who, g, _) in history.tallies)
        }
        order = sorted(nets, key=lambda user: (-nets[user], user))
        found = await store.game_standings(GUILD, game, 10)
        assert [(s.user_id, s.net) for s in found] == [(user, nets[user]) for user in order]
        for standing in found:
            assert standing.rank == 1 + sum(net > standing.net for net in nets.values())
            assert standing.hands == sum(
                t.hands for (who, g, _), t in history.tallies.items()
                if who == standing.user_id and g == game
            )
    everyone = await store.game_standings(GUILD, "gff", 10)
    assert await store.game_standings(GUILD, "gff", 1) == everyone[:1]
    later = await store.game_standings(GUILD, "gff", 10, people_from=BOB)  # ids below: house
    assert [s.user_id for s in later] == [s.user_id for s in everyone if s.user_id >= BOB]


async def test_the_house_book_is_what_the_computers_and_the_bank_moved(store, history):
    audit = await store.audit(GUILD)
    assert audit.balances and audit.records_off == 0
    book = {line.game: (line.minted, line.burned, line.net) for line in audit.house}
    assert book == {
        line: (history.minted[line], history.burned[line],
               history.burned[line] - history.minted[line])
        for line in ("", "faro")
    }
    assert audit.minted >= sum(minted for minted, _, _ in book.values())


async def test_the_records_are_rebuilt_from_the_hands_alone(store, history):
    before = {user: await store.player_stats(GUILD, user) for user in PEOPLE}
    standings = await store.game_standings(GUILD, "gff")
    await store.db.write(lambda db: db.execute("DELETE FROM hand_players"))
    await store.db.write(lambda db: db.execute("UPDATE game_totals SET net = net + 1"))
    await store.db.write(lambda db: db.execute("UPDATE player_figures SET value = value + 1"))
    assert (await store.audit(GUILD)).records_off > 0
    await store.db.write(rebuild)
    assert {user: await store.player_stats(GUILD, user) for user in PEOPLE} == before
    assert await store.game_standings(GUILD, "gff") == standings
    assert (await store.audit(GUILD)).records_off == 0


async def test_a_changed_record_row_is_found_by_the_audit(store, history, db_path):
    async with behind_the_store(db_path) as db:
        await db.execute(
            "UPDATE hand_players SET net = net + 5 WHERE (user_id, hand_id) ="
            " (SELECT user_id, hand_id FROM hand_players LIMIT 1)"
        )
    audit = await store.audit(GUILD)
    assert audit.records_off > 0 and audit.balances  # the chips are not the record


async def test_an_unknown_game_is_refused_and_changes_nothing(store, history):
    before = await snapshot(store)
    with pytest.raises(BadSetting, match="game must be one of"):
        await store.player_stats(GUILD, ANN, "poker")
    with pytest.raises(BadSetting, match="game must be one of"):
        await store.game_standings(GUILD, "poker")
    assert await snapshot(store) == before


async def test_a_figure_total_changed_alone_is_found_by_the_audit(store, history, db_path):
    async with behind_the_store(db_path) as db:
        await db.execute("UPDATE player_figures SET value = value + 1 WHERE name = 'points'")
    assert (await store.audit(GUILD)).records_off > 0


async def test_a_database_from_before_the_records_has_them_built_at_start_up(
    store, history, db_path, clock
):
    before = await store.player_stats(GUILD, ANN)
    await store.close()
    async with behind_the_store(db_path) as db:  # as migration 0005 leaves an older database
        for table in ("hand_players", "game_totals", "player_figures"):
            await db.execute(f"DELETE FROM {table}")
        await db.execute("UPDATE records_built SET built = 0")
    async with await Store.open(db_path, defaults=DEFAULTS, clock=clock) as reopened:
        assert await reopened.player_stats(GUILD, ANN) == before
        assert (await reopened.audit(GUILD)).records_off == 0
