"""Plays a table through the offline harness the way people do: commands, buttons, menus.

`TableDriver` seats the players, deals the decks a test fixes, keeps each player's own
hand view current (refreshed first when it is out of date, as a player would) and,
after every move, scans the public messages: no custom id may name a card, and no text
may show a card the game has not made public. A game's driver adds its own moves and
says which cards are public (`public_cards`); the checks a finished hand ends with are
in table_checks.py.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, Self

from engine import cards as C
from engine.game import Deal
from tests.engine.decks import stacked_deck
from tests.harness import Harness, Message, User
from tests.harness.cards import card_buttons, cards_in, cards_shown_in

CARD_LABEL = re.compile(r"(10|[A2-9JQK])([♠♥♦♣])")
CARD_CODE = re.compile(r"\b(10|[A2-9TJQK])([SHDC])\b")
# Hands (ann, bob, cy) with nothing to declare and no spread: a hand that just runs.
QUIET = ["2H 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"]


def controls(view: Message) -> dict[str, dict]:
    """A view's controls by their act, the last part of the custom id."""
    return {c["custom_id"].rsplit(":", 1)[1]: c for c in view.walk_components()
            if "custom_id" in c}


def cards_named(text: str) -> list[int]:
    """The cards a text shows by their labels (10♠, Q♦) or as faces (emoji markup)."""
    return [*(C.parse(rank + suit) for rank, suit in CARD_LABEL.findall(text)),
            *cards_shown_in(text)]


def assert_no_card_in_custom_ids(h: Harness) -> None:
    """Custom ids of a public message are visible to every client: none may name a card."""
    for message in h.public_messages():
        for custom_id in message.custom_ids:
            assert not CARD_CODE.search(custom_id.replace(":", " ")), custom_id


class TableDriver:
    game = "gff"  # the command group and the custom ids' prefix
    hand_noun = "Hand"  # what the result's title calls one hand: "Hand 3: the result"

    def __init__(
        self, h: Harness, names: tuple[str, ...] = ("ann", "bob", "cy"), game: str | None = None
    ) -> None:
        self.h = h
        if game is not None:
            self.game = game
        self.users = [h.user(name) for name in names]
        self.by_name = {u.name: u for u in self.users}
        self.decks: list[Any] = []
        self.rehook()
        self.views: dict[int, int] = {}  # user id -> their hand view message id
        # Messages of finished hands: their cards were checked while those hands ran.
        self.earlier_messages: set[int] = set()
        self.last_hand: Deal | None = None

    @classmethod
    async def playing(
        cls, h: Harness, hands: list[str] = QUIET, stock: str = "", **how
    ) -> Self:
        """Everyone seated and the first hand dealt from `hands`."""
        d = cls(h, **how)
        await d.seat_everyone()
        await d.start(hands, stock)
        return d

    @classmethod
    async def opened(cls, h: Harness, deck: Any, names: tuple[str, ...] | None = None,
                     **options: Any) -> Self:
        """Everyone seated (at a table the host creates with `options`, when given), then
        the first deal from `deck`."""
        d = cls(h) if names is None else cls(h, names=names)
        await d.sit_down(**options)
        await d.start_with(deck)
        return d

    @classmethod
    async def against_computers(cls, h: Harness, deck: Any, each: int = 1,
                                game: str | None = None) -> Self:
        """ann, the host, and `each` computer players at every level the game has; then
        the first deal from `deck`."""
        d = cls(h, names=("ann",), game=game)
        await d.seat_everyone()
        await d.add_computers(each)
        await d.start_with(deck)
        return d

    def rehook(self) -> None:
        """Fixed decks and the first dealer, on this bot's table service (again after a restart)."""
        tables = self.h.bot.tables
        tables.deck_source = lambda table: self.decks.pop(0)
        tables.first_dealer = lambda players: players[-1]  # the last seat deals first

    @property
    def host(self) -> User:
        return self.users[0]

    def user(self, name: str) -> User:
        return self.by_name[name]

    def person(self, who: User | str) -> User:
        """A player named or given."""
        return self.by_name[who] if isinstance(who, str) else who

    def seat(self, who: User | str) -> str:
        return str(self.person(who).id)

    async def seat_everyone(self) -> None:
        for user in self.users:
            await self.h.slash(user, f"{self.game} join")

    async def sit_down(self, **options: Any) -> None:
        """Everyone joins; with `options`, the host creates the table with them first."""
        if not options:
            return await self.seat_everyone()
        await self.h.slash(self.host, f"{self.game} create", **options)
        for user in self.users[1:]:
            await self.h.slash(user, f"{self.game} join")

    async def add_computers(self, each: int = 1) -> None:
        """The host seats `each` computer players at every level the game has."""
        for level in self.table.game.strategies:
            for _ in range(each):
                await self.h.slash(self.host, f"{self.game} addbot", level=level)
                assert "sits down" in self.h.last_response(self.host).text()

    def deal_next(self, hands: list[str], stock: str = "") -> None:
        """The next hand's deck: `hands` in turn order, left of the dealer first; then
        `stock` (in Tonk, its first card is the upcard)."""
        self.decks.append([C.parse(c) for c in stacked_deck(hands, stock)])

    async def start(self, hands: list[str], stock: str = "") -> None:
        self.deal_next(hands, stock)
        await self.h.slash(self.host, f"{self.game} start")

    async def start_with(self, deck: Any) -> None:
        """The host starts the next deal, from `deck` as the game takes it."""
        self.decks.append(deck)
        await self.h.slash(self.host, f"{self.game} start")
        self.assert_no_hidden_card_in_public()

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

    def field(self, name: str, message: Message | None = None) -> str:
        """A field of the table message's embed, "" if it has none of that name."""
        embed = (message or self.table_message()).embed
        return next((f["value"] for f in embed.get("fields", []) if f["name"] == name), "")

    async def open_hand(self, who: User | str) -> Message:
        user = self.person(who)
        await self.h.click(user, self.table_message(), f"{self.game}:{self.table.id}:hand")
        view = self.h.last_response(user)
        assert view.ephemeral
        self.views[user.id] = view.id
        return view

    def view_of(self, who: User | str) -> Message:
        return self.h.message(self.views[self.person(who).id])

    def control(self, message: Message, act: str) -> str:
        found = [i for i in message.custom_ids if i.endswith(f":{act}")]
        assert found, f"no {act} control in {message.custom_ids}"
        return found[0]

    def menu(self, view: Message, act: str) -> dict:
        """The component of `view` whose act is `act`."""
        return view.component(self.control(view, act))

    async def fresh_view(self, who: User | str) -> Message:
        """The player's own hand view: opened if they have none, refreshed if it is out of
        date (as a player would)."""
        user = self.person(who)
        self.last_hand = self.hand  # the hidden-card check needs it if this move closes the table
        if user.id not in self.views:
            await self.open_hand(user)
        view = self.view_of(user)
        now = f":{self.table.running.number}.{self.hand.seat_seq(self.seat(user))}:refresh"
        if not self.control(view, "refresh").endswith(now):
            await self.h.click(user, view, self.control(view, "refresh"))
            view = self.view_of(user)
        return view

    async def press(self, who: User | str, act: str, values: list[str] | None = None
                    ) -> Message:
        """One control of the player's current view (a menu with `values`), then the scan."""
        user = self.person(who)
        view = await self.fresh_view(user)
        await self.h.click(user, view, self.control(view, act), values=values)
        self.assert_no_hidden_card_in_public()
        return self.view_of(user)

    async def press_card(self, who: User | str, act: str, card: str) -> Message:
        """The card `card` in the player's current view, for `act`: its button (found by
        the face it shows), or, in a hand too large for buttons, its option in the menu."""
        user = self.person(who)
        wanted = C.parse_with_joker(card)
        view = await self.fresh_view(user)
        buttons = card_buttons(view, act)
        if buttons:
            assert wanted in buttons, f"no {act} button for {card}: {sorted(buttons)}"
            await self.h.click(user, view, buttons[wanted]["custom_id"])
        else:
            await self.h.click(user, view, self.control(view, act), values=[C.code(wanted)])
        self.assert_no_hidden_card_in_public()
        return self.view_of(user)

    async def pick(self, who: User | str, codes: list[str]) -> Message:
        """Exactly `codes` picked in the player's view: a press of each card button that
        is not as wanted (green is picked), or the card menu's choice."""
        user = self.person(who)
        view = await self.fresh_view(user)
        buttons = card_buttons(view, "pick")
        if not buttons:
            return await self.press(user, "pick", codes)
        wanted = {C.parse_with_joker(c) for c in codes}
        assert wanted <= buttons.keys(), f"cannot pick {codes}: the view shows {sorted(buttons)}"
        for card, button in buttons.items():
            if (button.get("style") == 3) != (card in wanted):
                await self.press_card(user, "pick", C.code(card))
        return self.view_of(user)

    async def act(
        self, name: str, act: str, cards: str = "", target: int | None = None
    ) -> Message:
        """One move from the player's own hand view: pick `cards`, press `act`.

        A discard ("throw") is one choice in the discard menu.
        """
        codes = [C.code(C.parse(c)) for c in cards.split()]
        if act == "throw":
            return await self.press(name, act, codes)
        if cards:
            await self.pick(name, codes)
        view = await self.press(name, act)
        if act == "hit":
            view = await self.press(name, "target", [str(target)])
        return view

    async def acts(self, *moves: str) -> None:
        """Moves as "ann stock", "ann spread 3S 4S 5S", "ann throw 9D", made in turn."""
        for move in moves:
            name, act, *cards = move.split()
            await self.act(name, act, " ".join(cards))

    async def leave(self, name: str) -> str:
        """`name` leaves with /<game> leave: what they are told."""
        await self.h.slash(self.user(name), f"{self.game} leave")
        return self.h.last_response(self.user(name)).text()

    async def turn(self, name: str, throw: str, source: str = "stock") -> None:
        await self.act(name, "stock" if source == "stock" else "take")
        await self.act(name, "throw", throw)

    async def play_out(self, move: Callable[[Deal], Awaitable[Any]], *, limit: int,
                       who: str | None = None, pause: float = 2) -> None:
        """Until the table has a result: `move(hand)` whenever `who` (the host unless
        named) may act, else `pause` seconds pass (a computer player acts after a short
        pause, a stand-in's move at once)."""
        seat = self.seat(who or self.host)
        for _ in range(limit):
            table = self.table
            if table is None or table.last_result is not None:
                break
            if seat in table.hand.to_act():
                await move(table.hand)
            else:
                await self.h.advance(pause)
        assert self.table is None or self.table.last_result is not None, "the deal goes on"

    def public_text(self) -> list[tuple[Message, str]]:
        """Every version of every public message, as text, with its custom ids."""
        seen = []
        for message in self.h.public_messages():
            for data in [*message.versions, message.data]:
                seen.append((message, self.version_text(message, data)))
        return seen

    def version_text(self, message: Message, data: dict) -> str:
        return Message(message.id, message.channel_id, data).text()

    def public_cards(self, hand: Deal) -> set[int]:
        """The cards `hand` has made public: what its public view holds (discards and
        spreads, GFF's flip card and the cards shown for the flip and flop), its events'
        cards and, once settled, the cards its settlement shows."""
        allowed = cards_in(hand.public_view())
        for event in hand.events:
            allowed |= set(event.cards)
        if hand.settlement is not None:
            for cards in hand.settlement.shown.values():
                allowed |= set(cards)
        return allowed

    def assert_no_hidden_card_in_public(self) -> None:
        """No public message, embed or custom id shows a card that is not face up."""
        if self.table is not None and self.table.hand is not None:
            self.last_hand = self.table.hand
        hand = self.last_hand  # after a table closes, its last hand
        allowed = self.public_cards(hand) if hand is not None else set()
        assert_no_card_in_custom_ids(self.h)
        for message, text in self.public_text():
            if message.id not in self.earlier_messages:
                self.check_public_text(message, text, allowed)

    def check_public_text(self, message: Message, text: str, allowed: set[int]) -> None:
        for card in cards_named(text):
            assert card in allowed, (
                f"{C.label(card)} is hidden but shown in {message!r}: {text[:300]}")

    def next_hand_begins(self) -> None:
        """Messages so far belong to finished hands: their cards were checked then."""
        self.earlier_messages = {m.id for m in self.h.public_messages()}
