"""Fair decks at a table (docs/fairness.md): the house seed committed by its hash before
the first deal, every deck made from it, the seats' seeds and the deal's number, the
seed revealed by a rotation between deals or at the close, and a record that then
proves its deck, through `/<game> history verify:True` and the offline verifier."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from bot.tables.dealing import shuffled_deck
from bot.tables.fair_decks import restock_order
from engine import cards as C
from engine import fairness, games
from engine.actions import Discard
from engine.gff.autoplay import stand_in_action
from engine.record import HandRecord
from tests.discord.table_driver import TableDriver
from tests.harness import Harness


@pytest.fixture(autouse=True)
def seeds_from_a_fixed_source(monkeypatch):
    """The house's and the seats' seeds, random at a table, drawn here from a seeded
    generator: the same decks on every run (a deal that ends as dealt, GFF-3.3, would
    leave a test that expects a running hand none)."""
    source = random.Random(20261126)
    monkeypatch.setattr(fairness, "new_house_seed", lambda: source.randbytes(32))
    monkeypatch.setattr(fairness, "random_seed", lambda: source.randbytes(16).hex())


async def fair_table(h: Harness, names=("ann", "bob")) -> TableDriver:
    """Players seated at a table that deals from the seeds, as the live bot does (the
    driver's fixed decks are put back to the live source)."""
    d = TableDriver(h, names=names)
    h.bot.tables.deck_source = shuffled_deck
    await d.seat_everyone()
    return d


def footer(message) -> str:
    return message.embed.get("footer", {}).get("text", "")


def public_text(h: Harness) -> str:
    return "\n".join(m.text() for m in h.public_messages())


async def stored_seed(h: Harness, table_id: int):
    return await h.bot.store.house_seed(table_id)


async def test_the_hash_is_shown_before_the_first_deal_and_the_deck_comes_from_the_seeds(
        harness):
    h = harness
    d = await fair_table(h)
    table = d.table
    house = await stored_seed(h, table.id)
    assert house.house_hash == hashlib.sha256(bytes.fromhex(house.seed)).hexdigest()
    assert house.house_hash in footer(d.table_message())  # the lobby, before any deal
    await h.slash(d.host, "gff start")
    fair = d.table.running.fair
    assert fair["house_hash"] == house.house_hash and fair["nonce"] == 1
    assert f"house seed hash {house.house_hash} · deal 1" in footer(d.table_message())
    seeds = [await h.bot.tables.seed_of(int(s.id)) for s in d.hand.record().seats]
    assert fair["client_seed"] == ",".join(seeds)
    decks, _ = fairness.deal_cards(bytes.fromhex(house.seed), fair["client_seed"], 1,
                                   [list(d.table.game.pack({}))])
    assert list(d.hand.record().deck) == decks[0]
    assert house.seed not in public_text(h)  # the seed itself: secret until revealed
    d.assert_no_hidden_card_in_public()


async def test_fair_shows_the_hash_and_your_seed_and_sets_your_own(harness):
    h = harness
    d = await fair_table(h)
    ann = d.user("ann")
    await h.slash(ann, "fair")
    said = h.last_response(ann).text()
    house = await stored_seed(h, d.table.id)
    assert house.house_hash in said and house.seed not in said
    assert f"Your seed: `{await h.bot.tables.seed_of(ann.id)}`" in said
    await h.slash(ann, "fair", seed="lucky-7")
    assert "Your seed is now `lucky-7`" in h.last_response(ann).text()
    await h.slash(d.host, "gff start")
    assert d.table.running.fair["client_seed"].split(",").count("lucky-7") == 1
    await h.slash(ann, "fair", seed="no spaces!")
    assert "1 to 64 letters, digits, - or _" in h.last_response(ann).text()
    assert await h.bot.tables.seed_of(ann.id) == "lucky-7"  # a refusal changes nothing


async def test_a_rotation_waits_for_the_deal_then_reveals_the_seed_that_proves_it(harness):
    h = harness
    d = await fair_table(h)
    bob = d.user("bob")
    await h.slash(d.host, "gff start")
    first = await stored_seed(h, d.table.id)
    await h.slash(bob, "fair", rotate=True)
    assert "between deals" in h.last_response(bob).text()
    assert first.seed not in public_text(h)
    await h.slash(bob, "gff history", hand=1, verify=True)  # not over: no record yet
    await play_to_the_end(d)
    await h.slash(bob, "gff history", hand=1, verify=True)
    assert "not revealed yet" in h.last_response(bob).text()
    h.bot.tables.scheduler.cancel(f"deal:{d.table.id}")  # between deals
    await h.slash(bob, "fair", rotate=True)
    assert first.seed in public_text(h)  # said in the channel
    now = await stored_seed(h, d.table.id)
    assert now.house_hash != first.house_hash and now.house_hash in public_text(h)
    await h.slash(bob, "gff history", hand=1, verify=True)
    answer = h.last_response(bob)
    assert "**verified**" in answer.text()
    (attachment,) = answer.attachments.values()
    record = json.loads(attachment.data)
    assert record["fair"]["house_seed"] == first.seed
    assert fairness.verify_fair(record).ok
    swapped = json.loads(attachment.data)
    swapped["deck"][0], swapped["deck"][1] = swapped["deck"][1], swapped["deck"][0]
    assert not fairness.verify_fair(swapped).ok


async def test_the_close_reveals_every_seed_of_the_table(harness):
    h = harness
    d = await fair_table(h)
    await h.slash(d.host, "gff start")
    house = await stored_seed(h, d.table.id)
    await play_to_the_end(d)
    await h.slash(d.host, "gff end")
    assert house.seed in public_text(h)
    await h.slash(d.host, "gff history", hand=1, verify=True)
    assert "**verified**" in h.last_response(d.host).text()


async def test_a_computer_seats_seed_is_fixed_by_the_hash(harness):
    h = harness
    d = await fair_table(h, names=("ann",))
    await h.slash(d.host, "gff addbot", level="easy")
    await h.slash(d.host, "gff start")
    fair = d.table.running.fair
    seats = [s.id for s in d.hand.record().seats]
    computer = next(s for s in seats if s != d.seat("ann"))
    assert fairness.computer_seed(computer, fair["house_hash"]) in fair["client_seed"]


async def test_after_a_restart_the_table_knows_its_seed_and_its_deal_block(harness):
    h = harness
    d = await fair_table(h)
    await h.slash(d.host, "gff start")
    fair, house = d.table.running.fair, await stored_seed(h, d.table.id)
    await h.restart()
    assert d.table.house == house and d.table.running.fair == fair


def test_a_rebuilt_stock_comes_from_the_deals_own_stream():
    seed, client = bytes(range(32)), "a,b"
    (deck,), stream = fairness.deal_cards(seed, client, 3, [list(range(52))])
    fair = fairness.fair_block(fairness.house_hash(seed), client, 3)
    record = HandRecord("pageone", 10, (), None, tuple(deck), {})
    first = restock_order(seed, fair, record, deck[10:20])
    assert first == stream.shuffle(deck[10:20])  # the stream goes on past the deck
    second = restock_order(seed, fair, replace(record, reshuffles=(tuple(first),)), deck[:5])
    assert second == stream.shuffle(deck[:5])  # and past every stock rebuilt before


async def play_to_the_end(d: TableDriver) -> None:
    """Both players play the stand-in's moves from their views until the hand is over."""
    for _ in range(400):
        hand = d.table.hand
        if hand.is_over:
            return
        seat = hand.current
        move = stand_in_action(hand.private_view(seat))
        name = next(u.name for u in d.users if str(u.id) == seat)
        if isinstance(move, Discard):
            await d.act(name, "throw", C.code(move.card))
        else:
            await d.act(name, "stock")
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("game", sorted(games.GAMES))
async def test_every_game_deals_from_the_seeds_at_a_table(harness, game):
    h = harness
    d = TableDriver(h, names=("ann", "bob"), game=game)
    h.bot.tables.deck_source = shuffled_deck
    await d.seat_everyone()
    await h.slash(d.host, f"{game} start")
    running = d.table.running
    house = await stored_seed(h, d.table.id)
    record = {**running.hand.record().to_json(),
              "fair": {**running.fair, "house_seed": house.seed}}
    verdict = fairness.verify_fair(record)
    assert verdict.ok, verdict.reason
    assert "salt" not in record  # the seeds prove the deck; no second commitment


async def test_the_history_record_and_the_seed_are_all_the_docs_verifier_needs(
        harness, tmp_path):
    h = harness
    d = await fair_table(h)
    await h.slash(d.host, "gff start")
    await play_to_the_end(d)
    house = await stored_seed(h, d.table.id)
    await h.slash(d.host, "gff end")  # the seed is revealed
    await h.slash(d.host, "gff history", hand=1)
    (attachment,) = h.last_response(d.host).attachments.values()
    path = tmp_path / "hand-1.json"
    path.write_bytes(attachment.data)
    verifier = Path(__file__).resolve().parents[2] / "docs" / "fairness" / "verify.py"
    done = subprocess.run([sys.executable, str(verifier), str(path), house.seed],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "verified" in done.stdout, done.stdout + done.stderr
    wrong = subprocess.run([sys.executable, str(verifier), str(path), "00" * 32],
                           capture_output=True, text=True, check=False)
    assert wrong.returncode == 1
