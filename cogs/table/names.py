"""How every game's embeds name seats and count things, and fit lines in a field; and how
what the engine says reaches players."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.tables.computer import computer_name, is_computer
from bot.words import count

FIELD_LIMIT = 1024  # characters in one embed field value

__all__ = ["clip", "count", "for_players", "mention_seats", "seat_name", "sentence",
           "without_citations"]


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


# The engine cites the rules it applies: "(FARO-4.7)", "(G3.2)", "(CONC-1.2, 6.2)",
# "(TONK-3.1-3.3)", and a game's own module its bare rule, "(1.1)". A citation is a
# page's prefix and a number, or a number of sections; more numbers may follow it.
_NUMBERS = r"\d+(?:\.\d+)*(?:(?:-|/| to )\d+(?:\.\d+)*)?"  # 4.7, 3.1-3.3, 4.3/4.4, 4.2 to 4.4
_CITATION = rf"(?:[A-Z]{{2,}}-(?=\d{{1,2}}\b){_NUMBERS}|G\d+\.{_NUMBERS}|\d+\.{_NUMBERS})"
_CITATIONS = rf"{_CITATION}(?:,\s*(?:{_CITATION}|{_NUMBERS}))*"
_ONLY_CITATIONS = re.compile(rf"\s*\({_CITATIONS}\)")  # " (FARO-4.7)"
_LAST_CITATIONS = re.compile(rf"(\([^()]*?),\s*{_CITATIONS}\)")  # "(5 stakes, PIQUET-1.4)"


def without_citations(text: str) -> str:
    """The rule numbers taken out: they are for the logs and the replay's output."""
    return _LAST_CITATIONS.sub(r"\1)", _ONLY_CITATIONS.sub("", text))


def for_players(text: str, seat_ids: Sequence[str]) -> str:
    """What the engine said (a refusal, a reason), as players read it: every seat by its
    name and no rule number. The engine's own words keep both, for logs and records.
    A lazy message (`Text`) is worded first, in the current language."""
    return mention_seats(without_citations(str(text)), seat_ids)


def sentence(text: str) -> str:
    """`text` ending in one full stop, whether or not it ended in one already."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?", "…")) else text + "."
