"""The faces drawn for emojis: a card that reads at 20 to 48 pixels.

At that size pips and corners are lost, so a face is what a player looks for at a
glance: the rank, big, over one big suit mark, red or black, on a card-shaped face.
Drawn with the pictures' own art (cogs/table/pictures/faces.py: the suit shapes and
Pillow's bundled font), at four times the size and scaled down, so every machine draws
the same bytes for the same Pillow (pinned). 128 pixels square, as Discord keeps them.
"""

from __future__ import annotations

import io
from functools import cache
from math import cos, pi, sin

from PIL import Image, ImageDraw

from cogs.table.emojis.names import BACK, MARKS, SUIT_MARKS
from cogs.table.pictures.faces import BACK_BLUE, BLACK, EDGE, PAPER, RED, draw_suit, font
from engine import cards as C

SIZE = 128
SCALE = 4
# The card inside the square: narrower than tall, as a card is, and as tall as it can be.
CARD_WIDTH, CARD_HEIGHT = 100, 126
LIMIT_BYTES = 256 * 1024  # Discord's largest emoji


def _canvas() -> tuple[Image.Image, ImageDraw.ImageDraw, tuple[float, float, float, float]]:
    side = SIZE * SCALE
    image = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    left = (SIZE - CARD_WIDTH) / 2 * SCALE
    top = (SIZE - CARD_HEIGHT) / 2 * SCALE
    box = (left, top, left + CARD_WIDTH * SCALE - 1, top + CARD_HEIGHT * SCALE - 1)
    return image, draw, box


def _card_shape(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
                fill: tuple[int, int, int]) -> None:
    draw.rounded_rectangle(box, radius=12 * SCALE, fill=fill, outline=EDGE, width=3 * SCALE)


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    # No timestamps or text chunks: the same face is the same bytes, so the same hash.
    image.resize((SIZE, SIZE), Image.LANCZOS).save(out, format="PNG", optimize=True)
    return out.getvalue()


def _face(card: int) -> Image.Image:
    image, draw, (left, top, right, bottom) = _canvas()
    _card_shape(draw, (left, top, right, bottom), PAPER)
    rank, suit = C.rank(card), C.suit(card)
    colour = RED if suit in (C.HEARTS, C.DIAMONDS) else BLACK
    name = C.RANK_NAMES[rank]
    middle = (left + right) / 2
    # The index fills the top half; "10" is two figures, drawn a little narrower.
    size = (62 if len(name) == 1 else 54) * SCALE
    # Stroked in its own colour: Pillow's bundled font is light, and a bold index is what
    # still reads on a 20-pixel button.
    draw.text((middle, top + 34 * SCALE), name, font=font(size), fill=colour, anchor="mm",
              stroke_width=2 * SCALE, stroke_fill=colour)
    draw_suit(draw, suit, middle, top + 92 * SCALE, 50 * SCALE, colour)
    return image


def _joker() -> Image.Image:
    image, draw, (left, top, right, bottom) = _canvas()
    _card_shape(draw, (left, top, right, bottom), PAPER)
    middle = (left + right) / 2
    cy = top + 40 * SCALE
    points = []
    for i in range(10):  # a five-pointed star
        r = (30 if i % 2 == 0 else 12) * SCALE
        angle = -pi / 2 + i * pi / 5
        points.append((middle + r * cos(angle), cy + r * sin(angle)))
    draw.polygon(points, fill=RED)
    draw.text((middle, top + 96 * SCALE), "JK", font=font(40 * SCALE), fill=BLACK, anchor="mm",
              stroke_width=2 * SCALE, stroke_fill=BLACK)
    return image


def _back() -> Image.Image:
    image, draw, (left, top, right, bottom) = _canvas()
    _card_shape(draw, (left, top, right, bottom), PAPER)
    inset = 9 * SCALE
    inner = (left + inset, top + inset, right - inset, bottom - inset)
    draw.rounded_rectangle(inner, radius=7 * SCALE, fill=BACK_BLUE)
    # Bold diagonals: a lattice fine enough for a picture is grey mush at 20 pixels.
    step = 22 * SCALE
    light = (90, 125, 200)
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(inner, radius=7 * SCALE, fill=255)
    lines = Image.new("RGBA", image.size, (0, 0, 0, 0))
    ld = ImageDraw.Draw(lines)
    span = image.size[0]
    for offset in range(-span, 2 * span, step):
        ld.line([(offset, 0), (offset + span, span)], fill=light, width=4 * SCALE)
        ld.line([(offset + span, 0), (offset, span)], fill=light, width=4 * SCALE)
    image.paste(lines, (0, 0), Image.composite(lines, Image.new("RGBA", image.size),
                                               mask).getchannel("A"))
    return image


def _suit_mark(suit: int) -> Image.Image:
    side = SIZE * SCALE
    image = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    colour = RED if suit in (C.HEARTS, C.DIAMONDS) else BLACK
    # A white disc behind the mark: a black spade stays visible on Discord's dark theme.
    draw = ImageDraw.Draw(image)
    draw.ellipse([4 * SCALE, 4 * SCALE, side - 4 * SCALE, side - 4 * SCALE], fill=PAPER,
                 outline=EDGE, width=3 * SCALE)
    draw_suit(draw, suit, side / 2, side / 2 + 2 * SCALE, 84 * SCALE, colour)
    return image


def draw(mark: str) -> Image.Image:
    """The face of one mark (names.MARKS), at full size before scaling."""
    if mark == BACK:
        return _back()
    if mark in SUIT_MARKS:
        return _suit_mark(C.SUITS.index(mark[-1]))
    if mark == C.JOKER_CODE:
        return _joker()
    return _face(C.parse(mark))


@cache
def png(mark: str) -> bytes:
    """The uploaded bytes of one mark's face: made once a process."""
    return _png(draw(mark))


def all_faces() -> dict[str, bytes]:
    """Every mark's PNG, in MARKS order."""
    return {mark: png(mark) for mark in MARKS}
