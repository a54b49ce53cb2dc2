"""Piquet's embeds: the table, a partie's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public view
and the settlement, which hold what PIQUET-2.2, 2.4, 3.6 and 4.1 make public: carte
blanche once shown, how many cards each took, the rest of the talon when the dealer shows
it, declarations as said aloud (a size, a value, a rank; never a card or a suit), the
cards played and the scores. `hand_embed` shows a hand and is for ephemeral replies only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from cogs.table.emojis import faces_and_words, hand_heading
from cogs.table.emojis.fitting import Show, fitted
from cogs.table.emojis.shown import FACES
from cogs.table.frames import GOLD, GREEN, GREY, Field, ResultLines, due, waiting_line
from cogs.table.names import clip, count, seat_name
from engine import cards as C
from engine.cards import Card
from engine.piquet.settlement import PiquetSettlement
from engine.piquet.views import Announcement, Call, PrivateView, PublicView

LOBBY_TITLE = "Piquet"
DEALS = 6

# Said aloud (3.6): the sequences' and sets' old names, the ranks as words.
SEQUENCE_NAMES = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième",
                  8: "huitième"}
RANK_WORDS = {"7": "sevens", "8": "eights", "9": "nines", "T": "tens", "J": "jacks",
              "Q": "queens", "K": "kings", "A": "aces"}
TOP_WORDS = {"7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen",
             "K": "king", "A": "ace"}
KIND_TITLES = {"point": "Point", "sequence": "Sequence", "set": "Sets"}
PHASES = {"exchange": "the exchange", "declare": "declarations", "play": "the play"}
BONUSES = ("carte_blanche", "repique", "pique", "cards", "capot")  # named on the sheet
BONUS_WORDS = {"carte_blanche": "carte blanche", "repique": "repique", "pique": "pique",
               "cards": "the cards", "capot": "capot"}

ENDED = {
    "won": "the higher total wins the margin",  # PIQUET-5.2
    "rubicon": "the loser is rubiconed (under 100): the totals are added",
    "tie": "equal totals: a tie, no chips move",  # 5.1, 6.1
}


def call_words(kind: str, call: Call) -> str:
    """3.6: a point by its cards, a sequence by its length, a set by rank and size."""
    if kind == "point":
        return f"point of {call.size}"
    if kind == "sequence":
        return f"{SEQUENCE_NAMES.get(call.size, f'sequence of {call.size}')} ({call.size})"
    rank = RANK_WORDS.get(call.rank or "", call.rank or "?")
    return f"{'three' if call.size == 3 else 'quatorze: four'} {rank}"


def second_words(kind: str, said: int | str) -> str:
    """3.6: after "equal", the point's value or the sequence's top card."""
    if kind == "point":
        return f"making {said}"
    return f"to the {TOP_WORDS.get(str(said), str(said))}"


def announcement_line(a: Announcement, elder: str, dealer: str) -> str:
    """One kind's declarations as the table heard them (3.6)."""
    e, d = seat_name(elder), seat_name(dealer)
    if a.elder is None:
        said = f"{e}: none"
        if a.dealer is not None:
            said += f"; {d}: {call_words(a.kind, a.dealer)}"
    else:
        said = f"{e}: {call_words(a.kind, a.elder)} — {d}: {a.reply}"
        if a.reply == "not good" and a.dealer is not None:
            said += f" ({call_words(a.kind, a.dealer)})"
        if a.reply == "equal" and a.elder_second is not None:
            said += f"; {e}: {second_words(a.kind, a.elder_second)} — {d}: {a.second_reply}"
            if a.second_reply == "not good" and a.dealer_second is not None:
                said += f" ({second_words(a.kind, a.dealer_second)})"
    if a.winner is None:
        return f"**{KIND_TITLES[a.kind]}** — {said}. Nobody scores."
    scored = f"{seat_name(a.winner)} scores {a.scored}"
    if a.others:
        scored += ", with " + ", ".join(call_words(a.kind, other) for other in a.others)
    return f"**{KIND_TITLES[a.kind]}** — {said}. {scored}."


def _calling_line(public: PublicView) -> str | None:
    """The kind being declared now: the non-dealer's call, before the reply."""
    if public.kind is None:
        return None
    title = KIND_TITLES[public.kind]
    if public.elder_call is None:
        return f"**{title}** — {seat_name(public.elder)} to declare."
    said = ("none" if public.elder_call == "none"
            else call_words(public.kind, public.elder_call))  # type: ignore[arg-type]
    return f"**{title}** — {seat_name(public.elder)}: {said} — {seat_name(public.dealer)} to reply."


def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    for seat in public.seats:
        marks = ["dealer" if seat.id == public.dealer else "elder"]
        if seat.id in away:
            marks.append("away")
        turn = "▶ " if seat.id in public.to_act else ""
        took = f" · took {seat.took}" if seat.took is not None else ""
        playing = f" · {count(seat.tricks, 'trick')}" if public.phase in ("play",) else ""
        this_deal = f" · this deal {seat.deal_score}" if public.phase != "over" else ""
        lines.append(
            f"{turn}{seat_name(seat.id)} — {seat.stack} chips · partie {seat.total}"
            f"{this_deal} · {count(seat.cards, 'card')}{took}{playing} · {', '.join(marks)}"
        )
    return lines


def _bonus_words(detail: Mapping[str, int]) -> list[str]:
    return [f"{BONUS_WORDS[part]} {detail[part]}" for part in BONUSES if detail.get(part)]


def score_sheet(deals: Sequence[dict], seats: Sequence[str]) -> list[str]:
    """7.3's `deals`, one line each, with the running totals and the bonuses scored."""
    lines = []
    totals = dict.fromkeys(seats, 0)
    for number, deal in enumerate(deals, 1):
        parts = []
        for seat in seats:
            totals[seat] += deal["scores"][seat]
            bonus = _bonus_words(deal["detail"][seat])
            extra = f" ({', '.join(bonus)})" if bonus else ""
            parts.append(f"{seat_name(seat)} {deal['scores'][seat]}{extra}")
        lines.append(f"{number}. dealer {seat_name(deal['dealer'])}: " + " · ".join(parts)
                     + " — totals " + " – ".join(str(totals[s]) for s in seats))
    return lines


def _trick_words(cards: Sequence[tuple[str, int]], show: Show = faces_and_words) -> str:
    """The cards of a trick, each by who played it (public: PIQUET-4.1)."""
    return " · ".join(f"{seat_name(seat)} {show((card,))}" for seat, card in cards)


def table_embed(
    public: PublicView, *, hand_number: int, detail: Mapping[str, Mapping[str, int]],
    deadline: int | None = None, away: set[str] | frozenset[str] = frozenset(),
) -> discord.Embed:
    """The public table during a partie. `detail` is this deal's scores by part (7.3),
    all public; `deadline` is a Unix time for the turn's end."""
    seats = [s.id for s in public.seats]
    if public.to_act:
        when = due(deadline)
        headline = (f"Deal {public.deal} of {DEALS}, {PHASES[public.phase]}: "
                    f"{seat_name(public.to_act[0])} to act{when}.")
    else:
        headline = f"The partie is over: {ENDED.get(public.ended or '', public.ended)}."
    embed = discord.Embed(
        title=f"{LOBBY_TITLE} — partie {hand_number}",
        description=f"Stake {public.stake}. {headline}",
        colour=GREEN if public.to_act else GOLD,
    )
    embed.add_field(name="Seats", value=clip(_seat_lines(public, set(away))), inline=False)
    if public.phase != "over":
        embed.add_field(name=f"Deal {public.deal}", inline=False,
                        value=fitted(lambda show: _deal_lines(public, detail, show)))
    said = [announcement_line(a, public.elder, public.dealer) for a in public.announcements]
    calling = _calling_line(public)
    if calling:
        said.append(calling)
    if said and public.phase != "over":
        embed.add_field(name="Declarations", value=clip(said), inline=False)
    if public.phase == "play":
        on_table = _trick_words(public.trick) if public.trick else "no card led yet"
        embed.add_field(name=f"Trick {len(public.tricks) + 1} of 12", value=on_table,
                        inline=False)
        def done(show: Show) -> list[str]:
            return [f"{n}. {_trick_words(t.cards, show)} → {seat_name(t.winner)}"
                    for n, t in enumerate(public.tricks, 1)][-4:]

        if public.tricks:
            embed.add_field(name="Tricks", value=fitted(done), inline=False)
    sheet = score_sheet(public.deals, seats)
    embed.add_field(name="Score sheet", value=clip(sheet) if sheet else "no deal finished yet",
                    inline=False)
    return embed


def _deal_lines(public: PublicView, detail: Mapping[str, Mapping[str, int]],
                show: Show = faces_and_words) -> list[str]:
    lines = []
    for seat, shown in public.carte_blanche:  # 2.2
        cards = f": {show(shown)}" if shown else " (shown after the exchange)"
        lines.append(f"{seat_name(seat)} has carte blanche, 10{cards}")
    took = [f"{seat_name(s.id)} took {s.took}" for s in public.seats if s.took is not None]
    talon = f"talon {count(public.talon, 'card')}"
    if public.talon_shown:  # 2.4
        talon += f", shown: {show(public.talon_shown)}"
    lines.append(" · ".join([*took, talon]))
    for seat, parts in detail.items():
        bonus = [b for b in _bonus_words(parts) if not b.startswith("carte")]
        if bonus:
            lines.append(f"{seat_name(seat)}: {', '.join(bonus)}!")
    return lines


def outcome_words(ended: str, winners: Sequence[str], scores: Mapping[str, int],
                  margin: int | None, paid: int) -> str:
    """5.1, 5.2, 6.1: who won, by what margin, the Rubicon, the chips paid."""
    if ended == "tie" or not winners:
        return "A tie on equal totals: no chips move."
    winner = winners[0]
    loser = next(seat for seat in scores if seat != winner)
    said = (f"{seat_name(winner)} wins, {scores[winner]} to {scores[loser]}: "
            f"margin {margin}")
    if ended == "rubicon":
        said += f" — {seat_name(loser)} is rubiconed (under 100), so the totals are added"
    return said + f". {seat_name(loser)} pays {count(paid, 'chip')}."


def result_lines(settlement: PiquetSettlement) -> ResultLines:
    sheet = score_sheet(settlement.deals, list(settlement.scores))
    return ResultLines(outcome_words(settlement.ended, settlement.winners, settlement.scores,
                                     settlement.margin, settlement.paid),
                       fields=(Field("Score sheet", clip(sheet)),))


def history_ending(result: dict) -> str:
    """How the partie ended, and the totals (PIQUET-7.3)."""
    totals = " – ".join(str(v) for v in result.get("scores", {}).values())
    return f"{result.get('ended', '?')} {totals}"


def history_words(result: dict) -> str:
    if result.get("ended") == "tie":
        return "no chips"
    winners = result.get("winners") or ["?"]
    return f"<@{winners[0]}> by {result.get('margin')}, paid {result.get('paid', 0)}"


def _by_suit(cards: Sequence[Card]) -> str:
    """A hand at the top of its embed, as `hand_heading` shows one (the faces as a
    heading, the words under them), with a gap between suits."""
    if not cards:
        return hand_heading(cards)
    groups: dict[int, list[Card]] = {}
    for card in cards:
        groups.setdefault(C.suit(card), []).append(card)
    suits = [group for _, group in sorted(groups.items())]
    words = "   ".join(C.labels(group) for group in suits)
    if not FACES.on:
        return f"# {words}"
    return f"# {' '.join(FACES.cards(group) for group in suits)}\n{words}"


def hand_embed(view: PrivateView, *, note: str = "") -> discord.Embed:
    """A player's own hand. Ephemeral replies only."""
    public = view.public
    if view.exchange_limit:
        first = view.seat == public.elder
        state = (f"Your exchange: press 1 to {view.exchange_limit} of your cards to "
                 "discard (a green card is picked; press it again to put it back), then "
                 "press Exchange." + ("" if first else " Exchange and show the rest shows "
                                      "both of you the cards left in the talon."))
    elif view.choices:
        state = (f"Declare your {public.kind}: choose one of your combinations (best "
                 "first), or sink it.")
    elif view.playable:
        state = "Your turn: press a card to play it" + (
            " (follow suit: the cards you may play are the ones enabled)." if public.trick
            else ".")
    else:
        state = waiting_line(public.to_act[0] if public.to_act else None, "The partie is over.")
    said = f"> {note}\n" if note else ""
    embed = discord.Embed(
        title=f"Your hand — deal {public.deal} of {DEALS}",
        description=f"{said}{_by_suit(view.hand)}\n{state}",
        colour=GREEN if view.legal else GREY,
    )
    if view.discards:
        embed.add_field(name="Your discards", value=faces_and_words(view.discards),
                        inline=True)
    if view.rest_seen:
        embed.add_field(name="The rest of the top five (only you see them)",
                        value=faces_and_words(view.rest_seen), inline=True)
    mine = next(s for s in public.seats if s.id == view.seat)
    embed.add_field(name="Your score", value=f"this deal {mine.deal_score} · partie "
                    f"{mine.total}", inline=False)
    if public.trick:
        embed.add_field(name="On the table", value=_trick_words(public.trick), inline=False)
    return embed
