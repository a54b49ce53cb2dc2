"""Pictures of cards: the table's public cards and a player's own hand, as PNG.

A game's cog describes what to draw (`layout`: rows of face-up cards, backs and empty
places, with captions and labels); `render` draws it from faces made once (`faces`);
`service` renders off the event loop and keeps each picture by its content.
"""

from cogs.table.pictures.layout import Group, Picture, Slot, back, empty, face, hand_row

__all__ = ["Group", "Picture", "Slot", "back", "empty", "face", "hand_row"]
