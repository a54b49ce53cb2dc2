"""Plays a sealed-bid table (Gops, the flush auction) through the offline harness the way
people do: commands, the table's buttons, the bid menu in each player's own view.

After every move it scans each new public message version: no card may appear there
unless the game has made it public by then (a prize turned up, a bid shown, a card
turned up for sale, a bought card, a declared flush), and no custom id may name a card.
A sealed Gops bid is a card, so this scan also proves no sealed bid reached the table.
"""

from __future__ import annotations

import re

from engine import cards as C
from engine import games
from engine.game import Deal
from tests.harness import Harness, Message, User

CARD_LABEL = re.compile(r"(10|[A2-9JQK])([♠♥♦♣])")
CARD_CODE = re.compile(r"\b(10|[A2-9TJQK])([SHDC])\b")


def public_cards(hand: Deal) -> set[int]:
    """The cards the game has shown to everyone so far, from its public view."""
    public = hand.public_view()
    shown: set[int] = set()
    if hand.info.id == "gops":
        shown |= set(public.discarded)
        if public.prize is not None:
            shown.add(public.prize)
        for resolved in public.rounds:
            shown |= {resolved.prize, *(card for _, card in resolved.bids)}
        for seat in public.seats:
            shown |= set(seat.won)
    else:
        shown |= set(public.table)
        for reveal in public.reveals:
            shown |= set(reveal.cards)
        for seat in public.seats:
            shown |= set(seat.bought)
        for _, cards in public.flushes:
            shown |= set(cards)
    return shown


class SealedDriver:
    def __init__(self, h: Harness, names: tuple[str, ...] = ("ann", "bob"), game: str = "gops"
                 ) -> None:
        self.h = h
        self.game = game
        self.users = [h.user(name) for name in names]
        self.by_name = {u.name: u for u in self.users}
        self.decks: list = []
        self.views: dict[int, int] = {}  # user id -> their latest hand view message
        self.allowed: set[int] = set()  # every card shown so far this game
        self.checked: set[tuple[int, int]] = set()  # (message, version) already scanned
        self.game_messages: set[int] = set()  # messages of earlier games: checked then
        # The game replayed action by action beside the table's, so every card shown at
        # any moment counts, even when several moves happen at once (time-outs, stand-ins).
        self.shadow: tuple[Deal, Deal] | None = None  # (the table's deal, its replay)
        self.rehook()

    def rehook(self) -> None:
        """Fixed decks and the first dealer (again after a restart): the last seat deals,
        so the seats bid in the order they joined (GOPS-1.2: ann ♠, bob ♥, cy ♣)."""
        tables = self.h.bot.tables
        tables.deck_source = lambda table: self.decks.pop(0)
        tables.first_dealer = lambda players: players[-1]

    @property
    def host(self) -> User:
        return self.users[0]

    def user(self, name: str) -> User:
        return self.by_name[name]

    def seat(self, name: str) -> str:
        return str(self.by_name[name].id)

    @property
    def table(self):
        return self.h.bot.tables.in_channel(self.h.channel.id)

    @property
    def hand(self) -> Deal:
        return self.table.hand

    async def seat_everyone(self) -> None:
        for user in self.users:
            await self.h.slash(user, f"{self.game} join")

    async def start(self, deck) -> None:
        """Deal the next game from `deck` (Gops: 13 diamonds; the auction: five packs)."""
        self.decks.append(deck)
        await self.h.slash(self.host, f"{self.game} start")
        self.scan()

    def table_message(self) -> Message:
        for message in reversed(self.h.public_messages()):
            if any(i.endswith(":hand") for i in message.custom_ids) and not message.deleted:
                return message
        raise AssertionError("no table message")

    def field(self, name: str, message: Message | None = None) -> str:
        embed = (message or self.table_message()).embed
        return next((f["value"] for f in embed.get("fields", []) if f["name"] == name), "")

    async def open_hand(self, name: str) -> Message:
        user = self.user(name)
        await self.h.click(user, self.table_message(), f"{self.game}:{self.table.id}:hand")
        view = self.h.last_response(user)
        assert view.ephemeral
        self.views[user.id] = view.id
        return view

    def view_of(self, name: str) -> Message:
        return self.h.message(self.views[self.user(name).id])

    def bid_control(self, view: Message) -> str | None:
        return next((i for i in view.custom_ids if i.endswith(":bid")), None)

    async def bid(self, name: str, value: str, *, refresh: bool = True) -> Message:
        """`name` bids `value` (a card code, or an amount) from their own view; with
        `refresh`, a view whose menu is gone or out of date is refreshed first, as a
        player would."""
        user = self.user(name)
        if user.id not in self.views:
            await self.open_hand(name)
        view = self.view_of(name)
        control = self.bid_control(view)
        now = f":{self.table.running.number}.{self.hand.seat_seq(self.seat(name))}:bid"
        if refresh and (control is None or not control.endswith(now)):
            refresher = next(i for i in view.custom_ids if i.endswith(":refresh"))
            await self.h.click(user, view, refresher)
            view = self.view_of(name)
            control = self.bid_control(view)
        assert control is not None, f"{name} has no bid menu: {view.text()[:300]}"
        await self.h.click(user, view, control, values=[value])
        self.scan()
        return self.view_of(name)

    async def bids(self, **by_name: str) -> None:
        for name, value in by_name.items():
            await self.bid(name, value)

    def next_game_begins(self) -> None:
        self.game_messages = {m.id for m in self.h.public_messages()}
        self.allowed = set()

    def scan(self) -> None:
        """Every public message version not yet scanned, against the cards shown so far."""
        table = self.table
        hand = table.hand if table is not None else None
        if hand is None and self.shadow is not None:
            hand = self.shadow[0]  # the table closed with its last move: that game's
        if hand is not None:
            if self.shadow is None or self.shadow[0] is not hand:
                again = games.get(hand.info.id).deal(hand.record())
                self.shadow = (hand, again)
                self.allowed |= public_cards(again)
            again = self.shadow[1]
            for action in hand.record().actions[again.seq:]:
                again.apply(action)
                self.allowed |= public_cards(again)
        for message in self.h.public_messages():
            for custom_id in message.custom_ids:
                assert not CARD_CODE.search(custom_id.replace(":", " ")), custom_id
            if message.id in self.game_messages:
                continue
            for index, data in enumerate([*message.versions, message.data]):
                if (message.id, index) in self.checked:
                    continue
                self.checked.add((message.id, index))
                text = Message(message.id, message.channel_id, data).text()
                for rank, suit in CARD_LABEL.findall(text):
                    card = C.parse(rank + suit)
                    assert card in self.allowed, (
                        f"{C.label(card)} is not public but shown in {message!r}: {text[:400]}"
                    )
