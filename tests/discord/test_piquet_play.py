"""Piquet played in a channel, as people would, to each ending of PIQUET-5 (won, rubicon,
tie), every move made from the hand views: the exchange's card buttons and Exchange (or
Exchange and show the rest), the declaration menu, the play's card buttons.

ann (the host) and bob join in that order; bob deals first, so ann is elder in deals 1, 3
and 5. A partie is found by playing the engine offline from six seeded packs, then made
at the table move by move. Each ending checks the engine's settlement against the store,
the table message, the result embed, /bankroll and /audit, and that the stored record
replays to the table's result; after every move, that no card that is not public reached
a public message, embed or custom id (a partie's six packs reuse every card, so each
version of a public message is checked against the deal it was shown in).
"""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from cogs.piquet import render
from cogs.table.emojis.shown import FACES
from engine import cards as C
from engine.piquet.actions import Declare, Exchange, Play, Sink
from engine.piquet.game import PIQUET
from engine.piquet.info import PACK
from tests.discord.table_checks import (
    BUY_IN,
    STAKE,
    assert_chips_conserved,
    assert_everything_agrees,
    assert_history_replays,
    assert_stored_replays,
)
from tests.discord.table_driver import TableDriver, assert_no_card_in_custom_ids, cards_named
from tests.harness import Harness, Message
from tests.harness.cards import card_buttons, cards_shown_in


class PiquetDriver(TableDriver):
    game = "piquet"
    hand_noun = "Partie"

    def __init__(self, h: Harness, names: tuple[str, ...] = ("ann", "bob"),
                 game: str | None = None) -> None:
        self.checked: dict[int, int] = {}  # message id -> versions already scanned
        super().__init__(h, names, game)

    def rehook(self) -> None:
        """Also scan the public messages each time the table changes: the moves of a
        computer player or a stand-in, several between two of the test's own, may cross
        from one deal to the next."""
        super().rehook()
        listener = self.h.bot.tables.listener
        changed = listener.table_changed

        async def then_scan(table) -> None:
            await changed(table)
            self.assert_no_hidden_card_in_public()

        listener.table_changed = then_scan

    async def move(self, name: str, action) -> Message:
        """One engine action, made as the player makes it in their hand view."""
        if isinstance(action, Exchange):
            await self.pick(name, [C.code(C.parse(c)) for c in action.cards])
            return await self.press(name, "showrest" if action.show_rest else "exchange")
        if isinstance(action, Sink):
            return await self.press(name, "declare", [f"sink:{action.kind}"])
        if isinstance(action, Declare):
            wanted = {C.parse(c) for c in action.cards}
            menu = self.menu(await self.fresh_view(name), "declare")
            value = next(o["value"] for o in menu["options"]
                         if o["value"].startswith(action.kind + ":") and
                         {C.parse(c) for c in o["value"].split(":")[1].split("-")} == wanted)
            return await self.press(name, "declare", [value])
        return await self.press_card(name, "throw", C.code(C.parse(action.card)))

    def assert_no_hidden_card_in_public(self) -> None:
        """Public in the deal shown (PIQUET-2.2, 2.4, 4.1): carte blanche once shown, the
        rest of the talon when the dealer shows it, the cards played. Never a hand, a
        discard, a draw or a declared combination (3.6)."""
        if self.table is not None and self.table.hand is not None:
            self.last_hand = self.table.hand
        hand = self.last_hand
        public = shown_by_deal(hand) if hand is not None else {}
        now = hand.number + 1 if hand is not None else 0
        assert_no_card_in_custom_ids(self.h)
        for message in self.h.public_messages():
            versions = [*message.versions, message.data]
            for data in versions[self.checked.get(message.id, 0):]:
                text = Message(message.id, message.channel_id, data).text()
                shown_in = DEAL_SHOWN.search(text)  # an edit may go out after the deal ends
                allowed = public.get(int(shown_in[1]) if shown_in else now, set())
                for card in cards_named(text):
                    assert card in allowed, (
                        f"{C.label(card)} is hidden but shown in {message!r}: {text[:400]}")
            self.checked[message.id] = len(versions)


DEAL_SHOWN = re.compile(r"Deal (\d) of 6")


def shown_by_deal(hand) -> dict[int, set[int]]:
    """The cards each deal of the partie so far made public, replayed from its record:
    carte blanche once shown (2.2), the rest of the talon shown (2.4), the cards played."""
    record = hand.record()
    deal = type(hand)(dataclasses.replace(record, actions=()))
    shown: dict[int, set[int]] = {}
    for action in record.actions:
        number = deal.number + 1
        if isinstance(action, Play):
            shown.setdefault(number, set()).add(C.parse(action.card))
        deal.apply(action)
        view = deal.public_view()
        if deal.number + 1 == number or deal.is_over:
            seen = shown.setdefault(number, set())
            seen |= set(view.talon_shown or ())
            seen |= {card for _, cards in view.carte_blanche for card in cards or ()}
    view = deal.public_view()
    shown.setdefault(deal.number + 1, set()).update(
        {card for _, cards in view.carte_blanche for card in cards or ()})
    return shown


def six_packs(seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(PACK, len(PACK)) for _ in range(6)]


def offline_partie(seats: list[str], want, levels=("random", "random")):
    """The first seeded partie the engine plays to what `want` asks: its packs and moves."""
    for seed in range(5000):
        rng = random.Random(seed)
        decks = six_packs(seed)
        deal = PIQUET.start(seats=[(s, BUY_IN) for s in seats], stake=STAKE,
                            dealer=seats[-1], deck_or_decks=decks)
        players = {s: PIQUET.strategies[level]() for s, level in zip(seats, levels, strict=True)}
        while not deal.is_over:
            seat = deal.to_act()[0]
            deal.apply(players[seat](deal.private_view(seat), rng))
        if want(deal):
            return decks, list(deal.record().actions)
    raise AssertionError("no seed plays such a partie")


async def play_partie(h: Harness, want, levels=("random", "random"), restart_at=None):
    d = PiquetDriver(h)
    await d.seat_everyone()
    decks, moves = offline_partie([d.seat(u) for u in d.users], want, levels)
    await d.start_with(decks)
    by_seat = {d.seat(u): u.name for u in d.users}
    restarted = False
    for index, action in enumerate(moves):
        if restart_at is not None and not restarted and index == restart_at:
            restarted = True
            await h.restart()
            d.rehook()
        await d.move(by_seat[action.seat], action)
    assert d.table.last_result is not None
    return d, restarted


async def assert_partie_agrees(d: PiquetDriver, ended: str) -> dict[str, int]:
    """The partie ended as `ended`, chips moved only between the two, everything agrees
    and the result carries the deal-by-deal score sheet: the stacks by name."""
    _, settlement = d.table.last_result
    expected = {u.name: settlement.stacks[d.seat(u)] for u in d.users}
    assert sum(expected.values()) == 2 * BUY_IN  # chips only move between the two
    settlement, text = await assert_everything_agrees(d, ended, expected)
    assert text.count("dealer <@") == 6  # the deal-by-deal score sheet
    if ended != "tie":
        assert f"margin {settlement.margin}" in text
        assert f"pays {settlement.paid} chip" in text
        assert ("rubiconed" in text) == (ended == "rubicon")
    else:
        assert "no chips move" in text
    return expected


def _ended(how: str):
    return lambda deal: deal.settlement.ended == how


async def test_piquet_5_2_a_partie_won_on_the_margin_with_a_restart_and_history(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        d, restarted = await play_partie(h, _ended("won"), restart_at=70)
        assert restarted  # every move after it was made from views shown before it
        await assert_partie_agrees(d, "won")
        await assert_history_replays(d, "bob")


async def test_piquet_5_2_the_rubicon(harness):
    d, _ = await play_partie(harness, _ended("rubicon"))
    await assert_partie_agrees(d, "rubicon")


async def test_piquet_5_1_equal_totals_tie_and_no_chips_move(harness):
    d, _ = await play_partie(harness, _ended("tie"))
    assert await assert_partie_agrees(d, "tie") == {"ann": BUY_IN, "bob": BUY_IN}


def _bonuses(deal) -> set[str]:
    return {part for finished in deal.finished for detail in finished["detail"].values()
            for part in ("repique", "pique", "capot", "carte_blanche") if detail[part]}


async def test_piquet_repique_pique_capot_reach_the_score_sheet(harness):
    """`easy` against `random` over seeded parties: one with a repique, a pique and a
    capot, played at the table; the sheet names each."""
    d, _ = await play_partie(harness, lambda deal: {"repique", "pique", "capot"}
                             <= _bonuses(deal), levels=("easy", "random"))
    text = [m for m in harness.public_messages() if m.embeds
            and "the result" in m.embed.get("title", "")][-1].text()
    for word in ("repique 60", "pique 30", "capot 30"):
        assert word in text
    await assert_partie_agrees(d, d.table.last_result[1].ended)


async def test_piquet_views_offer_exactly_the_legal_moves(harness):
    h = harness
    d = await PiquetDriver.opened(h, six_packs(3))
    ann, bob = d.user("ann"), d.user("bob")
    view = await d.fresh_view("ann")
    assert list(card_buttons(view, "pick")) == list(d.hand.private_view(d.seat(ann)).hand)
    assert "press 1 to 5 of your cards" in view.text()  # 2.3
    assert not any(i.endswith(":showrest") for i in view.custom_ids)  # the dealer's only
    assert d.menu(view, "exchange")["disabled"]  # nothing picked yet
    await h.click(ann, view, d.control(view, "exchange"), forged=True)
    assert "pick the cards to exchange" in d.view_of(ann).text()
    assert d.hand.seq == 0  # a refusal changes nothing
    view = await d.fresh_view("bob")
    assert "Waiting for <@" in view.text() and "pick" not in " ".join(view.custom_ids)
    await d.move("ann", Exchange(d.seat(ann), tuple(C.code(c) for c in
                                                    d.hand.private_view(d.seat(ann)).hand[:2])))
    seen = d.hand.private_view(d.seat(ann)).rest_seen
    assert len(seen) == 3 and "The rest of the top five" in d.view_of(ann).text()
    view = await d.fresh_view("bob")
    assert len(card_buttons(view, "pick")) == 12 and "press 1 to 5 of your cards" in view.text()
    assert any(i.endswith(":showrest") for i in view.custom_ids)
    cards = d.hand.private_view(d.seat(bob)).hand[:1]
    await d.move("bob", Exchange(d.seat(bob), (C.code(cards[0]),), show_rest=True))
    assert "shown:" in d.table_message().text()  # 2.4: the rest, to both
    assert "took 2" in d.table_message().text() and "took 1" in d.table_message().text()
    turn = d.hand.to_act()[0]
    name = "ann" if turn == d.seat(ann) else "bob"
    view = await d.fresh_view(name)
    menu = d.menu(view, "declare")
    choices = d.hand.private_view(turn).choices
    assert [o["value"] for o in menu["options"]][-1] == f"sink:{d.hand.kind}"
    assert len(menu["options"]) == len(choices) + 1
    held = set(d.hand.private_view(turn).hand)
    missing = next(C.parse(c) for c in ("AS", "KS", "QS", "JS", "TS", "9S")
                   if C.parse(c) not in held)
    await h.click(d.user(name), view, menu["custom_id"], values=["point:AS-KS-QS-JS-TS-9S"],
                  forged=True)  # a whole combination they do not hold: refused
    # The engine says "<seat id> does not hold …"; the player reads their name.
    said = d.view_of(d.user(name)).text()
    assert f"> Not done: <@{turn}> does not hold {C.label(missing)}.\n" in said
    assert re.search(rf"(?<!<@){turn}", said) is None and d.hand.seq == 2
    other = "sequence" if d.hand.kind != "sequence" else "set"
    await h.click(d.user(name), d.view_of(d.user(name)), menu["custom_id"],
                  values=[f"sink:{other}"], forged=True)
    # The engine cites PIQUET-3.1; the player reads no rule number.
    said = d.view_of(d.user(name)).text()
    assert f"> Not done: now {d.hand.kind} is declared, not {other}.\n" in said
    assert "PIQUET" not in said and d.hand.seq == 2
    d.assert_no_hidden_card_in_public()


async def test_piquet_5_3_leaving_takes_effect_at_the_partie_end_time_outs_and_away(harness):
    h = harness
    d = await PiquetDriver.opened(h, six_packs(7))
    ann, bob = d.user("ann"), d.user("bob")
    table = d.table
    turn = table.info.turn_seconds
    await h.advance(turn + 1)  # ann's time-out move: the one lowest card exchanged
    first = d.hand.record().actions[0]
    assert isinstance(first, Exchange) and len(first.cards) == 1
    assert "when this hand is over" in await d.leave("bob")
    assert d.table.seat_of(bob.id) is not None  # still seated: the partie runs on
    for _ in range(30):
        await h.advance(turn + 1)
        d.assert_no_hidden_card_in_public()
        if table.last_result is not None:
            break
    number, settlement = table.last_result
    assert len(settlement.deals) == 6  # the whole partie, then both were cashed out
    assert d.table is None  # bob left, and ann was away: the table closed
    removed = [m.text() for m in h.public_messages()]
    assert any(f"<@{bob.id}>" in t and "left the table" in t for t in removed)
    assert any(f"<@{ann.id}>" in t and "away" in t for t in removed)
    await assert_stored_replays(h, table.id, number, settlement)
    await assert_chips_conserved(h)


@pytest.mark.parametrize("level", sorted(PIQUET.strategies))
async def test_a_computer_player_plays_a_partie_of_piquet(harness, level):
    h = harness
    d = PiquetDriver(h)
    await h.slash(d.host, "piquet join")
    await h.slash(d.host, "piquet addbot", level=level)
    assert "sits down" in h.last_response(d.host).text()
    await d.start_with(six_packs(11))
    ann = d.seat(d.host)
    await d.play_out(lambda hand: d.move("ann", hand.timeout_action(ann)), limit=400)
    assert d.last_hand.seq > 100
    await assert_chips_conserved(h)


def fields_of(message: Message) -> dict[str, str]:
    return {f["name"]: f["value"] for f in message.embed.get("fields", [])}


def pressable(view: Message, act: str) -> set[int]:
    return {card for card, b in card_buttons(view, act).items() if not b["disabled"]}


async def test_piquet_the_hand_is_face_buttons_and_the_table_shows_faces(harness):
    """The exchange and the play as the hand's face buttons (three rows of twelve), the
    declarations as a menu of faces; the discards, the talon shown, the trick and the
    tricks as faces; the words kept beside them."""
    d = await PiquetDriver.opened(harness, six_packs(3))
    names = {d.seat(u): u.name for u in d.users}
    ann, bob = d.seat("ann"), d.seat("bob")
    view = await d.fresh_view("ann")
    held = d.hand.private_view(ann).hand
    buttons = card_buttons(view, "pick")
    assert list(buttons) == list(held)
    assert all(b["emoji"]["id"] and "label" not in b for b in buttons.values())
    assert [len(row["components"]) for row in view.components] == [5, 5, 2, 1, 1]
    assert cards_shown_in(view.embed["description"]) == set(held)
    # A press picks any card: six picked, Exchange says so and cannot be pressed (2.3).
    view = await d.pick("ann", [C.code(c) for c in held[:6]])
    assert {c for c, b in card_buttons(view, "pick").items() if b["style"] == 3} == set(held[:6])
    exchange = d.menu(view, "exchange")
    assert exchange["disabled"] and exchange["label"] == "Pick at most 5"
    view = await d.pick("ann", [C.code(c) for c in held[:2]])  # four put back
    assert d.menu(view, "exchange")["label"] == "Exchange 2"
    view = await d.press("ann", "exchange")
    mine = d.hand.private_view(ann)
    assert cards_shown_in(fields_of(view)["Your discards"]) == set(held[:2])
    seen = fields_of(view)["The rest of the top five (only you see them)"]
    assert cards_shown_in(seen) == set(mine.rest_seen) and C.labels(mine.rest_seen) in seen
    dealt = d.hand.private_view(bob).hand
    await d.move("bob", Exchange(bob, (C.code(dealt[0]),), show_rest=True))
    public = d.hand.public_view()
    blanche = {card for _, cards in public.carte_blanche for card in cards or ()}
    assert cards_shown_in(d.field("Deal 1")) == set(public.talon_shown) | blanche  # 2.4
    turn = d.hand.to_act()[0]
    options = d.menu(await d.fresh_view(names[turn]), "declare")["options"]
    assert d.hand.kind == "point"  # 3.1: a point's face is its suit
    assert all(o["emoji"]["name"].startswith("suit") for o in options[:-1])
    assert "emoji" not in options[-1]  # sink
    while d.hand.public_view().phase != "play":
        turn = d.hand.to_act()[0]
        await d.move(names[turn], d.hand.timeout_action(turn))
    leader = d.hand.to_act()[0]
    view = await d.fresh_view(names[leader])
    private = d.hand.private_view(leader)
    assert list(card_buttons(view, "throw")) == list(private.hand)
    assert pressable(view, "throw") == set(private.playable)
    led = private.playable[0]
    await d.move(names[leader], Play(leader, C.code(led)))
    assert cards_shown_in(d.field("Trick 1 of 12")) == {led}
    follower = d.hand.to_act()[0]
    view = await d.fresh_view(names[follower])
    private = d.hand.private_view(follower)
    assert pressable(view, "throw") == set(private.playable)  # 4.1: following suit
    assert cards_shown_in(fields_of(view)["On the table"]) == {led}
    await d.move(names[follower], Play(follower, C.code(private.playable[0])))
    assert cards_shown_in(d.field("Tricks")) == {led, private.playable[0]}
    d.assert_no_hidden_card_in_public()


async def test_piquet_with_faces_off_the_hand_and_the_table_are_in_words(harness):
    d = await PiquetDriver.opened(harness, six_packs(3))
    names = {d.seat(u): u.name for u in d.users}
    ann = d.seat("ann")
    view = await d.open_hand("ann")
    FACES.clear()  # as when the emojis could not be synced
    await d.h.click(d.user("ann"), view, d.control(view, "refresh"))
    view = d.view_of("ann")
    held = d.hand.private_view(ann).hand
    buttons = card_buttons(view, "pick")  # read by their words now
    assert list(buttons) == list(held)
    assert all("emoji" not in b and b["label"] == C.label(c) for c, b in buttons.items())
    heading = view.embed["description"].split("\n")[0]
    assert "<:" not in view.text() and sorted(cards_named(heading)) == sorted(held)
    while d.hand.public_view().phase != "play":  # each move made by the words
        turn = d.hand.to_act()[0]
        await d.move(names[turn], d.hand.timeout_action(turn))
    leader = d.hand.to_act()[0]
    led = d.hand.private_view(leader).playable[0]
    await d.move(names[leader], Play(leader, C.code(led)))
    trick = d.field("Trick 1 of 12")
    assert C.label(led) in trick and "<:" not in d.table_message().text()
    d.assert_no_hidden_card_in_public()


async def test_piquet_two_cartes_blanches_and_the_talon_shown_fit_their_field(harness):
    """24 cards and the talon's rest in one field (2.2, 2.4): faces only if they fit."""
    d = await PiquetDriver.opened(harness, six_packs(3))
    blank = [card for card in PACK if C.rank(card) not in (10, 11, 12)]  # no K, Q or J
    both = ((d.seat("ann"), tuple(blank[:12])), (d.seat("bob"), tuple(blank[8:])))
    for rest, faces in ((3, True), (6, False)):  # 6: each took one card (2.3, 2.4)
        public = dataclasses.replace(d.hand.public_view(), talon_shown=tuple(PACK[20:20 + rest]),
                                     carte_blanche=both)
        embed = render.table_embed(public, hand_number=1, detail={})
        deal = next(f.value for f in embed.fields if f.name == "Deal 1")
        assert len(deal) <= 1024 and len(embed) <= 6000
        assert C.labels(blank[:12]) in deal and C.labels(blank[8:]) in deal
        assert ("<:" in deal) == faces  # past the limit as faces: all in words
