"""Page One as a game of the hall (engine/game.py)."""

from __future__ import annotations

import random

from engine.base import BaseGame
from engine.pageone.actions import Play, parse_action
from engine.pageone.deal import PageOneDeal
from engine.pageone.info import PAGEONE_INFO
from engine.pageone.strategy import STRATEGIES


class PageOneGame(BaseGame):
    """PAGEONE-8.1's record with `reshuffles`; a seat below S is out (2.1) and the pot
    never carries, as BaseGame has them. The deal passes left (G2.1)."""

    info = PAGEONE_INFO
    strategies = STRATEGIES
    deal_type = PageOneDeal
    parse_action = staticmethod(parse_action)

    def simulation_action(self, deal: PageOneDeal, rng: random.Random) -> Play:
        seat = deal.order[deal.turn]
        return Play(seat, rng.choice(deal.legal_cards(seat)), len(deal.hands[seat]) == 2)


PAGEONE = PageOneGame()
