"""Jack Change It as a game of the hall (engine/game.py)."""

from __future__ import annotations

import random

from engine import cards as C
from engine.base import BaseGame
from engine.jackchangeit.actions import Action, Draw, Play, parse_action
from engine.jackchangeit.deal import JackChangeItDeal
from engine.jackchangeit.info import JACK, JACKCHANGEIT_INFO
from engine.jackchangeit.strategy import STRATEGIES


class JackChangeItGame(BaseGame):
    """JCI-8.1's record with `reshuffles`; a seat below S is out (2.1) and the pot never
    carries, as BaseGame has them. The deal passes left (G2.1)."""

    info = JACKCHANGEIT_INFO
    strategies = STRATEGIES
    deal_type = JackChangeItDeal
    parse_action = staticmethod(parse_action)

    def simulation_action(self, deal: JackChangeItDeal, rng: random.Random) -> Action:
        seat = deal.order[deal.turn]
        plays = deal.legal_plays(seat)
        if deal.pending and rng.random() < 1 / (len(plays) + 1):
            return Draw(seat)
        card, two = rng.choice(plays)
        suit = rng.choice([s for s in range(4) if s != C.suit(card)]) if C.rank(card) == JACK \
            else None
        return Play(seat, card, suit, two)


JACKCHANGEIT = JackChangeItGame()
