"""The hand record (docs/rules/replay.md, games.md G3): seats, deck order, carried pots, actions.

What every game's record shares is parsed here, against the game's GameInfo (seat
limit, pack, dealer, carried pots, options); a game parses its own actions, one at a
time, because each game checks them in its own order (engine/action_parser.py).
Parsing is strict and every refusal is an EngineError `bad_record` whose message says
what is wrong, so `python -m engine.replay` never shows a traceback. Actions are
parsed one at a time, so that the first action that cannot be applied is the one
reported, whatever follows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine import cards as C
from engine.cards import Card, CardError
from engine.errors import EngineError
from engine.fairness import commitment

if TYPE_CHECKING:
    from engine.game import GameInfo

MAX_SEATS = 5  # the most any game of the hall seats (GFF-2.1, TONK-2.1)
DEFAULT_GAME = "gff"  # a record without `game` is a GFF record (it came first)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    id: str
    stack: int


@dataclass(frozen=True, slots=True)
class HandRecord:
    game: str
    stake: int
    seats: tuple[SeatRecord, ...]
    dealer: str | None  # None in a game without a dealer
    deck: tuple[Card, ...]
    # The carried pots (GFF's flip and flop); {} in a game whose pots never carry.
    carry: dict[str, int] = field(default_factory=lambda: {"flip": 0, "flop": 0})
    actions: tuple[Any, ...] = ()  # Action values, or raw dicts not yet parsed
    salt: str | None = None  # of the deck commitment (engine/fairness.py), if one was shown
    options: dict[str, Any] = field(default_factory=dict)  # the table options the page allows
    # G3.2: a game of several deals or rounds (GameInfo.deals_per_game > 1) records one
    # pack per deal here instead of `deck`, which is then empty.
    decks: tuple[tuple[Card, ...], ...] = ()
    # G3.2: a game that rebuilds its stock mid-deal (GameInfo.reshuffles) records the
    # order of each new stock here, top first, the k-th rebuild's at [k] (engine/restock.py).
    reshuffles: tuple[tuple[Card, ...], ...] = ()

    @property
    def committed_cards(self) -> tuple[Card, ...]:
        """What the deck commitment covers: the deck, or every pack of `decks` in order."""
        return self.deck or tuple(card for pack in self.decks for card in pack)

    def to_json(self) -> dict:
        data: dict[str, Any] = {
            "game": self.game,
            "stake": self.stake,
            "seats": [{"id": s.id, "stack": s.stack} for s in self.seats],
        }
        if self.dealer is not None:
            data["dealer"] = self.dealer
        if self.options:
            data["options"] = dict(self.options)
        if self.carry:
            data["carry"] = dict(self.carry)
        if self.decks:
            data["decks"] = [[C.code(c) for c in pack] for pack in self.decks]
        else:
            data["deck"] = [C.code(c) for c in self.deck]
        if self.reshuffles:
            data["reshuffles"] = [[C.code(c) for c in order] for order in self.reshuffles]
        data["actions"] = [a.to_json() if hasattr(a, "to_json") else a for a in self.actions]
        if self.salt is not None:
            # Replaying ignores these; they let anyone check the deck commitment.
            data["salt"] = self.salt
            data["commitment"] = commitment(self.committed_cards, self.salt)
        return data


def _bad(message: str, action: int | None = None) -> EngineError:
    return EngineError("bad_record", message, action)


def _whole(value: Any, what: str, *, minimum: int) -> int:
    # bool is an int in Python, but `true` is not a number of chips.
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(f"{what} must be a whole number")
    if value < minimum:
        raise _bad(f"{what} must be at least {minimum}")
    return value


def _card(value: Any, where: str, *, joker: bool = False) -> Card:
    try:
        return C.parse_with_joker(value) if joker else C.parse(value)
    except CardError as exc:
        raise _bad(f"{where}: {exc}") from None


def record_game(data: Any) -> str:
    """The game a parsed JSON record names: its `game`, or GFF when it names none."""
    if not isinstance(data, dict):
        raise _bad("a hand record must be a JSON object")
    return data.get("game", DEFAULT_GAME)


def parse_record(data: Any, *, games: Sequence[str] | None = None) -> HandRecord:
    """Any registered game's record (engine/games.py); actions are kept raw.

    `games` narrows the games accepted. The fields are checked in a fixed order, so a
    record broken in two ways is always refused for the same one.
    """
    from engine import games as registry  # the registry imports the games, which import this

    game = record_game(data)
    known = registry.GAMES if games is None else {g: registry.GAMES[g] for g in games}
    if not isinstance(game, str) or game not in known:
        _require(data, registry.GAMES[DEFAULT_GAME].info)
        raise _bad(f"game must be one of {', '.join(known)}, not {game!r}")
    return known[game].parse_record(data)


def _require(data: dict, info: GameInfo) -> None:
    cards = "deck" if info.deals_per_game == 1 else "decks"  # G3.2
    names = ["stake", "seats", "dealer", cards, "actions"]
    if not info.has_dealer:
        names.remove("dealer")
    for name in names:
        if name not in data:
            raise _bad(f"the record has no {name!r}")


def parse_common(data: Any, info: GameInfo) -> HandRecord:
    """What every game's record shares (G3), checked against `info`; actions kept raw."""
    if not isinstance(data, dict):
        raise _bad("a hand record must be a JSON object")
    _require(data, info)
    stake = _whole(data["stake"], "stake", minimum=1)
    seats = _parse_seats(data["seats"], info.max_seats)
    ids = [s.id for s in seats]
    dealer = None
    if info.has_dealer:
        dealer = data["dealer"]
        if not isinstance(dealer, str) or dealer not in ids:
            raise _bad(f"the dealer {dealer!r} is not one of the seats")
    if info.deals_per_game == 1:
        deck, decks = _parse_deck(data["deck"], info.pack), ()
    else:
        deck, decks = (), _parse_decks(data["decks"], info.pack, info.deals_per_game)
    # A game whose pots never carry ignores a `carry`, as any field it does not know.
    carry = _parse_carry(data.get("carry", {}), info.carried_pots) if info.carried_pots else {}
    options = _parse_options(data.get("options", {}), info.options)
    actions = data["actions"]
    if not isinstance(actions, list):
        raise _bad("actions must be a list")
    salt = data.get("salt")
    salt = salt if isinstance(salt, str) else None  # only the commitment's; replay ignores it
    reshuffles = _parse_reshuffles(data.get("reshuffles", []), info.pack) if info.reshuffles else ()
    return HandRecord(
        info.id, stake, seats, dealer, deck, carry, tuple(actions), salt, options, decks,
        reshuffles,
    )


def _parse_reshuffles(raw: Any, pack: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """G3.2: lists of card codes of the pack. Whether an entry holds exactly the discard
    pile it rebuilds is the game's check when it is reached (engine/restock.py)."""
    if not isinstance(raw, list) or not all(isinstance(order, list) for order in raw):
        raise _bad("reshuffles must be a list of lists of card codes")
    joker = C.JOKER in pack
    orders = []
    for k, order in enumerate(raw):
        cards = tuple(_card(code, f"reshuffles[{k}]", joker=joker) for code in order)
        strangers = set(cards) - set(pack)
        if strangers:
            raise _bad(f"reshuffles[{k}]: {C.code(min(strangers))} is not a card of this pack")
        orders.append(cards)
    return tuple(orders)


def _parse_options(raw: Any, allowed: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise _bad("options must be an object")
    unknown = sorted(set(raw) - set(allowed))
    if unknown:
        words = ", ".join(allowed) if allowed else "none"
        raise _bad(f"unknown option {unknown[0]!r} (this game's options: {words})")
    return dict(raw)


def _parse_seats(raw: Any, max_seats: int = MAX_SEATS) -> tuple[SeatRecord, ...]:
    if not isinstance(raw, list) or not raw:
        raise _bad("seats must be a non-empty list")
    if len(raw) > max_seats:
        raise _bad(f"a table seats at most {max_seats} players, this record has {len(raw)}")
    seats = []
    for i, seat in enumerate(raw):
        if not isinstance(seat, dict) or "id" not in seat or "stack" not in seat:
            raise _bad(f"seat {i} must be an object with an id and a stack")
        seat_id = seat["id"]
        if not isinstance(seat_id, str) or not seat_id:
            raise _bad(f"seat {i}: the id must be a non-empty string")
        seats.append(
            SeatRecord(seat_id, _whole(seat["stack"], f"the stack of {seat_id}", minimum=0))
        )
    ids = [s.id for s in seats]
    if len(set(ids)) != len(ids):
        raise _bad("two seats have the same id")
    return tuple(seats)


def _parse_deck(raw: Any, pack: tuple[Card, ...] = C.DECK) -> tuple[Card, ...]:
    """G1.2, G3.2: exactly the game's pack, each card once, top card first."""
    size = len(pack)
    if not isinstance(raw, list):
        raise _bad(f"deck must be a list of {size} card codes")
    joker = C.JOKER in pack
    deck = tuple(_card(code, f"deck[{i}]", joker=joker) for i, code in enumerate(raw))
    if len(set(deck)) != len(deck):
        seen: set[Card] = set()
        twice = next(c for c in deck if c in seen or seen.add(c))
        raise _bad(f"the deck has {C.code(twice)} twice")
    strangers = set(deck) - set(pack)
    if strangers:
        raise _bad(f"{C.code(min(strangers))} is not a card of this game's pack")
    if len(deck) != size:
        missing = sorted(set(pack) - set(deck))
        raise _bad(
            f"the deck must hold all {size} cards; missing {' '.join(map(C.code, missing))}"
        )
    return deck


def _parse_decks(raw: Any, pack: tuple[Card, ...], count: int) -> tuple[tuple[Card, ...], ...]:
    """G3.2: one whole pack per deal or round, `decks[0]` the first deal's."""
    if not isinstance(raw, list) or len(raw) != count:
        raise _bad(f"decks must be a list of {count} packs of {len(pack)} cards, one per deal")
    packs = []
    for i, deck in enumerate(raw):
        try:
            packs.append(_parse_deck(deck, pack))
        except EngineError as exc:
            raise _bad(f"decks[{i}]: {exc.message}") from None
    return tuple(packs)


def _parse_carry(raw: Any, pots: tuple[str, ...] = ("flip", "flop")) -> dict[str, int]:
    if not isinstance(raw, dict):
        example = ", ".join(f'"{pot}": 0' for pot in pots)
        raise _bad(f"carry must be an object like {{{example}}}")
    return {pot: _whole(raw.get(pot, 0), f"the carried {pot} pot", minimum=0) for pot in pots}

