"""Piquet's embeds: the table, a partie's result, a player's own hand.

Rendering only: every rule is the engine's. Public embeds are built from the public view
and the settlement, which hold what PIQUET-2.2, 2.4, 3.6 and 4.1 make public: carte
blanche once shown, how many cards each took, the rest of the talon when the dealer shows
it, declarations as said aloud (a size, a value, a rank; never a card or a suit), the
cards played and the scores. `hand_embed` shows a hand and is for ephemeral replies only.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import discord

from bot.i18n import N_, _, ngettext, pgettext
from cogs.table.emojis import faces_and_words, hand_heading
from cogs.table.emojis.fitting import Show, fitted
from cogs.table.emojis.shown import FACES
from cogs.table.frames import GOLD, GREEN, GREY, Field, ResultLines, due, waiting_line
from cogs.table.names import clip, count, seat_name
from engine import cards as C
from engine.cards import Card
from engine.piquet.settlement import PiquetSettlement
from engine.piquet.views import Announcement, Call, PrivateView, PublicView

# Translators: Piquet: an old French two-player card game; use its traditional terms in
# your language where it has them.
LOBBY_TITLE = N_("Piquet")
DEALS = 6

# Said aloud (3.6): the sequences' and sets' old names, the ranks as words.
SEQUENCE_NAMES = {
    # Translators: the traditional names of a sequence (cards of one suit in a row) of 3,
    # 4, 5, 6, 7 and 8 cards, as said aloud in Piquet.
    3: N_("tierce"), 4: N_("quart"), 5: N_("quint"), 6: N_("sixième"), 7: N_("septième"),
    8: N_("huitième"),
}
RANK_WORDS = {
    # Translators: the ranks in the plural, as a set of them is said ("three tens").
    "7": N_("sevens"), "8": N_("eights"), "9": N_("nines"), "T": N_("tens"), "J": N_("jacks"),
    "Q": N_("queens"), "K": N_("kings"), "A": N_("aces"),
}
TOP_WORDS = {
    # Translators: after "equal", a sequence is said by its top card: "to the king".
    "7": N_("to the seven"), "8": N_("to the eight"), "9": N_("to the nine"),
    "T": N_("to the ten"), "J": N_("to the jack"), "Q": N_("to the queen"),
    "K": N_("to the king"), "A": N_("to the ace"),
}
KIND_TITLES = {
    # Translators: the three kinds of declaration: the point (the most cards of one
    # suit), sequences (cards of one suit in a row), sets (three or four of a rank).
    "point": N_("Point"), "sequence": N_("Sequence"), "set": N_("Sets"),
}
# Translators: the parts of a deal, in the headline "Deal 2 of 6, the exchange: …".
PHASES = {"exchange": N_("the exchange"), "declare": N_("declarations"), "play": N_("the play")}
BONUSES = ("carte_blanche", "repique", "pique", "cards", "capot")  # named on the sheet
BONUS_WORDS = {
    # Translators: Piquet's bonuses. Carte blanche: a hand dealt with no king, queen or
    # jack; repique: 30 before play while the other has none; pique: 30 in a deal, in
    # play, while the other has none; the cards: winning most tricks; capot: winning all.
    "carte_blanche": N_("carte blanche"), "repique": N_("repique"), "pique": N_("pique"),
    "cards": N_("the cards"), "capot": N_("capot"),
}
# The dealer's replies to a declaration (3.6), as the engine records them.
REPLIES = {
    # Translators: the replies to a declaration: yours wins, yours loses, ours tie.
    "good": N_("good"), "not good": N_("not good"), "equal": N_("equal"),
}
# Per kind: the hand view's ask, the menu's placeholder, the sink option, the answer.
DECLARE_ASKS = {
    "point": N_("Declare your point: choose one of your combinations (best first), or sink "
                "it."),
    "sequence": N_("Declare your sequence: choose one of your combinations (best first), or "
                   "sink it."),
    "set": N_("Declare your set: choose one of your combinations (best first), or sink it."),
}

ENDED = {
    "won": N_("the higher total wins the margin"),  # PIQUET-5.2
    # Translators: rubiconed: a loser who ends the partie under 100 points (the Rubicon).
    "rubicon": N_("the loser is rubiconed (under 100): the totals are added"),
    "tie": N_("equal totals: a tie, no chips move"),  # 5.1, 6.1
}
# How a partie ended, in `/piquet history`.
HISTORY_ENDINGS = {
    # Translators: how a partie ended, in a list of past parties: won; rubicon (the loser
    # ended under 100); tie.
    "won": N_("won"), "rubicon": N_("rubicon"), "tie": N_("tie"),
}


def in_words(words: Mapping[str, str], key: str | None) -> str:
    """`key`'s words in the reader's language; an unknown key as it is."""
    return _(words[key]) if key in words else str(key)


def call_words(kind: str, call: Call) -> str:
    """3.6: a point by its cards, a sequence by its length, a set by rank and size."""
    if kind == "point":
        return _("point of {n}", n=call.size)
    if kind == "sequence":
        name = (_(SEQUENCE_NAMES[call.size]) if call.size in SEQUENCE_NAMES
                else _("sequence of {n}", n=call.size))
        return f"{name} ({call.size})"
    rank = in_words(RANK_WORDS, call.rank or "?")
    if call.size == 3:
        # Translators: a set of three said aloud: "three kings".
        return _("three {ranks}", ranks=rank)
    # Translators: a set of four (a quatorze, worth 14) said aloud: "quatorze: four kings".
    return _("quatorze: four {ranks}", ranks=rank)


def second_words(kind: str, said: int | str) -> str:
    """3.6: after "equal", the point's value or the sequence's top card."""
    if kind == "point":
        # Translators: after "equal", a point is said by the value of its cards.
        return _("making {value}", value=str(said))
    if str(said) in TOP_WORDS:
        return _(TOP_WORDS[str(said)])
    return _("to the {rank}", rank=str(said))


def announcement_line(a: Announcement, elder: str, dealer: str) -> str:
    """One kind's declarations as the table heard them (3.6): who said what, each as
    `name: words`, then who scores."""
    e, d = seat_name(elder), seat_name(dealer)
    if a.elder is None:
        # Translators: a player's declaration: they have no combination of this kind.
        said = f"{e}: {pgettext('piquet declaration', 'none')}"
        if a.dealer is not None:
            said += f"; {d}: {call_words(a.kind, a.dealer)}"
    else:
        said = f"{e}: {call_words(a.kind, a.elder)} — {d}: {in_words(REPLIES, a.reply)}"
        if a.reply == "not good" and a.dealer is not None:
            said += f" ({call_words(a.kind, a.dealer)})"
        if a.reply == "equal" and a.elder_second is not None:
            said += (f"; {e}: {second_words(a.kind, a.elder_second)} — "
                     f"{d}: {in_words(REPLIES, a.second_reply)}")
            if a.second_reply == "not good" and a.dealer_second is not None:
                said += f" ({second_words(a.kind, a.dealer_second)})"
    title = _(KIND_TITLES[a.kind])
    if a.winner is None:
        nobody = _("Nobody scores.")
        return f"**{title}** — {said}. {nobody}"
    if a.others:
        others = ", ".join(call_words(a.kind, other) for other in a.others)
        scored = ngettext("{player} scores {n}, with {calls}.",
                          "{player} scores {n}, with {calls}.", a.scored,
                          player=seat_name(a.winner), calls=others)
    else:
        scored = ngettext("{player} scores {n}.", "{player} scores {n}.", a.scored,
                          player=seat_name(a.winner))
    return f"**{title}** — {said}. {scored}"


def _calling_line(public: PublicView) -> str | None:
    """The kind being declared now: the non-dealer's call, before the reply."""
    if public.kind is None:
        return None
    title = _(KIND_TITLES[public.kind])
    if public.elder_call is None:
        declare = _("{player} to declare.", player=seat_name(public.elder))
        return f"**{title}** — {declare}"
    said = (pgettext("piquet declaration", "none") if public.elder_call == "none"
            else call_words(public.kind, public.elder_call))  # type: ignore[arg-type]
    reply = _("{player} to reply.", player=seat_name(public.dealer))
    return f"**{title}** — {seat_name(public.elder)}: {said} — {reply}"


def _seat_lines(public: PublicView, away: set[str]) -> list[str]:
    lines = []
    for seat in public.seats:
        # Translators: the elder hand: the non-dealer, who exchanges, declares and leads
        # first.
        marks = [_("dealer") if seat.id == public.dealer else _("elder")]
        if seat.id in away:
            marks.append(_("away"))
        turn = "▶ " if seat.id in public.to_act else ""
        facts = [ngettext("{player} — {n} chip", "{player} — {n} chips", seat.stack,
                          player=seat_name(seat.id)),
                 _partie_words(seat.total)]
        if public.phase != "over":
            facts.append(_deal_words(seat.deal_score))
        facts.append(count(seat.cards, "card"))
        if seat.took is not None:
            facts.append(_took_words(seat.took))
        if public.phase in ("play",):
            facts.append(count(seat.tricks, "trick"))
        lines.append(turn + " · ".join([*facts, ", ".join(marks)]))
    return lines


def _partie_words(total: int) -> str:
    # Translators: a player's running total of points in this partie (match of six deals).
    return _("partie {points}", points=total)


def _deal_words(score: int) -> str:
    # Translators: a player's points in the deal being played.
    return _("this deal {points}", points=score)


def _took_words(took: int) -> str:
    # Translators: how many cards a player took from the talon in the exchange.
    return ngettext("took {n}", "took {n}", took)


def _bonus_words(detail: Mapping[str, int], skip: Collection[str] = ()) -> list[str]:
    return [f"{_(BONUS_WORDS[part])} {detail[part]}" for part in BONUSES
            if detail.get(part) and part not in skip]


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
        # Translators: a line of the score sheet: the deal's number, its dealer, each
        # player's score in it, then the running totals.
        lines.append(_("{deal}. dealer {player}: {scores} — totals {totals}", deal=str(number),
                       player=seat_name(deal["dealer"]), scores=" · ".join(parts),
                       totals=" – ".join(str(totals[s]) for s in seats)))
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
        # Translators: the table's headline; {phase} is the exchange, declarations or the
        # play; {when} is ", in 30 seconds" (a countdown) or nothing.
        headline = _("Deal {deal} of {deals}, {phase}: {player} to act{when}.",
                     deal=str(public.deal), deals=str(DEALS), phase=_(PHASES[public.phase]),
                     player=seat_name(public.to_act[0]), when=due(deadline))
    else:
        headline = _("The partie is over: {ending}.", ending=in_words(ENDED, public.ended))
    embed = discord.Embed(
        title=_("{game} — partie {number}", game=_(LOBBY_TITLE), number=str(hand_number)),
        description=_("Stake {stake}. {headline}", stake=public.stake, headline=headline),
        colour=GREEN if public.to_act else GOLD,
    )
    embed.add_field(name=_("Seats"), value=clip(_seat_lines(public, set(away))), inline=False)
    if public.phase != "over":
        embed.add_field(name=_("Deal {deal}", deal=str(public.deal)), inline=False,
                        value=fitted(lambda show: _deal_lines(public, detail, show)))
    said = [announcement_line(a, public.elder, public.dealer) for a in public.announcements]
    calling = _calling_line(public)
    if calling:
        said.append(calling)
    if said and public.phase != "over":
        embed.add_field(name=_("Declarations"), value=clip(said), inline=False)
    if public.phase == "play":
        on_table = _trick_words(public.trick) if public.trick else _("no card led yet")
        embed.add_field(name=_("Trick {number} of 12", number=str(len(public.tricks) + 1)),
                        value=on_table, inline=False)
        def done(show: Show) -> list[str]:
            return [f"{n}. {_trick_words(t.cards, show)} → {seat_name(t.winner)}"
                    for n, t in enumerate(public.tricks, 1)][-4:]

        if public.tricks:
            embed.add_field(name=_("Tricks"), value=fitted(done), inline=False)
    sheet = score_sheet(public.deals, seats)
    embed.add_field(name=_("Score sheet"),
                    value=clip(sheet) if sheet else _("no deal finished yet"), inline=False)
    return embed


def _deal_lines(public: PublicView, detail: Mapping[str, Mapping[str, int]],
                show: Show = faces_and_words) -> list[str]:
    lines = []
    for seat, shown in public.carte_blanche:  # 2.2
        # Translators: carte blanche: a hand dealt with no king, queen or jack, worth 10.
        lines.append(_("{player} has carte blanche, 10: {cards}", player=seat_name(seat),
                       cards=show(shown)) if shown else
                     _("{player} has carte blanche, 10 (shown after the exchange)",
                       player=seat_name(seat)))
    # Translators: how many cards a player took from the talon in the exchange.
    took = [ngettext("{player} took {n}", "{player} took {n}", s.took, player=seat_name(s.id))
            for s in public.seats if s.took is not None]
    # Translators: the talon: the cards left after the deal, face down, taken in the
    # exchange.
    talon = (_("talon {cards}, shown: {shown}", cards=count(public.talon, "card"),
               shown=show(public.talon_shown)) if public.talon_shown  # 2.4
             else _("talon {cards}", cards=count(public.talon, "card")))
    lines.append(" · ".join([*took, talon]))
    for seat, parts in detail.items():
        bonus = _bonus_words(parts, skip=("carte_blanche",))  # said above, with the hand
        if bonus:
            lines.append(f"{seat_name(seat)}: {', '.join(bonus)}!")
    return lines


def outcome_words(ended: str, winners: Sequence[str], scores: Mapping[str, int],
                  margin: int | None, paid: int) -> str:
    """5.1, 5.2, 6.1: who won, by what margin, the Rubicon, the chips paid."""
    if ended == "tie" or not winners:
        return _("A tie on equal totals: no chips move.")
    winner = winners[0]
    loser = next(seat for seat in scores if seat != winner)
    said = dict(winner=seat_name(winner), loser=seat_name(loser), won=scores[winner],
                lost=scores[loser], margin=str(margin), chips=count(paid, "chip"))
    if ended == "rubicon":
        return _("{winner} wins, {won} to {lost}: margin {margin} — {loser} is rubiconed "
                 "(under 100), so the totals are added. {loser} pays {chips}.", **said)
    return _("{winner} wins, {won} to {lost}: margin {margin}. {loser} pays {chips}.", **said)


def result_lines(settlement: PiquetSettlement) -> ResultLines:
    sheet = score_sheet(settlement.deals, list(settlement.scores))
    return ResultLines(outcome_words(settlement.ended, settlement.winners, settlement.scores,
                                     settlement.margin, settlement.paid),
                       fields=(Field(_("Score sheet"), clip(sheet)),))


def history_ending(result: dict) -> str:
    """How the partie ended, and the totals (PIQUET-7.3)."""
    totals = " – ".join(str(v) for v in result.get("scores", {}).values())
    return f"{in_words(HISTORY_ENDINGS, result.get('ended', '?'))} {totals}"


def history_words(result: dict) -> str:
    if result.get("ended") == "tie":
        return _("no chips")
    winners = result.get("winners") or ["?"]
    return _("{player} by {margin}, paid {chips}", player=f"<@{winners[0]}>",
             margin=str(result.get("margin")), chips=result.get("paid", 0))


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
        # Translators: Exchange is the name of a button of the hand view.
        states = [ngettext("Your exchange: press 1 to {n} of your cards to discard (a green "
                           "card is picked; press it again to put it back), then press "
                           "Exchange.",
                           "Your exchange: press 1 to {n} of your cards to discard (a green "
                           "card is picked; press it again to put it back), then press "
                           "Exchange.", view.exchange_limit)]
        if not first:
            # Translators: "Exchange and show the rest" is the name of a button.
            states.append(_("Exchange and show the rest shows both of you the cards left in "
                            "the talon."))
        state = " ".join(states)
    elif view.choices:
        state = in_words(DECLARE_ASKS, public.kind)
    elif view.playable:
        state = (_("Your turn: press a card to play it (follow suit: the cards you may play "
                   "are the ones enabled).") if public.trick
                 else _("Your turn: press a card to play it."))
    else:
        state = waiting_line(public.to_act[0] if public.to_act else None,
                             _("The partie is over."))
    said = f"> {note}\n" if note else ""
    embed = discord.Embed(
        title=_("Your hand — deal {deal} of {deals}", deal=str(public.deal), deals=str(DEALS)),
        description=f"{said}{_by_suit(view.hand)}\n{state}",
        colour=GREEN if view.legal else GREY,
    )
    if view.discards:
        embed.add_field(name=_("Your discards"), value=faces_and_words(view.discards),
                        inline=True)
    if view.rest_seen:
        # Translators: the cards of the talon's top five the dealer left, which the elder
        # hand sees after the exchange.
        embed.add_field(name=_("The rest of the top five (only you see them)"),
                        value=faces_and_words(view.rest_seen), inline=True)
    mine = next(s for s in public.seats if s.id == view.seat)
    embed.add_field(name=_("Your score"), inline=False,
                    value=f"{_deal_words(mine.deal_score)} · {_partie_words(mine.total)}")
    if public.trick:
        embed.add_field(name=_("On the table"), value=_trick_words(public.trick),
                        inline=False)
    return embed
