"""Card faces as the application's own emojis: drawn here (`art`), named so the name
says the card (`names`), uploaded at start where missing or changed (`sync`), and
shown in words, buttons and menus (`shown`). Discord's clients draw them, so a face
costs the bot nothing per click.
"""

from cogs.table.emojis.shown import (
    FACES,
    backs,
    face,
    face_and_word,
    face_emoji,
    faces_and_words,
    hand_heading,
    suit_mark,
)

__all__ = ["FACES", "backs", "face", "face_and_word", "face_emoji", "faces_and_words",
           "hand_heading", "suit_mark"]
