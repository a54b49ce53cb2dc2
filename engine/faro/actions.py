"""A Faro player's moves (FARO-9) and the positions bets lie on (FARO-4, 6).

Ranks are the page's numbers, A = 1 ... K = 13 (FARO-1.1); in a record they are
`A 2 … 9 T J Q K`, `10` accepted, in either case.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.action_parser import ActionParser, bad, flag, whole_number

RANK_CODES = "A23456789TJQK"
EVEN = tuple(range(2, 14, 2))  # 2 4 6 8 10 Q (FARO-4.3)
ODD = tuple(range(1, 14, 2))  # A 3 5 7 9 J K

# Position kinds.
CARD, COMBO, HIGH, CALL = "card", "combo", "high", "call"
EVEN_KIND, ODD_KIND = "even", "odd"
KIND_WORDS = {HIGH: "high card", EVEN_KIND: "even", ODD_KIND: "odd"}

BET, REMOVE, CALL_DO, READY, LEAVE = "bet", "remove", "call", "ready", "leave"


class Position(NamedTuple):
    """Where a bet lies: its kind, the ranks it covers (a call: its order) and copper."""

    kind: str
    ranks: tuple[int, ...]
    copper: bool = False

    def on_json(self) -> Any:
        if self.kind == CARD:
            return rank_code(self.ranks[0])
        if self.kind in (COMBO, CALL):
            return [rank_code(r) for r in self.ranks]
        return self.kind

    def label(self) -> str:
        kind = self.kind
        if kind == CARD:
            words = rank_code(self.ranks[0]) if self.ranks else ""
        elif kind == COMBO:
            words = "-".join(map(rank_code, self.ranks))
        elif kind == CALL:
            words = "call " + " ".join(map(rank_code, self.ranks))
        else:
            words = KIND_WORDS[kind]
        return words + (" (coppered)" if self.copper else "")


class Bet(NamedTuple):
    seat: str
    position: Position
    amount: int

    def to_json(self) -> dict:
        data = {"seat": self.seat, "do": BET, "on": self.position.on_json(),
                "amount": self.amount}
        if self.position.copper:
            data["copper"] = True
        return data


class Call(NamedTuple):
    seat: str
    position: Position  # kind CALL, ranks the order [losing, winning, hoc]
    amount: int

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": CALL_DO, "order": self.position.on_json(),
                "amount": self.amount}


class Remove(NamedTuple):
    seat: str
    position: Position

    def to_json(self) -> dict:
        if self.position.kind == CALL:
            return {"seat": self.seat, "do": REMOVE, "order": self.position.on_json()}
        return {"seat": self.seat, "do": REMOVE, "on": self.position.on_json(),
                "copper": self.position.copper}


class Ready(NamedTuple):
    seat: str

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": READY}


class Leave(NamedTuple):
    seat: str

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": LEAVE}


FaroAction = Bet | Call | Remove | Ready | Leave


def rank_code(rank: int) -> str:
    return RANK_CODES[rank - 1]


def parse_rank(raw: Any, index: int) -> int:
    text = raw.strip().upper() if isinstance(raw, str) else None
    if text == "10":
        text = "T"
    if not text or len(text) != 1 or text not in RANK_CODES:
        raise bad(index, f"{raw!r} is not a rank (A 2 ... 9 T J Q K)")
    return RANK_CODES.index(text) + 1


def parse_on(raw: Any, copper: bool, index: int) -> Position:
    """FARO-4.1 to 4.5: a rank, a list of ranks, "even", "odd" or "high"."""
    if isinstance(raw, str) and raw.strip().lower() in (EVEN_KIND, ODD_KIND, HIGH):
        kind = raw.strip().lower()
        return Position(kind, {EVEN_KIND: EVEN, ODD_KIND: ODD, HIGH: ()}[kind], copper)
    if isinstance(raw, list):
        # The list's size and repeats are a rule (4.2), checked in play: kept as written.
        return Position(COMBO, tuple(sorted(parse_rank(r, index) for r in raw)), copper)
    if isinstance(raw, str):
        return Position(CARD, (parse_rank(raw, index),), copper)
    raise bad(index, f'"on" must be a rank, a list of ranks, "even", "odd" or "high", not {raw!r}')


def parse_order(raw: Any, index: int) -> Position:
    if not isinstance(raw, list):
        raise bad(index, '"order" must be a list of ranks [losing, winning, hoc]')
    return Position(CALL, tuple(parse_rank(r, index) for r in raw))


def _amount(raw: dict, index: int) -> int:
    return whole_number(
        raw, "amount", index, '"amount" must be a whole number of chips, at least 1', least=1
    )


def _copper(raw: dict, index: int) -> bool:
    return flag(raw, "copper", index, '"copper" must be true or false')


def _read_bet(seat: str, raw: dict, index: int) -> Bet:
    if "on" not in raw:
        raise bad(index, 'a bet needs "on"')
    copper = _copper(raw, index)
    return Bet(seat, parse_on(raw["on"], copper, index), _amount(raw, index))


def _read_remove(seat: str, raw: dict, index: int) -> Remove:
    if ("on" in raw) == ("order" in raw):
        raise bad(index, 'remove needs either "on" (and "copper") or "order"')
    if "order" in raw:
        return Remove(seat, parse_order(raw["order"], index))
    return Remove(seat, parse_on(raw["on"], _copper(raw, index), index))


def _read_call(seat: str, raw: dict, index: int) -> Call:
    order = parse_order(raw.get("order"), index)
    # A coppered call is read, then refused as a rule (FARO-6.1: no copper).
    order = order._replace(copper=_copper(raw, index))
    return Call(seat, order, _amount(raw, index))


def _read_ready(seat: str, raw: dict, index: int) -> Ready:
    return Ready(seat)


def _read_leave(seat: str, raw: dict, index: int) -> Leave:
    return Leave(seat)


# One record action (FARO-9), or `bad_record` pinned to its index.
parse_action = ActionParser(
    {BET: _read_bet, REMOVE: _read_remove, CALL_DO: _read_call, READY: _read_ready,
     LEAVE: _read_leave},
    (Bet, Call, Remove, Ready, Leave),
    not_an_object="action {index}: must be an object",
)
