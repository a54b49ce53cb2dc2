"""Jack Change It (docs/rules/jackchangeit.md): match suit or rank and shed your hand, with
trick cards that make the next player draw, miss a turn, change the suit or turn back."""

from engine.jackchangeit.deal import JackChangeItDeal
from engine.jackchangeit.settlement import JackChangeItSettlement

__all__ = ["JackChangeItDeal", "JackChangeItSettlement"]
