"""What is said across the table of Piquet's declarations (PIQUET-3.6): calls and replies,
never a card or a suit."""

from __future__ import annotations

from engine.cards import Card
from engine.piquet import scoring as S
from engine.piquet.actions import POINT, SET
from engine.piquet.views import Announcement, Call


def call(kind: str, combo: frozenset[Card]) -> Call:
    """3.6: point and sequence by their size; a set by size and rank."""
    return Call(len(combo), S.top_letter(combo) if kind == SET else None)


def _second(kind: str, combo: frozenset[Card]) -> int | str:
    """3.6: after "equal", the point's value or the sequence's top card."""
    return S.key(kind, combo)[1] if kind == POINT else S.top_letter(combo)


def announce(
    kind: str,
    elder: frozenset[Card] | None,
    dealer: frozenset[Card] | None,
    winner: str | None,
    scored: int,
    others: tuple[Call, ...],
) -> Announcement:
    """3.6: what is said aloud of one kind, and no more."""
    reply = dealer_call = elder_second = second_reply = dealer_second = None
    if elder is not None:
        if dealer is None:
            reply = "good"
        else:
            first_e, first_d = S.key(kind, elder), S.key(kind, dealer)
            if kind == SET or first_e[0] != first_d[0]:
                # A set's call names its rank too, so one reply settles it.
                reply = "good" if first_e > first_d else "not good"
                if reply == "not good":
                    dealer_call = call(kind, dealer)
            else:
                reply = "equal"
                elder_second = _second(kind, elder)
                second_e, second_d = first_e[1], first_d[1]
                if second_e > second_d:
                    second_reply = "good"
                elif second_e < second_d:
                    second_reply = "not good"
                    dealer_second = _second(kind, dealer)
                else:
                    second_reply = "equal"
    elif dealer is not None:
        dealer_call = call(kind, dealer)
    return Announcement(
        kind=kind,
        elder_declared=elder is not None,
        elder=call(kind, elder) if elder is not None else None,
        reply=reply,
        dealer=dealer_call,
        elder_second=elder_second,
        second_reply=second_reply,
        dealer_second=dealer_second,
        winner=winner,
        scored=scored,
        others=others,
    )
