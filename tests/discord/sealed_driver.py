"""Plays a sealed-bid table (Gops, the flush auction) through the offline harness the way
people do: commands, the table's buttons, and in each player's own view the bid: a card
button (Gops, GOPS-4.2) or the menu of amounts (the auction).

After every move it scans each new public message version: no card may appear there
unless the game has made it public by then (a prize turned up, a bid shown, a card
turned up for sale, a bought card, a declared flush), and no custom id may name a card.
A sealed Gops bid is a card, so this scan also proves no sealed bid reached the table.
"""

from __future__ import annotations

import re

from cogs.sealed.play import CHOOSE
from engine import cards as C
from engine import games
from engine.game import Deal
from tests.discord.table_driver import TableDriver, assert_no_card_in_custom_ids, cards_named
from tests.harness import Harness, Message, User
from tests.harness.cards import card_buttons, cards_in

# Face markup (`<:KS_1a2b:123>`), in a run, with the space after it: what `unfaced` drops.
_FACES = re.compile(r"(?:<a?:\w+:\d+>)+ ?")


def unfaced(text: str) -> str:
    """`text` without its card faces: the words a screen reader reads, which every card
    shown as a face keeps beside it (`K♠` for `<:KS_1a2b:123> K♠`)."""
    return _FACES.sub("", text)


def public_cards(hand: Deal) -> set[int]:
    """The cards the game has shown to everyone so far: those its public view holds (a
    prize turned up, a bid shown, a card for sale, a bought card, a declared flush)."""
    return cards_in(hand.public_view())


class SealedDriver(TableDriver):
    """The table driver for games whose seats choose together: the last seat deals, so the
    seats bid in the order they joined (GOPS-1.2: ann ♠, bob ♥, cy ♣)."""

    game = "gops"
    hand_noun = "Game"

    def __init__(self, h: Harness, names: tuple[str, ...] = ("ann", "bob"),
                 game: str | None = None) -> None:
        self.allowed: set[int] = set()  # every card shown so far this game
        self.checked: set[tuple[int, int]] = set()  # (message, version) already scanned
        # The game replayed action by action beside the table's, so every card shown at
        # any moment counts, even when several moves happen at once (time-outs, stand-ins).
        self.shadow: tuple[Deal, Deal] | None = None  # (the table's deal, its replay)
        super().__init__(h, names, game)

    @property
    def hand(self) -> Deal:
        return self.table.hand

    def bid_control(self, view: Message, value: str | None = None) -> str | None:
        """The control of `view` that bids `value` now: the bid menu, or the enabled
        card button showing that card (Gops's hand, found by its face); with no `value`,
        any enabled card button. None when the view offers no bid."""
        menu = next((i for i in view.custom_ids if i.endswith(f":{CHOOSE}")), None)
        if menu is not None:
            return menu
        enabled = {card: b["custom_id"] for card, b in card_buttons(view, CHOOSE).items()
                   if not b.get("disabled")}
        if value is None:
            return next(iter(enabled.values()), None)
        try:
            return enabled.get(C.parse(value))
        except C.CardError:
            return None

    async def click_bid(self, user: User, view: Message, control: str, value: str) -> None:
        """`control` clicked to bid `value`: a menu is given the value, a card button is
        its card."""
        menu = view.component(control)["type"] == 3
        await self.h.click(user, view, control, values=[value] if menu else None)

    async def bid(self, name: str, value: str, *, refresh: bool = True) -> Message:
        """`name` bids `value` (a card code, or an amount) from their own view; with
        `refresh`, a view whose menu is gone or out of date is refreshed first, as a
        player would."""
        user = self.user(name)
        if user.id not in self.views:
            await self.open_hand(name)
        view = self.view_of(name)
        control = self.bid_control(view, value)
        now = f"{self.table.running.number}.{self.hand.seat_seq(self.seat(name))}"
        if refresh and (control is None or control.split(":")[-2] != now):
            await self.h.click(user, view, self.control(view, "refresh"))
            view = self.view_of(name)
            control = self.bid_control(view, value)
        assert control is not None, f"{name} cannot bid {value}: {view.text()[:300]}"
        await self.click_bid(user, view, control, value)
        self.scan()
        return self.view_of(name)

    async def bids(self, **by_name: str) -> None:
        for name, value in by_name.items():
            await self.bid(name, value)

    def next_hand_begins(self) -> None:
        super().next_hand_begins()
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
        assert_no_card_in_custom_ids(self.h)
        for message in self.h.public_messages():
            if message.id in self.earlier_messages:
                continue
            for index, data in enumerate([*message.versions, message.data]):
                if (message.id, index) in self.checked:
                    continue
                self.checked.add((message.id, index))
                text = Message(message.id, message.channel_id, data).text()
                for card in cards_named(text):
                    assert card in self.allowed, (
                        f"{C.label(card)} is not public but shown in {message!r}: {text[:400]}"
                    )

    assert_no_hidden_card_in_public = scan
