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

from bot.i18n import N_, _
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

# Translators: the game's name: Goofspiel, where players bid cards for prize cards
LOBBY_TITLE = N_("Gops")


def _prize(card: C.Card) -> str:
    # Translators: a prize card and how many points it is worth: "🂮 K♦ (worth 13)"
    return _("{card} (worth {value})", card=face_and_word(card), value=prize_value(card))


def _about(seat: SeatView, faces: bool) -> str:
    """The suit a seat bids with, its cards left, its score and the prizes it won
    (GOPS-4.1: public), as faces or in words."""
    won = faces_and_words(seat.won) if faces else C.labels(seat.won)
    suit = C.SUIT_SYMBOLS[seat.suit] if seat.suit is not None else "?"
    # Translators: a player bids with the cards of this suit ("bids ♠")
    facts = [_("bids {suit}", suit=suit), count(seat.cards, "card"),
             # Translators: a player's score so far, the sum of their prizes' values
             _("**{score}** points", score=seat.score)]
    if seat.won:
        # Translators: the prize cards a player has taken so far
        facts.append(_("won {cards}", cards=won))
    return " · ".join(facts)


def _seat_lines(public: PublicView, away: set[str]) -> str:
    def mark(seat: SeatView) -> str | None:  # every seat dealt in bids each round
        if public.ended is not None:
            return None
        return _(BIDS.made_mark) if seat.has_bid else _(BIDS.due_mark)

    faced, worded = ([sealed.seat_line(seat, public, away, _about(seat, faces), mark(seat))
                      for seat in public.seats] for faces in (True, False))
    return faces_if_all_fit(faced, worded)


def round_line(number: int, resolved: RoundView, *, faces: bool = True) -> str:
    """One reveal: the prize, every bid, who took it (GOPS-2.3); as faces or in words."""
    one = face_and_word if faces else C.label
    bids = ((seat, one(card)) for seat, card in resolved.bids)
    # Translators: after a player's name: their bid was the highest and takes the prize
    won = _("takes it")
    # Translators: a tie for the highest bid: the prize is discarded
    shown = sealed.reveal_line(bids, resolved.winner, won=won, tied=_("discarded"))
    return f"{number}. {one(resolved.prize)} — {shown}"


def _rounds_shown(public: PublicView) -> str:
    """Every resolved round, newest last: its faces while the field holds them."""
    if not public.rounds:
        # Translators: no round's bids have been shown yet
        return _("none yet")
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
        # Translators: {when} is empty or ", <t:…:R>", which Discord shows as "in 30 seconds"
        headline = " ".join((
            _("Round {round} of {rounds}: the prize is **{prize}**.", round=public.round,
              rounds=ROUNDS, prize=_prize(public.prize)),
            _("Sealed bids from {players}{when}.", players=names, when=when)))
    else:
        headline = _("The game is over: all 13 prizes are played.")
    fields = [
        Field(_("Bids shown"), _rounds_shown(public)),
        # At most the 13 prizes: their faces always fit.
        Field(_("Discarded prizes"), faces_and_words(public.discarded, empty=_("none")),
              inline=True),
        Field(_("Prizes face down"), str(public.prizes_left), inline=True),
    ]
    return sealed.table_embed(public, _(LOBBY_TITLE), headline,
                              _seat_lines(public, set(away)), fields, hand_number=hand_number)


def winner_line(settlement: GopsSettlement) -> str:
    best = max(settlement.scores.values(), default=0)
    named = sealed.names(settlement.winners)
    if len(settlement.winners) == 1:
        return _("{player} has the highest score, {score}, and takes the pot",
                 player=named, score=best)
    # Translators: two or more players tie with the highest score, {score}
    return _("{players} tie with {score} and share the pot", players=named, score=best)


def result_lines(settlement: GopsSettlement) -> ResultLines:
    scores = [f"{seat_name(s)}: {points}" for s, points in settlement.scores.items()]
    return ResultLines(f"{winner_line(settlement)}.", fields=(Field(_("Scores"), clip(scores)),))


def history_words(result: dict) -> str:
    """GOPS-6.4: the pot's winners and every score."""
    scores = ", ".join(f"<@{s}> {p}" for s, p in result.get("scores", {}).items())
    return _("pot to {players} (scores {scores})", players=mentions(result.get("winners", [])),
             scores=scores)


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own hand and sealed bid. Ephemeral replies only."""
    public = view.public
    if public.ended is not None:
        state = _("The game is over.")
    elif view.legal:
        state = " ".join((_("Bid a card for **{prize}**: press it below.",
                            prize=_prize(public.prize)),
                          _("A bid is final.")))
    elif view.bid is not None:
        waiting = ", ".join(seat_name(s.id) for s in public.seats
                            if s.dealt_in and not s.has_bid)
        state = " ".join((_("Your bid for {prize}: **{card}** (final).",
                            prize=_prize(public.prize), card=face_and_word(view.bid)),
                          _("Waiting for {players}.", players=waiting)))
    else:
        state = _("No bid is due from you.")
    me = next((s for s in public.seats if s.id == view.seat), None)
    fields = [Field(_("Your score"), str(me.score), inline=True)] if me is not None else []
    fields.append(Field(_("Round"), _("{round} of {rounds}", round=min(public.round, ROUNDS),
                                      rounds=ROUNDS), inline=True))
    if public.rounds:
        fields.append(Field(_("Last round"),
                            round_line(len(public.rounds), public.rounds[-1])))
    return sealed.hand_embed(view, state, fields, note=note)
