"""Card faces and the card back, drawn by this project's own code (no image files).

Each face is drawn once at twice its size and scaled down (smooth edges), then kept for
the life of the process; the renderer only pastes them. Suits are drawn as shapes, so
no font needs suit symbols: Pillow's own font (`ImageFont.load_default`) draws the
ranks, the same on every machine.
"""

from __future__ import annotations

import threading
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from engine import cards as C
from engine.cards import Card

WIDTH, HEIGHT = 64, 90
SCALE = 2  # drawn at twice the size, then scaled down
RED = (200, 30, 40)
BLACK = (25, 25, 30)
PAPER = (252, 252, 248)
EDGE = (150, 150, 150)
BACK_BLUE = (40, 70, 150)
MARK = (255, 200, 40)

# Pip places on a number card, as fractions of the pip area (x, y): the usual layouts.
_COLUMN = {1: (0.5,), 2: (0.0, 1.0), 3: (0.0, 0.5, 1.0), 4: (0.0, 1 / 3, 2 / 3, 1.0)}
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: tuple((0.5, y) for y in _COLUMN[2]),
    3: tuple((0.5, y) for y in _COLUMN[3]),
    4: tuple((x, y) for x in (0.0, 1.0) for y in _COLUMN[2]),
    5: tuple((x, y) for x in (0.0, 1.0) for y in _COLUMN[2]) + ((0.5, 0.5),),
    6: tuple((x, y) for x in (0.0, 1.0) for y in _COLUMN[3]),
    7: tuple((x, y) for x in (0.0, 1.0) for y in _COLUMN[3]) + ((0.5, 0.25),),
    8: tuple((x, y) for x in (0.0, 1.0) for y in _COLUMN[3]) + ((0.5, 0.25), (0.5, 0.75)),
    9: tuple((x, y) for x in (0.0, 1.0) for y in _COLUMN[4]) + ((0.5, 0.5),),
    10: tuple((x, y) for x in (0.0, 1.0) for y in _COLUMN[4]) + ((0.5, 1 / 6), (0.5, 5 / 6)),
}

_lock = threading.RLock()  # faces are made on the render thread; tests make them too


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def suit_colour(suit: int) -> tuple[int, int, int]:
    return RED if suit in (C.HEARTS, C.DIAMONDS) else BLACK


def draw_suit(draw: ImageDraw.ImageDraw, suit: int, cx: float, cy: float, size: float,
              colour: tuple[int, int, int] | None = None) -> None:
    """One suit mark of height `size` centred on (cx, cy)."""
    fill = colour or suit_colour(suit)
    s = size
    if suit == C.DIAMONDS:
        draw.polygon([(cx, cy - s / 2), (cx + s * 0.38, cy), (cx, cy + s / 2),
                      (cx - s * 0.38, cy)], fill=fill)
    elif suit == C.HEARTS:
        r = s * 0.27
        for dx in (-r, r):
            draw.ellipse([cx + dx - r, cy - s / 2 + 0.02 * s, cx + dx + r,
                          cy - s / 2 + 2 * r + 0.02 * s], fill=fill)
        top = cy - s / 2 + r * 1.25
        draw.polygon([(cx - 2 * r + s * 0.005, top), (cx + 2 * r - s * 0.005, top),
                      (cx, cy + s / 2)], fill=fill)
    elif suit == C.SPADES:
        r = s * 0.25
        bottom = cy + s * 0.22
        for dx in (-r, r):
            draw.ellipse([cx + dx - r, bottom - 2 * r, cx + dx + r, bottom], fill=fill)
        draw.polygon([(cx - 2 * r, bottom - r * 1.2), (cx + 2 * r, bottom - r * 1.2),
                      (cx, cy - s / 2)], fill=fill)
        draw.polygon([(cx, cy), (cx - s * 0.2, cy + s / 2), (cx + s * 0.2, cy + s / 2)],
                     fill=fill)
    else:  # clubs
        r = s * 0.21
        for ox, oy in ((0.0, -0.27), (-0.24, 0.05), (0.24, 0.05)):
            x, y = cx + ox * s, cy + oy * s
            draw.ellipse([x - r, y - r, x + r, y + r], fill=fill)
        draw.polygon([(cx, cy - s * 0.05), (cx - s * 0.2, cy + s / 2),
                      (cx + s * 0.2, cy + s / 2)], fill=fill)


def _blank(fill: tuple[int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    w, h = WIDTH * SCALE, HEIGHT * SCALE
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle([0, 0, w - 1, h - 1], radius=7 * SCALE, fill=fill,
                           outline=EDGE, width=SCALE)
    return image, draw


def _finish(image: Image.Image) -> Image.Image:
    return image.resize((WIDTH, HEIGHT), Image.LANCZOS)


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
          fill: tuple[int, int, int], anchor: str = "mm") -> None:
    draw.text(xy, text, font=font(size), fill=fill, anchor=anchor)


def _corner(draw: ImageDraw.ImageDraw, rank: str, suit: int) -> None:
    """The rank and a small suit mark at the top left; the card's other corner is the
    same turned round (added by the caller)."""
    colour = suit_colour(suit)
    _text(draw, (13 * SCALE, 12 * SCALE), rank, 13 * SCALE, colour)
    draw_suit(draw, suit, 13 * SCALE, 27 * SCALE, 10 * SCALE)


def _both_corners(image: Image.Image, rank: str, suit: int) -> Image.Image:
    mark = Image.new("RGBA", image.size, (0, 0, 0, 0))
    _corner(ImageDraw.Draw(mark), rank, suit)
    image.alpha_composite(mark)
    image.alpha_composite(mark.rotate(180))
    return image


def _card(card: Card) -> Image.Image:
    if card == C.JOKER:
        return _joker()
    rank, suit = C.rank(card), C.suit(card)
    image, draw = _blank(PAPER)
    w, h = image.size
    if rank == 0:  # the ace: one large pip
        draw_suit(draw, suit, w / 2, h / 2, 34 * SCALE)
    elif rank >= 10:  # a court card: its letter large, framed, with a pip
        draw.rectangle([21 * SCALE, 17 * SCALE, w - 21 * SCALE, h - 17 * SCALE],
                       outline=suit_colour(suit), width=SCALE)
        _text(draw, (w / 2, h / 2 - 8 * SCALE), "JQK"[rank - 10], 26 * SCALE,
              suit_colour(suit))
        draw_suit(draw, suit, w / 2, h / 2 + 16 * SCALE, 13 * SCALE)
    else:
        left, right, top, bottom = 24 * SCALE, w - 24 * SCALE, 17 * SCALE, h - 17 * SCALE
        for x, y in PIPS[rank + 1]:
            draw_suit(draw, suit, left + x * (right - left), top + y * (bottom - top),
                      11 * SCALE)
    return _finish(_both_corners(image, C.RANK_NAMES[rank], suit))


def _joker() -> Image.Image:
    image, draw = _blank(PAPER)
    w, h = image.size
    for i, letter in enumerate("JOKER"):
        _text(draw, (w / 2, (17 + i * 14) * SCALE), letter, 15 * SCALE, RED)
    star = [(w / 2 + dx * SCALE, 10 * SCALE + dy * SCALE) for dx, dy in
            ((0, -5), (1.5, -1.5), (5, -1.5), (2, 1), (3, 5), (0, 2.5), (-3, 5), (-2, 1),
             (-5, -1.5), (-1.5, -1.5))]
    draw.polygon(star, fill=BLACK)
    return _finish(image)


def _back() -> Image.Image:
    image, draw = _blank(PAPER)
    w, h = image.size
    inset = 4 * SCALE
    draw.rounded_rectangle([inset, inset, w - inset, h - inset], radius=5 * SCALE,
                           fill=BACK_BLUE)
    step = 8 * SCALE
    for offset in range(-h, w + h, step):  # a lattice of thin diagonal lines
        draw.line([(offset, inset), (offset + h, h + inset)], fill=(70, 100, 180), width=SCALE)
        draw.line([(offset + h, inset), (offset, h + inset)], fill=(70, 100, 180), width=SCALE)
    # The lattice overran the border: draw the paper edge again.
    draw.rounded_rectangle([0, 0, w - 1, h - 1], radius=7 * SCALE, outline=PAPER,
                           width=inset)
    draw.rounded_rectangle([0, 0, w - 1, h - 1], radius=7 * SCALE, outline=EDGE, width=SCALE)
    return _finish(image)


def _empty() -> Image.Image:
    image = Image.new("RGBA", (WIDTH, HEIGHT), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle([1, 1, WIDTH - 2, HEIGHT - 2], radius=7,
                                            outline=(255, 255, 255, 90), width=2)
    return image


def _dimmed(image: Image.Image) -> Image.Image:
    shade = Image.new("RGBA", image.size, (40, 40, 40, 130))
    out = image.copy()
    out.alpha_composite(Image.composite(shade, Image.new("RGBA", image.size), image))
    return out


_faces: dict[tuple[str, Card | None, bool], Image.Image] = {}


def image_of(kind: str, card: Card | None = None, *, dim: bool = False) -> Image.Image:
    """The face (or back, or empty place) to paste: made on first use, then kept."""
    key = (kind, card, dim)
    found = _faces.get(key)
    if found is not None:
        return found
    with _lock:
        if key not in _faces:
            if dim:
                made = _dimmed(image_of(kind, card))
            elif kind == "face":
                made = _card(card)
            elif kind == "back":
                made = _back()
            else:
                made = _empty()
            _faces[key] = made
        return _faces[key]


def load_all() -> None:
    """Every face, back and place made now (at start-up, on the render thread)."""
    for card in (*C.DECK, C.JOKER):
        image_of("face", card)
    image_of("back")
    image_of("empty")
