"""Tonk as a game of the hall (engine/game.py)."""

from __future__ import annotations

from engine.actions import parse_action
from engine.base import BaseGame
from engine.rummy.simulation import random_action
from engine.tonk.hand import TonkHand
from engine.tonk.info import TONK_INFO
from engine.tonk.strategy import STRATEGIES


class TonkGame(BaseGame):
    """TONK-6: GFF's record without `carry`; the deal passes left as in GFF (TONK-2.1), a
    seat below 2S is out (TONK-2.3) and no pot carries (TONK-2.2), as BaseGame has them."""

    info = TONK_INFO
    strategies = STRATEGIES
    deal_type = TonkHand
    parse_action = staticmethod(parse_action)
    simulation_action = staticmethod(random_action)


TONK = TonkGame()
