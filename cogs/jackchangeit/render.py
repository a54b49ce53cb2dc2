"""Jack Change It's embeds: the table and a player's own hand. The shedding games'
embeds (cogs/shedding/render.py) draw what Jack Change It shares with Page One, the
result's lines too; this module gives what is Jack Change It's own: the upcard, the
called suit, the direction and a pending draw.

Rendering only: every rule is the engine's. Public embeds are built from the public view,
which holds only what JCI-6 makes public (the pile, the called suit, the direction, a
pending draw, the counts); the hand embed shows a hand and is used for ephemeral replies
only.
"""

from __future__ import annotations

from bot.i18n import N_, _, ngettext
from cogs.shedding.render import SheddingEmbeds, suit_words
from cogs.table.emojis import face_and_word
from engine.cards import Card
from engine.jackchangeit.views import PrivateView, PublicView

# Translators: the game's name (a British shedding game where a jack changes the suit).
LOBBY_TITLE = N_("Jack Change It")

ENDED = {
    "out": N_("a player went out"),  # JCI-5.1
    # Translators: the upcard: the face-up card on the discard pile that the next card
    # must match.
    "drawn": N_("a card had to be drawn with only the upcard left: a drawn game"),  # 5.2
}


def upcard_line(public: PublicView) -> str:
    """The upcard, the suit a jack called (4.5), a pending draw (4.7), the direction (4.1)."""
    parts = [f"**{face_and_word(public.upcard)}**"]
    if public.called is not None:
        parts.append(_("suit called: {suit}", suit=suit_words(public.called)))
    if public.pending:
        parts.append(ngettext("next player draws {n}", "next player draws {n}", public.pending))
    parts.append(_("play goes clockwise ↻") if public.clockwise
                 else _("play goes anticlockwise ↺"))
    return " · ".join(parts)


class JackChangeItEmbeds(SheddingEmbeds):
    title = LOBBY_TITLE
    ended = ENDED
    # Translators: the face-up card on the discard pile that the next card must match.
    in_play = N_("Upcard")
    # Translators: the field listing the cards players drew.
    log = N_("Draws")

    def in_play_line(self, public: PublicView) -> str:
        return upcard_line(public)

    def pile(self, public: PublicView) -> tuple[Card, ...]:
        return public.pile

    def your_turn(self, view: PrivateView) -> str:
        if view.public.pending:  # JCI-4.7
            return ngettext("Your turn. You face a draw of {n}: counter it or take it.",
                            "Your turn. You face a draw of {n}: counter it or take it.",
                            view.public.pending)
        return _("Your turn.")

