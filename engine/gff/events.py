"""The hand's events: shared by the rummy games, kept here for the old import path."""

from engine.events import Event, describe

__all__ = ["Event", "describe"]
