"""Faces within an embed's limits. A face is some 30 characters of markup against a
label's two or three, so a field that holds a hand in words may not hold it in faces
(Discord: 1,024 characters a field). Two ways to give way, written once for every game:
lines that read alike (one a seat) are all faces or all words; a growing list (rounds,
turns) keeps faces on its newest lines and words on the older."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from cogs.table.emojis.shown import faces_and_words
from cogs.table.names import FIELD_LIMIT, clip
from engine import cards as C
from engine.cards import Card

# How a render shows cards: faces and words, or words alone.
Show = Callable[[Iterable[Card]], str]
ROOM = 4  # what clip() keeps free for its "…"


def faces_if_all_fit(faced: Sequence[str], worded: Sequence[str],
                     limit: int = FIELD_LIMIT) -> str:
    """A field of lines that read alike: every line with faces if they all fit, else every
    line in words, rather than faces for some seats and not others."""
    fits = sum(len(line) + 1 for line in faced) <= limit - ROOM
    return clip(faced if fits else worded, limit)


def fitted(lines: Callable[[Show], list[str]], limit: int = FIELD_LIMIT) -> str:
    """`faces_if_all_fit` of lines made by one function, given how to show cards."""
    return faces_if_all_fit(lines(faces_and_words), lines(C.labels), limit)


def faces_while_they_fit(faced: Sequence[str], worded: Sequence[str],
                         limit: int = FIELD_LIMIT) -> str:
    """A field of lines, oldest first, given with faces (`faced`) and in words (`worded`).
    The newest line, the one just made, has faces (if it fits at all); the older are
    words, as many as fit (`clip` drops the oldest); then the newest of those have faces
    too, as far as the field holds them without losing a line. So a long game shows its
    latest rounds as faces and keeps its history in words."""
    if not faced:
        return clip([], limit)
    room = limit - ROOM
    newest = faced[-1] if len(faced[-1]) + 1 <= room else worded[-1]
    lines = [*worded[:-1], newest]
    size = kept = 0
    for line in reversed(lines):  # the lines clip keeps
        if size + len(line) + 1 > room:
            break
        size, kept = size + len(line) + 1, kept + 1
    for i in range(len(lines) - 2, len(lines) - 1 - kept, -1):
        grown = size + len(faced[i]) - len(worded[i])
        if grown > room:
            break
        lines[i], size = faced[i], grown
    return clip(lines, limit)
