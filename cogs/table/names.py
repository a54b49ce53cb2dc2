"""How every game's embeds name seats and count things, and fit lines in a field."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.tables.computer import computer_name, is_computer

FIELD_LIMIT = 1024  # characters in one embed field value


def count(n: int, thing: str) -> str:
    """"1 card", "2 cards"."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def seat_name(seat_id: str) -> str:
    """A seat's name in an embed: a mention, which shows the member's name and never pings."""
    if not seat_id.isdigit():
        return seat_id
    if is_computer(int(seat_id)):
        return computer_name(int(seat_id))
    return f"<@{seat_id}>"


def clip(lines: Sequence[str], limit: int = FIELD_LIMIT) -> str:
    """Join lines, dropping the oldest ones that do not fit in an embed field."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        size += len(line) + 1
        if size > limit - 4:
            kept.append("…")
            break
        kept.append(line)
    return "\n".join(reversed(kept)) or "—"


# A whole number that is not already inside a mention: a candidate seat id.
_BARE_NUMBER = re.compile(r"(?<![<@\d])\d+(?!\d)")


def mention_seats(text: str, seat_ids: Sequence[str]) -> str:
    """Engine messages name seats by id; people read names, which a mention shows.

    One pattern for every seat: a pattern per seat id would be compiled again and
    again once a busy server seats more players than the regex cache holds.
    """
    seats = set(seat_ids)

    def name(found: re.Match[str]) -> str:
        return seat_name(found[0]) if found[0] in seats else found[0]

    return _BARE_NUMBER.sub(name, text)
