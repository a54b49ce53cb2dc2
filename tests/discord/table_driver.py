"""Plays a table through the offline harness the way people do: commands, buttons, menus."""

from __future__ import annotations

import re

from engine import cards as C
from engine.game import Deal
from tests.engine.decks import stacked_deck
from tests.harness import Harness, Message, User

CARD_LABEL = re.compile(r"(10|[A2-9JQK])([♠♥♦♣])")
CARD_CODE = re.compile(r"\b(10|[A2-9TJQK])([SHDC])\b")
# Hands (ann, bob, cy) with nothing to declare and no spread: a hand that just runs.
QUIET = ["2H 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"]


class TableDriver:
    def __init__(
        self, h: Harness, names: tuple[str, ...] = ("ann", "bob", "cy"), game: str = "gff"
    ) -> None:
        self.h = h
        self.game = game  # the command group and the custom ids' prefix
        self.users = [h.user(name) for name in names]
        self.by_name = {u.name: u for u in self.users}
        self.decks: list[list[int]] = []
        self.rehook()
        self.views: dict[int, int] = {}  # user id -> their hand view message id
        # Messages of finished hands: their cards were checked while those hands ran.
        self.earlier_messages: set[int] = set()
        self.last_hand: Deal | None = None

    @classmethod
    async def playing(
        cls, h: Harness, hands: list[str] = QUIET, stock: str = "", **how
    ) -> TableDriver:
        """Everyone seated and the first hand dealt from `hands`."""
        d = cls(h, **how)
        await d.seat_everyone()
        await d.start(hands, stock)
        return d

    def rehook(self) -> None:
        """Fixed decks and the first dealer, on this bot's table service (again after a restart)."""
        tables = self.h.bot.tables
        tables.deck_source = lambda table: self.decks.pop(0)
        tables.first_dealer = lambda players: players[-1]  # the last seat deals first

    @property
    def host(self) -> User:
        return self.users[0]

    def seat(self, user: User) -> str:
        return str(user.id)

    def user(self, name: str) -> User:
        return self.by_name[name]

    async def seat_everyone(self) -> None:
        for user in self.users:
            await self.h.slash(user, f"{self.game} join")

    def deal_next(self, hands: list[str], stock: str = "") -> None:
        """The next hand's deck: `hands` in turn order, left of the dealer first; then
        `stock` (in Tonk, its first card is the upcard)."""
        self.decks.append([C.parse(c) for c in stacked_deck(hands, stock)])

    async def start(self, hands: list[str], stock: str = "") -> None:
        self.deal_next(hands, stock)
        await self.h.slash(self.host, f"{self.game} start")

    @property
    def table(self):
        return self.h.bot.tables.in_channel(self.h.channel.id)

    @property
    def hand(self) -> Deal:
        assert self.table is not None and self.table.hand is not None
        return self.table.hand

    def table_message(self) -> Message:
        """The newest public message that carries the table's buttons."""
        for message in reversed(self.h.public_messages()):
            if any(i.endswith(":hand") for i in message.custom_ids) and not message.deleted:
                return message
        raise AssertionError("no table message")

    async def open_hand(self, user: User) -> Message:
        table_id = self.table.id
        await self.h.click(user, self.table_message(), f"{self.game}:{table_id}:hand")
        view = self.h.last_response(user)
        self.views[user.id] = view.id
        return view

    def view_of(self, user: User) -> Message:
        return self.h.message(self.views[user.id])

    def control(self, message: Message, act: str) -> str:
        found = [i for i in message.custom_ids if i.endswith(f":{act}")]
        assert found, f"no {act} control in {message.custom_ids}"
        return found[0]

    async def act(
        self, name: str, act: str, cards: str = "", target: int | None = None
    ) -> Message:
        """One move from the player's own hand view: pick `cards`, press `act`.

        A discard ("throw") is one choice in the discard menu.
        """
        user = self.user(name)
        self.last_hand = self.hand  # the hidden-card check needs it if this move closes the table
        if user.id not in self.views:
            await self.open_hand(user)
        view = self.view_of(user)
        at = f":{self.table.running.number}.{self.hand.seq}:refresh"
        if not self.control(view, "refresh").endswith(at):
            await self.h.click(user, view, self.control(view, "refresh"))  # as a player would
            view = self.view_of(user)
        codes = [C.code(C.parse(c)) for c in cards.split()]
        if act == "throw":
            await self.h.click(user, view, self.control(view, act), values=codes)
            self.assert_no_hidden_card_in_public()
            return self.view_of(user)
        if cards:
            await self.h.click(user, view, self.control(view, "pick"), values=codes)
            view = self.view_of(user)
        await self.h.click(user, view, self.control(view, act))
        view = self.view_of(user)
        if act == "hit":
            await self.h.click(user, view, self.control(view, "target"), values=[str(target)])
        self.assert_no_hidden_card_in_public()
        return self.view_of(user)

    async def turn(self, name: str, throw: str, source: str = "stock") -> None:
        await self.act(name, "stock" if source == "stock" else "take")
        await self.act(name, "throw", throw)

    def public_text(self) -> list[tuple[Message, str]]:
        """Every version of every public message, as text, with its custom ids."""
        seen = []
        for message in self.h.public_messages():
            for data in [*message.versions, message.data]:
                seen.append((message, Message(message.id, message.channel_id, data).text()))
        return seen

    def assert_no_hidden_card_in_public(self) -> None:
        """No public message, embed or custom id shows a card that is not face up."""
        if self.table is not None and self.table.hand is not None:
            self.last_hand = self.table.hand
        hand = self.last_hand  # after a table closes, its last hand
        allowed: set[int] = set()
        if hand is not None:
            public = hand.public_view()
            allowed |= set(public.discard_pile)
            if self.game == "gff":  # the flip card is dealt face up, reveals are shown
                allowed |= {public.flip_card, *(r.card for r in public.revealed)}
            for spread in public.spreads:
                allowed |= set(spread.cards)
            for event in hand.events:
                allowed |= set(event.cards)
            if hand.settlement is not None:
                for cards in hand.settlement.shown.values():
                    allowed |= set(cards)
        for message in self.h.public_messages():
            for custom_id in message.custom_ids:
                assert not CARD_CODE.search(custom_id.replace(":", " ")), custom_id
        for message, text in self.public_text():
            for rank, suit in CARD_LABEL.findall(text):
                card = C.parse(rank + suit)
                assert card in allowed or message.id in self.earlier_messages, (
                    f"{C.label(card)} is hidden but shown in {message!r}: {text[:300]}"
                )

    def next_hand_begins(self) -> None:
        """Messages so far belong to finished hands: their cards were checked then."""
        self.earlier_messages = {m.id for m in self.h.public_messages()}
