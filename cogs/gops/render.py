"""Gops's embeds: the table, a game's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public
view, which holds no bid before its round's reveal (GOPS-4): the table says who has
bid, never what. Every resolved round stays on the table, newest last, so a round's
reveal is shown even when the next round's bids follow at once. `hand_embed` shows
the player's own bid and is used for ephemeral replies only. The frames are the sealed
games' (cogs/sealed/render.py). Every card shows its face beside its words; the lines
that grow all game (the seats' prizes won, every round's bids) fall back to words where
faces would overflow their field.
"""

from __future__ import annotations

import discord

from cogs.sealed import render as sealed
from cogs.sealed.words import BIDS
from cogs.table.emojis import face_and_word, faces_and_words
from cogs.table.emojis.fitting import faces_if_all_fit, faces_while_they_fit
from cogs.table.frames import Field, ResultLines, due, mentions
from cogs.table.names import clip, count, seat_name
from engine import cards as C
from engine.gops.deal import ROUNDS, prize_value
from engine.gops.settlement import GopsSettlement
from engine.gops.views import PrivateView, PublicView, RoundView, SeatView

LOBBY_TITLE = "Gops"


def _prize(card: C.Card) -> str:
    return f"{face_and_word(card)} (worth {prize_value(card)})"


def _about(seat: SeatView, faces: bool) -> str:
    """The suit a seat bids with, its cards left, its score and the prizes it won
    (GOPS-4.1: public), as faces or in words."""
    won = faces_and_words(seat.won) if faces else C.labels(seat.won)
    won = f" · won {won}" if seat.won else ""
    suit = C.SUIT_SYMBOLS[seat.suit] if seat.suit is not None else "?"
    return f"bids {suit} · {count(seat.cards, 'card')} · **{seat.score}** points{won}"


def _seat_lines(public: PublicView, away: set[str]) -> str:
    def mark(seat: SeatView) -> str | None:  # every seat dealt in bids each round
        if public.ended is not None:
            return None
        return BIDS.made_mark if seat.has_bid else BIDS.due_mark

    faced, worded = ([sealed.seat_line(seat, public, away, _about(seat, faces), mark(seat))
                      for seat in public.seats] for faces in (True, False))
    return faces_if_all_fit(faced, worded)


def round_line(number: int, resolved: RoundView, *, faces: bool = True) -> str:
    """One reveal: the prize, every bid, who took it (GOPS-2.3); as faces or in words."""
    one = face_and_word if faces else C.label
    bids = ((seat, one(card)) for seat, card in resolved.bids)
    shown = sealed.reveal_line(bids, resolved.winner, won="takes it", tied="discarded")
    return f"{number}. {one(resolved.prize)} — {shown}"


def _rounds_shown(public: PublicView) -> str:
    """Every resolved round, newest last: its faces while the field holds them."""
    if not public.rounds:
        return "none yet"
    faced, worded = ([round_line(i + 1, r, faces=faces) for i, r in enumerate(public.rounds)]
                     for faces in (True, False))
    return faces_while_they_fit(faced, worded)


def table_embed(
    public: PublicView, *, hand_number: int, deadline: int | None = None,
    away: set[str] | frozenset[str] = frozenset(),
) -> discord.Embed:
    """The public table during a game. `deadline` is a Unix time for the bids' end."""
    waiting = [s.id for s in public.seats if s.dealt_in and not s.has_bid]
    if public.ended is None and public.prize is not None:
        when = due(deadline)
        names = ", ".join(seat_name(s) for s in waiting)
        headline = (f"Round {public.round} of {ROUNDS}: the prize is **{_prize(public.prize)}**. "
                    f"Sealed bids from {names}{when}.")
    else:
        headline = "The game is over: all 13 prizes are played."
    fields = [
        Field("Bids shown", _rounds_shown(public)),
        # At most the 13 prizes: their faces always fit.
        Field("Discarded prizes", faces_and_words(public.discarded, empty="none"),
              inline=True),
        Field("Prizes face down", str(public.prizes_left), inline=True),
    ]
    return sealed.table_embed(public, LOBBY_TITLE, headline, _seat_lines(public, set(away)),
                              fields, hand_number=hand_number)


def winner_line(settlement: GopsSettlement) -> str:
    best = max(settlement.scores.values(), default=0)
    named = sealed.names(settlement.winners)
    if len(settlement.winners) == 1:
        return f"{named} has the highest score, {best}, and takes the pot"
    return f"{named} tie with {best} and share the pot"


def result_lines(settlement: GopsSettlement) -> ResultLines:
    scores = [f"{seat_name(s)}: {points}" for s, points in settlement.scores.items()]
    return ResultLines(f"{winner_line(settlement)}.", fields=(Field("Scores", clip(scores)),))


def history_words(result: dict) -> str:
    """GOPS-6.4: the pot's winners and every score."""
    scores = ", ".join(f"<@{s}> {p}" for s, p in result.get("scores", {}).items())
    return f"pot to {mentions(result.get('winners', []))} (scores {scores})"


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own hand and sealed bid. Ephemeral replies only."""
    public = view.public
    if public.ended is not None:
        state = "The game is over."
    elif view.legal:
        state = (f"Bid a card for **{_prize(public.prize)}**: press it below. "
                 "A bid is final.")
    elif view.bid is not None:
        waiting = ", ".join(seat_name(s.id) for s in public.seats
                            if s.dealt_in and not s.has_bid)
        state = (f"Your bid for {_prize(public.prize)}: **{face_and_word(view.bid)}** (final). "
                 f"Waiting for {waiting}.")
    else:
        state = "No bid is due from you."
    me = next((s for s in public.seats if s.id == view.seat), None)
    fields = [Field("Your score", str(me.score), inline=True)] if me is not None else []
    fields.append(Field("Round", f"{min(public.round, ROUNDS)} of {ROUNDS}", inline=True))
    if public.rounds:
        fields.append(Field("Last round", round_line(len(public.rounds), public.rounds[-1])))
    return sealed.hand_embed(view, state, fields, note=note)
