"""Farmer and Faro at a table through the protocol and the store: the first farmer found by
the 6 of hearts (FARMER-2.4), the farm winner farming next, across a restart too (5.6), the
farm shared by those seated when the table closes (2.5); Faro's house minted and burned in
the ledger (G2.7), and a player who leaves mid-deal making the record's `leave` (FARO-2.4)."""

from __future__ import annotations

import json

import pytest

from bot.store import GuildSettings, Store
from bot.tables import ManualScheduler, SilentListener, TableService
from engine import cards as C
from engine.farmer.actions import HIT, STAY, FarmerAction
from engine.farmer.info import PACK as FARMER_PACK
from engine.faro.actions import CARD, Bet, Position, Ready
from engine.faro.deal import faro_rank
from engine.replay import replay

GUILD, CHANNEL = 7200, 7201
ANN, BOB, CY = 10**9 + 21, 10**9 + 22, 10**9 + 23
TURN, STAKE, BUY_IN = 60, 10, 200


def pack_with(top: str, full: tuple) -> list:
    """The pack `full` with the cards `top` first, in that order, the rest as they come."""
    first = [C.parse(code) for code in top.split()]
    return first + [card for card in full if card not in first]


class Decks:
    """The decks a test deals, and the packs of the dealer draw, in order."""

    def __init__(self) -> None:
        self.deals: list[list] = []
        self.draws: list[list] = []

    def hook(self, service: TableService) -> None:
        service.deck_source = lambda table: self.deals.pop(0)
        service.draw_source = lambda table: self.draws.pop(0)
        service.first_dealer = lambda seats: seats[0]  # the draw starts at the first seat


async def open_service(path, decks: Decks) -> TableService:
    store = await Store.open(path, defaults=GuildSettings(stake=STAKE, turn_seconds=TURN))
    service = TableService(store, ManualScheduler(), SilentListener(), next_hand_seconds=5)
    decks.hook(service)
    return service


@pytest.fixture
async def decks_and_service(tmp_path):
    decks = Decks()
    service = await open_service(tmp_path / "chips.sqlite3", decks)
    try:
        yield decks, service
    finally:
        await service.store.close()


async def seat(service: TableService, game: str, *users: int):
    for user in users:
        await service.join(GUILD, CHANNEL, user, game=game)
    return service.in_channel(CHANNEL)


async def play(service: TableService, table, *moves: tuple[int, str]) -> None:
    for user, do in moves:
        seat_id = str(user)
        await service.act(table.id, user, FarmerAction(seat_id, do), table.hand.seat_seq(seat_id))


async def house_rows(store: Store) -> list[tuple[str, str, int, str]]:
    return await store.db.read(lambda db: db.execute(
        "SELECT source, target, amount, reason FROM ledger WHERE reason LIKE 'house: faro%'"
        " ORDER BY id").fetchall())


async def test_farmer_2_4_the_first_farmer_is_found_by_dealing_for_the_six_of_hearts(
    decks_and_service,
):
    decks, service = decks_and_service
    table = await seat(service, "farmer", ANN, BOB, CY)
    # Dealt face up from ann: ann K, bob 2, cy 6 of hearts: cy is the first farmer.
    decks.draws.append(pack_with("KS 2D 6H", FARMER_PACK))
    decks.deals.append(pack_with("TS 9S 5S 6H", FARMER_PACK))
    await service.start(CHANNEL, ANN)
    assert table.hand.farmer == str(CY)
    draw = table.dealer_draw
    assert draw.dealer == str(CY) and draw.seats[draw.start] == str(ANN)
    assert list(draw.pack[:3]) == [C.parse(c) for c in ("KS", "2D", "6H")]


async def test_farmer_5_6_the_farm_winner_farms_next_and_a_restart_keeps_it(tmp_path):
    decks = Decks()
    path = tmp_path / "chips.sqlite3"
    service = await open_service(path, decks)
    table = await seat(service, "farmer", ANN, BOB)
    decks.draws.append(pack_with("KS 6H", FARMER_PACK))  # bob is the first farmer
    # ann (left of the farmer) T then the 6H: sixteen; bob 5 then 9: fourteen.
    decks.deals.append(pack_with("TS 5S 6H 9H", FARMER_PACK))
    await service.start(CHANNEL, ANN)
    assert table.hand.farmer == str(BOB)
    await play(service, table, (ANN, HIT), (ANN, STAY), (BOB, HIT), (BOB, STAY))
    number, settlement = table.last_result
    assert settlement.ended == "sixteen" and settlement.next_farmer == str(ANN)
    assert (await service.store.table(table.id)).next_dealer == ANN
    service.scheduler.cancel_all()
    await service.store.close()

    # A new run over the same database: the next deal's farmer is still ann, not bob.
    service = await open_service(path, decks)
    try:
        await service.restore(await service.store.recover())
        table = service.in_channel(CHANNEL)
        decks.deals.append(pack_with("TS 5S 6H 9H", FARMER_PACK))
        await service.deal(table)
        assert table.hand.farmer == str(ANN)
        assert table.dealer_draw is None  # no draw after the first deal
    finally:
        await service.store.close()


async def test_farmer_2_5_a_table_that_closes_with_a_farm_shares_it_among_those_seated(
    decks_and_service,
):
    decks, service = decks_and_service
    table = await seat(service, "farmer", ANN, BOB, CY)
    decks.draws.append(pack_with("KS 2D 6H", FARMER_PACK))  # cy farms
    # ann 9+4 = 13, bob 7+5 = 12, cy 2+3 = 5: closest 13, no sixteen, the farm carries.
    decks.deals.append(pack_with("9S 7S 2S 4D 5D 3D", FARMER_PACK))
    await service.start(CHANNEL, ANN)
    await play(service, table, (ANN, HIT), (ANN, STAY), (BOB, HIT), (BOB, STAY),
               (CY, HIT), (CY, STAY))
    _, settlement = table.last_result
    assert settlement.ended == "closest" and settlement.carry == {"farm": 30}
    stacks = dict(settlement.stacks)
    assert stacks == {str(ANN): 210, str(BOB): 180, str(CY): 180}  # 5.2: bob and cy pay ann
    await service.end(CHANNEL, ANN, can_manage=False)
    wallets = {user: (await service.store.wallet(GUILD, user)).balance for user in (ANN, BOB, CY)}
    # The farm's 30 shared by the three seated: 10 each.
    start = 1000 - BUY_IN
    assert wallets == {ANN: start + 210 + 10, BOB: start + 180 + 10, CY: start + 180 + 10}
    assert all(g.holds for g in await service.store.conservation(GUILD))


async def faro_table(decks: Decks, service: TableService, *users: int):
    table = await seat(service, "faro", *users)
    # Soda 2, then turn 1: K loses, Q wins; the rest as the pack comes.
    decks.deals.append(pack_with("2S KS QS", C.DECK))
    await service.start(CHANNEL, users[0])
    return table


async def bet(service: TableService, table, user: int, rank: str, amount: int, copper=False):
    seat_id = str(user)
    position = Position(CARD, (faro_rank(C.parse(rank + "S")),), copper)
    await service.act(table.id, user, Bet(seat_id, position, amount), table.hand.seat_seq(seat_id))


async def ready(service: TableService, table, user: int) -> None:
    seat_id = str(user)
    await service.act(table.id, user, Ready(seat_id), table.hand.seat_seq(seat_id))


async def test_faro_the_house_pays_by_minting_and_wins_by_burning(decks_and_service):
    decks, service = decks_and_service
    table = await faro_table(decks, service, ANN, BOB)
    assert set(table.hand.to_act()) == {str(ANN), str(BOB)}  # betting: everyone at once
    await bet(service, table, ANN, "Q", 20)  # wins: the house pays 20
    await bet(service, table, BOB, "K", 30)  # loses: the house wins 30
    await ready(service, table, ANN)
    await ready(service, table, BOB)
    assert table.hand.turns == 1
    while table.last_result is None:  # every later round is said ready by the clock
        await service.scheduler.advance(TURN)
    number, settlement = table.last_result
    assert settlement.house == 10
    rows = await house_rows(service.store)
    assert rows == [("mint", f"seat:{table.id}:{ANN}", 20, "house: faro pays (won)"),
                    (f"pot:{table.id}:layout", "burn", 30, "house: faro wins (lost)")]
    stored = await service.store.hand_by_number(table.id, number)
    assert replay(json.loads(json.dumps(stored.record))) == stored.result
    chips = await service.store.conservation(GUILD)
    assert all(g.holds for g in chips)
    assert settlement.stacks == {str(ANN): 220, str(BOB): 170}
    # Both timed out twice (the clock said ready), so both were cashed out as away.
    wallets = [(await service.store.wallet(GUILD, user)).balance for user in (ANN, BOB)]
    assert wallets == [1000 - BUY_IN + 220, 1000 - BUY_IN + 170]


async def test_faro_2_4_leaving_mid_deal_is_the_records_leave_and_the_bets_come_back(
    decks_and_service,
):
    decks, service = decks_and_service
    table = await faro_table(decks, service, ANN, BOB)
    await bet(service, table, BOB, "7", 20)
    note = await service.leave(CHANNEL, BOB)
    assert "bets came back" in note
    hand = table.hand
    assert hand.record().actions[-1].to_json() == {"seat": str(BOB), "do": "leave"}
    assert str(BOB) in hand.left and not [b for b in hand.bets if b[0] == str(BOB)]
    await ready(service, table, ANN)  # the turn is dealt without waiting for bob
    assert hand.turns == 1
    while table.last_result is None:
        await service.scheduler.advance(TURN)
    _, settlement = table.last_result
    assert settlement.left == (str(BOB),) and settlement.stacks[str(BOB)] == BUY_IN
    info = await service.store.table(table.id)
    assert BOB not in {s.user_id for s in info.seats}  # cashed out when the deal ended
    assert (await service.store.wallet(GUILD, BOB)).balance == 1000
    assert all(g.holds for g in await service.store.conservation(GUILD))


async def test_faro_a_player_alone_plays_against_the_house(decks_and_service):
    decks, service = decks_and_service
    table = await faro_table(decks, service, ANN)
    assert table.hand.to_act() == (str(ANN),)
    await bet(service, table, ANN, "K", 10, copper=True)  # K loses: a copper wins
    await ready(service, table, ANN)
    assert table.hand.private_view(str(ANN)).stack == 210
