"""Page One's embeds: the table and a player's own hand. The shedding games' embeds
(cogs/shedding/render.py) draw what Page One shares with Jack Change It, the result's
lines too; this module gives what is Page One's own: the trick, and the call.

Rendering only: every rule is the engine's. Public embeds are built from the public view,
which holds only what PAGEONE-6 makes public (the cards played, the discard pile, the
counts, the calls and penalties); the hand embed shows a hand and the cards drawn for it,
and is used for ephemeral replies only.
"""

from __future__ import annotations

from bot.i18n import N_, _
from cogs.shedding.render import SheddingEmbeds, suit_words
from cogs.table.emojis import face_and_word, faces_and_words
from cogs.table.names import seat_name
from engine.cards import Card
from engine.pageone.views import PrivateView, PublicView

# Translators: the game's name. "Page one!" is also the call a player makes when playing
# down to one card (like "Uno!").
LOBBY_TITLE = N_("Page One")

ENDED = {
    "out": N_("a player went out"),  # PAGEONE-5.1
    "drawn": N_("a card had to be drawn with no stock and no tricks left: a drawn game"),  # 5.2
}


def trick_line(public: PublicView) -> str:
    if not public.trick:
        return _("no card yet: the next player leads")
    played = ", ".join(f"{seat_name(s)} {face_and_word(c)}" for s, c in public.trick)
    follow = (_("follow {suit}", suit=suit_words(public.suit)) if public.suit is not None
              else _("the next card sets the suit"))
    return f"{played} · {follow}"


class PageOneEmbeds(SheddingEmbeds):
    title = LOBBY_TITLE
    ended = ENDED
    # Translators: the cards played to the current round (a trick).
    in_play = N_("Trick")
    # Translators: the field of the players' "Page One!" calls and the cards drawn.
    log = N_("Calls and draws")

    def in_play_line(self, public: PublicView) -> str:
        return trick_line(public)

    def pile(self, public: PublicView) -> tuple[Card, ...]:
        return public.discard

    def to_do(self, public: PublicView) -> str:
        if not public.trick:
            # Translators: the table's headline; to lead is to play the first card of a
            # trick. {when} is ", in 30 seconds" (a countdown) or nothing.
            return N_("{player} to lead{when}.")
        return super().to_do(public)

    def your_turn(self, view: PrivateView) -> str:
        said = [_("Your turn to lead.") if not view.public.trick else _("Your turn.")]
        if len(view.legal_cards) == 1 and view.public.trick:
            said.append(_("Your only play: {card}.", card=face_and_word(view.legal_cards[0])))
        if view.call_due:  # PAGEONE-4.7
            said.append(_("You hold two cards: call **Page One!** with your play, or draw "
                          "five."))
        return " ".join(said)

    def drawn_line(self, view: PrivateView) -> str:
        """PAGEONE-4.4, 4.7: the cards drawn for the player since their last play."""
        if not view.drawn:
            return ""
        return "\n" + _("The bot drew for you: {cards}.", cards=faces_and_words(view.drawn))

