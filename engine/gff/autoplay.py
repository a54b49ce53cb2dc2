"""GFF's stand-in move is the rummy games' one (engine/rummy/autoplay.py)."""

from engine.rummy.autoplay import highest, stand_in_action

__all__ = ["highest", "stand_in_action"]
